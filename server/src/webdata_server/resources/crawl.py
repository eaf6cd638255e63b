"""/v2/crawl: start a crawl (options explicit or derived from a prompt), read its status and pages,
its errors, cancel it, list active crawls, and preview the options a prompt would give. The crawl
itself runs in the job service (:mod:`webdata_server.jobs`)."""

from __future__ import annotations

import re
from typing import Any

import webdata_models as models

from webdata_server.domain import JobKind, JobStatus, now_utc
from webdata_server.errors import InsufficientCredits, InvalidRequest, issue
from webdata_server.memo import Memo
from webdata_server.params_preview import derive_crawl_options
from webdata_server.resources.base import (
    Call,
    Context,
    Operation,
    Pending,
    dump,
    find_job,
    job_status,
    remaining_tokens,
    start_job,
)
from webdata_server.scrape import threat
from webdata_server.urls import url_problem

__all__ = ["OPERATIONS"]


def _check_patterns(options: dict[str, Any]) -> None:
    """includePaths and excludePaths must be regular expressions (the service refuses others)."""
    problems = []
    for name in ("includePaths", "excludePaths"):
        for index, pattern in enumerate(options.get(name) or []):
            try:
                re.compile(pattern)
            except re.error as error:
                problems.append(issue([name, index], f"Invalid regular expression: {error}", "invalid_string"))
    if problems:
        raise InvalidRequest(details=problems)


def start(ctx: Context, call: Call) -> Pending:
    body: models.CrawlRequest = call.body
    problem = url_problem(body.url)
    if problem is not None:
        raise InvalidRequest(details=[issue(["url"], problem)])
    scrape_options = body.scrape_options or models.ScrapeOptions()
    threat.check_override(call.caller.team, scrape_options.threat_protection)
    options = body.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)
    if body.prompt:
        # Options given explicitly win over those derived from the prompt.
        derived = derive_crawl_options(url=body.url, prompt=body.prompt)
        options = {k: v for k, v in derived.items() if k != "url"} | options
    options["scrapeOptions"] = dump(scrape_options)
    _check_patterns(options)
    job = start_job(ctx, call, kind=JobKind.CRAWL, request=options, units=0, url=body.url)
    return Pending(job, lambda job: dump(models.CrawlStartResponse(success=True, id=job.id, url=call.url_for(f"/v2/crawl/{job.id}"))))


def status(ctx: Context, call: Call) -> dict[str, Any]:
    return job_status(ctx, call, find_job(ctx, call, call.path["id"], JobKind.CRAWL))


def errors(ctx: Context, call: Call) -> dict[str, Any]:
    return ctx.jobs.errors_body(find_job(ctx, call, call.path["id"], JobKind.CRAWL))


def cancel(ctx: Context, call: Call) -> dict[str, Any]:
    # The rule (cancelCrawl's x-transitions) is the job service's.
    ctx.jobs.cancel(find_job(ctx, call, call.path["id"], JobKind.CRAWL))
    return dump(models.CrawlCancelResponse(status="cancelled"))


def active(ctx: Context, call: Call) -> dict[str, Any]:
    team = call.caller.team
    if team.plan_tokens is None or remaining_tokens(ctx, team, now_utc()) <= 0:
        raise InsufficientCredits()
    listed = ctx.store.jobs.in_status(team_id=team.id, kind=JobKind.CRAWL, status=JobStatus.SCRAPING)
    # ActiveCrawlsResponse as dump() gives it (fields in the model's order), each crawl's options
    # parsed from its stored request once (tests/server/test_jobs.py compares with the models).
    return {
        "crawls": [{"id": job_id, "options": _listed_options(request), "teamId": team.id, "url": url or ""} for job_id, url, request in listed],
        "success": True,
    }


# A listed crawl's options by the stored request's JSON (a pure function of it; a job's request
# never changes): parsed by pydantic straight from the JSON, dropping what the listing does not
# show, then dumped, once per request text, not once per listing (benchmarks/README.md).
_OPTIONS: Memo[str, dict[str, Any]] = Memo(entries=4096, max_bytes=16 * 1024 * 1024)


def _listed_options(request: str) -> dict[str, Any]:
    options = _OPTIONS.get(request)
    if options is None:
        options = dump(models.ActiveCrawlOptions.model_validate_json(request, extra="ignore"))
        _OPTIONS.put(request, options)
    return options


def preview(ctx: Context, call: Call) -> dict[str, Any]:
    body: models.CrawlParamsPreviewRequest = call.body
    # Free, but for a team that can pay for a crawl, as the service's route checks credits first.
    if remaining_tokens(ctx, call.caller.team, now_utc()) < ctx.pricing.tokens_per_credit:
        raise InsufficientCredits()
    problem = url_problem(body.url)
    if problem is not None:
        raise InvalidRequest(details=[issue(["url"], problem)])
    derived = derive_crawl_options(url=body.url, prompt=body.prompt)
    data = models.CrawlParamsPreviewData.model_validate(derived, extra="ignore")
    return {"success": True, "data": data.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)}


OPERATIONS = [
    Operation("startCrawl", models.CrawlRequest, start, offload=False, takes_idempotency_key=True),
    Operation("getActiveCrawls", None, active),
    # The same answer under the service's other route to it.
    Operation("getOngoingCrawls", None, active),
    Operation("getCrawlStatus", None, status, watches=JobKind.CRAWL),
    Operation("cancelCrawl", None, cancel),
    Operation("getCrawlErrors", None, errors),
    Operation("previewCrawlParams", models.CrawlParamsPreviewRequest, preview, offload=False),
]
