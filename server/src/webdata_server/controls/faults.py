"""Faults on demand (one owner: :class:`Faults`): the next calls of an operation (or of a method and
path) answer a status, come late or lose their connection; pages of the web answer a status or
cannot be reached (:class:`FaultyWeb`)."""

from __future__ import annotations

import fnmatch
import itertools
import re
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from webdata_server import linear
from webdata_server.controls.values import FaultError, camel, suggestions
from webdata_server.web import FetchContext, FetchFailed, Page, WebSource, canonical_url

if TYPE_CHECKING:
    from webdata_server.controls import Controls

__all__ = ["GATEWAY_STATUSES", "Fault", "FaultError", "Faults", "FaultyWeb", "PageFault"]

# Answers of the service's edge (its load balancer), which any operation can get: the contract does
# not list them, the shared error shape carries them. firecrawl-py retries a 502.
GATEWAY_STATUSES = {502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}


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
        return camel(body)


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
        return camel({**asdict(self), "spent": self.times is not None and self.applied >= self.times})


class Faults:
    """The faults and page faults, in the order they were made. ``documented(operation)``: the
    statuses the contract documents for an operation (None: no such operation, or no contract
    bound); ``known()``: every operationId (for the suggestions a mistyped one gets)."""

    def __init__(self, documented: Callable[[str], frozenset[int] | None], known: Callable[[], list[str] | None]) -> None:
        self._documented, self._known = documented, known
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self.faults: list[Fault] = []
        self.page_faults: list[PageFault] = []

    def add(
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
        known = self._known()
        if known is not None and self._documented(operation) is None:
            close = suggestions(operation, known)
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

    def add_page(self, url: str, *, status: int | None = 500, times: int | None = None) -> PageFault:
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

    def remove(self, fault_id: str) -> bool:
        with self._lock:
            before = len(self.faults) + len(self.page_faults)
            self.faults = [f for f in self.faults if f.id != fault_id]
            self.page_faults = [f for f in self.page_faults if f.id != fault_id]
            return len(self.faults) + len(self.page_faults) < before

    def clear(self, team_id: str | None = None) -> None:
        """Every fault and page fault; with ``team_id``, that team's faults only."""
        with self._lock:
            if team_id is None:
                self.faults.clear()
                self.page_faults.clear()
            else:
                self.faults = [f for f in self.faults if f.team_id != team_id]

    def describe(self) -> dict[str, Any]:
        with self._lock:
            return {"faults": [f.describe() for f in self.faults], "pages": [f.describe() for f in self.page_faults]}

    def answering(self, method: str, path: str, operation: str | None, team_id: str | None) -> Fault | None:
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

    def page_fault(self, url: str) -> PageFault | None:
        with self._lock:
            for fault in self.page_faults:
                if fault.matches(url):
                    fault.applied += 1
                    return fault
        return None

    def fails_page(self, url: str) -> bool:
        """Whether a page fault would fail a fetch of ``url`` now."""
        with self._lock:
            return any(fault.matches(url) for fault in self.page_faults)


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
