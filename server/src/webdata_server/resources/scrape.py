"""/v2/scrape: one page, now (the steps are in :mod:`webdata_server.scrape.pipeline`)."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.errors import InvalidRequest, issue
from webdata_server.resources import alexandria
from webdata_server.resources.base import Call, Context, Operation, Pending
from webdata_server.urls import url_problem, with_scheme

__all__ = ["OPERATIONS"]


def scrape(ctx: Context, call: Call) -> Any:
    """A body of alexandria calls runs them (:mod:`webdata_server.resources.alexandria`). Renders in a worker thread; the answer waits for the write that records and bills the
    scrape on the event loop, so the thread is free while the commit happens. A URL without a
    scheme is scraped as http, and its document's ``sourceURL`` is the URL as sent (the
    service's ``unnormalizedSourceURL``)."""
    if isinstance(call.body, models.AlexandriaScrapeRequest):
        return alexandria.run(ctx, call)
    sent = call.body.url
    given = with_scheme(sent)
    body: models.ScrapeRequest = call.body if given == sent else call.body.model_copy(update={"url": given})
    problem = url_problem(body.url)
    if problem is not None:
        raise InvalidRequest(details=[issue(["url"], problem)])
    scraped, recorded = ctx.scraper.scrape(call.caller, body)
    document = models.Document.model_validate(scraped, extra="ignore")
    # exclude_unset, not exclude_none: a document may carry a documented null (changeTracking.previousScrapeAt).
    data: dict[str, Any] = models.ScrapeResponse(success=True, data=document).model_dump(mode="json", by_alias=True, exclude_unset=True)
    if sent != body.url:
        data["data"]["metadata"]["sourceURL"] = sent  # as the service: the URL as sent, before its scheme was given
    return Pending(recorded, lambda _: data)


OPERATIONS = [Operation("scrapeUrl", models.ScrapeRequest, scrape, url_as_sent=True, forms={"alexandria": models.AlexandriaScrapeRequest})]
