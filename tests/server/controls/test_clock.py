"""Time alone (webdata_server.controls.clock): the manual clock's moves, a stalled wait refused, a
settle that waits for deliveries under way and not for retries parked on the clock."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from webdata_server.controls import clock as clock_module
from webdata_server.controls.clock import Timekeeper
from webdata_server.controls.records import Event, Records
from webdata_server.controls.values import MAX_ADVANCE_SECONDS, FaultError
from webdata_server.jobs.clock import ManualClock, SystemClock


class _Jobs:
    """A job service with one unfinished job, ``running`` (what the timekeeper asks of it)."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.idle_runs = 0

    def run_until_idle(self) -> int:
        self.idle_runs += 1
        return 0

    def next_due(self, job_id: str) -> datetime | None:
        return self.clock.now() + timedelta(seconds=1) if job_id == "running" else None


def test_advance_moves_the_manual_clock_within_its_range() -> None:
    manual = ManualClock()
    keeper = Timekeeper(manual, Records())
    jobs = _Jobs(manual)
    keeper.jobs = jobs  # type: ignore[assignment]
    before = manual.now()
    assert keeper.advance(90) == before + timedelta(seconds=90) and jobs.idle_runs == 1
    with pytest.raises(FaultError, match="out of range"):
        keeper.advance(-1)
    late = Timekeeper(ManualClock(datetime(8950, 1, 1, tzinfo=UTC)), Records())
    late.jobs = _Jobs(manual)  # type: ignore[assignment]
    with pytest.raises(FaultError, match="the clock would pass 9000-01-01"):
        late.advance(MAX_ADVANCE_SECONDS)
    with pytest.raises(RuntimeError, match="wall clock"):
        Timekeeper(SystemClock(), Records()).advance(1)


def test_reads_of_an_unfinished_job_at_an_unmoved_instant_are_a_stall(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clock_module, "STALLED_SECONDS", 0.0)
    manual = ManualClock()
    keeper = Timekeeper(manual, Records())
    keeper.jobs = _Jobs(manual)  # type: ignore[assignment]
    said = [keeper.stalled("running") for _ in range(clock_module.STALLED_READS)]
    assert said[:-1] == [None] * (clock_module.STALLED_READS - 1) and said[-1] is not None
    assert "advance" in said[-1] and 'clock="auto"' in said[-1]
    manual.advance(1)
    assert keeper.stalled("running") is None  # the clock moved: the count starts again
    assert keeper.stalled("ended") is None  # an ended job is never a stall


def test_settle_waits_for_deliveries_but_not_for_retries_parked_on_the_clock() -> None:
    manual = ManualClock()
    records = Records()
    keeper = Timekeeper(manual, records)
    records.capture(Event(1, "", "http://127.0.0.1/hook", {}, {}, "team", "job", True))
    assert keeper.settle(0.05) is False  # a delivery under way

    async def parked() -> Any:
        keeper.loop = asyncio.get_running_loop()
        waiting = asyncio.ensure_future(keeper.sleep(30, job_id="job"))  # the retry's backoff, on the manual clock
        await asyncio.sleep(0.01)
        settled = await asyncio.to_thread(keeper.settle, 0.5)
        manual.advance(30)  # wakes the sleeper
        await asyncio.wait_for(waiting, 5)
        return settled

    assert asyncio.run(parked()) is True
    records.delivered("job")
    assert keeper.settle(0.05) is True
