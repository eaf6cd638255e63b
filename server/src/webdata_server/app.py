"""The ASGI application: routes from the bundle to the resources' handlers.

One request, end to end: the body is read on the event loop (up to the size limit); the checks
of :mod:`ingress` and the handler run in one worker thread (handlers that render or wait), or,
for handlers that only check and read a few indexed rows, on the loop. A handler that writes
hands its writes to the writer (``Pending``) and the loop awaits the group commit, so neither
the loop nor a worker thread waits on a write or a fsync. A :class:`Refusal` becomes the
operation's documented answer (:mod:`answers`); anything else its documented 500, logged with
the request id.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from webdata_server import answers
from webdata_server.blocklist import Blocklist
from webdata_server.config import Settings, read_bundle
from webdata_server.contract import Contract
from webdata_server.controls import Controls, FaultyWeb
from webdata_server.domain import Team, now_utc
from webdata_server.errors import Offload, Refusal
from webdata_server.ingress import Gate
from webdata_server.interact.pool import MAX_WORKERS
from webdata_server.interact.sessions import MAX_WAITING, SessionService
from webdata_server.jobs import Clock, Demand, JobService, run_worker
from webdata_server.jobs.engine import Notify
from webdata_server.jobs.monitors import MonitorService
from webdata_server.jobs.monitors import Notify as MonitorNotify
from webdata_server.localweb import LocalWeb
from webdata_server.operations import OperationTable
from webdata_server.operations import Route as OperationRoute
from webdata_server.pricing import Pricing
from webdata_server.resources import OPERATIONS, Call, Context, Operation
from webdata_server.resources.base import Encoded, Pending, Upload, WithHeaders, idempotency_key, spend_key
from webdata_server.scrape import Renderer, ScrapePipeline
from webdata_server.store import Committed, Store
from webdata_server.store.auth import watch_auth_changes
from webdata_server.store.database import BusyReport, StoreBusy
from webdata_server.watch import watch_endpoint
from webdata_server.web import HttpFetcher, SyntheticWeb, WebSource
from webdata_server.webhooks import WebhookDispatcher

__all__ = ["create_app", "ensure_development_team"]

_log = logging.getLogger("webdata_server")
_BUSY = BusyReport(_log)

Endpoint = Callable[[Request], Awaitable[Response]]
T = TypeVar("T")


def _context(
    settings: Settings,
    store: Store,
    contract: Contract,
    *,
    notify: Notify | None = None,
    clock: Clock | None = None,
    controls: Controls | None = None,
    send: MonitorNotify | None = None,
    operations: OperationTable[Operation],
) -> Context:
    pricing = Pricing.from_contract(contract)
    web: WebSource
    if settings.web == "real":
        web = HttpFetcher(allow_private=settings.allow_private_fetch)
    elif settings.web == "synthetic":
        web = SyntheticWeb()
    else:  # a folder of saved pages or a WARC file
        web = LocalWeb(Path(settings.web), fill=settings.web_fill)
    if controls is not None:
        web = FaultyWeb(web, controls)
    max_age = contract.document["components"]["schemas"]["ScrapeOptions"]["properties"]["maxAge"]
    scraper = ScrapePipeline(
        store=store,
        web=web,
        renderer=Renderer(pricing),
        pricing=pricing,
        default_max_age=int(max_age["default"]),
        lockdown_max_age=int(max_age["x-lockdown-default"]),
        classifier_down=settings.threat_classifier_down,
    )
    jobs = JobService(
        store=store,
        contract=contract,
        pricing=pricing,
        scraper=scraper,
        job_seconds=settings.job_seconds,
        describe=lambda refusal: answers.describe(contract, "scrapeUrl", refusal),
        clock=clock,
        notify=notify,
    )
    blocklist = Blocklist.from_contract(contract)
    monitors = MonitorService(
        store=store, scraper=scraper, pricing=pricing, clock=jobs.clock, crawl_pages=jobs.engine.crawl_urls, job_seconds=settings.job_seconds, notify=send
    )
    jobs.monitors = monitors
    sessions = SessionService(store=store, pricing=pricing, clock=jobs.clock, web=web, count_jobs=store.jobs.count_active)
    jobs.sessions = sessions
    scraper.profiles = sessions.profile_cookies
    return Context(
        settings=settings,
        store=store,
        contract=contract,
        pricing=pricing,
        scraper=scraper,
        jobs=jobs,
        blocklist=blocklist,
        monitors=monitors,
        operations=operations,
        sessions=sessions,
    )


def _json_bytes(body: Any) -> bytes:
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


Answer = tuple[int, bytes, dict[str, str]]


def _success(result: dict[str, Any] | WithHeaders | Encoded) -> Answer:
    if isinstance(result, Encoded):
        return 200, result.content, {}
    if isinstance(result, WithHeaders):
        return 200, _json_bytes(result.body), result.headers
    return 200, _json_bytes(result), {}


def _refused(ctx: Context, operation_id: str, refusal: Refusal) -> Answer:
    status, body, headers = answers.answer(ctx.contract, operation_id, refusal)
    return status, _json_bytes(body), headers


def _serve(
    ctx: Context, gate: Gate, route: OperationRoute[Operation], request: Request, raw: bytes, too_large: bool, on_loop: bool = False
) -> Answer | Pending:
    """Checks and handler of one request: (status, JSON, headers), or the handler's
    :class:`Pending` writes for the event loop to await. On the loop (``on_loop``) a handler may
    raise :class:`Offload` instead: the request is then served again in a worker thread."""
    operation = _handler(route)
    operation_id = operation.operation_id
    headers: Headers = request.headers
    try:
        caller = gate.admit(headers)
        key = idempotency_key(ctx, caller, headers) if operation.takes_idempotency_key else None
        body: Any = None
        if operation.upload:
            body = Upload(raw, headers.get("content-type", ""), too_large)
        elif operation.body is not None and route.body_optional and not too_large and not raw.strip():
            body = None  # no body where the contract makes it optional: the handler's defaults, as the service's
        elif operation.body is not None:
            media_type = headers.get("content-type", "").split(";")[0].strip().lower()
            body = gate.body(route, operation.body, raw, too_large=too_large, media_type=media_type)
        call = Call(
            operation_id=operation_id,
            caller=caller,
            body=body,
            path=request.path_params,
            query=request.query_params if request.scope["query_string"] else {},  # an empty query is not parsed (benchmarks/README.md)
            base_url=lambda: str(request.base_url),
            idempotency_key=key,
            headers=headers,
            on_loop=on_loop,
        )
        result = operation.handler(ctx, call)
        if isinstance(result, Pending):
            return result
        return _success(result)
    except Refusal as refusal:
        if operation.takes_idempotency_key:
            spend_key(ctx, headers, refusal)
        return _refused(ctx, operation_id, refusal)


# An upload's body beyond its file: the options part and the multipart framing.
UPLOAD_OVERHEAD = 2 * 1024 * 1024

# A body over the limit is still read (and dropped) up to this many bytes before the 413 goes out:
# a server that answers and closes while the client is still sending resets the connection, and the
# client sees a connection error instead of the 413 (what nginx's lingering close avoids). Beyond it
# the connection is dropped unread, as before.
DRAIN_BYTES = 64 * 1024 * 1024


class _BodyTimedOut(Exception):
    """The request's body did not arrive within the server's body timeout."""


async def _read_body(request: Request, limit: int, seconds: float) -> tuple[bytes, bool]:
    """:func:`_read_raw` within ``seconds`` (``serve --body-timeout``): a body sent byte by byte
    holds its connection for that long at most, and a server stopping waits for it no longer."""
    try:
        async with asyncio.timeout(seconds):
            return await _read_raw(request, limit)
    except TimeoutError:
        raise _BodyTimedOut from None


async def _read_raw(request: Request, limit: int) -> tuple[bytes, bool]:
    """The body, up to ``limit`` bytes; True when there was more (the rest is read and dropped, up to
    ``DRAIN_BYTES``, so that the client reads the 413)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        if int(declared) <= DRAIN_BYTES:
            async for _ in request.stream():
                pass
        return b"", True
    chunks: list[bytes] = []
    size = 0
    receive = request.receive  # the messages themselves: Starlette's stream() is an async generator around them
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > DRAIN_BYTES:
            break
        if size <= limit:
            chunks.append(chunk)
        if not message.get("more_body", False):
            break
    if size > limit:
        return b"", True
    return b"".join(chunks), False


class _Answer(Response):
    """An endpoint's JSON answer, its raw headers built directly (as Starlette's ``Response``
    would build them from a dict, lower-casing and encoding every name each time)."""

    def __init__(self, content: bytes, status: int, request_id: str, headers: dict[str, str]) -> None:
        self.status_code = status
        self.body = content
        self.background = None
        # The server's own id of the request, unless the answer names one (an alexandria run's).
        raw = [] if "x-request-id" in headers else [(b"x-request-id", request_id.encode())]
        raw += [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]
        raw += [(b"content-length", str(len(content)).encode()), (b"content-type", b"application/json")]
        self.raw_headers = raw


async def _committed(writes: Committed[T]) -> T:
    """The result of a unit handed to the store, once committed. A unit handed over on this loop
    has an asyncio future, resolved on the loop's thread; one from a worker thread a thread-safe
    future, which wakes the loop once (not through ``asyncio.wrap_future``'s extra hop)."""
    if isinstance(writes, asyncio.Future):
        return await writes
    if not writes.done():
        loop = asyncio.get_running_loop()
        woken = loop.create_future()
        home = threading.get_ident()

        def settle() -> None:
            if not woken.done():  # the request may have been cancelled meanwhile
                woken.set_result(None)

        def wake(_: Future[T]) -> None:
            if threading.get_ident() == home:
                settle()
            else:
                loop.call_soon_threadsafe(settle)

        writes.add_done_callback(wake)
        await woken
    return writes.result()


# Threads that wait on interact's workers: one team's running and waiting runs take at most half.
RUN_THREADS = 2 * (MAX_WORKERS // 4 + MAX_WAITING)


@dataclass(frozen=True)
class _Running:
    """What the endpoints share while the app runs."""

    ctx: Context
    gate: Gate
    threads: ThreadPoolExecutor
    heavy: ThreadPoolExecutor  # the handlers whose work grows with their input (Operation.heavy)
    runs: ThreadPoolExecutor  # interact's runs, waiting on their worker process (Operation.runs)
    demand: Demand  # requests being answered: the job worker yields to them


def _handler(route: OperationRoute[Operation]) -> Operation:
    assert route.operation is not None, f"{route.operation_id} has no handler"
    return route.operation


def _endpoint(running: Callable[[], _Running], route: OperationRoute[Operation]) -> Endpoint:
    operation = _handler(route)

    async def endpoint(request: Request) -> Response:
        request_id = f"{random.getrandbits(128):032x}"  # unique per request; uuid4 is a system call each
        now = running()
        ctx, gate = now.ctx, now.gate
        with now.demand:
            try:
                if operation.upload:
                    # The file's limit and room for the other parts and the multipart framing.
                    limit = ctx.settings.max_upload_bytes + UPLOAD_OVERHEAD
                    raw, too_large = await _read_body(request, limit, ctx.settings.body_timeout)
                elif operation.body is not None:
                    raw, too_large = await _read_body(request, ctx.settings.max_body_bytes, ctx.settings.body_timeout)
                else:
                    raw, too_large = b"", False
                offload = operation.offload(ctx, raw) if callable(operation.offload) else operation.offload
                offload = offload or (operation.takes_idempotency_key and "x-idempotency-key" in request.headers)
                if not offload:
                    try:
                        # Checks and a few indexed reads (the loop thread's own reader: never waits
                        # on a write); writes are awaited, not waited for.
                        answer = _serve(ctx, gate, route, request, raw, too_large, on_loop=True)
                    except Offload:
                        offload = True  # the handler found work that must not run on the loop
                if offload:
                    loop = asyncio.get_running_loop()
                    # A handler's writes are awaited here, not in the thread: it is free for the
                    # next request while the commit happens.
                    executor = now.runs if operation.runs else now.heavy if operation.heavy else now.threads
                    answer = await loop.run_in_executor(executor, functools.partial(_serve, ctx, gate, route, request, raw, too_large))
                if isinstance(answer, Pending):
                    try:
                        made = answer.then(await _committed(answer.writes))
                        answer = _success(made)
                    except Refusal as refusal:
                        if operation.takes_idempotency_key:
                            spend_key(ctx, request.headers, refusal)
                        answer = _refused(ctx, operation.operation_id, refusal)
                status, content, headers = answer
            except _BodyTimedOut:
                # The shared error shape, as the head's 408 (protocols.py); the connection closes after it.
                message = f"The request's body did not arrive within {ctx.settings.body_timeout:g} s"
                status, content, headers = 408, _json_bytes({"success": False, "error": message}), {"Connection": "close"}
            except asyncio.CancelledError:
                # The server stops and its graceful time is over (uvicorn cancels the requests still
                # open): a 503 to come back, not a 500 with a traceback; the work in the thread ends
                # with the server (own pages' index at its next page, runs with their workers).
                message = "The server is stopping; send the request again in a moment."
                status, content, headers = 503, _json_bytes({"success": False, "error": message}), {"Connection": "close", "Retry-After": "1"}
            except StoreBusy as busy:  # the documented 500; a line per few seconds, not a traceback each
                _BUSY.failed(f"{operation.operation_id} answered 500", busy)
                status, content, headers = 500, _json_bytes(answers.failure(ctx.contract, operation.operation_id)), {}
            except Exception:
                _log.exception("unexpected failure in %s (request id %s)", operation.operation_id, request_id)
                status, content, headers = 500, _json_bytes(answers.failure(ctx.contract, operation.operation_id)), {}
            return _Answer(content, status, request_id, headers)

    return endpoint


def _warm_balances(store: Store) -> None:
    moment = now_utc()
    for team in store.teams.all():
        if team.plan_tokens is not None:
            store.ledger.used(team, moment)


def ensure_development_team(store: Store, settings: Settings) -> tuple[Team, str] | None:
    """On first start (no team yet): create the development team and a key, and return them."""
    if store.teams.all():
        return None
    team = store.teams.create(name="development", plan_tokens=settings.default_plan_tokens)
    return team, store.teams.create_key(team_id=team.id, name="development")


def create_app(settings: Settings | None = None, *, store: Store | None = None, clock: Clock | None = None, controls: Controls | None = None) -> _Front:
    """The application. With ``store`` given, the caller owns it (tests); otherwise it is opened at
    startup. ``clock`` drives every job schedule (default: the controls' clock, else the wall clock;
    a test passes a :class:`~webdata_server.jobs.ManualClock` and moves it). ``controls``: the test
    controls (faults, journal, inbox, the control endpoints; :mod:`webdata_server.controls`)."""
    settings = settings or Settings.from_env()
    if controls is not None and clock is None:
        clock = controls.clock
    bundle_bytes = read_bundle(settings.bundle)
    contract = Contract.load(bundle_bytes)
    operations = OperationTable(contract, OPERATIONS)
    missing = [route.operation_id for route in operations if route.operation is None]
    if missing:
        raise ValueError(f"operations of the contract without a handler: {missing}")
    state: dict[str, _Running] = {}

    def running() -> _Running:
        return state["running"]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        own = store is None
        active_store = store or Store(settings.database, cache_copies=settings.cache_copies)
        created = ensure_development_team(active_store, settings)
        if created is not None:
            team, key = created
            _log.warning("created the development team %s with API key %s", team.id, key)
        webhooks = WebhookDispatcher(
            reach=settings.webhook_reach,
            timeout=settings.webhook_timeout,
            retries=settings.webhook_retries,
            backoff=settings.webhook_backoff,
            controls=controls,
        )
        webhooks.start()
        ctx = _context(settings, active_store, contract, notify=webhooks.submit, clock=clock, controls=controls, send=webhooks.send, operations=operations)
        if controls is not None:
            controls.bind_running(jobs=ctx.jobs, store=active_store, scraper=ctx.scraper, loop=asyncio.get_running_loop())
        threads = ThreadPoolExecutor(settings.handler_threads, thread_name_prefix="webdata")
        heavy = ThreadPoolExecutor(settings.heavy_threads, thread_name_prefix="webdata-heavy")
        demand = Demand()
        runs = ThreadPoolExecutor(RUN_THREADS, thread_name_prefix="webdata-runs")
        state["running"] = _Running(ctx, Gate(active_store), threads, heavy, runs, demand)
        # Every team's balance of its current period, read once now (from the ledger where the
        # period has no running balance yet), so no request pays for it.
        await asyncio.get_running_loop().run_in_executor(threads, _warm_balances, active_store)
        # Units run on this loop's thread from here on (see store.database), until the end below.
        active_store.db.attach(asyncio.get_running_loop())
        worker = asyncio.create_task(run_worker(ctx.jobs.work, interval=settings.worker_interval, demand=demand))
        watcher = asyncio.create_task(watch_auth_changes(active_store.db.auth))
        try:
            yield
        finally:
            for task in (worker, watcher):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await active_store.db.detach()
            if controls is not None:
                controls.unbind_running()
            ctx.sessions.close()  # the runs' workers: a run under way ends with them
            close_web = getattr(ctx.scraper.web, "close", None)
            if close_web is not None:  # own pages being indexed stop at the next page
                close_web()
            threads.shutdown(wait=True)
            heavy.shutdown(wait=True)
            runs.shutdown(wait=True)
            await webhooks.close()
            if own:
                active_store.close()

    async def openapi(_: Request) -> Response:
        return Response(bundle_bytes, media_type="application/json")

    async def not_found(request: Request, _: Exception) -> Response:
        # The service's router answers a path or a method it lacks alike: 404 "Cannot <METHOD> <path>"
        # (its framework's words; an HTML page there, the contract's JSON error body here).
        return JSONResponse({"success": False, "error": f"Cannot {request.method} {request.url.path}"}, status_code=404)

    endpoints = {route.operation_id: _endpoint(running, route) for route in operations}

    def dispatcher(endpoints: dict[str, Endpoint]) -> Endpoint:
        endpoints = _with_head(endpoints)

        async def dispatch(request: Request) -> Response:
            endpoint = endpoints.get(request.method)
            if endpoint is None:
                raise HTTPException(404)
            return await endpoint(request)

        return dispatch

    routes: list[BaseRoute] = [Route("/openapi.json", openapi, methods=["GET"])]
    front = _Front(operations, endpoints, cors=settings.local_cors)
    if controls is not None:
        controls.bind_operations(operations)
        front.controls = controls
    # x-watch: the paths the table marks also accept a WebSocket upgrade (the job kind they report).
    for route in operations:
        if route.watch and route.operation is not None and route.operation.watches is not None:
            routes.append(WebSocketRoute(route.path, watch_endpoint(lambda: running().ctx, route.operation.watches)))
    # The fallback (a request with Origin, through the CORS middleware): one Starlette route per path
    # of the same table, literal paths first and for every method: DELETE /v2/crawl/active is a 404
    # of that path, not a cancel of a job called "active" (Starlette would go on to /v2/crawl/{id}).
    every = ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]
    routes += [
        Route(path, dispatcher({method: endpoints[r.operation_id] for method, r in by_method.items()}), methods=every if "{" not in path else sorted(by_method))
        for path, by_method in operations.by_path()
    ]
    middleware = [_local_cors()] if settings.local_cors else []
    front.app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found, 405: not_found}, middleware=middleware)
    front.jobs = lambda: running().ctx.jobs
    return front


def _not_running() -> JobService:
    raise RuntimeError("the application is not running (its lifespan has not started)")


class _Front:
    """The ASGI application: a request for an operation (its method and path, found in the table of
    operations) goes straight to the operation's endpoint; anything else (a 404, a CORS request
    from a browser, the bundle, a WebSocket, the lifespan) to the Starlette application behind,
    :attr:`app`, whose routes are built from the same table.

    Every API request used to pass six layers of middleware and a scan of the routes' regular
    expressions, each layer wrapping ``send`` once more (what that cost: benchmarks/README.md).
    A request without ``Origin`` gets the ``Vary: Origin`` that the CORS middleware adds."""

    def __init__(self, operations: OperationTable[Operation], endpoints: dict[str, Endpoint], *, cors: bool) -> None:
        self.app: Starlette | None = None
        self._operations = operations
        self._endpoints = endpoints
        self._vary = [(b"vary", b"Origin")] if cors else []
        self._forwarded: ProxyHeadersMiddleware | None = None
        # The job service of the running application (its clock and passes, for tests).
        self.jobs: Callable[[], JobService] = _not_running
        # The test controls, when the application has them: every HTTP request passes them.
        self.controls: Controls | None = None

    def trust_forwarded(self, trusted_hosts: list[str] | str) -> None:
        """Read ``X-Forwarded-Proto`` and ``X-Forwarded-For`` from requests these hosts relay, as
        uvicorn's ``--forwarded-allow-ips`` does. ``serve`` turns uvicorn's own middleware off
        (another layer around every request) and passes its default here: the middleware runs
        only for a request that carries such a header."""
        self._forwarded = ProxyHeadersMiddleware(self._route, trusted_hosts=trusted_hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.controls is not None and scope["type"] == "http":
            await self.controls(scope, receive, send, self._forwarding)
            return
        await self._forwarding(scope, receive, send)

    async def _forwarding(self, scope: Any, receive: Any, send: Any) -> None:
        if self._forwarded is not None and scope["type"] != "lifespan":
            for name, _ in scope["headers"]:
                if name.startswith(b"x-forwarded-"):
                    await self._forwarded(scope, receive, send)
                    return
        await self._route(scope, receive, send)

    async def _route(self, scope: Any, receive: Any, send: Any) -> None:
        assert self.app is not None
        if scope["type"] == "http" and not (self._vary and any(name == b"origin" for name, _ in scope["headers"])):
            found = self._operations.find(scope["method"], scope["path"])
            raw = scope.get("raw_path") or b""
            if found is None and b"%2f" in raw.lower():
                # A parameter with an encoded slash (a paper named by its URL): matched on the raw
                # path, each parameter then decoded, as the service's router does.
                found = self._operations.find(scope["method"], raw.decode("latin-1"))
                if found is not None:
                    found = (found[0], {k: unquote(v) for k, v in found[1].items()})
            if found is not None:
                route, parameters = found
                if parameters:
                    scope["path_params"] = parameters
                scope["app"] = self.app
                response = await self._endpoints[route.operation_id](Request(scope, receive, send))
                response.raw_headers += self._vary
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _with_head(endpoints: dict[str, Endpoint]) -> dict[str, Endpoint]:
    """A path's endpoints by method, with HEAD answered as GET (as Starlette does for a GET route)."""
    return {**endpoints, "HEAD": endpoints["GET"]} if "GET" in endpoints else endpoints


# Pages a developer opens locally: a file from disk (its Origin is "null"), localhost, 127.0.0.1, [::1].
LOCAL_ORIGINS = r"^(null|https?://(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?)$"


def _local_cors() -> Middleware:
    """CORS for local origins only (``serve --cors-local``): the reference page's "Try it" calls the
    server from a file or a local dev server. The key travels in Authorization, never in cookies, so
    no credentials are allowed; every answer header may be read (status, Retry-After, X-Request-Id)."""
    return Middleware(
        CORSMiddleware,
        allow_origin_regex=LOCAL_ORIGINS,
        allow_methods=["GET", "POST", "DELETE"],
        allow_headers=["Authorization", "Content-Type", "X-Idempotency-Key"],
        expose_headers=["*"],
        max_age=600,
    )
