"""The job worker's passes: short while requests are being answered, longer while nobody waits."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from webdata_server.domain import JobKind
from webdata_server.worker import Demand, finish_due

PAGE_SECONDS = 0.002


class _Engine:
    """Finishes one page every PAGE_SECONDS, as long as the pass lets it (never runs out of pages)."""

    def __init__(self) -> None:
        self.pages = 0

    def advance(self, job: Any, *, stop: Callable[[], bool] | None = None) -> None:
        assert stop is not None
        while True:
            time.sleep(PAGE_SECONDS)
            self.pages += 1
            if stop():
                return


def _pass(demand: Demand | None) -> tuple[bool, int, float]:
    job = SimpleNamespace(kind=JobKind.CRAWL, id="job")
    store: Any = SimpleNamespace(jobs=SimpleNamespace(due=lambda moment: [job.id], active_by_id={job.id: job}.get))
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
