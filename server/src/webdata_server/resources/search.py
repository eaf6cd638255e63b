"""/v2/search: results from the synthetic web's index (:mod:`webdata_server.search_index`), each
web and news result scraped through the scrape pipeline when ``scrapeOptions`` asks for formats."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Sequence
from typing import Any

import webdata_models as models

from webdata_server.domain import Charge, now_utc
from webdata_server.errors import InvalidRequest, Refusal, ToolSearchNeedsQuery, issue
from webdata_server.resources.base import Call, Context, Operation, Pending
from webdata_server.scrape import threat
from webdata_server.scrape.pipeline import CacheEntry
from webdata_server.search_index import SearchHit, SearchIndex, category_of, news_date
from webdata_server.store.feedback import RatedJob

__all__ = ["OPERATIONS", "web_hits"]

_INDEX = SearchIndex()
# The hero image every synthetic page shows, and its size.
_IMAGE = ("/images/hero.png", 1200, 630)


def _sources(body: models.SearchRequest) -> list[str]:
    names = [s if isinstance(s, str) else s.type for s in body.sources or ["web"]]
    return list(dict.fromkeys(names))


def _on(host: str, domains: list[str]) -> bool:
    return any(host == d or host.endswith("." + d) for d in (d.lower().strip(".") for d in domains))


@functools.lru_cache(maxsize=1024)
def _ranked(query: str) -> tuple[SearchHit, ...]:
    """Every hit of ``query``, most relevant first (the index never changes: memoised)."""
    return tuple(_INDEX.search(query, limit=1000))


def _index(ctx: Context) -> SearchIndex | None:
    """The index of this server's web: the synthetic web's, saved pages' own, or none (the real web)."""
    return _INDEX if ctx.scraper.web.indexed else getattr(ctx.scraper.web, "search_index", None)


def _ranked_on(index: SearchIndex, query: str) -> Sequence[SearchHit]:
    """Every hit of ``query`` in ``index``, most relevant first."""
    return _ranked(query) if index is _INDEX else index.search(query, limit=1000)


def _hits(body: models.SearchRequest, index: SearchIndex) -> list[SearchHit]:
    """The index's hits for the query, filtered by domains and categories."""
    hits = list(_ranked_on(index, body.query))
    if body.include_domains:
        hits = [h for h in hits if _on(h.host, list(body.include_domains))]
    if body.exclude_domains:
        hits = [h for h in hits if not _on(h.host, list(body.exclude_domains))]
    if body.categories:
        wanted = {c if isinstance(c, str) else c.type for c in body.categories}
        hits = [h for h in hits if category_of(h.url) in wanted]
    return hits


def web_hits(ctx: Context, query: str, limit: int) -> list[str]:
    """The URLs of the first ``limit`` web results of ``query`` on this server's web (none when it
    has no index): what the agent reads when given no URL."""
    index = _index(ctx)
    return [] if index is None else [hit.url for hit in _ranked_on(index, query)[:limit]]


def _web(hit: SearchHit, position: int) -> dict[str, Any]:
    result: dict[str, Any] = {"url": hit.url, "title": hit.title, "description": hit.description, "position": position}
    category = category_of(hit.url)
    if category is not None:
        result["category"] = category
    return result


def _news(hit: SearchHit, position: int) -> dict[str, Any]:
    origin = f"https://{hit.host}"
    return {"title": hit.title, "url": hit.url, "snippet": hit.description, "date": news_date(hit.url), "imageUrl": origin + _IMAGE[0], "position": position}


def _news_hits(index: SearchIndex, hits: list[SearchHit], limit: int) -> list[SearchHit]:
    """The news of a query: the news pages it matches, then the other news of the sites it matches
    (as the service finds news for any query that finds the web), at most ``limit``."""
    news = [h for h in hits if h.section == "blog"][:limit]
    seen = {h.url for h in news}
    for host in dict.fromkeys(h.host for h in hits):
        if len(news) >= limit:
            break
        for page in index.section(host, "blog"):
            if page.url not in seen and len(news) < limit:
                news.append(page)
                seen.add(page.url)
    return news


def _image(hit: SearchHit, position: int) -> dict[str, Any]:
    path, width, height = _IMAGE
    return {"title": hit.title, "imageUrl": f"https://{hit.host}{path}", "imageWidth": width, "imageHeight": height, "url": hit.url, "position": position}


def _tools(body: models.SearchRequest, sources: list[str], web: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The catalogue's tools of a search (``data.tools``): those the query finds when ``alexandria``
    is a source, then those of the web results' sites under ``domainTools``, each once, as much of
    each as ``toolDetail`` asks; None when neither was asked for."""
    semantic = "alexandria" in sources
    if not semantic and not body.domain_tools:
        return None
    from webdata_server.alexandria import catalogue  # loaded by the first search that reads it (~5 ms of a start)

    found: dict[str, tuple[catalogue.Capability, list[str], list[str]]] = {}
    if semantic:
        for capability in catalogue.discover(body.query, body.limit):
            found[capability.id] = (capability, ["semantic"], [])
    if body.domain_tools:
        for result in web:
            for capability in catalogue.by_domain(str(result.get("url", ""))):
                _, matched_by, urls = found.setdefault(capability.id, (capability, [], []))
                if "domain" not in matched_by:
                    matched_by.append("domain")
                if result["url"] not in urls:
                    urls.append(result["url"])
    detail = body.tool_detail or "compact"
    return [catalogue.tool(capability, detail, matched_by=by, matched_urls=urls) for capability, by, urls in found.values()]


def search(ctx: Context, call: Call) -> Pending:
    """Results by source; scraped ones through the pipeline, all written and charged as one unit."""
    body: models.SearchRequest = call.body
    if body.include_domains and body.exclude_domains:
        raise InvalidRequest(details=[issue(["includeDomains"], "includeDomains and excludeDomains cannot both be specified")])
    if "alexandria" in _sources(body) and not body.query.strip():
        raise ToolSearchNeedsQuery()
    index = _index(ctx)
    if index is None:
        raise InvalidRequest(
            details=[
                issue([], "This reference server has no search provider: search answers from the synthetic web or saved pages (serve --web synthetic or PATH)")
            ]
        )
    caller = call.caller
    threat.check_override(caller.team, body.threat_protection)
    options = body.scrape_options
    scrape = options is not None and bool(options.formats)
    hits = _hits(body, index)
    data: dict[str, Any] = {}
    sources = _sources(body)
    if "web" in sources:
        # The service drops the web results it would not scrape (its blocklist) under
        # ignoreInvalidURLs, before the limit; news and images keep theirs.
        web = [h for h in hits if not ctx.blocklist.blocks(h.url)] if body.ignore_invalid_urls else hits
        data["web"] = [_web(h, n) for n, h in enumerate(web[: body.limit], start=1)]
    if "news" in sources:
        data["news"] = [_news(h, n) for n, h in enumerate(_news_hits(index, hits, body.limit), start=1)]
    if "images" in sources:
        data["images"] = [_image(h, n) for n, h in enumerate(hits[: body.limit], start=1)]
    tools = _tools(body, sources, data.get("web", []))
    if tools is not None:
        data["tools"] = tools  # discovery is free
    moment = now_utc()
    charges: list[Charge] = []
    entries: list[tuple[models.ScrapeRequest, list[CacheEntry]]] = []
    credits = len(data.get("images", []))
    if not scrape:
        credits += len(data.get("web", [])) + len(data.get("news", []))
    else:
        assert options is not None
        override = options.threat_protection or body.threat_protection
        for kind in ("web", "news"):
            for result in data.get(kind, []):
                if ctx.blocklist.blocks(result["url"]):
                    # As the service: not scraped, not charged, the reason in the metadata.
                    error = f"Could not scrape url: {ctx.blocklist.message}"
                    result["metadata"] = {"sourceURL": result["url"], "statusCode": 403, "error": error, "proxyUsed": "basic"}
                    continue
                request = models.ScrapeRequest.model_validate({**options.model_dump(by_alias=True, exclude_unset=True), "url": result["url"]}).model_copy(
                    update={"threat_protection": override}
                )
                try:
                    outcome = ctx.scraper.run(caller, request, moment)
                except Refusal as refusal:
                    # The service's failed result: its fields and the error in the metadata.
                    result["metadata"] = {"sourceURL": result["url"], "statusCode": 0, "error": str(refusal) or type(refusal).__name__, "proxyUsed": "basic"}
                    charges += [Charge(call.operation_id, c.credits) for c in refusal.charges]
                    continue
                document = outcome.document
                result.update({k: v for k, v in document.items() if k not in result or k == "metadata"})
                charges += [Charge(call.operation_id, c.credits) for c in outcome.charges]
                entries.append((request, outcome.cache_entries))
    charges.append(Charge(call.operation_id, credits))
    charges = [c for c in charges if c.credits > 0]
    total = sum(c.credits for c in charges)
    search_id = str(uuid.uuid4())  # the search's id, as the service's answer names it (its feedback needs it)
    rated = RatedJob(search_id, caller.team.id, "search", total, "search", moment)
    recorded = ctx.scraper.record_many(caller, entries, charges, moment, rated=rated)
    answer = {"success": True, "id": search_id, "data": data, "creditsUsed": total}
    return Pending(recorded, lambda _: answer)


def _scrapes(ctx: Context, raw: bytes) -> bool:
    """Whether a search body may scrape its results (then it runs in a worker thread: rendering
    holds the GIL). One that does not only reads the index and hands its charge over, on the loop.
    A body that merely mentions the word is sent to a thread too, which is only slower. The first
    search of saved pages (``--web DIR``) reads them all into their index: in a thread as well."""
    return b"scrapeOptions" in raw or not getattr(ctx.scraper.web, "index_ready", True)


OPERATIONS = [Operation("searchWeb", models.SearchRequest, search, offload=_scrapes)]
