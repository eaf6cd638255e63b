"""/v2/crawl: start a crawl (options explicit or derived from a prompt), read its status and pages,
cancel it, list active crawls, and preview the options a prompt would give."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.domain import JobKind, JobStatus, now_utc
from webdata_server.errors import InsufficientCredits, InvalidRequest, NotCancellable
from webdata_server.params_preview import derive_crawl_options
from webdata_server.resources.base import Call, Context, Operation, Pending, dump, find_job, job_status, remaining_tokens, start_job
from webdata_server.scrape import threat
from webdata_server.urls import is_valid_url

__all__ = ["OPERATIONS"]

_CRAWL_PAGES = 5  # pages of the synthetic site a crawl visits, before `limit`


def start(ctx: Context, call: Call) -> Pending:
    body: models.CrawlRequest = call.body
    if not is_valid_url(body.url):
        raise InvalidRequest()
    scrape_options = body.scrape_options or models.ScrapeOptions()
    threat.check_override(call.caller.team, scrape_options.threat_protection)
    options = body.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)
    if body.prompt:
        # Options given explicitly win over those derived from the prompt.
        derived = derive_crawl_options(url=body.url, prompt=body.prompt)
        options = {k: v for k, v in derived.items() if k != "url"} | options
    options["scrapeOptions"] = dump(scrape_options)
    limit = int(options.get("limit", models.CrawlOptions().limit))
    total = min(limit, _CRAWL_PAGES)
    job = start_job(ctx, call, kind=JobKind.CRAWL, request=options, units=total, url=body.url, total=total)
    return Pending(job, lambda job: dump(models.CrawlStartResponse(success=True, id=job.id, url=call.url_for(f"/v2/crawl/{job.id}"))))


def status(ctx: Context, call: Call) -> dict[str, Any]:
    return job_status(find_job(ctx, call, call.path["id"], JobKind.CRAWL))


def cancel(ctx: Context, call: Call) -> dict[str, Any]:
    job = find_job(ctx, call, call.path["id"], JobKind.CRAWL)
    if not ctx.store.jobs.transition(job.id, allowed_from={JobStatus.SCRAPING}, to=JobStatus.CANCELLED):
        raise NotCancellable()
    return dump(models.CrawlCancelResponse(status="cancelled"))


def active(ctx: Context, call: Call) -> dict[str, Any]:
    team = call.caller.team
    if team.plan_tokens is None or remaining_tokens(ctx, team, now_utc()) <= 0:
        raise InsufficientCredits()
    crawls = []
    for job in ctx.store.jobs.active(team_id=team.id, kind=JobKind.CRAWL):
        job = ctx.advance(job)
        if job.status == JobStatus.SCRAPING:
            options = models.ActiveCrawlOptions.model_validate(job.request, extra="ignore")
            crawls.append(models.ActiveCrawl(id=job.id, team_id=job.team_id, url=job.url or "", options=options))
    return dump(models.ActiveCrawlsResponse(success=True, crawls=crawls))


def preview(ctx: Context, call: Call) -> dict[str, Any]:
    body: models.CrawlParamsPreviewRequest = call.body
    if not is_valid_url(body.url):
        raise InvalidRequest()
    derived = derive_crawl_options(url=body.url, prompt=body.prompt)
    data = models.CrawlParamsPreviewData.model_validate(derived, extra="ignore")
    return {"success": True, "data": data.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)}


OPERATIONS = [
    Operation("startCrawl", models.CrawlRequest, start, offload=False),
    Operation("getActiveCrawls", None, active),
    Operation("getCrawlStatus", None, status),
    Operation("cancelCrawl", None, cancel),
    Operation("previewCrawlParams", models.CrawlParamsPreviewRequest, preview, offload=False),
]
