"""Test controls: faults on demand, a journal of requests, an inbox of webhook events, the clock.

What a developer testing retry, progress and webhook code needs from a development double (the
habits of moto, WireMock, LocalStack and Stripe's test clocks), in one object the application
consults when it is given one (``create_app(controls=...)``): the pytest plugin and
``webdata_server.running()`` always give one; ``serve --control`` gives one and answers the
control endpoints under :data:`PREFIX` (loopback only, never with a team's key). They are safe to
leave on while a browser is open: they answer only a ``Host`` that is a loopback address or
``localhost`` (a page whose name was rebound to 127.0.0.1 sends its own name), refuse a request a
browser marks as coming from another origin (``Origin``, ``Sec-Fetch-Site``), take a body only as
``application/json`` (which a page cannot send across origins without asking first), and bound
their bodies (:data:`CONTROL_BODY_BYTES`) and the journal's (:data:`JOURNAL_BYTES` in all).

- **Faults** (:class:`Fault`): the next N calls of an operation (or of a method and path) answer a
  status with the contract's body for it (429 with ``Retry-After``, 402, 500...; 502, 503 and 504
  as the service's edge answers them, in the shared error shape), answer late, or lose their
  connection before any answer. :class:`PageFault`: given pages of the synthetic web answer a
  status or cannot be reached (a crawl records them as failed). The threat classifier can be made
  unreachable.
- **Journal** (:class:`Received`): every request the server received, its headers without secrets,
  its JSON body, the status it got.
- **Inbox** (:class:`Event`): every webhook event the server would send. Events for a receiver on
  this machine are also delivered; any other receiver is not contacted (nothing leaves the machine).
- **Pages that change**: :meth:`Controls.set_page` makes a page of the synthetic web serve the
  test's HTML or text from then on ("the price went from 10 to 12"), for monitors to notice.
- **Outbox**: the emails monitors send (confirmations, summaries) are kept in the database, read
  here (``GET /__webdata/outbox``) and by ``webdata-server admin outbox``, as MailHog keeps SMTP
  mail; :meth:`Controls.answer_subscription` does what a confirmation email's link does.
- **Clock**: with a :class:`~webdata_server.jobs.ManualClock`, jobs, crawls' pages, extract and agent
  endings and webhook retries move only when :meth:`Controls.advance` moves it.

Nothing here runs unless the application was given a ``Controls``: the served API is unchanged.

:class:`Controls` is the face the application, the pytest plugin and the sandboxes use, and the
layer in front of the routes. Each state has one owner, as ``jobs/`` is split: :mod:`.faults`
(faults, page faults, the web that fails), :mod:`.pages` (replaced pages), :mod:`.records` (the
journal, the inbox, deliveries under way), :mod:`.clock` (the clock and what waits on it),
:mod:`.endpoints` (the HTTP controls), :mod:`.values` (their numbers' ranges).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

from webdata_server.controls import endpoints
from webdata_server.controls.clock import STALLED, STALLED_READS, STALLED_SECONDS, WAITED_READS, Timekeeper
from webdata_server.controls.endpoints import PREFIX
from webdata_server.controls.faults import GATEWAY_STATUSES, Fault, Faults, FaultyWeb, PageFault
from webdata_server.controls.pages import CONTROL_BODY_BYTES, EDITED_BYTES, ReplacedPages
from webdata_server.controls.records import (
    INBOX_BYTES,
    INBOX_SIZE,
    JOURNAL_BODY_BYTES,
    JOURNAL_BYTES,
    JOURNAL_PAGE,
    JOURNAL_SIZE,
    Event,
    Kept,
    Received,
    Records,
    _body,
    _redacted,
)
from webdata_server.controls.values import LATEST, MAX_ADVANCE_SECONDS, FaultError
from webdata_server.controls.wire import DROP, drain, drop, json_answer
from webdata_server.domain import iso
from webdata_server.jobs.clock import Clock, ManualClock, SystemClock
from webdata_server.urls import is_loopback

if TYPE_CHECKING:
    from webdata_server.contract import Contract
    from webdata_server.jobs import JobService
    from webdata_server.jobs.monitors import MonitorService
    from webdata_server.operations import OperationTable
    from webdata_server.scrape import ScrapePipeline
    from webdata_server.store import Store

__all__ = [
    "CONTROL_BODY_BYTES",
    "DROP",
    "EDITED_BYTES",
    "GATEWAY_STATUSES",
    "INBOX_BYTES",
    "INBOX_SIZE",
    "JOURNAL_BODY_BYTES",
    "JOURNAL_BYTES",
    "JOURNAL_PAGE",
    "JOURNAL_SIZE",
    "LATEST",
    "MAX_ADVANCE_SECONDS",
    "PREFIX",
    "STALLED",
    "STALLED_READS",
    "STALLED_SECONDS",
    "Controls",
    "Event",
    "Fault",
    "FaultError",
    "FaultyWeb",
    "Kept",
    "PageFault",
    "Received",
]


class Controls:
    """The controls' face and the layer that applies them (see the module's docstring): each call
    goes to the part that owns its state."""

    def __init__(self, clock: Clock | None = None, *, http: bool = False) -> None:
        self.http = http  # whether the control endpoints answer (serve --control, the test server)
        self.records = Records()
        self.time = Timekeeper(clock or SystemClock(), self.records)
        self.fault_book = Faults(self._documented, self._known)
        self.pages = ReplacedPages()
        self._operations: OperationTable[Any] | None = None
        self._contract: Contract | None = None
        self.store: Store | None = None
        self.monitors: MonitorService | None = None
        self._scraper: ScrapePipeline | None = None

    # -- wiring (the application) -----------------------------------------------------------------
    def bind_operations(self, operations: OperationTable[Any]) -> None:
        """The application's table of operations: which operation a request is, what it documents."""
        self._operations, self._contract = operations, operations.contract

    def _documented(self, operation: str) -> frozenset[int] | None:
        """The statuses the contract documents for ``operation``; None: no such operation, or no contract bound."""
        if self._operations is None:
            return None
        try:
            return self._operations[operation].documented
        except KeyError:
            return None

    def _known(self) -> list[str] | None:
        return None if self._operations is None else [route.operation_id for route in self._operations]

    def bind_running(self, *, jobs: JobService, store: Store, scraper: ScrapePipeline, loop: asyncio.AbstractEventLoop) -> None:
        self.time.jobs, self.time.loop = jobs, loop
        self.store, self._scraper, self.monitors = store, scraper, jobs.monitors
        scraper.uncached = self.fails_page

    def unbind_running(self) -> None:
        self.time.jobs = self.time.loop = None
        self.store = self._scraper = self.monitors = None

    def running_store(self) -> Store:
        if self.store is None:
            raise FaultError("the server is not running")
        return self.store

    def outbox(self, *, team_id: str | None = None, to: str | None = None) -> list[dict[str, Any]]:
        """The emails monitors sent (their confirmations and summaries), oldest first."""
        return self.running_store().monitors.outbox(team_id=team_id, recipient=to)

    def answer_subscription(self, token: str, *, confirm: bool = True) -> dict[str, Any] | None:
        """What the link of a confirmation email does: confirms (or unsubscribes) its recipient."""
        if self.monitors is None:
            raise RuntimeError("the server is not running")
        return self.monitors.answer_subscription(token, confirm=confirm)

    def operation_of(self, method: str, path: str) -> str | None:
        found = self._operations.find(method, path) if self._operations is not None else None
        return found[0].operation_id if found is not None else None

    # -- faults (:class:`~webdata_server.controls.faults.Faults`) --------------------------------
    def add_fault(
        self,
        operation: str | None = None,
        *,
        method: str | None = None,
        path: str | None = None,
        status: int | None = None,
        retry_after: int | None = None,
        delay: float = 0.0,
        drop: bool = False,
        times: int | None = 1,
        after: int = 0,
        team_id: str | None = None,
    ) -> Fault:
        """A new fault (see :class:`Fault`); :class:`FaultError` for one the service could not
        produce or that matches nothing."""
        return self.fault_book.add(
            operation, method=method, path=path, status=status, retry_after=retry_after, delay=delay, drop=drop, times=times, after=after, team_id=team_id
        )

    def check_operation(self, operation: str) -> None:
        """:class:`FaultError` unless ``operation`` is an operationId of the contract."""
        self.fault_book.check_operation(operation)

    def add_page_fault(self, url: str, *, status: int | None = 500, times: int | None = None) -> PageFault:
        """Pages matching ``url`` (a glob) answer ``status``, or with None cannot be reached."""
        return self.fault_book.add_page(url, status=status, times=times)

    def remove_fault(self, fault_id: str) -> bool:
        return self.fault_book.remove(fault_id)

    def page_fault(self, url: str) -> PageFault | None:
        return self.fault_book.page_fault(url)

    def clear_faults(self, team_id: str | None = None) -> None:
        """Every fault (of ``team_id`` only, when given); with all, the page faults, the replaced
        pages (and every cached copy of them: a later scrape sees the generated page, not a test's)
        and the classifier too: what a test set, gone before the next (the plugin's ``webdata``)."""
        self.fault_book.clear(team_id)
        if team_id is None:
            self.forget_pages(self.pages.clear())
            self.classifier_reachable = True

    @property
    def classifier_reachable(self) -> bool:
        return self._scraper is None or not self._scraper.classifier_down

    @classifier_reachable.setter
    def classifier_reachable(self, reachable: bool) -> None:
        if self._scraper is not None:
            self._scraper.classifier_down = not reachable

    def _fault_answer(self, fault: Fault, operation: str | None) -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
        assert fault.status is not None
        status = fault.status
        body: dict[str, Any]
        if operation is not None and self._contract is not None and status in (self._documented(operation) or ()):
            body = self._contract.error_body(operation, status)
        else:
            body = {"success": False, "error": GATEWAY_STATUSES.get(status, "Injected fault")}
        headers = [(b"content-type", b"application/json")]
        if fault.retry_after is not None:
            headers.append((b"retry-after", str(fault.retry_after).encode()))
        return status, json.dumps(body, separators=(",", ":")).encode(), headers

    # -- pages (:class:`~webdata_server.controls.pages.ReplacedPages`) ----------------------------
    def set_page(self, url: str, *, html: str | None = None, text: str | None = None, title: str | None = None) -> list[str]:
        """The page at ``url`` serves ``html`` or ``text`` from now on (None for both: generated
        again, its cached copies forgotten); the URLs of the oldest replaced pages dropped to make room."""
        dropped = self.pages.set(url, html=html, text=text, title=title)
        if html is None and text is None:
            self.forget_pages([url])
        return dropped

    def edited_page(self, url: str) -> str | None:
        return self.pages.get(url)

    def fails_page(self, url: str) -> bool:
        """Whether a page fault would fail a fetch of ``url`` now, or the page was replaced (its
        cached copies are not served)."""
        return url in self.pages or self.fault_book.fails_page(url)

    def forget_pages(self, urls: list[str]) -> None:
        """The cached copies of ``urls`` dropped (pages a test replaced, then restored)."""
        store = self.store
        if urls and store is not None:
            store.write(lambda tx: store.pages.forget(tx, urls))

    # -- journal and inbox (:class:`~webdata_server.controls.records.Records`) --------------------
    @property
    def journal(self) -> Kept[Received]:
        return self.records.journal

    @property
    def inbox(self) -> Kept[Event]:
        return self.records.inbox

    def received(self, *, team_id: str | None = None, operation: str | None = None) -> list[Received]:
        return self.records.received(team_id=team_id, operation=operation)

    def events(self, *, team_id: str | None = None) -> list[Event]:
        return self.records.events(team_id=team_id)

    def capture(self, *, url: str, headers: dict[str, str], body: dict[str, Any], team_id: str, job_id: str) -> bool:
        """Keeps a webhook event in the inbox; whether it may be delivered (a receiver on this machine)."""
        deliver = is_loopback(urlsplit(url).hostname)
        self.records.capture(Event(self.records.next_seq(), iso(self.clock.now()) or "", url, dict(headers), body, team_id, job_id, deliver))
        return deliver

    def delivered(self, job_id: str) -> None:
        """A webhook event of ``job_id`` ended its delivery (sent, or dropped after its retries)."""
        self.records.delivered(job_id)

    def reset(self) -> None:
        """Faults, page faults, replaced pages, the classifier, journal and inbox emptied (moto's
        reset): the teams, jobs and clock stay."""
        self.clear_faults()
        self.records.clear_journal()
        self.records.clear_inbox()

    # -- clock (:class:`~webdata_server.controls.clock.Timekeeper`) -------------------------------
    @property
    def clock(self) -> Clock:
        return self.time.clock

    @property
    def manual(self) -> bool:
        return self.time.manual

    def run_until_idle(self) -> int:
        """Every job and page due at the clock's instant moved; how many moved."""
        return self.time.run_until_idle()

    def advance(self, seconds: float | None, *, settle: float = 5.0) -> datetime:
        """Moves the manual clock (:meth:`Timekeeper.advance`)."""
        return self.time.advance(seconds, settle=settle)

    def advance_for(self, job_id: str) -> None:
        self.time.advance_for(job_id)

    def stalled(self, job_id: str) -> str | None:
        return self.time.stalled(job_id)

    def settle(self, timeout: float = 5.0, *, job_id: str | None = None) -> bool:
        return self.time.settle(timeout, job_id=job_id)

    async def sleep(self, seconds: float, *, job_id: str | None = None) -> None:
        await self.time.sleep(seconds, job_id=job_id)

    # -- the layer --------------------------------------------------------------------------------
    async def __call__(self, scope: Any, receive: Any, send: Any, app: Callable[[Any, Any, Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(PREFIX) and self.http:
            await endpoints.answer(self, scope, receive, send)
            return
        method: str = scope["method"]
        operation = self.operation_of(method, path)
        # A read's later pages (``skip``, from its ``next`` link) count as reads too: while a job
        # runs, the service answers a ``next`` even past the pages done so far (a client that
        # follows it, as firecrawl-js's autoPaginate does, reads the same empty page until the job
        # moves on), so on the auto clock each such read moves the job a step, and on the manual
        # clock such reads at an unmoved instant are a stall like any other.
        if operation in WAITED_READS:
            job_id = path.rstrip("/").rsplit("/", 1)[-1]
            if getattr(self.clock, "auto", False):
                await asyncio.get_running_loop().run_in_executor(None, self.advance_for, job_id)
            elif isinstance(self.clock, ManualClock):
                stalled = await asyncio.get_running_loop().run_in_executor(None, self.stalled, job_id)
                if stalled is not None:
                    await json_answer(send, 409, {"success": False, "error": stalled})
                    return
        headers = scope["headers"]
        team_id = self._team_of(headers)
        chunks: list[bytes] = []
        size = 0

        async def recording_receive() -> Any:
            nonlocal size
            message = await receive()
            if message["type"] == "http.request":
                chunk = message.get("body", b"")
                if size < JOURNAL_BODY_BYTES:
                    chunks.append(chunk[: JOURNAL_BODY_BYTES - size])
                size += len(chunk)
            return message

        fault = self.fault_book.answering(method, path, operation, team_id) if operation is not None or path.startswith("/v") else None
        answered = {"status": 0}

        recorded = False

        def record() -> None:
            nonlocal recorded
            if recorded:
                return
            recorded = True
            content_type = next((v.decode("latin-1") for k, v in headers if k == b"content-type"), "")
            kept = sum(len(chunk) for chunk in chunks)
            entry = Received(
                seq=self.records.next_seq(),
                at=iso(datetime.now().astimezone()) or "",
                method=method,
                path=path,
                query=dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)),
                headers=_redacted(headers),
                body=_body(b"".join(chunks), content_type),
                body_bytes=size,
                operation=operation,
                team_id=team_id,
                status=answered["status"],
                fault=fault.id if fault is not None else None,
            )
            self.records.keep(entry, kept)

        async def recording_send(message: Any) -> None:
            if message["type"] == "http.response.start":
                answered["status"] = message["status"]
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                record()  # before the answer's end goes out: a test that has the answer finds the request
            await send(message)

        try:
            if fault is not None and fault.delay > 0:
                await asyncio.sleep(fault.delay)
            if fault is not None and fault.drop:
                # The body is read (the client has sent it), then the connection goes without an
                # answer: the server runs nothing, as when the service's edge loses the connection.
                # The journal has it before the client can see the connection go.
                await drain(recording_receive)
                record()
                await drop(scope, send)
                return
            if fault is not None and fault.status is not None:
                await drain(recording_receive)
                status, content, raw = self._fault_answer(fault, operation)
                await recording_send({"type": "http.response.start", "status": status, "headers": [*raw, (b"content-length", str(len(content)).encode())]})
                await recording_send({"type": "http.response.body", "body": content})
            else:
                await app(scope, recording_receive, recording_send)
        finally:
            record()

    def _team_of(self, headers: list[tuple[bytes, bytes]]) -> str | None:
        if self.store is None:
            return None
        for name, value in headers:
            if name == b"authorization":
                scheme, _, secret = value.decode("latin-1").partition(" ")
                if scheme.lower() == "bearer" and secret:
                    caller = self.store.teams.authenticate(secret.strip())
                    return caller.team.id if caller is not None else None
        return None
