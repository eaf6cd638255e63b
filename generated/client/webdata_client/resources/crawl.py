"""Whole sites, with natural-language prompts.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.crawl import cancel_crawl as _cancel_crawl
from ..api.crawl import get_active_crawls as _get_active_crawls
from ..api.crawl import get_crawl_errors as _get_crawl_errors
from ..api.crawl import get_crawl_status as _get_crawl_status
from ..api.crawl import get_ongoing_crawls as _get_ongoing_crawls
from ..api.crawl import preview_crawl_params as _preview_crawl_params
from ..api.crawl import start_crawl as _start_crawl
from ..client import alast_status, awatch_job, last_status, request_body, watch_job
from ..types import JobSpec

__all__ = ["AsyncCrawl", "Crawl"]

_CRAWL_JOB = JobSpec(
    status_path="/v2/crawl/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=True,
    socket=True,
)


class Crawl:
    """Whole sites, with natural-language prompts."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def cancel(self, id: str | UUID) -> models.CrawlCancelResponse:
        """Cancel a crawl.

        ``DELETE /v2/crawl/{id}`` (cancelCrawl).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return self._client._call(
            _cancel_crawl.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlCancelResponse
        )

    def get_active(self) -> models.ActiveCrawlsResponse:
        """List the team's active crawls.

        ``GET /v2/crawl/active`` (getActiveCrawls).
        """
        return self._client._call(
            _get_active_crawls.OPERATION, path={}, query={}, body=None, result=models.ActiveCrawlsResponse
        )

    def get_errors(self, id: str | UUID) -> models.CrawlErrorsResponse:
        """Read the pages a crawl could not scrape.

        ``GET /v2/crawl/{id}/errors`` (getCrawlErrors).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return self._client._call(
            _get_crawl_errors.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlErrorsResponse
        )

    def get_ongoing(self) -> models.ActiveCrawlsResponse:
        """List the team's ongoing crawls.

        ``GET /v2/crawl/ongoing`` (getOngoingCrawls).
        """
        return self._client._call(
            _get_ongoing_crawls.OPERATION, path={}, query={}, body=None, result=models.ActiveCrawlsResponse
        )

    def get_status_page(
        self, id: str | UUID, *, skip: int | None = None, limit: int | None = None
    ) -> models.JobStatusResponse:
        """Read a crawl's status and documents.

        ``GET /v2/crawl/{id}`` (getCrawlStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
            skip: How many of the job's finished pages to pass over; the `next` URL of a status carries it.
            limit: At most this many documents in the answer (the server's page size caps it).
        """
        return self._client._call(
            _get_crawl_status.OPERATION,
            path={"id": id},
            query={"skip": skip, "limit": limit},
            body=None,
            result=models.JobStatusResponse,
        )

    def preview_params(
        self, prompt: str, url: str, *, integration: str | None = None, origin: str | None = None
    ) -> models.CrawlParamsPreviewResponse:
        """Preview the crawl options derived from a prompt.

        ``POST /v2/crawl/params-preview`` (previewCrawlParams).

        Args:
            prompt: Natural-language description of the crawl.
            url: The URL to start from, with its scheme, http or https (unlike a crawl's `url`, a URL without a scheme is refused here).
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
        """
        return self._client._call(
            _preview_crawl_params.OPERATION,
            path={},
            query={},
            body=request_body(
                models.CrawlParamsPreviewRequest,
                {"prompt": prompt, "url": url, "integration": integration, "origin": origin},
            ),
            result=models.CrawlParamsPreviewResponse,
        )

    def start(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        integration: str | None = None,
        limit: int | None = None,
        max_concurrency: int | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        regex_on_full_url: bool | None = None,
        robots_user_agent: str | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        sitemap: Literal["only", "skip", "include"] | None = None,
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        idempotency_key: str | UUID | None = None,
    ) -> models.CrawlStartResponse:
        """Start a crawl.

        ``POST /v2/crawl`` (startCrawl).

        Args:
            url: The URL to start from, http or https.
            allow_external_links: Follow links to other sites.
            allow_subdomains: Follow links to subdomains of the start URL's host.
            crawl_entire_domain: Follow links to sibling and parent paths; replaces v1 allowBackwardCrawling.
            deduplicate_similar_urls: Visit URLs that differ only in form (a trailing slash.
            delay: Seconds between page fetches.
            exclude_paths: Regular expressions of paths to exclude.
            ignore_query_parameters: Visit a URL once whatever its query string (query strings dropped before deduplication).
            ignore_robots_txt: Visit pages the site's robots.txt disallows.
            include_paths: Regular expressions of paths to include.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: Maximum pages crawled, the start page included; 0 or less crawls the start page alone.
            max_concurrency: Pages scraped at once.
            max_discovery_depth: Link hops from the start URL (sitemap entries count as one); 0 crawls the start page alone; replaces v1 maxDepth.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Natural-language description from which paths and limits are derived.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            robots_user_agent: The user agent whose robots.txt rules the crawl follows.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            sitemap: Use of sitemap.xml; replaces v1 ignoreSitemap.
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the crawl's pages after they are delivered.
            idempotency_key: A UUID that names this start request: a second start with a key already used (by anyone, with any body) is refused with 409 `Idempotency key already used` and starts nothing, so a client that retries after losing the answer cannot start, and pay for, the crawl twice.
        """
        return self._client._call(
            _start_crawl.OPERATION,
            path={},
            query={},
            body=request_body(
                models.CrawlRequest,
                {
                    "url": url,
                    "allow_external_links": allow_external_links,
                    "allow_subdomains": allow_subdomains,
                    "crawl_entire_domain": crawl_entire_domain,
                    "deduplicate_similar_urls": deduplicate_similar_urls,
                    "delay": delay,
                    "exclude_paths": exclude_paths,
                    "ignore_query_parameters": ignore_query_parameters,
                    "ignore_robots_txt": ignore_robots_txt,
                    "include_paths": include_paths,
                    "integration": integration,
                    "limit": limit,
                    "max_concurrency": max_concurrency,
                    "max_discovery_depth": max_discovery_depth,
                    "origin": origin,
                    "prompt": prompt,
                    "regex_on_full_url": regex_on_full_url,
                    "robots_user_agent": robots_user_agent,
                    "scrape_options": scrape_options,
                    "sitemap": sitemap,
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            headers={"x-idempotency-key": idempotency_key},
            result=models.CrawlStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
    ) -> Iterator[models.JobStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.crawl.watch(id): print(status.completed, status.total)``: the
        last status is the terminal one, with every document gathered from ``next``, ``next`` None.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``. ``via``: ``"auto"`` watches over the
        status path's WebSocket and polls where it cannot (a server without it, a client given its
        own ``http_client``), ``"socket"`` insists, ``"poll"`` never tries.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
        """
        return watch_job(
            self._client._transport,
            _CRAWL_JOB,
            str(id),
            poll=lambda: self.get_status_page(id) if documents else self.get_status_page(id, limit=1),
            result=models.JobStatusResponse,
            document=models.Document,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll" if not documents else via,
            sockets=self._client._sockets,
            documents=documents,
        )

    def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Wait until the job reaches a terminal state and return that status (every document gathered from ``next``, ``next`` None).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``. ``via``: ``"auto"`` watches over the
        status path's WebSocket and polls where it cannot (a server without it, a client given its
        own ``http_client``), ``"socket"`` insists, ``"poll"`` never tries.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(
            id,
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via=via,
            documents=documents,
        )
        return last_status(watched, on_status)

    def __call__(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        integration: str | None = None,
        limit: int | None = None,
        max_concurrency: int | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        regex_on_full_url: bool | None = None,
        robots_user_agent: str | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        sitemap: Literal["only", "skip", "include"] | None = None,
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        idempotency_key: str | UUID | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Start a crawl, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/crawl`` (startCrawl).

        Args:
            url: The URL to start from, http or https.
            allow_external_links: Follow links to other sites.
            allow_subdomains: Follow links to subdomains of the start URL's host.
            crawl_entire_domain: Follow links to sibling and parent paths; replaces v1 allowBackwardCrawling.
            deduplicate_similar_urls: Visit URLs that differ only in form (a trailing slash.
            delay: Seconds between page fetches.
            exclude_paths: Regular expressions of paths to exclude.
            ignore_query_parameters: Visit a URL once whatever its query string (query strings dropped before deduplication).
            ignore_robots_txt: Visit pages the site's robots.txt disallows.
            include_paths: Regular expressions of paths to include.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: Maximum pages crawled, the start page included; 0 or less crawls the start page alone.
            max_concurrency: Pages scraped at once.
            max_discovery_depth: Link hops from the start URL (sitemap entries count as one); 0 crawls the start page alone; replaces v1 maxDepth.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Natural-language description from which paths and limits are derived.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            robots_user_agent: The user agent whose robots.txt rules the crawl follows.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            sitemap: Use of sitemap.xml; replaces v1 ignoreSitemap.
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the crawl's pages after they are delivered.
            idempotency_key: A UUID that names this start request: a second start with a key already used (by anyone, with any body) is refused with 409 `Idempotency key already used` and starts nothing, so a client that retries after losing the answer cannot start, and pay for, the crawl twice.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        started = self.start(
            url=url,
            allow_external_links=allow_external_links,
            allow_subdomains=allow_subdomains,
            crawl_entire_domain=crawl_entire_domain,
            deduplicate_similar_urls=deduplicate_similar_urls,
            delay=delay,
            exclude_paths=exclude_paths,
            ignore_query_parameters=ignore_query_parameters,
            ignore_robots_txt=ignore_robots_txt,
            include_paths=include_paths,
            integration=integration,
            limit=limit,
            max_concurrency=max_concurrency,
            max_discovery_depth=max_discovery_depth,
            origin=origin,
            prompt=prompt,
            regex_on_full_url=regex_on_full_url,
            robots_user_agent=robots_user_agent,
            scrape_options=scrape_options,
            sitemap=sitemap,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
            idempotency_key=idempotency_key,
        )
        return self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via=via,
            documents=documents,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions

    def get_status(self, id: str | UUID) -> models.JobStatusResponse:
        """Read the job's status with every document available now: the first page, then each
        ``next`` (on the same origin) gathered into ``data``, ``next`` None, as firecrawl-py's
        ``get_crawl_status`` reads it, so ``len(status.data)`` counts every page's documents.
        ``get_status_page(id, skip=..., limit=...)`` reads one page.

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        first = self.get_status_page(id)
        # A running job answers ``next`` also where no document is behind it yet (as the service
        # does): a page with none ends the reading, or it would read the same page for ever.
        documents, link = list(first.data), first.next if first.data else None
        while link:
            page = self._client._follow(link, result=models.JobStatusResponse)
            documents += page.data
            link = page.next if page.data else None
        return first.model_copy(update={"id": str(id), "data": documents, "next": None})

    def iter_documents(self, id: str | UUID) -> Iterator[models.Document]:
        """The job's documents available now, page after page, following ``next`` on the same origin.

        Args:
            id: The job's id, as its start returned it.
        """
        page = self.get_status_page(id)
        while True:
            for document in page.data:
                yield document
            if not page.next or not page.data:  # (see get_status)
                return
            page = self._client._follow(page.next, result=models.JobStatusResponse)


class AsyncCrawl:
    """Whole sites, with natural-language prompts."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def cancel(self, id: str | UUID) -> models.CrawlCancelResponse:
        """Cancel a crawl.

        ``DELETE /v2/crawl/{id}`` (cancelCrawl).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return await self._client._call(
            _cancel_crawl.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlCancelResponse
        )

    async def get_active(self) -> models.ActiveCrawlsResponse:
        """List the team's active crawls.

        ``GET /v2/crawl/active`` (getActiveCrawls).
        """
        return await self._client._call(
            _get_active_crawls.OPERATION, path={}, query={}, body=None, result=models.ActiveCrawlsResponse
        )

    async def get_errors(self, id: str | UUID) -> models.CrawlErrorsResponse:
        """Read the pages a crawl could not scrape.

        ``GET /v2/crawl/{id}/errors`` (getCrawlErrors).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return await self._client._call(
            _get_crawl_errors.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlErrorsResponse
        )

    async def get_ongoing(self) -> models.ActiveCrawlsResponse:
        """List the team's ongoing crawls.

        ``GET /v2/crawl/ongoing`` (getOngoingCrawls).
        """
        return await self._client._call(
            _get_ongoing_crawls.OPERATION, path={}, query={}, body=None, result=models.ActiveCrawlsResponse
        )

    async def get_status_page(
        self, id: str | UUID, *, skip: int | None = None, limit: int | None = None
    ) -> models.JobStatusResponse:
        """Read a crawl's status and documents.

        ``GET /v2/crawl/{id}`` (getCrawlStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
            skip: How many of the job's finished pages to pass over; the `next` URL of a status carries it.
            limit: At most this many documents in the answer (the server's page size caps it).
        """
        return await self._client._call(
            _get_crawl_status.OPERATION,
            path={"id": id},
            query={"skip": skip, "limit": limit},
            body=None,
            result=models.JobStatusResponse,
        )

    async def preview_params(
        self, prompt: str, url: str, *, integration: str | None = None, origin: str | None = None
    ) -> models.CrawlParamsPreviewResponse:
        """Preview the crawl options derived from a prompt.

        ``POST /v2/crawl/params-preview`` (previewCrawlParams).

        Args:
            prompt: Natural-language description of the crawl.
            url: The URL to start from, with its scheme, http or https (unlike a crawl's `url`, a URL without a scheme is refused here).
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
        """
        return await self._client._call(
            _preview_crawl_params.OPERATION,
            path={},
            query={},
            body=request_body(
                models.CrawlParamsPreviewRequest,
                {"prompt": prompt, "url": url, "integration": integration, "origin": origin},
            ),
            result=models.CrawlParamsPreviewResponse,
        )

    async def start(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        integration: str | None = None,
        limit: int | None = None,
        max_concurrency: int | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        regex_on_full_url: bool | None = None,
        robots_user_agent: str | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        sitemap: Literal["only", "skip", "include"] | None = None,
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        idempotency_key: str | UUID | None = None,
    ) -> models.CrawlStartResponse:
        """Start a crawl.

        ``POST /v2/crawl`` (startCrawl).

        Args:
            url: The URL to start from, http or https.
            allow_external_links: Follow links to other sites.
            allow_subdomains: Follow links to subdomains of the start URL's host.
            crawl_entire_domain: Follow links to sibling and parent paths; replaces v1 allowBackwardCrawling.
            deduplicate_similar_urls: Visit URLs that differ only in form (a trailing slash.
            delay: Seconds between page fetches.
            exclude_paths: Regular expressions of paths to exclude.
            ignore_query_parameters: Visit a URL once whatever its query string (query strings dropped before deduplication).
            ignore_robots_txt: Visit pages the site's robots.txt disallows.
            include_paths: Regular expressions of paths to include.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: Maximum pages crawled, the start page included; 0 or less crawls the start page alone.
            max_concurrency: Pages scraped at once.
            max_discovery_depth: Link hops from the start URL (sitemap entries count as one); 0 crawls the start page alone; replaces v1 maxDepth.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Natural-language description from which paths and limits are derived.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            robots_user_agent: The user agent whose robots.txt rules the crawl follows.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            sitemap: Use of sitemap.xml; replaces v1 ignoreSitemap.
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the crawl's pages after they are delivered.
            idempotency_key: A UUID that names this start request: a second start with a key already used (by anyone, with any body) is refused with 409 `Idempotency key already used` and starts nothing, so a client that retries after losing the answer cannot start, and pay for, the crawl twice.
        """
        return await self._client._call(
            _start_crawl.OPERATION,
            path={},
            query={},
            body=request_body(
                models.CrawlRequest,
                {
                    "url": url,
                    "allow_external_links": allow_external_links,
                    "allow_subdomains": allow_subdomains,
                    "crawl_entire_domain": crawl_entire_domain,
                    "deduplicate_similar_urls": deduplicate_similar_urls,
                    "delay": delay,
                    "exclude_paths": exclude_paths,
                    "ignore_query_parameters": ignore_query_parameters,
                    "ignore_robots_txt": ignore_robots_txt,
                    "include_paths": include_paths,
                    "integration": integration,
                    "limit": limit,
                    "max_concurrency": max_concurrency,
                    "max_discovery_depth": max_discovery_depth,
                    "origin": origin,
                    "prompt": prompt,
                    "regex_on_full_url": regex_on_full_url,
                    "robots_user_agent": robots_user_agent,
                    "scrape_options": scrape_options,
                    "sitemap": sitemap,
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            headers={"x-idempotency-key": idempotency_key},
            result=models.CrawlStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
    ) -> AsyncIterator[models.JobStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.crawl.watch(id): print(status.completed, status.total)``: the
        last status is the terminal one, with every document gathered from ``next``, ``next`` None.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``. ``via``: ``"auto"`` watches over the
        status path's WebSocket and polls where it cannot (a server without it, a client given its
        own ``http_client``), ``"socket"`` insists, ``"poll"`` never tries.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
        """
        return awatch_job(
            self._client._transport,
            _CRAWL_JOB,
            str(id),
            poll=lambda: self.get_status_page(id) if documents else self.get_status_page(id, limit=1),
            result=models.JobStatusResponse,
            document=models.Document,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll" if not documents else via,
            sockets=self._client._sockets,
            documents=documents,
        )

    async def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Wait until the job reaches a terminal state and return that status (every document gathered from ``next``, ``next`` None).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``. ``via``: ``"auto"`` watches over the
        status path's WebSocket and polls where it cannot (a server without it, a client given its
        own ``http_client``), ``"socket"`` insists, ``"poll"`` never tries.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(
            id,
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via=via,
            documents=documents,
        )
        return await alast_status(watched, on_status)

    async def __call__(
        self,
        url: str,
        *,
        allow_external_links: bool | None = None,
        allow_subdomains: bool | None = None,
        crawl_entire_domain: bool | None = None,
        deduplicate_similar_urls: bool | None = None,
        delay: float | None = None,
        exclude_paths: Sequence[str] | None = None,
        ignore_query_parameters: bool | None = None,
        ignore_robots_txt: bool | None = None,
        include_paths: Sequence[str] | None = None,
        integration: str | None = None,
        limit: int | None = None,
        max_concurrency: int | None = None,
        max_discovery_depth: int | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        regex_on_full_url: bool | None = None,
        robots_user_agent: str | None = None,
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        sitemap: Literal["only", "skip", "include"] | None = None,
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        idempotency_key: str | UUID | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Start a crawl, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/crawl`` (startCrawl).

        Args:
            url: The URL to start from, http or https.
            allow_external_links: Follow links to other sites.
            allow_subdomains: Follow links to subdomains of the start URL's host.
            crawl_entire_domain: Follow links to sibling and parent paths; replaces v1 allowBackwardCrawling.
            deduplicate_similar_urls: Visit URLs that differ only in form (a trailing slash.
            delay: Seconds between page fetches.
            exclude_paths: Regular expressions of paths to exclude.
            ignore_query_parameters: Visit a URL once whatever its query string (query strings dropped before deduplication).
            ignore_robots_txt: Visit pages the site's robots.txt disallows.
            include_paths: Regular expressions of paths to include.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            limit: Maximum pages crawled, the start page included; 0 or less crawls the start page alone.
            max_concurrency: Pages scraped at once.
            max_discovery_depth: Link hops from the start URL (sitemap entries count as one); 0 crawls the start page alone; replaces v1 maxDepth.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            prompt: Natural-language description from which paths and limits are derived.
            regex_on_full_url: Match includePaths and excludePaths against the whole URL instead of its path.
            robots_user_agent: The user agent whose robots.txt rules the crawl follows.
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            sitemap: Use of sitemap.xml; replaces v1 ignoreSitemap.
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the crawl's pages after they are delivered.
            idempotency_key: A UUID that names this start request: a second start with a key already used (by anyone, with any body) is refused with 409 `Idempotency key already used` and starts nothing, so a client that retries after losing the answer cannot start, and pay for, the crawl twice.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        started = await self.start(
            url=url,
            allow_external_links=allow_external_links,
            allow_subdomains=allow_subdomains,
            crawl_entire_domain=crawl_entire_domain,
            deduplicate_similar_urls=deduplicate_similar_urls,
            delay=delay,
            exclude_paths=exclude_paths,
            ignore_query_parameters=ignore_query_parameters,
            ignore_robots_txt=ignore_robots_txt,
            include_paths=include_paths,
            integration=integration,
            limit=limit,
            max_concurrency=max_concurrency,
            max_discovery_depth=max_discovery_depth,
            origin=origin,
            prompt=prompt,
            regex_on_full_url=regex_on_full_url,
            robots_user_agent=robots_user_agent,
            scrape_options=scrape_options,
            sitemap=sitemap,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
            idempotency_key=idempotency_key,
        )
        return await self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via=via,
            documents=documents,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions

    async def get_status(self, id: str | UUID) -> models.JobStatusResponse:
        """Read the job's status with every document available now: the first page, then each
        ``next`` (on the same origin) gathered into ``data``, ``next`` None, as firecrawl-py's
        ``get_crawl_status`` reads it, so ``len(status.data)`` counts every page's documents.
        ``get_status_page(id, skip=..., limit=...)`` reads one page.

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        first = await self.get_status_page(id)
        # A running job answers ``next`` also where no document is behind it yet (as the service
        # does): a page with none ends the reading, or it would read the same page for ever.
        documents, link = list(first.data), first.next if first.data else None
        while link:
            page = await self._client._follow(link, result=models.JobStatusResponse)
            documents += page.data
            link = page.next if page.data else None
        return first.model_copy(update={"id": str(id), "data": documents, "next": None})

    async def iter_documents(self, id: str | UUID) -> AsyncIterator[models.Document]:
        """The job's documents available now, page after page, following ``next`` on the same origin.

        Args:
            id: The job's id, as its start returned it.
        """
        page = await self.get_status_page(id)
        while True:
            for document in page.data:
                yield document
            if not page.next or not page.data:  # (see get_status)
                return
            page = await self._client._follow(page.next, result=models.JobStatusResponse)
