"""The alexandria runs a team made, by ``x-request-id``: what makes a retry safe. The same id with
the same calls replays the first answer (its ``scrape_id``, no second charge); the same id with
other calls is refused. The service keeps a run seven days; this server keeps the last
:data:`KEPT` runs in memory, for the life of the process (the server README's deviations).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

__all__ = ["KEPT", "Runs", "fingerprint"]

KEPT = 10_000


def fingerprint(calls: list[dict[str, Any]]) -> str:
    """The calls of a run, canonical (keys sorted at every level), hashed."""
    return hashlib.sha256(json.dumps(calls, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Runs:
    """One owner of the runs' records: (team, request id) -> (fingerprint, answer)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._runs: OrderedDict[tuple[str, str], tuple[str, dict[str, Any]]] = OrderedDict()

    def find(self, team_id: str, request_id: str) -> tuple[str, dict[str, Any]] | None:
        with self._lock:
            return self._runs.get((team_id, request_id))

    def keep(self, team_id: str, request_id: str, calls: str, answer: dict[str, Any]) -> None:
        with self._lock:
            self._runs[(team_id, request_id)] = (calls, answer)
            while len(self._runs) > KEPT:
                self._runs.popitem(last=False)
