"""The client: ``Webdata`` (sync) and ``AsyncWebdata``, one resource per tag of the contract.

Written by the generator's ``client`` stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

import httpx
import webdata_models as models
from pydantic import BaseModel

from .client import (
    AsyncTransport,
    ClientOptions,
    FileInput,
    SyncTransport,
    alast_status,
    awatch_job,
    changed,
    last_status,
    request_body,
    resolve_options,
    upload_part,
    watch_job,
)
from .types import JobSpec, Operation

T = TypeVar("T")
from .api.agent import cancel_agent as _cancel_agent
from .api.agent import get_agent_status as _get_agent_status
from .api.agent import start_agent as _start_agent
from .api.batch_scrape import cancel_batch_scrape as _cancel_batch_scrape
from .api.batch_scrape import get_batch_scrape_errors as _get_batch_scrape_errors
from .api.batch_scrape import get_batch_scrape_status as _get_batch_scrape_status
from .api.batch_scrape import start_batch_scrape as _start_batch_scrape
from .api.crawl import cancel_crawl as _cancel_crawl
from .api.crawl import get_active_crawls as _get_active_crawls
from .api.crawl import get_crawl_errors as _get_crawl_errors
from .api.crawl import get_crawl_status as _get_crawl_status
from .api.crawl import get_ongoing_crawls as _get_ongoing_crawls
from .api.crawl import preview_crawl_params as _preview_crawl_params
from .api.crawl import start_crawl as _start_crawl
from .api.extract import get_extract_status as _get_extract_status
from .api.extract import start_extract as _start_extract
from .api.map_ import map_url as _map_url
from .api.monitors import create_monitor as _create_monitor
from .api.monitors import delete_monitor as _delete_monitor
from .api.monitors import get_monitor as _get_monitor
from .api.monitors import get_monitor_check as _get_monitor_check
from .api.monitors import list_monitor_checks as _list_monitor_checks
from .api.monitors import list_monitors as _list_monitors
from .api.monitors import run_monitor as _run_monitor
from .api.monitors import update_monitor as _update_monitor
from .api.parse import get_parse_formats as _get_parse_formats
from .api.parse import parse_file as _parse_file
from .api.scrape import scrape_url as _scrape_url
from .api.search import search_web as _search_web
from .api.team import get_concurrency as _get_concurrency
from .api.team import get_credit_usage as _get_credit_usage
from .api.team import get_historical_credit_usage as _get_historical_credit_usage
from .api.team import get_historical_token_usage as _get_historical_token_usage
from .api.team import get_token_usage as _get_token_usage

__all__ = ["AsyncWebdata", "Webdata"]

_AGENT_JOB = JobSpec(
    status_path="/v2/agent/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=False,
    socket=False,
)
_BATCH_SCRAPE_JOB = JobSpec(
    status_path="/v2/batch/scrape/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=True,
    socket=True,
)
_CRAWL_JOB = JobSpec(
    status_path="/v2/crawl/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=True,
    socket=True,
)
_EXTRACT_JOB = JobSpec(
    status_path="/v2/extract/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=False,
    socket=False,
)


class Agent:
    """Autonomous data gathering jobs."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

    def cancel(self, id: str | UUID) -> models.AgentCancelResponse:
        """Cancel an agent job.

        ``DELETE /v2/agent/{jobId}`` (cancelAgent).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return self._client._call(
            _cancel_agent.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentCancelResponse
        )

    def get_status(self, id: str | UUID) -> models.AgentStatusResponse:
        """Read an agent job's status and result.

        ``GET /v2/agent/{jobId}`` (getAgentStatus).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return self._client._call(
            _get_agent_status.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentStatusResponse
        )

    def start(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
    ) -> models.AgentStartResponse:
        """Start an agent job.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
        """
        return self._client._call(
            _start_agent.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AgentRequest,
                {
                    "prompt": prompt,
                    "audit_metadata": audit_metadata,
                    "effort": effort,
                    "exchange": exchange,
                    "integration": integration,
                    "max_credits": max_credits,
                    "mode": mode,
                    "model": model,
                    "origin": origin,
                    "schema": schema,
                    "strict_constrain_to_urls": strict_constrain_to_urls,
                    "thread_id": thread_id,
                    "threat_protection": threat_protection,
                    "urls": urls,
                    "webhook": webhook,
                },
            ),
            result=models.AgentStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> Iterator[models.AgentStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.agent.watch(id): print(status.status)``: the
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
            _AGENT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.AgentStatusResponse,
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
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
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
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Start an agent job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = self.start(
            prompt=prompt,
            audit_metadata=audit_metadata,
            effort=effort,
            exchange=exchange,
            integration=integration,
            max_credits=max_credits,
            mode=mode,
            model=model,
            origin=origin,
            schema=schema,
            strict_constrain_to_urls=strict_constrain_to_urls,
            thread_id=thread_id,
            threat_protection=threat_protection,
            urls=urls,
            webhook=webhook,
        )
        return self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions


class BatchScrape:
    """Many pages scraped as one asynchronous job."""

    def __init__(self, client: Webdata) -> None:
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
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
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
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
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


class Crawl:
    """Whole sites, with natural-language prompts."""

    def __init__(self, client: Webdata) -> None:
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
            url: The URL to start from, http or https.
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


class Extract:
    """Structured data from pages."""

    def __init__(self, client: Webdata) -> None:
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
        return self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions


class Map:
    """The URLs of a site, without scraping them."""

    def __init__(self, client: Webdata) -> None:
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


class Monitors:
    """Scheduled checks of pages, sites and searches that report what changed."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

    def create(
        self,
        name: str,
        schedule: models.MonitorScheduleInput | Mapping[str, Any],
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]],
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None = None,
    ) -> models.Monitor:
        """Create a monitor.

        ``POST /v2/monitor`` (createMonitor).

        Args:
            name: The monitor's name (emails and the dashboard show it).
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            webhook: Where a monitor's events are posted (`monitor.page`, `monitor.check.completed`).
        """
        return self._client._call(
            _create_monitor.OPERATION,
            path={},
            query={},
            body=request_body(
                models.MonitorCreateRequest,
                {
                    "name": name,
                    "schedule": schedule,
                    "targets": targets,
                    "goal": goal,
                    "judge_enabled": judge_enabled,
                    "notification": notification,
                    "origin": origin,
                    "retention_days": retention_days,
                    "webhook": webhook,
                },
            ),
            result=models.MonitorResponse,
        ).data

    def delete(self, id: str | UUID) -> models.MonitorDeleteResponse:
        """Delete a monitor.

        ``DELETE /v2/monitor/{monitorId}`` (deleteMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _delete_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorDeleteResponse
        )

    def get(self, id: str | UUID) -> models.Monitor:
        """Read a monitor.

        ``GET /v2/monitor/{monitorId}`` (getMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _get_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorResponse
        ).data

    def get_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        limit: int | None = None,
        skip: int | None = None,
        status: models.MonitorPageStatus | None = None,
    ) -> models.MonitorCheckDetailResponse:
        """Read a check with its pages, diffs and snapshots.

        ``GET /v2/monitor/{monitorId}/checks/{checkId}`` (getMonitorCheck).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            limit: At most this many pages (1 to 100, default 25).
            skip: How many pages to pass over.
            status: Only the pages in this state.
        """
        return self._client._call(
            _get_monitor_check.OPERATION,
            path={"monitorId": id, "checkId": check_id},
            query={"limit": limit, "skip": skip, "status": status},
            body=None,
            result=models.MonitorCheckDetailResponse,
        )

    def list(self, *, limit: int | None = None, offset: int | None = None) -> models.MonitorListResponse:
        """List the team's monitors.

        ``GET /v2/monitor`` (listMonitors).

        Args:
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
        """
        return self._client._call(
            _list_monitors.OPERATION,
            path={},
            query={"limit": limit, "offset": offset},
            body=None,
            result=models.MonitorListResponse,
        )

    def list_checks(
        self,
        id: str | UUID,
        *,
        limit: int | None = None,
        offset: int | None = None,
        status: models.MonitorCheckStatus | None = None,
    ) -> models.MonitorCheckListResponse:
        """List a monitor's checks.

        ``GET /v2/monitor/{monitorId}/checks`` (listMonitorChecks).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
            status: Only the checks in this state.
        """
        return self._client._call(
            _list_monitor_checks.OPERATION,
            path={"monitorId": id},
            query={"limit": limit, "offset": offset, "status": status},
            body=None,
            result=models.MonitorCheckListResponse,
        )

    def run(self, id: str | UUID) -> models.MonitorRunResponse:
        """Run a monitor's check now.

        ``POST /v2/monitor/{monitorId}/run`` (runMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _run_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorRunResponse
        )

    def update(
        self,
        id: str | UUID,
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        name: str | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        schedule: models.MonitorScheduleInput | Mapping[str, Any] | None = None,
        status: Literal["active", "paused"] | None = None,
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]] | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None | None = None,
    ) -> models.Monitor:
        """Change, pause or resume a monitor.

        ``PATCH /v2/monitor/{monitorId}`` (updateMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            name: The monitor's name (emails and the dashboard show it).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            status: paused stops scheduled checks; active resumes them.
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            webhook: The monitor's new webhook; null removes it.
        """
        return self._client._call(
            _update_monitor.OPERATION,
            path={"monitorId": id},
            query={},
            body=request_body(
                models.MonitorUpdateRequest,
                {
                    "goal": goal,
                    "judge_enabled": judge_enabled,
                    "name": name,
                    "notification": notification,
                    "origin": origin,
                    "retention_days": retention_days,
                    "schedule": schedule,
                    "status": status,
                    "targets": targets,
                    "webhook": webhook,
                },
            ),
            result=models.MonitorResponse,
        ).data

    def pause(self, id: str | UUID) -> models.Monitor:
        """Pause the monitor - its scheduled checks stop until it is resumed.

        ``update(id, status='paused')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self.update(id, status="paused")

    def resume(self, id: str | UUID) -> models.Monitor:
        """Resume the monitor - its checks run on its schedule again.

        ``update(id, status='active')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self.update(id, status="active")


class Parse:
    """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

    def __call__(
        self,
        file: FileInput,
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
        filename: str | None = None,
        content_type: str | None = None,
    ) -> models.Document:
        """Parse an uploaded file.

        ``POST /v2/parse`` (parseFile).

        Args:
            file: A path, the file's bytes, or a file object opened in binary mode; a path or a file object is streamed.
            filename: The name sent with the file (default: the path's or file object's name, else ``upload``); its extension tells the file's kind.
            content_type: The file's Content-Type (default: guessed from the name).
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the file or its result after answering.
        """
        return self._client._upload(
            _parse_file.OPERATION,
            file=file,
            filename=filename,
            content_type=content_type,
            options=request_body(
                models.ParseOptions,
                {
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
            result=models.ScrapeResponse,
        ).data

    def formats(self) -> models.ParseFormats:
        """List the file kinds parse takes.

        ``GET /v2/parse/formats`` (getParseFormats).
        """
        return self._client._call(
            _get_parse_formats.OPERATION, path={}, query={}, body=None, result=models.ParseFormatsResponse
        ).data


class Scrape:
    """One page as markdown, HTML, JSON and other formats."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

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
    ) -> models.Document:
        """Scrape one URL.

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            url: The URL to scrape, http or https.
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the request or its result after answering.
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
            result=models.ScrapeResponse,
        ).data


class Search:
    """Web, news and image results for a query, optionally scraped."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

    def __call__(
        self,
        query: str,
        *,
        categories: Sequence[models.SearchCategory | Mapping[str, Any]] | None = None,
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
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        search_preview_token: str | None = None,
        sources: Sequence[models.SearchSource | Mapping[str, Any]] | None = None,
        tbs: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: Literal["compact", "summary", "full"] | None = None,
    ) -> models.SearchResponse:
        """Search the web, optionally scraping the results.

        ``POST /v2/search`` (searchWeb).

        Args:
            query: What to search for.
            categories: Restrict web results to categories (`github`, `research`, `pdf`, ...); each result says its category.
            country: Country the results are for (ISO 3166-1 alpha-2.
            domain_tools: Accepted as firecrawl-py sends it.
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
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            search_preview_token: The service's preview hook; accepted.
            sources: Which sources to search, by name or as an object with options; `web` by default.
            tbs: Time filter (`qdr:d`, `qdr:w`, ...); accepted, the synthetic index has no dates to filter.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the search may take.
            tool_detail: Accepted as firecrawl-py sends it.
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


class Team:
    """Usage and billing of the authenticated team."""

    def __init__(self, client: Webdata) -> None:
        self._client = client

    def get_concurrency(self) -> models.ConcurrencyCheckResponse:
        """Read the team's running jobs and its concurrency limit.

        ``GET /v2/concurrency-check`` (getConcurrency).
        """
        return self._client._call(
            _get_concurrency.OPERATION, path={}, query={}, body=None, result=models.ConcurrencyCheckResponse
        )

    def get_credit_usage(self) -> models.CreditUsage:
        """Read the team's credit usage in the current billing period.

        ``GET /v2/team/credit-usage`` (getCreditUsage).
        """
        return self._client._call(
            _get_credit_usage.OPERATION, path={}, query={}, body=None, result=models.CreditUsageResponse
        ).data

    def get_historical_credit_usage(self, *, by_api_key: bool | None = None) -> models.HistoricalCreditUsageResponse:
        """Read the team's credit usage month by month.

        ``GET /v2/team/credit-usage/historical`` (getHistoricalCreditUsage).

        Args:
            by_api_key: When true, each month is broken down by API key.
        """
        return self._client._call(
            _get_historical_credit_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalCreditUsageResponse,
        )

    def get_historical_token_usage(self, *, by_api_key: str | None = None) -> models.HistoricalTokenUsageResponse:
        """Read the team's token usage month by month.

        ``GET /v2/team/token-usage/historical`` (getHistoricalTokenUsage).

        Args:
            by_api_key: Taken as the official SDKs send it (`true`), whatever its value; no effect (the answer is not broken down by key).
        """
        return self._client._call(
            _get_historical_token_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalTokenUsageResponse,
        )

    def get_token_usage(self) -> models.TokenUsage:
        """Read the team's token usage in the current billing period.

        ``GET /v2/team/token-usage`` (getTokenUsage).
        """
        return self._client._call(
            _get_token_usage.OPERATION, path={}, query={}, body=None, result=models.TokenUsageResponse
        ).data


class Webdata:
    """The synchronous client of the Web Data Service API v2.

    ``api_key`` falls back to ``WEBDATA_API_KEY`` (then ``FIRECRAWL_API_KEY``); ``base_url`` to
    ``WEBDATA_BASE_URL`` (then ``FIRECRAWL_API_URL``), then to the contract's server. ``timeout`` is
    per request (seconds or an ``httpx.Timeout``); ``max_retries`` bounds retries (a connection
    that could not be made and a 429 are retried for every method; a 408, a 5xx, a timeout or a
    connection lost after sending only for GET and DELETE: a POST that may have started a job or
    been charged is never sent twice) and ``max_retry_wait`` the seconds of one wait before a retry
    (a longer ``Retry-After`` is cut to it); ``poll_interval`` is how often waiting polls a job.
    Use ``with_options`` to change them for some calls only.

    ``with Webdata() as client:`` (or ``client.close()``) closes its connections when done; a
    client that is simply dropped closes them when it is collected.
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        poll_interval: float = 2.0,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
        _options: ClientOptions | None = None,
    ) -> None:
        self.options = _options or resolve_options(
            api_key,
            base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            headers=default_headers,
        )
        self._owns_http = http_client is None
        # Jobs are watched over the contract's WebSocket only with connections of our own: a client
        # passed in may hold a proxy, a transport or hooks the socket would bypass.
        self._sockets = http_client is None
        self._http = http_client or httpx.Client(timeout=self.options.timeout)
        self._parent: Webdata | None = None
        if self._owns_http:
            # A script that never closes the client still returns its connections when it is dropped.
            weakref.finalize(self, self._http.close)
        self._transport = SyncTransport(self.options, self._http)
        self._agent = Agent(self)
        self._batch_scrape = BatchScrape(self)
        self._crawl = Crawl(self)
        self._extract = Extract(self)
        self._map = Map(self)
        self._monitors = Monitors(self)
        self._parse = Parse(self)
        self._scrape = Scrape(self)
        self._search = Search(self)
        self._team = Team(self)

    @property
    def agent(self) -> Agent:
        """Autonomous data gathering jobs."""
        return self._agent

    @property
    def batch_scrape(self) -> BatchScrape:
        """Many pages scraped as one asynchronous job."""
        return self._batch_scrape

    @property
    def crawl(self) -> Crawl:
        """Whole sites, with natural-language prompts."""
        return self._crawl

    @property
    def extract(self) -> Extract:
        """Structured data from pages."""
        return self._extract

    @property
    def map(self) -> Map:
        """The URLs of a site, without scraping them."""
        return self._map

    @property
    def monitors(self) -> Monitors:
        """Scheduled checks of pages, sites and searches that report what changed."""
        return self._monitors

    @property
    def parse(self) -> Parse:
        """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""
        return self._parse

    @property
    def scrape(self) -> Scrape:
        """One page as markdown, HTML, JSON and other formats."""
        return self._scrape

    @property
    def search(self) -> Search:
        """Web, news and image results for a query, optionally scraped."""
        return self._search

    @property
    def team(self) -> Team:
        """Usage and billing of the authenticated team."""
        return self._team

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> Webdata:
        """A client sharing this one's connections, with some options changed: ``client.with_options(max_retries=5).scrape(...)``."""
        options = changed(
            self.options,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            backoff=backoff,
            max_backoff=max_backoff,
        )
        copy = Webdata(http_client=self._http, _options=options)
        copy._owns_http = False
        copy._sockets = self._sockets
        copy._parent = self  # the connections' owner lives as long as a copy uses them
        return copy

    def _call(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Any,
        result: type[T],
        headers: Mapping[str, Any] | None = None,
    ) -> T:
        request = self._transport.build(operation, path=path, query=query, body=body, headers=headers)
        return cast(T, self._transport.send(operation, request, result))

    def _upload(
        self,
        operation: Operation,
        *,
        file: FileInput,
        filename: str | None,
        content_type: str | None,
        options: Mapping[str, Any],
        result: type[T],
    ) -> T:
        with upload_part(file, filename, content_type) as part:
            request = self._transport.build_upload(
                operation, part=part, fields={"options": json.dumps(options, separators=(",", ":"))}
            )
            return cast(T, self._transport.send(operation, request, result))

    def _follow(self, link: str, *, result: type[T]) -> T:
        return cast(T, self._transport.send(None, self._transport.follow(link), result))

    def close(self) -> None:
        """Close the connections, unless the HTTP client was passed in."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Webdata:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncAgent:
    """Autonomous data gathering jobs."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

    async def cancel(self, id: str | UUID) -> models.AgentCancelResponse:
        """Cancel an agent job.

        ``DELETE /v2/agent/{jobId}`` (cancelAgent).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return await self._client._call(
            _cancel_agent.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentCancelResponse
        )

    async def get_status(self, id: str | UUID) -> models.AgentStatusResponse:
        """Read an agent job's status and result.

        ``GET /v2/agent/{jobId}`` (getAgentStatus).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return await self._client._call(
            _get_agent_status.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentStatusResponse
        )

    async def start(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
    ) -> models.AgentStartResponse:
        """Start an agent job.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
        """
        return await self._client._call(
            _start_agent.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AgentRequest,
                {
                    "prompt": prompt,
                    "audit_metadata": audit_metadata,
                    "effort": effort,
                    "exchange": exchange,
                    "integration": integration,
                    "max_credits": max_credits,
                    "mode": mode,
                    "model": model,
                    "origin": origin,
                    "schema": schema,
                    "strict_constrain_to_urls": strict_constrain_to_urls,
                    "thread_id": thread_id,
                    "threat_protection": threat_protection,
                    "urls": urls,
                    "webhook": webhook,
                },
            ),
            result=models.AgentStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> AsyncIterator[models.AgentStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.agent.watch(id): print(status.status)``: the
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
            _AGENT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.AgentStatusResponse,
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
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
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
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Start an agent job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = await self.start(
            prompt=prompt,
            audit_metadata=audit_metadata,
            effort=effort,
            exchange=exchange,
            integration=integration,
            max_credits=max_credits,
            mode=mode,
            model=model,
            origin=origin,
            schema=schema,
            strict_constrain_to_urls=strict_constrain_to_urls,
            thread_id=thread_id,
            threat_protection=threat_protection,
            urls=urls,
            webhook=webhook,
        )
        return await self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions


class AsyncBatchScrape:
    """Many pages scraped as one asynchronous job."""

    def __init__(self, client: AsyncWebdata) -> None:
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
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
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
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
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


class AsyncCrawl:
    """Whole sites, with natural-language prompts."""

    def __init__(self, client: AsyncWebdata) -> None:
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
            url: The URL to start from, http or https.
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


class AsyncExtract:
    """Structured data from pages."""

    def __init__(self, client: AsyncWebdata) -> None:
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
        return await self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions


class AsyncMap:
    """The URLs of a site, without scraping them."""

    def __init__(self, client: AsyncWebdata) -> None:
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


class AsyncMonitors:
    """Scheduled checks of pages, sites and searches that report what changed."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

    async def create(
        self,
        name: str,
        schedule: models.MonitorScheduleInput | Mapping[str, Any],
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]],
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None = None,
    ) -> models.Monitor:
        """Create a monitor.

        ``POST /v2/monitor`` (createMonitor).

        Args:
            name: The monitor's name (emails and the dashboard show it).
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            webhook: Where a monitor's events are posted (`monitor.page`, `monitor.check.completed`).
        """
        return (
            await self._client._call(
                _create_monitor.OPERATION,
                path={},
                query={},
                body=request_body(
                    models.MonitorCreateRequest,
                    {
                        "name": name,
                        "schedule": schedule,
                        "targets": targets,
                        "goal": goal,
                        "judge_enabled": judge_enabled,
                        "notification": notification,
                        "origin": origin,
                        "retention_days": retention_days,
                        "webhook": webhook,
                    },
                ),
                result=models.MonitorResponse,
            )
        ).data

    async def delete(self, id: str | UUID) -> models.MonitorDeleteResponse:
        """Delete a monitor.

        ``DELETE /v2/monitor/{monitorId}`` (deleteMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self._client._call(
            _delete_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorDeleteResponse
        )

    async def get(self, id: str | UUID) -> models.Monitor:
        """Read a monitor.

        ``GET /v2/monitor/{monitorId}`` (getMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return (
            await self._client._call(
                _get_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorResponse
            )
        ).data

    async def get_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        limit: int | None = None,
        skip: int | None = None,
        status: models.MonitorPageStatus | None = None,
    ) -> models.MonitorCheckDetailResponse:
        """Read a check with its pages, diffs and snapshots.

        ``GET /v2/monitor/{monitorId}/checks/{checkId}`` (getMonitorCheck).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            limit: At most this many pages (1 to 100, default 25).
            skip: How many pages to pass over.
            status: Only the pages in this state.
        """
        return await self._client._call(
            _get_monitor_check.OPERATION,
            path={"monitorId": id, "checkId": check_id},
            query={"limit": limit, "skip": skip, "status": status},
            body=None,
            result=models.MonitorCheckDetailResponse,
        )

    async def list(self, *, limit: int | None = None, offset: int | None = None) -> models.MonitorListResponse:
        """List the team's monitors.

        ``GET /v2/monitor`` (listMonitors).

        Args:
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
        """
        return await self._client._call(
            _list_monitors.OPERATION,
            path={},
            query={"limit": limit, "offset": offset},
            body=None,
            result=models.MonitorListResponse,
        )

    async def list_checks(
        self,
        id: str | UUID,
        *,
        limit: int | None = None,
        offset: int | None = None,
        status: models.MonitorCheckStatus | None = None,
    ) -> models.MonitorCheckListResponse:
        """List a monitor's checks.

        ``GET /v2/monitor/{monitorId}/checks`` (listMonitorChecks).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
            status: Only the checks in this state.
        """
        return await self._client._call(
            _list_monitor_checks.OPERATION,
            path={"monitorId": id},
            query={"limit": limit, "offset": offset, "status": status},
            body=None,
            result=models.MonitorCheckListResponse,
        )

    async def run(self, id: str | UUID) -> models.MonitorRunResponse:
        """Run a monitor's check now.

        ``POST /v2/monitor/{monitorId}/run`` (runMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self._client._call(
            _run_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorRunResponse
        )

    async def update(
        self,
        id: str | UUID,
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        name: str | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        schedule: models.MonitorScheduleInput | Mapping[str, Any] | None = None,
        status: Literal["active", "paused"] | None = None,
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]] | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None | None = None,
    ) -> models.Monitor:
        """Change, pause or resume a monitor.

        ``PATCH /v2/monitor/{monitorId}`` (updateMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            name: The monitor's name (emails and the dashboard show it).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            status: paused stops scheduled checks; active resumes them.
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            webhook: The monitor's new webhook; null removes it.
        """
        return (
            await self._client._call(
                _update_monitor.OPERATION,
                path={"monitorId": id},
                query={},
                body=request_body(
                    models.MonitorUpdateRequest,
                    {
                        "goal": goal,
                        "judge_enabled": judge_enabled,
                        "name": name,
                        "notification": notification,
                        "origin": origin,
                        "retention_days": retention_days,
                        "schedule": schedule,
                        "status": status,
                        "targets": targets,
                        "webhook": webhook,
                    },
                ),
                result=models.MonitorResponse,
            )
        ).data

    async def pause(self, id: str | UUID) -> models.Monitor:
        """Pause the monitor - its scheduled checks stop until it is resumed.

        ``update(id, status='paused')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self.update(id, status="paused")

    async def resume(self, id: str | UUID) -> models.Monitor:
        """Resume the monitor - its checks run on its schedule again.

        ``update(id, status='active')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self.update(id, status="active")


class AsyncParse:
    """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

    async def __call__(
        self,
        file: FileInput,
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
        filename: str | None = None,
        content_type: str | None = None,
    ) -> models.Document:
        """Parse an uploaded file.

        ``POST /v2/parse`` (parseFile).

        Args:
            file: A path, the file's bytes, or a file object opened in binary mode; a path or a file object is streamed.
            filename: The name sent with the file (default: the path's or file object's name, else ``upload``); its extension tells the file's kind.
            content_type: The file's Content-Type (default: guessed from the name).
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the file or its result after answering.
        """
        return (
            await self._client._upload(
                _parse_file.OPERATION,
                file=file,
                filename=filename,
                content_type=content_type,
                options=request_body(
                    models.ParseOptions,
                    {
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
                result=models.ScrapeResponse,
            )
        ).data

    async def formats(self) -> models.ParseFormats:
        """List the file kinds parse takes.

        ``GET /v2/parse/formats`` (getParseFormats).
        """
        return (
            await self._client._call(
                _get_parse_formats.OPERATION, path={}, query={}, body=None, result=models.ParseFormatsResponse
            )
        ).data


class AsyncScrape:
    """One page as markdown, HTML, JSON and other formats."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

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
    ) -> models.Document:
        """Scrape one URL.

        ``POST /v2/scrape`` (scrapeUrl).

        Args:
            url: The URL to scrape, http or https.
            actions: Performed on the page, in order, before content is taken.
            audit_metadata: Audit information attached to the request.
            block_ads: Ad and cookie-popup blocking.
            check_prompt_injection: Scan the page's content for prompt injection before any format is made; a detection fails the scrape with 403 SCRAPE_PROMPT_INJECTION_DETECTED.
            domain_tools: Enables the service's domain tools for this scrape; the reference server has none, so it changes nothing here.
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
            profile: Persistent browser storage shared by scrapes with the same name.
            proxy: basic is fast; enhanced is more reliable on anti-bot sites at the same cost; auto retries with enhanced when basic fails, with no surcharge.
            redact_pii: Redacts personal data from the returned markdown; true uses defaults, an object tunes it.
            remove_base64_images: Removes base64 images from markdown (alt text kept, URL replaced by a placeholder); html and rawHtml keep them.
            skip_tls_verification: Skip TLS certificate verification.
            store_in_cache: When false, the page is not stored in the index and cache.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds before the scrape fails.
            tool_detail: How much the domain tools report; accepted, no effect here (no domain tools).
            use_mock: The service's own test fixtures (a named recording answers instead of the page); the reference server's web is synthetic already, so it changes nothing here.
            wait_for: Milliseconds to wait before fetching, in addition to the automatic wait.
            zero_data_retention: Keep nothing of the request or its result after answering.
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
                result=models.ScrapeResponse,
            )
        ).data


class AsyncSearch:
    """Web, news and image results for a query, optionally scraped."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

    async def __call__(
        self,
        query: str,
        *,
        categories: Sequence[models.SearchCategory | Mapping[str, Any]] | None = None,
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
        scrape_options: models.ScrapeOptions | Mapping[str, Any] | None = None,
        search_preview_token: str | None = None,
        sources: Sequence[models.SearchSource | Mapping[str, Any]] | None = None,
        tbs: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        timeout: int | None = None,
        tool_detail: Literal["compact", "summary", "full"] | None = None,
    ) -> models.SearchResponse:
        """Search the web, optionally scraping the results.

        ``POST /v2/search`` (searchWeb).

        Args:
            query: What to search for.
            categories: Restrict web results to categories (`github`, `research`, `pdf`, ...); each result says its category.
            country: Country the results are for (ISO 3166-1 alpha-2.
            domain_tools: Accepted as firecrawl-py sends it.
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
            scrape_options: Options shared by scrape, batch scrape, crawl and extract.
            search_preview_token: The service's preview hook; accepted.
            sources: Which sources to search, by name or as an object with options; `web` by default.
            tbs: Time filter (`qdr:d`, `qdr:w`, ...); accepted, the synthetic index has no dates to filter.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            timeout: Milliseconds the search may take.
            tool_detail: Accepted as firecrawl-py sends it.
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


class AsyncTeam:
    """Usage and billing of the authenticated team."""

    def __init__(self, client: AsyncWebdata) -> None:
        self._client = client

    async def get_concurrency(self) -> models.ConcurrencyCheckResponse:
        """Read the team's running jobs and its concurrency limit.

        ``GET /v2/concurrency-check`` (getConcurrency).
        """
        return await self._client._call(
            _get_concurrency.OPERATION, path={}, query={}, body=None, result=models.ConcurrencyCheckResponse
        )

    async def get_credit_usage(self) -> models.CreditUsage:
        """Read the team's credit usage in the current billing period.

        ``GET /v2/team/credit-usage`` (getCreditUsage).
        """
        return (
            await self._client._call(
                _get_credit_usage.OPERATION, path={}, query={}, body=None, result=models.CreditUsageResponse
            )
        ).data

    async def get_historical_credit_usage(
        self, *, by_api_key: bool | None = None
    ) -> models.HistoricalCreditUsageResponse:
        """Read the team's credit usage month by month.

        ``GET /v2/team/credit-usage/historical`` (getHistoricalCreditUsage).

        Args:
            by_api_key: When true, each month is broken down by API key.
        """
        return await self._client._call(
            _get_historical_credit_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalCreditUsageResponse,
        )

    async def get_historical_token_usage(self, *, by_api_key: str | None = None) -> models.HistoricalTokenUsageResponse:
        """Read the team's token usage month by month.

        ``GET /v2/team/token-usage/historical`` (getHistoricalTokenUsage).

        Args:
            by_api_key: Taken as the official SDKs send it (`true`), whatever its value; no effect (the answer is not broken down by key).
        """
        return await self._client._call(
            _get_historical_token_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalTokenUsageResponse,
        )

    async def get_token_usage(self) -> models.TokenUsage:
        """Read the team's token usage in the current billing period.

        ``GET /v2/team/token-usage`` (getTokenUsage).
        """
        return (
            await self._client._call(
                _get_token_usage.OPERATION, path={}, query={}, body=None, result=models.TokenUsageResponse
            )
        ).data


class AsyncWebdata:
    """The asynchronous client of the Web Data Service API v2.

    ``api_key`` falls back to ``WEBDATA_API_KEY`` (then ``FIRECRAWL_API_KEY``); ``base_url`` to
    ``WEBDATA_BASE_URL`` (then ``FIRECRAWL_API_URL``), then to the contract's server. ``timeout`` is
    per request (seconds or an ``httpx.Timeout``); ``max_retries`` bounds retries (a connection
    that could not be made and a 429 are retried for every method; a 408, a 5xx, a timeout or a
    connection lost after sending only for GET and DELETE: a POST that may have started a job or
    been charged is never sent twice) and ``max_retry_wait`` the seconds of one wait before a retry
    (a longer ``Retry-After`` is cut to it); ``poll_interval`` is how often waiting polls a job.
    Use ``with_options`` to change them for some calls only.

    Use it in ``async with AsyncWebdata() as client:``, or ``await client.close()`` when done:
    its connections belong to an event loop and cannot be closed when the client is dropped.
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        poll_interval: float = 2.0,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
        _options: ClientOptions | None = None,
    ) -> None:
        self.options = _options or resolve_options(
            api_key,
            base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            headers=default_headers,
        )
        self._owns_http = http_client is None
        # Jobs are watched over the contract's WebSocket only with connections of our own: a client
        # passed in may hold a proxy, a transport or hooks the socket would bypass.
        self._sockets = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self.options.timeout)
        self._parent: AsyncWebdata | None = None
        self._transport = AsyncTransport(self.options, self._http)
        self._agent = AsyncAgent(self)
        self._batch_scrape = AsyncBatchScrape(self)
        self._crawl = AsyncCrawl(self)
        self._extract = AsyncExtract(self)
        self._map = AsyncMap(self)
        self._monitors = AsyncMonitors(self)
        self._parse = AsyncParse(self)
        self._scrape = AsyncScrape(self)
        self._search = AsyncSearch(self)
        self._team = AsyncTeam(self)

    @property
    def agent(self) -> AsyncAgent:
        """Autonomous data gathering jobs."""
        return self._agent

    @property
    def batch_scrape(self) -> AsyncBatchScrape:
        """Many pages scraped as one asynchronous job."""
        return self._batch_scrape

    @property
    def crawl(self) -> AsyncCrawl:
        """Whole sites, with natural-language prompts."""
        return self._crawl

    @property
    def extract(self) -> AsyncExtract:
        """Structured data from pages."""
        return self._extract

    @property
    def map(self) -> AsyncMap:
        """The URLs of a site, without scraping them."""
        return self._map

    @property
    def monitors(self) -> AsyncMonitors:
        """Scheduled checks of pages, sites and searches that report what changed."""
        return self._monitors

    @property
    def parse(self) -> AsyncParse:
        """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""
        return self._parse

    @property
    def scrape(self) -> AsyncScrape:
        """One page as markdown, HTML, JSON and other formats."""
        return self._scrape

    @property
    def search(self) -> AsyncSearch:
        """Web, news and image results for a query, optionally scraped."""
        return self._search

    @property
    def team(self) -> AsyncTeam:
        """Usage and billing of the authenticated team."""
        return self._team

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> AsyncWebdata:
        """A client sharing this one's connections, with some options changed: ``client.with_options(max_retries=5).scrape(...)``."""
        options = changed(
            self.options,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            backoff=backoff,
            max_backoff=max_backoff,
        )
        copy = AsyncWebdata(http_client=self._http, _options=options)
        copy._owns_http = False
        copy._sockets = self._sockets
        copy._parent = self  # the connections' owner lives as long as a copy uses them
        return copy

    async def _call(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Any,
        result: type[T],
        headers: Mapping[str, Any] | None = None,
    ) -> T:
        request = self._transport.build(operation, path=path, query=query, body=body, headers=headers)
        return cast(T, await self._transport.send(operation, request, result))

    async def _upload(
        self,
        operation: Operation,
        *,
        file: FileInput,
        filename: str | None,
        content_type: str | None,
        options: Mapping[str, Any],
        result: type[T],
    ) -> T:
        with upload_part(file, filename, content_type) as part:
            request = self._transport.build_upload(
                operation, part=part, fields={"options": json.dumps(options, separators=(",", ":"))}
            )
            return cast(T, await self._transport.send(operation, request, result))

    async def _follow(self, link: str, *, result: type[T]) -> T:
        return cast(T, await self._transport.send(None, self._transport.follow(link), result))

    async def close(self) -> None:
        """Close the connections, unless the HTTP client was passed in."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncWebdata:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
