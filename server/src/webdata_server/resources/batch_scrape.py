"""/v2/batch/scrape: scrape many URLs as one job; read its status and pages; cancel it."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.domain import Job, JobKind
from webdata_server.errors import InvalidRequest, issue
from webdata_server.jobs.requests import stored
from webdata_server.resources.base import Call, Context, Operation, Pending, dump, find_job, job_status, start_job
from webdata_server.scrape import threat
from webdata_server.urls import split_urls, url_problem, with_scheme

__all__ = ["OPERATIONS"]


def start(ctx: Context, call: Call) -> Pending | dict[str, Any]:
    body: models.BatchScrapeRequest = call.body
    valid, invalid = split_urls(body.urls)
    # As the service: invalid URLs are dropped only when the body says ignoreInvalidURLs: true
    # (its lenient schema); otherwise its strict schema refuses them, the default true applying
    # after that check (all valid: invalidURLs is listed, empty).
    if invalid and not (body.ignore_invalid_urls and "ignore_invalid_urls" in body.model_fields_set):
        refused = set(invalid)
        raise InvalidRequest(
            details=[issue(["urls", n], url_problem(with_scheme(url)) or "Invalid URL", "invalid_string") for n, url in enumerate(body.urls) if url in refused]
        )
    threat.check_override(call.caller.team, body.threat_protection)
    listed = {"invalidURLs": invalid} if body.ignore_invalid_urls else {}

    def answer(job: Job) -> dict[str, Any]:
        return dump(models.BatchScrapeStartResponse(success=True, id=job.id, url=call.url_for(f"/v2/batch/scrape/{job.id}"), **listed))

    if body.append_to_id is not None:
        # The caller's batch scrape gains the URLs and keeps its id (the service's appendToId).
        # Any UUID the schema takes (not only the versions a job path takes): one of no job is 404.
        return answer(ctx.jobs.append(find_job(ctx, call, str(body.append_to_id), JobKind.BATCH_SCRAPE, checked=False), valid))
    job = start_job(ctx, call, kind=JobKind.BATCH_SCRAPE, request=stored(body), units=len(valid), total=len(valid))
    return Pending(job, answer)


def _appends(ctx: Context, raw: bytes) -> bool:
    """An append writes and waits (a worker thread); a start hands its writes over, on the loop."""
    return b"appendToId" in raw


def status(ctx: Context, call: Call) -> dict[str, Any]:
    return job_status(ctx, call, find_job(ctx, call, call.path["id"], JobKind.BATCH_SCRAPE))


def errors(ctx: Context, call: Call) -> dict[str, Any]:
    return ctx.jobs.errors_body(find_job(ctx, call, call.path["id"], JobKind.BATCH_SCRAPE, checked=False))  # the service does not check this id


def cancel(ctx: Context, call: Call) -> dict[str, Any]:
    # The rule (cancelBatchScrape's x-transitions: any state) is the job service's.
    ctx.jobs.cancel(find_job(ctx, call, call.path["id"], JobKind.BATCH_SCRAPE))
    return dump(models.BatchScrapeCancelResponse(status="cancelled"))


OPERATIONS = [
    Operation("startBatchScrape", models.BatchScrapeRequest, start, offload=_appends),
    Operation("getBatchScrapeStatus", None, status, watches=JobKind.BATCH_SCRAPE),
    Operation("cancelBatchScrape", None, cancel),
    Operation("getBatchScrapeErrors", None, errors),
]
