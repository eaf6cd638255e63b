"""All state, in one SQLite database (WAL), split by what it holds over one connection:

- ``database``: the connection, its transactions and migrations;
- ``teams``: teams, plans and API keys (hashed);
- ``ledger``: the credit ledger and its running totals (balance per period, usage per month);
- ``jobs``: jobs and their states; ``job_pages``: the pages of batch scrapes and crawls;
- ``pages``: the scrape cache, change-tracking history and the scrape log;
- ``monitors``: monitors, their checks and pages, snapshots, email recipients and the outbox;
- ``browsers``: scrapes kept for interact, browser sessions and saved profiles.

A request's writes go through several parts as one unit: ``store.write(unit)``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from webdata_server.store.browsers import Browsers
from webdata_server.store.database import Committed, Database
from webdata_server.store.feedback import Feedback
from webdata_server.store.job_pages import JobPages
from webdata_server.store.jobs import Jobs
from webdata_server.store.ledger import Ledger, LedgerEntry
from webdata_server.store.monitors import Monitors
from webdata_server.store.pages import PageCache, ScrapeLog
from webdata_server.store.teams import Teams

__all__ = ["Committed", "LedgerEntry", "Store"]

T = TypeVar("T")


class Store:
    """The database file and its parts."""

    def __init__(self, path: Path, *, cache_copies: int = 5) -> None:
        if cache_copies < 1:
            raise ValueError("the cache keeps at least one copy of a page")
        self.db = Database(path)
        self.teams = Teams(self.db)
        self.ledger = Ledger(self.db)
        self.jobs = Jobs(self.db)
        self.job_pages = JobPages(self.db)
        self.pages = PageCache(self.db, copies=cache_copies)
        self.scrape_log = ScrapeLog(self.db)
        self.monitors = Monitors(self.db)
        self.browsers = Browsers(self.db)
        self.feedback = Feedback(self.db)

    @property
    def path(self) -> Path:
        return self.db.path

    def write(self, unit: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``unit``'s writes (through the parts, with the connection it is given) as one unit,
        group-committed with other requests'; its result once committed (see ``database``)."""
        return self.db.write(unit)

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Committed[T]:
        """:meth:`write` without waiting: a future of ``unit``'s result once committed."""
        return self.db.submit(unit)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction of its own (administration, tests); requests use :meth:`write`."""
        with self.db.transaction() as tx:
            yield tx

    def close(self) -> None:
        self.db.close()
