"""Many pages scraped as one asynchronous job.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.batch_scrape import cancel_batch_scrape as _cancel_batch_scrape
from ..api.batch_scrape import get_batch_scrape_errors as _get_batch_scrape_errors
from ..api.batch_scrape import get_batch_scrape_status as _get_batch_scrape_status
from ..api.batch_scrape import start_batch_scrape as _start_batch_scrape
from ..client import alast_status, awatch_job, last_status, request_body, watch_job
from ..types import JobSpec

__all__ = ["AsyncBatchScrape", "BatchScrape"]

_BATCH_SCRAPE_JOB = JobSpec(
    status_path="/v2/batch/scrape/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=True,
    socket=True,
)


class BatchScrape:
    """Many pages scraped as one asynchronous job."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def cancel(self, id: str | UUID) -> models.BatchScrapeCancelResponse:
        """Cancel a batch scrape job.

        ``DELETE /v2/batch/scrape/{id}`` (cancelBatchScrape).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return self._client._call(
            _cancel_batch_scrape.OPERATION,
            path={"id": id},
            query={},
            body=None,
            result=models.BatchScrapeCancelResponse,
        )

    def get_errors(self, id: str | UUID) -> models.CrawlErrorsResponse:
        """Read the pages a batch scrape could not scrape.

        ``GET /v2/batch/scrape/{id}/errors`` (getBatchScrapeErrors).

        Args:
            id: Identifier of a batch scrape of the caller's team; anything else, a string that is not a UUID included, answers 404.
        """
        return self._client._call(
            _get_batch_scrape_errors.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlErrorsResponse
        )

    def get_status_page(
        self, id: str | UUID, *, skip: int | None = None, limit: int | None = None
    ) -> models.JobStatusResponse:
        """Read a batch scrape job's status and documents.

        ``GET /v2/batch/scrape/{id}`` (getBatchScrapeStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
            skip: How many of the job's finished pages to pass over; the `next` URL of a status carries it.
            limit: At most this many documents in the answer (the server's page size caps it).
        """
        return self._client._call(
            _get_batch_scrape_status.OPERATION,
            path={"id": id},
            query={"skip": skip, "limit": limit},
            body=None,
            result=models.JobStatusResponse,
        )

    def start(
        self,
        urls: Sequence[str],
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        append_to_id: str | None = None,
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
        ignore_invalid_urls: bool | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        max_concurrency: int | None = None,
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
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
    ) -> models.BatchScrapeStartResponse:
        """Start a batch scrape job.

        ``POST /v2/batch/scrape`` (startBatchScrape).

        Args:
            urls: URLs to scrape; like extract's, their uri format (x-format) is checked by the server per ignoreInvalidURLs, after a URL without a scheme is taken as http.
            actions: Performed on the page, in order, before content is taken.
            append_to_id: Adds these URLs to the caller's batch scrape with this id instead of starting one: the answer carries that id, its pages join the job (scraped with the job's own options), and an ended batch scrape runs again until they are done (a cancelled one stays cancelled).
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
            ignore_invalid_urls: `true` (sent) drops invalid URLs and lists them in `invalidURLs`.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            max_concurrency: Pages scraped at once.
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
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the pages after they are delivered.
        """
        return self._client._call(
            _start_batch_scrape.OPERATION,
            path={},
            query={},
            body=request_body(
                models.BatchScrapeRequest,
                {
                    "urls": urls,
                    "actions": actions,
                    "append_to_id": append_to_id,
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
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "include_tags": include_tags,
                    "integration": integration,
                    "location": location,
                    "lockdown": lockdown,
                    "max_age": max_age,
                    "max_concurrency": max_concurrency,
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
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            result=models.BatchScrapeStartResponse,
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

        ``for status in client.batch_scrape.watch(id): print(status.completed, status.total)``: the
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
            _BATCH_SCRAPE_JOB,
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
        urls: Sequence[str],
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        append_to_id: str | None = None,
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
        ignore_invalid_urls: bool | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        max_concurrency: int | None = None,
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
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Start a batch scrape job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/batch/scrape`` (startBatchScrape).

        Args:
            urls: URLs to scrape; like extract's, their uri format (x-format) is checked by the server per ignoreInvalidURLs, after a URL without a scheme is taken as http.
            actions: Performed on the page, in order, before content is taken.
            append_to_id: Adds these URLs to the caller's batch scrape with this id instead of starting one: the answer carries that id, its pages join the job (scraped with the job's own options), and an ended batch scrape runs again until they are done (a cancelled one stays cancelled).
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
            ignore_invalid_urls: `true` (sent) drops invalid URLs and lists them in `invalidURLs`.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            max_concurrency: Pages scraped at once.
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
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the pages after they are delivered.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        started = self.start(
            urls=urls,
            actions=actions,
            append_to_id=append_to_id,
            audit_metadata=audit_metadata,
            block_ads=block_ads,
            check_prompt_injection=check_prompt_injection,
            domain_tools=domain_tools,
            exclude_tags=exclude_tags,
            experimental_omce=experimental_omce,
            experimental_omce_domain=experimental_omce_domain,
            fast_mode=fast_mode,
            formats=formats,
            headers=headers,
            ignore_invalid_urls=ignore_invalid_urls,
            include_tags=include_tags,
            integration=integration,
            location=location,
            lockdown=lockdown,
            max_age=max_age,
            max_concurrency=max_concurrency,
            min_age=min_age,
            mobile=mobile,
            only_clean_content=only_clean_content,
            only_main_content=only_main_content,
            origin=origin,
            parsers=parsers,
            profile=profile,
            proxy=proxy,
            redact_pii=redact_pii,
            remove_base64_images=remove_base64_images,
            skip_tls_verification=skip_tls_verification,
            store_in_cache=store_in_cache,
            threat_protection=threat_protection,
            timeout=timeout,
            tool_detail=tool_detail,
            use_mock=use_mock,
            wait_for=wait_for,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
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


class AsyncBatchScrape:
    """Many pages scraped as one asynchronous job."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def cancel(self, id: str | UUID) -> models.BatchScrapeCancelResponse:
        """Cancel a batch scrape job.

        ``DELETE /v2/batch/scrape/{id}`` (cancelBatchScrape).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        return await self._client._call(
            _cancel_batch_scrape.OPERATION,
            path={"id": id},
            query={},
            body=None,
            result=models.BatchScrapeCancelResponse,
        )

    async def get_errors(self, id: str | UUID) -> models.CrawlErrorsResponse:
        """Read the pages a batch scrape could not scrape.

        ``GET /v2/batch/scrape/{id}/errors`` (getBatchScrapeErrors).

        Args:
            id: Identifier of a batch scrape of the caller's team; anything else, a string that is not a UUID included, answers 404.
        """
        return await self._client._call(
            _get_batch_scrape_errors.OPERATION, path={"id": id}, query={}, body=None, result=models.CrawlErrorsResponse
        )

    async def get_status_page(
        self, id: str | UUID, *, skip: int | None = None, limit: int | None = None
    ) -> models.JobStatusResponse:
        """Read a batch scrape job's status and documents.

        ``GET /v2/batch/scrape/{id}`` (getBatchScrapeStatus).

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
            skip: How many of the job's finished pages to pass over; the `next` URL of a status carries it.
            limit: At most this many documents in the answer (the server's page size caps it).
        """
        return await self._client._call(
            _get_batch_scrape_status.OPERATION,
            path={"id": id},
            query={"skip": skip, "limit": limit},
            body=None,
            result=models.JobStatusResponse,
        )

    async def start(
        self,
        urls: Sequence[str],
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        append_to_id: str | None = None,
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
        ignore_invalid_urls: bool | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        max_concurrency: int | None = None,
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
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
    ) -> models.BatchScrapeStartResponse:
        """Start a batch scrape job.

        ``POST /v2/batch/scrape`` (startBatchScrape).

        Args:
            urls: URLs to scrape; like extract's, their uri format (x-format) is checked by the server per ignoreInvalidURLs, after a URL without a scheme is taken as http.
            actions: Performed on the page, in order, before content is taken.
            append_to_id: Adds these URLs to the caller's batch scrape with this id instead of starting one: the answer carries that id, its pages join the job (scraped with the job's own options), and an ended batch scrape runs again until they are done (a cancelled one stays cancelled).
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
            ignore_invalid_urls: `true` (sent) drops invalid URLs and lists them in `invalidURLs`.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            max_concurrency: Pages scraped at once.
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
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the pages after they are delivered.
        """
        return await self._client._call(
            _start_batch_scrape.OPERATION,
            path={},
            query={},
            body=request_body(
                models.BatchScrapeRequest,
                {
                    "urls": urls,
                    "actions": actions,
                    "append_to_id": append_to_id,
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
                    "ignore_invalid_urls": ignore_invalid_urls,
                    "include_tags": include_tags,
                    "integration": integration,
                    "location": location,
                    "lockdown": lockdown,
                    "max_age": max_age,
                    "max_concurrency": max_concurrency,
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
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            result=models.BatchScrapeStartResponse,
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

        ``for status in client.batch_scrape.watch(id): print(status.completed, status.total)``: the
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
            _BATCH_SCRAPE_JOB,
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
        urls: Sequence[str],
        *,
        actions: Sequence[models.Action | Mapping[str, Any]] | None = None,
        append_to_id: str | None = None,
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
        ignore_invalid_urls: bool | None = None,
        include_tags: Sequence[str] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        lockdown: bool | None = None,
        max_age: int | None = None,
        max_concurrency: int | None = None,
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
        webhook: models.Webhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        via: Literal["auto", "socket", "poll"] = "auto",
        documents: bool = True,
        on_status: Callable[[models.JobStatusResponse], object] | None = None,
    ) -> models.JobStatusResponse:
        """Start a batch scrape job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/batch/scrape`` (startBatchScrape).

        Args:
            urls: URLs to scrape; like extract's, their uri format (x-format) is checked by the server per ignoreInvalidURLs, after a URL without a scheme is taken as http.
            actions: Performed on the page, in order, before content is taken.
            append_to_id: Adds these URLs to the caller's batch scrape with this id instead of starting one: the answer carries that id, its pages join the job (scraped with the job's own options), and an ended batch scrape runs again until they are done (a cancelled one stays cancelled).
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
            ignore_invalid_urls: `true` (sent) drops invalid URLs and lists them in `invalidURLs`.
            include_tags: Tags to include in the output.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            lockdown: Cache only, never contacts the target; a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with the URL not logged.
            max_age: Milliseconds; a cached copy younger than this is returned, an older one triggers a fresh scrape.
            max_concurrency: Pages scraped at once.
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
            webhook: Where job events are posted (each a WebhookEvent).
            zero_data_retention: Keep nothing of the pages after they are delivered.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".
            documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one document a page, so a wait downloads none; read them after with ``iter_documents``.
            on_status: Called with each status as it changes, the last one too.
        """
        started = await self.start(
            urls=urls,
            actions=actions,
            append_to_id=append_to_id,
            audit_metadata=audit_metadata,
            block_ads=block_ads,
            check_prompt_injection=check_prompt_injection,
            domain_tools=domain_tools,
            exclude_tags=exclude_tags,
            experimental_omce=experimental_omce,
            experimental_omce_domain=experimental_omce_domain,
            fast_mode=fast_mode,
            formats=formats,
            headers=headers,
            ignore_invalid_urls=ignore_invalid_urls,
            include_tags=include_tags,
            integration=integration,
            location=location,
            lockdown=lockdown,
            max_age=max_age,
            max_concurrency=max_concurrency,
            min_age=min_age,
            mobile=mobile,
            only_clean_content=only_clean_content,
            only_main_content=only_main_content,
            origin=origin,
            parsers=parsers,
            profile=profile,
            proxy=proxy,
            redact_pii=redact_pii,
            remove_base64_images=remove_base64_images,
            skip_tls_verification=skip_tls_verification,
            store_in_cache=store_in_cache,
            threat_protection=threat_protection,
            timeout=timeout,
            tool_detail=tool_detail,
            use_mock=use_mock,
            wait_for=wait_for,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
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
