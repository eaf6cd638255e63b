"""The credit ledger and its running totals.

The ``ledger`` table is the record: one row per charge, never updated. Beside it, in the same
transaction as every row, two running totals make reads independent of how long the ledger is:
``balances`` (credits of a team in one billing period) and ``usage_by_month`` (credits per
calendar month and key). A charge checks the balance and adds the row in one ``BEGIN IMMEDIATE``
transaction, so concurrent charges add up exactly and never overdraw the plan.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from webdata_server.domain import Caller, Charge, Team, iso
from webdata_server.errors import InsufficientCredits
from webdata_server.store.database import Database

__all__ = ["Ledger", "LedgerEntry"]


@dataclass(frozen=True)
class LedgerEntry:
    """One row of the ledger."""

    team_id: str
    key_id: str
    operation: str
    credits: int
    moment: datetime
    job_id: str | None = None


class Ledger:
    """The ``ledger``, ``balances`` and ``usage_by_month`` tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- reads -----------------------------------------------------------------------------
    def used(self, team: Team, moment: datetime) -> int:
        """Credits the team has used in its billing period containing ``moment``."""
        start, end = team.current_period(moment)
        row = self._db.read_one("SELECT credits FROM balances WHERE team_id = ? AND period_start = ? AND period_end = ?", (team.id, iso(start), iso(end)))
        if row is not None:
            return int(row["credits"])
        return self._db.write(lambda tx: self._balance(tx, team.id, start, end))

    @staticmethod
    def _balance(tx: sqlite3.Connection, team_id: str, start: datetime, end: datetime) -> int:
        """The period's running total, summed from the ledger once (the first time the period is read)."""
        key = (team_id, iso(start), iso(end))
        row = tx.execute("SELECT credits FROM balances WHERE team_id = ? AND period_start = ? AND period_end = ?", key).fetchone()
        if row is not None:
            return int(row["credits"])
        total = tx.execute("SELECT COALESCE(SUM(credits), 0) FROM ledger WHERE team_id = ? AND created_at >= ? AND created_at < ?", key).fetchone()[0]
        tx.execute("INSERT INTO balances (team_id, period_start, period_end, credits) VALUES (?, ?, ?, ?)", (*key, total))
        return int(total)

    def rows(self, team_id: str) -> list[sqlite3.Row]:
        """The team's ledger, oldest first."""
        return self._db.read("SELECT * FROM ledger WHERE team_id = ? ORDER BY id", (team_id,))

    def monthly(self, team_id: str, *, by_key: bool) -> dict[tuple[str, str | None], int]:
        """(month 'YYYY-MM', key id or None) -> credits, from the monthly totals."""
        rows = self._db.read("SELECT month, key_id, credits FROM usage_by_month WHERE team_id = ?", (team_id,))
        usage: Counter[tuple[str, str | None]] = Counter()
        for row in rows:
            usage[(row["month"], row["key_id"] if by_key else None)] += int(row["credits"])
        return dict(usage)

    # -- writes ----------------------------------------------------------------------------
    def charge(self, tx: sqlite3.Connection, *, caller: Caller, charges: Iterable[Charge], tokens_per_credit: int, moment: datetime) -> int:
        """Bill ``charges`` inside the caller's transaction; returns the credits billed.

        Raises :class:`InsufficientCredits` (and writes nothing) when the team has no plan or the
        charges would take its remaining tokens below zero.
        """
        owed = [c for c in charges if c.credits > 0]
        total = sum(c.credits for c in owed)
        if not total:
            return 0
        team = caller.team
        start, end = team.current_period(moment)
        used = self._balance(tx, team.id, start, end)
        if team.plan_tokens is None or team.plan_tokens - (used + total) * tokens_per_credit < 0:
            raise InsufficientCredits()
        self.add(tx, [LedgerEntry(team.id, caller.key_id, c.operation, c.credits, moment, c.job_id) for c in owed])
        return total

    def add(self, tx: sqlite3.Connection, entries: Iterable[LedgerEntry]) -> None:
        """Append rows to the ledger (no balance check: :meth:`charge` is how requests are billed;
        this also imports history). The trigger ``ledger_totals`` (migration 7) adds each row to
        its month's total and to every running balance whose period holds it, in the same step."""
        rows = [(e.team_id, e.key_id, e.operation, e.credits, e.job_id, iso(e.moment)) for e in entries]
        if rows:
            tx.executemany("INSERT INTO ledger (team_id, key_id, operation, credits, job_id, created_at) VALUES (?, ?, ?, ?, ?, ?)", rows)
