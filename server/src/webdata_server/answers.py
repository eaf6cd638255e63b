"""Every refusal mapped to the operation's documented answer, in one table.

The body is the documented example of the status (the named one, else the first) from the
bundle, with ``details`` added when the refusal has them (and, in the service's ``BAD_REQUEST``
bodies, ``error`` saying which rule failed: :class:`errors.InvalidRequest`); ``retry_after`` becomes the
``Retry-After`` header. Any other exception answers the operation's documented 500 body.
"""

from __future__ import annotations

from typing import Any

from webdata_server import errors
from webdata_server.contract import Contract

__all__ = ["Answer", "answer", "describe"]

# Refusal -> (status, name of the documented example; None: the status' first example).
# Looked up along the refusal's class hierarchy, most specific first.
_ANSWERS: dict[type[errors.Refusal], tuple[int, str | None]] = {
    errors.InvalidRequest: (400, None),
    errors.InvalidJobId: (400, "invalidJobId"),
    errors.Unauthenticated: (401, None),
    errors.InsufficientCredits: (402, None),
    errors.ThreatProtectionNotEntitled: (403, "notEntitled"),
    errors.OverridesDisabled: (403, "overridesDisabled"),
    errors.ProtectionEnforced: (403, "enforced"),
    errors.UrlBlocked: (403, "urlBlocked"),
    errors.PromptInjection: (403, "promptInjection"),
    errors.JobNotFound: (404, None),
    errors.SnapshotNotFound: (404, "unknownSnapshot"),
    errors.NoUsageInformation: (404, None),
    errors.LockdownCacheMiss: (404, "lockdownCacheMiss"),
    errors.NoCachedData: (404, "noCachedData"),
    errors.PageTimedOut: (408, None),
    errors.SearchRemoved: (410, None),
    errors.ToolSearchNeedsQuery: (400, "toolSearchNeedsQuery"),
    errors.NotCancellable: (409, None),
    errors.MonitorConflict: (409, "paused"),
    errors.MonitorNotFound: (404, None),
    errors.MonitorRefused: (400, "invalidCron"),
    errors.IdempotencyKeyUsed: (409, "keyUsed"),
    errors.BodyTooLarge: (413, None),
    errors.FileUnreadable: (422, "corrupt"),
    errors.AudioUnsupported: (422, "audioUnsupported"),
    errors.RateLimited: (429, None),
    errors.TooManyJobs: (429, None),
}

Answer = tuple[int, dict[str, Any], dict[str, str]]


def _status_and_example(refusal: errors.Refusal) -> tuple[int, str | None]:
    if isinstance(refusal, errors.UploadRefused):
        return 400, refusal.example
    if isinstance(refusal, errors.BrowserRefused | errors.FeedbackRefused | errors.AlexandriaRefused):
        return refusal.status, refusal.example
    for cls in type(refusal).__mro__:
        if cls in _ANSWERS:
            return _ANSWERS[cls]
    raise TypeError(f"no documented answer for {type(refusal).__name__}")


def answer(contract: Contract, operation_id: str, refusal: errors.Refusal) -> Answer:
    """(status, body, headers) of ``refusal`` for the operation."""
    status, example = _status_and_example(refusal)
    malformed = isinstance(refusal, errors.MalformedJson) and contract.has_example(operation_id, status, "malformedJson")
    if malformed:
        example = "malformedJson"
    if example is None and isinstance(refusal, errors.InvalidRequest) and contract.has_example(operation_id, status, "badRequest"):
        example = "badRequest"  # an operation with several 400 bodies (parse): the schema's refusal
    body = contract.error_body(operation_id, status, example)
    if refusal.details is not None and not malformed:
        body["details"] = refusal.details
    text = refusal.text if isinstance(refusal, errors.InvalidRequest) else None
    if text is not None and body.get("code") == "BAD_REQUEST" and not malformed:
        body["error"] = text
    if isinstance(refusal, errors.UploadRefused | errors.FileUnreadable) and refusal.error is not None:
        body["error"] = refusal.error
        if refusal.details is None and "details" in body:
            # The documented example's details belong to another refusal: this one's words instead.
            body["details"] = [errors.issue([], refusal.error)]
    if isinstance(refusal, errors.MonitorConflict | errors.MonitorRefused):
        body["error"] = refusal.error
        if isinstance(refusal, errors.MonitorConflict) and refusal.check_id is not None:
            body["checkId"] = refusal.check_id
    if isinstance(refusal, errors.BrowserRefused | errors.FeedbackRefused) and refusal.error is not None:
        body["error"] = refusal.error
    if isinstance(refusal, errors.IdempotencyKeyUsed) and refusal.job_id is not None:
        body["id"] = refusal.job_id
    headers = {"Retry-After": str(refusal.retry_after)} if refusal.retry_after is not None else {}
    return status, body, headers


def describe(contract: Contract, operation_id: str, refusal: errors.Refusal) -> tuple[int, str]:
    """(status, error text) of ``refusal`` for the operation."""
    status, body, _ = answer(contract, operation_id, refusal)
    return status, str(body.get("error", status))


def failure(contract: Contract, operation_id: str) -> dict[str, Any]:
    """The operation's documented 500 body."""
    return contract.error_body(operation_id, 500)
