"""The database file: one SQLite writer connection (WAL), readers beside it; the schema is
:mod:`webdata_server.store.migrations`', the auth cache's change watch :mod:`webdata_server.store.auth`'s.

Every write commits before the server answers, with ``synchronous=FULL``, so an acknowledged
job or charge survives a restart or a kill -9. A request's writes (its job, its charges, its
cache entry, its log line) are one unit: they happen together or not at all.

Requests write through :meth:`Database.write` and :meth:`Database.submit` (group commit): every
unit waiting is run in its own savepoint inside one ``BEGIN IMMEDIATE`` transaction, and they are
committed with one fsync; each caller gets its result (or its exception, its savepoint rolled
back) only after that commit. Units run one after another, so each sees the ones before it:
concurrent charges add up exactly, as with a transaction each, for one fsync per batch.

Where the units run is a commit strategy, one class each behind one ``submit``:
:class:`ThreadCommitter` (a writer thread takes the units waiting and commits them: the admin
commands, tests of the store, a server before its loop starts) and :class:`LoopCommitter` (in
the server, :meth:`Database.attach`: the units run on the event loop's thread between requests,
and only each batch's ``COMMIT``, its fsync, goes to a committer thread).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from webdata_server.store import migrations
from webdata_server.store.auth import AuthWatch
from webdata_server.store.migrations import sha256

T = TypeVar("T")

__all__ = ["LOCK_WAIT_SECONDS", "BusyReport", "Checkpointer", "Committed", "Database", "LoopCommitter", "StoreBusy", "ThreadCommitter", "sha256"]


_log = logging.getLogger("webdata_server.store")

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


# While attached to the server's loop, the log is copied into the database file after this many
# commits, by the Checkpointer (SQLite's automatic checkpoint, inside a COMMIT, is off).
CHECKPOINT_COMMITS = 128
# SQLite's default automatic checkpoint, in pages, restored when the loop lets go.
AUTOCHECKPOINT_PAGES = 1000


class StoreBusy(sqlite3.OperationalError):
    """Another process held the database's write lock for longer than a request may wait."""


class BusyReport:
    """One log line per :data:`BUSY_REPORT_SECONDS` for writes that failed on another process's
    lock, counting them, instead of a traceback each (3,147 in 5 s under a held lock)."""

    def __init__(self, logger: logging.Logger) -> None:
        self._log = logger
        self._lock = threading.Lock()
        self._since = 0.0
        self._failed = 0

    def failed(self, what: str, failure: BaseException) -> None:
        with self._lock:
            self._failed += 1
            now = time.monotonic()
            if now - self._since < BUSY_REPORT_SECONDS:
                return
            count, self._failed, self._since = self._failed, 0, now
        self._log.warning("%s: %s (%d write(s) failed this way since the last report)", what, failure, count)


BUSY_REPORT_SECONDS = 5.0


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


class Database:
    """One writer connection, and one reader connection per thread.

    WAL lets readers run beside the writer: a read never waits for a write or its fsync, so the
    event loop may read (a key, a balance) while a commit is in progress. Inside a transaction a
    thread reads through the writer, and sees its own writes.

    Units go to the current commit strategy (:attr:`committer`): a :class:`ThreadCommitter`
    until :meth:`attach` ties the database to the server's event loop, a :class:`LoopCommitter`
    from then until :meth:`detach`. Python's sqlite3 gives the GIL up around every statement: a
    writer thread and the loop handed it to each other several times per unit, each hand-off a
    wait of up to the switch interval for whichever was behind. On the loop, a unit's statements
    take the GIL back at once, and the loop hands off once per batch.
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
        # Guards the list of reader connections (not the writer).
        self._bookkeeping = threading.Lock()
        self._threaded = ThreadCommitter(self)
        self.committer: ThreadCommitter | LoopCommitter = self._threaded
        # Transactions this process ended, committed or not (moved under the write lock, after the
        # COMMIT): an answer read from the database holds while it stays the same (queue status).
        self.commits = 0
        # While attached: the thread that copies the log into the file (see Checkpointer).
        self.checkpointer: Checkpointer | None = None
        # Teams and keys change rarely; every request reads its key (the auth cache: store/auth.py).
        self.auth = AuthWatch(self._auth_version)
        self._migrate()
        self.auth.install(self._db)

    def _ended(self) -> None:
        """A transaction ended (its COMMIT or ROLLBACK done; the write lock still held)."""
        self.commits += 1
        self.auth.ended()
        if self.checkpointer is not None:
            self.checkpointer.ended()

    def _auth_version(self) -> int | None:
        row = self.read_one("SELECT n FROM auth_version")
        return int(row[0]) if row is not None else None

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        connection.row_factory = sqlite3.Row
        return connection

    def close(self) -> None:
        if isinstance(self.committer, LoopCommitter):  # attached and never detached (the loop is gone)
            self.committer.close()
            self.committer = self._threaded
        if self.checkpointer is not None:
            self.checkpointer.close()
            self.checkpointer = None
        self._threaded.close()
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
        if self.committer.runs_on(me):
            with self.transaction() as tx:
                return unit(tx)
        committed = self.submit(unit)
        assert isinstance(committed, Future)  # (this is not the loop's thread)
        return committed.result()

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Committed[T]:
        """Queue ``unit`` for the next batch without waiting: the future resolves once it is
        committed (or fails with its exception, nothing of it written)."""
        return self.committer.submit(unit)

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run units on ``loop``'s thread from now on (called on that thread), each batch
        committed by a committer thread while the loop goes on; until :meth:`detach`."""
        with self._lock:
            self._db.execute("PRAGMA busy_timeout=0")  # the loop never waits for another process's lock
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # the Checkpointer's, beside the commits
            self.checkpointer = Checkpointer(self._connect())
        self.committer = LoopCommitter(self, loop, fallback=self._threaded)

    async def detach(self) -> None:
        """Back to the writer thread, once every unit the loop holds is committed."""
        attached = self.committer
        if isinstance(attached, LoopCommitter):
            await attached.drain()
            self.committer = self._threaded
            attached.close()
        with self._lock:
            self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self._db.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
            checkpointer, self.checkpointer = self.checkpointer, None
        if checkpointer is not None:
            checkpointer.close()

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
        with self.transaction() as db:
            before = migrations.apply(db)
        if migrations.needs_vacuum(before):
            # The plain keys are gone from the tables but not yet from freed pages and the WAL.
            with self._lock:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                self._db.execute("VACUUM")
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


class Checkpointer:
    """Copies the write-ahead log into the database file (``PRAGMA wal_checkpoint(PASSIVE)``) in a
    thread and on a connection of its own, every :data:`CHECKPOINT_COMMITS` commits, while writers
    and readers go on. SQLite's automatic checkpoint runs inside the ``COMMIT`` that crosses its
    threshold: that commit, and every request whose writes waited on it, took the copy and its
    fsync (commits of up to 70 ms under map's load, its p99 with them; benchmarks/README.md)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        self._connection.execute("PRAGMA synchronous=FULL")
        self._since = 0  # commits since the last checkpoint began (the committer's count)
        self._due = threading.Event()
        self._stopping = False
        self.checkpoints = 0
        self._thread = threading.Thread(target=self._run, name="webdata-checkpointer", daemon=True)
        self._thread.start()

    def ended(self) -> None:
        """A transaction ended (under the write lock): a checkpoint is due every CHECKPOINT_COMMITS."""
        self._since += 1
        if self._since >= CHECKPOINT_COMMITS:
            self._since = 0
            self._due.set()

    def _run(self) -> None:
        while True:
            self._due.wait()
            self._due.clear()
            if self._stopping:
                return
            try:
                self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                self.checkpoints += 1
            except sqlite3.Error as error:  # another process's checkpoint, a full disk: the next one tries again
                _log.warning("checkpoint failed: %s", error)

    def close(self) -> None:
        self._stopping = True
        self._due.set()
        self._thread.join()
        self._connection.close()


class ThreadCommitter:
    """Units run and committed by a writer thread of their own, started at the first unit: it
    takes every unit waiting, runs them in one transaction (a savepoint each) and commits them
    together."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self._units: queue.SimpleQueue[_Unit | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._starting = threading.Lock()

    def runs_on(self, thread: int) -> bool:
        """Whether units run on ``thread`` (a caller there could not wait for them)."""
        return False  # the writer thread only runs units, it never submits one

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Future[T]:
        if self._thread is None:
            with self._starting:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._write_batches, name="webdata-writer", daemon=True)
                    self._thread.start()
        future: Future[T] = Future()
        self._units.put((unit, future))
        return future

    def close(self) -> None:
        if self._thread is not None:
            self._units.put(None)
            self._thread.join()
            self._thread = None

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
            with self._database.transaction() as tx:
                outcomes = _run_units(tx, batch)
        except BaseException as failure:
            _resolve(batch, [], failure)
            return
        _resolve(batch, outcomes, None)


class LoopCommitter:
    """Units run on an event loop's thread, between requests; each batch's ``COMMIT`` (its fsync,
    with the GIL released) by a committer thread while the loop goes on. A unit submitted from
    another thread waits in an inbox the loop takes; once closed, units go to ``fallback``."""

    def __init__(self, database: Database, loop: asyncio.AbstractEventLoop, *, fallback: ThreadCommitter) -> None:
        self._database = database
        self._fallback = fallback
        self._routing = threading.Lock()  # guards _home and _inbox against other threads
        self._home: asyncio.AbstractEventLoop | None = loop
        self.thread = threading.get_ident()  # the loop's thread (attach is called on it)
        self._inbox: list[_Unit] = []  # units from other threads, for the loop to take
        self._pending: list[_Unit] = []  # loop thread only: the next batch
        self._flush_due = False  # loop thread only: a flush is scheduled
        self._committing = False  # loop thread only: a batch is with the committer
        self._commits: queue.SimpleQueue[tuple[list[_Unit], list[tuple[bool, Any]]] | None] = queue.SimpleQueue()
        self._taken = threading.Event()
        self._busy_since: float | None = None  # loop thread only: since when BEGIN finds the file locked
        self._committer: threading.Thread | None = threading.Thread(target=self._commit_batches, args=(loop,), name="webdata-committer", daemon=True)
        self._committer.start()

    def runs_on(self, thread: int) -> bool:
        return thread == self.thread

    def submit(self, unit: Callable[[sqlite3.Connection], T]) -> Committed[T]:
        """On the loop's thread the future is the loop's (a thread-safe one would build a lock and
        a condition for nothing), awaited there so no thread waits on the fsync."""
        home = self._home
        if home is not None and threading.get_ident() == self.thread:
            if self._inbox:
                # Units other threads handed over first run first: a session's run in a worker
                # thread, then the next on the loop, are written in their order.
                self._move_inbox()
            mine: asyncio.Future[T] = home.create_future()
            self._pending.append((unit, mine))
            self._schedule()
            return mine
        if home is not None:
            future: Future[T] = Future()
            with self._routing:
                home = self._home
                if home is not None:
                    self._inbox.append((unit, future))
                    if len(self._inbox) == 1:
                        home.call_soon_threadsafe(self._take_inbox)
                    return future
        return self._fallback.submit(unit)  # detached meanwhile

    async def drain(self) -> None:
        """Stops taking units (later ones go to the fallback) and waits until every unit held is
        committed; on the loop's thread."""
        with self._routing:
            self._home = None
            stray, self._inbox = self._inbox, []
        self._pending.extend(stray)
        while self._committing or self._pending:
            if not self._committing and not self._flush_due:
                self._flush()
            await asyncio.sleep(0.001)

    def close(self) -> None:
        with self._routing:
            self._home = None
        if self._committer is not None:
            self._commits.put(None)
            self._committer.join()
            self._committer = None

    def _take_inbox(self) -> None:
        self._move_inbox()
        self._schedule()

    def _move_inbox(self) -> None:
        """The units other threads handed over join the next batch (on the loop's thread)."""
        with self._routing:
            taken, self._inbox = self._inbox, []
        self._pending.extend(taken)

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
        database = self._database
        if not database._lock.acquire(blocking=False):
            # Another thread's transaction (administration, a first balance read): try again shortly.
            self._schedule(delay=0.001)
            return
        batch, self._pending = self._pending, []
        try:
            database._db.execute("BEGIN IMMEDIATE")  # busy_timeout 0 on the loop (attach): never waits
        except BaseException as failure:
            database._lock.release()
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
        database._depth, database._owner = 1, threading.get_ident()
        try:
            outcomes = _run_units(database._db, batch)
        except BaseException as failure:
            with contextlib.suppress(sqlite3.Error):
                database._db.execute("ROLLBACK")
            database._ended()
            database._lock.release()
            _resolve(batch, [], failure)
            return
        finally:
            database._depth, database._owner = 0, None
        self._committing = True
        self._commits.put((batch, outcomes))
        # Wait (the GIL given up) until the committer has the batch in hand: otherwise it waits
        # for the GIL behind the busy loop, a switch interval or more, with the batch waiting.
        self._taken.wait(0.005)
        self._taken.clear()

    def _commit_batches(self, loop: asyncio.AbstractEventLoop) -> None:
        """The committer thread: commits each batch the loop began, releases the connection and
        tells the loop."""
        database = self._database
        while True:
            item = self._commits.get()
            if item is None:
                return
            batch, outcomes = item
            failure: BaseException | None = None
            self._taken.set()
            try:
                database._db.execute("COMMIT")
            except BaseException as error:
                failure = error
                with contextlib.suppress(sqlite3.Error):
                    database._db.execute("ROLLBACK")
            finally:
                database._ended()
                database._lock.release()
            loop.call_soon_threadsafe(self._committed, batch, outcomes, failure)

    def _committed(self, batch: list[_Unit], outcomes: list[tuple[bool, Any]], failure: BaseException | None) -> None:
        self._committing = False
        _resolve(batch, outcomes, failure)
        if self._pending:
            self._flush()  # what came in during the commit: the next batch
