"""The running totals beside the ledger: always equal to what the ledger rows add up to."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from webdata_server.domain import Caller, Charge, now_utc
from webdata_server.errors import InsufficientCredits
from webdata_server.store import LedgerEntry, Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "ledger.sqlite3")
    yield opened
    opened.close()


def _summed(store: Store, team_id: str, start: datetime, end: datetime) -> int:
    rows = store.ledger.rows(team_id)
    return sum(r["credits"] for r in rows if start.isoformat()[:19] <= r["created_at"][:19] < end.isoformat()[:19])


def test_concurrent_charges_keep_the_balance_equal_to_the_ledger(store: Store) -> None:
    team = store.teams.create(name="t", plan_tokens=15 * 1000)
    key_id, _ = store.teams.create_key_with_id(team_id=team.id)
    caller = Caller(team, key_id)

    def charge(n: int) -> bool:
        def unit(tx: sqlite3.Connection) -> int:
            return store.ledger.charge(tx, caller=caller, charges=[Charge("scrapeUrl", 1 + n % 3)], tokens_per_credit=15, moment=now_utc())

        try:
            store.write(unit)
            return True
        except InsufficientCredits:
            return False

    with ThreadPoolExecutor(16) as pool:
        outcomes = list(pool.map(charge, range(800)))
    refused = outcomes.count(False)
    start, end = team.current_period(now_utc())
    used = store.ledger.used(team, now_utc())
    assert used == _summed(store, team.id, start, end) == sum(r["credits"] for r in store.ledger.rows(team.id))
    assert used <= 1000 and refused > 0  # the plan (1000 credits) was never overdrawn, and ran out
    assert 1000 - used < 3  # charges stopped only when the next one no longer fit


def test_balance_of_a_period_is_read_from_the_ledger_once_then_kept(store: Store) -> None:
    team = store.teams.create(name="t", plan_tokens=15 * 10**9)
    key_id, _ = store.teams.create_key_with_id(team_id=team.id)
    start, _ = team.current_period(now_utc())
    with store.transaction() as tx:
        store.ledger.add(tx, [LedgerEntry(team.id, key_id, "scrapeUrl", 2, start + timedelta(seconds=n)) for n in range(500)])
    assert store.ledger.used(team, now_utc()) == 1000  # no running balance yet: summed, then stored
    with store.transaction() as tx:
        # Rows added later (here without a charge's balance check) move the stored balance too.
        store.ledger.add(tx, [LedgerEntry(team.id, key_id, "startAgent", 5, now_utc())])
        tx.execute("DELETE FROM ledger WHERE team_id = ?", (team.id,))  # the stored total is what is read now
    assert store.ledger.used(team, now_utc()) == 1005


def test_monthly_totals_match_the_ledger_by_month_and_key(store: Store) -> None:
    team = store.teams.create(name="t", plan_tokens=None)
    first, _ = store.teams.create_key_with_id(team_id=team.id)
    second, _ = store.teams.create_key_with_id(team_id=team.id)
    entries = [
        LedgerEntry(team.id, key, "scrapeUrl", credits, datetime(2026, month, day, tzinfo=UTC))
        for month, day, key, credits in [(9, 1, first, 3), (9, 30, second, 4), (10, 2, first, 5), (10, 2, first, 6)]
    ]
    with store.transaction() as tx:
        store.ledger.add(tx, entries[:2])
    with store.transaction() as tx:
        store.ledger.add(tx, entries[2:])
    assert store.ledger.monthly(team.id, by_key=True) == {("2026-09", first): 3, ("2026-09", second): 4, ("2026-10", first): 11}
    assert store.ledger.monthly(team.id, by_key=False) == {("2026-09", None): 7, ("2026-10", None): 11}
