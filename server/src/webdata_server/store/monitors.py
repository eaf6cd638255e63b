"""Monitors: each monitor and check as its document (the contract's shape, JSON), a check's pages,
each page's last snapshot (what the next check compares with), the email recipients'
subscriptions and the outbox of the emails monitors send (read by ``webdata-server admin outbox``
and the control endpoint ``GET /__webdata/outbox``).

Writes take the transaction they are given (``tx``); reads use the thread's reader.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from webdata_server.domain import iso
from webdata_server.store.database import Database

__all__ = ["OUTBOX_KEPT", "Monitors", "Snapshot"]

# The emails the outbox keeps, the oldest leaving first (a hundred at a time).
OUTBOX_KEPT = 10_000


@dataclass(frozen=True)
class Snapshot:
    """A page as the last check saw it."""

    scrape_id: str | None
    markdown: str | None
    json: dict[str, Any] | None
    removed: bool


class Monitors:
    def __init__(self, db: Database) -> None:
        self.db = db

    # -- monitors ---------------------------------------------------------------------------------
    def put(self, tx: sqlite3.Connection, monitor: dict[str, Any], *, team_id: str, key_id: str) -> None:
        tx.execute(
            "INSERT INTO monitors (id, team_id, key_id, status, next_run_at, document, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(id) DO UPDATE SET status = excluded.status, next_run_at = excluded.next_run_at, document = excluded.document",
            (monitor["id"], team_id, key_id, monitor["status"], monitor["nextRunAt"], json.dumps(monitor), monitor["createdAt"]),
        )

    def remove(self, tx: sqlite3.Connection, monitor_id: str) -> None:
        checks = [row[0] for row in tx.execute("SELECT id FROM monitor_checks WHERE monitor_id = ?", (monitor_id,))]
        tx.executemany("DELETE FROM monitor_check_pages WHERE check_id = ?", [(c,) for c in checks])
        for table in ("monitor_checks", "monitor_snapshots", "monitor_recipients"):
            tx.execute(f"DELETE FROM {table} WHERE monitor_id = ?", (monitor_id,))  # noqa: S608 (a fixed table name)
        tx.execute("DELETE FROM monitors WHERE id = ?", (monitor_id,))

    def get(self, monitor_id: str, *, team_id: str | None = None) -> tuple[dict[str, Any], str, str] | None:
        """(document, team id, key id) of the monitor (of ``team_id`` only, when given)."""
        row = self.db.read_one("SELECT document, team_id, key_id FROM monitors WHERE id = ?", (monitor_id,))
        if row is None or (team_id is not None and row[1] != team_id):
            return None
        return json.loads(row[0]), row[1], row[2]

    def of_team(self, team_id: str, *, limit: int, offset: int) -> list[dict[str, Any]]:
        rows = self.db.read("SELECT document FROM monitors WHERE team_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?", (team_id, limit, offset))
        return [json.loads(row[0]) for row in rows]

    def due(self, now: datetime, *, limit: int) -> list[str]:
        rows = self.db.read(
            "SELECT id FROM monitors WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at LIMIT ?",
            (iso(now), limit),
        )
        return [row[0] for row in rows]

    def ids(self) -> list[str]:
        return [row[0] for row in self.db.read("SELECT id FROM monitors")]

    # -- checks -----------------------------------------------------------------------------------
    def put_check(self, tx: sqlite3.Connection, check: dict[str, Any], *, team_id: str, work: dict[str, Any] | None) -> None:
        tx.execute(
            "INSERT INTO monitor_checks (id, monitor_id, team_id, status, document, work, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(id) DO UPDATE SET status = excluded.status, document = excluded.document, work = excluded.work",
            (check["id"], check["monitorId"], team_id, check["status"], json.dumps(check), None if work is None else json.dumps(work), check["createdAt"]),
        )

    def check(self, check_id: str, *, monitor_id: str) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        """(document, work left) of the monitor's check."""
        row = self.db.read_one("SELECT document, work FROM monitor_checks WHERE id = ? AND monitor_id = ?", (check_id, monitor_id))
        if row is None:
            return None
        return json.loads(row[0]), None if row[1] is None else json.loads(row[1])

    def checks(self, monitor_id: str, *, limit: int, offset: int, status: str | None) -> list[dict[str, Any]]:
        where, args = ("AND status = ?", (status,)) if status else ("", ())
        rows = self.db.read(
            f"SELECT document FROM monitor_checks WHERE monitor_id = ? {where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?",  # noqa: S608 (fixed text)
            (monitor_id, *args, limit, offset),
        )
        return [json.loads(row[0]) for row in rows]

    def running(self, *, limit: int) -> list[tuple[str, str]]:
        """(check id, monitor id) of the checks queued or running, oldest first."""
        rows = self.db.read("SELECT id, monitor_id FROM monitor_checks WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT ?", (limit,))
        return [(row[0], row[1]) for row in rows]

    def expire(self, tx: sqlite3.Connection, monitor_id: str, before: datetime) -> int:
        """Deletes the monitor's checks that ended before ``before``; how many. A check counts from
        its end, not from when it was due: after a clock moved past the retention, the check that
        move ran is kept, not charged and deleted in the same pass."""
        query = (
            "SELECT id FROM monitor_checks WHERE monitor_id = ? AND created_at < ? AND status NOT IN ('queued', 'running')"
            " AND COALESCE(json_extract(document, '$.finishedAt'), created_at) < ?"
        )
        stale = [row[0] for row in tx.execute(query, (monitor_id, iso(before), iso(before)))]
        tx.executemany("DELETE FROM monitor_check_pages WHERE check_id = ?", [(c,) for c in stale])
        tx.executemany("DELETE FROM monitor_checks WHERE id = ?", [(c,) for c in stale])
        return len(stale)

    # -- a check's pages --------------------------------------------------------------------------
    def add_pages(self, tx: sqlite3.Connection, check_id: str, pages: list[dict[str, Any]]) -> None:
        start = tx.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM monitor_check_pages WHERE check_id = ?", (check_id,)).fetchone()[0]
        tx.executemany(
            "INSERT INTO monitor_check_pages (id, check_id, seq, status, document) VALUES (?, ?, ?, ?, ?)",
            [(page["id"], check_id, start + n, page["status"], json.dumps(page)) for n, page in enumerate(pages)],
        )

    def pages(self, check_id: str, *, skip: int, limit: int, status: str | None) -> list[dict[str, Any]]:
        where, args = ("AND status = ?", (status,)) if status else ("", ())
        rows = self.db.read(
            f"SELECT document FROM monitor_check_pages WHERE check_id = ? {where} ORDER BY seq LIMIT ? OFFSET ?",  # noqa: S608 (fixed text)
            (check_id, *args, limit, skip),
        )
        return [json.loads(row[0]) for row in rows]

    def count_pages(self, check_id: str, *, status: str | None = None) -> int:
        if status:
            row = self.db.read_one("SELECT COUNT(*) FROM monitor_check_pages WHERE check_id = ? AND status = ?", (check_id, status))
        else:
            row = self.db.read_one("SELECT COUNT(*) FROM monitor_check_pages WHERE check_id = ?", (check_id,))
        return int(row[0]) if row is not None else 0

    # -- snapshots --------------------------------------------------------------------------------
    def snapshot(self, monitor_id: str, target_id: str, url: str) -> Snapshot | None:
        row = self.db.read_one(
            "SELECT scrape_id, markdown, json, removed FROM monitor_snapshots WHERE monitor_id = ? AND target_id = ? AND url = ?", (monitor_id, target_id, url)
        )
        if row is None:
            return None
        return Snapshot(row[0], row[1], None if row[2] is None else json.loads(row[2]), bool(row[3]))

    def present(self, monitor_id: str, target_id: str) -> list[tuple[str, str | None]]:
        """(url, scrape id) of the target's pages not removed."""
        rows = self.db.read("SELECT url, scrape_id FROM monitor_snapshots WHERE monitor_id = ? AND target_id = ? AND removed = 0", (monitor_id, target_id))
        return [(row[0], row[1]) for row in rows]

    def put_snapshot(self, tx: sqlite3.Connection, monitor_id: str, target_id: str, url: str, snapshot: Snapshot) -> None:
        tx.execute(
            "INSERT INTO monitor_snapshots (monitor_id, target_id, url, scrape_id, markdown, json, removed) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(monitor_id, target_id, url) DO UPDATE SET scrape_id = excluded.scrape_id, markdown = excluded.markdown,"
            " json = excluded.json, removed = excluded.removed",
            (
                monitor_id,
                target_id,
                url,
                snapshot.scrape_id,
                snapshot.markdown,
                None if snapshot.json is None else json.dumps(snapshot.json),
                int(snapshot.removed),
            ),
        )

    # -- email recipients and the outbox ----------------------------------------------------------
    def recipients(self, monitor_id: str) -> list[dict[str, Any]]:
        rows = self.db.read("SELECT email, status, source, confirmation_sent FROM monitor_recipients WHERE monitor_id = ? ORDER BY email", (monitor_id,))
        return [{"email": row[0], "status": row[1], "source": row[2], "confirmationEmailSent": bool(row[3])} for row in rows]

    def add_recipient(self, tx: sqlite3.Connection, monitor_id: str, email: str, token: str) -> bool:
        """A pending recipient with its confirmation token; False when it was already there."""
        done = tx.execute(
            "INSERT OR IGNORE INTO monitor_recipients (monitor_id, email, status, source, token, confirmation_sent) VALUES (?, ?, 'pending', 'opt_in', ?, 1)",
            (monitor_id, email, token),
        )
        return done.rowcount == 1

    def drop_recipients(self, tx: sqlite3.Connection, monitor_id: str, keep: list[str]) -> None:
        marks = ",".join("?" * len(keep))
        if keep:
            tx.execute(f"DELETE FROM monitor_recipients WHERE monitor_id = ? AND email NOT IN ({marks})", (monitor_id, *keep))  # noqa: S608 (placeholders)
        else:
            tx.execute("DELETE FROM monitor_recipients WHERE monitor_id = ?", (monitor_id,))

    def answer_token(self, tx: sqlite3.Connection, token: str, status: str) -> tuple[str, str, str] | None:
        """Sets the subscription of ``token`` to ``status`` (confirmed, unsubscribed; an unsubscribed
        one stays so); (monitor id, email, status before) or None for an unknown token."""
        row = tx.execute("SELECT monitor_id, email, status FROM monitor_recipients WHERE token = ?", (token,)).fetchone()
        if row is None:
            return None
        if row[2] != "unsubscribed":
            tx.execute("UPDATE monitor_recipients SET status = ? WHERE token = ?", (status, token))
        return row[0], row[1], row[2]

    def send(
        self, tx: sqlite3.Connection, *, team_id: str, monitor_id: str | None, recipient: str, subject: str, body: str, kind: str, moment: datetime
    ) -> None:
        cursor = tx.execute(
            "INSERT INTO outbox (team_id, monitor_id, recipient, subject, body, kind, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (team_id, monitor_id, recipient, subject, body, kind, iso(moment)),
        )
        if cursor.lastrowid is not None and cursor.lastrowid % 100 == 0:  # the oldest go, a hundred at a time
            tx.execute("DELETE FROM outbox WHERE id <= ?", (cursor.lastrowid - OUTBOX_KEPT,))

    def outbox(self, *, team_id: str | None = None, recipient: str | None = None, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """The emails sent (the newest :data:`OUTBOX_KEPT`), oldest first: those after the id
        ``after``, at most ``limit``."""
        clauses: list[str] = ["id > ?"]
        args: list[Any] = [after]
        if team_id is not None:
            clauses.append("team_id = ?")
            args.append(team_id)
        if recipient is not None:
            clauses.append("recipient = ?")
            args.append(recipient)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        page = "" if limit is None else f" LIMIT {int(limit)}"
        rows = self.db.read(f"SELECT id, team_id, monitor_id, recipient, subject, body, kind, created_at FROM outbox {where} ORDER BY id{page}", tuple(args))  # noqa: S608
        return [{"id": r[0], "teamId": r[1], "monitorId": r[2], "to": r[3], "subject": r[4], "body": r[5], "kind": r[6], "sentAt": r[7]} for r in rows]
