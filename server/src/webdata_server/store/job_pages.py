"""The pages of batch scrapes and crawls: each job's visiting plan, and what each page became."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from webdata_server.domain import iso, parse_iso
from webdata_server.store.database import Database

__all__ = ["JobPages", "PageRow", "PageState", "PlannedPage", "Run"]


class PageState(StrEnum):
    PLANNED = "planned"
    DONE = "done"
    FAILED = "failed"
    # Kept out by robots.txt: listed by the errors operation, never visited or counted.
    BLOCKED = "blocked"


@dataclass(frozen=True)
class PlannedPage:
    """A page a job will visit: ``parent`` is the sequence number of the page that linked to it
    (-1 for pages known at kickoff: the start URL, sitemap entries, a batch's URLs)."""

    url: str
    depth: int
    parent: int
    blocked: bool = False


@dataclass(frozen=True)
class PageRow:
    seq: int
    url: str
    depth: int
    parent: int
    state: PageState
    finished: int | None
    finished_at: datetime | None
    document: dict[str, Any] | None
    code: str | None
    error: str | None
    credits: int


@dataclass(frozen=True)
class Run:
    """When a job was kicked off and its pace: pages finish ``group_size`` at a time, one group
    every ``interval * group_size`` seconds."""

    job_id: str
    kicked_off_at: datetime
    interval: float
    group_size: int


def _row(row: sqlite3.Row) -> PageRow:
    return PageRow(
        seq=row["seq"],
        url=row["url"],
        depth=row["depth"],
        parent=row["parent"],
        state=PageState(row["state"]),
        finished=row["finished"],
        finished_at=parse_iso(row["finished_at"]) if row["finished_at"] else None,
        document=json.loads(row["document"]) if row["document"] else None,
        code=row["code"],
        error=row["error"],
        credits=row["credits"],
    )


class JobPages:
    """The ``job_runs`` and ``job_pages`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def kick_off(tx: sqlite3.Connection, *, job_id: str, moment: datetime, interval: float, group_size: int, pages: list[PlannedPage]) -> bool:
        """Plans the job's pages; False (and nothing written) when it was kicked off already, by
        another thread that got there first (the worker's pass and an append to the same batch)."""
        added = tx.execute(
            "INSERT OR IGNORE INTO job_runs (job_id, kicked_off_at, interval, group_size) VALUES (?, ?, ?, ?)", (job_id, iso(moment), interval, group_size)
        )
        if added.rowcount == 0:
            return False
        tx.executemany(
            "INSERT INTO job_pages (job_id, seq, url, depth, parent, state) VALUES (?, ?, ?, ?, ?, ?)",
            [(job_id, seq, p.url, p.depth, p.parent, PageState.BLOCKED if p.blocked else PageState.PLANNED) for seq, p in enumerate(pages)],
        )
        return True

    @staticmethod
    def append(tx: sqlite3.Connection, *, job_id: str, urls: list[str]) -> int:
        """Adds pages after the job's last one (a batch scrape appended to); how many it has now."""
        row = tx.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM job_pages WHERE job_id = ?", (job_id,)).fetchone()
        first = int(row[0])
        tx.executemany(
            "INSERT INTO job_pages (job_id, seq, url, depth, parent, state) VALUES (?, ?, ?, 0, -1, ?)",
            [(job_id, first + n, url, PageState.PLANNED) for n, url in enumerate(urls)],
        )
        return first + len(urls)

    @staticmethod
    def finish(
        tx: sqlite3.Connection,
        *,
        job_id: str,
        seq: int,
        finished: int,
        state: PageState,
        moment: datetime,
        document: str | None = None,
        code: str | None = None,
        error: str | None = None,
        credits: int = 0,
    ) -> None:
        tx.execute(
            "UPDATE job_pages SET state = ?, finished = ?, finished_at = ?, document = ?, code = ?, error = ?, credits = ? WHERE job_id = ? AND seq = ?",
            (state, finished, iso(moment), document, code, error, credits, job_id, seq),
        )

    def run(self, job_id: str) -> Run | None:
        row = self._db.read_one("SELECT * FROM job_runs WHERE job_id = ?", (job_id,))
        if row is None:
            return None
        return Run(job_id, parse_iso(row["kicked_off_at"]), float(row["interval"]), int(row["group_size"]))

    def plan(self, job_id: str) -> list[PageRow]:
        """Every page of the job without its document, in visiting order."""
        rows = self._db.read(
            "SELECT seq, url, depth, parent, state, finished, finished_at, NULL AS document, code, error, credits FROM job_pages WHERE job_id = ? ORDER BY seq",
            (job_id,),
        )
        return [_row(r) for r in rows]

    def finished(self, job_id: str, *, after: int, limit: int) -> list[PageRow]:
        """Up to ``limit`` pages that finished after the ``after``-th, in the order they finished."""
        rows = self._db.read("SELECT * FROM job_pages WHERE job_id = ? AND finished > ? ORDER BY finished LIMIT ?", (job_id, after, limit))
        return [_row(r) for r in rows]

    def any_blocked(self, job_id: str) -> bool:
        """Whether robots.txt kept any page of the job out (one indexed probe, no rows read)."""
        return self._db.read_one("SELECT 1 AS found FROM job_pages WHERE job_id = ? AND state = ? LIMIT 1", (job_id, PageState.BLOCKED)) is not None

    def failed_count(self, job_id: str) -> int:
        """How many of the job's pages failed."""
        row = self._db.read_one("SELECT COUNT(*) FROM job_pages WHERE job_id = ? AND state = ?", (job_id, PageState.FAILED))
        return int(row[0]) if row else 0

    def failures(self, job_id: str) -> tuple[list[PageRow], list[PageRow]]:
        """The pages that failed, and those robots.txt kept out."""
        rows = [
            _row(r)
            for r in self._db.read("SELECT * FROM job_pages WHERE job_id = ? AND state IN (?, ?) ORDER BY seq", (job_id, PageState.FAILED, PageState.BLOCKED))
        ]
        return [r for r in rows if r.state == PageState.FAILED], [r for r in rows if r.state == PageState.BLOCKED]
