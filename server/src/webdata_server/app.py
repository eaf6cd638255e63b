"""The ASGI application: one handler per operationId, each wrapped in the checks every operation shares.

Order of checks for every request: authentication (401), rate limit (429), body size (413),
content type and JSON (400), validation with the generated model (400), then the handler.
Every error body is taken from the bundle (the response's documented example), and any
unexpected failure answers the operation's documented 500 body, logged with a request id.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
import uuid
from collections import defaultdict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import webdata_models as models
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from webdata_server.config import Settings, read_bundle
from webdata_server.contract import Contract
from webdata_server.errors import ApiError
from webdata_server.jobs import advance, run_worker
from webdata_server.params_preview import derive_crawl_options
from webdata_server.scrape import Scraper
from webdata_server.store import InsufficientCredits, Job, Store, Team, iso, month_bounds, now_utc
from webdata_server.urls import is_valid_url, split_urls
from webdata_server.web import HttpFetcher, SyntheticWeb, WebSource

__all__ = ["ApiError", "create_app"]

_log = logging.getLogger("webdata_server")
_CRAWL_PAGES = 5  # pages of the synthetic site a crawl visits, before `limit`


@dataclass
class Call:
    """What a handler gets: the caller, the validated body and the request."""

    request: Request
    team: Team
    # The public identifier of the key used (key_…), never the secret.
    key_id: str
    body: Any
    operation_id: str


Handler = Callable[["Service", Call], Awaitable[Any]]


class RateLimiter:
    """Requests per minute per team, over a sliding 60-second window (in memory, by design)."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = defaultdict(deque)

    def retry_after(self, team: Team) -> int | None:
        """None when the request may go ahead (and is counted); else seconds to wait."""
        if team.rate_limit_per_minute <= 0:
            return None
        now = time.monotonic()
        hits = self._hits[team.id]
        while hits and now - hits[0] >= 60:
            hits.popleft()
        if len(hits) >= team.rate_limit_per_minute:
            return max(1, math.ceil(60 - (now - hits[0])))
        hits.append(now)
        return None


def _dump(model: BaseModel) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


class Service:
    """The operations, over one store and one contract."""

    def __init__(self, *, settings: Settings, store: Store, contract: Contract) -> None:
        self.settings = settings
        self.store = store
        self.contract = contract
        self.rate = RateLimiter()
        self.tokens_per_credit = contract.tokens_per_credit
        self.web: WebSource = HttpFetcher(allow_private=settings.allow_private_fetch) if settings.web == "real" else SyntheticWeb()
        self.scraper = Scraper(self)
        self.validators = {op: contract.request_validator(op) for op, info in contract.operations.items() if "requestBody" in info}

    # -- shared checks ---------------------------------------------------------------------
    def error(self, operation_id: str, status: int, example: str | None = None, *, retry_after: int | None = None, **extra: Any) -> ApiError:
        """The documented error of the operation (its named example), with ``extra`` fields added."""
        body = self.contract.error_body(operation_id, status, example) | extra
        return ApiError(status, body, {"Retry-After": str(retry_after)} if retry_after is not None else None)

    def check_threat_protection(self, call: Call, override: models.ThreatProtectionOverride | None) -> None:
        """§2.5: the override needs the entitlement, allowed overrides, and no `off` when enforced."""
        if override is None:
            return
        if not call.team.tp_enabled:
            raise self.error(call.operation_id, 403, "notEntitled")
        if call.team.tp_overrides_disabled:
            raise self.error(call.operation_id, 403, "overridesDisabled")
        if call.team.tp_enforced and override.mode == "off":
            raise self.error(call.operation_id, 403, "enforced")

    def check_concurrency(self, call: Call) -> None:
        limit = call.team.max_concurrency
        if limit > 0 and self.store.count_active(call.team.id) >= limit:
            raise self.error(call.operation_id, 429, retry_after=max(1, math.ceil(self.settings.job_seconds)))

    def start_job(self, call: Call, *, kind: str, status: str, request: dict[str, Any], units: int, url: str | None = None, total: int = 0) -> Job:
        credits_per_unit, _ = self.contract.base_credits(call.operation_id)
        try:
            return self.store.start_job(
                team=call.team,
                key_id=call.key_id,
                kind=kind,
                status=status,
                request=request,
                seconds=self.settings.job_seconds,
                operation=call.operation_id,
                credits=credits_per_unit * units,
                tokens_per_credit=self.tokens_per_credit,
                url=url,
                total=total,
            )
        except InsufficientCredits:
            raise self.error(call.operation_id, 402) from None

    def job_or_404(self, call: Call, job_id: str, kind: str) -> Job:
        job = self.store.job(job_id, team_id=call.team.id, kind=kind)
        if job is None:
            raise self.error(call.operation_id, 404)
        return advance(self.store, job, self.scraper.render_for_job)

    def status_url(self, call: Call, path: str) -> str:
        return str(call.request.base_url).rstrip("/") + path

    @staticmethod
    def expires_at(job: Job) -> str:
        return iso(job.created_at + timedelta(days=1))

    # -- extract ---------------------------------------------------------------------------
    async def start_extract(self, call: Call) -> Any:
        body: models.ExtractRequest = call.body
        valid, invalid = split_urls(body.urls)
        if invalid and not body.ignoreInvalidURLs:
            raise self.error(call.operation_id, 400, details=[{"msg": "invalid URLs", "urls": invalid}])
        if body.schema_ is not None:
            try:
                Draft202012Validator.check_schema(body.schema_)
            except SchemaError:
                raise self.error(call.operation_id, 400) from None
        self.check_threat_protection(call, body.threatProtection)
        if body.scrapeOptions is not None:
            self.check_threat_protection(call, body.scrapeOptions.threatProtection)
        self.check_concurrency(call)
        request = body.model_dump(mode="json", by_alias=True, exclude_none=True) | {"_validURLs": valid}
        job = self.start_job(call, kind="extract", status="processing", request=request, units=len(valid))
        # §2.6: invalidURLs only when ignoreInvalidURLs is true, an empty array when none.
        listed = {"invalidURLs": invalid} if body.ignoreInvalidURLs else {}
        return _dump(models.ExtractResponse(success=True, id=job.id, **listed))

    async def get_extract_status(self, call: Call) -> Any:
        job = self.job_or_404(call, call.request.path_params["id"], "extract")
        result = job.result or {}
        response = models.ExtractStatusResponse(
            success=job.status != "failed",
            id=job.id,
            status=job.status,
            data=result.get("data"),
            sources=result.get("sources"),
            error=job.error,
            expiresAt=self.expires_at(job),
            creditsUsed=job.credits_used,
            tokensUsed=job.credits_used * self.tokens_per_credit,
        )
        return _dump(response)

    # -- batch scrape ----------------------------------------------------------------------
    async def start_batch_scrape(self, call: Call) -> Any:
        body: models.BatchScrapeRequest = call.body
        valid, invalid = split_urls(body.urls)
        if invalid and not body.ignoreInvalidURLs:
            raise self.error(call.operation_id, 400)
        self.check_threat_protection(call, body.threatProtection)
        self.check_concurrency(call)
        request = body.model_dump(mode="json", by_alias=True, exclude_none=True) | {"_validURLs": valid}
        job = self.start_job(call, kind="batch_scrape", status="scraping", request=request, units=len(valid), total=len(valid))
        listed = {"invalidURLs": invalid} if body.ignoreInvalidURLs else {}
        return _dump(models.BatchScrapeStartResponse(success=True, id=job.id, url=self.status_url(call, f"/v2/batch/scrape/{job.id}"), **listed))

    def _job_status(self, job: Job) -> dict[str, Any]:
        result = job.result or {}
        response = models.JobStatusResponse(
            success=True,
            status=job.status,
            completed=job.completed,
            total=job.total,
            creditsUsed=job.credits_used,
            expiresAt=self.expires_at(job),
            data=result.get("data", []),
        )
        return _dump(response)

    async def get_batch_scrape_status(self, call: Call) -> Any:
        return self._job_status(self.job_or_404(call, call.request.path_params["id"], "batch_scrape"))

    async def cancel_batch_scrape(self, call: Call) -> Any:
        # §3: an existing job is cancelled whatever its state.
        job = self.job_or_404(call, call.request.path_params["id"], "batch_scrape")
        self.store.transition(job.id, allowed_from=None, to="cancelled")
        return _dump(models.BatchScrapeCancelResponse(status="cancelled"))

    # -- agent -----------------------------------------------------------------------------
    def _agent_job(self, call: Call) -> Job:
        job_id = call.request.path_params["jobId"]
        try:
            uuid.UUID(job_id)
        except ValueError:
            raise self.error(call.operation_id, 400, "invalidJobId") from None
        return self.job_or_404(call, job_id, "agent")

    async def start_agent(self, call: Call) -> Any:
        body: models.AgentRequest = call.body
        self.check_threat_protection(call, body.threatProtection)
        self.check_concurrency(call)
        request = body.model_dump(mode="json", by_alias=True, exclude_none=True)
        job = self.start_job(call, kind="agent", status="processing", request=request, units=1)
        return _dump(models.AgentStartResponse(success=True, id=job.id))

    async def get_agent_status(self, call: Call) -> Any:
        job = self._agent_job(call)
        result = job.result or {}
        response = models.AgentStatusResponse(
            success=job.status != "failed",
            id=job.id,
            status=job.status,
            data=result.get("data"),
            error=job.error,
            expiresAt=self.expires_at(job),
            creditsUsed=job.credits_used,
        )
        return _dump(response)

    async def cancel_agent(self, call: Call) -> Any:
        job = self._agent_job(call)
        if not self.store.transition(job.id, allowed_from={"processing"}, to="cancelled"):
            raise self.error(call.operation_id, 409)
        return _dump(models.AgentCancelResponse(success=True))

    # -- crawl -----------------------------------------------------------------------------
    async def start_crawl(self, call: Call) -> Any:
        body: models.CrawlRequest = call.body
        if not is_valid_url(body.url):
            raise self.error(call.operation_id, 400)
        scrape_options = body.scrapeOptions or models.ScrapeOptions()
        self.check_threat_protection(call, scrape_options.threatProtection)
        self.check_concurrency(call)
        options = body.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)
        if body.prompt:
            # Options given explicitly win over those derived from the prompt.
            derived = derive_crawl_options(url=body.url, prompt=body.prompt)
            options = {k: v for k, v in derived.items() if k != "url"} | options
        options["scrapeOptions"] = _dump(scrape_options)
        limit = int(options.get("limit", models.CrawlOptions().limit))
        total = min(limit, _CRAWL_PAGES)
        job = self.start_job(call, kind="crawl", status="scraping", request=options, units=total, url=body.url, total=total)
        return _dump(models.CrawlStartResponse(success=True, id=job.id, url=self.status_url(call, f"/v2/crawl/{job.id}")))

    async def get_crawl_status(self, call: Call) -> Any:
        return self._job_status(self.job_or_404(call, call.request.path_params["id"], "crawl"))

    async def cancel_crawl(self, call: Call) -> Any:
        job = self.job_or_404(call, call.request.path_params["id"], "crawl")
        if not self.store.transition(job.id, allowed_from={"scraping"}, to="cancelled"):
            raise self.error(call.operation_id, 409)
        return _dump(models.CrawlCancelResponse(status="cancelled"))

    async def get_active_crawls(self, call: Call) -> Any:
        if call.team.plan_tokens is None or self._remaining(call.team) <= 0:
            raise self.error(call.operation_id, 402)
        crawls = []
        for job in self.store.active_jobs(team_id=call.team.id, kind="crawl"):
            job = advance(self.store, job, self.scraper.render_for_job)
            if job.status == "scraping":
                options = models.ActiveCrawlOptions.model_validate(job.request)
                crawls.append(models.ActiveCrawl(id=job.id, teamId=job.team_id, url=job.url or "", options=options))
        return _dump(models.ActiveCrawlsResponse(success=True, crawls=crawls))

    async def preview_crawl_params(self, call: Call) -> Any:
        body: models.CrawlParamsPreviewRequest = call.body
        if not is_valid_url(body.url):
            raise self.error(call.operation_id, 400)
        derived = derive_crawl_options(url=body.url, prompt=body.prompt)
        data = models.CrawlParamsPreviewData.model_validate(derived)
        return {"success": True, "data": data.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_unset=True)}

    # -- team usage ------------------------------------------------------------------------
    def _remaining(self, team: Team) -> int:
        start, end = team.current_period(now_utc())
        return (team.plan_tokens or 0) - self.store.credits_used(team.id, start, end) * self.tokens_per_credit

    def _period_usage(self, call: Call) -> tuple[str, str, int, int]:
        """(period start, period end, plan tokens, remaining tokens) of the caller's team; 404 without a plan."""
        team = call.team
        if team.plan_tokens is None:
            raise self.error(call.operation_id, 404)
        start, end = team.current_period(now_utc())
        return iso(start), iso(end), team.plan_tokens, self._remaining(team)

    async def get_token_usage(self, call: Call) -> Any:
        start, end, plan, remaining = self._period_usage(call)
        usage = models.TokenUsage(billingPeriodStart=start, billingPeriodEnd=end, planTokens=plan, remainingTokens=remaining)
        return _dump(models.TokenUsageResponse(success=True, data=usage))

    async def get_credit_usage(self, call: Call) -> Any:
        # The same ledger as token usage, in credits (rounded down).
        start, end, plan, remaining = self._period_usage(call)
        rate = self.tokens_per_credit
        usage = models.CreditUsage(billingPeriodStart=start, billingPeriodEnd=end, planCredits=plan // rate, remainingCredits=remaining // rate)
        return _dump(models.CreditUsageResponse(success=True, data=usage))

    async def get_historical_credit_usage(self, call: Call) -> Any:
        raw = call.request.query_params.get("byApiKey", "false")
        if raw not in ("true", "false"):
            raise self.error(call.operation_id, 400)
        by_key = raw == "true"
        usage = self.store.monthly_usage(call.team.id, by_key=by_key)
        keys: list[str | None] = list(self.store.keys(call.team.id)) if by_key else [None]
        periods = []
        month_start, _ = month_bounds(call.team.created_at)
        last_start, _ = month_bounds(now_utc())
        while month_start <= last_start:
            _, month_end = month_bounds(month_start)
            month = month_start.strftime("%Y-%m")
            for key in keys:
                credits = usage.get((month, key), 0)
                period = models.CreditUsagePeriod(startDate=iso(month_start), endDate=iso(month_end), totalCredits=credits, creditsUsed=credits, apiKey=key)
                periods.append(period)
            month_start = month_end
        return _dump(models.HistoricalCreditUsageResponse(success=True, periods=periods))

    # -- scrape --------------------------------------------------------------------------
    async def scrape_url(self, call: Call) -> Any:
        body: models.ScrapeRequest = call.body
        if not is_valid_url(body.url):
            raise self.error(call.operation_id, 400)
        document = models.Document.model_validate(self.scraper.scrape(call, body))
        # exclude_unset, not exclude_none: a document may carry a documented null (changeTracking.previousScrapeAt).
        return models.ScrapeResponse(success=True, data=document).model_dump(mode="json", by_alias=True, exclude_unset=True)


# operationId -> (body model or None, handler); method and path come from the bundle.
_ROUTES: list[tuple[str, type[BaseModel] | None, Handler]] = [
    ("startExtract", models.ExtractRequest, Service.start_extract),
    ("getExtractStatus", None, Service.get_extract_status),
    ("scrapeUrl", models.ScrapeRequest, Service.scrape_url),
    ("startBatchScrape", models.BatchScrapeRequest, Service.start_batch_scrape),
    ("getBatchScrapeStatus", None, Service.get_batch_scrape_status),
    ("cancelBatchScrape", None, Service.cancel_batch_scrape),
    ("startAgent", models.AgentRequest, Service.start_agent),
    ("getAgentStatus", None, Service.get_agent_status),
    ("cancelAgent", None, Service.cancel_agent),
    ("startCrawl", models.CrawlRequest, Service.start_crawl),
    ("getActiveCrawls", None, Service.get_active_crawls),
    ("getCrawlStatus", None, Service.get_crawl_status),
    ("cancelCrawl", None, Service.cancel_crawl),
    ("previewCrawlParams", models.CrawlParamsPreviewRequest, Service.preview_crawl_params),
    ("getTokenUsage", None, Service.get_token_usage),
    ("getCreditUsage", None, Service.get_credit_usage),
    ("getHistoricalCreditUsage", None, Service.get_historical_credit_usage),
]


def _json(status: int, body: Any, request_id: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"X-Request-Id": request_id, **(headers or {})})


def _endpoint(
    get_service: Callable[[], Service], operation_id: str, body_model: type[BaseModel] | None, handler: Handler
) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        request_id = uuid.uuid4().hex
        service = get_service()
        try:
            call = await _prepare(service, request, operation_id, body_model)
            result = await handler(service, call)
            return _json(200, result, request_id)
        except ApiError as error:
            return _json(error.status, error.body, request_id, error.headers)
        except Exception:
            _log.exception("unexpected failure in %s (request id %s)", operation_id, request_id)
            return _json(500, service.contract.error_body(operation_id, 500), request_id)

    return endpoint


async def _prepare(service: Service, request: Request, operation_id: str, body_model: type[BaseModel] | None) -> Call:
    header = request.headers.get("authorization", "")
    scheme, _, key = header.partition(" ")
    found = service.store.authenticate(key.strip()) if scheme.lower() == "bearer" and key.strip() else None
    if found is None:
        raise service.error(operation_id, 401)
    team, key_id = found
    wait = service.rate.retry_after(team)
    if wait is not None:
        raise service.error(operation_id, 429, retry_after=wait)
    body: Any = None
    if body_model is not None:
        body = await _read_body(service, request, operation_id, body_model)
    return Call(request=request, team=team, key_id=key_id, body=body, operation_id=operation_id)


async def _read_body(service: Service, request: Request, operation_id: str, body_model: type[BaseModel]) -> Any:
    limit = service.settings.max_body_bytes
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise service.error(operation_id, 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise service.error(operation_id, 413)
        chunks.append(chunk)
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise service.error(operation_id, 400, details=[{"msg": "Content-Type must be application/json"}])
    try:
        payload = json.loads(b"".join(chunks))
    except (ValueError, UnicodeDecodeError):
        raise service.error(operation_id, 400, details=[{"msg": "The body is not valid JSON"}]) from None
    except RecursionError:
        raise service.error(operation_id, 400, details=[{"msg": f"The body nests deeper than {MAX_JSON_DEPTH} levels"}]) from None
    if json_depth(payload) > MAX_JSON_DEPTH:
        # Validation and rendering recurse: a deeper body would exhaust the stack, not be a request.
        raise service.error(operation_id, 400, details=[{"msg": f"The body nests deeper than {MAX_JSON_DEPTH} levels"}])
    problems = sorted(service.validators[operation_id].iter_errors(payload), key=lambda e: list(map(str, e.absolute_path)))
    if problems:
        details = [{"loc": list(e.absolute_path), "msg": e.message, "type": str(e.validator)} for e in problems[:20]]
        raise service.error(operation_id, 400, details=details)
    try:
        return body_model.model_validate(payload)
    except ValidationError as invalid:
        details = [
            {"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in invalid.errors(include_url=False, include_context=False, include_input=False)
        ]
        raise service.error(operation_id, 400, details=details) from None


# Arrays and objects nested inside each other, at most (documented in the README); a JSON Schema
# in `schema` needs far fewer, and every recursive step of validation stays well inside Python's stack.
MAX_JSON_DEPTH = 64


def json_depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_JSON_DEPTH:  # deeper is refused anyway: stop counting
            stack.extend((child, depth + 1) for child in children)
    return deepest


# Close codes of the watch socket (RFC 6455 §7.4: 1000 normal, 1008 policy violation).
_WS_DONE, _WS_REFUSED = 1000, 1008
_TERMINAL = {"completed", "failed", "cancelled"}


def _watch_key(websocket: WebSocket) -> tuple[str, str | None]:
    """The key a watcher offers, and the subprotocol to echo: firecrawl-py sends the
    Authorization header, firecrawl-js (like any browser) the key as the subprotocol."""
    scheme, _, key = websocket.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and key.strip():
        return key.strip(), None
    offered = [p.strip() for p in websocket.headers.get("sec-websocket-protocol", "").split(",") if p.strip()]
    return (offered[0], offered[0]) if offered else ("", None)


def _watch_endpoint(service: Callable[[], Service], kind: str) -> Callable[[WebSocket], Awaitable[None]]:
    """The x-watch protocol on a job status path (spec: getCrawlStatus, getBatchScrapeStatus)."""

    async def watch(websocket: WebSocket) -> None:
        active = service()
        key, subprotocol = _watch_key(websocket)
        found = active.store.authenticate(key) if key else None
        await websocket.accept(subprotocol=subprotocol)
        job = active.store.job(websocket.path_params["id"], team_id=found[0].id, kind=kind) if found else None
        if found is None or job is None:
            # The same answer for a bad key, an unknown job and another team's job.
            reason = "Unauthorized" if found is None else "Job not found"
            await websocket.send_json({"type": "error", "error": reason})
            await websocket.close(code=_WS_REFUSED)
            return
        sent_documents = 0
        first = True
        try:
            while True:
                job = advance(active.store, job, active.scraper.render_for_job)
                status = active._job_status(job)
                documents = status.get("data", [])
                if job.status == "completed":
                    await websocket.send_json({"type": "done", "data": status})
                    break
                if first or job.status in _TERMINAL:
                    await websocket.send_json({"type": "catchup", "data": status})
                    first = False
                    if job.status in _TERMINAL:
                        break
                for document in documents[sent_documents:]:
                    await websocket.send_json({"type": "document", "data": document})
                sent_documents = len(documents)
                await asyncio.sleep(active.settings.worker_interval)
                refreshed = active.store.job(job.id, team_id=job.team_id, kind=kind)
                if refreshed is None:
                    break
                job = refreshed
            await websocket.close(code=_WS_DONE)
        except WebSocketDisconnect:
            return

    return watch


def ensure_development_team(store: Store, settings: Settings) -> tuple[Team, str] | None:
    """On first start (no team yet): create the development team and a key, and return them."""
    if store.teams():
        return None
    team = store.create_team(name="development", plan_tokens=settings.default_plan_tokens)
    return team, store.create_key(team_id=team.id, name="development")


def create_app(settings: Settings | None = None, *, store: Store | None = None) -> Starlette:
    """The application. With ``store`` given, the caller owns it (tests); otherwise it is opened at startup."""
    settings = settings or Settings.from_env()
    bundle_bytes = read_bundle(settings.bundle)
    contract = Contract.load(bundle_bytes)
    state: dict[str, Any] = {}

    def service() -> Service:
        return state["service"]  # type: ignore[no-any-return]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        own = store is None
        active_store = store or Store(settings.database)
        created = ensure_development_team(active_store, settings)
        if created is not None:
            team, key = created
            _log.warning("created the development team %s with API key %s", team.id, key)
        state["service"] = Service(settings=settings, store=active_store, contract=contract)
        worker = asyncio.create_task(run_worker(active_store, interval=settings.worker_interval, render=state["service"].scraper.render_for_job))
        try:
            yield
        finally:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker
            if own:
                active_store.close()

    async def openapi(_: Request) -> Response:
        return Response(bundle_bytes, media_type="application/json")

    async def not_found(request: Request, _: Exception) -> Response:
        return JSONResponse({"success": False, "error": f"No route for {request.method} {request.url.path}"}, status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        # RFC 9110: a 405 lists the methods the resource supports.
        allow = (getattr(exc, "headers", None) or {}).get("Allow", "")
        body = {"success": False, "error": f"Method {request.method} is not allowed on {request.url.path}"}
        return JSONResponse(body, status_code=405, headers={"Allow": allow} if allow else None)

    # One route per path, dispatching on the method, so a 405 lists every method of the path.
    by_path: dict[str, dict[str, Callable[[Request], Awaitable[Response]]]] = defaultdict(dict)
    for operation_id, body_model, handler in _ROUTES:
        operation = contract.operations[operation_id]
        by_path[operation["path"]][operation["method"]] = _endpoint(service, operation_id, body_model, handler)

    def dispatcher(endpoints: dict[str, Callable[[Request], Awaitable[Response]]]) -> Callable[[Request], Awaitable[Response]]:
        async def dispatch(request: Request) -> Response:
            return await endpoints[request.method](request)

        return dispatch

    routes: list[BaseRoute] = [Route("/openapi.json", openapi, methods=["GET"])]
    # x-watch: the status paths of crawls and batch scrapes also accept a WebSocket upgrade.
    for operation_id, kind in (("getCrawlStatus", "crawl"), ("getBatchScrapeStatus", "batch_scrape")):
        routes.append(WebSocketRoute(contract.operations[operation_id]["path"], _watch_endpoint(service, kind)))
    # Literal paths first: /v2/crawl/active must win over /v2/crawl/{id} for every method.
    ordered = sorted(by_path.items(), key=lambda item: ("{" in item[0], item[0]))
    routes += [Route(path, dispatcher(endpoints), methods=sorted(endpoints)) for path, endpoints in ordered]
    return Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, 405: not_allowed})
