"""/v2/scrape: one page, now (the steps are in :mod:`webdata_server.scrape.pipeline`)."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.errors import InvalidRequest, issue
from webdata_server.resources.base import Call, Context, Operation
from webdata_server.urls import url_problem

__all__ = ["OPERATIONS"]


def scrape(ctx: Context, call: Call) -> dict[str, Any]:
    body: models.ScrapeRequest = call.body
    problem = url_problem(body.url)
    if problem is not None:
        raise InvalidRequest(details=[issue(["url"], problem)])
    document = models.Document.model_validate(ctx.scraper.scrape(call.caller, body), extra="ignore")
    # exclude_unset, not exclude_none: a document may carry a documented null (changeTracking.previousScrapeAt).
    data: dict[str, Any] = models.ScrapeResponse(success=True, data=document).model_dump(mode="json", by_alias=True, exclude_unset=True)
    return data


OPERATIONS = [Operation("scrapeUrl", models.ScrapeRequest, scrape)]
