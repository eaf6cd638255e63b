"""The reference server inside your own tests: started in this process, on a clock the test moves.

    from webdata_server import running

    with running() as server:                       # a free port of 127.0.0.1, a fresh database
        client = server.client                      # webdata_client.Webdata (pip install webdata-client)
        job = client.crawl.start("https://example.com", limit=100)
        server.advance(60)                          # one minute passes: the crawl ends
        assert client.crawl.get_status(job.id).status == "completed"

:class:`ReferenceServer` is the server (uvicorn in a thread of this process, a database in a
temporary directory, the test controls of :mod:`webdata_server.controls`); :class:`Sandbox` is one
team on it, with its key and its own view of the controls: faults that hit only its requests, its
journal, its webhook events. The pytest plugin (:mod:`webdata_server.pytest_plugin`) gives a test a
fresh sandbox on one server per session. See the server's README, "Testing your code against the
reference server".
"""

from __future__ import annotations

import contextlib
import gc
import re
import shutil
import socket
import tempfile
import threading
import time
from asyncio import sleep as _asyncio_sleep
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic collector off while the server's modules load and it starts, then the objects
    made frozen (``gc.freeze()``, as ``webdata-server serve`` does). Loading makes some 200,000
    objects that live as long as the process and no cycles to collect: the collections their
    allocations set off (about 150, one a full walk of everything) were a tenth of a test
    suite's first test (benchmarks/README.md), and frozen, no later full collection of the test
    session walks them again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


with _collector_paused():
    from webdata_server.controls import Controls, Event, Fault, PageFault, Received
    from webdata_server.jobs.clock import ManualClock, SystemClock

__all__ = ["CLOCKS", "ReferenceServer", "Sandbox", "no_waits", "running"]

# The clocks a reference server for tests runs on (see ReferenceServer).
CLOCKS = ("manual", "auto", "system")

# The plan a sandbox's team gets unless told otherwise: the development team's.
PLAN_TOKENS = 15 * 100_000


class ReferenceServer:
    """The reference server in a thread of this process, on 127.0.0.1 and a free port.

    ``clock="manual"`` (the default) stops time: jobs progress when :meth:`advance` moves it;
    ``clock="auto"`` too, and a read of an unfinished job's status also moves it to the next moment
    that job has something due, so code that polls a job finishes at once (:func:`no_waits` stops
    the clients' own sleeps between polls); ``clock="system"`` runs on the wall clock, each job
    taking ``job_seconds``. ``settings`` are more :class:`~webdata_server.Settings` fields
    (``page_size``, ``max_body_bytes``...)."""

    def __init__(self, *, clock: str = "manual", job_seconds: float = 5.0, database: Path | None = None, **settings: Any) -> None:
        if clock not in CLOCKS:
            raise ValueError(f"clock is one of {', '.join(CLOCKS)}, not {clock!r}")
        self.clock = SystemClock() if clock == "system" else ManualClock(auto=clock == "auto")
        self.controls = Controls(self.clock, http=True)
        self._directory: Path | None = None
        if database is None:
            self._directory = Path(tempfile.mkdtemp(prefix="webdata-server-"))
            database = self._directory / "webdata.sqlite3"
        self.database = database
        self.job_seconds = job_seconds
        self._settings = settings
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._store: Any = None
        self.port = 0
        self.team_id = self.api_key = ""

    # -- life -------------------------------------------------------------------------------------
    def start(self) -> ReferenceServer:
        """Starts the server and returns when it answers (a failure to start is raised here)."""
        with _collector_paused():
            return self._start()

    def _start(self) -> ReferenceServer:
        import uvicorn

        from webdata_server.app import create_app
        from webdata_server.config import Settings
        from webdata_server.protocols import http_stack, protocol_for
        from webdata_server.store import Store

        web = self._settings.get("web", "synthetic")
        if web not in ("synthetic", "real"):
            from webdata_server.localweb import LocalWeb

            LocalWeb(Path(web))  # a folder or WARC it cannot read: one ValueError line, before anything starts
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = int(sock.getsockname()[1])
        settings = Settings(database=self.database, host="127.0.0.1", port=self.port, job_seconds=self.job_seconds, **self._settings)
        self._store = Store(self.database, cache_copies=settings.cache_copies)
        # The server's own team and key (a team made before the app starts: no development team).
        team = self._store.teams.create(name="default", plan_tokens=PLAN_TOKENS)
        self.team_id, self.api_key = team.id, self._store.teams.create_key(team_id=team.id)
        app = create_app(settings, store=self._store, controls=self.controls)
        loop, http = http_stack("auto")
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            proxy_headers=False,
            loop=loop,
            http=protocol_for(http, head_seconds=settings.head_timeout),
            lifespan="on",
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        failure: list[BaseException] = []

        def serve() -> None:
            try:
                self._server.run(sockets=[sock])
            except BaseException as error:
                failure.append(error)
            finally:
                sock.close()

        self._thread = threading.Thread(target=serve, name=f"webdata-server:{self.port}", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not self._server.started:
            if failure or not self._thread.is_alive():
                self.stop()
                raise RuntimeError(f"the reference server did not start: {failure[0] if failure else 'its thread ended'}")
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the reference server did not start within 30 s")
            time.sleep(0.002)
        return self

    def stop(self) -> None:
        """Stops the server, closes its database and removes the temporary directory it made."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(15)
            self._thread = None
        if self._store is not None:
            self._store.close()
            self._store = None
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)
            self._directory = None

    def __enter__(self) -> ReferenceServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- teams ------------------------------------------------------------------------------------
    def sandbox(self, *, plan_tokens: int | None = PLAN_TOKENS, name: str = "test", **plan: Any) -> Sandbox:
        """A fresh team with a key (``plan``: ``rate_limit_per_minute``, ``max_concurrency``,
        ``tp_enabled``... as ``webdata-server admin set-plan`` names them)."""
        if self._store is None:
            raise RuntimeError("the reference server is not running: start() it first")
        team = self._store.teams.create(name=name, plan_tokens=plan_tokens)
        if plan:
            team = self._store.teams.update(team.id, **plan)
        return Sandbox(self, team.id, self._store.teams.create_key(team_id=team.id))

    # -- time -------------------------------------------------------------------------------------
    @property
    def now(self) -> datetime:
        return self.clock.now()

    def advance(self, seconds: float) -> datetime:
        """Moves the clock ``seconds`` forward and runs every job due by then (a crawl's pages,
        extract and agent endings), then waits for the webhook deliveries that came due; the new
        instant. Only on the manual clock."""
        return self.controls.advance(seconds)

    def run_until_idle(self) -> int:
        """Runs every job due at the clock's instant (no time passes); how many jobs and pages moved."""
        return self.controls.run_until_idle()

    def reset(self) -> None:
        """Faults, journal and inbox emptied; teams, jobs and the clock stay."""
        self.controls.reset()


def _matches(expected: Any, actual: Any) -> bool:
    """WireMock's ``equalToJson`` with extra elements ignored: every key ``expected`` names has a
    matching value (recursively), lists match element by element; a callable is a predicate."""
    if callable(expected):
        return bool(expected(actual))
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(_matches(e, a) for e, a in zip(expected, actual, strict=True))
    return bool(expected == actual)


def _line(request: Received) -> str:
    body = "" if request.body is None else f" {str(request.body)[:120]}"
    fault = f" (fault {request.fault})" if request.fault else ""
    return f"  {request.method} {request.path} [{request.operation or 'no operation'}] -> {request.status}{fault}{body}"


class Sandbox:
    """One team on a :class:`ReferenceServer`: its key, clients, faults, journal and inbox.

    Faults made here hit only this team's requests (page faults and the threat classifier are the
    server's: a sandbox undoes its own when closed)."""

    def __init__(self, server: ReferenceServer, team_id: str, api_key: str) -> None:
        self.server = server
        self.team_id = team_id
        self.api_key = api_key
        self._faults: list[str] = []
        self._pages: set[str] = set()  # pages this sandbox replaced: generated again when it closes
        self._closers: list[Callable[[], Any]] = []
        self._client: Any = None
        self._firecrawl: Any = None

    @property
    def base_url(self) -> str:
        return self.server.base_url

    # -- clients ----------------------------------------------------------------------------------
    @property
    def client(self) -> Any:
        """A ``webdata_client.Webdata`` on this team's key (pip install webdata-client)."""
        if self._client is None:
            try:
                from webdata_client import Webdata
            except ImportError:
                raise RuntimeError("sandbox.client needs the webdata-client package: pip install webdata-client") from None
            auto = getattr(self.server.clock, "auto", False)  # the auto clock: no sleep, no Retry-After wait
            self._client = Webdata(self.api_key, self.base_url, poll_interval=0.0 if auto else 0.05, max_retry_wait=0.0 if auto else 5.0)
            self._closers.append(self._client.close)
        return self._client

    @property
    def firecrawl(self) -> Any:
        """firecrawl-py's ``Firecrawl`` on this team's key (pip install firecrawl-py)."""
        if self._firecrawl is None:
            try:
                from firecrawl import Firecrawl
            except ImportError:
                raise RuntimeError("sandbox.firecrawl needs the firecrawl-py package: pip install firecrawl-py") from None
            self._firecrawl = Firecrawl(api_key=self.api_key, api_url=self.base_url)
        return self._firecrawl

    # -- time -------------------------------------------------------------------------------------
    @property
    def now(self) -> datetime:
        return self.server.now

    def advance(self, seconds: float) -> datetime:
        """:meth:`ReferenceServer.advance` (the clock is the server's: every team's jobs move)."""
        return self.server.advance(seconds)

    def run_until_idle(self) -> int:
        return self.server.run_until_idle()

    # -- faults -----------------------------------------------------------------------------------
    def fault(self, operation: str | None = None, **rule: Any) -> Fault:
        """A fault on this team's requests (:meth:`Controls.add_fault`'s fields: ``status``,
        ``retry_after``, ``delay``, ``drop``, ``times``, ``after``, ``method``, ``path``)."""
        made = self.server.controls.add_fault(operation, team_id=self.team_id, **rule)
        self._faults.append(made.id)
        return made

    def fail(self, operation: str, status: int, *, times: int | None = 1, after: int = 0, retry_after: int | None = None) -> Fault:
        """The next ``times`` calls of ``operation`` (after ``after`` let through) answer ``status``
        with the contract's body: 429 carries ``Retry-After`` (``retry_after``, default 1)."""
        return self.fault(operation, status=status, times=times, after=after, retry_after=retry_after)

    def delay(self, operation: str, seconds: float, *, times: int | None = 1, after: int = 0) -> Fault:
        """The next ``times`` calls of ``operation`` are answered ``seconds`` late (real time)."""
        return self.fault(operation, delay=seconds, times=times, after=after)

    def drop(self, operation: str, *, times: int | None = 1, after: int = 0) -> Fault:
        """The next ``times`` calls of ``operation`` lose their connection with no answer (the
        server does nothing with them)."""
        return self.fault(operation, drop=True, times=times, after=after)

    def fail_pages(self, url: str, *, status: int | None = 500, times: int | None = None) -> PageFault:
        """Pages whose URL matches the glob ``url`` answer ``status`` (None: cannot be reached);
        a crawl or batch scrape records them as failed, a scrape answers as for a failing site."""
        made = self.server.controls.add_page_fault(url, status=status, times=times)
        self._faults.append(made.id)
        return made

    @contextlib.contextmanager
    def threat_classifier_unreachable(self) -> Iterator[None]:
        """Within the block, the threat classifier cannot be reached (``failurePolicy`` decides)."""
        self.server.controls.classifier_reachable = False
        try:
            yield
        finally:
            self.server.controls.classifier_reachable = True

    def set_page(self, url: str, text: str | None = None, *, html: str | None = None, title: str | None = None) -> None:
        """From now on the page at ``url`` serves ``text`` (paragraphs split on blank lines, under
        ``title``) or ``html``; with neither, it is the generated page again. The server's: any
        team sees it, until the sandbox closes (the end of the plugin's test), which generates it
        again and drops the copies the scrape cache kept of it."""
        self._pages.add(url)
        self.server.controls.set_page(url, html=html, text=text, title=title)

    def outbox(self, to: str | None = None) -> list[dict[str, Any]]:
        """The emails this team's monitors sent (to ``to`` only, when given), oldest first."""
        return self.server.controls.outbox(team_id=self.team_id, to=to)

    def confirm_email(self, to: str) -> dict[str, Any]:
        """Confirms the subscription of ``to``, as the link of its confirmation email would (the
        newest one): from then on it gets the monitor's summaries."""
        sent = [e for e in self.outbox(to) if e["kind"] == "confirmation"]
        if not sent:
            raise AssertionError(f"no confirmation email to {to} in the team's outbox")
        token = re.search(r"token (\S+)", sent[-1]["body"])
        assert token is not None
        answered = self.server.controls.answer_subscription(token[1], confirm=True)
        assert answered is not None
        return answered

    # -- journal and inbox ------------------------------------------------------------------------
    def requests(self, operation: str | None = None) -> list[Received]:
        """This team's requests the server received, oldest first (of ``operation`` only, when given:
        an operationId of the contract, else :class:`~webdata_server.controls.FaultError`)."""
        if operation is not None:
            self.server.controls.check_operation(operation)
        return self.server.controls.received(team_id=self.team_id, operation=operation)

    def assert_called(
        self,
        operation: str | None = None,
        *,
        times: int | None = None,
        method: str | None = None,
        path: str | None = None,
        body: Any = None,
        query: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> list[Received]:
        """Asserts this team's requests include matching ones (``times`` of them, when given; at
        least one otherwise) and returns them. ``body`` matches as a subset (keys not named are
        ignored; a callable is a predicate); ``headers`` by lower-cased name."""
        wanted = [
            r
            for r in self.requests(operation)
            if (method is None or r.method == method.upper())
            and (path is None or r.path == path)
            and (body is None or _matches(body, r.body))
            and (query is None or _matches(query, r.query))
            and (headers is None or _matches({k.lower(): v for k, v in headers.items()}, r.headers))
        ]
        if (times is None and not wanted) or (times is not None and len(wanted) != times):
            what = " ".join(
                part
                for part in (
                    operation or "a request",
                    f"{method} {path or ''}".strip() if method else path,
                    f"with body {body!r}" if body is not None else None,
                    f"with query {query!r}" if query is not None else None,
                    f"with headers {headers!r}" if headers is not None else None,
                )
                if part
            )
            expected = f"{times} time(s)" if times is not None else "at least once"
            received = "\n".join(_line(r) for r in self.requests()) or "  (none)"
            raise AssertionError(f"expected {what} {expected}, found {len(wanted)}; the team's requests:\n{received}")
        return wanted

    def assert_not_called(self, operation: str) -> None:
        self.assert_called(operation, times=0)

    def events(self, type: str | None = None) -> list[Event]:
        """The webhook events of this team's jobs, oldest first (of ``type``, e.g. ``crawl.page``)."""
        return [e for e in self.server.controls.events(team_id=self.team_id) if type is None or e.type == type]

    # -- end --------------------------------------------------------------------------------------
    def close(self) -> None:
        """Removes this sandbox's faults and page faults, generates the pages it replaced again
        and closes its clients (the team stays)."""
        for fault_id in self._faults:
            self.server.controls.remove_fault(fault_id)
        self._faults.clear()
        for url in sorted(self._pages):
            self.server.controls.set_page(url)
        self._pages.clear()
        for close in self._closers:
            with contextlib.suppress(Exception):
                close()
        self._closers.clear()
        self._client = self._firecrawl = None

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def running(*, clock: str = "manual", job_seconds: float = 5.0, plan_tokens: int | None = PLAN_TOKENS, **settings: Any) -> Iterator[Sandbox]:
    """The reference server for a ``with`` block (unittest, scripts): a :class:`Sandbox` of a fresh
    team on a server started for the block and stopped after it (``sandbox.server``). On the auto
    clock the block runs under :func:`no_waits`."""
    with ReferenceServer(clock=clock, job_seconds=job_seconds, **settings) as server, server.sandbox(plan_tokens=plan_tokens) as sandbox:
        with no_waits() if clock == "auto" else contextlib.nullcontext():
            yield sandbox


class mock_service(contextlib.ContextDecorator):  # lower case, as moto's mock_aws: a decorator too
    """The service's own address (``https://api.firecrawl.dev``) answered by a reference server
    started for the block, as moto's ``mock_aws``: ``with mock_service() as sandbox:`` or
    ``@mock_service()`` on a function or a ``unittest`` test. ``Firecrawl(api_key=sandbox.api_key)``
    with no URL, or a client that reads ``FIRECRAWL_API_KEY`` (set to the sandbox's key in the
    block), talks to the server (:func:`webdata_server.intercept.serving`). The auto clock unless
    ``clock`` says otherwise; ``settings`` as :func:`running`'s."""

    def __init__(self, **settings: Any) -> None:
        self._settings = {"clock": "auto", **settings}
        self._stacks: list[contextlib.ExitStack] = []

    def __enter__(self) -> Sandbox:
        from webdata_server.intercept import serving

        stack = contextlib.ExitStack()
        try:
            sandbox = stack.enter_context(running(**self._settings))
            stack.enter_context(serving(sandbox.base_url, api_key=sandbox.api_key))
        except BaseException:
            stack.close()
            raise
        self._stacks.append(stack)
        return sandbox

    def __exit__(self, *exc: object) -> None:
        self._stacks.pop().close()


# The client modules whose waits sleep: firecrawl-py's polls and retries, webdata_client's.
WAITING_MODULES = (
    "firecrawl.v2.methods.crawl",
    "firecrawl.v2.methods.batch",
    "firecrawl.v2.methods.extract",
    "firecrawl.v2.methods.agent",
    "firecrawl.v2.methods.scrape",
    "firecrawl.v2.methods.aio.extract",
    "firecrawl.v2.methods.aio.agent",
    "firecrawl.v2.methods.aio.scrape",
    "firecrawl.v2.client_async",
    "firecrawl.v2.utils.http_client",
    "firecrawl.v2.utils.http_client_async",
    "webdata_client.client",
)


class _Sleepless:
    """A client module's ``time`` or ``asyncio``, but for ``sleep``, which returns at once."""

    def __init__(self, module: Any) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Any:
        return getattr(self._module, name)


class _TimeWithoutSleep(_Sleepless):
    @staticmethod
    def sleep(seconds: float) -> None:
        return None


class _AsyncioWithoutSleep(_Sleepless):
    @staticmethod
    async def sleep(delay: float, result: Any = None) -> Any:
        await _asyncio_sleep(0)  # a turn of the loop, as a real sleep gives
        return result


@contextlib.contextmanager
def no_waits() -> Iterator[None]:
    """Within the block, the clients' waits do not sleep: firecrawl-py's ``crawl()``,
    ``batch_scrape()``, ``extract()``, ``agent()`` (sync and async) poll at once, their retries
    and ``webdata_client``'s waits and retries too, wherever the client was made (your app's own
    included). With the auto clock, each poll moves the server's clock to the job's next step, so
    code that waits for a job finishes in milliseconds. Only those modules' ``time.sleep`` and
    ``asyncio.sleep`` change; nothing else of ``time`` or ``asyncio``."""
    import asyncio
    import importlib
    import time as time_module

    patched: list[tuple[Any, str, Any]] = []
    for name in WAITING_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:  # firecrawl-py (or webdata-client) not installed, or another release
            continue
        for attribute, real, stand_in in (("time", time_module, _TimeWithoutSleep), ("asyncio", asyncio, _AsyncioWithoutSleep)):
            if getattr(module, attribute, None) is real:
                setattr(module, attribute, stand_in(real))
                patched.append((module, attribute, real))
    try:
        yield
    finally:
        for module, attribute, real in reversed(patched):
            setattr(module, attribute, real)
