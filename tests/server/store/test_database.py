"""Group commit: units from many threads share commits, each still all-or-nothing."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from webdata_server.store import Store
from webdata_server.store import database as database_module


class Refused(Exception):
    pass


def test_units_share_commits_and_a_failing_unit_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    batches: list[int] = []
    original = database_module.Database._commit

    def counting(self: database_module.Database, batch: list[object]) -> None:
        batches.append(len(batch))
        original(self, batch)  # type: ignore[arg-type]

    monkeypatch.setattr(database_module.Database, "_commit", counting)
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
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
    statements = database_module._statements(script)
    assert len(statements) == 3
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    db = sqlite3.connect(":memory:")
    for statement in statements:
        db.execute(statement)
    db.execute("INSERT INTO a VALUES (1)")
    assert db.execute("SELECT x FROM a").fetchall() == [(2,)]
