"""The job service: one clock moves every schedule (a test moves it and jobs finish without
sleeping), and each kind's cancel rule is its cancel operation's x-transitions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from webdata_server.config import read_bundle
from webdata_server.contract import Contract
from webdata_server.domain import JobKind, JobStatus
from webdata_server.jobs import JobService, ManualClock
from webdata_server.jobs.service import Cancel, cancel_rules
from webdata_server.store import Store

from tests.server.conftest import Api, Server


@dataclass
class _Moved:
    """A server whose jobs run on a clock the test moves (jobs take 30 s of it)."""

    server: Server
    clock: ManualClock

    @property
    def api(self) -> Api:
        return self.server.api

    @property
    def store(self) -> Store:
        return self.server.store

    @property
    def jobs(self) -> JobService:
        return self.server.jobs


@pytest.fixture
def moved(make_server: Callable[..., Server]) -> _Moved:
    clock = ManualClock()
    # The background worker passes rarely: the test's passes do the work.
    return _Moved(make_server(job_seconds=30.0, clock=clock, worker_interval=3600.0), clock)


def _status(moved: _Moved, operation: str, job: str) -> dict[str, Any]:
    answer = moved.api(operation, id=job) if operation != "getAgentStatus" else moved.api(operation, jobId=job)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_jobs_finish_when_the_clock_is_moved_not_before(moved: _Moved) -> None:
    crawl = moved.api("startCrawl", json={"url": "https://depth-4.quick.example.com", "limit": 100, "sitemap": "skip"}).json()["id"]
    batch = moved.api("startBatchScrape", json={"urls": [f"https://example.com/p{n}" for n in range(20)]}).json()["id"]
    extract = moved.api("startExtract", json={"urls": ["https://example.com"], "prompt": "title"}).json()["id"]
    # Kicked off, nothing due: the clock has not moved.
    moved.jobs.run_until_idle()
    assert _status(moved, "getCrawlStatus", crawl)["completed"] == 0
    assert _status(moved, "getExtractStatus", extract)["status"] == "processing"
    # Half the job's time: about half of each job's pages.
    moved.clock.advance(15)
    moved.jobs.run_until_idle()
    half = _status(moved, "getCrawlStatus", crawl)
    assert half["status"] == "scraping" and 40 <= half["completed"] <= 60
    assert 8 <= _status(moved, "getBatchScrapeStatus", batch)["completed"] <= 12
    assert _status(moved, "getExtractStatus", extract)["status"] == "processing"
    # The whole time: every job ended, the 100-page crawl included.
    moved.clock.advance(15)
    moved.jobs.run_until_idle()
    done = _status(moved, "getCrawlStatus", crawl)
    failed = len(moved.api("getCrawlErrors", id=crawl).json()["errors"])  # a failed page leaves both counters
    assert done["status"] == "completed" and done["completed"] == done["total"] == 100 - failed
    assert _status(moved, "getBatchScrapeStatus", batch)["completed"] == 20
    assert _status(moved, "getExtractStatus", extract)["status"] == "completed"


def test_a_job_read_after_its_time_is_finished_by_the_read(moved: _Moved) -> None:
    agent = moved.api("startAgent", json={"prompt": "find the price"}).json()["id"]
    assert _status(moved, "getAgentStatus", agent)["status"] == "processing"
    moved.clock.advance(30)
    assert _status(moved, "getAgentStatus", agent)["status"] == "completed"  # no pass ran: the read ended it
    job = moved.store.jobs.get(agent, team_id=moved.api.team_id or "", kind=JobKind.AGENT)
    # Written at the clock's instant (stored to the millisecond), not the wall clock's.
    assert job is not None and timedelta(0) <= moved.clock.now() - job.updated_at < timedelta(milliseconds=1)


def test_the_clock_never_goes_back() -> None:
    clock = ManualClock()
    start = clock.now()
    assert clock.advance(2.5) - start == timedelta(seconds=2.5)
    with pytest.raises(ValueError, match="does not go back"):
        clock.advance(-1)


def test_each_kinds_cancel_rule_is_its_operations_x_transitions() -> None:
    rules = cancel_rules(Contract.load(read_bundle()))
    assert rules[JobKind.BATCH_SCRAPE] == [Cancel(None, JobStatus.CANCELLED, 200)]
    assert rules[JobKind.CRAWL] == [
        Cancel(frozenset({JobStatus.SCRAPING}), JobStatus.CANCELLED, 200),
        Cancel(frozenset({JobStatus.CANCELLED}), None, 200),
        Cancel(frozenset({JobStatus.COMPLETED, JobStatus.FAILED}), None, 409),
    ]
    assert rules[JobKind.AGENT][0] == Cancel(frozenset({JobStatus.PROCESSING}), JobStatus.CANCELLED, 200)
    assert [rule.status for rule in rules[JobKind.AGENT][1:]] == [409]


def test_cancels_follow_the_rules(moved: _Moved) -> None:
    crawl = moved.api("startCrawl", json={"url": "https://example.com", "limit": 3}).json()["id"]
    assert moved.api("cancelCrawl", id=crawl).status_code == 200
    assert moved.api("cancelCrawl", id=crawl).status_code == 200  # cancelled stays cancelled: 200
    ended = moved.api("startCrawl", json={"url": "https://example.com", "limit": 3}).json()["id"]
    moved.clock.advance(31)
    moved.jobs.run_until_idle()
    assert moved.api("cancelCrawl", id=ended).status_code == 409
    batch = moved.api("startBatchScrape", json={"urls": ["https://example.com/a"]}).json()["id"]
    moved.clock.advance(31)
    moved.jobs.run_until_idle()
    assert moved.api("cancelBatchScrape", id=batch).status_code == 200  # any state
    assert _status(moved, "getBatchScrapeStatus", batch)["status"] == "cancelled"


def test_a_job_kicked_off_by_two_threads_at_once_is_planned_once(moved: _Moved) -> None:
    """An append that arrives while the worker's pass kicks the same new batch off (found by the
    20-seed conformance measurement: the loser's plan insert answered 500): the thread that comes
    second takes the stored plan, and the append then lands on it."""
    batch = moved.api("startBatchScrape", json={"urls": ["https://example.com/a", "https://example.com/b"]}).json()["id"]
    job = moved.store.jobs.get(batch, team_id=moved.api.team_id or "", kind=JobKind.BATCH_SCRAPE)
    assert job is not None
    engine, now = moved.jobs.engine, moved.clock.now()
    first = engine._kick_off(job, now)  # the worker's pass
    engine._plans.clear()  # the other thread had no plan in hand when it looked
    second = engine._kick_off(job, now)  # the append's, a moment later
    assert second.seqs == first.seqs and len(second.seqs) == 2
    appended = moved.api("startBatchScrape", json={"urls": ["https://example.com/c"], "appendToId": batch})
    assert appended.status_code == 200 and appended.json()["id"] == batch
    moved.clock.advance(60)  # the appended page comes after the job's own, on its schedule
    moved.jobs.run_until_idle()
    done = _status(moved, "getBatchScrapeStatus", batch)
    assert done["status"] == "completed" and done["completed"] == done["total"] == 3
