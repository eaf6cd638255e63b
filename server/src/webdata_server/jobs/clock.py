"""The one clock of every job schedule: when a job starts and ends, when a crawl's pages are due,
when extract and agent jobs finish. The server runs on :class:`SystemClock`; a test (or a server
started for tests) passes a :class:`ManualClock` and moves it, so a job that takes ``job_seconds``
finishes when the test says, without sleeping."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from webdata_server.domain import now_utc

__all__ = ["Clock", "ManualClock", "SystemClock"]


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant (aware, UTC)."""
        ...


class SystemClock:
    """The wall clock."""

    def now(self) -> datetime:
        return now_utc()


class ManualClock:
    """A clock that stands still until :meth:`advance` moves it (thread-safe).

    ``auto``: the test controls also move it when a job's status is read while the job is
    unfinished, to the next moment that job has something due (its next page, its end): code that
    polls sees the job progress read by read, and finishes in milliseconds of wall time."""

    def __init__(self, start: datetime | None = None, *, auto: bool = False) -> None:
        self.auto = auto
        self._now = start or now_utc()
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []

    def on_advance(self, listener: Callable[[], None]) -> None:
        """Calls ``listener`` (from the advancing thread) after each move: what waits on this
        clock (a webhook's retry backoff) looks again."""
        self._listeners.append(listener)

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> datetime:
        """Moves the clock ``seconds`` forward (never back); returns the new instant."""
        if seconds < 0:
            raise ValueError("a clock does not go back")
        with self._lock:
            self._now += timedelta(seconds=seconds)
            moment = self._now
        for listener in self._listeners:
            listener()
        return moment
