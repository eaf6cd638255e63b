"""The job service: the one owner of every job's life.

Every job kind (extract, batch scrape, crawl, agent) is started, read, cancelled and advanced here
and nowhere else:

- :meth:`JobService.start`: the concurrency check, the charge, the insert and the idempotency key,
  one unit of writes (all or nothing); the request is stored typed (:mod:`.requests`);
- :meth:`JobService.find`: the caller's job as it stands now (an extract or agent job whose time
  has come is finished first, so a read never shows one late);
- :meth:`JobService.cancel`: each kind's rule, read from its cancel operation's ``x-transitions``
  in the contract (one rule table, no rule in the resources);
- :meth:`JobService.work`: one pass of the worker (:mod:`.worker`) that finishes due extract and
  agent jobs (results from :mod:`.results`) and moves batch scrapes and crawls on page by page
  (:mod:`.engine`, which also sends their webhook events);
- reads of a batch scrape's or crawl's pages: :meth:`status_body`, :meth:`errors_body`.

Time comes from one injected :class:`~webdata_server.jobs.clock.Clock`; ``job_seconds`` reaches the
schedules through this service only. Store tables run statements inside the units this service
gives them.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from webdata_server.contract import Contract
from webdata_server.domain import Caller, Charge, Job, JobKind, JobStatus, Team
from webdata_server.errors import IdempotencyKeyUsed, InsufficientCredits, NotCancellable, Refusal, TooManyJobs
from webdata_server.jobs.clock import Clock, SystemClock
from webdata_server.jobs.engine import JobEngine, Notify
from webdata_server.jobs.monitors import MonitorService
from webdata_server.jobs.worker import PROGRESSIVE, Demand, end, ending, finish_due
from webdata_server.pricing import Pricing
from webdata_server.scrape import ScrapePipeline
from webdata_server.store import Committed, Store
from webdata_server.store.jobs import Move

__all__ = ["CANCEL_OPERATIONS", "Cancel", "JobService"]

# The operation whose x-transitions say how a job of each kind is cancelled.
CANCEL_OPERATIONS = {JobKind.BATCH_SCRAPE: "cancelBatchScrape", JobKind.CRAWL: "cancelCrawl", JobKind.AGENT: "cancelAgent"}


@dataclass(frozen=True)
class Cancel:
    """One row of a cancel operation's ``x-transitions``: from these states (None: any), the job
    goes to ``to`` (None: it stays as it is), and the answer is ``status``."""

    from_states: frozenset[JobStatus] | None
    to: JobStatus | None
    status: int

    def applies(self, status: JobStatus) -> bool:
        return self.from_states is None or status in self.from_states


def cancel_rules(contract: Contract) -> dict[JobKind, list[Cancel]]:
    """Each cancellable kind's rules, in the contract's order."""
    rules: dict[JobKind, list[Cancel]] = {}
    for kind, operation_id in CANCEL_OPERATIONS.items():
        rows = contract.operations[operation_id].get("x-transitions") or []
        rules[kind] = [
            Cancel(
                None if "*" in row["from"] else frozenset(JobStatus(s) for s in row["from"]),
                None if row["to"] == "unchanged" else JobStatus(row["to"]),
                int(row["status"]),
            )
            for row in rows
        ]
    return rules


class JobService:
    """Starts, reads, cancels and advances every job (see the module's docstring)."""

    def __init__(
        self,
        *,
        store: Store,
        contract: Contract,
        pricing: Pricing,
        scraper: ScrapePipeline,
        job_seconds: float,
        describe: Callable[[Refusal], tuple[int, str]],
        clock: Clock | None = None,
        notify: Notify | None = None,
    ) -> None:
        self.store = store
        self.pricing = pricing
        self.job_seconds = job_seconds
        self.clock: Clock = clock or SystemClock()
        self.engine = JobEngine(store=store, scraper=scraper, pricing=pricing, job_seconds=job_seconds, describe=describe, clock=self.clock.now, notify=notify)
        self._cancels = cancel_rules(contract)
        # One pass at a time: the background worker's and a test's (run_until_idle).
        self._pass = threading.Lock()
        self._stepping = threading.Lock()
        self._moved = 0  # jobs ended and pages finished by passes, so far
        # The monitors' scheduler and checks, moved by the same passes on the same clock.
        self.monitors: MonitorService | None = None
        # The browser sessions, ended by the same passes when their ttl or inactivity comes.
        self.sessions: Any = None

    # -- start ------------------------------------------------------------------------------------
    def start(
        self,
        caller: Caller,
        *,
        operation_id: str,
        kind: JobKind,
        request: dict[str, Any],
        units: int,
        url: str | None = None,
        total: int = 0,
        idempotency_key: str | None = None,
        refuse_claimed: Callable[[str], None],
    ) -> Committed[Job]:
        """A new job and its charge, one unit with the concurrency check and the idempotency key (a
        crash leaves the job and its key, or neither), queued for the writer: the future resolves to
        the job once committed. ``refuse_claimed(key)`` raises the refusal for a key claimed since
        it was checked.

        Batch scrapes and crawls are charged page by page as they progress (the engine): their start
        only requires that the team can pay for one page."""
        team = caller.team
        progressive = kind in PROGRESSIVE
        credits = 0 if progressive else self.pricing.base[operation_id] * units
        moment = self.clock.now()

        def unit(tx: sqlite3.Connection) -> Job:
            if team.max_concurrency > 0 and self.store.jobs.count_active(team.id) + self.store.browsers.count_active(team.id, tx) >= team.max_concurrency:
                raise TooManyJobs(retry_after=max(1, math.ceil(self.job_seconds)))
            if progressive and self.remaining_tokens(team, moment) < self.pricing.tokens_per_credit:
                raise InsufficientCredits()
            seconds = 0 if progressive else self.job_seconds
            job = self.store.jobs.insert(tx, caller=caller, kind=kind, request=request, seconds=seconds, credits=credits, moment=moment, url=url, total=total)
            if idempotency_key is not None and not self.store.jobs.claim_key(tx, idempotency_key, moment, job_id=job.id, team_id=team.id):
                refuse_claimed(idempotency_key)  # claimed meanwhile by a request in the same batch
                raise IdempotencyKeyUsed()
            charges = [Charge(operation_id, credits, job.id)]
            self.store.ledger.charge(tx, caller=caller, charges=charges, tokens_per_credit=self.pricing.tokens_per_credit, moment=moment)
            return job

        committed = self.store.submit(unit)
        if not progressive:  # (the engine tells of batch scrapes and crawls when it kicks them off)
            committed.add_done_callback(
                lambda done: None if done.cancelled() or done.exception() else self.engine.tell(done.result(), "started", {"success": True, "data": []})
            )
        return committed

    def append(self, job: Job, urls: list[str]) -> Job:
        """Adds ``urls`` to the batch scrape ``job`` (``appendToId``); the job as it now stands."""
        self.engine.append(job, urls)
        return self.store.jobs.get(job.id, team_id=job.team_id, kind=job.kind) or job

    def spend_key(self, key: str) -> None:
        """Spends an idempotency key that no job will claim (its request was refused after the
        key's check, as the service spends it)."""
        moment = self.clock.now()
        self.store.write(lambda tx: self.store.jobs.claim_key(tx, key, moment))

    def remaining_tokens(self, team: Team, moment: datetime) -> int:
        """The team's plan tokens left in its billing period containing ``moment`` (from the running
        balance: one indexed row); 0 for a team without a plan."""
        return (team.plan_tokens or 0) - self.store.ledger.used(team, moment) * self.pricing.tokens_per_credit

    # -- reads ------------------------------------------------------------------------------------
    def find(self, job_id: str, *, team_id: str, kind: JobKind) -> Job | None:
        """The team's job of that kind as it stands now (an extract or agent job whose time has
        come is finished first); None for anyone else's."""
        job = self.store.jobs.get(job_id, team_id=team_id, kind=kind)
        if job is None:
            return None
        return self._finished(job)

    def _finished(self, job: Job) -> Job:
        now = self.clock.now()
        move = ending(job, now)
        if move is None:
            return job
        if end(self.store, [move], now).result():
            self.ended(job, move)
        return self.store.jobs.get(job.id, team_id=job.team_id, kind=job.kind) or job

    def ended(self, job: Job, move: Move) -> None:
        """An extract or agent job ended as ``move`` says: its webhook hears of it."""
        if move.to == JobStatus.COMPLETED:
            data = (move.result or {}).get("data")
            self.engine.tell(job, "completed", {"success": True, "data": [] if data is None else [data]})
        else:
            self.engine.tell(job, "failed", {"success": False, "data": [], "error": move.error or "The job failed."})

    def status_body(self, job: Job, *, skip: int, limit: int, url_of: Callable[[int], str]) -> dict[str, Any]:
        return self.engine.status_body(job, skip=skip, limit=limit, url_of=url_of)

    def errors_body(self, job: Job) -> dict[str, Any]:
        return self.engine.errors_body(job)

    # -- cancel -----------------------------------------------------------------------------------
    def cancel(self, job: Job) -> int:
        """Cancels ``job`` by its kind's rule (the contract's ``x-transitions``); the answer's
        status, or :class:`NotCancellable` where the rule answers 409. A job that changed state
        meanwhile is judged again by its new state."""
        rules = self._cancels[job.kind]
        for _ in range(3):
            rule = next((r for r in rules if r.applies(job.status)), None)
            if rule is None or rule.status == 409:
                raise NotCancellable()
            if rule.to is None:
                return rule.status
            if end(self.store, [Move(job.id, rule.to)], self.clock.now(), allowed_from=rule.from_states).result():
                if job.active and job.kind in PROGRESSIVE:
                    self.engine.cancelled(job)
                elif job.active:
                    self.engine.tell(job, "cancelled", {"success": False, "data": [], "error": "The job was cancelled."})
                return rule.status
            found = self.store.jobs.get(job.id, team_id=job.team_id, kind=job.kind)
            if found is None:
                raise NotCancellable()
            job = found
        raise NotCancellable()

    # -- progress ---------------------------------------------------------------------------------
    def work(self, demand: Demand | None = None, **budgets: float) -> bool:
        """One pass of the worker (:func:`.worker.finish_due`, ``budget`` and ``idle_budget`` as
        there); whether it ended for time (so work is probably left)."""
        with self._pass:
            more = finish_due(self.store, self.engine, clock=self.clock, demand=demand, progressed=self._count, ended=self.ended, **budgets)
            if self.monitors is not None:
                self._count(self.monitors.work())
            if self.sessions is not None:
                self._count(self.sessions.work())
            return more

    def _count(self, moved: int) -> None:
        self._moved += moved

    def step_for(self, job_id: str) -> bool:
        """On an auto clock (``ManualClock(auto=True)``), before a read of ``job_id``: what is due
        now moves, then, if the job is unfinished, the clock moves to the next moment it has
        something due (pages, a tenth of the job's time at least, or its end) and that moves too,
        so each read sees the job one step on, as a waiter would. Whether the clock moved;
        nothing on any other clock."""
        if not getattr(self.clock, "auto", False):
            return False
        clock: Any = self.clock
        with self._stepping:  # concurrent readers move the clock one at a time
            self.run_until_idle()
            due = self.next_due(job_id)
            if due is None:
                return False
            clock.advance(max(0.0, (due - clock.now()).total_seconds()))
            self.run_until_idle()
            return True

    def next_due(self, job_id: str) -> datetime | None:
        """When the active job ``job_id`` next has something due after the clock's instant (its
        next page, its end); None when it has ended or everything of it is due now."""
        job = self.store.jobs.active([job_id]).get(job_id)
        if job is None:
            return None
        now = self.clock.now()
        if job.kind in PROGRESSIVE:
            # A tenth of the job's time at least: a job moves on in ten reads or so, as a waiter
            # polling a few times a job would see it (each read still sees a new state).
            return self.engine.next_due(job, now, at_least=self.engine.job_seconds / 10)
        return job.finishes_at if job.finishes_at > now else None

    def run_until_idle(self, *, passes: int = 10_000) -> int:
        """Passes until one moves nothing at the clock's current instant: every job (page) due by
        then has ended (finished). For tests that move the clock: a 100-page crawl whose pages are
        all due finishes here, without sleeping. Returns how many jobs and pages moved."""
        before = self._moved
        for _ in range(passes):
            moved = self._moved
            ended_for_time = self.work(budget=60.0, idle_budget=60.0)
            if self._moved == moved and not ended_for_time:
                return self._moved - before
        raise RuntimeError(f"jobs still moving after {passes} passes")
