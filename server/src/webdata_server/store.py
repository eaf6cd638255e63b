"""All state, in one SQLite database (WAL): teams, API keys, jobs, the scrape cache, the credit ledger.

Every write commits before the server answers, with ``synchronous=FULL``, so an acknowledged
job or charge survives a restart or a kill -9. Charges check the balance and insert the ledger
row in one ``BEGIN IMMEDIATE`` transaction, so concurrent charges add up exactly.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

__all__ = ["InsufficientCredits", "Job", "Store", "Team", "month_bounds", "now_utc"]

_MIGRATIONS = [
    # 1: the initial schema.
    """
    CREATE TABLE teams (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        plan_tokens INTEGER,
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        rate_limit_per_minute INTEGER NOT NULL DEFAULT 0,
        max_concurrency INTEGER NOT NULL DEFAULT 0,
        tp_enabled INTEGER NOT NULL DEFAULT 0,
        tp_enforced INTEGER NOT NULL DEFAULT 0,
        tp_overrides_disabled INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL
    );
    CREATE TABLE api_keys (
        key TEXT PRIMARY KEY,
        team_id TEXT NOT NULL REFERENCES teams(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        url TEXT,
        request TEXT NOT NULL,
        result TEXT,
        total INTEGER NOT NULL DEFAULT 0,
        completed INTEGER NOT NULL DEFAULT 0,
        credits_used INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        finishes_at TEXT NOT NULL
    );
    CREATE INDEX jobs_team_kind_status ON jobs(team_id, kind, status);
    CREATE INDEX jobs_due ON jobs(status, finishes_at);
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        operation TEXT NOT NULL,
        credits INTEGER NOT NULL,
        job_id TEXT,
        created_at TEXT NOT NULL
    );
    CREATE INDEX ledger_team_time ON ledger(team_id, created_at);
    CREATE TABLE scrape_cache (
        url TEXT NOT NULL,
        tag TEXT NOT NULL DEFAULT '',
        fetched_at TEXT NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (url, tag, fetched_at)
    );
    """,
    # 2: what each scrape request carried beyond its URL (profile, audit metadata, proxy).
    """
    CREATE TABLE scrape_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        team_id TEXT NOT NULL REFERENCES teams(id),
        api_key TEXT NOT NULL,
        url TEXT,
        profile_name TEXT,
        profile_save_changes INTEGER,
        audit_username TEXT,
        proxy TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    """,
    # 3: keys are stored as SHA-256 hashes under a public identifier (key_…); jobs, the ledger and
    # the scrape log refer to that identifier, never to the secret. webdata_sha256 is registered
    # on the connection by Store._migrate; existing keys keep working and keep their history.
    """
    ALTER TABLE api_keys RENAME TO api_keys_plain;
    CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        secret_sha256 TEXT NOT NULL UNIQUE,
        team_id TEXT NOT NULL REFERENCES teams(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    INSERT INTO api_keys (id, secret_sha256, team_id, name, created_at)
        SELECT 'key_' || substr(webdata_sha256('id:' || key), 1, 16), webdata_sha256(key), team_id, name, created_at FROM api_keys_plain;
    DROP TABLE api_keys_plain;
    UPDATE jobs SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    UPDATE ledger SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    UPDATE scrape_log SET api_key = 'key_' || substr(webdata_sha256('id:' || api_key), 1, 16);
    ALTER TABLE jobs RENAME COLUMN api_key TO key_id;
    ALTER TABLE ledger RENAME COLUMN api_key TO key_id;
    ALTER TABLE scrape_log RENAME COLUMN api_key TO key_id
    """,
]
# The migration after which no secret may be left anywhere in the file (see Store._migrate).
_KEYS_HASHED = 3

ACTIVE = {"processing", "scraping"}


def _sha256(text: str) -> str:
    # Keys are 128 random bits: a fast hash is enough (no password stretching needed).
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def now_utc() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def month_bounds(moment: datetime) -> tuple[datetime, datetime]:
    """First instant of the calendar month (UTC) and first instant of the next."""
    start = moment.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (start + timedelta(days=32)).replace(day=1)
    return start, end


def _credits_in(db: sqlite3.Connection, team_id: str, start: datetime, end: datetime) -> int:
    """Credits the team's ledger holds in [start, end)."""
    row = db.execute(
        "SELECT COALESCE(SUM(credits), 0) FROM ledger WHERE team_id = ? AND created_at >= ? AND created_at < ?",
        (team_id, _iso(start), _iso(end)),
    ).fetchone()
    return int(row[0])


class InsufficientCredits(Exception):
    """The team's remaining tokens do not cover a charge."""


@dataclass(frozen=True)
class Team:
    """A team and its plan."""

    id: str
    name: str
    plan_tokens: int | None
    period_start: datetime
    period_end: datetime
    rate_limit_per_minute: int
    max_concurrency: int
    tp_enabled: bool
    tp_enforced: bool
    tp_overrides_disabled: bool
    created_at: datetime

    def current_period(self, moment: datetime) -> tuple[datetime, datetime]:
        """The billing period containing ``moment``: the configured one rolled forward by its length."""
        length = self.period_end - self.period_start
        start = self.period_start
        if moment >= start and length.total_seconds() > 0:
            steps = int((moment - start) / length)
            start = start + steps * length
        return start, start + length


@dataclass(frozen=True)
class Job:
    """A job of any kind (extract, batch_scrape, crawl, agent)."""

    id: str
    team_id: str
    key_id: str
    kind: str
    status: str
    url: str | None
    request: dict[str, Any]
    result: Any
    total: int
    completed: int
    credits_used: int
    error: str | None
    created_at: datetime
    updated_at: datetime
    finishes_at: datetime


def _team(row: sqlite3.Row) -> Team:
    return Team(
        id=row["id"],
        name=row["name"],
        plan_tokens=row["plan_tokens"],
        period_start=_parse(row["period_start"]),
        period_end=_parse(row["period_end"]),
        rate_limit_per_minute=row["rate_limit_per_minute"],
        max_concurrency=row["max_concurrency"],
        tp_enabled=bool(row["tp_enabled"]),
        tp_enforced=bool(row["tp_enforced"]),
        tp_overrides_disabled=bool(row["tp_overrides_disabled"]),
        created_at=_parse(row["created_at"]),
    )


def _job(row: sqlite3.Row) -> Job:
    return Job(
        id=row["id"],
        team_id=row["team_id"],
        key_id=row["key_id"],
        kind=row["kind"],
        status=row["status"],
        url=row["url"],
        request=json.loads(row["request"]),
        result=json.loads(row["result"]) if row["result"] is not None else None,
        total=row["total"],
        completed=row["completed"],
        credits_used=row["credits_used"],
        error=row["error"],
        created_at=_parse(row["created_at"]),
        updated_at=_parse(row["updated_at"]),
        finishes_at=_parse(row["finishes_at"]),
    )


class Store:
    """The database. One connection, used under a lock (the server and admin CLI are its only users)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """An immediate (write-locked) transaction, committed on success."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return list(self._db.execute(sql, args))

    def _migrate(self) -> None:
        self._db.create_function("webdata_sha256", 1, _sha256, deterministic=True)
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(_MIGRATIONS[version:], start=version + 1):
                for statement in filter(str.strip, script.split(";")):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")
        if 0 < version < _KEYS_HASHED:
            # The plain keys are gone from the tables but not yet from freed pages and the WAL.
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._db.execute("VACUUM")
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- teams and keys --------------------------------------------------------------------
    def create_team(self, *, name: str, plan_tokens: int | None, period_start: datetime | None = None, period_end: datetime | None = None) -> Team:
        moment = now_utc()
        start, end = month_bounds(moment)
        team_id = "team_" + secrets.token_hex(8)
        with self.transaction() as db:
            db.execute(
                "INSERT INTO teams (id, name, plan_tokens, period_start, period_end, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (team_id, name, plan_tokens, _iso(period_start or start), _iso(period_end or end), _iso(moment)),
            )
        team = self.team(team_id)
        assert team is not None
        return team

    def update_team(self, team_id: str, **fields: Any) -> Team:
        columns = {
            "plan_tokens",
            "period_start",
            "period_end",
            "rate_limit_per_minute",
            "max_concurrency",
            "tp_enabled",
            "tp_enforced",
            "tp_overrides_disabled",
            "name",
        }
        unknown = set(fields) - columns
        if unknown:
            raise ValueError(f"unknown team fields: {sorted(unknown)}")
        values = {k: _iso(v) if isinstance(v, datetime) else int(v) if isinstance(v, bool) else v for k, v in fields.items()}
        if values:
            assignments = ", ".join(f"{column} = ?" for column in values)
            with self.transaction() as db:
                if db.execute(f"UPDATE teams SET {assignments} WHERE id = ?", (*values.values(), team_id)).rowcount != 1:  # noqa: S608 - column names are checked above
                    raise KeyError(team_id)
        team = self.team(team_id)
        if team is None:
            raise KeyError(team_id)
        return team

    def team(self, team_id: str) -> Team | None:
        rows = self._query("SELECT * FROM teams WHERE id = ?", (team_id,))
        return _team(rows[0]) if rows else None

    def teams(self) -> list[Team]:
        return [_team(row) for row in self._query("SELECT * FROM teams ORDER BY created_at, id")]

    def create_key(self, *, team_id: str, name: str = "default") -> str:
        """A new key of the team; the secret is returned here once and stored only as its hash."""
        return self.create_key_with_id(team_id=team_id, name=name)[1]

    def create_key_with_id(self, *, team_id: str, name: str = "default") -> tuple[str, str]:
        """(public identifier, secret) of a new key; the secret is never stored."""
        key_id, secret = "key_" + secrets.token_hex(8), "wd-" + secrets.token_hex(16)
        with self.transaction() as db:
            db.execute(
                "INSERT INTO api_keys (id, secret_sha256, team_id, name, created_at) VALUES (?, ?, ?, ?, ?)",
                (key_id, _sha256(secret), team_id, name, _iso(now_utc())),
            )
        return key_id, secret

    def authenticate(self, secret: str) -> tuple[Team, str] | None:
        """The team and key identifier of a secret key, if it is one."""
        rows = self._query("SELECT t.*, k.id AS key_id FROM teams t JOIN api_keys k ON k.team_id = t.id WHERE k.secret_sha256 = ?", (_sha256(secret),))
        return (_team(rows[0]), rows[0]["key_id"]) if rows else None

    def team_for_key(self, secret: str) -> Team | None:
        found = self.authenticate(secret)
        return found[0] if found else None

    def keys(self, team_id: str) -> list[str]:
        """The public identifiers of the team's keys, oldest first."""
        return [row["id"] for row in self._query("SELECT id FROM api_keys WHERE team_id = ? ORDER BY created_at, id", (team_id,))]

    def key_details(self, team_id: str) -> list[dict[str, str]]:
        """Identifier, name and creation time of each key of the team (never a secret)."""
        rows = self._query("SELECT id, name, created_at FROM api_keys WHERE team_id = ? ORDER BY created_at, id", (team_id,))
        return [{"id": row["id"], "name": row["name"], "createdAt": row["created_at"]} for row in rows]

    # -- credits ---------------------------------------------------------------------------
    def credits_used(self, team_id: str, start: datetime, end: datetime) -> int:
        with self._lock:
            return _credits_in(self._db, team_id, start, end)

    @staticmethod
    def _charge_in(
        db: sqlite3.Connection, *, team: Team, key_id: str, operation: str, credits: int, tokens_per_credit: int, job_id: str | None, moment: datetime
    ) -> None:
        start, end = team.current_period(moment)
        used = _credits_in(db, team.id, start, end)
        if team.plan_tokens is None or team.plan_tokens - (used + credits) * tokens_per_credit < 0:
            raise InsufficientCredits(team.id)
        db.execute(
            "INSERT INTO ledger (team_id, key_id, operation, credits, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (team.id, key_id, operation, credits, job_id, _iso(moment)),
        )

    def charge(self, *, team: Team, key_id: str, operation: str, credits: int, tokens_per_credit: int) -> None:
        """Add a ledger row, or raise :class:`InsufficientCredits` when the period's tokens run out."""
        if credits > 0:
            with self.transaction() as db:
                self._charge_in(
                    db, team=team, key_id=key_id, operation=operation, credits=credits, tokens_per_credit=tokens_per_credit, job_id=None, moment=now_utc()
                )

    def ledger(self, team_id: str) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM ledger WHERE team_id = ? ORDER BY id", (team_id,))

    def monthly_usage(self, team_id: str, *, by_key: bool) -> dict[tuple[str, str | None], int]:
        """(month 'YYYY-MM', key or None) -> credits."""
        key_column = "key_id" if by_key else "NULL"
        rows = self._query(
            f"SELECT substr(created_at, 1, 7) AS month, {key_column} AS key, SUM(credits) AS credits "  # noqa: S608 - fixed column choice
            "FROM ledger WHERE team_id = ? GROUP BY month, key",
            (team_id,),
        )
        return {(row["month"], row["key"]): int(row["credits"]) for row in rows}

    # -- jobs ------------------------------------------------------------------------------
    def start_job(
        self,
        *,
        team: Team,
        key_id: str,
        kind: str,
        status: str,
        request: dict[str, Any],
        seconds: float,
        operation: str,
        credits: int,
        tokens_per_credit: int,
        url: str | None = None,
        total: int = 0,
    ) -> Job:
        """Create a job and charge for it in one transaction: both happen, or neither."""
        moment = now_utc()
        job_id = str(uuid.uuid4())
        with self.transaction() as db:
            db.execute(
                "INSERT INTO jobs (id, team_id, key_id, kind, status, url, request, total, credits_used, created_at, updated_at, finishes_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    job_id,
                    team.id,
                    key_id,
                    kind,
                    status,
                    url,
                    json.dumps(request),
                    total,
                    max(credits, 0),
                    _iso(moment),
                    _iso(moment),
                    _iso(moment + timedelta(seconds=seconds)),
                ),
            )
            if credits > 0:
                self._charge_in(
                    db, team=team, key_id=key_id, operation=operation, credits=credits, tokens_per_credit=tokens_per_credit, job_id=job_id, moment=moment
                )
        job = self.job(job_id, team_id=team.id, kind=kind)
        assert job is not None
        return job

    def job(self, job_id: str, *, team_id: str, kind: str) -> Job | None:
        """The team's job of that kind; another team's job is indistinguishable from none."""
        rows = self._query("SELECT * FROM jobs WHERE id = ? AND team_id = ? AND kind = ?", (job_id, team_id, kind))
        return _job(rows[0]) if rows else None

    def active_jobs(self, *, team_id: str, kind: str) -> list[Job]:
        placeholders = ", ".join("?" for _ in ACTIVE)
        rows = self._query(
            f"SELECT * FROM jobs WHERE team_id = ? AND kind = ? AND status IN ({placeholders}) ORDER BY created_at, id",  # noqa: S608
            (team_id, kind, *sorted(ACTIVE)),
        )
        return [_job(row) for row in rows]

    def count_active(self, team_id: str) -> int:
        placeholders = ", ".join("?" for _ in ACTIVE)
        rows = self._query(f"SELECT COUNT(*) AS n FROM jobs WHERE team_id = ? AND status IN ({placeholders})", (team_id, *sorted(ACTIVE)))  # noqa: S608
        return int(rows[0]["n"])

    def transition(
        self, job_id: str, *, allowed_from: set[str] | None, to: str, result: Any = None, completed: int | None = None, error: str | None = None
    ) -> bool:
        """Move a job to ``to`` if its state is in ``allowed_from`` (any, when None); True when it moved."""
        with self.transaction() as db:
            row = db.execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()
            if row is None or (allowed_from is not None and row["status"] not in allowed_from):
                return False
            db.execute(
                "UPDATE jobs SET status = ?, updated_at = ?, result = COALESCE(?, result), completed = COALESCE(?, completed), "
                "error = COALESCE(?, error) WHERE id = ?",
                (to, _iso(now_utc()), None if result is None else json.dumps(result), completed, error, job_id),
            )
            return True

    # -- scrape cache ------------------------------------------------------------------------
    def cache_document(self, url: str, document: dict[str, Any], tag: str = "") -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO scrape_cache (url, tag, fetched_at, document) VALUES (?, ?, ?, ?)", (url, tag, _iso(now_utc()), json.dumps(document))
            )

    def cached_documents(self, url: str, tag: str = "") -> list[tuple[dict[str, Any], datetime]]:
        """Cached copies of ``url``, newest first."""
        rows = self._query("SELECT document, fetched_at FROM scrape_cache WHERE url = ? AND tag = ? ORDER BY fetched_at DESC", (url, tag))
        return [(json.loads(row["document"]), _parse(row["fetched_at"])) for row in rows]

    def log_scrape(self, *, team_id: str, key_id: str, url: str | None, options: Any) -> None:
        """Record the request's profile, audit metadata and proxy (``url`` None: not logged, as under lockdown)."""
        profile = options.profile
        audit = options.auditMetadata
        with self.transaction() as db:
            db.execute(
                "INSERT INTO scrape_log (team_id, key_id, url, profile_name, profile_save_changes, audit_username, proxy, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    team_id,
                    key_id,
                    url,
                    profile.name if profile else None,
                    None if profile is None else int(profile.saveChanges),
                    audit.username if audit else None,
                    options.proxy,
                    _iso(now_utc()),
                ),
            )

    def scrape_log(self, team_id: str) -> list[sqlite3.Row]:
        return self._query("SELECT * FROM scrape_log WHERE team_id = ? ORDER BY id", (team_id,))

    def due_jobs(self, moment: datetime) -> list[Job]:
        placeholders = ", ".join("?" for _ in ACTIVE)
        rows = self._query(f"SELECT * FROM jobs WHERE status IN ({placeholders}) AND finishes_at <= ? ORDER BY finishes_at", (*sorted(ACTIVE), _iso(moment)))  # noqa: S608
        return [_job(row) for row in rows]


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds and a Z, as every timestamp of the API."""
    return _iso(moment)
