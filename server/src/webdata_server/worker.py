"""Jobs make progress on their own. Extract and agent jobs run for ``job_seconds`` and then
complete (or fail); batch scrapes and crawls progress page by page (:mod:`webdata_server.engine`).

A background task advances every active job (off the event loop, in a worker thread). A read of
an extract or agent job whose time has come finishes it first (one job, no pages), so a client
never sees one late; batch scrapes and crawls are advanced by the worker alone.

Results are deterministic functions of the request, so a client sees the same result every time.
A prompt containing ``[fail]`` makes an extract or agent job fail, so every state is reachable.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from webdata_server.domain import ACTIVE, Job, JobKind, JobStatus, now_utc
from webdata_server.store import Committed, Store
from webdata_server.store.jobs import Move

if TYPE_CHECKING:  # the engine renders pages, and rendering uses value_for_schema from here
    from webdata_server.engine import JobEngine

__all__ = ["FAIL_MARKER", "PASS_BUDGET", "PROGRESSIVE", "Demand", "advance", "finish_due", "run_worker", "value_for_schema"]

# Kinds whose jobs progress page by page in the engine.
PROGRESSIVE = frozenset({JobKind.BATCH_SCRAPE, JobKind.CRAWL})

FAIL_MARKER = "[fail]"
_log = logging.getLogger("webdata_server.jobs")


def value_for_schema(schema: Any, name: str, host: str) -> Any:
    """A deterministic instance of ``schema``: strings name their field and source, numbers count letters."""
    if not isinstance(schema, dict):
        return f"{name} from {host}"
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if schema.get("enum"):
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    if kind == "object" or "properties" in schema:
        return {prop: value_for_schema(sub, prop, host) for prop, sub in (schema.get("properties") or {}).items()}
    if kind == "array":
        return [value_for_schema(schema.get("items", {}), name, host)]
    if kind == "integer":
        return len(name)
    if kind == "number":
        return float(len(name))
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    return f"{name} from {host}"


def _extracted(request: dict[str, Any], urls: list[str]) -> dict[str, Any]:
    host = urlsplit(urls[0]).hostname if urls else "no URL"
    schema = request.get("schema")
    if isinstance(schema, dict) and schema:
        data = value_for_schema(schema, "data", host or "")
        return data if isinstance(data, dict) else {"value": data}
    return {"summary": f"Extracted from {len(urls)} URL(s)", "prompt": request.get("prompt", ""), "urls": urls}


def _result(job: Job) -> tuple[JobStatus, Any, int, str | None]:
    """(final status, result, completed count, error) of a job that ran its course."""
    request = job.request
    prompt = str(request.get("prompt") or "")
    if job.kind in (JobKind.EXTRACT, JobKind.AGENT) and FAIL_MARKER in prompt:
        return JobStatus.FAILED, None, 0, "The job failed as its prompt asked."
    if job.kind == JobKind.EXTRACT:
        urls = request.get("_validURLs", [])
        data = _extracted(request, urls)
        result: dict[str, Any] = {"data": data}
        if request.get("showSources"):
            result["sources"] = {field: urls for field in data}
        return JobStatus.COMPLETED, result, len(urls), None
    data = _extracted(request, list(request.get("urls") or []))
    return JobStatus.COMPLETED, {"data": data}, 1, None


def _ending(job: Job) -> Move | None:
    """The end of an extract or agent ``job`` whose time has come (None for any other job)."""
    if job.kind in PROGRESSIVE or not job.active or now_utc() < job.finishes_at:
        return None
    status, result, completed, error = _result(job)
    return Move(job.id, status, result, completed, error)


def _finish(store: Store, job: Job) -> Committed[int] | None:
    """Submits the end of an extract or agent ``job`` whose time has come (None for any other job)."""
    move = _ending(job)
    return None if move is None else store.jobs.transition_many([move], allowed_from=ACTIVE)


def advance(store: Store, job: Job) -> Job:
    """Finish an extract or agent ``job`` if its time has come; returns the job as it now stands
    (batch scrapes and crawls are returned as they are: the engine advances them)."""
    finishing = _finish(store, job)
    if finishing is None:
        return job
    finishing.result()
    refreshed = store.jobs.get(job.id, team_id=job.team_id, kind=job.kind)
    return refreshed or job


# The worker shares the GIL with the event loop. While requests are being answered, a pass ends once
# a page is done after PASS_BUDGET seconds and the next starts BACKLOG_PAUSE later: a backlog still
# gets a third of the time (10 ms of every 30), in bursts short enough that a request waiting for the
# GIL keeps a p99 near 10 ms on uvloop (25 ms bursts every 75 ms gave ~44 ms on asyncio). With no
# request in flight a pass runs up to IDLE_BUDGET and the next follows at once, so jobs keep their
# schedule (a 100-page crawl at --job-seconds 2 ends in about 2 s) whenever nobody is waiting.
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


def finish_due(store: Store, engine: JobEngine, *, demand: Demand | None = None, budget: float = PASS_BUDGET, idle_budget: float = IDLE_BUDGET) -> bool:
    """One pass of the worker: finish the extract and agent jobs whose time has come, and move the
    batch scrapes and crawls on by the pages that are due: for ``budget`` seconds while ``demand``
    has requests in flight, else up to ``idle_budget``. Each pass starts one job further along the
    list, so that no job waits behind the others for long. Returns whether the pass ended for
    time (so work is probably left)."""
    started = time.monotonic()
    waiting = demand if demand is not None else Demand()

    def time_is_up() -> bool:
        spent = time.monotonic() - started
        return spent >= idle_budget or (spent >= budget and (demand is None or waiting.in_flight > 0))

    running, ending_due = store.jobs.due(now_utc(), ending=ENDING_PER_PASS)
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
    ending: list[Committed[int]] = []
    ordered = due[start:] + due[:start]
    try:
        for job in _read_as_needed(store, ordered):
            if time_is_up():
                return True
            if job is None:  # ended (cancelled) since the list was read
                continue
            try:
                if job.kind in PROGRESSIVE:
                    engine.advance(job, stop=time_is_up)
                else:
                    move = _ending(job)
                    if move is not None:
                        finishing.append(move)
                        if len(finishing) == READ_SLICE:
                            ending.append(store.jobs.transition_many(finishing, allowed_from=ACTIVE))
                            finishing = []
            except Exception:  # one bad job must not stop the others
                _log.exception("job %s could not advance", job.id)
        return time_is_up() or more
    finally:
        if finishing:
            ending.append(store.jobs.transition_many(finishing, allowed_from=ACTIVE))
        for submitted in ending:
            try:
                submitted.result()
            except Exception:
                _log.exception("jobs could not end")


# Due jobs are read this many at a time, as the pass comes to them (one query, not one each).
READ_SLICE = 32
# The extract and agent jobs a pass lists at most (more than it ends in its budget while requests
# are being answered: ~17 us each).
ENDING_PER_PASS = 1024


def _read_as_needed(store: Store, job_ids: list[str]) -> Iterator[Job | None]:
    """For each id its job if still active (else None), read a slice at a time as the pass goes: a pass that
    runs out of time early reads little more than it used."""
    for first in range(0, len(job_ids), READ_SLICE):
        chunk = job_ids[first : first + READ_SLICE]
        active = store.jobs.active(chunk)
        for job_id in chunk:
            yield active.get(job_id)


async def run_worker(store: Store, *, interval: float, engine: JobEngine, demand: Demand | None = None) -> None:
    """Advance jobs until cancelled; each pass runs in a worker thread, off the event loop. After a
    pass that ended for time the next follows at once if no request is in flight, else after
    :data:`BACKLOG_PAUSE`; after one that finished its work, after ``interval``."""
    while True:
        busy = False
        try:
            busy = await asyncio.to_thread(finish_due, store, engine, demand=demand)
        except Exception:  # the worker must outlive one bad job
            _log.exception("worker pass failed")
        if not busy:
            await asyncio.sleep(interval)
        elif demand is not None and demand.in_flight == 0:
            await asyncio.sleep(0)
        else:
            await asyncio.sleep(min(interval, BACKLOG_PAUSE))
