"""What every handler gets (the shared :class:`Context` and its :class:`Call`) and the helpers the
job resources share: starting a job with its charge, finding one, and its status body."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from pydantic import BaseModel

from webdata_server.alexandria.runs import Runs
from webdata_server.blocklist import Blocklist
from webdata_server.config import Settings
from webdata_server.contract import Contract
from webdata_server.domain import Caller, Job, JobKind, Team
from webdata_server.errors import (
    IdempotencyKeyUsed,
    InsufficientCredits,
    InvalidJobId,
    InvalidRequest,
    JobNotFound,
    RateLimited,
    Refusal,
    Unauthenticated,
    issue,
)
from webdata_server.interact.sessions import SessionService
from webdata_server.jobs import JobService
from webdata_server.jobs.monitors import MonitorService
from webdata_server.operations import OperationTable
from webdata_server.pricing import Pricing
from webdata_server.scrape import ScrapePipeline
from webdata_server.store import Committed, Store

__all__ = [
    "Call",
    "Context",
    "Encoded",
    "Handler",
    "Operation",
    "Pending",
    "PerCommit",
    "Upload",
    "WithHeaders",
    "dump",
    "find_job",
    "job_status",
    "remaining_tokens",
    "start_job",
]


T = TypeVar("T")


class PerCommit:
    """Answers that change only with a commit, kept per team: one is read again once the database
    has ended another transaction (``Database.commits``), or when what it was read for (``key``:
    the plan, the period) changed. The caller takes the count before the read, so what is kept is
    never older than the count it is kept under. At most ``teams`` are kept."""

    def __init__(self, teams: int = 1024) -> None:
        self._teams = teams
        self._kept: dict[str, tuple[int, Any, Any]] = {}

    def get(self, commits: int, team_id: str, key: Any, read: Callable[[], T]) -> T:
        kept = self._kept.get(team_id)
        if kept is not None and kept[0] == commits and kept[1] == key:
            value: T = kept[2]
            return value
        value = read()
        if len(self._kept) >= self._teams:
            self._kept.clear()
        self._kept[team_id] = (commits, key, value)
        return value


@dataclass(frozen=True)
class Context:
    """What the handlers share: settings, the store (reads), the contract, prices, the scrape
    pipeline, the job service (every job's life), the service's blocklist, the monitors and the
    table of operations."""

    settings: Settings
    store: Store
    contract: Contract
    pricing: Pricing
    scraper: ScrapePipeline
    jobs: JobService
    blocklist: Blocklist
    monitors: MonitorService
    operations: OperationTable[Operation]
    sessions: SessionService  # browser sessions (interact, /v2/browser): their life, billing, profiles  # the table of operations (its routes' checks: parse's options)
    runs: Runs = field(default_factory=Runs)  # the alexandria runs by x-request-id (replays)
    # Read once per commit (resources/team.py): a team's queue status, and its remaining tokens.
    queues: PerCommit = field(default_factory=PerCommit)
    usage: PerCommit = field(default_factory=PerCommit)


@dataclass(frozen=True)
class Call:
    """One request, as a handler sees it: the caller, the validated body, path and query parameters."""

    operation_id: str
    caller: Caller
    body: Any
    path: Mapping[str, str]
    query: Mapping[str, str]
    # The server's own base URL as the client reached it (computed only when a handler asks).
    base_url: Callable[[], str]
    # The request's ``x-idempotency-key`` (lower case), on operations that take one.
    idempotency_key: str | None = None
    # The request's headers (an alexandria run reads its ``x-request-id``).
    headers: Mapping[str, str] = field(default_factory=dict)
    # The handler runs on the event loop (its operation's ``offload`` said so): it raises
    # :class:`~webdata_server.errors.Offload`, before any write, for work that must not run there.
    on_loop: bool = False

    def url_for(self, path: str) -> str:
        return self.base_url().rstrip("/") + path


@dataclass(frozen=True)
class Pending:
    """A success body that waits for the request's writes: ``then`` makes it from their result.

    Handlers that only check and write return this, so they can run on the event loop: the loop
    awaits the commit instead of a thread waiting for it (a refusal raised by the writes, such
    as 402 or 429, is answered as if the handler had raised it)."""

    writes: Committed[Any]
    then: Callable[[Any], dict[str, Any] | WithHeaders | Encoded]


Handler = Callable[[Context, Call], "dict[str, Any] | Pending | WithHeaders | Encoded"]


@dataclass(frozen=True)
class Operation:
    """An operationId, the model its JSON body is read into (None: no body), and its handler.

    ``offload`` False for handlers that read a few indexed rows and either write nothing or hand
    their writes to the writer as :class:`Pending`: they run on the event loop (a thread hop would
    cost more than they do). Handlers that render, or write and wait, run in a worker thread.
    """

    operation_id: str
    body: type[BaseModel] | None
    handler: Handler
    # Or decided per request from the context and its raw body (True: a worker thread).
    offload: bool | Callable[[Context, bytes], bool] = True
    # Takes ``x-idempotency-key``, checked and claimed before the body is read (as the service's
    # middleware does before its controller); a request carrying one runs in a worker thread.
    takes_idempotency_key: bool = False
    # A multipart/form-data upload (parse): the raw body, read up to the upload limit, comes to the
    # handler as an :class:`Upload` instead of a JSON body checked by the gate.
    upload: bool = False
    # The handler gives the body's ``url`` its scheme itself and keeps it as sent (the scrape: its
    # document's sourceURL is the URL as sent); otherwise the checks give it one.
    url_as_sent: bool = False
    # The job kind whose progress the operation's path sends over the x-watch WebSocket.
    watches: JobKind | None = None
    # Its work grows with its input (a conversion, a site's walk): offloaded to threads of their
    # own (Settings.heavy_threads), never to those cheap requests need.
    heavy: bool = False
    # Interact's runs: a thread of their own waits for the run's worker process (no handler thread
    # waits on user code; the pool bounds how many a team may hold).
    runs: bool = False
    # The models of the body's other forms (a oneOf body), by the key that tells each apart
    # (the contract's route.variants): the scrape's alexandria calls.
    forms: Mapping[str, type[BaseModel]] = field(default_factory=dict)


@dataclass(frozen=True)
class Encoded:
    """A success body already encoded as the answer's JSON, as the server encodes answers (no
    spaces, UTF-8): a memoised listing's bytes joined to its per-request part."""

    content: bytes


@dataclass(frozen=True)
class WithHeaders:
    """A success body with headers of its own (``Cache-Control`` of the parse formats)."""

    body: dict[str, Any]
    headers: dict[str, str]


@dataclass(frozen=True)
class Upload:
    """The raw body of an upload and its Content-Type header; ``too_large`` when it was cut short."""

    raw: bytes
    content_type: str
    too_large: bool


def dump(model: BaseModel) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


# What the service takes as a UUID (the uuid package's validate): versions 1 to 8 with the RFC
# variant, or the nil and max UUIDs, in any case.
_UUID = re.compile(
    r"^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$",
    re.IGNORECASE,
)


def idempotency_key(ctx: Context, caller: Caller, headers: Mapping[str, str]) -> str | None:
    """The request's ``x-idempotency-key``, checked before the body is read (as the service's
    middleware does before its controller): a key that is not a UUID is refused as a used one
    (409, as there), a key claimed before by anyone is refused (409, naming the job it started
    when the caller's team started it). The key is claimed with the job (:func:`start_job`), or spent by :func:`spend_key`
    when the request is refused after this check, as the service spends it."""
    given = headers.get("x-idempotency-key")
    if not given:
        return None  # an empty key is no key there either
    if not _UUID.match(given):
        raise IdempotencyKeyUsed()  # the service's middleware: its uuid check fails as a used key does
    key = given.lower()
    _refuse_if_claimed(ctx, caller, key)
    return key


def _refuse_if_claimed(ctx: Context, caller: Caller, key: str) -> None:
    claim = ctx.store.jobs.key_claim(key)
    if claim is not None:
        job_id, team_id = claim
        raise IdempotencyKeyUsed(job_id=job_id if team_id == caller.team.id else None)


# Refusals the service gives before its idempotency middleware runs: they leave the key unspent.
_BEFORE_THE_KEY = (IdempotencyKeyUsed, InsufficientCredits, RateLimited, Unauthenticated)


def spend_key(ctx: Context, headers: Mapping[str, str], refusal: Refusal) -> None:
    """Spends the request's idempotency key, if it has a valid one, when ``refusal`` came after the
    key's check (the service claims the key before its controller runs, so a request its
    controller refuses spends it too)."""
    given = headers.get("x-idempotency-key")
    if given is None or isinstance(refusal, _BEFORE_THE_KEY) or not _UUID.match(given):
        return
    ctx.jobs.spend_key(given.lower())


def start_job(
    ctx: Context,
    call: Call,
    *,
    kind: JobKind,
    request: dict[str, Any],
    units: int,
    url: str | None = None,
    total: int = 0,
) -> Committed[Job]:
    """A new job of ``kind`` for the call (:meth:`JobService.start`), with the request's idempotency key."""
    return ctx.jobs.start(
        call.caller,
        operation_id=call.operation_id,
        kind=kind,
        request=request,
        units=units,
        url=url,
        total=total,
        idempotency_key=call.idempotency_key,
        refuse_claimed=lambda key: _refuse_if_claimed(ctx, call.caller, key),
    )


def remaining_tokens(ctx: Context, team: Team, moment: datetime) -> int:
    """The team's plan tokens left in its billing period containing ``moment``."""
    return ctx.jobs.remaining_tokens(team, moment)


def check_job_id(job_id: str) -> None:
    """:class:`InvalidJobId` (400) for an id that is not a UUID, as the service's job paths check."""
    if not _UUID.match(job_id):
        raise InvalidJobId()


def find_job(ctx: Context, call: Call, job_id: str, kind: JobKind, *, checked: bool = True) -> Job:
    """The caller's job of that kind, as it stands now; :class:`JobNotFound` for anyone else's.

    ``checked``: an id that is not a UUID is refused with :class:`InvalidJobId` (400) before any
    lookup, as the service's job paths do (all but batch scrape errors, which pass ``False``)."""
    if checked:
        check_job_id(job_id)
    job = ctx.jobs.find(job_id, team_id=call.caller.team.id, kind=kind)
    if job is None:
        raise JobNotFound()
    return job


def _count(call: Call, name: str, *, default: int, low: int) -> int:
    text = call.query.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if value < low:
        raise InvalidRequest(details=[issue([name], f"{name} must be an integer of at least {low}", "invalid_type")])
    return value


def job_status(ctx: Context, call: Call, job: Job) -> dict[str, Any]:
    """The status body of a batch scrape or crawl: one page of its documents from the query's
    ``skip`` (default 0), at most ``limit`` of them (default and cap: the server's page size),
    with ``next`` while more are left."""
    # No job has 2**62 pages: a skip beyond that reads past the end, as any skip past the last page
    # does, instead of overflowing SQLite's 64-bit integers.
    skip = min(_count(call, "skip", default=0, low=0), 2**62)
    limit = min(_count(call, "limit", default=ctx.settings.page_size, low=1), ctx.settings.page_size)
    path = call.url_for(f"/v2/{'crawl' if job.kind == JobKind.CRAWL else 'batch/scrape'}/{job.id}")
    suffix = f"&limit={call.query['limit']}" if "limit" in call.query else ""
    return ctx.jobs.status_body(job, skip=skip, limit=limit, url_of=lambda n: f"{path}?skip={n}{suffix}")
