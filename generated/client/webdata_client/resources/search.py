"""Web, news and image results for a query, optionally scraped.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.search import search_web as _search_web
from ..client import request_body

__all__ = ["AsyncSearch", "Search"]


class Search:
    """Web, news and image results for a query, optionally scraped."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def __call__(
        self,
        query: str,
        *,
        categories: models.SearchCategoryNames | models.SearchCategoryObjects | None = None,
        country: str | None = None,
        domain_tools: bool | None = None,
        enterprise: Sequence[Literal["zdr", "anon"]] | None = None,
        exclude_domains: Sequence[str] | None = None,
        filter: str | None = None,
        highlights: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        include_domains: Sequence[str] | None = None,
        integration: str | None = None,
        lang: str | None = None,
        limit: int | None = None,
        location: str | None = None,
        origin: str | None = None,
        scrape_options: models.SearchScrapeOptions | Mapping[str, Any] | None = None,
        search_preview_token: str | None = None,
        sources: models.SearchSourceNames | models.SearchSourceObjects | None = None,
        tbs: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: Literal["compact", "summary", "full"] | None = None,
    ) -> models.SearchResponse:
        """Search the web, optionally scraping the results.

        ``POST /v2/search`` (searchWeb).

        Args:
            query: What to search for.
            categories: Restrict web results to categories (`github`, `research`, `pdf`, ...), all by name or all as objects (not a mix); each result says its category.
            country: Country the results are for (ISO 3166-1 alpha-2.
            domain_tools: Also answer, in `data.tools`, the catalogue's tools of the sites the web results are on (`matchedBy: domain`, with the results' URLs in `matchedUrls`).
            enterprise: Enterprise search options (firecrawl-py); accepted.
            exclude_domains: Drop results on these domains (and their subdomains); not with `includeDomains`.
            filter: The search provider's filter; accepted.
            highlights: Accepted as firecrawl-py sends it.
            ignore_invalid_urls: Drop the web results whose URL the service would not scrape (its blocklist, `x-blocklist`), before `limit` applies; news and images results keep theirs.
            include_domains: Keep only results on these domains (and their subdomains); not with `excludeDomains`.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            lang: Language of the results (a BCP 47 tag); accepted.
            limit: At most this many results of each source.
            location: Where the search is made from (a place name).
            origin: Who sent the request; recorded, no effect.
            scrape_options: The scrape options of a search's results: those of a scrape, with the formats a search can make (markdown, html, rawHtml, links, images, summary, product, menu, json, question, highlights, query, screenshot); rawBase64, changeTracking, branding, attributes, audio, video and deterministicJson are refused here.
            search_preview_token: The service's preview hook; accepted.
            sources: Which sources to search, all by name or all as objects with options (not a mix); `web` by default.
            tbs: Time filter (`qdr:d`, `qdr:w`, ...); accepted, the synthetic index has no dates to filter.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the search may take.
            tool_detail: How much of each tool `data.tools` gives: `compact` its provider, capability and description; `summary` also its name, price and the call that runs it (`next`); `full` also its contract (options, response).
        """
        return self._client._call(
            _search_web.OPERATION,
            path={},
            query={},
            body=request_body(
                models.SearchRequest,
                {
                    "query": query,
                    "categories": categories,
                    "country": country,
                    "domain_tools": domain_tools,
                    "enterprise": enterprise,
                    "exclude_domains": exclude_domains,
                    "filter": filter,
                    "highlights": highlights,
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "include_domains": include_domains,
                    "integration": integration,
                    "lang": lang,
                    "limit": limit,
                    "location": location,
                    "origin": origin,
                    "scrape_options": scrape_options,
                    "search_preview_token": search_preview_token,
                    "sources": sources,
                    "tbs": tbs,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "tool_detail": tool_detail,
                },
            ),
            result=models.SearchResponse,
        )


class AsyncSearch:
    """Web, news and image results for a query, optionally scraped."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def __call__(
        self,
        query: str,
        *,
        categories: models.SearchCategoryNames | models.SearchCategoryObjects | None = None,
        country: str | None = None,
        domain_tools: bool | None = None,
        enterprise: Sequence[Literal["zdr", "anon"]] | None = None,
        exclude_domains: Sequence[str] | None = None,
        filter: str | None = None,
        highlights: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        include_domains: Sequence[str] | None = None,
        integration: str | None = None,
        lang: str | None = None,
        limit: int | None = None,
        location: str | None = None,
        origin: str | None = None,
        scrape_options: models.SearchScrapeOptions | Mapping[str, Any] | None = None,
        search_preview_token: str | None = None,
        sources: models.SearchSourceNames | models.SearchSourceObjects | None = None,
        tbs: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: Literal["compact", "summary", "full"] | None = None,
    ) -> models.SearchResponse:
        """Search the web, optionally scraping the results.

        ``POST /v2/search`` (searchWeb).

        Args:
            query: What to search for.
            categories: Restrict web results to categories (`github`, `research`, `pdf`, ...), all by name or all as objects (not a mix); each result says its category.
            country: Country the results are for (ISO 3166-1 alpha-2.
            domain_tools: Also answer, in `data.tools`, the catalogue's tools of the sites the web results are on (`matchedBy: domain`, with the results' URLs in `matchedUrls`).
            enterprise: Enterprise search options (firecrawl-py); accepted.
            exclude_domains: Drop results on these domains (and their subdomains); not with `includeDomains`.
            filter: The search provider's filter; accepted.
            highlights: Accepted as firecrawl-py sends it.
            ignore_invalid_urls: Drop the web results whose URL the service would not scrape (its blocklist, `x-blocklist`), before `limit` applies; news and images results keep theirs.
            include_domains: Keep only results on these domains (and their subdomains); not with `excludeDomains`.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            lang: Language of the results (a BCP 47 tag); accepted.
            limit: At most this many results of each source.
            location: Where the search is made from (a place name).
            origin: Who sent the request; recorded, no effect.
            scrape_options: The scrape options of a search's results: those of a scrape, with the formats a search can make (markdown, html, rawHtml, links, images, summary, product, menu, json, question, highlights, query, screenshot); rawBase64, changeTracking, branding, attributes, audio, video and deterministicJson are refused here.
            search_preview_token: The service's preview hook; accepted.
            sources: Which sources to search, all by name or all as objects with options (not a mix); `web` by default.
            tbs: Time filter (`qdr:d`, `qdr:w`, ...); accepted, the synthetic index has no dates to filter.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the search may take.
            tool_detail: How much of each tool `data.tools` gives: `compact` its provider, capability and description; `summary` also its name, price and the call that runs it (`next`); `full` also its contract (options, response).
        """
        return await self._client._call(
            _search_web.OPERATION,
            path={},
            query={},
            body=request_body(
                models.SearchRequest,
                {
                    "query": query,
                    "categories": categories,
                    "country": country,
                    "domain_tools": domain_tools,
                    "enterprise": enterprise,
                    "exclude_domains": exclude_domains,
                    "filter": filter,
                    "highlights": highlights,
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "include_domains": include_domains,
                    "integration": integration,
                    "lang": lang,
                    "limit": limit,
                    "location": location,
                    "origin": origin,
                    "scrape_options": scrape_options,
                    "search_preview_token": search_preview_token,
                    "sources": sources,
                    "tbs": tbs,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "tool_detail": tool_detail,
                },
            ),
            result=models.SearchResponse,
        )
