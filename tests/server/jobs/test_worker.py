"""The job worker's passes: short while requests are being answered, longer while nobody waits."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from webdata_server.domain import JobKind, JobStatus, now_utc
from webdata_server.jobs import worker
from webdata_server.jobs.worker import READ_SLICE, Demand, finish_due
from webdata_server.store import Store
from webdata_server.store.jobs import Move

PAGE_SECONDS = 0.002


class _Engine:
    """Finishes one page every PAGE_SECONDS, as long as the pass lets it (never runs out of pages)."""

    def __init__(self) -> None:
        self.pages = 0

    def advance(self, job: Any, *, stop: Callable[[], bool] | None = None) -> int:
        assert stop is not None
        while True:
            time.sleep(PAGE_SECONDS)
            self.pages += 1
            if stop():
                return self.pages


def _pass(demand: Demand | None) -> tuple[bool, int, float]:
    job = SimpleNamespace(kind=JobKind.CRAWL, id="job")
    store: Any = SimpleNamespace(jobs=SimpleNamespace(due=lambda moment, ending: ([job.id], []), active=lambda ids: {i: job for i in ids if i == job.id}))
    engine = _Engine()
    started = time.monotonic()
    busy = finish_due(store, engine, demand=demand, budget=0.010, idle_budget=0.100)  # type: ignore[arg-type]
    return busy, engine.pages, time.monotonic() - started


def test_a_pass_yields_after_its_budget_while_a_request_is_in_flight() -> None:
    with Demand() as demand:
        busy, pages, took = _pass(demand)
    assert busy and demand.in_flight == 0
    # Every page takes at least 2 ms and the pass stops after the page that crosses 10 ms.
    assert took >= 0.010 and pages <= 6


def test_a_pass_runs_to_the_idle_budget_while_nobody_waits() -> None:
    busy, pages, took = _pass(Demand())
    assert busy
    assert took >= 0.100 and pages > 6


def test_without_a_demand_counter_a_pass_keeps_the_short_budget() -> None:
    busy, pages, took = _pass(None)
    assert busy and took >= 0.010 and pages <= 6


def test_a_pass_finishes_due_jobs_read_a_slice_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More due jobs than one read holds (READ_SLICE) all end in one idle pass, a job cancelled
    after the list was read is left as it is, and each slice is one query."""
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    caller = store.teams.authenticate(store.teams.create_key(team_id=team.id))
    assert caller is not None
    moment = now_utc()
    jobs = [
        store.write(
            lambda tx: store.jobs.insert(
                tx, caller=caller, kind=JobKind.EXTRACT, request={"urls": ["https://example.com"], "prompt": "p"}, seconds=0, credits=0, moment=moment
            )
        )
        for _ in range(2 * READ_SLICE + 5)
    ]
    reads: list[int] = []
    original = store.jobs.active

    def active(job_ids: list[str]) -> dict[str, Any]:
        reads.append(len(job_ids))
        if len(reads) == 2:  # cancelled after the pass listed it as due
            cancel = store.jobs.moves([Move(job_ids[0], JobStatus.CANCELLED)], allowed_from=None, moment=now_utc())
            store.write(lambda tx: store.jobs.transition(tx, cancel))
        return original(job_ids)

    monkeypatch.setattr(store.jobs, "active", active)
    assert finish_due(store, engine=None, budget=5, idle_budget=5) is False  # type: ignore[arg-type]
    statuses = Counter(store.jobs.get(job.id, team_id=team.id, kind=JobKind.EXTRACT).status for job in jobs)  # type: ignore[union-attr]
    store.close()
    assert sorted(reads) == sorted([READ_SLICE, READ_SLICE, 5])
    assert statuses == {JobStatus.COMPLETED: len(jobs) - 1, JobStatus.CANCELLED: 1}


def test_a_pass_lists_a_bounded_part_of_a_backlog_and_says_more_is_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A backlog of due extract jobs is listed ENDING_PER_PASS at a time, soonest first, with every
    running crawl beside them; a pass that ended a full list says so (the next follows at once),
    and the one that ends the rest does not."""
    monkeypatch.setattr(worker, "ENDING_PER_PASS", 10)
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    caller = store.teams.authenticate(store.teams.create_key(team_id=team.id))
    assert caller is not None
    start = now_utc() - timedelta(seconds=60)

    def job(kind: JobKind, n: int) -> str:
        moment = start + timedelta(seconds=n)
        return store.write(
            lambda tx: store.jobs.insert(
                tx, caller=caller, kind=kind, request={"urls": ["https://example.com"], "prompt": "p"}, seconds=0, credits=0, moment=moment
            )
        ).id

    extracts = [job(JobKind.EXTRACT, n) for n in range(15)]
    crawls = [job(JobKind.CRAWL, 20 + n) for n in range(3)]
    running, ending = store.jobs.due(now_utc(), ending=10)
    assert (running, ending) == (crawls, extracts[:10])
    listed = store.jobs.due
    # The crawls are left out of the passes below: there is no engine here to move them on.
    monkeypatch.setattr(store.jobs, "due", lambda moment, ending: ([], listed(moment, ending=ending)[1]))

    def statuses() -> list[JobStatus]:
        return [store.jobs.get(i, team_id=team.id, kind=JobKind.EXTRACT).status for i in extracts]  # type: ignore[union-attr]

    assert finish_due(store, engine=None, budget=5, idle_budget=5) is True  # type: ignore[arg-type]
    assert statuses() == [JobStatus.COMPLETED] * 10 + [JobStatus.PROCESSING] * 5
    assert finish_due(store, engine=None, budget=5, idle_budget=5) is False  # type: ignore[arg-type]
    assert statuses() == [JobStatus.COMPLETED] * 15
    store.close()
