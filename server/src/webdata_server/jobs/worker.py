"""Jobs make progress on their own. Extract and agent jobs run for ``job_seconds`` and then
complete (or fail); batch scrapes and crawls progress page by page (:mod:`.engine`).

A background task advances every active job (off the event loop, in a worker thread), through
:meth:`.service.JobService.work`. A read of an extract or agent job whose time has come finishes it
first (:func:`ending`, called by the service), so a client never sees one late; batch scrapes and
crawls are advanced by the worker alone.

The results are :mod:`.results`' (deterministic functions of the request). Time is the clock's.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable, Collection, Iterator
from datetime import datetime

from webdata_server.domain import ACTIVE, Job, JobKind, JobStatus
from webdata_server.jobs.clock import Clock, SystemClock
from webdata_server.jobs.engine import JobEngine
from webdata_server.jobs.results import job_result
from webdata_server.store import Committed, Store
from webdata_server.store.database import BusyReport, StoreBusy
from webdata_server.store.jobs import Move

__all__ = ["PASS_BUDGET", "PROGRESSIVE", "Demand", "end", "ending", "finish_due", "run_worker"]

# Kinds whose jobs progress page by page in the engine.
PROGRESSIVE = frozenset({JobKind.BATCH_SCRAPE, JobKind.CRAWL})

_log = logging.getLogger("webdata_server.jobs")
_BUSY = BusyReport(_log)


def ending(job: Job, now: datetime) -> Move | None:
    """The end of an extract or agent ``job`` whose time has come at ``now`` (None for any other job)."""
    if job.kind in PROGRESSIVE or not job.active or now < job.finishes_at:
        return None
    status, result, completed, error = job_result(job)
    return Move(job.id, status, result, completed, error)


def end(store: Store, moves: list[Move], now: datetime, *, allowed_from: Collection[JobStatus] | None = ACTIVE) -> Committed[int]:
    """Moves jobs, those in ``allowed_from`` (any, when None; by default those still active: the
    extract and agent jobs a pass ends), in one unit at ``now``: how many moved."""
    prepared = store.jobs.moves(moves, allowed_from=allowed_from, moment=now)
    return store.submit(lambda tx: store.jobs.transition(tx, prepared))


# The worker shares the GIL with the event loop. While requests are being answered, a pass ends once
# a page is done after PASS_BUDGET seconds and the next starts BACKLOG_PAUSE later: a backlog still
# gets a third of the time, in bursts short enough that a request waiting for the GIL is not held
# up for long. With no request in flight a pass runs up to IDLE_BUDGET and the next follows at
# once, so jobs keep their schedule whenever nobody is waiting. (Figures: benchmarks/README.md.)
PASS_BUDGET = 0.010
IDLE_BUDGET = 0.100
BACKLOG_PAUSE = 0.020
_passes = itertools.count()


class Demand:
    """How many API requests the server is answering at this moment (the worker yields to them).
    Counted by the endpoints on the event loop's thread; read by the worker's."""

    def __init__(self) -> None:
        self.in_flight = 0

    def __enter__(self) -> Demand:
        self.in_flight += 1
        return self

    def __exit__(self, *_: object) -> None:
        self.in_flight -= 1


def finish_due(
    store: Store,
    engine: JobEngine,
    *,
    clock: Clock | None = None,
    demand: Demand | None = None,
    budget: float = PASS_BUDGET,
    idle_budget: float = IDLE_BUDGET,
    progressed: Callable[[int], None] | None = None,
    ended: Callable[[Job, Move], None] | None = None,
) -> bool:
    """One pass of the worker: finish the extract and agent jobs whose time has come, and move the
    batch scrapes and crawls on by the pages that are due: for ``budget`` seconds while ``demand``
    has requests in flight, else up to ``idle_budget``. Each pass starts one job further along the
    list, so that no job waits behind the others for long. Returns whether the pass ended for
    time (so work is probably left). ``progressed(n)`` hears how many jobs it ended or moved on;
    ``ended(job, move)`` each extract or agent job with a webhook that it ended (those end one by
    one, so their events follow their commit; the others end a slice at a time)."""
    started = time.monotonic()
    now = (clock or SystemClock()).now()
    waiting = demand if demand is not None else Demand()

    def time_is_up() -> bool:
        spent = time.monotonic() - started
        return spent >= idle_budget or (spent >= budget and (demand is None or waiting.in_flight > 0))

    running, ending_due = store.jobs.due(now, ending=ENDING_PER_PASS)
    due = running + ending_due
    if not due:
        return False
    # A full list of jobs to end may have more behind it: the pass says so, and the next follows soon.
    more = len(ending_due) == ENDING_PER_PASS
    start = next(_passes) % len(due)
    # Extract and agent jobs end READ_SLICE at a time: one unit, one statement run over all of
    # them (a unit each cost the event loop, which runs the units, a savepoint each), submitted
    # as the pass goes (a whole pass's in one unit held the loop for milliseconds) and waited for
    # at its end, so they share commits.
    finishing: list[Move] = []
    endings: list[Committed[int]] = []
    ordered = due[start:] + due[:start]
    try:
        for job in _read_as_needed(store, ordered):
            if time_is_up():
                return True
            if job is None:  # ended (cancelled) since the list was read
                continue
            try:
                if job.kind in PROGRESSIVE:
                    moved = engine.advance(job, stop=time_is_up)
                    if moved and progressed is not None:
                        progressed(moved)
                else:
                    move = ending(job, now)
                    if move is not None and ended is not None and job.request.get("webhook"):
                        if end(store, [move], now).result():
                            ended(job, move)
                            if progressed is not None:
                                progressed(1)
                    elif move is not None:
                        finishing.append(move)
                        if len(finishing) == READ_SLICE:
                            endings.append(end(store, finishing, now))
                            finishing = []
            except StoreBusy as busy:
                _BUSY.failed("jobs could not advance", busy)
            except Exception:  # one bad job must not stop the others
                _log.exception("job %s could not advance", job.id)
        return time_is_up() or more
    finally:
        if finishing:
            endings.append(end(store, finishing, now))
        for submitted in endings:
            try:
                count = submitted.result()
                if count and progressed is not None:
                    progressed(count)
            except StoreBusy as busy:
                _BUSY.failed("jobs could not end", busy)
            except Exception:
                _log.exception("jobs could not end")


# Due jobs are read this many at a time, as the pass comes to them (one query, not one each).
READ_SLICE = 32
# The extract and agent jobs a pass lists at most (more than it ends in its budget while requests
# are being answered; benchmarks/README.md).
ENDING_PER_PASS = 1024


def _read_as_needed(store: Store, job_ids: list[str]) -> Iterator[Job | None]:
    """For each id its job if still active (else None), read a slice at a time as the pass goes: a pass that
    runs out of time early reads little more than it used."""
    for first in range(0, len(job_ids), READ_SLICE):
        chunk = job_ids[first : first + READ_SLICE]
        active = store.jobs.active(chunk)
        for job_id in chunk:
            yield active.get(job_id)


async def run_worker(work: Callable[[Demand | None], bool], *, interval: float, demand: Demand | None = None) -> None:
    """Advance jobs until cancelled: ``work(demand)`` is one pass (the service's), run in a worker
    thread, off the event loop. After a pass that ended for time the next follows at once if no
    request is in flight, else after :data:`BACKLOG_PAUSE`; after one that finished its work, after
    ``interval``."""
    while True:
        busy = False
        try:
            busy = await asyncio.to_thread(work, demand)
        except StoreBusy as busy:
            _BUSY.failed("a worker pass could not write", busy)
        except Exception:  # the worker must outlive one bad job
            _log.exception("worker pass failed")
        if not busy:
            await asyncio.sleep(interval)
        elif demand is not None and demand.in_flight == 0:
            await asyncio.sleep(0)
        else:
            await asyncio.sleep(min(interval, BACKLOG_PAUSE))
