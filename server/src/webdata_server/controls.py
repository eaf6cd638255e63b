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
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import fnmatch
import itertools
import json
import math
import re
import threading
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload
from urllib.parse import parse_qsl, urlsplit

from webdata_server import linear
from webdata_server.domain import iso
from webdata_server.jobs.clock import Clock, ManualClock, SystemClock
from webdata_server.urls import is_loopback
from webdata_server.web import FetchContext, FetchFailed, Page, WebSource, canonical_url

if TYPE_CHECKING:
    from webdata_server.contract import Contract
    from webdata_server.jobs import JobService
    from webdata_server.jobs.monitors import MonitorService
    from webdata_server.operations import OperationTable
    from webdata_server.scrape import ScrapePipeline
    from webdata_server.store import Store

__all__ = ["DROP", "GATEWAY_STATUSES", "PREFIX", "Controls", "Event", "Fault", "FaultError", "FaultyWeb", "PageFault", "Received"]

# The ASGI extension (in a request's scope) that aborts its connection, nothing more written: the
# server's protocols (webdata_server.protocols) put it there.
DROP = "webdata.drop"

# The reserved path prefix of the control endpoints (no operation of the contract starts with it).
PREFIX = "/__webdata/"

# Answers of the service's edge (its load balancer), which any operation can get: the contract does
# not list them, the shared error shape carries them. firecrawl-py retries a 502.
GATEWAY_STATUSES = {502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}

# Requests the journal keeps (the oldest are dropped first) and the bytes of a body it keeps.
JOURNAL_SIZE = 10_000
JOURNAL_BODY_BYTES = 1024 * 1024
# The bodies the journal keeps, in all: the oldest entries go first beyond it (a parsed JSON body
# takes several times its bytes in memory).
JOURNAL_BYTES = 16 * 1024 * 1024
# A control call's body (a replaced page is the largest): refused with 413 beyond it.
CONTROL_BODY_BYTES = 8 * 1024 * 1024
INBOX_SIZE = 10_000
# The webhook events' bodies the inbox keeps, in all (a crawl's page events carry whole documents):
# the oldest events go first beyond it.
INBOX_BYTES = 64 * 1024 * 1024
# The replaced pages' HTML, in all (set_page): beyond it the oldest replaced pages are generated
# again, and the call that dropped them says which.
EDITED_BYTES = 64 * 1024 * 1024
# A journal read answers at most this many requests; ``next`` is the ``after`` of the next read.
JOURNAL_PAGE = 1000

# Headers whose values the journal never keeps.
SECRET_HEADERS = {"authorization", "cookie", "proxy-authorization", "x-api-key"}


T = TypeVar("T")


class Kept(Generic[T]):
    """The newest entries of a record (the journal, the inbox), within a count and a byte budget:
    the oldest leave first, and ``dropped`` counts them since the last :meth:`clear`. Not
    thread-safe: its owner holds its lock."""

    def __init__(self, entries: int, max_bytes: int) -> None:
        self.entries, self.max_bytes = entries, max_bytes
        self._items: deque[T] = deque()
        self._sizes: deque[int] = deque()
        self.bytes = 0
        self.dropped = 0

    def add(self, item: T, size: int) -> None:
        self._items.append(item)
        self._sizes.append(size)
        self.bytes += size
        while len(self._items) > self.entries or (self.bytes > self.max_bytes and len(self._items) > 1):
            self._items.popleft()
            self.bytes -= self._sizes.popleft()
            self.dropped += 1

    def clear(self) -> None:
        self._items.clear()
        self._sizes.clear()
        self.bytes = self.dropped = 0

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> T:
        return self._items[index]


class FaultError(ValueError):
    """A fault that cannot be made (an unknown operation, a status the operation never answers)."""


@dataclass
class Fault:
    """Matching requests answer ``status`` (the contract's body), come ``delay`` seconds late, or
    lose their connection (``drop``). ``after`` matching calls are let through first; then the next
    ``times`` (None: every one until removed). ``team_id`` limits it to one team's requests."""

    id: str
    operation: str | None = None
    method: str | None = None
    path: str | None = None  # a regular expression the whole path must match
    status: int | None = None
    retry_after: int | None = None
    delay: float = 0.0
    drop: bool = False
    times: int | None = 1
    after: int = 0
    team_id: str | None = None
    seen: int = 0  # matching calls so far
    applied: int = 0  # calls it answered

    @property
    def spent(self) -> bool:
        return self.times is not None and self.applied >= self.times

    def describe(self) -> dict[str, Any]:
        body = {k: v for k, v in asdict(self).items() if v is not None}
        body["spent"] = self.spent
        return _camel(body)


@dataclass
class PageFault:
    """Fetches of pages whose URL matches ``url`` (a glob: ``*`` any characters) answer ``status``
    or, with ``status`` None, cannot be reached; ``times`` fetches (None: every one). While it
    holds, the scrape cache does not serve those pages: they are fetched, and fail."""

    id: str
    url: str
    status: int | None = 500
    times: int | None = None
    applied: int = 0

    def matches(self, url: str) -> bool:
        return fnmatch.fnmatchcase(url, self.url) and (self.times is None or self.applied < self.times)

    def describe(self) -> dict[str, Any]:
        return _camel({**asdict(self), "spent": self.times is not None and self.applied >= self.times})


@dataclass(frozen=True)
class Received:
    """One request the server received."""

    seq: int
    at: str  # the wall clock's instant (ISO 8601)
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]  # lower-cased names; secrets left out
    body: Any  # the JSON body parsed; a text body as text; None when empty, binary or multipart
    body_bytes: int
    operation: str | None  # the operationId, None for a path the contract has not
    team_id: str | None  # the key's team; None without a (valid) key
    status: int  # 0 when the connection was dropped
    fault: str | None  # the id of the fault that answered

    def describe(self) -> dict[str, Any]:
        return _camel(asdict(self))


@dataclass(frozen=True)
class Event:
    """One webhook event the server would send."""

    seq: int
    at: str
    url: str
    headers: dict[str, str]
    body: dict[str, Any]
    team_id: str
    job_id: str
    delivered: bool  # whether a delivery was attempted (a receiver on this machine)

    @property
    def type(self) -> str:
        return str(self.body.get("type", ""))

    def describe(self) -> dict[str, Any]:
        return _camel({**asdict(self), "type": self.type})


def _camel(values: dict[str, Any]) -> dict[str, Any]:
    return {re.sub(r"_(\w)", lambda m: m.group(1).upper(), k): v for k, v in values.items()}


def _redacted(raw: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in raw:
        key = name.decode("latin-1").lower()
        if key in SECRET_HEADERS:
            continue
        headers[key] = value.decode("latin-1") if key not in headers else f"{headers[key]}, {value.decode('latin-1')}"
    return headers


def _body(raw: bytes, content_type: str) -> Any:
    if not raw or content_type.startswith("multipart/"):
        return None
    text = raw.decode("utf-8", errors="replace")
    if "json" in content_type or text[:1] in "{[":
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


# The reads that move an auto clock (ManualClock(auto=True)) to the job's next due moment first.
WAITED_READS = frozenset({"getCrawlStatus", "getBatchScrapeStatus", "getExtractStatus", "getAgentStatus"})
# On a manual clock nobody moves, a client that polls an unfinished job would wait for ever: the
# reads of one job at one instant of the clock, this many over this much wall time, are refused
# with a message that names the ways out (409: the job cannot progress as things stand).
STALLED_READS = 4
STALLED_SECONDS = 3.0
STALLED = (
    "{job} is unfinished and the server's clock is manual: nobody has moved it since the first of these {reads} reads, {seconds:.0f} s"
    " ago, so this wait would never end. Move it (webdata.advance(seconds), POST /__webdata/clock/advance) or let reads move it"
    ' (the auto clock: the pytest plugin\'s default, @pytest.mark.webdata(clock="auto"), serve --clock auto).'
)

# Emails an outbox read answers at most; ``next`` is the ``after`` of the next read.
OUTBOX_PAGE = 1000


# The ranges of the controls' numbers (a number outside answers 400, never a 500 from a
# datetime, a sleep or a counter past what it can hold).
MAX_ADVANCE_SECONDS = 100 * 366 * 24 * 3600  # a hundred years of the manual clock in one move
MAX_DELAY_SECONDS = 600.0  # a fault's delay: the longest a client's timeout waits here
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # the clock's end: jobs, keys and retention add up to years to it
MAX_PLAN_TOKENS = 10**15  # a team's tokens a period (null: no limit)
MAX_TEAM_NAME_CHARS = 200
MAX_COUNT = 1_000_000  # a fault's times and after, an answer's Retry-After


def _number(body: dict[str, Any], name: str, default: Any, *, high: float, integer: bool = False, low: float = 0) -> Any:
    """``body[name]`` (or ``default`` when absent or null), a finite number within [low, high]."""
    value = body.get(name)
    if value is None:
        return default
    span = f"from {_shown(low)} to {_shown(high)}"
    if isinstance(value, bool) or not isinstance(value, int | float) or (integer and isinstance(value, float) and not value.is_integer()):
        raise FaultError(f"{name}: a {'whole ' if integer else ''}number {span}")
    if (isinstance(value, float) and not math.isfinite(value)) or not low <= value <= high:  # an int of any size compares exactly
        raise FaultError(f"{name}: {value!r} is out of range: {span}")
    return int(value) if integer else float(value)


def _shown(bound: float) -> str:
    return f"{int(bound):,}" if float(bound).is_integer() else f"{bound:g}"


def _int(value: str | None, default: int, name: str) -> int:
    if value is None:
        return default
    if not value.isdigit():
        raise FaultError(f"{name}: a whole number, 0 or more")
    return int(value)


def _words(name: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def _suggestions(name: str, known: list[str]) -> list[str]:
    """The operationIds a mistyped ``name`` may mean: those spelled alike (difflib) and those
    sharing one of its words (``crawlUrls``: ``startCrawl``, ``getCrawlStatus``), likest first."""
    words = _words(name)
    alike = set(difflib.get_close_matches(name, known, n=3, cutoff=0.5)) | {k for k in known if words & _words(k)}
    return sorted(alike, key=lambda k: (-len(words & _words(k)), -difflib.SequenceMatcher(None, name.lower(), k.lower()).ratio()))[:5]


def _header(scope: Any, name: bytes) -> str | None:
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), None)


def _browser_refusal(scope: Any) -> str | None:
    """Why a control call is refused as a browser's cross-site or rebound request; None when it is not."""
    host = _header(scope, b"host") or ""
    if not is_loopback(urlsplit(f"//{host}").hostname):
        return f"Control endpoints answer only a loopback Host (127.0.0.1, [::1] or localhost), not {host[:100]!r}"
    origin = _header(scope, b"origin")
    if origin is not None and origin != f"http://{host}":
        return f"Control endpoints answer no cross-origin browser request (Origin {origin[:100]!r})"
    if (_header(scope, b"sec-fetch-site") or "same-origin") not in ("same-origin", "none"):
        return "Control endpoints answer no cross-site browser request (Sec-Fetch-Site)"
    return None


class Controls:
    """The state of the controls and the layer that applies them (see the module's docstring)."""

    def __init__(self, clock: Clock | None = None, *, http: bool = False) -> None:
        self.clock: Clock = clock or SystemClock()
        self.http = http  # whether the control endpoints answer (serve --control, the test server)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._seq = itertools.count(1)
        self.faults: list[Fault] = []
        self.page_faults: list[PageFault] = []
        self.edited: dict[str, str] = {}  # URL -> the HTML its page now serves (set_page)
        self._replaced: set[str] = set()  # URLs replaced since the last clear: their cached copies go with it
        self.journal: Kept[Received] = Kept(JOURNAL_SIZE, JOURNAL_BYTES)  # sized by the body bytes each keeps
        self.inbox: Kept[Event] = Kept(INBOX_SIZE, INBOX_BYTES)  # sized by each event body's characters
        self._operations: OperationTable[Any] | None = None
        self._contract: Contract | None = None
        self._jobs: JobService | None = None
        self._store: Store | None = None
        self._scraper: ScrapePipeline | None = None
        self._monitors: MonitorService | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sleepers: dict[asyncio.Event, tuple[float, str | None]] = {}  # webhook retries waiting on the clock: when due, whose job
        self._pending: Counter[str] = Counter()  # webhook events queued or being delivered, by job
        self._polls: dict[str, tuple[float, float, int]] = {}  # job -> (the clock's instant, the first read's wall time, reads)
        if isinstance(self.clock, ManualClock):
            self.clock.on_advance(self._wake_sleepers)

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

    def bind_running(self, *, jobs: JobService, store: Store, scraper: ScrapePipeline, loop: asyncio.AbstractEventLoop) -> None:
        self._jobs, self._store, self._scraper, self._loop = jobs, store, scraper, loop
        self._monitors = jobs.monitors
        scraper.uncached = self.fails_page

    def _running_store(self) -> Store:
        if self._store is None:
            raise FaultError("the server is not running")
        return self._store

    def outbox(self, *, team_id: str | None = None, to: str | None = None) -> list[dict[str, Any]]:
        """The emails monitors sent (their confirmations and summaries), oldest first."""
        return self._running_store().monitors.outbox(team_id=team_id, recipient=to)

    def answer_subscription(self, token: str, *, confirm: bool = True) -> dict[str, Any] | None:
        """What the link of a confirmation email does: confirms (or unsubscribes) its recipient."""
        if self._monitors is None:
            raise RuntimeError("the server is not running")
        return self._monitors.answer_subscription(token, confirm=confirm)

    def unbind_running(self) -> None:
        self._jobs = self._store = self._scraper = self._monitors = None
        self._loop = None

    def operation_of(self, method: str, path: str) -> str | None:
        found = self._operations.find(method, path) if self._operations is not None else None
        return found[0].operation_id if found is not None else None

    # -- faults -----------------------------------------------------------------------------------
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
        if operation is not None:
            self.check_operation(operation)
        if operation is None and path is None and method is None:
            raise FaultError("a fault needs an operation, or a method and/or a path to match")
        if path is not None:
            try:
                re.compile(path)
                linear.compile(path)  # matched in linear time: a request path must not stall the server
            except (re.error, linear.Unsupported) as error:
                raise FaultError(f"path {path!r} is not a regular expression this server runs (RE2 syntax): {error}") from None
        if status is None and not drop and delay <= 0:
            raise FaultError("a fault needs a status, a delay or drop")
        if status is not None and drop:
            raise FaultError("a dropped connection answers no status: give status or drop, not both")
        if status is not None:
            self._check_status(operation, status)
        if retry_after is not None and retry_after < 0:
            raise FaultError("retry_after is a number of seconds, 0 or more")
        if status == 429 and retry_after is None:
            retry_after = 1
        if times is not None and times < 1:
            raise FaultError("times is 1 or more (None: every matching call)")
        if after < 0 or delay < 0:
            raise FaultError("after and delay are 0 or more")
        fault = Fault(
            id=f"fault_{next(self._ids)}",
            operation=operation,
            method=method.upper() if method else None,
            path=path,
            status=status,
            retry_after=retry_after,
            delay=delay,
            drop=drop,
            times=times,
            after=after,
            team_id=team_id,
        )
        with self._lock:
            self.faults.append(fault)
        return fault

    def check_operation(self, operation: str) -> None:
        """:class:`FaultError` unless ``operation`` is an operationId of the contract."""
        if self._operations is not None and self._documented(operation) is None:
            known = [route.operation_id for route in self._operations]
            close = _suggestions(operation, known)
            hint = f"; did you mean {' or '.join(close)}?" if close else f" (operationIds: {', '.join(sorted(known))})"
            raise FaultError(f"no operation {operation!r} in the contract{hint}")

    def _check_status(self, operation: str | None, status: int) -> None:
        if status in GATEWAY_STATUSES:
            return
        if not 400 <= status <= 599:
            raise FaultError(f"a fault answers an error status (4xx or 5xx), not {status}")
        statuses = self._documented(operation) if operation is not None else None
        if operation is not None and statuses is not None and status not in statuses:
            documented = ", ".join(str(s) for s in sorted(statuses))
            gateway = ", ".join(str(s) for s in GATEWAY_STATUSES)
            raise FaultError(f"{operation} never answers {status}: it documents {documented} (and any operation can get the edge's {gateway})")

    def add_page_fault(self, url: str, *, status: int | None = 500, times: int | None = None) -> PageFault:
        """Pages of the synthetic web matching ``url`` (a glob) answer ``status``, or with None
        cannot be reached."""
        if status is not None and not 400 <= status <= 599:
            raise FaultError(f"a failing page answers a 4xx or 5xx status, not {status}")
        if times is not None and times < 1:
            raise FaultError("times is 1 or more (None: every fetch)")
        fault = PageFault(id=f"page_{next(self._ids)}", url=url, status=status, times=times)
        with self._lock:
            self.page_faults.append(fault)
        return fault

    def remove_fault(self, fault_id: str) -> bool:
        with self._lock:
            before = len(self.faults) + len(self.page_faults)
            self.faults = [f for f in self.faults if f.id != fault_id]
            self.page_faults = [f for f in self.page_faults if f.id != fault_id]
            return len(self.faults) + len(self.page_faults) < before

    def clear_faults(self, team_id: str | None = None) -> None:
        """Every fault (of ``team_id`` only, when given); with all, the page faults, the replaced
        pages (and every cached copy of them: a later scrape sees the generated page, not a test's)
        and the classifier too: what a test set, gone before the next (the plugin's ``webdata``)."""
        with self._lock:
            replaced: list[str] = []
            if team_id is None:
                self.faults.clear()
                self.page_faults.clear()
                self.edited.clear()
                replaced, self._replaced = sorted(self._replaced), set()
            else:
                self.faults = [f for f in self.faults if f.team_id != team_id]
        if team_id is None:
            self.classifier_reachable = True
        self.forget_pages(replaced)

    def forget_pages(self, urls: list[str]) -> None:
        """The cached copies of ``urls`` dropped (pages a test replaced, then restored)."""
        store = self._store
        if urls and store is not None:
            store.write(lambda tx: store.pages.forget(tx, urls))

    @property
    def classifier_reachable(self) -> bool:
        return self._scraper is None or not self._scraper.classifier_down

    @classifier_reachable.setter
    def classifier_reachable(self, reachable: bool) -> None:
        if self._scraper is not None:
            self._scraper.classifier_down = not reachable

    def _fault_for(self, method: str, path: str, operation: str | None, team_id: str | None) -> Fault | None:
        """The fault that answers this call: the first one, in the order they were made, past its
        ``after``. Every fault the call matches counts it, whichever answers it: ``fail(op, 502);
        drop(op, after=1)`` fails the first call and drops the second."""
        chosen: Fault | None = None
        with self._lock:
            for fault in self.faults:
                if fault.spent:
                    continue
                if fault.team_id is not None and fault.team_id != team_id:
                    continue
                if fault.operation is not None and fault.operation != operation:
                    continue
                if fault.method is not None and fault.method != method:
                    continue
                if fault.path is not None and not linear.compile(fault.path).fullmatch(path):
                    continue
                fault.seen += 1
                if chosen is None and fault.seen > fault.after:
                    fault.applied += 1
                    chosen = fault
        return chosen

    def set_page(self, url: str, *, html: str | None = None, text: str | None = None, title: str | None = None) -> list[str]:
        """From now on the synthetic web's page at ``url`` serves ``html``, or ``text`` (each
        paragraph, split on blank lines, a ``<p>``) under ``title``: a page that changes when the
        test says. ``html`` and ``text`` None: the page is generated again. Replaced pages keep
        :data:`EDITED_BYTES` of HTML in all: the URLs of the oldest, generated again to make room,
        are returned."""
        if html is None and text is None:
            with self._lock:
                self.edited.pop(url, None)
                self._replaced.discard(url)
            self.forget_pages([url])
            return []
        if html is None:
            from html import escape

            paragraphs = "".join(f"<p>{escape(part.strip())}</p>" for part in (text or "").split("\n\n") if part.strip())
            heading = f"<h1>{escape(title)}</h1>" if title else ""
            html = f"<!DOCTYPE html><html><head><title>{escape(title or url)}</title></head><body><main>{heading}{paragraphs}</main></body></html>"
        if len(html) > CONTROL_BODY_BYTES:
            raise FaultError(f"html: a page of {len(html):,} characters; a replaced page holds at most {CONTROL_BODY_BYTES:,}")
        dropped: list[str] = []
        with self._lock:
            self._replaced.add(url)
            self.edited.pop(url, None)
            self.edited[url] = html
            total = sum(len(page) for page in self.edited.values())
            while total > EDITED_BYTES and len(self.edited) > 1:
                oldest = next(iter(self.edited))
                total -= len(self.edited.pop(oldest))
                dropped.append(oldest)
        return dropped

    def edited_page(self, url: str) -> str | None:
        with self._lock:
            return self.edited.get(url)

    def fails_page(self, url: str) -> bool:
        """Whether a page fault would fail a fetch of ``url`` now, or the page was edited (its
        cached copies are not served)."""
        with self._lock:
            return url in self.edited or any(fault.matches(url) for fault in self.page_faults)

    def page_fault(self, url: str) -> PageFault | None:
        with self._lock:
            for fault in self.page_faults:
                if fault.matches(url):
                    fault.applied += 1
                    return fault
        return None

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

    # -- journal and inbox ------------------------------------------------------------------------
    def _keep(self, entry: Received, kept: int) -> None:
        """Appends to the journal (under the lock), the oldest entries leaving beyond
        :data:`JOURNAL_SIZE` entries or :data:`JOURNAL_BYTES` of bodies."""
        self.journal.add(entry, kept)

    def received(self, *, team_id: str | None = None, operation: str | None = None) -> list[Received]:
        with self._lock:
            return [r for r in self.journal if (team_id is None or r.team_id == team_id) and (operation is None or r.operation == operation)]

    def events(self, *, team_id: str | None = None) -> list[Event]:
        with self._lock:
            return [e for e in self.inbox if team_id is None or e.team_id == team_id]

    def capture(self, *, url: str, headers: dict[str, str], body: dict[str, Any], team_id: str, job_id: str) -> bool:
        """Keeps a webhook event in the inbox; whether it may be delivered (a receiver on this machine)."""
        deliver = is_loopback(urlsplit(url).hostname)
        event = Event(next(self._seq), iso(self.clock.now()) or "", url, dict(headers), body, team_id, job_id, deliver)
        kept = len(json.dumps(body, default=str))
        with self._lock:
            self.inbox.add(event, kept)
            if deliver:
                self._pending[job_id] += 1
        return deliver

    def delivered(self, job_id: str) -> None:
        """A webhook event of ``job_id`` ended its delivery (sent, or dropped after its retries)."""
        with self._lock:
            self._pending[job_id] -= 1
            if self._pending[job_id] <= 0:
                del self._pending[job_id]

    def reset(self) -> None:
        """Faults, page faults, replaced pages, the classifier, journal and inbox emptied (moto's reset): the teams,
        jobs and clock stay."""
        self.clear_faults()
        with self._lock:
            self.journal.clear()
            self.inbox.clear()

    # -- clock ------------------------------------------------------------------------------------
    @property
    def manual(self) -> bool:
        return isinstance(self.clock, ManualClock)

    def run_until_idle(self) -> int:
        """Every job and page due at the clock's instant moved; how many moved."""
        if self._jobs is None:
            raise RuntimeError("the server is not running")
        return self._jobs.run_until_idle()

    def advance(self, seconds: float | None, *, settle: float = 5.0) -> datetime:
        """Moves the manual clock ``seconds`` forward, then runs every job due by then and waits (up
        to ``settle`` seconds) for the webhook deliveries that came due. Jobs that run on the moved
        clock progress as they would over that much time: pass the time in steps to see each step.
        ``seconds`` is from 0 to :data:`MAX_ADVANCE_SECONDS` (:class:`FaultError` otherwise)."""
        if seconds is None:
            raise FaultError("seconds: a number of seconds, 0 or more")
        seconds = _number({"seconds": seconds}, "seconds", 0.0, high=MAX_ADVANCE_SECONDS)
        if not isinstance(self.clock, ManualClock):
            raise RuntimeError("the server runs on the wall clock: start it with a manual clock (serve --clock manual) to move time")
        if self.clock.now() + timedelta(seconds=seconds) > LATEST:
            raise FaultError(f"seconds: the clock would pass {LATEST:%Y-%m-%d}, the latest a date the server writes can be")
        moment = self.clock.advance(seconds)
        self.run_until_idle()
        self.settle(settle)
        return moment

    def advance_for(self, job_id: str) -> None:
        """On an auto clock, before a status read of ``job_id``: the job one step on
        (:meth:`~webdata_server.jobs.JobService.step_for`), and the webhook deliveries that came
        due settled."""
        if self._jobs is not None and self._jobs.step_for(job_id):
            self.settle(job_id=job_id)  # that job's deliveries only: another's slow receiver keeps no read waiting

    def stalled(self, job_id: str) -> str | None:
        """On a manual clock (not auto), before a status read of ``job_id``: the refusal's message
        when the job is unfinished and has been read :data:`STALLED_READS` times over
        :data:`STALLED_SECONDS` at an instant nobody moved; None otherwise."""
        if not isinstance(self.clock, ManualClock) or self.clock.auto or self._jobs is None:
            return None
        if self._jobs.next_due(job_id) is None:  # ended, or its next step is due now
            with self._lock:
                self._polls.pop(job_id, None)
            return None
        instant, wall = self.clock.now().timestamp(), time.monotonic()
        with self._lock:
            at, first, reads = self._polls.get(job_id, (instant, wall, 0))
            if at != instant:
                first, reads = wall, 0
            reads += 1
            if len(self._polls) >= JOURNAL_SIZE and job_id not in self._polls:
                self._polls.pop(next(iter(self._polls)))
            self._polls[job_id] = (instant, first, reads)
        if reads >= STALLED_READS and wall - first >= STALLED_SECONDS:
            return STALLED.format(job=job_id, reads=reads, seconds=wall - first)
        return None

    def settle(self, timeout: float = 5.0, *, job_id: str | None = None) -> bool:
        """Waits until no webhook delivery is under way (of ``job_id`` only, when given; those
        whose retry waits on the clock aside); whether that happened within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = self.clock.now().timestamp()
            with self._lock:
                parked = sum(1 for due, job in self._sleepers.values() if due > now and (job_id is None or job == job_id))
                pending = self._pending.total() if job_id is None else self._pending.get(job_id, 0)
                if pending - parked <= 0:
                    return True
            time.sleep(0.002)
        return False

    async def sleep(self, seconds: float, *, job_id: str | None = None) -> None:
        """Waits ``seconds`` of the server's clock (a webhook's retry backoff): on the manual clock,
        until it has been moved that far."""
        if not isinstance(self.clock, ManualClock):
            await asyncio.sleep(seconds)
            return
        due = self.clock.now().timestamp() + seconds
        while self.clock.now().timestamp() < due:
            woken = asyncio.Event()
            with self._lock:
                self._sleepers[woken] = (due, job_id)
            try:
                if self.clock.now().timestamp() < due:
                    await woken.wait()
            finally:
                with self._lock:
                    self._sleepers.pop(woken, None)

    def _wake_sleepers(self) -> None:
        loop = self._loop
        with self._lock:
            sleepers = list(self._sleepers)
        if loop is None:
            return
        for woken in sleepers:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(woken.set)

    # -- the layer --------------------------------------------------------------------------------
    async def __call__(self, scope: Any, receive: Any, send: Any, app: Callable[[Any, Any, Any], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        if path.startswith(PREFIX) and self.http:
            await self._control(scope, receive, send)
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
                    await _json(send, 409, {"success": False, "error": stalled})
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

        fault = self._fault_for(method, path, operation, team_id) if operation is not None or path.startswith("/v") else None
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
                seq=next(self._seq),
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
            with self._lock:
                self._keep(entry, kept)

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
                await _drain(recording_receive)
                record()
                await _drop(scope, send)
                return
            if fault is not None and fault.status is not None:
                await _drain(recording_receive)
                status, content, raw = self._fault_answer(fault, operation)
                await recording_send({"type": "http.response.start", "status": status, "headers": [*raw, (b"content-length", str(len(content)).encode())]})
                await recording_send({"type": "http.response.body", "body": content})
            else:
                await app(scope, recording_receive, recording_send)
        finally:
            record()

    def _team_of(self, headers: list[tuple[bytes, bytes]]) -> str | None:
        if self._store is None:
            return None
        for name, value in headers:
            if name == b"authorization":
                scheme, _, secret = value.decode("latin-1").partition(" ")
                if scheme.lower() == "bearer" and secret:
                    caller = self._store.teams.authenticate(secret.strip())
                    return caller.team.id if caller is not None else None
        return None

    # -- the control endpoints --------------------------------------------------------------------
    async def _control(self, scope: Any, receive: Any, send: Any) -> None:
        client = scope.get("client")
        if client is None or not is_loopback(client[0]):
            await _json(send, 403, {"success": False, "error": "Control endpoints answer only calls from this machine"})
            return
        if any(name == b"authorization" for name, _ in scope["headers"]):
            await _json(send, 403, {"success": False, "error": "Control endpoints take no team key: send the call without Authorization"})
            return
        refusal = _browser_refusal(scope)
        if refusal is not None:
            await _json(send, 403, {"success": False, "error": refusal})
            return
        raw = await _drain(receive, limit=CONTROL_BODY_BYTES)
        if raw is None:
            await _json(send, 413, {"success": False, "error": f"A control call's body is at most {CONTROL_BODY_BYTES} bytes"})
            return
        content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if raw.strip() and content_type != "application/json":
            error = "A control call's body is JSON: send it with Content-Type: application/json"
            await _json(send, 415, {"success": False, "error": error})
            return
        try:
            body = json.loads(raw) if raw.strip() else {}
            if not isinstance(body, dict):
                raise FaultError("the body is a JSON object")
            status, answer = await self._dispatch(scope["method"], scope["path"][len(PREFIX) :].rstrip("/"), body, scope)
        except (FaultError, ValueError, TypeError) as error:
            status, answer = 400, {"success": False, "error": str(error)}
        await _json(send, status, answer)

    async def _dispatch(self, method: str, route: str, body: dict[str, Any], scope: Any) -> tuple[int, Any]:
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        loop = asyncio.get_running_loop()
        if route == "clock" and method == "GET":
            return 200, {"now": iso(self.clock.now()), "manual": self.manual}
        if route == "clock/advance" and method == "POST":
            if not self.manual:
                return 409, {"success": False, "error": "The server runs on the wall clock: start it with --clock manual to move time"}
            moment = await loop.run_in_executor(None, lambda: self.advance(body.get("seconds")))  # which checks the number
            return 200, {"now": iso(moment), "manual": True}
        if route == "clock/run-until-idle" and method == "POST":
            moved = await loop.run_in_executor(None, self.run_until_idle)
            return 200, {"moved": moved, "now": iso(self.clock.now())}
        if route == "teams" and method == "POST":
            if self._store is None:
                raise FaultError("the server is not running")
            tokens = _number(body, "planTokens", 15 * 100_000, high=MAX_PLAN_TOKENS, integer=True) if body.get("planTokens", 0) is not None else None
            name = body.get("name", "test")
            if not isinstance(name, str) or not 0 < len(name) <= MAX_TEAM_NAME_CHARS:
                raise FaultError(f"name: the team's name, 1 to {MAX_TEAM_NAME_CHARS} characters")
            store = self._store
            team = await loop.run_in_executor(None, lambda: store.teams.create(name=name, plan_tokens=tokens))
            key = await loop.run_in_executor(None, lambda: store.teams.create_key(team_id=team.id))
            return 201, {"teamId": team.id, "apiKey": key}
        if route == "faults" and method == "POST":
            fault = self.add_fault(
                body.get("operation"),
                method=body.get("method"),
                path=body.get("path"),
                status=_number(body, "status", None, low=100, high=599, integer=True),
                retry_after=_number(body, "retryAfter", None, high=MAX_COUNT, integer=True),
                delay=_number(body, "delay", 0.0, high=MAX_DELAY_SECONDS),
                drop=bool(body.get("drop", False)),
                times=_number(body, "times", 1, low=1, high=MAX_COUNT, integer=True) if "times" not in body or body["times"] is not None else None,
                after=_number(body, "after", 0, high=MAX_COUNT, integer=True),
                team_id=body.get("teamId"),
            )
            return 201, fault.describe()
        if route == "faults" and method == "GET":
            with self._lock:
                return 200, {"faults": [f.describe() for f in self.faults], "pages": [f.describe() for f in self.page_faults]}
        if route == "faults" and method == "DELETE":
            self.clear_faults(query.get("teamId"))
            return 200, {"success": True}
        if route.startswith("faults/") and method == "DELETE":
            if not self.remove_fault(route.split("/", 1)[1]):
                return 404, {"success": False, "error": f"no fault {route.split('/', 1)[1]}"}
            return 200, {"success": True}
        if route == "page-faults" and method == "POST":
            if not isinstance(body.get("url"), str):
                raise FaultError("url: the glob of the pages that fail")
            page = self.add_page_fault(body["url"], status=body.get("status", 500), times=body.get("times"))
            return 201, page.describe()
        if route == "threat-classifier" and method == "POST":
            self.classifier_reachable = bool(body.get("reachable", True))
            return 200, {"reachable": self.classifier_reachable}
        if route == "journal" and method == "GET":
            # Paged, and read off the event loop (a full journal's bodies are many megabytes).
            after, limit = _int(query.get("after"), 0, "after"), max(1, min(_int(query.get("limit"), JOURNAL_PAGE, "limit"), JOURNAL_PAGE))

            def journal_page() -> dict[str, Any]:
                entries = [e for e in self.received(team_id=query.get("teamId"), operation=query.get("operation")) if e.seq > after]
                more = len(entries) > limit
                return {
                    "requests": [e.describe() for e in entries[:limit]],
                    "next": entries[limit - 1].seq if more else None,
                    "dropped": self.journal.dropped,
                }

            return 200, await loop.run_in_executor(None, journal_page)
        if route == "journal" and method == "DELETE":
            with self._lock:
                self.journal.clear()
            return 200, {"success": True}
        if route == "inbox" and method == "GET":
            return 200, {"events": [e.describe() for e in self.events(team_id=query.get("teamId"))], "dropped": self.inbox.dropped}
        if route == "inbox" and method == "DELETE":
            with self._lock:
                self.inbox.clear()
            return 200, {"success": True}
        if route == "pages" and method == "PUT":
            if not isinstance(body.get("url"), str):
                raise FaultError("url: the page's URL")
            dropped = self.set_page(body["url"], html=body.get("html"), text=body.get("text"), title=body.get("title"))
            return 200, {"success": True, "url": body["url"], **({"dropped": dropped} if dropped else {})}
        if route == "outbox" and method == "GET":
            store = self._running_store()
            after, limit = _int(query.get("after"), 0, "after"), min(_int(query.get("limit"), OUTBOX_PAGE, "limit"), OUTBOX_PAGE)
            emails = store.monitors.outbox(team_id=query.get("teamId"), recipient=query.get("to"), after=after, limit=limit + 1)
            more = len(emails) > limit
            return 200, {"emails": emails[:limit], "next": emails[limit - 1]["id"] if more else None}
        if route in ("outbox/confirm", "outbox/unsubscribe") and method == "POST":
            if self._monitors is None:
                raise FaultError("the server is not running")
            answered = self._monitors.answer_subscription(str(body.get("token", "")), confirm=route.endswith("confirm"))
            if answered is None:
                return 404, {"success": False, "error": "not_found"}
            return 200, answered
        if route == "reset" and method == "POST":
            self.reset()
            return 200, {"success": True}
        return 404, {"success": False, "error": f"No control {method} {PREFIX}{route} (README: Control endpoints)"}


async def _drop(scope: Any, send: Callable[[Any], Awaitable[None]]) -> None:
    """Loses the request's connection with no answer (the server's protocol offers the means:
    :data:`DROP`); elsewhere (an in-process test client) the answer's head
    goes out and its body never comes, which clients see as a connection lost too."""
    abort = scope.get("extensions", {}).get(DROP)
    if abort is not None:
        abort()
        for _ in range(3):  # the protocol hears of the lost connection on the loop's next turns
            await asyncio.sleep(0)
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"1")]})


@overload
async def _drain(receive: Callable[[], Awaitable[Any]]) -> bytes: ...


@overload
async def _drain(receive: Callable[[], Awaitable[Any]], *, limit: int) -> bytes | None: ...


async def _drain(receive: Callable[[], Awaitable[Any]], *, limit: int | None = None) -> bytes | None:
    """The request's body; None once it passes ``limit`` bytes (the rest is read and dropped)."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if limit is None or size <= limit:
            chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return None if limit is not None and size > limit else b"".join(chunks)


async def _json(send: Callable[[Any], Awaitable[None]], status: int, body: Any) -> None:
    content = json.dumps(body, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})


_TITLE = linear.fixed(r"(?s)<title>(.*?)</title>")


class FaultyWeb:
    """A web source whose pages fail where the controls' page faults say."""

    def __init__(self, inner: WebSource, controls: Controls) -> None:
        self.inner = inner
        self.controls = controls

    @property
    def indexed(self) -> bool:
        return self.inner.indexed

    @property
    def offline(self) -> bool:
        return bool(getattr(self.inner, "offline", False))

    @property
    def search_index(self) -> Any:
        return getattr(self.inner, "search_index", None)

    @property
    def index_ready(self) -> bool:
        return bool(getattr(self.inner, "index_ready", True))

    def canonical(self, url: str) -> str:
        return canonical_url(self.inner, url)

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()

    def fetch(self, url: str, context: FetchContext) -> Page:
        fault = self.controls.page_fault(url)
        if fault is not None and fault.status is None:
            raise FetchFailed(f"could not connect to {urlsplit(url).hostname or url}")
        edited = self.controls.edited_page(url)
        if edited is not None:
            title = _TITLE.search(edited)
            page = Page(url, 200, "text/html", edited, edited.encode(), title.group(1) if title else url)
            return page if fault is None or fault.status is None else replace(page, status=fault.status)
        page = self.inner.fetch(url, context)
        return page if fault is None or fault.status is None else replace(page, status=fault.status)

    def text(self, url: str) -> str | None:
        return self.inner.text(url)
