"""Refusals: what the domain raises when a request cannot be served as asked.

Each refusal names what happened, not an HTTP status. ``answers.py`` maps every one to the
operation's documented status and body, in one table; nothing else chooses a status.
A refusal may carry charges the request incurred before it was refused (a threat scan that
blocked the URL, a lockdown miss, a prompt-injection check): they are billed with the answer.
"""

from __future__ import annotations

from typing import Any, ClassVar

from webdata_server.domain import Charge

__all__ = [
    "AlexandriaRefused",
    "AudioUnsupported",
    "BodyTooLarge",
    "BrowserRefused",
    "FeedbackRefused",
    "InsufficientCredits",
    "InvalidJobId",
    "InvalidRequest",
    "JobNotFound",
    "LockdownCacheMiss",
    "MalformedJson",
    "MonitorConflict",
    "MonitorNotFound",
    "MonitorRefused",
    "NoCachedData",
    "NoUsageInformation",
    "NotCancellable",
    "Offload",
    "OverridesDisabled",
    "PageTimedOut",
    "PaperNotFound",
    "PromptInjection",
    "ProtectionEnforced",
    "RateLimited",
    "Refusal",
    "SearchRemoved",
    "SnapshotNotFound",
    "ThreatProtectionNotEntitled",
    "TooManyJobs",
    "ToolSearchNeedsQuery",
    "Unauthenticated",
    "UrlBlocked",
    "issue",
]

# The service's text for a body with a key its schema does not take.
UNRECOGNIZED_KEYS = "Unrecognized key in body -- please review the v2 API documentation for request body changes"


def issue(path: list[str | int], message: str, code: str = "custom", **extra: Any) -> dict[str, Any]:
    """One problem of a refused request, shaped as the service's (zod) issues: ``code``, ``path``
    (of the field, empty for the body), ``message``, and what the code adds (``keys``)."""
    return {"code": code, "path": path, "message": message, **extra}


class Offload(Exception):
    """Raised by a handler running on the event loop, before it writes anything, when the request
    needs work that must not take the loop's turn (a wait on another thread, a parse, a write it
    would wait for): the endpoint runs the request again in a worker thread."""


class Refusal(Exception):
    """A documented refusal; ``details`` and ``retry_after`` end up in the body and headers."""

    def __init__(self, message: str = "", *, details: list[dict[str, Any]] | None = None, retry_after: int | None = None) -> None:
        super().__init__(message or type(self).__name__)
        self.details = details
        self.retry_after = retry_after
        self.charges: list[Charge] = []

    def with_charges(self, *charges: Charge) -> Refusal:
        """The same refusal, owing ``charges`` (billed before it is answered)."""
        self.charges.extend(c for c in charges if c.credits > 0)
        return self


class Unauthenticated(Refusal):
    """No key, or a key that is not one of ours."""


class RateLimited(Refusal):
    """The team's requests per minute are used up."""


class TooManyJobs(Refusal):
    """The team's concurrent-job limit is reached."""


class BodyTooLarge(Refusal):
    """The request body is larger than the server accepts."""


class InvalidRequest(Refusal):
    """The request is malformed or asks for something impossible (``details``: its issues).

    Where the operation answers the service's ``BAD_REQUEST`` body, ``error`` is the unknown-key
    text when an issue is ``unrecognized_keys``, else the first issue's message when it is a rule
    of its own (``custom``), else the documented ``Bad Request``; other operations keep their
    documented text (the seed's "Invalid input data." of extract).
    """

    @property
    def text(self) -> str | None:
        issues = self.details or []
        if any(i.get("code") == "unrecognized_keys" for i in issues):
            return UNRECOGNIZED_KEYS
        if issues and issues[0].get("code") == "custom" and issues[0].get("message"):
            return str(issues[0]["message"])
        return None


class MalformedJson(InvalidRequest):
    """The body is not JSON: where the operation documents the service's ``malformedJson`` 400
    (``BAD_REQUEST_INVALID_JSON``, its error handler's answer before any schema), that body
    without details; elsewhere the operation's own 400."""


class SiteUnreachable(InvalidRequest):
    """The page's server could not be reached (a crawl lists it among its errors)."""


class InvalidJobId(InvalidRequest):
    """A job id that is not a UUID (agent endpoints distinguish it from an unknown id)."""


class InsufficientCredits(Refusal):
    """The team's remaining tokens do not cover the charge, or the team has no plan."""


class NoUsageInformation(Refusal):
    """The team has no plan, so there is no usage to report."""


class ThreatProtectionNotEntitled(Refusal):
    """A threat-protection override from a team without the entitlement."""


class OverridesDisabled(Refusal):
    """A threat-protection override from a team whose overrides are disabled."""


class ProtectionEnforced(Refusal):
    """Threat protection turned off by a team on which it is enforced."""


class UrlBlocked(Refusal):
    """A threat-protection rule or the classifier blocked the URL."""


class PromptInjection(Refusal):
    """The page carries a prompt-injection attempt and the request asked to check for one."""


class JobNotFound(Refusal):
    """No job of that kind with that id belongs to the team."""


class FeedbackRefused(Refusal):
    """Feedback the service does not record: ``example`` names the documented body of its status
    (``jobNotFound`` and ``searchNotFound`` 404, ``windowExpired`` and ``searchFailed`` 409);
    ``error`` replaces its text where the text names the endpoint."""

    STATUSES: ClassVar[dict[str, int]] = {"jobNotFound": 404, "searchNotFound": 404, "windowExpired": 409, "searchFailed": 409}

    def __init__(self, example: str = "jobNotFound", *, error: str | None = None, **refusal: Any) -> None:
        super().__init__(example, **refusal)
        self.example = example
        self.status = self.STATUSES[example]
        self.error = error


class SnapshotNotFound(JobNotFound):
    """The agent job's trace names no such snapshot (yet)."""


class PaperNotFound(JobNotFound):
    """No paper of the research index is named by the id."""


class SearchRemoved(Refusal):
    """The endpoint was removed (the research index's GitHub search): it answers its notice."""


class ToolSearchNeedsQuery(Refusal):
    """A search with the alexandria source and a blank query."""


class LockdownCacheMiss(Refusal):
    """Lockdown mode and no cached copy young enough."""


class NoCachedData(Refusal):
    """minAge asked for a cached copy at least that old and there is none."""


class PageTimedOut(Refusal):
    """The page (with waits and actions) took longer than the request's timeout."""


class NotCancellable(Refusal):
    """The job is in a state that cannot move to cancelled."""


class IdempotencyKeyUsed(Refusal):
    """The request's ``x-idempotency-key`` was used before: nothing is started. ``job_id``: the job
    it started, when the caller's own team started it (the answer names it)."""

    def __init__(self, message: str = "", *, job_id: str | None = None, **refusal: Any) -> None:
        super().__init__(message, **refusal)
        self.job_id = job_id


class UploadRefused(InvalidRequest):
    """A parse upload refused before its file is read (400): ``example`` names the documented body
    of ``ParseBadRequest`` (missingFile, unsupportedFileType, actions, ...)."""

    def __init__(self, example: str = "badRequest", *, error: str | None = None, **refusal: Any) -> None:
        super().__init__(example, **refusal)
        self.example = example
        self.error = error


class MonitorNotFound(Refusal):
    """No monitor (or, with ``check``, no check of it) with that id belongs to the team."""

    def __init__(self, *, check: bool = False, **refusal: Any) -> None:
        super().__init__("check" if check else "monitor", **refusal)
        self.check = check


class MonitorConflict(Refusal):
    """A run refused (409): the monitor is paused, or its check ``check_id`` still runs."""

    def __init__(self, error: str = "Monitor is paused. Resume it before running a check.", *, check_id: str | None = None, **refusal: Any) -> None:
        super().__init__(error, **refusal)
        self.error = error
        self.check_id = check_id


class MonitorRefused(Refusal):
    """A monitor request refused with the service's own text and no code (400): a schedule that
    cannot run, a search target without a goal after a change."""

    def __init__(self, error: str = "Monitor schedule must not run more often than every 5 minutes", **refusal: Any) -> None:
        super().__init__(error, **refusal)
        self.error = error


class FileUnreadable(Refusal):
    """A parse upload whose content cannot be read as its kind (422): ``error`` says why."""

    def __init__(self, error: str = "", **refusal: Any) -> None:
        super().__init__(error, **refusal)
        self.error = error or None


class AudioUnsupported(Refusal):
    """The audio format asked of a page that carries no media (422 SCRAPE_AUDIO_UNSUPPORTED_URL)."""


class AlexandriaRefused(Refusal):
    """An alexandria run refused before anything ran: ``example`` names the documented body of its
    status (``unknownProvider`` 404, ``invalidRequestId`` 400, ``requestConflict`` 409)."""

    STATUSES: ClassVar[dict[str, int]] = {"unknownProvider": 404, "invalidRequestId": 400, "requestConflict": 409}

    def __init__(self, example: str = "unknownProvider", **refusal: Any) -> None:
        super().__init__(example, **refusal)
        self.example = example
        self.status = self.STATUSES[example]


class BrowserRefused(Refusal):
    """A browser session or interact request refused with the service's own words: ``example`` names
    the documented body of its status (``destroyed`` 410, ``sessionNotFound`` 404, ``jobNotFound``
    404, ``forbidden`` 403, ``profileInUse`` / ``replayUnavailable`` / ``replayFailed`` 409,
    ``insufficientCredits`` 402, ``tooManySessions`` 429); ``error`` replaces its text where the text
    names figures (a ttl, a limit)."""

    STATUSES: ClassVar[dict[str, int]] = {
        "destroyed": 410,
        "sessionNotFound": 404,
        "jobNotFound": 404,
        "forbidden": 403,
        "profileInUse": 409,
        "replayUnavailable": 409,
        "replayFailed": 409,
        "insufficientCredits": 402,
        "tooManySessions": 429,
    }

    def __init__(self, example: str = "destroyed", *, error: str | None = None, **refusal: Any) -> None:
        super().__init__(example, **refusal)
        self.example = example
        self.status = self.STATUSES[example]
        self.error = error
