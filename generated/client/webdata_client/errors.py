"""Every failure the client raises: one base class, nothing returned in place of a result.

``WebdataError``
├── ``ConfigurationError``: no API key, a base URL that is not http(s)
├── ``APIConnectionError``: the server could not be reached or did not answer
│   └── ``APITimeoutError``
├── ``APIStatusError``: an error status the server answered (any the contract does not list too), or would have
│   ├── ``BadRequestError`` 400: the request is invalid, found by the server or by the client:
│   │   └── ``InvalidRequestError``: the client refused it before sending (``sent`` False)
│   ├── ``AuthenticationError`` 401, ``PaymentRequiredError`` 402,
│   ├── ``PermissionDeniedError`` 403, ``NotFoundError`` 404, ``RequestTimeoutError`` 408,
│   ├── ``ConflictError`` 409, ``PayloadTooLargeError`` 413, ``UnprocessableEntityError`` 422,
│   ├── ``RateLimitError`` 429 (``retry_after``)
│   └── ``InternalServerError`` 5xx
├── ``UnexpectedResponseError``: a 2xx answer that does not match the contract
├── ``JobTimeoutError``: a job did not reach a terminal state before the deadline (``last``)
├── ``JobFailedError``: a waited-on job ended failed or cancelled (``last``; ``raise_on_failure=False`` returns it)
└── ``UnsafeNextLinkError``: a ``next`` link pointing at another origin (the key is never sent there)

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

import email.utils
import json
import time
from typing import Any

import httpx

__all__ = [
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConfigurationError",
    "ConflictError",
    "ExecutionFailedError",
    "GoneError",
    "InternalServerError",
    "InvalidRequestError",
    "JobFailedError",
    "JobTimeoutError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PaymentRequiredError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestTimeoutError",
    "UnexpectedResponseError",
    "UnprocessableEntityError",
    "UnsafeNextLinkError",
    "WebdataError",
    "parse_retry_after",
    "status_error",
]


class WebdataError(Exception):
    """Base class of every error this package raises."""


class ConfigurationError(WebdataError):
    """The client cannot be made as asked: no API key found, a base URL that is not http(s)."""


class APIConnectionError(WebdataError):
    """The request did not get an answer: connection refused or reset, DNS failure, protocol error."""

    def __init__(self, message: str, *, request: httpx.Request | None = None) -> None:
        super().__init__(message)
        self.request = request


class APITimeoutError(APIConnectionError):
    """The request did not get an answer within the client's timeout."""


class APIStatusError(WebdataError):
    """The server answered with an error status.

    ``error``, ``code`` and ``details`` come from the contract's error body; they are ``None`` when
    the body is not one (an HTML page from a proxy, an empty body): ``text`` then holds what came.
    """

    status_code: int

    def __init__(self, response: httpx.Response) -> None:
        self.response = response
        # False only for an InvalidRequestError: refused by the client, never sent.
        self.sent = True
        self.status_code = response.status_code
        self.headers = response.headers
        self.request_id: str | None = response.headers.get("x-request-id")
        self.text = response.text
        self.body: Any = _json_or_none(response)
        fields = self.body if isinstance(self.body, dict) else {}
        self.error: str | None = fields.get("error") if isinstance(fields.get("error"), str) else None
        self.code: str | None = fields.get("code") if isinstance(fields.get("code"), str) else None
        self.details: Any = fields.get("details")
        described = self.error or (self.text[:200] if self.text else response.reason_phrase)
        # One line, without the status (``status_code`` has it): the code where it says more than
        # the status does, the error, then each problem of ``details`` with the field it concerns.
        coded = f"{self.code}: " if self.code and self.code != "BAD_REQUEST" else ""
        # A problem that only repeats the error (the field's name prefixed) is said once.
        problems = [p for p in _problems(self.details) if p != described and p.split(": ", 1)[-1] != described]
        super().__init__(coded + described + (" — " + "; ".join(problems) if problems else ""))


def _problems(details: Any, limit: int = 3) -> list[str]:
    """``field: message`` for each problem of an error body's ``details`` (the service's issues:
    ``path``, ``message``, ``keys``), the first ``limit`` of them; raw JSON for another shape."""
    if not details:
        return []
    if not isinstance(details, list) or not all(isinstance(item, dict) for item in details):
        return [json.dumps(details)[:300]]
    found = []
    for item in details[:limit]:
        keys = item.get("keys")
        text = (
            f"unknown key(s) {', '.join(map(str, keys))}"
            if item.get("code") == "unrecognized_keys" and keys
            else str(item.get("message") or item.get("msg") or item)
        )
        where = ".".join(str(part) for part in item.get("path") or item.get("loc") or [])
        found.append(f"{where}: {text}" if where else text)
    if len(details) > limit:
        found.append(f"and {len(details) - limit} more")
    return found


class BadRequestError(APIStatusError):
    """400: the request is invalid, as the server found it, or as the client found it before sending
    (:class:`InvalidRequestError`, a subclass): ``except BadRequestError`` catches both."""


class InvalidRequestError(BadRequestError, ValueError):
    """The request breaks the contract (an unknown field, a wrong type, a bound) and the client
    refused it: nothing was sent (``sent`` is False).

    It is the :class:`BadRequestError` the server would answer: ``status_code`` 400, ``code``
    ``BAD_REQUEST``, ``error`` the message; ``str(error)`` is one line, each problem as ``field:
    rule, got value``; ``problems`` holds pydantic's error dictionaries, for a program to read.
    ``response`` is that 400 as the client made it (no request, no ``X-Request-Id``).
    """

    def __init__(self, message: str, *, problems: list[Any] | None = None) -> None:
        super().__init__(httpx.Response(400, json={"success": False, "code": "BAD_REQUEST", "error": message}))
        self.sent = False
        self.problems: list[Any] = list(problems or [])


class AuthenticationError(APIStatusError):
    """401: the API key is missing, unknown or revoked."""


class PaymentRequiredError(APIStatusError):
    """402: the team has not enough credits left."""


class PermissionDeniedError(APIStatusError):
    """403: refused by policy (threat protection, a prompt injection, an entitlement)."""


class NotFoundError(APIStatusError):
    """404: no such job for this team, or nothing cached under lockdown."""


class RequestTimeoutError(APIStatusError):
    """408: the page did not load within the request's timeout."""


class ConflictError(APIStatusError):
    """409: the request conflicts with what the server holds: cancelling a finished job, or an ``idempotency_key`` used before."""


class GoneError(APIStatusError):
    """410: what the request names has ended (a browser session that was stopped or timed out)."""


class PayloadTooLargeError(APIStatusError):
    """413: the request body is larger than the server accepts."""


class UnprocessableEntityError(APIStatusError):
    """422: the request was well formed but its content cannot be processed (a parse upload whose
    file cannot be read as its kind: ``code`` PARSE_FILE_UNREADABLE)."""


class RateLimitError(APIStatusError):
    """429: too many requests or jobs; ``retry_after`` is how long the server asks to wait, in seconds."""

    def __init__(self, response: httpx.Response) -> None:
        super().__init__(response)
        self.retry_after: float | None = parse_retry_after(response.headers.get("retry-after"))


class InternalServerError(APIStatusError):
    """5xx: the server failed."""


class UnexpectedResponseError(WebdataError):
    """A success status whose body is not what the contract documents (not JSON, wrong shape)."""

    def __init__(self, message: str, *, response: httpx.Response) -> None:
        super().__init__(message)
        self.response = response
        self.status_code = response.status_code
        self.text = response.text


class JobTimeoutError(WebdataError):
    """A job was still running at the deadline of a wait; ``last`` is the last status read."""

    def __init__(self, message: str, *, last: Any) -> None:
        super().__init__(message)
        self.last = last


class JobFailedError(WebdataError):
    """A job that was waited on ended in a state that is not a success (failed, cancelled); ``last``
    is its final status, with every document it gathered. ``raise_on_failure=False`` returns it instead."""

    def __init__(self, message: str, *, last: Any) -> None:
        super().__init__(message)
        self.last = last
        self.status: str = str(getattr(last, "status", ""))


class ExecutionFailedError(WebdataError):
    """A browser session's run failed and was run with ``check=True``; ``result`` is its answer
    (``exit_code``, ``stderr``, ``killed``, ``error``)."""

    def __init__(self, result: Any) -> None:
        reason = getattr(result, "error", None) or getattr(result, "stderr", None) or "the run failed"
        super().__init__(f"the run failed (exit code {getattr(result, 'exit_code', None)}): {str(reason).strip()}")
        self.result = result
        self.exit_code = getattr(result, "exit_code", None)


class UnsafeNextLinkError(WebdataError):
    """A ``next`` link leads to another origin than the client's base URL; it is not followed."""

    def __init__(self, url: str, *, base_url: str) -> None:
        super().__init__(f"refusing to follow next link {url!r}: not on {base_url!r}, the API key is only sent there")
        self.url = url


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    402: PaymentRequiredError,
    403: PermissionDeniedError,
    404: NotFoundError,
    408: RequestTimeoutError,
    409: ConflictError,
    410: GoneError,
    413: PayloadTooLargeError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def status_error(response: httpx.Response, *, documented: tuple[int, ...] = ()) -> APIStatusError:
    """The error for an error answer: its status's class where the operation documents the status
    (any 5xx is ``InternalServerError``); the base ``APIStatusError`` otherwise."""
    status = response.status_code
    if status >= 500:
        return InternalServerError(response)
    cls = _BY_STATUS.get(status)
    if cls is None or (documented and status not in documented and status != 429):
        # A 429 may come from any rate limiter in front of the server; it is always RateLimitError.
        return APIStatusError(response)
    return cls(response)


def parse_retry_after(value: str | None) -> float | None:
    """``Retry-After`` in seconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); None if absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _json_or_none(response: httpx.Response) -> Any:
    try:
        return json.loads(response.content) if response.content else None
    except ValueError:
        return None
