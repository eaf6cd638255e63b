"""What a job was asked: the start request of each kind, stored as its model's JSON (wire names,
the contract's defaults applied once, by the model) and read back typed.

Nothing private is stored beside the request: what is derived from it (a batch's valid URLs, a
page's scrape request) is derived from the typed request when needed. Rows written by older
versions carry a private ``_validURLs`` key, which reading ignores.
"""

from __future__ import annotations

from typing import Any, TypeVar

import webdata_models as models
from pydantic import BaseModel

from webdata_server.domain import Job, JobKind
from webdata_server.urls import split_urls

__all__ = ["MODELS", "page_request", "stored", "typed", "valid_urls"]

MODELS: dict[JobKind, type[BaseModel]] = {
    JobKind.EXTRACT: models.ExtractRequest,
    JobKind.BATCH_SCRAPE: models.BatchScrapeRequest,
    JobKind.CRAWL: models.CrawlRequest,
    JobKind.AGENT: models.AgentRequest,
}
# A batch scrape's pages are scraped with the batch's fields that a scrape request has too.
_PAGE_FIELDS = frozenset(models.ScrapeRequest.model_fields) & frozenset(models.BatchScrapeRequest.model_fields)
M = TypeVar("M", bound=BaseModel)


def stored(body: BaseModel) -> dict[str, Any]:
    """The request as stored: the model's JSON, wire names, unset optional fields left out."""
    data: dict[str, Any] = body.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


def typed(job: Job, model: type[M]) -> M:
    """The job's request as ``model`` (its kind's model)."""
    assert MODELS[job.kind] is model, f"a {job.kind} job's request is a {MODELS[job.kind].__name__}"
    return model.model_validate(job.request, extra="ignore")


def valid_urls(urls: list[str]) -> list[str]:
    """The URLs of a batch scrape or extract request that are taken (the others are invalid)."""
    return split_urls(urls)[0]


def page_request(job: Job) -> models.ScrapeRequest:
    """The scrape request every page of a batch scrape or crawl is scraped with (its ``url`` is
    the job's; each page replaces it)."""
    if job.kind == JobKind.CRAWL:
        crawl = typed(job, models.CrawlRequest)
        options = crawl.scrape_options.model_dump(mode="json", by_alias=True, exclude_none=True) if crawl.scrape_options else {}
        return models.ScrapeRequest.model_validate({**options, "url": crawl.url}, extra="ignore")
    batch = typed(job, models.BatchScrapeRequest)
    fields = batch.model_dump(mode="json", by_alias=True, exclude_none=True, include=set(_PAGE_FIELDS))
    first = next(iter(valid_urls(list(batch.urls))), "https://example.com/")
    return models.ScrapeRequest.model_validate({**fields, "url": first}, extra="ignore")
