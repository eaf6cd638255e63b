"""Group commit: units from many threads share commits, each still all-or-nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from webdata_server.store import Store, migrations
from webdata_server.store import database as database_module


class Refused(Exception):
    pass


def test_units_share_commits_and_a_failing_unit_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    batches: list[int] = []
    original = database_module.ThreadCommitter._commit

    def counting(self: database_module.ThreadCommitter, batch: list[object]) -> None:
        batches.append(len(batch))
        original(self, batch)  # type: ignore[arg-type]

    monkeypatch.setattr(database_module.ThreadCommitter, "_commit", counting)
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    batches.clear()  # the team's own unit (the tables write through units too)
    failures: list[BaseException] = []

    def unit(n: int) -> object:
        def write(tx: sqlite3.Connection) -> int:
            tx.execute("INSERT INTO scrape_log (team_id, key_id, url, proxy, created_at) VALUES (?, 'k', ?, 'basic', 'now')", (team.id, f"u{n}"))
            if n % 7 == 0:
                raise Refused(n)  # after its write: the write must be rolled back
            return n

        return write

    def work(offset: int) -> None:
        for n in range(offset, 400, 8):
            try:
                assert store.write(unit(n)) == n  # type: ignore[arg-type]
            except Refused as refused:
                failures.append(refused)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    logged = {row["url"] for row in store.scrape_log.rows(team.id)}
    store.close()
    assert logged == {f"u{n}" for n in range(400) if n % 7}
    assert sorted(int(str(f)) for f in failures) == [n for n in range(400) if n % 7 == 0]
    assert sum(batches) == 400 and max(batches) > 1  # one commit served several units


def test_a_write_inside_a_transaction_joins_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    with pytest.raises(Refused), store.transaction() as tx:
        store.write(lambda inner: inner.execute("UPDATE teams SET name = 'renamed' WHERE id = ?", (team.id,)))
        assert tx.execute("SELECT name FROM teams WHERE id = ?", (team.id,)).fetchone()[0] == "renamed"
        raise Refused()
    assert store.teams.get(team.id).name == "t"  # type: ignore[union-attr]
    store.close()


def test_a_migration_script_is_split_between_statements_not_inside_a_trigger() -> None:
    script = """
    CREATE TABLE a (x INTEGER);
    CREATE TRIGGER t AFTER INSERT ON a BEGIN UPDATE a SET x = x + 1; DELETE FROM a WHERE x > 9; END;
    CREATE INDEX a_x ON a(x)
    """
    statements = migrations.statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    db = sqlite3.connect(":memory:")
    for statement in statements:
        db.execute(statement)
    db.execute("INSERT INTO a VALUES (1)")
    assert db.execute("SELECT x FROM a").fetchall() == [(2,)]


def test_attached_units_run_on_the_loop_and_commit_in_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attached to an event loop, units from the loop and from other threads run on the loop's
    thread, share commits, and each is still all or nothing; a write made on the loop outside a
    unit commits on its own; detaching commits what the loop still holds."""
    committers: list[str] = []
    batches: list[int] = []
    original, settle = database_module.LoopCommitter._commit_batches, database_module.LoopCommitter._committed

    def committer(self: database_module.LoopCommitter, loop: asyncio.AbstractEventLoop) -> None:
        committers.append(threading.current_thread().name)
        original(self, loop)

    def counting(self: database_module.LoopCommitter, batch: list[object], outcomes: list[tuple[bool, object]], failure: BaseException | None) -> None:
        batches.append(len(batch))
        settle(self, batch, outcomes, failure)  # type: ignore[arg-type]

    monkeypatch.setattr(database_module.LoopCommitter, "_commit_batches", committer)
    monkeypatch.setattr(database_module.LoopCommitter, "_committed", counting)
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    ran_on: set[int] = set()
    failures: list[int] = []

    def unit(n: int) -> Callable[[sqlite3.Connection], int]:
        def write(tx: sqlite3.Connection) -> int:
            ran_on.add(threading.get_ident())
            tx.execute("INSERT INTO scrape_log (team_id, key_id, url, proxy, created_at) VALUES (?, 'k', ?, 'basic', 'now')", (team.id, f"u{n}"))
            if n % 7 == 0:
                raise Refused(n)
            return n

        return write

    def from_a_thread(offset: int) -> None:
        for n in range(offset, 200, 4):
            try:
                assert store.write(unit(n)) == n
            except Refused as refused:
                failures.append(int(str(refused)))

    async def main() -> tuple[int, list[int]]:
        loop = asyncio.get_running_loop()
        store.db.attach(loop)
        threads = [loop.run_in_executor(None, from_a_thread, offset) for offset in range(4)]
        futures = [store.submit(unit(n)) for n in range(200, 400)]
        outcomes = await asyncio.gather(*(asyncio.wrap_future(f) for f in futures), return_exceptions=True)
        await asyncio.gather(*threads)
        # A write on the loop's thread outside any unit cannot wait for the loop: it commits alone.
        store.write(lambda tx: tx.execute("UPDATE teams SET name = 'renamed' WHERE id = ?", (team.id,)))
        last = store.submit(unit(401))  # still held by the loop when detach begins
        await store.db.detach()
        assert last.done() and last.result() == 401
        return threading.get_ident(), [int(str(o)) for o in outcomes if isinstance(o, Refused)]

    loop_thread, refused_on_loop = asyncio.run(main())
    logged = [row["url"] for row in store.scrape_log.rows(team.id)]
    assert store.teams.get(team.id).name == "renamed"  # type: ignore[union-attr]
    store.close()
    expected = [n for n in [*range(400), 401] if n % 7]
    assert sorted(int(url[1:]) for url in logged) == expected
    assert sorted(failures + refused_on_loop) == [n for n in range(400) if n % 7 == 0]
    assert ran_on == {loop_thread}
    assert committers == ["webdata-committer"]
    assert sum(batches) == 401 and max(batches) >= 200  # the loop's units, queued in one go, shared one commit


def test_an_attached_loop_waits_for_another_threads_transaction(tmp_path: Path) -> None:
    """A transaction of another thread (administration) holds the connection: the loop's batch
    waits for it without blocking the loop, then commits after it."""
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    inside, release = threading.Event(), threading.Event()

    def administration() -> None:
        with store.transaction() as tx:
            tx.execute("UPDATE teams SET name = 'admin' WHERE id = ?", (team.id,))
            inside.set()
            release.wait(5)

    async def main() -> tuple[str, int]:
        loop = asyncio.get_running_loop()
        store.db.attach(loop)
        held = loop.run_in_executor(None, administration)
        await loop.run_in_executor(None, inside.wait, 5)
        submitted = store.submit(lambda tx: tx.execute("SELECT name FROM teams WHERE id = ?", (team.id,)).fetchone()[0])
        ticks = 0
        while ticks < 20:  # the loop keeps running while the batch waits
            await asyncio.sleep(0.002)
            ticks += 1
        assert not submitted.done()
        release.set()
        await held
        name = await asyncio.wrap_future(submitted)
        await store.db.detach()
        return name, ticks

    name, ticks = asyncio.run(main())
    store.close()
    assert name == "admin" and ticks == 20


def test_a_refused_batch_start_fails_its_units_and_the_next_batch_goes_on(tmp_path: Path) -> None:
    """Another process holding the write lock past the busy timeout fails the batch's units (not
    the loop), and the units after it commit."""
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    other = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)

    async def main() -> tuple[BaseException | None, int]:
        store.db.attach(asyncio.get_running_loop())
        store.db._db.execute("PRAGMA busy_timeout = 50")
        other.execute("BEGIN IMMEDIATE")
        blocked = store.submit(lambda tx: tx.execute("UPDATE teams SET name = 'a' WHERE id = ?", (team.id,)).rowcount)
        error: BaseException | None = None
        try:
            await asyncio.wrap_future(blocked)
        except sqlite3.OperationalError as failure:
            error = failure
        other.execute("ROLLBACK")
        after = await asyncio.wrap_future(store.submit(lambda tx: tx.execute("UPDATE teams SET name = 'b' WHERE id = ?", (team.id,)).rowcount))
        await store.db.detach()
        return error, after

    error, after = asyncio.run(main())
    assert isinstance(error, sqlite3.OperationalError) and "locked" in str(error)
    assert after == 1 and store.teams.get(team.id).name == "b"  # type: ignore[union-attr]
    other.close()
    store.close()


def test_units_another_thread_handed_over_run_before_the_loops_next(tmp_path: Path) -> None:
    """A unit submitted from a worker thread waits in the loop's inbox; a unit the loop submits
    after it runs after it (a session's run in a thread, then its next run on the loop, write their
    pages in that order), even before the loop has taken its inbox."""
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)

    def rename(name: str) -> Callable[[sqlite3.Connection], str]:
        def unit(tx: sqlite3.Connection) -> str:
            tx.execute("UPDATE teams SET name = ? WHERE id = ?", (name, team.id))
            return name

        return unit

    async def main() -> list[str]:
        store.db.attach(asyncio.get_running_loop())
        # Submitted from another thread while the loop waits for it (not running): it waits in the inbox.
        handed: list[Any] = []
        thread = threading.Thread(target=lambda: handed.append(store.submit(rename("thread"))))
        thread.start()
        thread.join()
        from_loop = store.submit(rename("loop"))  # the inbox is not taken yet
        assert isinstance(from_loop, asyncio.Future)  # the loop's own future
        names = [await asyncio.wrap_future(handed[0]), await from_loop]
        await store.db.detach()
        return names

    assert asyncio.run(main()) == ["thread", "loop"]
    assert store.teams.get(team.id).name == "loop"  # type: ignore[union-attr]
    store.close()


def test_an_attached_database_checkpoints_beside_the_commits_not_inside_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the loop, SQLite's automatic checkpoint (run inside the COMMIT that crosses its threshold,
    so that commit and every request waiting on it take the copy and its fsync) is off; the
    Checkpointer copies the log every CHECKPOINT_COMMITS commits in a thread of its own. Detached,
    the automatic checkpoint is back and the thread has ended."""
    monkeypatch.setattr(database_module, "CHECKPOINT_COMMITS", 4)
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)

    async def main() -> tuple[int, int, bool]:
        store.db.attach(asyncio.get_running_loop())
        checkpointer = store.db.checkpointer
        assert checkpointer is not None
        automatic = store.db._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        for n in range(9):  # one commit each: a checkpoint after the 4th and the 8th
            await store.submit(lambda tx, n=n: tx.execute("UPDATE teams SET name = ? WHERE id = ?", (f"n{n}", team.id)).rowcount)  # type: ignore[misc]
            for _ in range(500 if n in (3, 7) else 0):
                if checkpointer.checkpoints == (n + 1) // 4:
                    break
                await asyncio.sleep(0.01)
        await store.db.detach()
        return automatic, checkpointer.checkpoints, checkpointer._thread.is_alive()

    automatic, checkpoints, alive = asyncio.run(main())
    assert automatic == 0 and checkpoints == 2 and not alive
    assert store.db.checkpointer is None and store.db._db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == database_module.AUTOCHECKPOINT_PAGES
    # The log was copied: a fresh connection reads the last write from the file.
    assert store.teams.get(team.id).name == "n8"  # type: ignore[union-attr]
    store.close()
