"""Jobs make progress on their own: each runs for ``job_seconds`` and then completes (or fails).

A background task finishes due jobs (off the event loop, in a worker thread); a read of a job
whose time has come finishes it first, so a client never sees a job late.

Results are deterministic functions of the request, so a client sees the same result every time.
A prompt containing ``[fail]`` makes an extract or agent job fail, so every state is reachable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from webdata_server.domain import ACTIVE, Job, JobKind, JobStatus, now_utc
from webdata_server.store import Store

__all__ = ["FAIL_MARKER", "Renderer", "advance", "crawl_page_urls", "finish_due", "run_worker", "value_for_schema"]

FAIL_MARKER = "[fail]"
_log = logging.getLogger("webdata_server.jobs")


def crawl_page_urls(url: str, total: int) -> list[str]:
    """The pages a crawl of ``url`` visits: the start page and its numbered siblings."""
    base = url.rstrip("/")
    return [url] + [f"{base}/page-{n}" for n in range(1, total)]


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


Renderer = Callable[[str, dict[str, Any]], dict[str, Any]]


def _result(job: Job, render: Renderer) -> tuple[JobStatus, Any, int, str | None]:
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
    if job.kind == JobKind.AGENT:
        data = _extracted(request, list(request.get("urls") or []))
        return JobStatus.COMPLETED, {"data": data}, 1, None
    if job.kind == JobKind.BATCH_SCRAPE:
        urls = request.get("_validURLs", [])
        options = {k: v for k, v in request.items() if k not in ("urls", "_validURLs", "ignoreInvalidURLs", "maxConcurrency", "zeroDataRetention", "webhook")}
        return JobStatus.COMPLETED, {"data": [render(u, options) for u in urls]}, len(urls), None
    pages = crawl_page_urls(job.url or "", job.total)
    options = request.get("scrapeOptions", {})
    return JobStatus.COMPLETED, {"data": [render(u, options) for u in pages]}, len(pages), None


def advance(store: Store, job: Job, render: Renderer) -> Job:
    """Finish ``job`` if its time has come; returns the job as it now stands.

    ``render`` makes the document of one page of a batch scrape or crawl from its scrape options.
    """
    if not job.active or now_utc() < job.finishes_at:
        return job
    status, result, completed, error = _result(job, render)
    store.jobs.transition(job.id, allowed_from=ACTIVE, to=status, result=result, completed=completed, error=error)
    refreshed = store.jobs.get(job.id, team_id=job.team_id, kind=job.kind)
    return refreshed or job


def finish_due(store: Store, render: Renderer) -> None:
    """One pass of the worker: finish every job whose time has come."""
    for job in store.jobs.due(now_utc()):
        advance(store, job, render)


async def run_worker(store: Store, *, interval: float, render: Renderer) -> None:
    """Finish due jobs until cancelled; each pass runs in a worker thread, off the event loop."""
    while True:
        try:
            await asyncio.to_thread(finish_due, store, render)
        except Exception:  # the worker must outlive one bad job
            _log.exception("worker pass failed")
        await asyncio.sleep(interval)
