"""The auth cache: the callers each thread has authenticated, kept until teams or keys change, and
the watch that tells it they changed.

Every request reads its key, and any SQL on the event loop gives the GIL up, so each thread keeps
the keys it has read (:class:`KeyCache`; the service keeps a key's team and limits in Redis for ten
minutes). :class:`AuthWatch` moves its ``generation`` on once a change to ``teams`` or ``api_keys``
is committed: at once through the server's own writer connection (temporary triggers call back
into Python; a rolled-back change counts too, needlessly but never wrongly), and for a change made
by another process (the CLI, plain ``sqlite3``) at the next :meth:`AuthWatch.notice`, which reads
the ``auth_version`` count that permanent triggers keep (migration 8) and which the app calls every
:data:`AUTH_WATCH_SECONDS` (:func:`watch_auth_changes`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
import threading
from collections.abc import Callable

from webdata_server.domain import Caller

__all__ = ["AUTH_WATCH_SECONDS", "AuthWatch", "KeyCache", "watch_auth_changes"]

_log = logging.getLogger("webdata_server")

# How often the app looks for changes to teams and keys made by another process.
AUTH_WATCH_SECONDS = 0.05
# Keys a thread keeps at most (all are dropped when there are more: a server with that many keys in
# use reads them again, as it did before it kept any).
_KNOWN_KEYS = 10_000


class AuthWatch:
    """The generation of teams and keys: it moves on whenever they may have changed."""

    def __init__(self, read_count: Callable[[], int | None]) -> None:
        self.generation = 0
        self._touched = False
        self._seen: int | None = None
        self._lock = threading.Lock()
        self._read_count = read_count

    def install(self, writer: sqlite3.Connection) -> None:
        """Has the writer connection tell this watch of every change it makes to teams or keys
        (temporary triggers; the tables must exist)."""
        writer.create_function("webdata_auth_touched", 0, self._touch)
        for table, event in itertools.product(("teams", "api_keys"), ("INSERT", "UPDATE", "DELETE")):
            writer.execute(f"CREATE TEMP TRIGGER webdata_{table}_{event.lower()} AFTER {event} ON main.{table} BEGIN SELECT webdata_auth_touched(); END")

    def _touch(self) -> None:
        self._touched = True  # (the writer's thread, inside the transaction)

    def ended(self) -> None:
        """After a COMMIT or ROLLBACK of the writer (its lock still held): a change to teams or keys
        in it moves the generation on."""
        if self._touched:
            self._touched = False
            self._next()

    def _next(self) -> None:
        with self._lock:
            self.generation += 1

    def notice(self) -> None:
        """Moves the generation on if teams or keys changed since the last call, whoever changed
        them (another process included)."""
        seen = self._read_count()
        if seen != self._seen:
            if self._seen is not None:
                self._next()
            self._seen = seen


class _Known(threading.local):
    """The callers one thread has authenticated, and the generation they were read in."""

    def __init__(self) -> None:
        self.generation = -1
        self.callers: dict[str, Caller] = {}  # by the key's SHA-256


class KeyCache:
    """The callers each thread has authenticated, by their key's digest, for one generation."""

    def __init__(self, watch: AuthWatch) -> None:
        self._watch = watch
        self._known = _Known()

    def caller(self, digest: str, load: Callable[[str], Caller | None]) -> Caller | None:
        """The caller of ``digest``: kept, or ``load``-ed and kept (an unknown key is not kept)."""
        known = self._known
        generation = self._watch.generation
        if generation != known.generation:
            known.generation = generation
            known.callers.clear()
        caller = known.callers.get(digest)
        if caller is None:
            caller = load(digest)
            if caller is not None:
                if len(known.callers) >= _KNOWN_KEYS:
                    known.callers.clear()
                known.callers[digest] = caller
        return caller


async def watch_auth_changes(watch: AuthWatch) -> None:
    """Calls ``watch.notice()`` every :data:`AUTH_WATCH_SECONDS` until cancelled."""
    while True:
        try:
            watch.notice()
        except Exception:  # a locked or busy file must not end the watch
            _log.exception("could not read the auth_version count")
        await asyncio.sleep(AUTH_WATCH_SECONDS)
