"""Structured data from pages.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models
from pydantic import BaseModel

from .._base_client import AsyncClient, SyncClient
from ..api.extract import get_extract_status as _get_extract_status
from ..api.extract import start_extract as _start_extract
from ..client import alast_status, awatch_job, kept, last_status, request_body, watch_job
from ..types import JobSpec

__all__ = ["AsyncExtract", "Extract"]

_EXTRACT_JOB = JobSpec(
    status_path="/v2/extract/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=False,
    socket=False,
)


class Extract:
    """Structured data from pages."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def get_status(self, id: str | UUID) -> models.ExtractStatusResponse:
        """Read an extract job's status and result.

        ``GET /v2/extract/{id}`` (getExtractStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return self._client._call(
            _get_extract_status.OPERATION, path={"id": id}, query={}, body=None, result=models.ExtractStatusResponse
        )

    def start(
        self,
        urls: Sequence[str],
        *,
        agent: Mapping[str, Any] | None = None,
        allow_external_links: bool | None = None,
        enable_web_search: bool | None = None,
        experimental_cache_key: str | None = None,
        experimental_cache_mode: Literal["direct", "save", "load"] | None = None,
        experimental_llm_usage: bool | None = None,
        experimental_show_cost_tracking: bool | None = None,
        experimental_show_sources: bool | None = None,
        experimental_stream_steps: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        ignore_sitemap: bool | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        show_sources: bool | None = None,
        system_prompt: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        url_trace: bool | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
    ) -> models.ExtractResponse:
        """Start an extract job.

        ``POST /v2/extract`` (startExtract).

        Args:
            urls: URLs to extract from, in glob format (`https://example.com/*`).
            agent: The agent that runs the extraction (`model` FIRE-1 or v3-beta); accepted, no effect on the synthetic extraction.
            allow_external_links: Follow links to other sites while gathering pages; accepted, no effect on the synthetic extraction.
            enable_web_search: Use web search to find additional data.
            experimental_cache_key: Internal option of the service; accepted.
            experimental_cache_mode: Internal option of the service; accepted.
            experimental_llm_usage: Internal flag of the service; accepted.
            experimental_show_cost_tracking: Internal flag of the service; accepted.
            experimental_show_sources: The old name of showSources; true has the same effect.
            experimental_stream_steps: Internal flag of the service; accepted.
            ignore_invalid_urls: Drop invalid URLs and list them in `invalidURLs`; when false, an invalid URL fails the request.
            ignore_sitemap: Ignore sitemap.xml files while scanning a site.
            include_subdomains: Scan subdomains of the given URLs too.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many pages are gathered; accepted, no effect on the synthetic extraction.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Guides the extraction.
            schema: Structure of the extracted data; must be a valid JSON Schema.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            show_sources: Return the sources used under `sources`.
            system_prompt: Instructions for the extracting model; the reference server's extraction is synthetic, so it changes nothing here.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the extraction may take; accepted (the job ends after the server's --job-seconds).
            url_trace: Asks the service for a trace of the URLs it considered; accepted, no trace here.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
        """
        return self._client._call(
            _start_extract.OPERATION,
            path={},
            query={},
            body=request_body(
                models.ExtractRequest,
                {
                    "urls": urls,
                    "agent": agent,
                    "allow_external_links": allow_external_links,
                    "enable_web_search": enable_web_search,
                    "experimental_cache_key": experimental_cache_key,
                    "experimental_cache_mode": experimental_cache_mode,
                    "experimental_llm_usage": experimental_llm_usage,
                    "experimental_show_cost_tracking": experimental_show_cost_tracking,
                    "experimental_show_sources": experimental_show_sources,
                    "experimental_stream_steps": experimental_stream_steps,
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "ignore_sitemap": ignore_sitemap,
                    "include_subdomains": include_subdomains,
                    "integration": integration,
                    "limit": limit,
                    "origin": origin,
                    "prompt": prompt,
                    "schema": schema,
                    "scrape_options": scrape_options,
                    "show_sources": show_sources,
                    "system_prompt": system_prompt,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "url_trace": url_trace,
                    "webhook": webhook,
                },
            ),
            result=models.ExtractResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> Iterator[models.ExtractStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.extract.watch(id): print(status.status)``: the
        last status is the terminal one, with its result.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
        """
        return watch_job(
            self._client._transport,
            _EXTRACT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.ExtractStatusResponse,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=self._client._sockets,
        )

    def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.ExtractStatusResponse], object] | None = None,
    ) -> models.ExtractStatusResponse:
        """Wait until the job reaches a terminal state and return that status (its result).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(id, poll_interval=poll_interval, max_wait=max_wait, raise_on_failure=raise_on_failure)
        return last_status(watched, on_status)

    def __call__(
        self,
        urls: Sequence[str],
        *,
        agent: Mapping[str, Any] | None = None,
        allow_external_links: bool | None = None,
        enable_web_search: bool | None = None,
        experimental_cache_key: str | None = None,
        experimental_cache_mode: Literal["direct", "save", "load"] | None = None,
        experimental_llm_usage: bool | None = None,
        experimental_show_cost_tracking: bool | None = None,
        experimental_show_sources: bool | None = None,
        experimental_stream_steps: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        ignore_sitemap: bool | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        show_sources: bool | None = None,
        system_prompt: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        url_trace: bool | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.ExtractStatusResponse], object] | None = None,
    ) -> models.ExtractStatusResponse:
        """Start an extract job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/extract`` (startExtract).

        Args:
            urls: URLs to extract from, in glob format (`https://example.com/*`).
            agent: The agent that runs the extraction (`model` FIRE-1 or v3-beta); accepted, no effect on the synthetic extraction.
            allow_external_links: Follow links to other sites while gathering pages; accepted, no effect on the synthetic extraction.
            enable_web_search: Use web search to find additional data.
            experimental_cache_key: Internal option of the service; accepted.
            experimental_cache_mode: Internal option of the service; accepted.
            experimental_llm_usage: Internal flag of the service; accepted.
            experimental_show_cost_tracking: Internal flag of the service; accepted.
            experimental_show_sources: The old name of showSources; true has the same effect.
            experimental_stream_steps: Internal flag of the service; accepted.
            ignore_invalid_urls: Drop invalid URLs and list them in `invalidURLs`; when false, an invalid URL fails the request.
            ignore_sitemap: Ignore sitemap.xml files while scanning a site.
            include_subdomains: Scan subdomains of the given URLs too.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many pages are gathered; accepted, no effect on the synthetic extraction.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Guides the extraction.
            schema: Structure of the extracted data; must be a valid JSON Schema.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            show_sources: Return the sources used under `sources`.
            system_prompt: Instructions for the extracting model; the reference server's extraction is synthetic, so it changes nothing here.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the extraction may take; accepted (the job ends after the server's --job-seconds).
            url_trace: Asks the service for a trace of the URLs it considered; accepted, no trace here.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = self.start(
            urls=urls,
            agent=agent,
            allow_external_links=allow_external_links,
            enable_web_search=enable_web_search,
            experimental_cache_key=experimental_cache_key,
            experimental_cache_mode=experimental_cache_mode,
            experimental_llm_usage=experimental_llm_usage,
            experimental_show_cost_tracking=experimental_show_cost_tracking,
            experimental_show_sources=experimental_show_sources,
            experimental_stream_steps=experimental_stream_steps,
            ignore_invalid_urls=ignore_invalid_urls,
            ignore_sitemap=ignore_sitemap,
            include_subdomains=include_subdomains,
            integration=integration,
            limit=limit,
            origin=origin,
            prompt=prompt,
            schema=schema,
            scrape_options=scrape_options,
            show_sources=show_sources,
            system_prompt=system_prompt,
            threat_protection=threat_protection,
            timeout=timeout,
            url_trace=url_trace,
            webhook=webhook,
        )
        final = self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )
        return kept(final, started, ("invalid_urls",))

    start_and_wait = __call__  # the name of earlier versions


class AsyncExtract:
    """Structured data from pages."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def get_status(self, id: str | UUID) -> models.ExtractStatusResponse:
        """Read an extract job's status and result.

        ``GET /v2/extract/{id}`` (getExtractStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return await self._client._call(
            _get_extract_status.OPERATION, path={"id": id}, query={}, body=None, result=models.ExtractStatusResponse
        )

    async def start(
        self,
        urls: Sequence[str],
        *,
        agent: Mapping[str, Any] | None = None,
        allow_external_links: bool | None = None,
        enable_web_search: bool | None = None,
        experimental_cache_key: str | None = None,
        experimental_cache_mode: Literal["direct", "save", "load"] | None = None,
        experimental_llm_usage: bool | None = None,
        experimental_show_cost_tracking: bool | None = None,
        experimental_show_sources: bool | None = None,
        experimental_stream_steps: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        ignore_sitemap: bool | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        show_sources: bool | None = None,
        system_prompt: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        url_trace: bool | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
    ) -> models.ExtractResponse:
        """Start an extract job.

        ``POST /v2/extract`` (startExtract).

        Args:
            urls: URLs to extract from, in glob format (`https://example.com/*`).
            agent: The agent that runs the extraction (`model` FIRE-1 or v3-beta); accepted, no effect on the synthetic extraction.
            allow_external_links: Follow links to other sites while gathering pages; accepted, no effect on the synthetic extraction.
            enable_web_search: Use web search to find additional data.
            experimental_cache_key: Internal option of the service; accepted.
            experimental_cache_mode: Internal option of the service; accepted.
            experimental_llm_usage: Internal flag of the service; accepted.
            experimental_show_cost_tracking: Internal flag of the service; accepted.
            experimental_show_sources: The old name of showSources; true has the same effect.
            experimental_stream_steps: Internal flag of the service; accepted.
            ignore_invalid_urls: Drop invalid URLs and list them in `invalidURLs`; when false, an invalid URL fails the request.
            ignore_sitemap: Ignore sitemap.xml files while scanning a site.
            include_subdomains: Scan subdomains of the given URLs too.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many pages are gathered; accepted, no effect on the synthetic extraction.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Guides the extraction.
            schema: Structure of the extracted data; must be a valid JSON Schema.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            show_sources: Return the sources used under `sources`.
            system_prompt: Instructions for the extracting model; the reference server's extraction is synthetic, so it changes nothing here.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the extraction may take; accepted (the job ends after the server's --job-seconds).
            url_trace: Asks the service for a trace of the URLs it considered; accepted, no trace here.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
        """
        return await self._client._call(
            _start_extract.OPERATION,
            path={},
            query={},
            body=request_body(
                models.ExtractRequest,
                {
                    "urls": urls,
                    "agent": agent,
                    "allow_external_links": allow_external_links,
                    "enable_web_search": enable_web_search,
                    "experimental_cache_key": experimental_cache_key,
                    "experimental_cache_mode": experimental_cache_mode,
                    "experimental_llm_usage": experimental_llm_usage,
                    "experimental_show_cost_tracking": experimental_show_cost_tracking,
                    "experimental_show_sources": experimental_show_sources,
                    "experimental_stream_steps": experimental_stream_steps,
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "ignore_sitemap": ignore_sitemap,
                    "include_subdomains": include_subdomains,
                    "integration": integration,
                    "limit": limit,
                    "origin": origin,
                    "prompt": prompt,
                    "schema": schema,
                    "scrape_options": scrape_options,
                    "show_sources": show_sources,
                    "system_prompt": system_prompt,
                    "threat_protection": threat_protection,
                    "timeout": timeout,
                    "url_trace": url_trace,
                    "webhook": webhook,
                },
            ),
            result=models.ExtractResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> AsyncIterator[models.ExtractStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.extract.watch(id): print(status.status)``: the
        last status is the terminal one, with its result.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
        """
        return awatch_job(
            self._client._transport,
            _EXTRACT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.ExtractStatusResponse,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=self._client._sockets,
        )

    async def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.ExtractStatusResponse], object] | None = None,
    ) -> models.ExtractStatusResponse:
        """Wait until the job reaches a terminal state and return that status (its result).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(id, poll_interval=poll_interval, max_wait=max_wait, raise_on_failure=raise_on_failure)
        return await alast_status(watched, on_status)

    async def __call__(
        self,
        urls: Sequence[str],
        *,
        agent: Mapping[str, Any] | None = None,
        allow_external_links: bool | None = None,
        enable_web_search: bool | None = None,
        experimental_cache_key: str | None = None,
        experimental_cache_mode: Literal["direct", "save", "load"] | None = None,
        experimental_llm_usage: bool | None = None,
        experimental_show_cost_tracking: bool | None = None,
        experimental_show_sources: bool | None = None,
        experimental_stream_steps: bool | None = None,
        ignore_invalid_urls: bool | None = None,
        ignore_sitemap: bool | None = None,
        include_subdomains: bool | None = None,
        integration: str | None = None,
        limit: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        show_sources: bool | None = None,
        system_prompt: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        url_trace: bool | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.ExtractStatusResponse], object] | None = None,
    ) -> models.ExtractStatusResponse:
        """Start an extract job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/extract`` (startExtract).

        Args:
            urls: URLs to extract from, in glob format (`https://example.com/*`).
            agent: The agent that runs the extraction (`model` FIRE-1 or v3-beta); accepted, no effect on the synthetic extraction.
            allow_external_links: Follow links to other sites while gathering pages; accepted, no effect on the synthetic extraction.
            enable_web_search: Use web search to find additional data.
            experimental_cache_key: Internal option of the service; accepted.
            experimental_cache_mode: Internal option of the service; accepted.
            experimental_llm_usage: Internal flag of the service; accepted.
            experimental_show_cost_tracking: Internal flag of the service; accepted.
            experimental_show_sources: The old name of showSources; true has the same effect.
            experimental_stream_steps: Internal flag of the service; accepted.
            ignore_invalid_urls: Drop invalid URLs and list them in `invalidURLs`; when false, an invalid URL fails the request.
            ignore_sitemap: Ignore sitemap.xml files while scanning a site.
            include_subdomains: Scan subdomains of the given URLs too.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: At most this many pages are gathered; accepted, no effect on the synthetic extraction.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Guides the extraction.
            schema: Structure of the extracted data; must be a valid JSON Schema.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            show_sources: Return the sources used under `sources`.
            system_prompt: Instructions for the extracting model; the reference server's extraction is synthetic, so it changes nothing here.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the extraction may take; accepted (the job ends after the server's --job-seconds).
            url_trace: Asks the service for a trace of the URLs it considered; accepted, no trace here.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = await self.start(
            urls=urls,
            agent=agent,
            allow_external_links=allow_external_links,
            enable_web_search=enable_web_search,
            experimental_cache_key=experimental_cache_key,
            experimental_cache_mode=experimental_cache_mode,
            experimental_llm_usage=experimental_llm_usage,
            experimental_show_cost_tracking=experimental_show_cost_tracking,
            experimental_show_sources=experimental_show_sources,
            experimental_stream_steps=experimental_stream_steps,
            ignore_invalid_urls=ignore_invalid_urls,
            ignore_sitemap=ignore_sitemap,
            include_subdomains=include_subdomains,
            integration=integration,
            limit=limit,
            origin=origin,
            prompt=prompt,
            schema=schema,
            scrape_options=scrape_options,
            show_sources=show_sources,
            system_prompt=system_prompt,
            threat_protection=threat_protection,
            timeout=timeout,
            url_trace=url_trace,
            webhook=webhook,
        )
        final = await self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )
        return kept(final, started, ("invalid_urls",))

    start_and_wait = __call__  # the name of earlier versions
