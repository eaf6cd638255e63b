"""Pages the server has fetched (the scrape cache and change-tracking history) and the scrape log."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from webdata_server.domain import Caller, iso, parse_iso
from webdata_server.store.database import Database

__all__ = ["PageCache", "ScrapeLog"]


class PageCache:
    """The ``scrape_cache`` table: copies of a URL under a tag ('' for the scrape cache), by time.
    At most ``copies`` are kept of each: storing one more drops the oldest, so the table grows with
    the pages asked for, not with how often they are asked for. (``Store`` refuses fewer than one.)"""

    def __init__(self, db: Database, *, copies: int = 5) -> None:
        self._db = db
        self._copies = copies

    def put(self, tx: sqlite3.Connection, url: str, document: str, moment: datetime, tag: str = "") -> None:
        """Keep a copy of ``url``: its document as JSON, encoded by the caller before its unit (the
        unit runs in the batch, on the event loop)."""
        tx.execute("INSERT OR REPLACE INTO scrape_cache (url, tag, fetched_at, document) VALUES (?, ?, ?, ?)", (url, tag, iso(moment), document))
        tx.execute(
            "DELETE FROM scrape_cache WHERE url = ? AND tag = ? AND fetched_at < "
            "(SELECT fetched_at FROM scrape_cache WHERE url = ? AND tag = ? ORDER BY fetched_at DESC LIMIT 1 OFFSET ?)",
            (url, tag, url, tag, self._copies - 1),
        )

    @staticmethod
    def forget(tx: sqlite3.Connection, urls: list[str]) -> None:
        """Every copy of ``urls``, under every tag (a page a test replaced leaves no copy behind)."""
        tx.executemany("DELETE FROM scrape_cache WHERE url = ?", [(url,) for url in urls])

    def copies(self, url: str, tag: str = "") -> int:
        """How many copies of ``url`` the cache holds."""
        row = self._db.read_one("SELECT COUNT(*) AS n FROM scrape_cache WHERE url = ? AND tag = ?", (url, tag))
        return int(row["n"]) if row else 0

    def newest(self, url: str, tag: str = "", *, not_after: datetime | None = None) -> tuple[dict[str, Any], datetime] | None:
        """The newest copy of ``url`` (fetched at or before ``not_after``, when given): one indexed row."""
        if not_after is None:
            row = self._db.read_one("SELECT document, fetched_at FROM scrape_cache WHERE url = ? AND tag = ? ORDER BY fetched_at DESC LIMIT 1", (url, tag))
        else:
            row = self._db.read_one(
                "SELECT document, fetched_at FROM scrape_cache WHERE url = ? AND tag = ? AND fetched_at <= ? ORDER BY fetched_at DESC LIMIT 1",
                (url, tag, iso(not_after)),
            )
        return (json.loads(row["document"]), parse_iso(row["fetched_at"])) if row else None


class ScrapeLog:
    """The ``scrape_log`` table: what each scrape carried beyond its URL (profile, audit metadata, proxy)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def record(self, tx: sqlite3.Connection, *, caller: Caller, url: str | None, options: Any, moment: datetime) -> None:
        """Log a scrape (``url`` None: not logged, as under lockdown)."""
        profile = options.profile
        audit = options.audit_metadata
        tx.execute(
            "INSERT INTO scrape_log (team_id, key_id, url, profile_name, profile_save_changes, audit_username, proxy, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                caller.team.id,
                caller.key_id,
                url,
                profile.name if profile else None,
                None if profile is None else int(profile.save_changes),
                audit.username if audit else None,
                options.proxy,
                iso(moment),
            ),
        )

    def rows(self, team_id: str) -> list[sqlite3.Row]:
        return self._db.read("SELECT * FROM scrape_log WHERE team_id = ? ORDER BY id", (team_id,))
