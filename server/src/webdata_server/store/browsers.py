"""Scrapes kept for interact, browser sessions and saved profiles.

- ``scrapes``: each scrape's URL and options under its id (the document's ``metadata.scrapeId``),
  kept :data:`SCRAPE_RETENTION` so that interact can find, check and replay it;
- ``browser_sessions``: a session's settings, its page (JSON), when it ends at the latest
  (``ends_at``: made + ttl, or last call + activityTtl, whichever is first) and, once ended, its
  duration and the credits billed. A partial unique index lets one session at a time write a
  profile (the database, not the code, keeps the rule);
- ``browser_profiles``: each team's saved profiles (cookies and localStorage, JSON).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from webdata_server.domain import iso, parse_iso
from webdata_server.store.database import Database

__all__ = ["SCRAPE_RETENTION", "Browsers", "SessionRow", "StoredScrape"]

# How long a scrape stays available to interact (counted on the server's clock).
SCRAPE_RETENTION = timedelta(days=7)


@dataclass(frozen=True)
class StoredScrape:
    id: str
    team_id: str
    url: str | None
    options: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True)
class SessionRow:
    """A browser session as stored."""

    id: str
    team_id: str
    key_id: str
    scrape_id: str | None
    status: str
    ttl: int
    activity_ttl: int
    stream_web_view: bool
    profile_name: str | None
    profile_writes: bool
    used_prompt: bool
    created_at: datetime
    last_activity: datetime
    ends_at: datetime
    ended_at: datetime | None
    duration_ms: int | None
    credits_billed: int | None
    state_json: str  # the page as stored (read by ``state`` only when needed: it holds the document)

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def state(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.state_json)
        return value


def _session(row: sqlite3.Row) -> SessionRow:
    return SessionRow(
        id=row["id"],
        team_id=row["team_id"],
        key_id=row["key_id"],
        scrape_id=row["scrape_id"],
        status=row["status"],
        ttl=row["ttl"],
        activity_ttl=row["activity_ttl"],
        stream_web_view=bool(row["stream_web_view"]),
        profile_name=row["profile_name"],
        profile_writes=bool(row["profile_writes"]),
        used_prompt=bool(row["used_prompt"]),
        created_at=parse_iso(row["created_at"]),
        last_activity=parse_iso(row["last_activity"]),
        ends_at=parse_iso(row["ends_at"]),
        ended_at=parse_iso(row["ended_at"]) if row["ended_at"] else None,
        duration_ms=row["duration_ms"],
        credits_billed=row["credits_billed"],
        state_json=row["state"],
    )


class Browsers:
    """The three tables (see the module's docstring); writes run inside the units they are given."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- scrapes ----------------------------------------------------------------------------------
    def keep_scrape(self, tx: sqlite3.Connection, *, scrape_id: str, team_id: str, url: str | None, options: str, moment: datetime) -> None:
        """Keep a scrape (``options`` as JSON, encoded by the caller) and forget those past retention."""
        tx.execute(
            "INSERT OR REPLACE INTO scrapes (id, team_id, url, options, created_at) VALUES (?, ?, ?, ?, ?)", (scrape_id, team_id, url, options, iso(moment))
        )
        tx.execute("DELETE FROM scrapes WHERE created_at < ?", (iso(moment - SCRAPE_RETENTION),))

    def scrape_team(self, scrape_id: str) -> str | None:
        """The team a kept scrape belongs to (one indexed row, its options left unread), or None."""
        row = self._db.read_one("SELECT team_id FROM scrapes WHERE id = ?", (scrape_id.lower(),))
        return str(row["team_id"]) if row else None

    def last_success(self, team_id: str) -> datetime | None:
        """When the team's newest kept scrape (a scrape, or a page of its batch scrapes and crawls) was made."""
        row = self._db.read_one("SELECT MAX(created_at) AS at FROM scrapes WHERE team_id = ?", (team_id,))
        return parse_iso(row["at"]) if row and row["at"] else None

    def scrape(self, scrape_id: str) -> StoredScrape | None:
        row = self._db.read_one("SELECT * FROM scrapes WHERE id = ?", (scrape_id.lower(),))
        if row is None:
            return None
        return StoredScrape(row["id"], row["team_id"], row["url"], json.loads(row["options"]), parse_iso(row["created_at"]))

    # -- sessions ---------------------------------------------------------------------------------
    def insert(self, tx: sqlite3.Connection, session: SessionRow) -> None:
        """A new session; :class:`sqlite3.IntegrityError` when another open session writes its profile."""
        tx.execute(
            "INSERT INTO browser_sessions (id, team_id, key_id, scrape_id, status, ttl, activity_ttl, stream_web_view, profile_name, profile_writes,"
            " used_prompt, created_at, last_activity, ends_at, state) VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
            (
                session.id,
                session.team_id,
                session.key_id,
                session.scrape_id,
                session.ttl,
                session.activity_ttl,
                int(session.stream_web_view),
                session.profile_name,
                int(session.profile_writes),
                iso(session.created_at),
                iso(session.last_activity),
                iso(session.ends_at),
                session.state_json,
            ),
        )

    def get(self, session_id: str) -> SessionRow | None:
        row = self._db.read_one("SELECT * FROM browser_sessions WHERE id = ?", (session_id,))
        return _session(row) if row else None

    def of_scrape(self, scrape_id: str) -> SessionRow | None:
        row = self._db.read_one("SELECT * FROM browser_sessions WHERE scrape_id = ?", (scrape_id.lower(),))
        return _session(row) if row else None

    def listed(self, team_id: str, status: str | None, *, limit: int = 1000) -> list[SessionRow]:
        if status is None:
            rows = self._db.read("SELECT * FROM browser_sessions WHERE team_id = ? ORDER BY created_at DESC, id DESC LIMIT ?", (team_id, limit))
        else:
            rows = self._db.read(
                "SELECT * FROM browser_sessions WHERE team_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT ?", (team_id, status, limit)
            )
        return [_session(row) for row in rows]

    def count_active(self, team_id: str, tx: sqlite3.Connection | None = None) -> int:
        sql, args = "SELECT COUNT(*) AS n FROM browser_sessions WHERE team_id = ? AND status = 'active'", (team_id,)
        row = tx.execute(sql, args).fetchone() if tx is not None else self._db.read_one(sql, args)
        return int(row["n"] if isinstance(row, sqlite3.Row) else row[0]) if row else 0

    def due(self, now: datetime, *, limit: int = 500) -> list[SessionRow]:
        """Open sessions whose end has come (their ttl or their inactivity)."""
        rows = self._db.read("SELECT * FROM browser_sessions WHERE status = 'active' AND ends_at <= ? ORDER BY ends_at LIMIT ?", (iso(now), limit))
        return [_session(row) for row in rows]

    def next_end(self) -> datetime | None:
        row = self._db.read_one("SELECT MIN(ends_at) AS at FROM browser_sessions WHERE status = 'active'")
        return parse_iso(row["at"]) if row and row["at"] else None

    def touch(self, tx: sqlite3.Connection, session_id: str, *, state: str | None, moment: datetime, ends_at: datetime, used_prompt: bool) -> bool:
        """Record a call on an open session (its activity, and its page unless ``state`` is None:
        the call changed nothing of it); False if it has ended."""
        if state is None:
            cursor = tx.execute(
                "UPDATE browser_sessions SET last_activity = ?, ends_at = ?, used_prompt = MAX(used_prompt, ?) WHERE id = ? AND status = 'active'",
                (iso(moment), iso(ends_at), int(used_prompt), session_id),
            )
        else:
            cursor = tx.execute(
                "UPDATE browser_sessions SET state = ?, last_activity = ?, ends_at = ?, used_prompt = MAX(used_prompt, ?) WHERE id = ? AND status = 'active'",
                (state, iso(moment), iso(ends_at), int(used_prompt), session_id),
            )
        return cursor.rowcount == 1

    def adopt(self, tx: sqlite3.Connection, session_id: str, scrape_id: str) -> bool:
        cursor = tx.execute("UPDATE browser_sessions SET scrape_id = ? WHERE id = ? AND status = 'active' AND scrape_id IS NULL", (scrape_id, session_id))
        return cursor.rowcount == 1

    def end(self, tx: sqlite3.Connection, session_id: str, *, ended_at: datetime, duration_ms: int, credits: int) -> bool:
        """Ends an open session once: False when it had ended already (nothing is billed twice)."""
        cursor = tx.execute(
            "UPDATE browser_sessions SET status = 'destroyed', ended_at = ?, duration_ms = ?, credits_billed = ? WHERE id = ? AND status = 'active'",
            (iso(ended_at), duration_ms, credits, session_id),
        )
        return cursor.rowcount == 1

    # -- profiles ---------------------------------------------------------------------------------
    def profile(self, team_id: str, name: str) -> dict[str, Any] | None:
        row = self._db.read_one("SELECT state FROM browser_profiles WHERE team_id = ? AND name = ?", (team_id, name))
        return json.loads(row["state"]) if row else None

    def save_profile(self, tx: sqlite3.Connection, *, team_id: str, name: str, state: str, moment: datetime) -> None:
        tx.execute(
            "INSERT INTO browser_profiles (team_id, name, state, saved_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(team_id, name) DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at",
            (team_id, name, state, iso(moment)),
        )
