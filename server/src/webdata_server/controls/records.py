"""The journal and the inbox: every request the server received and every webhook event it would
send, within a count and a byte budget, and the deliveries under way (one owner: :class:`Records`)."""

from __future__ import annotations

import itertools
import json
import threading
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any, Generic, TypeVar

from webdata_server.controls.values import camel

__all__ = ["INBOX_BYTES", "INBOX_SIZE", "JOURNAL_BODY_BYTES", "JOURNAL_BYTES", "JOURNAL_PAGE", "JOURNAL_SIZE", "Event", "Kept", "Received", "Records"]

# Requests the journal keeps (the oldest are dropped first) and the bytes of a body it keeps.
JOURNAL_SIZE = 10_000
JOURNAL_BODY_BYTES = 1024 * 1024
# The bodies the journal keeps, in all: the oldest entries go first beyond it (a parsed JSON body
# takes several times its bytes in memory).
JOURNAL_BYTES = 16 * 1024 * 1024
INBOX_SIZE = 10_000
# The webhook events' bodies the inbox keeps, in all (a crawl's page events carry whole documents):
# the oldest events go first beyond it.
INBOX_BYTES = 64 * 1024 * 1024
# A journal read answers at most this many requests; ``next`` is the ``after`` of the next read.
JOURNAL_PAGE = 1000

# Headers whose values the journal never keeps.
SECRET_HEADERS = {"authorization", "cookie", "proxy-authorization", "x-api-key"}


T = TypeVar("T")


class Kept(Generic[T]):
    """The newest entries of a record (the journal, the inbox), within a count and a byte budget:
    the oldest leave first, and ``dropped`` counts them since the last :meth:`clear`. Not
    thread-safe: its owner holds its lock."""

    def __init__(self, entries: int, max_bytes: int) -> None:
        self.entries, self.max_bytes = entries, max_bytes
        self._items: deque[T] = deque()
        self._sizes: deque[int] = deque()
        self.bytes = 0
        self.dropped = 0

    def add(self, item: T, size: int) -> None:
        self._items.append(item)
        self._sizes.append(size)
        self.bytes += size
        while len(self._items) > self.entries or (self.bytes > self.max_bytes and len(self._items) > 1):
            self._items.popleft()
            self.bytes -= self._sizes.popleft()
            self.dropped += 1

    def clear(self) -> None:
        self._items.clear()
        self._sizes.clear()
        self.bytes = self.dropped = 0

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> T:
        return self._items[index]


@dataclass(frozen=True)
class Received:
    """One request the server received."""

    seq: int
    at: str  # the wall clock's instant (ISO 8601)
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]  # lower-cased names; secrets left out
    body: Any  # the JSON body parsed; a text body as text; None when empty, binary or multipart
    body_bytes: int
    operation: str | None  # the operationId, None for a path the contract has not
    team_id: str | None  # the key's team; None without a (valid) key
    status: int  # 0 when the connection was dropped
    fault: str | None  # the id of the fault that answered

    def describe(self) -> dict[str, Any]:
        return camel(asdict(self))


@dataclass(frozen=True)
class Event:
    """One webhook event the server would send."""

    seq: int
    at: str
    url: str
    headers: dict[str, str]
    body: dict[str, Any]
    team_id: str
    job_id: str
    delivered: bool  # whether a delivery was attempted (a receiver on this machine)

    @property
    def type(self) -> str:
        return str(self.body.get("type", ""))

    def describe(self) -> dict[str, Any]:
        return camel({**asdict(self), "type": self.type})


def _redacted(raw: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in raw:
        key = name.decode("latin-1").lower()
        if key in SECRET_HEADERS:
            continue
        headers[key] = value.decode("latin-1") if key not in headers else f"{headers[key]}, {value.decode('latin-1')}"
    return headers


def _body(raw: bytes, content_type: str) -> Any:
    if not raw or content_type.startswith("multipart/"):
        return None
    text = raw.decode("utf-8", errors="replace")
    if "json" in content_type or text[:1] in "{[":
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


class Records:
    """The journal and the inbox, and the webhook deliveries under way by job (which a settle waits
    for). Thread-safe: requests are recorded on the loop, read from tests' threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seq = itertools.count(1)
        self.journal: Kept[Received] = Kept(JOURNAL_SIZE, JOURNAL_BYTES)  # sized by the body bytes each keeps
        self.inbox: Kept[Event] = Kept(INBOX_SIZE, INBOX_BYTES)  # sized by each event body's characters
        self._pending: Counter[str] = Counter()  # webhook events queued or being delivered, by job

    def next_seq(self) -> int:
        return next(self._seq)

    def keep(self, entry: Received, kept: int) -> None:
        """Appends to the journal, the oldest entries leaving beyond :data:`JOURNAL_SIZE` entries or
        :data:`JOURNAL_BYTES` of bodies (``kept``: the bytes of its body kept)."""
        with self._lock:
            self.journal.add(entry, kept)

    def received(self, *, team_id: str | None = None, operation: str | None = None) -> list[Received]:
        with self._lock:
            return [r for r in self.journal if (team_id is None or r.team_id == team_id) and (operation is None or r.operation == operation)]

    def events(self, *, team_id: str | None = None) -> list[Event]:
        with self._lock:
            return [e for e in self.inbox if team_id is None or e.team_id == team_id]

    def capture(self, event: Event) -> None:
        """Keeps a webhook event; one to deliver counts as under way until :meth:`delivered`."""
        kept = len(json.dumps(event.body, default=str))
        with self._lock:
            self.inbox.add(event, kept)
            if event.delivered:
                self._pending[event.job_id] += 1

    def delivered(self, job_id: str) -> None:
        """A webhook event of ``job_id`` ended its delivery (sent, or dropped after its retries)."""
        with self._lock:
            self._pending[job_id] -= 1
            if self._pending[job_id] <= 0:
                del self._pending[job_id]

    def pending(self, job_id: str | None = None) -> int:
        """Deliveries under way (of ``job_id`` only, when given)."""
        with self._lock:
            return self._pending.total() if job_id is None else self._pending.get(job_id, 0)

    def clear_journal(self) -> None:
        with self._lock:
            self.journal.clear()

    def clear_inbox(self) -> None:
        with self._lock:
            self.inbox.clear()
