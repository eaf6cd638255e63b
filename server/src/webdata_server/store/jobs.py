"""Jobs: extract, batch scrape, crawl and agent runs, with their states (seed §3)."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from webdata_server.domain import ACTIVE, Caller, Job, JobKind, JobStatus, iso, parse_iso
from webdata_server.store.database import Database

__all__ = ["Jobs", "Move", "Moves", "uuid7"]

_ACTIVE = tuple(sorted(ACTIVE))
_IN_ACTIVE = "(" + ", ".join("?" for _ in _ACTIVE) + ")"


def _job(row: sqlite3.Row) -> Job:
    return _job_of([row[name] for name in _FIELDS])


# The worker's reads come back as one row each (an aggregate): Python's sqlite3 gives the GIL up and
# takes it back for every row it steps to, and a worker thread waits for it behind the busy event loop
# (up to the switch interval) at every one (benchmarks/README.md). (The rows come in the subquery's
# order: a pass's fairness, not its correctness, depends on it.)
_DUE_IDS = "SELECT group_concat(id, ' ') FROM (SELECT id FROM jobs WHERE status = ? AND finishes_at <= ? ORDER BY finishes_at {limit})"
_FIELDS = (
    "id",
    "team_id",
    "key_id",
    "kind",
    "status",
    "url",
    "request",
    "result",
    "total",
    "completed",
    "credits_used",
    "error",
    "created_at",
    "updated_at",
    "finishes_at",
)
_COLUMNS = ", ".join(_FIELDS)


def _ids(row: sqlite3.Row | None) -> list[str]:
    return row[0].split(" ") if row is not None and row[0] else []


def _job_of(values: list[Any]) -> Job:
    """A job from its columns in ``_FIELDS``' order (a row of :meth:`Jobs.active`)."""
    job_id, team_id, key_id, kind, status, url, request, result, total, completed, credits_used, error, created_at, updated_at, finishes_at = values
    return Job(
        id=job_id,
        team_id=team_id,
        key_id=key_id,
        kind=JobKind(kind),
        status=JobStatus(status),
        url=url,
        request=json.loads(request),
        result=json.loads(result) if result is not None else None,
        total=total,
        completed=completed,
        credits_used=credits_used,
        error=error,
        created_at=parse_iso(created_at),
        updated_at=parse_iso(updated_at),
        finishes_at=parse_iso(finishes_at),
    )


def uuid7(moment: datetime) -> str:
    """A UUIDv7 (RFC 9562): ``moment`` in Unix milliseconds (48 bits), the version, 74 random bits
    and the variant. The service names its jobs so (``uuidv7()`` in its controllers); ordered by
    time, a new job's id also lands at the end of the ``jobs`` primary-key index, where a random
    (v4) one landed on a random page, read and written back with every commit."""
    millis = int(moment.timestamp() * 1000) & (2**48 - 1)
    rand = int.from_bytes(os.urandom(10), "big") & (2**74 - 1)
    value = millis << 80 | 0x7 << 76 | (rand >> 62) << 64 | 0b10 << 62 | (rand & (2**62 - 1))
    digits = f"{value:032x}"
    return f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"


class Jobs:
    """The ``jobs`` table."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def claim_key(self, tx: sqlite3.Connection, key: str, moment: datetime, *, job_id: str | None = None, team_id: str | None = None) -> bool:
        """Claims an idempotency key inside ``tx``, for the job it starts (None: spent by a refused
        request); False when it was claimed before."""
        claimed = tx.execute(
            "INSERT OR IGNORE INTO idempotency_keys (key, created_at, job_id, team_id) VALUES (?, ?, ?, ?)", (key, iso(moment), job_id, team_id)
        )
        return claimed.rowcount == 1

    def key_claim(self, key: str) -> tuple[str | None, str | None] | None:
        """(job id, team id) of a claimed idempotency key, None when it is free."""
        row = self._db.read_one("SELECT job_id, team_id FROM idempotency_keys WHERE key = ?", (key,))
        return None if row is None else (row[0], row[1])

    def insert(
        self,
        tx: sqlite3.Connection,
        *,
        caller: Caller,
        kind: JobKind,
        request: dict[str, Any],
        seconds: float,
        credits: int,
        moment: datetime,
        url: str | None = None,
        total: int = 0,
    ) -> Job:
        """A new job in its kind's initial state, inside the caller's transaction."""
        job = Job(
            id=uuid7(moment),
            team_id=caller.team.id,
            key_id=caller.key_id,
            kind=kind,
            status=kind.initial_status,
            url=url,
            request=request,
            result=None,
            total=total,
            completed=0,
            credits_used=max(credits, 0),
            error=None,
            created_at=moment,
            updated_at=moment,
            finishes_at=moment + timedelta(seconds=seconds),
        )
        tx.execute(
            "INSERT INTO jobs (id, team_id, key_id, kind, status, url, request, total, credits_used, created_at, updated_at, finishes_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                job.id,
                job.team_id,
                job.key_id,
                kind,
                job.status,
                url,
                json.dumps(request),
                total,
                job.credits_used,
                iso(moment),
                iso(moment),
                iso(job.finishes_at),
            ),
        )
        return job

    def get(self, job_id: str, *, team_id: str, kind: JobKind) -> Job | None:
        """The team's job of that kind; another team's job is indistinguishable from none."""
        row = self._db.read_one("SELECT * FROM jobs WHERE id = ? AND team_id = ? AND kind = ?", (job_id, team_id, kind))
        return _job(row) if row else None

    def in_status(self, *, team_id: str, kind: JobKind, status: JobStatus) -> list[tuple[str, str | None, str]]:
        """(id, url, request as stored JSON) of the team's jobs of that kind in that state, oldest
        first: what a listing of active jobs shows, without reading or parsing the rest of each row;
        one aggregated row, as :meth:`active` reads."""
        row = self._db.read_one(
            "SELECT json_group_array(json_array(id, url, request)) FROM"
            " (SELECT id, url, request FROM jobs WHERE team_id = ? AND kind = ? AND status = ? ORDER BY created_at, id)",
            (team_id, kind, status),
        )
        return [(job_id, url, request) for job_id, url, request in json.loads(row[0])] if row is not None else []

    def newest(self, *, team_id: str, kind: JobKind, before: str | None, limit: int) -> list[Job]:
        """The team's jobs of that kind created before ``before`` (an ISO timestamp; None: any),
        newest first."""
        bound = "" if before is None else " AND created_at < ?"
        rows = self._db.read(
            f"SELECT * FROM jobs WHERE team_id = ? AND kind = ?{bound} ORDER BY created_at DESC, id DESC LIMIT ?",  # noqa: S608
            (team_id, kind, *([] if before is None else [before]), limit),
        )
        return [_job(row) for row in rows]

    def thread(self, *, team_id: str, thread_id: str) -> list[Job]:
        """The team's agent runs of a thread, oldest first: the run that started it (its id is the
        thread's) and those whose request continued it (``threadId``)."""
        rows = self._db.read(
            "SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND (json_extract(request, '$.threadId') = ?"
            " OR (id = ? AND json_extract(request, '$.threadId') IS NULL)) ORDER BY created_at, id",
            (team_id, JobKind.AGENT, thread_id, thread_id),
        )
        return [_job(row) for row in rows]

    def queued_work(self, team_id: str) -> int:
        """The team's work in the queue: the pages its running batch scrapes and crawls still have to
        scrape (found so far), and one for each running extract and agent job."""
        row = self._db.read_one(
            f"SELECT COALESCE(SUM(CASE WHEN kind IN ('batch_scrape', 'crawl') THEN MAX(total - completed, 1) ELSE 1 END), 0) AS n"  # noqa: S608
            f" FROM jobs WHERE team_id = ? AND status IN {_IN_ACTIVE}",
            (team_id, *_ACTIVE),
        )
        return int(row["n"]) if row else 0

    def count_active(self, team_id: str) -> int:
        row = self._db.read_one(f"SELECT COUNT(*) AS n FROM jobs WHERE team_id = ? AND status IN {_IN_ACTIVE}", (team_id, *_ACTIVE))  # noqa: S608
        return int(row["n"]) if row else 0

    def due(self, moment: datetime, *, ending: int) -> tuple[list[str], list[str]]:
        """The ids of the jobs a worker pass looks at, from the ``jobs_due`` index: every batch
        scrape and crawl running (``scraping``: they move on page by page), and up to ``ending``
        of the extract and agent jobs (``processing``) whose time has come, soonest first. Ids
        only: a pass reads the few it has time for with :meth:`active`. The bound matters in a
        backlog: 20,000 due extract jobs, listed whole at every pass, were half of the worker's
        time, taken from the requests being answered."""
        stamp = iso(moment)
        running = self._db.read_one(_DUE_IDS.format(limit=""), (JobStatus.SCRAPING, stamp))
        ended = self._db.read_one(_DUE_IDS.format(limit="LIMIT ?"), (JobStatus.PROCESSING, stamp, ending))
        return _ids(running), _ids(ended)

    def active(self, job_ids: list[str]) -> dict[str, Job]:
        """Those of the jobs that are still active (they may have ended since they were listed as
        due), by id: one query, and one row, for a whole slice of a worker pass's list."""
        marks = ", ".join("?" for _ in job_ids)
        sql = f"SELECT json_group_array(json_array({_COLUMNS})) FROM jobs WHERE id IN ({marks}) AND status IN {_IN_ACTIVE}"  # noqa: S608
        row = self._db.read_one(sql, (*job_ids, *_ACTIVE))
        jobs = (_job_of(values) for values in json.loads(row[0])) if row is not None else ()
        return {job.id: job for job in jobs}

    @staticmethod
    def counters(tx: sqlite3.Connection, job_id: str) -> tuple[JobStatus, int, int] | None:
        """(status, completed, credits used) of a job as the caller's unit sees it; None for no job."""
        row = tx.execute("SELECT status, completed, credits_used FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else (JobStatus(row["status"]), int(row["completed"]), int(row["credits_used"]))

    @staticmethod
    def progress(
        tx: sqlite3.Connection,
        job_id: str,
        *,
        total: int,
        completed: int,
        credits_used: int,
        moment: datetime,
        status: JobStatus | None = None,
        error: str | None = None,
    ) -> None:
        """A running job's counters (and its final state, when it ended), inside the caller's unit."""
        tx.execute(
            "UPDATE jobs SET total = ?, completed = ?, credits_used = ?, status = COALESCE(?, status), error = COALESCE(?, error), updated_at = ? WHERE id = ?",
            (total, completed, credits_used, status, error, iso(moment), job_id),
        )

    @staticmethod
    def moves(moves: list[Move], *, allowed_from: Collection[JobStatus] | None, moment: datetime) -> Moves:
        """The statement that moves each job to its ``to`` if its state is in ``allowed_from`` (any,
        when None), its rows encoded here, in the caller's thread: :meth:`transition` runs it in a
        unit (on the event loop's batch), where no JSON is encoded."""
        sql, allowed = _transition(allowed_from)
        stamp = iso(moment)
        rows = [(m.to, stamp, None if m.result is None else json.dumps(m.result), m.completed, m.error, m.job_id, *allowed) for m in moves]
        return Moves(sql, rows)

    @staticmethod
    def transition(tx: sqlite3.Connection, moves: Moves) -> int:
        """Runs ``moves`` inside the caller's unit (one statement over all of them): how many moved."""
        return int(tx.executemany(moves.sql, moves.rows).rowcount)


@dataclass(frozen=True)
class Moves:
    """Transitions ready to run (:meth:`Jobs.moves`)."""

    sql: str
    rows: list[tuple[Any, ...]]


@dataclass(frozen=True)
class Move:
    """Where one job goes (:meth:`Jobs.moves`)."""

    job_id: str
    to: JobStatus
    result: Any = None
    completed: int | None = None
    error: str | None = None


def _transition(allowed_from: Collection[JobStatus] | None) -> tuple[str, tuple[JobStatus, ...]]:
    """The one statement of a transition (the state it moves from is a condition of the update
    itself), and the states it may move from."""
    sql = (
        "UPDATE jobs SET status = ?, updated_at = ?, result = COALESCE(?, result), completed = COALESCE(?, completed), error = COALESCE(?, error) WHERE id = ?"
    )
    allowed = tuple(allowed_from) if allowed_from is not None else ()
    if allowed_from is not None:
        sql += " AND status IN (" + ", ".join("?" for _ in allowed) + ")"
    return sql, allowed
