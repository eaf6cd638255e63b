"""The URLs of a site, without scraping them.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.map_ import map_url as _map_url
from ..client import request_body

__all__ = ["AsyncMap", "Map"]


class Map:
    """The URLs of a site, without scraping them."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def __call__(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        filter_by_path: bool | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        regex_on_full_url: bool | None = None,
        search: str | None = None,
        sitemap: Literal["only", "include", "skip"] | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        use_index: bool | None = None,
        use_mock: str | None = None,
    ) -> models.MapResponse:
        """List the URLs of a site.

        ``POST /v2/map`` (mapUrl).

        Args:
            url: The site to map, http or https.
            allow_external_links: Keep links under other paths of the site (turns the path filter off).
            allow_subdomains: Accepted as the service accepts it; `includeSubdomains` decides.
            audit_metadata: Audit information attached to the request.
            crawl_entire_domain: Accepted as the service accepts it; no effect on a map.
            deduplicate_similar_urls: Count URLs that differ only in form (a trailing slash.
            delay: Seconds to wait between requests to the site; accepted.
            exclude_paths: Accepted as the service accepts it; no effect on a map.
            filter_by_path: Keep only links under the start URL's path (when it has one beyond `/`).
            ignore_query_parameters: Drop query strings (and the duplicates that leaves).
            ignore_robots_txt: Accepted as the service accepts it; a map never reads robots.txt.
            include_paths: Accepted as the service accepts it (a crawler option of its map schema); no effect on a map.
            include_subdomains: Keep links on subdomains of the site.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many links.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_discovery_depth: Accepted as the service accepts it; no effect on a map.
            origin: Who sent the request; recorded, no effect.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            search: Links matching it come first.
            sitemap: `include`: the sitemap's entries and the index's pages; `only`: the sitemap's entries alone; `skip`: the index's pages alone.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the map may take.
            use_index: Use the index's pages (with `sitemap` other than `only`).
            use_mock: The service's test hook; accepted.
        """
        return self._client._call(
            _map_url.OPERATION,
            path={},
            query={},
            body=request_body(
                models.MapRequest,
                {
                    "url": url,
                    "allow_external_links": allow_external_links,
                    "allow_subdomains": allow_subdomains,
                    "audit_metadata": audit_metadata,
                    "crawl_entire_domain": crawl_entire_domain,
                    "deduplicate_similar_urls": deduplicate_similar_urls,
                    "delay": delay,
                    "exclude_paths": exclude_paths,
                    "filter_by_path": filter_by_path,
                    "ignore_query_parameters": ignore_query_parameters,
                    "ignore_robots_txt": ignore_robots_txt,
                    "include_paths": include_paths,
                    "include_subdomains": include_subdomains,
                    "integration": integration,
                    "limit": limit,
                    "location": location,
                    "max_discovery_depth": max_discovery_depth,
                    "origin": origin,
                    "regex_on_full_url": regex_on_full_url,
                    "search": search,
                    "sitemap": sitemap,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "use_index": use_index,
                    "use_mock": use_mock,
                },
            ),
            result=models.MapResponse,
        )


class AsyncMap:
    """The URLs of a site, without scraping them."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def __call__(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        filter_by_path: bool | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        regex_on_full_url: bool | None = None,
        search: str | None = None,
        sitemap: Literal["only", "include", "skip"] | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        use_index: bool | None = None,
        use_mock: str | None = None,
    ) -> models.MapResponse:
        """List the URLs of a site.

        ``POST /v2/map`` (mapUrl).

        Args:
            url: The site to map, http or https.
            allow_external_links: Keep links under other paths of the site (turns the path filter off).
            allow_subdomains: Accepted as the service accepts it; `includeSubdomains` decides.
            audit_metadata: Audit information attached to the request.
            crawl_entire_domain: Accepted as the service accepts it; no effect on a map.
            deduplicate_similar_urls: Count URLs that differ only in form (a trailing slash.
            delay: Seconds to wait between requests to the site; accepted.
            exclude_paths: Accepted as the service accepts it; no effect on a map.
            filter_by_path: Keep only links under the start URL's path (when it has one beyond `/`).
            ignore_query_parameters: Drop query strings (and the duplicates that leaves).
            ignore_robots_txt: Accepted as the service accepts it; a map never reads robots.txt.
            include_paths: Accepted as the service accepts it (a crawler option of its map schema); no effect on a map.
            include_subdomains: Keep links on subdomains of the site.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many links.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_discovery_depth: Accepted as the service accepts it; no effect on a map.
            origin: Who sent the request; recorded, no effect.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            search: Links matching it come first.
            sitemap: `include`: the sitemap's entries and the index's pages; `only`: the sitemap's entries alone; `skip`: the index's pages alone.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the map may take.
            use_index: Use the index's pages (with `sitemap` other than `only`).
            use_mock: The service's test hook; accepted.
        """
        return await self._client._call(
            _map_url.OPERATION,
            path={},
            query={},
            body=request_body(
                models.MapRequest,
                {
                    "url": url,
                    "allow_external_links": allow_external_links,
                    "allow_subdomains": allow_subdomains,
                    "audit_metadata": audit_metadata,
                    "crawl_entire_domain": crawl_entire_domain,
                    "deduplicate_similar_urls": deduplicate_similar_urls,
                    "delay": delay,
                    "exclude_paths": exclude_paths,
                    "filter_by_path": filter_by_path,
                    "ignore_query_parameters": ignore_query_parameters,
                    "ignore_robots_txt": ignore_robots_txt,
                    "include_paths": include_paths,
                    "include_subdomains": include_subdomains,
                    "integration": integration,
                    "limit": limit,
                    "location": location,
                    "max_discovery_depth": max_discovery_depth,
                    "origin": origin,
                    "regex_on_full_url": regex_on_full_url,
                    "search": search,
                    "sitemap": sitemap,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "use_index": use_index,
                    "use_mock": use_mock,
                },
            ),
            result=models.MapResponse,
        )
