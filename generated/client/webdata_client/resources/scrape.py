"""One page as markdown, HTML, JSON and other formats.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.scrape import scrape_url as _scrape_url
from ..client import request_body

__all__ = ["AsyncScrape", "Scrape"]


class Scrape:
    """One page as markdown, HTML, JSON and other formats."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def alexandria(
        self,
        alexandria: models.AlexandriaCall | Mapping[str, Any] | Sequence[models.AlexandriaCall | Mapping[str, Any]],
        *,
        integration: str | None = None,
        origin: str | None = None,
        timeout: int | None = None,
        request_id: str | None = None,
    ) -> models.AlexandriaScrapeResponse:
        """Alexandria calls to run in one request; nothing else may sit beside them (an unknown key, a URL or a scrape option is refused).

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            alexandria: One call, or a list of 1 to 10.
            integration: The integration the request came through; recorded.
            origin: Who sent the request; recorded.
            timeout: Milliseconds the calls may take; more than 50000 is read as 50000.
            request_id: The id of an alexandria run (1 to 128 letters, digits, `.`, `_`, `:` or `-`): a retry with the same id and calls replays the first answer; another text is refused.
        """
        return self._client._call(
            _scrape_url.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AlexandriaScrapeRequest,
                {"alexandria": alexandria, "integration": integration, "origin": origin, "timeout": timeout},
            ),
            headers={"x-request-id": request_id},
            result=models.AlexandriaScrapeResponse,
        )

    def __call__(
        self,
        url: str,
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        block_ads: bool | None = None,
        check_prompt_injection: bool | None = None,
        domain_tools: bool | None = None,
        exclude_tags: Sequence[str] | None = None,
        experimental_omce: bool | None = None,
        experimental_omce_domain: str | None = None,
        fast_mode: bool | None = None,
        formats: Sequence[models.FormatItem | Mapping[str, Any]] | None = None,
        headers: models.HeaderMap | Mapping[str, Any] | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        min_age: int | None = None,
        mobile: bool | None = None,
        only_clean_content: bool | None = None,
        only_main_content: bool | None = None,
        origin: str | None = None,
        parsers: Sequence[models.ParserItem | Mapping[str, Any]] | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        proxy: Literal["basic", "enhanced", "auto"] | None = None,
        redact_pii: bool | models.RedactPIIOptions | Mapping[str, Any] | None = None,
        remove_base64_images: bool | None = None,
        skip_tls_verification: bool | None = None,
        store_in_cache: bool | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: str | None = None,
        use_mock: str | None = None,
        wait_for: int | None = None,
        zero_data_retention: bool | None = None,
        request_id: str | None = None,
    ) -> models.Document:
        """Scrape one URL.

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            url: The URL to scrape, http or https.
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape (the catalogue's tools of the page's site in the document's `tools`); the reference server does not attach them to a scraped document yet (a search's `domainTools` does), so it changes nothing here.
            exclude_tags: Tags to exclude from the output.
            experimental_omce: An internal flag of the service's scrape schema; accepted, no effect here.
            experimental_omce_domain: An internal option of the service's scrape schema; accepted, no effect here.
            fast_mode: Accepted as the service accepts it; the reference server's pages are fast already.
            formats: Output formats; objects select a variant by `type`, strings are the shorthand of the basic formats.
            headers: HTTP headers by name; at most 100, each value at most 8192 characters.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            min_age: Milliseconds; cache only, a copy at least this old is returned, none gives 404 SCRAPE_NO_CACHED_DATA.
            mobile: Emulate a mobile device.
            only_clean_content: Beta.
            only_main_content: Deterministic HTML-level filter removing headers, navigation and footers.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            parsers: With "pdf" present, PDFs become markdown at 1 credit per page; an empty array returns the PDF base64-encoded at a flat 1 credit.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect on a scrape here (no domain tools on a document yet).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the request or its result after answering.
            request_id: The id of an alexandria run (1 to 128 letters, digits, `.`, `_`, `:` or `-`): a retry with the same id and calls replays the first answer; another text is refused.
        """
        return self._client._call(
            _scrape_url.OPERATION,
            path={},
            query={},
            body=request_body(
                models.ScrapeRequest,
                {
                    "url": url,
                    "actions": actions,
                    "audit_metadata": audit_metadata,
                    "block_ads": block_ads,
                    "check_prompt_injection": check_prompt_injection,
                    "domain_tools": domain_tools,
                    "exclude_tags": exclude_tags,
                    "experimental_omce": experimental_omce,
                    "experimental_omce_domain": experimental_omce_domain,
                    "fast_mode": fast_mode,
                    "formats": formats,
                    "headers": headers,
                    "include_tags": include_tags,
                    "integration": integration,
                    "location": location,
                    "lockdown": lockdown,
                    "max_age": max_age,
                    "min_age": min_age,
                    "mobile": mobile,
                    "only_clean_content": only_clean_content,
                    "only_main_content": only_main_content,
                    "origin": origin,
                    "parsers": parsers,
                    "profile": profile,
                    "proxy": proxy,
                    "redact_pii": redact_pii,
                    "remove_base64_images": remove_base64_images,
                    "skip_tls_verification": skip_tls_verification,
                    "store_in_cache": store_in_cache,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "tool_detail": tool_detail,
                    "use_mock": use_mock,
                    "wait_for": wait_for,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            headers={"x-request-id": request_id},
            result=models.ScrapeResponse,
        ).data


class AsyncScrape:
    """One page as markdown, HTML, JSON and other formats."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def alexandria(
        self,
        alexandria: models.AlexandriaCall | Mapping[str, Any] | Sequence[models.AlexandriaCall | Mapping[str, Any]],
        *,
        integration: str | None = None,
        origin: str | None = None,
        timeout: int | None = None,
        request_id: str | None = None,
    ) -> models.AlexandriaScrapeResponse:
        """Alexandria calls to run in one request; nothing else may sit beside them (an unknown key, a URL or a scrape option is refused).

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            alexandria: One call, or a list of 1 to 10.
            integration: The integration the request came through; recorded.
            origin: Who sent the request; recorded.
            timeout: Milliseconds the calls may take; more than 50000 is read as 50000.
            request_id: The id of an alexandria run (1 to 128 letters, digits, `.`, `_`, `:` or `-`): a retry with the same id and calls replays the first answer; another text is refused.
        """
        return await self._client._call(
            _scrape_url.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AlexandriaScrapeRequest,
                {"alexandria": alexandria, "integration": integration, "origin": origin, "timeout": timeout},
            ),
            headers={"x-request-id": request_id},
            result=models.AlexandriaScrapeResponse,
        )

    async def __call__(
        self,
        url: str,
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        block_ads: bool | None = None,
        check_prompt_injection: bool | None = None,
        domain_tools: bool | None = None,
        exclude_tags: Sequence[str] | None = None,
        experimental_omce: bool | None = None,
        experimental_omce_domain: str | None = None,
        fast_mode: bool | None = None,
        formats: Sequence[models.FormatItem | Mapping[str, Any]] | None = None,
        headers: models.HeaderMap | Mapping[str, Any] | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        min_age: int | None = None,
        mobile: bool | None = None,
        only_clean_content: bool | None = None,
        only_main_content: bool | None = None,
        origin: str | None = None,
        parsers: Sequence[models.ParserItem | Mapping[str, Any]] | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        proxy: Literal["basic", "enhanced", "auto"] | None = None,
        redact_pii: bool | models.RedactPIIOptions | Mapping[str, Any] | None = None,
        remove_base64_images: bool | None = None,
        skip_tls_verification: bool | None = None,
        store_in_cache: bool | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: str | None = None,
        use_mock: str | None = None,
        wait_for: int | None = None,
        zero_data_retention: bool | None = None,
        request_id: str | None = None,
    ) -> models.Document:
        """Scrape one URL.

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            url: The URL to scrape, http or https.
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape (the catalogue's tools of the page's site in the document's `tools`); the reference server does not attach them to a scraped document yet (a search's `domainTools` does), so it changes nothing here.
            exclude_tags: Tags to exclude from the output.
            experimental_omce: An internal flag of the service's scrape schema; accepted, no effect here.
            experimental_omce_domain: An internal option of the service's scrape schema; accepted, no effect here.
            fast_mode: Accepted as the service accepts it; the reference server's pages are fast already.
            formats: Output formats; objects select a variant by `type`, strings are the shorthand of the basic formats.
            headers: HTTP headers by name; at most 100, each value at most 8192 characters.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            min_age: Milliseconds; cache only, a copy at least this old is returned, none gives 404 SCRAPE_NO_CACHED_DATA.
            mobile: Emulate a mobile device.
            only_clean_content: Beta.
            only_main_content: Deterministic HTML-level filter removing headers, navigation and footers.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            parsers: With "pdf" present, PDFs become markdown at 1 credit per page; an empty array returns the PDF base64-encoded at a flat 1 credit.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect on a scrape here (no domain tools on a document yet).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the request or its result after answering.
            request_id: The id of an alexandria run (1 to 128 letters, digits, `.`, `_`, `:` or `-`): a retry with the same id and calls replays the first answer; another text is refused.
        """
        return (
            await self._client._call(
                _scrape_url.OPERATION,
                path={},
                query={},
                body=request_body(
                    models.ScrapeRequest,
                    {
                        "url": url,
                        "actions": actions,
                        "audit_metadata": audit_metadata,
                        "block_ads": block_ads,
                        "check_prompt_injection": check_prompt_injection,
                        "domain_tools": domain_tools,
                        "exclude_tags": exclude_tags,
                        "experimental_omce": experimental_omce,
                        "experimental_omce_domain": experimental_omce_domain,
                        "fast_mode": fast_mode,
                        "formats": formats,
                        "headers": headers,
                        "include_tags": include_tags,
                        "integration": integration,
                        "location": location,
                        "lockdown": lockdown,
                        "max_age": max_age,
                        "min_age": min_age,
                        "mobile": mobile,
                        "only_clean_content": only_clean_content,
                        "only_main_content": only_main_content,
                        "origin": origin,
                        "parsers": parsers,
                        "profile": profile,
                        "proxy": proxy,
                        "redact_pii": redact_pii,
                        "remove_base64_images": remove_base64_images,
                        "skip_tls_verification": skip_tls_verification,
                        "store_in_cache": store_in_cache,
                        "threat_protection": threat_protection,
                        "timeout": timeout,
                        "tool_detail": tool_detail,
                        "use_mock": use_mock,
                        "wait_for": wait_for,
                        "zero_data_retention": zero_data_retention,
                    },
                ),
                headers={"x-request-id": request_id},
                result=models.ScrapeResponse,
            )
        ).data
