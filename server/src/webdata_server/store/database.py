"""The database file: one SQLite writer connection (WAL), readers beside it, and migrations.

Every write commits before the server answers, with ``synchronous=FULL``, so an acknowledged
job or charge survives a restart or a kill -9. A request's writes (its job, its charges, its
cache entry, its log line) are one unit: they happen together or not at all.

Requests write through :meth:`Database.write` (group commit): one writer thread takes every
unit waiting, runs each in its own savepoint inside one ``BEGIN IMMEDIATE`` transaction, and
commits them with one fsync; each caller gets its result (or its exception, its savepoint rolled
back) only after that commit. Units run one after another, so each sees the ones before it:
concurrent charges add up exactly, as with a transaction each, for one fsync per batch.
"""

from __future__ import annotations

import hashlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["Database", "sha256"]

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
    # on the connection by Database._migrate; existing keys keep working and keep their history.
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
    # 4: running totals kept beside the ledger, in the same transaction as each ledger row, so a
    # charge and a balance read cost the same whatever the ledger holds. `balances` holds the
    # credits of one team in one billing period (filled from the ledger the first time the period
    # is read); `usage_by_month` the credits per calendar month and key (filled here, once).
    """
    CREATE TABLE balances (
        team_id TEXT NOT NULL REFERENCES teams(id),
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        credits INTEGER NOT NULL,
        PRIMARY KEY (team_id, period_start, period_end)
    );
    CREATE TABLE usage_by_month (
        team_id TEXT NOT NULL REFERENCES teams(id),
        month TEXT NOT NULL,
        key_id TEXT NOT NULL,
        credits INTEGER NOT NULL,
        PRIMARY KEY (team_id, month, key_id)
    );
    INSERT INTO usage_by_month (team_id, month, key_id, credits)
        SELECT team_id, substr(created_at, 1, 7), key_id, SUM(credits) FROM ledger GROUP BY team_id, substr(created_at, 1, 7), key_id
    """,
    # 5: batch scrapes and crawls progress page by page. `job_runs` holds a job's pace from its
    # kickoff; `job_pages` every page it will visit (or that robots.txt kept out), in visiting
    # order, with the order it finished in, its document or error, and what it was charged.
    """
    CREATE TABLE job_runs (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id),
        kicked_off_at TEXT NOT NULL,
        interval REAL NOT NULL,
        group_size INTEGER NOT NULL
    );
    CREATE TABLE job_pages (
        job_id TEXT NOT NULL REFERENCES jobs(id),
        seq INTEGER NOT NULL,
        url TEXT NOT NULL,
        depth INTEGER NOT NULL,
        parent INTEGER NOT NULL,
        state TEXT NOT NULL,
        finished INTEGER,
        finished_at TEXT,
        document TEXT,
        code TEXT,
        error TEXT,
        credits INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (job_id, seq)
    );
    CREATE INDEX job_pages_finished ON job_pages(job_id, finished)
    """,
    # 6: the idempotency keys start requests came with (a key is used once, by anyone).
    """
    CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        created_at TEXT NOT NULL
    )
    """,
    # 7: the running totals kept in step by SQLite itself, inside the ledger row's own INSERT. Python's
    # sqlite3 gives the GIL up and takes it back around every statement, so each statement of a
    # charge was two thread switches against the event loop; a charge is now one statement.
    """
    CREATE TRIGGER ledger_totals AFTER INSERT ON ledger
    BEGIN
        INSERT INTO usage_by_month (team_id, month, key_id, credits)
        VALUES (NEW.team_id, substr(NEW.created_at, 1, 7), NEW.key_id, NEW.credits)
        ON CONFLICT (team_id, month, key_id) DO UPDATE SET credits = credits + excluded.credits;
        UPDATE balances SET credits = credits + NEW.credits
        WHERE team_id = NEW.team_id AND period_start <= NEW.created_at AND period_end > NEW.created_at;
    END
    """,
]


def _statements(script: str) -> list[str]:
    """The statements of a migration script, split at semicolons that end one (not those inside a
    trigger's body)."""
    statements: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        statements.append(pending.strip())
    return statements


# The migration after which no secret may be left anywhere in the file (see Database._migrate).
_KEYS_HASHED = 3


def sha256(text: str) -> str:
    # Keys are 128 random bits: a fast hash is enough (no password stretching needed).
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Database:
    """One writer connection, used under a re-entrant lock, and one reader connection per thread.

    WAL lets readers run beside the writer: a read never waits for a write or its fsync, so the
    event loop may read (a key, a balance) while a worker thread commits. Inside a transaction a
    thread reads through the writer, and sees its own writes.
    """

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0
        self._owner: int | None = None
        self._db = self._connect()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._readers = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._units: queue.SimpleQueue[tuple[Callable[[sqlite3.Connection], Any], Future[Any]] | None] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        # Guards starting the writer thread and the list of reader connections (not the writer).
        self._bookkeeping = threading.Lock()
        self._migrate()

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        connection.row_factory = sqlite3.Row
        return connection

    def close(self) -> None:
        if self._writer is not None:
            self._units.put(None)
            self._writer.join()
            self._writer = None
        with self._lock, self._bookkeeping:
            for reader in self._opened:
                reader.close()
            self._opened.clear()
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """An immediate (write-locked) transaction, committed on success.

        Re-entrant: inside a transaction of the same thread it joins the outer one, so a
        request's writes made by several parts of the store commit once, together.
        """
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self._db
                finally:
                    self._depth -= 1
                return
            self._db.execute("BEGIN IMMEDIATE")
            self._depth, self._owner = 1, threading.get_ident()
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            else:
                self._db.execute("COMMIT")
            finally:
                self._depth, self._owner = 0, None

    def write(self, unit: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``unit`` with the writer connection and return its result once it is committed.

        ``unit`` either completes (its writes commit, with the batch) or raises (its writes are
        rolled back, the exception re-raised here). Inside a transaction or the writer thread it
        runs at once, as part of the enclosing unit.
        """
        if self._owner == threading.get_ident():
            return unit(self._db)
        return self.submit(unit).result()

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Future[T]:
        """Queue ``unit`` for the writer thread without waiting: the future resolves once it is
        committed (or fails with its exception, nothing of it written). An event loop awaits it
        with ``asyncio.wrap_future``, so no thread waits on the fsync."""
        future: Future[T] = Future()
        if self._writer is None:
            with self._bookkeeping:
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write_batches, name="webdata-writer", daemon=True)
                    self._writer.start()
        self._units.put((unit, future))
        return future

    def _write_batches(self) -> None:
        while True:
            first = self._units.get()
            if first is None:
                return
            batch = [first]
            while True:
                try:
                    more = self._units.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._units.put(None)  # stop after this batch
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Callable[[sqlite3.Connection], Any], Future[Any]]]) -> None:
        outcomes: list[tuple[bool, Any]] = []
        try:
            with self.transaction() as tx:
                for unit, _ in batch:
                    tx.execute("SAVEPOINT unit")
                    try:
                        outcomes.append((True, unit(tx)))
                    except BaseException as error:
                        tx.execute("ROLLBACK TO unit")
                        outcomes.append((False, error))
                    tx.execute("RELEASE unit")
        except BaseException as failure:
            for _, future in batch:
                future.set_exception(failure)
            return
        for (ok, value), (_, future) in zip(outcomes, batch, strict=True):
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _reader(self) -> sqlite3.Connection | None:
        """This thread's reader, or None inside this thread's transaction (read through the writer)."""
        if self._owner == threading.get_ident():
            return None
        reader: sqlite3.Connection | None = getattr(self._readers, "connection", None)
        if reader is None:
            reader = self._connect()
            reader.execute("PRAGMA query_only=ON")
            self._readers.connection = reader
            with self._bookkeeping:
                self._opened.append(reader)
        return reader

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        reader = self._reader()
        if reader is not None:
            return reader.execute(sql, args).fetchall()
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def read_one(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        reader = self._reader()
        if reader is not None:
            row: sqlite3.Row | None = reader.execute(sql, args).fetchone()
            return row
        with self._lock:
            row = self._db.execute(sql, args).fetchone()
            return row

    def _migrate(self) -> None:
        self._db.create_function("webdata_sha256", 1, sha256, deterministic=True)
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            for number, script in enumerate(_MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")
        if 0 < version < _KEYS_HASHED:
            # The plain keys are gone from the tables but not yet from freed pages and the WAL.
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._db.execute("VACUUM")
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
