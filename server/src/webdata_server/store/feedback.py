"""The requests a team may rate and the feedback it gave (``feedback_jobs``, ``feedback``).

A search, scrape, parse or map writes its row in the unit that bills it (:meth:`Feedback.job_ran`),
so a request that was answered can be rated and one that was refused cannot. Rows of requests older
than the feedback window are useless and are dropped as new ones come. A feedback row is unique per
team, endpoint and request: a second rating finds the first.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from webdata_server.domain import iso, parse_iso
from webdata_server.store.database import Database

__all__ = ["Feedback", "RatedJob"]

# Rows of requests are kept a day: far past any feedback window (the service's is 120 seconds).
_KEPT = timedelta(days=1)


@dataclass(frozen=True)
class RatedJob:
    """A request a team may rate: what it cost and its refund class (``search``, ``map``, ``parse``,
    ``scrape_basic``, ``scrape_json``, ``scrape_addon``, ``scrape_pdf``)."""

    id: str
    team_id: str
    endpoint: str
    credits: int
    refund_class: str
    created_at: datetime


class Feedback:
    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def job_ran(tx: sqlite3.Connection, job: RatedJob) -> None:
        tx.execute(
            "INSERT OR REPLACE INTO feedback_jobs (id, team_id, endpoint, credits, refund_class, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (job.id, job.team_id, job.endpoint, job.credits, job.refund_class, iso(job.created_at)),
        )
        tx.execute("DELETE FROM feedback_jobs WHERE created_at < ?", (iso(job.created_at - _KEPT),))

    def job(self, *, team_id: str, endpoint: str, job_id: str) -> RatedJob | None:
        """The team's request of that endpoint; None for anyone else's."""
        row = self._db.read_one("SELECT * FROM feedback_jobs WHERE id = ? AND team_id = ? AND endpoint = ?", (job_id.lower(), team_id, endpoint))
        if row is None:
            return None
        return RatedJob(row["id"], row["team_id"], row["endpoint"], int(row["credits"]), row["refund_class"], parse_iso(row["created_at"]))

    @staticmethod
    def given(tx: sqlite3.Connection, *, team_id: str, endpoint: str, job_id: str) -> str | None:
        """The id of the feedback the team gave that request, if any (read in the writing unit)."""
        row = tx.execute("SELECT id FROM feedback WHERE team_id = ? AND endpoint = ? AND job_id = ?", (team_id, endpoint, job_id.lower())).fetchone()
        return str(row[0]) if row else None

    @staticmethod
    def refunded_since(tx: sqlite3.Connection, team_id: str, since: datetime) -> int:
        row = tx.execute("SELECT COALESCE(SUM(credits_refunded), 0) FROM feedback WHERE team_id = ? AND created_at >= ?", (team_id, iso(since))).fetchone()
        return int(row[0])

    @staticmethod
    def record(tx: sqlite3.Connection, *, feedback_id: str, job: RatedJob, rating: str, body: dict[str, Any], refunded: int, moment: datetime) -> None:
        tx.execute(
            "INSERT INTO feedback (id, team_id, endpoint, job_id, rating, body, credits_refunded, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (feedback_id, job.team_id, job.endpoint, job.id, rating, json.dumps(body), refunded, iso(moment)),
        )

    def of_team(self, team_id: str) -> list[dict[str, Any]]:
        """The team's feedback, oldest first (the test journal shows it)."""
        rows = self._db.read("SELECT * FROM feedback WHERE team_id = ? ORDER BY created_at, id", (team_id,))
        return [
            {
                "id": row["id"],
                "endpoint": row["endpoint"],
                "jobId": row["job_id"],
                "rating": row["rating"],
                "creditsRefunded": row["credits_refunded"],
                "createdAt": row["created_at"],
                "body": json.loads(row["body"]),
            }
            for row in rows
        ]
