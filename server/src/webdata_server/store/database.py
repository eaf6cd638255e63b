"""The database file: one SQLite writer connection (WAL), readers beside it, and migrations.

Every write commits before the server answers, with ``synchronous=FULL``, so an acknowledged
job or charge survives a restart or a kill -9. A request's writes (its job, its charges, its
cache entry, its log line) are one unit: they happen together or not at all.

Requests write through :meth:`Database.write` and :meth:`Database.submit` (group commit): every
unit waiting is run in its own savepoint inside one ``BEGIN IMMEDIATE`` transaction, and they are
committed with one fsync; each caller gets its result (or its exception, its savepoint rolled
back) only after that commit. Units run one after another, so each sees the ones before it:
concurrent charges add up exactly, as with a transaction each, for one fsync per batch. The units
run in a writer thread or, in the server, on the event loop's thread (:meth:`Database.attach`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["LOCK_WAIT_SECONDS", "Committed", "Database", "StoreBusy", "sha256"]

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
    # 8: a count of the changes to teams and keys, kept by SQLite whoever writes them: how a server
    # notices another process's changes to the keys it has read (Database.auth_generation).
    """
    CREATE TABLE auth_version (n INTEGER NOT NULL);
    INSERT INTO auth_version (n) VALUES (0);
    CREATE TRIGGER teams_inserted AFTER INSERT ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER teams_updated AFTER UPDATE ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER teams_deleted AFTER DELETE ON teams BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_inserted AFTER INSERT ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_updated AFTER UPDATE ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END;
    CREATE TRIGGER keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE auth_version SET n = n + 1; END
    """,
    # 9: the job an idempotency key started, claimed in the same unit as the job (a crash leaves
    # both or neither), so that a retry with the key can be told which job it started.
    """
    ALTER TABLE idempotency_keys ADD COLUMN job_id TEXT;
    ALTER TABLE idempotency_keys ADD COLUMN team_id TEXT
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


# A unit's result once committed: an asyncio future for a unit handed over on the event loop's
# thread (resolved there), a thread-safe one for any other.
Committed = Future[T] | asyncio.Future[T]
_Unit = tuple[Callable[[sqlite3.Connection], Any], Committed[Any]]

# Off the event loop, a connection waits this long for a lock another process holds.
BUSY_TIMEOUT_MS = 30_000
# On the loop, a batch whose BEGIN finds the file locked is tried again every LOCK_RETRY_SECONDS,
# and fails (the requests answer their documented 500) after LOCK_WAIT_SECONDS.
LOCK_RETRY_SECONDS = 0.005
LOCK_WAIT_SECONDS = 2.0


class StoreBusy(sqlite3.OperationalError):
    """Another process held the database's write lock for longer than a request may wait."""


def _is_busy(failure: BaseException) -> bool:
    code = getattr(failure, "sqlite_errorcode", None) if isinstance(failure, sqlite3.OperationalError) else None
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)  # extended codes too


def _run_units(tx: sqlite3.Connection, batch: list[_Unit]) -> list[tuple[bool, Any]]:
    """Each unit in a savepoint of its own: (True, result), or (False, exception) with its writes
    rolled back."""
    outcomes: list[tuple[bool, Any]] = []
    for unit, _ in batch:
        tx.execute("SAVEPOINT unit")
        try:
            outcomes.append((True, unit(tx)))
        except BaseException as error:
            tx.execute("ROLLBACK TO unit")
            outcomes.append((False, error))
        tx.execute("RELEASE unit")
    return outcomes


def _resolve(batch: list[_Unit], outcomes: list[tuple[bool, Any]], failure: BaseException | None) -> None:
    """Each unit's future, once its batch is committed (or ``failure``, when the batch was not)."""
    if failure is not None:
        for _, future in batch:
            if not future.done():
                future.set_exception(failure)
        return
    for (ok, value), (_, future) in zip(outcomes, batch, strict=True):
        if future.done():
            continue  # a request cancelled while its unit waited (the unit ran all the same)
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


# The migration after which no secret may be left anywhere in the file (see Database._migrate).
_KEYS_HASHED = 3


def sha256(text: str) -> str:
    # Keys are 128 random bits: a fast hash is enough (no password stretching needed).
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Database:
    """One writer connection, and one reader connection per thread.

    WAL lets readers run beside the writer: a read never waits for a write or its fsync, so the
    event loop may read (a key, a balance) while a commit is in progress. Inside a transaction a
    thread reads through the writer, and sees its own writes.

    Where the units run: by default in the writer thread, which takes every unit waiting and
    commits them together. Once :meth:`attach` ties the database to the server's event loop, the
    units run on the loop's thread instead, between requests, and only the ``COMMIT`` (its fsync)
    goes to a thread. Python's sqlite3 gives the GIL up around every statement: a writer thread
    and the loop handed it to each other several times per unit, each hand-off a wait of up to
    the switch interval for whichever was behind. On the loop, a unit's statements take the GIL
    back at once, and the loop hands off once per batch.
    """

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Held from BEGIN to COMMIT or ROLLBACK (not re-entrant: a batch the loop begins, the
        # committer thread ends and releases); ``_owner`` is the thread running the transaction.
        self._lock = threading.Lock()
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
        # Attached to an event loop (see attach): where units go, and what the loop has queued.
        self._routing = threading.Lock()  # guards _home and _inbox against other threads
        self._home: asyncio.AbstractEventLoop | None = None
        self._home_thread: int | None = None
        self._inbox: list[_Unit] = []  # units from other threads, for the loop to take
        self._pending: list[_Unit] = []  # loop thread only: the next batch
        self._flush_due = False  # loop thread only: a flush is scheduled
        self._committing = False  # loop thread only: a batch is with the committer
        self._commits: queue.SimpleQueue[tuple[list[_Unit], list[tuple[bool, Any]]] | None] = queue.SimpleQueue()
        self._committer: threading.Thread | None = None
        self._taken = threading.Event()
        self._busy_since: float | None = None  # loop thread only: since when BEGIN finds the file locked
        # Teams and keys change rarely; every request reads its key. ``auth_generation`` moves on
        # once a change is committed: through this connection (its temporary triggers call back
        # at once), or by anyone (the ``auth_version`` count, read by notice_auth_changes).
        self.auth_generation = 0
        self._auth_touched = False
        self._auth_seen: int | None = None
        self._generation_lock = threading.Lock()
        self._migrate()
        self._db.create_function("webdata_auth_touched", 0, self._touch_auth)
        for table, event in itertools.product(("teams", "api_keys"), ("INSERT", "UPDATE", "DELETE")):
            self._db.execute(f"CREATE TEMP TRIGGER webdata_{table}_{event.lower()} AFTER {event} ON main.{table} BEGIN SELECT webdata_auth_touched(); END")

    def _touch_auth(self) -> None:
        self._auth_touched = True  # (the writer's thread, inside the transaction)

    def _ended(self) -> None:
        """After a COMMIT or ROLLBACK of the writer (its lock still held): a change to teams or keys
        in it moves ``auth_generation`` on (after a rollback too: needlessly, never wrongly)."""
        if self._auth_touched:
            self._auth_touched = False
            self._next_generation()

    def _next_generation(self) -> None:
        with self._generation_lock:
            self.auth_generation += 1

    def notice_auth_changes(self) -> None:
        """Moves ``auth_generation`` on if teams or keys changed since the last call, whoever
        changed them (another process included): the app calls it every few tens of ms."""
        row = self.read_one("SELECT n FROM auth_version")
        seen = int(row[0]) if row is not None else None
        if seen != self._auth_seen:
            if self._auth_seen is not None:
                self._next_generation()
            self._auth_seen = seen

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        connection.row_factory = sqlite3.Row
        return connection

    def close(self) -> None:
        if self._committer is not None:  # attached and never detached (the loop is gone)
            self._commits.put(None)
            self._committer.join()
            self._committer = None
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
        me = threading.get_ident()
        if self._owner == me:
            self._depth += 1
            try:
                yield self._db
            finally:
                self._depth -= 1
            return
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._depth, self._owner = 1, me
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            else:
                self._db.execute("COMMIT")
            finally:
                self._depth, self._owner = 0, None
                self._ended()

    def write(self, unit: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``unit`` with the writer connection and return its result once it is committed.

        ``unit`` either completes (its writes commit, with the batch) or raises (its writes are
        rolled back, the exception re-raised here). Inside a transaction or a batch it runs at
        once, as part of the enclosing unit. On the event loop's thread (which cannot wait for
        itself) it runs in a transaction of its own.
        """
        me = threading.get_ident()
        if self._owner == me:
            return unit(self._db)
        if me == self._home_thread:
            with self.transaction() as tx:
                return unit(tx)
        committed = self.submit(unit)
        assert isinstance(committed, Future)  # (this is not the loop's thread)
        return committed.result()

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Committed[T]:
        """Queue ``unit`` for the next batch without waiting: the future resolves once it is
        committed (or fails with its exception, nothing of it written). The event loop awaits it,
        so no thread waits on the fsync. On the attached loop's thread the future is the loop's
        (a thread-safe one would build a lock and a condition for nothing)."""
        home = self._home
        if home is not None and threading.get_ident() == self._home_thread:
            mine: asyncio.Future[T] = home.create_future()
            self._pending.append((unit, mine))
            self._schedule()
            return mine
        future: Future[T] = Future()
        if home is not None:
            with self._routing:
                home = self._home
                if home is not None:
                    self._inbox.append((unit, future))
                    if len(self._inbox) == 1:
                        home.call_soon_threadsafe(self._take_inbox)
                    return future
        if self._writer is None:
            with self._bookkeeping:
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write_batches, name="webdata-writer", daemon=True)
                    self._writer.start()
        self._units.put((unit, future))
        return future

    # -- units on the writer thread (no event loop attached) ---------------------------------
    def _write_batches(self) -> None:
        while True:
            first = self._units.get()
            if first is None:
                return
            batch: list[_Unit] = [first]
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

    def _commit(self, batch: list[_Unit]) -> None:
        try:
            with self.transaction() as tx:
                outcomes = _run_units(tx, batch)
        except BaseException as failure:
            _resolve(batch, [], failure)
            return
        _resolve(batch, outcomes, None)

    # -- units on the event loop's thread (attached) ----------------------------------------
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run units on ``loop``'s thread from now on (called on that thread), each batch
        committed by a committer thread while the loop goes on; until :meth:`detach`."""
        self._committer = threading.Thread(target=self._commit_batches, args=(loop,), name="webdata-committer", daemon=True)
        self._committer.start()
        with self._lock:
            self._db.execute("PRAGMA busy_timeout=0")  # the loop never waits for another process's lock
        with self._routing:
            self._home, self._home_thread = loop, threading.get_ident()

    async def detach(self) -> None:
        """Back to the writer thread, once every unit the loop holds is committed."""
        with self._routing:
            self._home = None
            stray, self._inbox = self._inbox, []
        self._pending.extend(stray)
        while self._committing or self._pending:
            if not self._committing and not self._flush_due:
                self._flush()
            await asyncio.sleep(0.001)
        self._home_thread = None
        if self._committer is not None:
            self._commits.put(None)
            self._committer.join()
            self._committer = None
        with self._lock:
            self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")

    def _take_inbox(self) -> None:
        with self._routing:
            taken, self._inbox = self._inbox, []
        self._pending.extend(taken)
        self._schedule()

    def _schedule(self, delay: float = 0.0) -> None:
        if self._flush_due or self._committing:
            return  # the flush to come, or the end of the commit, takes the units
        self._flush_due = True
        loop = asyncio.get_running_loop()
        if delay:
            loop.call_later(delay, self._flush)
        else:
            loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Begin a transaction, run every pending unit in it, and hand it to the committer."""
        self._flush_due = False
        if self._committing or not self._pending:
            return
        if not self._lock.acquire(blocking=False):
            # Another thread's transaction (administration, a first balance read): try again shortly.
            self._schedule(delay=0.001)
            return
        batch, self._pending = self._pending, []
        try:
            self._db.execute("BEGIN IMMEDIATE")  # busy_timeout 0 on the loop (attach): never waits
        except BaseException as failure:
            self._lock.release()
            if _is_busy(failure):
                # Another process holds the write lock: try again in a few ms, the loop free meanwhile;
                # past LOCK_WAIT_SECONDS the batch fails (and later ones, until a BEGIN succeeds).
                now = time.monotonic()
                self._busy_since = self._busy_since or now
                if now - self._busy_since < LOCK_WAIT_SECONDS:
                    self._pending[:0] = batch
                    self._schedule(delay=LOCK_RETRY_SECONDS)
                    return
                failure = StoreBusy(f"the database is locked by another process (waited {LOCK_WAIT_SECONDS:g} s)")
            _resolve(batch, [], failure)
            return
        self._busy_since = None
        self._depth, self._owner = 1, threading.get_ident()
        try:
            outcomes = _run_units(self._db, batch)
        except BaseException as failure:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            self._ended()
            self._lock.release()
            _resolve(batch, [], failure)
            return
        finally:
            self._depth, self._owner = 0, None
        self._committing = True
        self._commits.put((batch, outcomes))
        # Wait (the GIL given up) until the committer has the batch in hand: otherwise it waits
        # for the GIL behind the busy loop, a switch interval or more, with the batch waiting.
        self._taken.wait(0.005)
        self._taken.clear()

    def _commit_batches(self, loop: asyncio.AbstractEventLoop) -> None:
        """The committer thread: commits each batch the loop began (the fsync, with the GIL
        released), releases the connection and tells the loop."""
        while True:
            item = self._commits.get()
            if item is None:
                return
            batch, outcomes = item
            failure: BaseException | None = None
            self._taken.set()
            try:
                self._db.execute("COMMIT")
            except BaseException as error:
                failure = error
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            finally:
                self._ended()
                self._lock.release()
            loop.call_soon_threadsafe(self._committed, batch, outcomes, failure)

    def _committed(self, batch: list[_Unit], outcomes: list[tuple[bool, Any]], failure: BaseException | None) -> None:
        self._committing = False
        _resolve(batch, outcomes, failure)
        if self._pending:
            self._flush()  # what came in during the commit: the next batch

    def in_transaction(self) -> bool:
        """Whether this thread is inside a transaction (its reads go through the writer)."""
        return self._owner == threading.get_ident()

    def _reader(self) -> sqlite3.Connection | None:
        """This thread's reader, or None inside this thread's transaction (read through the writer)."""
        if self.in_transaction():
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
        return (reader or self._db).execute(sql, args).fetchall()

    def read_one(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Row | None:
        reader = self._reader()
        row: sqlite3.Row | None = (reader or self._db).execute(sql, args).fetchone()
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
