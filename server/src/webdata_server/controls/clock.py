"""Time in tests (one owner: :class:`Timekeeper`): the manual clock moved by a test, the auto clock
moved by reads of unfinished jobs, a stalled wait refused with the ways out, and webhook retries
that wait on the server's clock."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from webdata_server.controls.records import JOURNAL_SIZE, Records
from webdata_server.controls.values import LATEST, MAX_ADVANCE_SECONDS, FaultError, number
from webdata_server.jobs.clock import Clock, ManualClock

if TYPE_CHECKING:
    from webdata_server.jobs import JobService

__all__ = ["STALLED", "STALLED_READS", "STALLED_SECONDS", "WAITED_READS", "Timekeeper"]

# The reads that move an auto clock (ManualClock(auto=True)) to the job's next due moment first.
WAITED_READS = frozenset({"getCrawlStatus", "getBatchScrapeStatus", "getExtractStatus", "getAgentStatus"})
# On a manual clock nobody moves, a client that polls an unfinished job would wait for ever: the
# reads of one job at one instant of the clock, this many over this much wall time, are refused
# with a message that names the ways out (409: the job cannot progress as things stand).
STALLED_READS = 4
STALLED_SECONDS = 3.0
STALLED = (
    "{job} is unfinished and the server's clock is manual: nobody has moved it since the first of these {reads} reads, {seconds:.0f} s"
    " ago, so this wait would never end. Move it (webdata.advance(seconds), POST /__webdata/clock/advance) or let reads move it"
    ' (the auto clock: the pytest plugin\'s default, @pytest.mark.webdata(clock="auto"), serve --clock auto).'
)


class Timekeeper:
    """The controls' clock and what waits on it. ``jobs`` and ``loop`` are the running
    application's (None before it starts and after it stops)."""

    def __init__(self, clock: Clock, records: Records) -> None:
        self.clock = clock
        self._records = records
        self._lock = threading.Lock()
        self.jobs: JobService | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._sleepers: dict[asyncio.Event, tuple[float, str | None]] = {}  # webhook retries waiting on the clock: when due, whose job
        self._polls: dict[str, tuple[float, float, int]] = {}  # job -> (the clock's instant, the first read's wall time, reads)
        if isinstance(self.clock, ManualClock):
            self.clock.on_advance(self._wake_sleepers)

    @property
    def manual(self) -> bool:
        return isinstance(self.clock, ManualClock)

    def run_until_idle(self) -> int:
        """Every job and page due at the clock's instant moved; how many moved."""
        if self.jobs is None:
            raise RuntimeError("the server is not running")
        return self.jobs.run_until_idle()

    def advance(self, seconds: float | None, *, settle: float = 5.0) -> datetime:
        """Moves the manual clock ``seconds`` forward, then runs every job due by then and waits (up
        to ``settle`` seconds) for the webhook deliveries that came due. Jobs that run on the moved
        clock progress as they would over that much time: pass the time in steps to see each step.
        ``seconds`` is from 0 to :data:`MAX_ADVANCE_SECONDS` (:class:`FaultError` otherwise)."""
        if seconds is None:
            raise FaultError("seconds: a number of seconds, 0 or more")
        seconds = number({"seconds": seconds}, "seconds", 0.0, high=MAX_ADVANCE_SECONDS)
        if not isinstance(self.clock, ManualClock):
            raise RuntimeError("the server runs on the wall clock: start it with a manual clock (serve --clock manual) to move time")
        if self.clock.now() + timedelta(seconds=seconds) > LATEST:
            raise FaultError(f"seconds: the clock would pass {LATEST:%Y-%m-%d}, the latest a date the server writes can be")
        moment = self.clock.advance(seconds)
        self.run_until_idle()
        self.settle(settle)
        return moment

    def advance_for(self, job_id: str) -> None:
        """On an auto clock, before a status read of ``job_id``: the job one step on
        (:meth:`~webdata_server.jobs.JobService.step_for`), and the webhook deliveries that came
        due settled."""
        if self.jobs is not None and self.jobs.step_for(job_id):
            self.settle(job_id=job_id)  # that job's deliveries only: another's slow receiver keeps no read waiting

    def stalled(self, job_id: str) -> str | None:
        """On a manual clock (not auto), before a status read of ``job_id``: the refusal's message
        when the job is unfinished and has been read :data:`STALLED_READS` times over
        :data:`STALLED_SECONDS` at an instant nobody moved; None otherwise."""
        if not isinstance(self.clock, ManualClock) or self.clock.auto or self.jobs is None:
            return None
        if self.jobs.next_due(job_id) is None:  # ended, or its next step is due now
            with self._lock:
                self._polls.pop(job_id, None)
            return None
        instant, wall = self.clock.now().timestamp(), time.monotonic()
        with self._lock:
            at, first, reads = self._polls.get(job_id, (instant, wall, 0))
            if at != instant:
                first, reads = wall, 0
            reads += 1
            if len(self._polls) >= JOURNAL_SIZE and job_id not in self._polls:
                self._polls.pop(next(iter(self._polls)))
            self._polls[job_id] = (instant, first, reads)
        if reads >= STALLED_READS and wall - first >= STALLED_SECONDS:
            return STALLED.format(job=job_id, reads=reads, seconds=wall - first)
        return None

    def settle(self, timeout: float = 5.0, *, job_id: str | None = None) -> bool:
        """Waits until no webhook delivery is under way (of ``job_id`` only, when given; those
        whose retry waits on the clock aside); whether that happened within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = self.clock.now().timestamp()
            with self._lock:
                parked = sum(1 for due, job in self._sleepers.values() if due > now and (job_id is None or job == job_id))
            if self._records.pending(job_id) - parked <= 0:
                return True
            time.sleep(0.002)
        return False

    async def sleep(self, seconds: float, *, job_id: str | None = None) -> None:
        """Waits ``seconds`` of the server's clock (a webhook's retry backoff): on the manual clock,
        until it has been moved that far."""
        if not isinstance(self.clock, ManualClock):
            await asyncio.sleep(seconds)
            return
        due = self.clock.now().timestamp() + seconds
        while self.clock.now().timestamp() < due:
            woken = asyncio.Event()
            with self._lock:
                self._sleepers[woken] = (due, job_id)
            try:
                if self.clock.now().timestamp() < due:
                    await woken.wait()
            finally:
                with self._lock:
                    self._sleepers.pop(woken, None)

    def _wake_sleepers(self) -> None:
        loop = self.loop
        with self._lock:
            sleepers = list(self._sleepers)
        if loop is None:
            return
        for woken in sleepers:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(woken.set)
