"""Keys read once per thread and kept until teams or keys change: a change made through this
process is seen at the next request, one made by another process once the server has looked at
the ``auth_version`` count (the app does every AUTH_WATCH_SECONDS)."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webdata_server import Settings, create_app
from webdata_server.domain import Caller
from webdata_server.store import Store
from webdata_server.store.auth import AUTH_WATCH_SECONDS


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "db.sqlite3")
    yield opened
    opened.close()


def _key(store: Store, **plan: int) -> tuple[str, str]:
    team = store.teams.create(name="t", plan_tokens=1000)
    if plan:
        store.teams.update(team.id, **plan)
    return team.id, store.teams.create_key(team_id=team.id)


def _plan_tokens(store: Store, secret: str) -> int | None:
    caller = store.teams.authenticate(secret)
    assert caller is not None
    return caller.team.plan_tokens


def _reads(store: Store) -> list[str]:
    """The key lookups that reach SQLite (counted by wrapping the store's lookup)."""
    seen: list[str] = []
    lookup = store.teams._caller

    def counted(digest: str) -> Caller | None:
        seen.append(digest)
        return lookup(digest)

    store.teams._caller = counted  # type: ignore[method-assign]
    return seen


def test_a_key_is_read_once_and_a_change_through_the_store_is_seen_at_once(store: Store) -> None:
    team_id, secret = _key(store)
    reads = _reads(store)
    assert [_plan_tokens(store, secret) for _ in range(3)] == [1000] * 3
    assert len(reads) == 1
    store.teams.update(team_id, plan_tokens=5)
    assert _plan_tokens(store, secret) == 5
    # Plain SQL through the store's own connection is seen at once too (its temporary triggers).
    with store.transaction() as db:
        db.execute("UPDATE teams SET plan_tokens = 7 WHERE id = ?", (team_id,))
    assert _plan_tokens(store, secret) == 7
    assert len(reads) == 3


def test_an_unknown_key_is_not_kept(store: Store) -> None:
    assert store.teams.authenticate("wd-nope") is None
    _, secret = _key(store)
    assert store.teams.authenticate(secret) is not None


def test_a_rolled_back_change_leaves_the_kept_key_right(store: Store) -> None:
    team_id, secret = _key(store)
    assert _plan_tokens(store, secret) == 1000
    with pytest.raises(RuntimeError), store.transaction() as db:
        db.execute("UPDATE teams SET plan_tokens = 1 WHERE id = ?", (team_id,))
        raise RuntimeError
    assert _plan_tokens(store, secret) == 1000


def test_each_thread_keeps_its_own_keys_and_all_see_a_change(store: Store) -> None:
    team_id, secret = _key(store)
    seen: list[int | None] = []

    def read() -> None:
        seen.append(_plan_tokens(store, secret))

    for _ in range(2):
        worker = threading.Thread(target=read)
        worker.start()
        worker.join()
        store.teams.update(team_id, plan_tokens=2000)
    assert seen == [1000, 2000]


def test_another_processs_change_is_seen_once_the_count_is_read(store: Store, tmp_path: Path) -> None:
    team_id, secret = _key(store)
    assert _plan_tokens(store, secret) == 1000
    store.db.auth.notice()
    other = sqlite3.connect(tmp_path / "db.sqlite3")
    with other:
        other.execute("UPDATE teams SET plan_tokens = 3 WHERE id = ?", (team_id,))
    other.close()
    assert _plan_tokens(store, secret) == 1000  # kept: nothing told this process yet
    store.db.auth.notice()
    assert _plan_tokens(store, secret) == 3


def test_the_count_follows_every_change_to_teams_and_keys(store: Store, tmp_path: Path) -> None:
    def count() -> int:
        row = store.db.read_one("SELECT n FROM auth_version")
        assert row is not None
        return int(row[0])

    before = count()
    team_id, _ = _key(store, rate_limit_per_minute=5)  # a team, its update and a key
    assert count() == before + 3
    other = sqlite3.connect(tmp_path / "db.sqlite3")
    with other:
        other.execute("DELETE FROM api_keys WHERE team_id = ?", (team_id,))
    other.close()
    assert count() == before + 4


def test_the_server_sees_another_processs_change_within_its_watch(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    team_id, secret = _key(store)
    headers = {"Authorization": f"Bearer {secret}"}
    with TestClient(create_app(Settings(database=store.path), store=store)) as client:
        assert client.get("/v2/team/token-usage", headers=headers).json()["data"]["planTokens"] == 1000
        other = sqlite3.connect(tmp_path / "db.sqlite3", timeout=10)
        with other:
            other.execute("UPDATE teams SET plan_tokens = 9 WHERE id = ?", (team_id,))
        other.close()
        deadline = time.monotonic() + 20 * AUTH_WATCH_SECONDS
        plan = None
        while time.monotonic() < deadline and plan != 9:
            plan = client.get("/v2/team/token-usage", headers=headers).json()["data"]["planTokens"]
            time.sleep(AUTH_WATCH_SECONDS / 5)
        assert plan == 9
    store.close()
