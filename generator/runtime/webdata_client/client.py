"""The transport under the resources: key and base URL, timeouts, retries, errors, parsing.

``Webdata`` and ``AsyncWebdata`` (in ``webdata_client``) are made from the classes here and the
resources the client stage writes from the bundle. Everything here is shared by both flavours except
the loop that sends (``_SyncTransport.request`` / ``_AsyncTransport.request``).

Retries (``max_retries``, default 2, per client or ``with_options``):

* a connection that could not be made (nothing reached the server): every method;
* 429: every method; the server refused before doing any work. ``Retry-After`` is honoured;
* 408, 5xx, a timeout or a connection lost after sending: GET and DELETE only. A POST that starts a
  job or scrapes a page may have done the work and charged for it; it is never sent twice.

The wait before retry *n* (0-based) is ``Retry-After`` when the answer has one (up to
``max_retry_wait``), else ``min(backoff * 2**n, max_backoff)`` less up to 25% of jitter.

Watching a job (``watch_job``, ``awatch_job``): where the status path takes a WebSocket upgrade (the
contract's ``x-watch``) the job's progress comes as messages; anything wrong with the socket (not
offered, refused, closed early, a message that is not the contract's) falls back to polling, whose
answers raise the typed errors. A client given its own ``http_client`` polls: its proxy, transport or
hooks would not apply to the socket.

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import mimetypes
import os
import random
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import IO, Any, Literal, TypeVar
from urllib.parse import quote, urljoin, urlsplit

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from . import errors
from ._contract import DEFAULT_BASE_URL
from .types import JobSpec, Operation

__all__ = ["DEFAULT_BASE_URL", "DEFAULT_TIMEOUT", "VERSION", "ClientOptions", "awatch_job", "watch_job"]

_log = logging.getLogger("webdata_client")
# A retry waiting this many seconds or more is logged as a warning.
LONG_RETRY_WAIT = 5.0


def _installed_version() -> str:
    # The version is derived from the generated code by the build (pyproject.toml), not written here.
    try:
        return metadata.version("webdata-client")
    except metadata.PackageNotFoundError:
        return "0+unknown"


VERSION = _installed_version()

# A scrape may take the page's own timeout (60 s by default) and more; connecting should not.
DEFAULT_TIMEOUT = httpx.Timeout(120.0, connect=10.0)
API_KEY_VARIABLES = ("WEBDATA_API_KEY", "FIRECRAWL_API_KEY")
BASE_URL_VARIABLES = ("WEBDATA_BASE_URL", "FIRECRAWL_API_URL")

T = TypeVar("T")


@dataclass(frozen=True)
class ClientOptions:
    """What a client was made with; ``with_options`` copies it with some values changed."""

    api_key: str
    base_url: str
    timeout: httpx.Timeout = field(default_factory=lambda: DEFAULT_TIMEOUT)
    max_retries: int = 2
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_retry_wait: float = 60.0
    poll_interval: float = 2.0
    headers: Mapping[str, str] = field(default_factory=dict)


def resolve_options(
    api_key: str | None,
    base_url: str | None,
    *,
    timeout: float | httpx.Timeout | None,
    max_retries: int,
    max_retry_wait: float,
    poll_interval: float,
    headers: Mapping[str, str] | None,
) -> ClientOptions:
    key = api_key or next((os.environ[v] for v in API_KEY_VARIABLES if os.environ.get(v)), None)
    if not key:
        raise errors.ConfigurationError(
            "no API key: pass api_key=... or set " + " or ".join(API_KEY_VARIABLES) + " in the environment"
        )
    url = base_url or next((os.environ[v] for v in BASE_URL_VARIABLES if os.environ.get(v)), None) or DEFAULT_BASE_URL
    if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
        raise errors.ConfigurationError(f"base URL {url!r} is not an http(s) URL")
    if max_retries < 0:
        raise errors.ConfigurationError("max_retries must be 0 or more")
    if max_retry_wait < 0:
        raise errors.ConfigurationError("max_retry_wait must be 0 or more")
    return ClientOptions(
        api_key=key,
        base_url=url.rstrip("/"),
        timeout=as_timeout(timeout),
        max_retries=max_retries,
        max_retry_wait=max_retry_wait,
        poll_interval=poll_interval,
        headers=dict(headers or {}),
    )


def as_timeout(timeout: float | httpx.Timeout | None) -> httpx.Timeout:
    if timeout is None:
        return DEFAULT_TIMEOUT
    return timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout)


def changed(options: ClientOptions, **values: Any) -> ClientOptions:
    given = {name: value for name, value in values.items() if value is not None}
    if "timeout" in given:
        given["timeout"] = as_timeout(given["timeout"])
    return replace(options, **given)


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


# What an upload takes: a path, the bytes themselves, or a file object opened in binary mode.
FileInput = str | os.PathLike[str] | bytes | bytearray | IO[bytes]


@contextlib.contextmanager
def upload_part(file: FileInput, filename: str | None, content_type: str | None) -> Iterator[tuple[str, Any, str]]:
    """The ``file`` part of an upload: (name, content, Content-Type).

    A path is opened here and closed after the request, and its content streamed in chunks, never
    read whole; a file object is streamed from its start (a retry reads it again). The name is
    ``filename``, else the path's or the file object's own name, else ``upload``; the type is
    ``content_type``, else guessed from the name, else ``application/octet-stream``.
    """
    if isinstance(file, (bytes, bytearray)):
        name = filename or "upload"
        yield name, bytes(file), content_type or _guess_type(name)
        return
    if isinstance(file, (str, os.PathLike)):
        path = os.fspath(file)
        with open(path, "rb") as opened:
            name = filename or os.path.basename(path)
            yield name, opened, content_type or _guess_type(name)
        return
    if not hasattr(file, "read"):
        raise errors.InvalidRequestError(
            f"file must be a path, bytes or a binary file object, not {type(file).__name__}"
        )
    if isinstance(file, io.TextIOBase):
        raise errors.InvalidRequestError("file is open in text mode: open it in binary mode ('rb')")
    own = getattr(file, "name", None)
    name = filename or (os.path.basename(own) if isinstance(own, str) else "upload")
    yield name, file, content_type or _guess_type(name)


def _guess_type(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def adapter(kind: Any) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(kind)
    if found is None:
        found = _ADAPTERS[kind] = TypeAdapter(kind)
    return found


def request_body(model: type[BaseModel], values: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON body for ``values`` (Python names, None = not given): only what the caller set.

    Validated with the request model first, so a typo or a wrong type is refused before sending.
    A pydantic model class given where a JSON Schema goes (``schema=Product``, a json format's
    ``"schema": Product``) is sent as its ``model_json_schema()``, as firecrawl-py does.
    """
    given = {name: _json_schemas(value) for name, value in values.items() if value is not None}
    try:
        body = model.model_validate(given)
    except ValidationError as exc:
        raise errors.InvalidRequestError(describe_invalid(exc, given), problems=exc.errors(include_url=False)) from exc
    dumped: dict[str, Any] = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return dumped


def _json_schemas(value: Any) -> Any:
    """``value`` with every pydantic model class in it replaced by its JSON Schema (a class is never
    a JSON value, so nothing else is touched)."""
    if isinstance(value, type) and issubclass(value, BaseModel):
        return value.model_json_schema()
    if isinstance(value, Mapping):
        return {key: _json_schemas(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json_schemas(item) for item in value]
    return value


# pydantic's names for the branches of a union in an error's location (``literal['a','b']``,
# ``tagged-union[A,B]``, ``function-after[...]``): not fields of the request.
_BRANCH = re.compile(r"^[a-z][a-z-]*\[.*\]$", re.DOTALL)
_SCALARS = {
    "string_type": "a string",
    "int_type": "an integer",
    "int_parsing": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean",
}


def describe_invalid(exc: ValidationError, values: Mapping[str, Any]) -> str:
    """One line for a request the models refuse: each problem as ``field: rule, got value``.

    Of the errors pydantic reports for each member of a union, only those of the member the value
    selects are kept: the one its ``type`` names for an object, the string values for a string.
    """
    problems: dict[str, list[tuple[str, Any, dict[str, Any]]]] = {}
    for error in exc.errors(include_url=False):
        where, node, union = _locate(error["loc"], values)
        problems.setdefault(union or where, []).append((where, node, dict(error)))
    lines: list[str] = []
    for group in problems.values():
        lines += _pick(group)
    return "; ".join(dict.fromkeys(lines))


def _locate(loc: tuple[Any, ...], values: Any) -> tuple[str, Any, str]:
    """The field path of an error (``formats[0] (json).prompt``), the value at its union, and the union's path."""
    path, node, union, skip_tag = "", values, "", False
    for part in loc:
        if isinstance(part, str) and _BRANCH.match(part):
            union = union or path
            skip_tag = part.startswith("tagged-union")
            continue
        if isinstance(part, int):
            path += f"[{part}]"
            node = node[part] if isinstance(node, list | tuple) and part < len(node) else None
        elif isinstance(node, Mapping) and part not in node and node.get("type") == part:
            union = union or path  # a discriminated union's tag: the member the value's type names
            path += f" ({part})"
        elif skip_tag:
            path += f" ({part})"
        else:
            path += f".{part}" if path else str(part)
            node = node.get(part) if isinstance(node, Mapping) else getattr(node, str(part), None)
        skip_tag = False
    return path, node, union


def _pick(group: list[tuple[str, Any, dict[str, Any]]]) -> list[str]:
    kinds = {error["type"] for _, _, error in group}
    if len(group) > 1 and "literal_error" in kinds:
        value = group[0][2]["input"]
        if isinstance(value, str):  # a string where strings or objects may go: the known strings
            expected = ", ".join(
                str(e["ctx"]["expected"]) for _, _, e in group if e["type"] == "literal_error" and "ctx" in e
            )
            return [f"{group[0][0]}: {value!r} is not one of {expected.replace(' or ', ', ')}"]
        # An object: what its member says, not that it is not one of the strings.
        group = [
            item for item in group if item[2]["type"] not in ("literal_error", "model_attributes_type", "model_type")
        ] or group
    return [_line(where, error) for where, _, error in group]


def _line(where: str, error: dict[str, Any]) -> str:
    kind, value = error["type"], error.get("input")
    shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    if kind == "extra_forbidden":
        parent, _, name = where.rpartition(".")
        return f"{parent or 'request'}: unknown field {name!r}"
    if kind == "missing":
        return f"{where}: required"
    if kind in _SCALARS:
        return f"{where}: expected {_SCALARS[kind]}, got {shown} ({type(value).__name__})"
    message = str(error.get("msg") or "invalid").removeprefix("Value error, ").removeprefix("Input ")
    message = message[0].lower() + message[1:]
    if isinstance(value, Mapping | list | tuple):
        return f"{where}: {message}"
    return f"{where}: {message}, got {shown}"


class Transport:
    """Builds requests, decides retries and reads answers; the two flavours only add the sending loop."""

    def __init__(self, options: ClientOptions) -> None:
        self.options = options

    # -- requests ---------------------------------------------------------------------------------
    def build(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Any,
        headers: Mapping[str, Any] | None = None,
    ) -> httpx.Request:
        placeholders = {placeholder: quote(str(path[wire]), safe="") for placeholder, wire in operation.path_params}
        url = self.options.base_url + operation.path.format(**placeholders)
        params = {wire: _query_value(value) for wire, value in query.items() if value is not None}
        sent = self._headers(headers)
        content = None
        if body is not None:
            sent["Content-Type"] = "application/json"
            content = json.dumps(body, separators=(",", ":")).encode()
        return httpx.Request(
            operation.method, url, params=params, headers=sent, content=content, extensions=self._extensions()
        )

    def build_upload(
        self, operation: Operation, *, part: tuple[str, Any, str], fields: Mapping[str, str]
    ) -> httpx.Request:
        """A multipart/form-data request: the ``file`` part (name, bytes or a binary file object,
        Content-Type) streamed in chunks from a file object, and the text ``fields`` beside it."""
        url = self.options.base_url + operation.path
        return httpx.Request(
            operation.method,
            url,
            headers=self._headers(None),
            files={"file": part},
            data=dict(fields),
            extensions=self._extensions(),
        )

    def _headers(self, headers: Mapping[str, Any] | None) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.options.api_key}",
            "Accept": "application/json",
            "User-Agent": f"webdata-client/{VERSION}",
            **self.options.headers,
            # The operation's own header parameters (x-idempotency-key), those given.
            **{wire: str(value) for wire, value in (headers or {}).items() if value is not None},
        }

    def follow(self, link: str) -> httpx.Request:
        """A GET of a ``next`` link, refused unless it is on the base URL's origin."""
        absolute = urljoin(self.options.base_url + "/", link)
        if _origin(absolute) != _origin(self.options.base_url):
            raise errors.UnsafeNextLinkError(absolute, base_url=self.options.base_url)
        headers = {
            "Authorization": f"Bearer {self.options.api_key}",
            "Accept": "application/json",
            **self.options.headers,
        }
        return httpx.Request("GET", absolute, headers=headers, extensions=self._extensions())

    def _extensions(self) -> dict[str, Any]:
        # The timeout travels with the request, so with_options(timeout=...) applies per call.
        return {"timeout": self.options.timeout.as_dict()}

    # -- retries ----------------------------------------------------------------------------------
    def announce(self, request: httpx.Request, delay: float, attempt: int, cause: str) -> None:
        """Say a retry is coming, through ``logging`` (logger ``webdata_client``): a warning before a
        wait of ``LONG_RETRY_WAIT`` seconds or more (a silent minute looks like a hang), else info."""
        level = logging.WARNING if delay >= LONG_RETRY_WAIT else logging.INFO
        _log.log(
            level,
            "%s %s %s; retry %d of %d in %.1f s",
            request.method,
            request.url,
            cause,
            attempt + 1,
            self.options.max_retries,
            delay,
        )

    def retry_after_failure(self, operation: Operation | None, exc: httpx.TransportError, attempt: int) -> float | None:
        if attempt >= self.options.max_retries:
            return None
        if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout) or _idempotent(operation):
            return self.backoff(attempt)
        return None

    def retry_after_answer(self, operation: Operation | None, response: httpx.Response, attempt: int) -> float | None:
        status = response.status_code
        if attempt >= self.options.max_retries:
            return None
        if status == 429 or ((status == 408 or status >= 500) and _idempotent(operation)):
            asked = errors.parse_retry_after(response.headers.get("retry-after"))
            if asked is not None:
                return min(asked, self.options.max_retry_wait)
            return self.backoff(attempt)
        return None

    def backoff(self, attempt: int) -> float:
        delay = min(self.options.backoff * 2.0**attempt, self.options.max_backoff)
        return delay * (1 - 0.25 * random.random())  # noqa: S311 - jitter, not a secret

    # -- answers ----------------------------------------------------------------------------------
    def read(self, operation: Operation | None, response: httpx.Response, result: Any) -> Any:
        if response.status_code >= 400 or response.status_code < 200:
            raise errors.status_error(response, documented=operation.statuses if operation else ())
        try:
            data = json.loads(response.content)
        except ValueError as exc:
            raise errors.UnexpectedResponseError(
                f"{response.status_code} answer is not JSON: {response.text[:200]!r}", response=response
            ) from exc
        try:
            return adapter(result).validate_python(data, extra="allow")
        except ValidationError as exc:
            raise errors.UnexpectedResponseError(
                f"{response.status_code} answer does not match the contract: {exc}", response=response
            ) from exc

    def connection_error(self, exc: httpx.TransportError, request: httpx.Request) -> errors.APIConnectionError:
        if isinstance(exc, httpx.TimeoutException):
            return errors.APITimeoutError(
                f"{request.method} {request.url}: timed out ({type(exc).__name__})", request=request
            )
        return errors.APIConnectionError(
            f"{request.method} {request.url}: {type(exc).__name__}: {exc}", request=request
        )

    # -- watching -------------------------------------------------------------------------------------
    def socket_url(self, path: str) -> str:
        url = self.options.base_url + path
        return "ws" + url.removeprefix("http") if url.startswith("http") else url

    def socket_headers(self) -> list[tuple[str, str]]:
        return [("Authorization", f"Bearer {self.options.api_key}"), *self.options.headers.items()]


class SocketUnavailable(Exception):
    """The job's socket cannot be used (not offered, refused, closed early, not the contract's
    messages): the watch polls instead."""


class _Deadline:
    def __init__(self, max_wait: float | None) -> None:
        self.max_wait = max_wait
        self.at = None if max_wait is None else time.monotonic() + max_wait

    def left(self) -> float | None:
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at


class _Fold:
    """Statuses from a job socket's messages: ``catchup`` (the status, documents so far), ``document``
    (one more), ``done`` (the final status); ``final`` is set at a terminal state, with every document."""

    def __init__(self, spec: JobSpec, result: Any, document: Any) -> None:
        self.spec, self.result, self.document = spec, result, document
        self.last: Any = None
        self.final: Any = None
        self.documents: list[Any] = []

    def _status(self, data: Any) -> Any:
        try:
            return adapter(self.result).validate_python(data, extra="allow")
        except ValidationError as exc:
            raise SocketUnavailable(f"a status message that is not the contract's: {exc}") from exc

    def take(self, message: Any) -> Any | None:
        kind = message.get("type") if isinstance(message, dict) else None
        data = message.get("data") if isinstance(message, dict) else None
        if kind == "catchup":
            self.last = self._status(data)
            self.documents = list(self.last.data)
        elif kind == "document" and self.last is not None:
            try:
                document = adapter(self.document).validate_python(data, extra="allow")
            except ValidationError as exc:
                raise SocketUnavailable(f"a document message that is not the contract's: {exc}") from exc
            self.documents.append(document)
            progress = message.get("progress")
            if isinstance(progress, dict) and all(
                isinstance(progress.get(k), int) for k in ("completed", "total", "creditsUsed")
            ):
                # Where the job stands, from the server (x-watch): its total as discovered, its credits.
                completed = max(progress["completed"], len(self.documents))
                update = {
                    "completed": completed,
                    "total": max(progress["total"], completed),
                    "credits_used": progress["creditsUsed"],
                }
                if isinstance(progress.get("status"), str) and progress["status"] not in self.spec.terminal:
                    update["status"] = progress[
                        "status"
                    ]  # a terminal state comes with done or catchup, every document gathered
            else:
                # A server that sends only the document: one more page is done, the counts catch up
                # with it (a crawl's total grows as it discovers pages, never below what is done).
                completed = max(self.last.completed, len(self.documents))
                update = {"completed": completed, "total": max(self.last.total, completed)}
            self.last = self.last.model_copy(update={"data": [document], **update})
            return self.last
        elif kind == "done":
            self.last = self._status(data)
            self.documents += self.last.data
        elif kind == "error" or kind == "document":
            # Refused (a bad key, an unknown job): polling raises the typed error for it.
            raise SocketUnavailable(str(message.get("error") or message))
        else:
            return None  # a kind this version does not know
        if self.last.status in self.spec.terminal:
            self.final = self.last = self.last.model_copy(update={"data": self.documents, "next": None})
        return self.last


def _use_socket(spec: JobSpec, via: str, allowed: bool) -> bool:
    if via not in ("auto", "socket", "poll"):
        raise errors.InvalidRequestError(f"via: expected 'auto', 'socket' or 'poll', got {via!r}")
    return spec.socket and (via == "socket" or (via == "auto" and allowed))


def _key(status: Any) -> tuple[Any, ...]:
    return tuple(getattr(status, name, None) for name in ("status", "completed", "total", "credits_used"))


def _timeout(id: str, deadline: _Deadline, last: Any) -> errors.JobTimeoutError:
    state = f"still {last.status}" if last is not None else "no status"
    return errors.JobTimeoutError(f"job {id} {state} after {deadline.max_wait} s", last=last)


def _ended(spec: JobSpec, id: str, final: Any, raise_on_failure: bool) -> None:
    if raise_on_failure and final.status in spec.failures:
        reason = getattr(final, "error", None)
        raise errors.JobFailedError(f"job {id} ended {final.status}" + (f": {reason}" if reason else ""), last=final)


def _identified(status: T, id: str) -> T:
    """The status naming its job (a paged job's status model has ``id``; the answer does not carry it)."""
    if isinstance(status, BaseModel) and "id" in type(status).model_fields and getattr(status, "id", None) is None:
        return status.model_copy(update={"id": id})
    return status


def watch_job(
    transport: SyncTransport,
    spec: JobSpec,
    id: str,
    *,
    poll: Callable[[], T],
    result: type[T],
    document: Any,
    interval: float,
    max_wait: float | None,
    raise_on_failure: bool,
    via: Literal["auto", "socket", "poll"],
    sockets: bool,
    documents: bool = True,
) -> Iterator[T]:
    """The job's statuses as it progresses, the last one terminal (every document gathered, ``next``
    None); ``JobFailedError`` after it if the job failed and ``raise_on_failure``."""
    deadline = _Deadline(max_wait)
    last: Any = None
    if _use_socket(spec, via, sockets):
        fold = _Fold(spec, result, document)
        try:
            for message in transport.socket_messages(spec.status_path.format(id=quote(id, safe="")), deadline):
                status = fold.take(message)
                if status is not None:
                    last = status
                    yield _identified(status, id)
                if fold.final is not None:
                    _ended(spec, id, fold.final, raise_on_failure)
                    return
        except TimeoutError:
            raise _timeout(id, deadline, last) from None
        except SocketUnavailable as exc:
            if via == "socket":
                raise errors.APIConnectionError(f"watching job {id} over a WebSocket: {exc}") from exc
            _log.info("job %s: %s; polling instead", id, exc)
    seen = _key(last)
    while True:
        current: Any = poll()
        if spec.pages and not documents:
            current = current.model_copy(update={"data": [], "next": None})
        if current.status in spec.terminal:
            if spec.pages and documents:
                gathered, link = list(current.data), current.next
                while link:
                    page: Any = transport.send(None, transport.follow(link), result)
                    gathered += page.data
                    link = page.next
                current = current.model_copy(update={"data": gathered, "next": None})
            yield _identified(current, id)
            _ended(spec, id, current, raise_on_failure)
            return
        if _key(current) != seen:
            seen = _key(current)
            yield _identified(current, id)
        if deadline.passed():
            raise _timeout(id, deadline, current)
        left = deadline.left()
        # The last sleep ends at the deadline, so the error comes when max_wait has passed, not before.
        time.sleep(interval if left is None else min(interval, left))


async def awatch_job(
    transport: AsyncTransport,
    spec: JobSpec,
    id: str,
    *,
    poll: Callable[[], Awaitable[T]],
    result: type[T],
    document: Any,
    interval: float,
    max_wait: float | None,
    raise_on_failure: bool,
    via: Literal["auto", "socket", "poll"],
    sockets: bool,
    documents: bool = True,
) -> AsyncIterator[T]:
    """``watch_job`` for the async client."""
    deadline = _Deadline(max_wait)
    last: Any = None
    if _use_socket(spec, via, sockets):
        fold = _Fold(spec, result, document)
        try:
            async for message in transport.socket_messages(spec.status_path.format(id=quote(id, safe="")), deadline):
                status = fold.take(message)
                if status is not None:
                    last = status
                    yield _identified(status, id)
                if fold.final is not None:
                    _ended(spec, id, fold.final, raise_on_failure)
                    return
        except TimeoutError:
            raise _timeout(id, deadline, last) from None
        except SocketUnavailable as exc:
            if via == "socket":
                raise errors.APIConnectionError(f"watching job {id} over a WebSocket: {exc}") from exc
            _log.info("job %s: %s; polling instead", id, exc)
    seen = _key(last)
    while True:
        current: Any = await poll()
        if spec.pages and not documents:
            current = current.model_copy(update={"data": [], "next": None})
        if current.status in spec.terminal:
            if spec.pages and documents:
                gathered, link = list(current.data), current.next
                while link:
                    page: Any = await transport.send(None, transport.follow(link), result)
                    gathered += page.data
                    link = page.next
                current = current.model_copy(update={"data": gathered, "next": None})
            yield _identified(current, id)
            _ended(spec, id, current, raise_on_failure)
            return
        if _key(current) != seen:
            seen = _key(current)
            yield _identified(current, id)
        if deadline.passed():
            raise _timeout(id, deadline, current)
        left = deadline.left()
        await asyncio.sleep(interval if left is None else min(interval, left))


def kept(final: T, started: Any, names: tuple[str, ...]) -> T:
    """``final`` (a waited job's status) with the fields ``names`` of its start's answer, where the
    status reads left them unset: what only the start says (extract's ``invalid_urls``)."""
    update = {
        name: getattr(started, name)
        for name in names
        if getattr(final, name, None) is None and getattr(started, name, None) is not None
    }
    return final.model_copy(update=update) if update and isinstance(final, BaseModel) else final


def last_status(statuses: Iterator[T], on_status: Callable[[T], object] | None) -> T:
    """The last of ``statuses``, each passed to ``on_status`` first."""
    last: T | None = None
    for last in statuses:
        if on_status is not None:
            on_status(last)
    if last is None:  # a watch always ends with a status; this would be a bug of this package
        raise errors.WebdataError("the job's watch ended without a status")
    return last


async def alast_status(statuses: AsyncIterator[T], on_status: Callable[[T], object] | None) -> T:
    """``last_status`` for the async client."""
    last: T | None = None
    async for last in statuses:
        if on_status is not None:
            on_status(last)
    if last is None:
        raise errors.WebdataError("the job's watch ended without a status")
    return last


def _socket_failures() -> tuple[type[BaseException], ...]:
    from websockets.exceptions import WebSocketException

    return (OSError, WebSocketException)


class SyncTransport(Transport):
    def __init__(self, options: ClientOptions, http: httpx.Client) -> None:
        super().__init__(options)
        self.http = http

    def send(self, operation: Operation | None, request: httpx.Request, result: Any) -> Any:
        attempt = 0
        while True:
            try:
                response = self.http.send(request)
            except httpx.TransportError as exc:
                delay = self.retry_after_failure(operation, exc, attempt)
                if delay is None:
                    raise self.connection_error(exc, request) from exc
                self.announce(request, delay, attempt, type(exc).__name__)
            else:
                delay = self.retry_after_answer(operation, response, attempt)
                if delay is None:
                    return self.read(operation, response, result)
                self.announce(request, delay, attempt, f"answered {response.status_code}")
            time.sleep(delay)
            attempt += 1

    def socket_messages(self, path: str, deadline: _Deadline) -> Iterator[Any]:
        """The JSON messages of the socket at ``path``, until it closes; ``TimeoutError`` at the deadline."""
        try:
            from websockets.exceptions import ConnectionClosed
            from websockets.sync.client import connect
        except ImportError as exc:
            raise SocketUnavailable("the websockets package is not installed") from exc
        failures = _socket_failures()
        left = deadline.left()
        try:
            socket = connect(
                self.socket_url(path),
                additional_headers=self.socket_headers(),
                user_agent_header=f"webdata-client/{VERSION}",
                open_timeout=self.options.timeout.connect
                if left is None
                else min(left, self.options.timeout.connect or left),
                max_size=None,
            )
        except failures as exc:  # TimeoutError (opening too slowly) is an OSError
            raise SocketUnavailable(f"{type(exc).__name__}: {exc}") from exc
        with socket:
            while True:
                try:
                    raw = socket.recv(timeout=deadline.left())
                except TimeoutError:
                    raise  # the deadline (an OSError, but not the socket's failure)
                except ConnectionClosed:
                    raise SocketUnavailable("the socket closed before the job ended") from None
                except failures as exc:
                    raise SocketUnavailable(f"{type(exc).__name__}: {exc}") from exc
                try:
                    yield json.loads(raw)
                except ValueError as exc:
                    raise SocketUnavailable("a message that is not JSON") from exc


class AsyncTransport(Transport):
    def __init__(self, options: ClientOptions, http: httpx.AsyncClient) -> None:
        super().__init__(options)
        self.http = http

    async def send(self, operation: Operation | None, request: httpx.Request, result: Any) -> Any:
        attempt = 0
        while True:
            try:
                response = await self.http.send(request)
            except httpx.TransportError as exc:
                delay = self.retry_after_failure(operation, exc, attempt)
                if delay is None:
                    raise self.connection_error(exc, request) from exc
                self.announce(request, delay, attempt, type(exc).__name__)
            else:
                delay = self.retry_after_answer(operation, response, attempt)
                if delay is None:
                    return self.read(operation, response, result)
                self.announce(request, delay, attempt, f"answered {response.status_code}")
            await asyncio.sleep(delay)
            attempt += 1

    async def socket_messages(self, path: str, deadline: _Deadline) -> AsyncIterator[Any]:
        """The JSON messages of the socket at ``path``, until it closes; ``TimeoutError`` at the deadline."""
        try:
            from websockets.asyncio.client import connect
            from websockets.exceptions import ConnectionClosed
        except ImportError as exc:
            raise SocketUnavailable("the websockets package is not installed") from exc
        failures = _socket_failures()
        left = deadline.left()
        try:
            socket = await connect(
                self.socket_url(path),
                additional_headers=self.socket_headers(),
                user_agent_header=f"webdata-client/{VERSION}",
                open_timeout=self.options.timeout.connect
                if left is None
                else min(left, self.options.timeout.connect or left),
                max_size=None,
            )
        except failures as exc:  # TimeoutError (opening too slowly) is an OSError
            raise SocketUnavailable(f"{type(exc).__name__}: {exc}") from exc
        async with socket:
            while True:
                try:
                    raw = await asyncio.wait_for(socket.recv(), deadline.left())
                except TimeoutError:
                    raise  # the deadline (an OSError, but not the socket's failure)
                except ConnectionClosed:
                    raise SocketUnavailable("the socket closed before the job ended") from None
                except failures as exc:
                    raise SocketUnavailable(f"{type(exc).__name__}: {exc}") from exc
                try:
                    yield json.loads(raw)
                except ValueError as exc:
                    raise SocketUnavailable("a message that is not JSON") from exc


def _idempotent(operation: Operation | None) -> bool:
    return operation is None or operation.idempotent


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), port


def _query_value(value: Any) -> Any:
    return ("true" if value else "false") if isinstance(value, bool) else value
