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
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from webdata_server.domain import ACTIVE, Job, JobKind, JobStatus, now_utc
from webdata_server.store import Store

if TYPE_CHECKING:  # the engine renders pages, and rendering uses value_for_schema from here
    from webdata_server.engine import JobEngine

__all__ = ["FAIL_MARKER", "PASS_BUDGET", "PROGRESSIVE", "advance", "finish_due", "run_worker", "value_for_schema"]

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


def advance(store: Store, job: Job) -> Job:
    """Finish an extract or agent ``job`` if its time has come; returns the job as it now stands
    (batch scrapes and crawls are returned as they are: the engine advances them)."""
    if job.kind in PROGRESSIVE or not job.active or now_utc() < job.finishes_at:
        return job
    status, result, completed, error = _result(job)
    store.jobs.transition(job.id, allowed_from=ACTIVE, to=status, result=result, completed=completed, error=error)
    refreshed = store.jobs.get(job.id, team_id=job.team_id, kind=job.kind)
    return refreshed or job


# At most this much of one pass goes to jobs (seconds, then the pass ends once its page is done):
# the worker shares the GIL with the event loop, and a server with more job work than it can do in
# time runs its jobs late rather than answering its requests late.
# A pass that used its whole budget is followed by a shorter pause than the worker's interval, so a
# backlog still gets a third of the time (10 ms of every 30) in bursts short enough that a request
# waiting for the GIL meanwhile keeps a p99 near 30 ms (25 ms bursts every 75 ms: ~44 ms).
PASS_BUDGET = 0.010
BACKLOG_PAUSE = 0.020
_passes = itertools.count()


def finish_due(store: Store, engine: JobEngine, *, budget: float = PASS_BUDGET) -> bool:
    """One pass of the worker: finish the extract and agent jobs whose time has come, and move the
    batch scrapes and crawls on by the pages that are due, within ``budget`` seconds. Each pass
    starts one job further along the list, so that no job waits behind the others for long.
    Returns whether the pass used its whole budget (so work is probably left)."""
    deadline = time.monotonic() + budget
    jobs = store.jobs.due(now_utc())
    if not jobs:
        return False
    start = next(_passes) % len(jobs)
    for job in jobs[start:] + jobs[:start]:
        if time.monotonic() >= deadline:
            return True
        try:
            if job.kind in PROGRESSIVE:
                engine.advance(job, until=deadline)
            else:
                advance(store, job)
        except Exception:  # one bad job must not stop the others
            _log.exception("job %s could not advance", job.id)
    return time.monotonic() >= deadline


async def run_worker(store: Store, *, interval: float, engine: JobEngine) -> None:
    """Advance jobs until cancelled; each pass runs in a worker thread, off the event loop."""
    while True:
        busy = False
        try:
            busy = await asyncio.to_thread(finish_due, store, engine)
        except Exception:  # the worker must outlive one bad job
            _log.exception("worker pass failed")
        await asyncio.sleep(min(interval, BACKLOG_PAUSE) if busy else interval)
