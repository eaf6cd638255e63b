"""Teams, their plans, and their API keys (stored as SHA-256 hashes under a public key_… id)."""

from __future__ import annotations

import functools
import secrets
import sqlite3
from datetime import datetime
from typing import Any

from webdata_server.domain import Caller, Team, iso, month_bounds, now_utc, parse_iso
from webdata_server.store.auth import KeyCache
from webdata_server.store.database import Database
from webdata_server.store.migrations import sha256

__all__ = ["Teams"]

_PLAN_COLUMNS = frozenset(
    {"plan_tokens", "period_start", "period_end", "rate_limit_per_minute", "max_concurrency", "tp_enabled", "tp_enforced", "tp_overrides_disabled", "name"}
)


def _team(row: sqlite3.Row) -> Team:
    return _team_of(tuple(row[name] for name in _TEAM_COLUMNS))


_TEAM_COLUMNS = (
    "id",
    "name",
    "plan_tokens",
    "period_start",
    "period_end",
    "rate_limit_per_minute",
    "max_concurrency",
    "tp_enabled",
    "tp_enforced",
    "tp_overrides_disabled",
    "created_at",
)


_AUTHENTICATE = (
    "SELECT " + ", ".join(f"t.{name}" for name in _TEAM_COLUMNS) + ", k.id FROM teams t JOIN api_keys k ON k.team_id = t.id WHERE k.secret_sha256 = ?"  # noqa: S608
)


@functools.lru_cache(maxsize=1024)
def _team_of(values: tuple[Any, ...]) -> Team:
    """The team of a row's values (the same values, the same frozen Team: every request reads its
    team, and parsing three timestamps was most of building one)."""
    team_id, name, plan_tokens, period_start, period_end, rate_limit, max_concurrency, tp_enabled, tp_enforced, tp_overrides_disabled, created_at = values
    return Team(
        id=team_id,
        name=name,
        plan_tokens=plan_tokens,
        period_start=parse_iso(period_start),
        period_end=parse_iso(period_end),
        rate_limit_per_minute=rate_limit,
        max_concurrency=max_concurrency,
        tp_enabled=bool(tp_enabled),
        tp_enforced=bool(tp_enforced),
        tp_overrides_disabled=bool(tp_overrides_disabled),
        created_at=parse_iso(created_at),
    )


class Teams:
    """The ``teams`` and ``api_keys`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._keys = KeyCache(db.auth)

    def create(self, *, name: str, plan_tokens: int | None, period_start: datetime | None = None, period_end: datetime | None = None) -> Team:
        moment = now_utc()
        start, end = month_bounds(moment)
        team_id = "team_" + secrets.token_hex(8)
        self._db.write(
            lambda tx: tx.execute(
                "INSERT INTO teams (id, name, plan_tokens, period_start, period_end, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (team_id, name, plan_tokens, iso(period_start or start), iso(period_end or end), iso(moment)),
            )
        )
        return self._existing(team_id)

    def update(self, team_id: str, **fields: Any) -> Team:
        """Change plan fields (``_PLAN_COLUMNS``); KeyError for an unknown team."""
        unknown = set(fields) - _PLAN_COLUMNS
        if unknown:
            raise ValueError(f"unknown team fields: {sorted(unknown)}")
        values = {k: iso(v) if isinstance(v, datetime) else int(v) if isinstance(v, bool) else v for k, v in fields.items()}
        if values:
            assignments = ", ".join(f"{column} = ?" for column in values)
            changed = self._db.write(lambda tx: tx.execute(f"UPDATE teams SET {assignments} WHERE id = ?", (*values.values(), team_id)).rowcount)  # noqa: S608 - column names are checked above
            if changed != 1:
                raise KeyError(team_id)
        return self._existing(team_id)

    def get(self, team_id: str) -> Team | None:
        row = self._db.read_one("SELECT * FROM teams WHERE id = ?", (team_id,))
        return _team(row) if row else None

    def _existing(self, team_id: str) -> Team:
        team = self.get(team_id)
        if team is None:
            raise KeyError(team_id)
        return team

    def all(self) -> list[Team]:
        return [_team(row) for row in self._db.read("SELECT * FROM teams ORDER BY created_at, id")]

    # -- keys ------------------------------------------------------------------------------
    def create_key(self, *, team_id: str, name: str = "default") -> str:
        """A new key of the team; the secret is returned here once and stored only as its hash."""
        return self.create_key_with_id(team_id=team_id, name=name)[1]

    def create_key_with_id(self, *, team_id: str, name: str = "default") -> tuple[str, str]:
        """(public identifier, secret) of a new key; the secret is never stored."""
        key_id, secret = "key_" + secrets.token_hex(8), "wd-" + secrets.token_hex(16)
        self._db.write(
            lambda tx: tx.execute(
                "INSERT INTO api_keys (id, secret_sha256, team_id, name, created_at) VALUES (?, ?, ?, ?, ?)",
                (key_id, sha256(secret), team_id, name, iso(now_utc())),
            )
        )
        return key_id, secret

    def authenticate(self, secret: str) -> Caller | None:
        """The team and key identifier of a secret key, if it is one.

        Each thread keeps the keys it has read until teams or keys change (the auth cache,
        :mod:`webdata_server.store.auth`)."""
        digest = sha256(secret)
        if self._db.in_transaction():  # read through the writer, which may hold this thread's changes
            return self._caller(digest)
        return self._keys.caller(digest, self._caller)

    def _caller(self, digest: str) -> Caller | None:
        row = self._db.read_one(_AUTHENTICATE, (digest,))
        if row is None:
            return None
        *values, key_id = row  # the team's columns in _TEAM_COLUMNS' order, then the key's id
        return Caller(_team_of(tuple(values)), key_id)

    def revoke_key(self, key_id: str) -> bool:
        """Deletes the key ``key_id`` (False when there is none): its secret stops working at once in
        this process, within the app's next look at ``auth_version`` in a server beside it, and
        watchers opened with it close. Jobs and charges keep its identifier."""
        return self._db.write(lambda tx: tx.execute("DELETE FROM api_keys WHERE id = ?", (key_id,)).rowcount) == 1

    def key_ids(self, team_id: str) -> list[str]:
        """The public identifiers of the team's keys, oldest first."""
        return [row["id"] for row in self._db.read("SELECT id FROM api_keys WHERE team_id = ? ORDER BY created_at, id", (team_id,))]

    def key_details(self, team_id: str) -> list[dict[str, str]]:
        """Identifier, name and creation time of each key of the team (never a secret)."""
        rows = self._db.read("SELECT id, name, created_at FROM api_keys WHERE team_id = ? ORDER BY created_at, id", (team_id,))
        return [{"id": row["id"], "name": row["name"], "createdAt": row["created_at"]} for row in rows]
