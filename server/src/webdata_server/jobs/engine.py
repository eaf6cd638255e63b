"""The job engine of batch scrapes and crawls: kickoff, progress page by page, per-page charges,
paged status, failures and webhook events. Part of the job service (:mod:`.service`), which alone
calls it.

Time comes from ``clock`` (tests pass their own). A job is kicked off at the first pass of the
worker after it started: a batch scrape plans its URLs, a crawl walks the site
(:func:`webdata_server.crawler.plan_crawl`), robots.txt and sitemap included. Its pages then
finish one after another so that the whole job takes about ``job_seconds`` (at least ``delay``
between pages; ``maxConcurrency`` pages at a time). Each finished page is scraped with the job's
page request (:func:`.requests.page_request`, built once per job) through the scrape pipeline (cache, threat protection, formats), charged what a
scrape of it costs, and recorded with its document in the same unit of writes; ``total`` counts
the pages discovered so far (a page's links are discovered when it finishes), ``completed`` the
pages finished, ``creditsUsed`` what was charged. A team that cannot pay for a page stops the job:
it ends ``failed`` with the pages it had. Reads never do a job's work.
"""

from __future__ import annotations

import bisect
import functools
import json
import logging
import math
import re
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import webdata_models as models

from webdata_server.crawler import SOURCE_NOT_ALLOWED, CrawlRules, plan_crawl, start_page_allowed
from webdata_server.domain import ACTIVE, Caller, Charge, Job, JobKind, JobStatus, iso, now_utc
from webdata_server.errors import InsufficientCredits, PageTimedOut, Refusal, SiteUnreachable
from webdata_server.jobs.requests import page_request, typed, valid_urls
from webdata_server.pricing import Pricing
from webdata_server.scrape import ScrapePipeline
from webdata_server.scrape.pipeline import CacheEntry, fetch_context
from webdata_server.store import Store
from webdata_server.store.job_pages import PageRow, PageState, PlannedPage
from webdata_server.web import FetchFailed, FetchRefused, canonical_url, links_in

__all__ = ["INSUFFICIENT_CREDITS", "PAGES_PER_PASS", "JobEngine", "Notify"]

_log = logging.getLogger("webdata_server.engine")

# A pass of the worker finishes at most this many pages of one job, so no pass runs long.
PAGES_PER_PASS = 100
# The service's warning on an ended crawl that robots.txt kept from some pages.
ROBOTS_WARNING = "One or more pages were unable to be crawled because the robots.txt file prevented this. Please use the /scrape endpoint instead."
INSUFFICIENT_CREDITS = "Insufficient credits to scrape the next page; the job stopped."
_OPERATION = {JobKind.CRAWL: "startCrawl", JobKind.BATCH_SCRAPE: "startBatchScrape"}

# (job, event type without its prefix, payload fields): what the engine tells webhook delivery.
Notify = Callable[[Job, str, dict[str, Any]], None]
_Result = tuple[int, dict[str, Any] | None, Exception | None, list[Charge], list[CacheEntry]]


@dataclass(frozen=True)
class _Plan:
    """A kicked-off job's pages in visiting order (robots-blocked ones aside), and when each is
    discovered: page ``i`` counts in ``total`` once ``discovered_at[i]`` pages have finished."""

    seqs: list[int]
    urls: list[str]
    discovered_sorted: list[int]
    interval: float
    group_size: int
    kicked_off_at: datetime
    request: models.ScrapeRequest  # every page's scrape request (the page's URL replaces its own)
    dropped: frozenset[int] = frozenset()  # pages visited for their links only (a crawl's start page its rules keep out)

    def total(self, finished: int) -> int:
        return bisect.bisect_right(self.discovered_sorted, finished)

    def due(self, moment: datetime) -> int:
        """How many pages should have finished by ``moment``."""
        if self.interval <= 0:
            return len(self.seqs)
        step = self.interval * self.group_size
        elapsed = (moment - self.kicked_off_at).total_seconds()
        return min(len(self.seqs), self.group_size * max(0, math.floor(elapsed / step + 1e-9)))


def _plan_of(
    pages: list[PlannedPage], *, interval: float, group_size: int, kicked_off_at: datetime, request: models.ScrapeRequest, dropped: frozenset[int] = frozenset()
) -> _Plan:
    """The plan of a job's pages, given in sequence order (robots-blocked ones are never visited)."""
    visiting = [(seq, page) for seq, page in enumerate(pages) if not page.blocked]
    index = {seq: i for i, (seq, _) in enumerate(visiting)}
    discovered = sorted(0 if page.parent < 0 else index.get(page.parent, 0) + 1 for _, page in visiting)
    return _Plan([seq for seq, _ in visiting], [page.url for _, page in visiting], discovered, interval, group_size, kicked_off_at, request, dropped)


def _dropped(job: Job) -> frozenset[int]:
    """The pages of ``job`` visited for their links only: a crawl's start page (sequence 0) that
    fails the crawl's own path rules."""
    if job.kind != JobKind.CRAWL:
        return frozenset()
    crawl = typed(job, models.CrawlRequest)
    return frozenset() if start_page_allowed(crawl.url, CrawlRules.from_model(crawl)) else frozenset({0})


def _documents(rows: list[PageRow]) -> list[dict[str, Any]]:
    """The documents of finished pages (a failed page has none)."""
    return [r.document for r in rows if r.state == PageState.DONE and r.document is not None]


def _error_code(failure: Exception) -> str:
    if isinstance(failure, PageTimedOut):
        return "SCRAPE_TIMEOUT"
    if isinstance(failure, FetchFailed | SiteUnreachable):
        return "SCRAPE_SITE_ERROR"
    if isinstance(failure, Refusal):
        return "SCRAPE_" + re.sub(r"(?<!^)(?=[A-Z])", "_", type(failure).__name__).upper()
    return "SCRAPE_FAILED"


class JobEngine:
    """Kicks off and advances batch scrapes and crawls; reads their pages."""

    def __init__(
        self,
        *,
        store: Store,
        scraper: ScrapePipeline,
        pricing: Pricing,
        job_seconds: float,
        describe: Callable[[Refusal], tuple[int, str]],
        clock: Callable[[], datetime] = now_utc,
        notify: Notify | None = None,
    ) -> None:
        self.store = store
        self.scraper = scraper
        self.pricing = pricing
        self.job_seconds = job_seconds
        self.describe = describe
        self.clock = clock
        self.notify = notify
        self._plans: dict[str, _Plan] = {}
        self._lock = threading.Lock()

    # -- progress ------------------------------------------------------------------------------
    def advance(self, job: Job, *, stop: Callable[[], bool] | None = None) -> int:
        """Kick the job off if it was not yet, then finish the pages that are due (at most
        :data:`PAGES_PER_PASS`, and no more once ``stop()`` says so after a page); the job
        completes when its last page has finished. Returns how many pages it finished (a
        kickoff or the job's end counts as one)."""
        if not job.active:
            return 0
        moment = self.clock()
        planned = self._plan(job)
        plan = planned or self._kick_off(job, moment)
        finished = job.completed
        due = min(plan.due(moment), finished + PAGES_PER_PASS)
        if due <= finished and finished < len(plan.seqs):
            return 0 if planned else 1
        caller = self._caller(job)
        results: list[_Result] = []
        for i in range(finished, due):
            if plan.seqs[i] in plan.dropped:
                results.append((plan.seqs[i], None, ValueError(SOURCE_NOT_ALLOWED), [], []))
            else:
                results.append(self._scrape(caller, plan.seqs[i], plan.urls[i], plan.request, moment))
            if stop is not None and stop():
                break  # the pass's time is up: the rest waits for the next pass
        self._record(job, caller, plan, results, moment)
        return max(len(results), 1)

    def _caller(self, job: Job) -> Caller | None:
        team = self.store.teams.get(job.team_id)
        return Caller(team, job.key_id) if team is not None else None

    def next_due(self, job: Job, now: datetime, *, at_least: float = 0.0) -> datetime | None:
        """The next moment, ``at_least`` seconds after ``now`` or more, at which pages of the
        kicked-off ``job`` are due; None when it is not kicked off yet, or every page is due
        already (a pass finishes them)."""
        plan = self._plan(job)
        if plan is None or plan.interval <= 0 or plan.due(now) >= len(plan.seqs):
            return None
        step = plan.interval * plan.group_size
        elapsed = (now - plan.kicked_off_at).total_seconds() + at_least
        return plan.kicked_off_at + timedelta(seconds=(math.floor(elapsed / step + 1e-9) + 1) * step)

    def _plan(self, job: Job) -> _Plan | None:
        with self._lock:
            cached = self._plans.get(job.id)
        if cached is not None:
            return cached
        run = self.store.job_pages.run(job.id)
        if run is None:
            return None
        pages = [PlannedPage(r.url, r.depth, r.parent, blocked=r.state == PageState.BLOCKED) for r in self.store.job_pages.plan(job.id)]
        plan = _plan_of(
            pages, interval=run.interval, group_size=run.group_size, kicked_off_at=run.kicked_off_at, request=page_request(job), dropped=_dropped(job)
        )
        with self._lock:
            self._plans[job.id] = plan
        return plan

    def _kick_off(self, job: Job, moment: datetime) -> _Plan:
        request = page_request(job)
        delay = 0.0
        if job.kind == JobKind.CRAWL:
            crawl = typed(job, models.CrawlRequest)
            pages = self._crawl_pages(crawl.url, CrawlRules.from_model(crawl), request)
            delay, concurrency = float(crawl.delay or 0), crawl.max_concurrency
        else:
            batch = typed(job, models.BatchScrapeRequest)
            pages = [PlannedPage(url, 0, -1) for url in valid_urls(list(batch.urls))]
            concurrency = batch.max_concurrency
        # The schedule counts from the start request, not from this pass, so that the job ends
        # ``job_seconds`` after it was started whatever the wait for the worker and the planning took.
        started = min(moment, job.created_at)
        visiting = sum(1 for p in pages if not p.blocked)
        interval = max(self.job_seconds / max(visiting, 1), delay)
        group = 1 if delay else int(concurrency or 1)
        plan = _plan_of(pages, interval=interval, group_size=group, kicked_off_at=started, request=request, dropped=_dropped(job))

        def unit(tx: sqlite3.Connection) -> bool:
            if not self.store.job_pages.kick_off(tx, job_id=job.id, moment=started, interval=interval, group_size=group, pages=pages):
                return False
            self.store.jobs.progress(tx, job.id, total=plan.total(0), completed=0, credits_used=0, moment=moment)
            return True

        if not self.store.write(unit):
            # Another thread kicked the job off first (the worker, while a request appended to the
            # batch): its plan, as stored, is the job's.
            with self._lock:
                self._plans.pop(job.id, None)
            stored = self._plan(job)
            assert stored is not None  # kicked off, so planned
            return stored
        with self._lock:
            self._plans[job.id] = plan
        self.tell(job, "started", {"success": True, "data": []})
        return plan

    def crawl_urls(self, crawl: models.CrawlRequest, request: models.ScrapeRequest) -> list[str]:
        """The pages a crawl with these options visits now, in order (a monitor's crawl target)."""
        rules = CrawlRules.from_model(crawl)
        source_kept = start_page_allowed(crawl.url, rules)
        pages = self._crawl_pages(crawl.url, rules, request)
        return [page.url for seq, page in enumerate(pages) if not page.blocked and (seq or source_kept)][: max(crawl.limit, 1)]

    def _crawl_pages(self, url: str, rules: CrawlRules, request: models.ScrapeRequest) -> list[PlannedPage]:
        context = fetch_context(request)
        web = self.scraper.web

        def links_of(url: str) -> list[str]:
            try:
                page = web.fetch(url, context)
            except FetchRefused:
                return []
            return links_in(page.html, page.url) if page.html and not page.is_pdf else []

        # Each link's one URL looked up once a plan (saved pages look their files up; a site's links
        # repeat on every page).
        canonical = functools.cache(lambda link: canonical_url(web, link))
        return plan_crawl(url, rules, links_of=links_of, read_text=web.text, canonical=canonical)

    def _scrape(self, caller: Caller | None, seq: int, url: str, template: models.ScrapeRequest, moment: datetime) -> _Result:
        """One page: (seq, document, failure, charges, cache entries)."""
        try:
            if caller is None:
                raise InsufficientCredits()
            outcome = self.scraper.run(caller, template.model_copy(update={"url": url}), moment)
        except Refusal as refusal:
            return seq, None, refusal, list(refusal.charges), []
        except (FetchRefused, ValueError) as failure:
            return seq, None, failure, [], []
        return seq, outcome.document, None, outcome.charges, outcome.cache_entries

    def _record(self, job: Job, caller: Caller | None, plan: _Plan, results: list[_Result], moment: datetime) -> None:
        """The finished pages, their charges and the job's counters, as one unit; events after it."""
        operation = _OPERATION[job.kind]
        ledger, pages = self.store.ledger, self.store.job_pages
        events: list[tuple[str, dict[str, Any]]] = []
        # Each page's document (with what it cost) and cache entries as JSON, encoded here in the
        # worker's thread: the unit runs in the batch, on the event loop.
        encoded: dict[int, tuple[int, str | None, list[tuple[str, str, str]]]] = {}
        # Each page is a scrape interact can open, kept under its scrapeId with the job's page options.
        options = plan.request.model_dump(mode="json", by_alias=True, exclude_none=True) if results else {}
        kept: dict[int, tuple[str, str, str]] = {}
        for seq, document, _, charges, entries in results:
            owed = sum(c.credits for c in charges)
            if document is not None:
                document["metadata"]["creditsUsed"] = owed
                url = str(document["metadata"].get("sourceURL") or document["metadata"].get("url") or "")
                kept[seq] = (str(document["metadata"]["scrapeId"]), url, json.dumps({**options, "url": url}))
            encoded[seq] = (owed, json.dumps(document) if document is not None else None, [(e.url, json.dumps(e.document), e.tag) for e in entries])

        def unit(tx: sqlite3.Connection) -> None:
            events.clear()
            counters = self.store.jobs.counters(tx, job.id)
            if counters is None or counters[0] not in ACTIVE:
                return  # cancelled meanwhile: nothing more is scraped or charged
            _, finished, credits = counters
            for seq, document, failure, _, _ in results:
                owed, page_json, cache_entries = encoded[seq]
                if owed and caller is not None:
                    try:
                        ledger.charge(
                            tx, caller=caller, charges=[Charge(operation, owed, job.id)], tokens_per_credit=self.pricing.tokens_per_credit, moment=moment
                        )
                    except InsufficientCredits:
                        failure = InsufficientCredits()
                if isinstance(failure, InsufficientCredits) or caller is None:
                    self.store.jobs.progress(
                        tx,
                        job.id,
                        total=plan.total(finished),
                        completed=finished,
                        credits_used=credits,
                        moment=moment,
                        status=JobStatus.FAILED,
                        error=INSUFFICIENT_CREDITS,
                    )
                    events.append(("failed", {"success": False, "data": [], "error": INSUFFICIENT_CREDITS}))
                    return
                finished += 1
                credits += owed
                for url, cached, tag in cache_entries:
                    self.store.pages.put(tx, url, cached, moment, tag)
                if document is not None:
                    pages.finish(tx, job_id=job.id, seq=seq, finished=finished, state=PageState.DONE, moment=moment, document=page_json, credits=owed)
                    scrape_id, url, options_json = kept[seq]
                    self.store.browsers.keep_scrape(tx, scrape_id=scrape_id, team_id=job.team_id, url=url, options=options_json, moment=moment)
                    events.append(("page", {"success": True, "data": [document]}))
                else:
                    assert failure is not None
                    text = self.describe(failure)[1] if isinstance(failure, Refusal) and not isinstance(failure, SiteUnreachable) else str(failure)
                    pages.finish(
                        tx,
                        job_id=job.id,
                        seq=seq,
                        finished=finished,
                        state=PageState.FAILED,
                        moment=moment,
                        code=_error_code(failure),
                        error=text,
                        credits=owed,
                    )
                    events.append(("page", {"success": False, "data": [], "error": text}))
            done = finished >= len(plan.seqs)
            self.store.jobs.progress(
                tx, job.id, total=plan.total(finished), completed=finished, credits_used=credits, moment=moment, status=JobStatus.COMPLETED if done else None
            )
            if done:
                events.append(("completed", {"success": True, "data": []}))

        self.store.write(unit)
        for event, payload in events:
            self.tell(job, event, payload)
        if any(event in ("completed", "failed") for event, _ in events):
            with self._lock:
                self._plans.pop(job.id, None)

    def append(self, job: Job, urls: list[str]) -> None:
        """Adds ``urls`` to a batch scrape (kicked off first if it was not yet): they are scraped
        with the job's page request on its schedule (at once when its time is over). A job that
        had completed runs again until they are done; a cancelled or failed one keeps its state."""
        moment = self.clock()
        plan = self._plan(job) or self._kick_off(job, moment)

        def unit(tx: sqlite3.Connection) -> None:
            pages = self.store.job_pages.append(tx, job_id=job.id, urls=urls)
            counters = self.store.jobs.counters(tx, job.id)
            assert counters is not None  # (jobs are never deleted)
            status, finished, credits = counters
            total = plan.total(finished) + (pages - len(plan.seqs))
            reopened = JobStatus.SCRAPING if status == JobStatus.COMPLETED else None
            self.store.jobs.progress(tx, job.id, total=total, completed=finished, credits_used=credits, moment=moment, status=reopened)

        self.store.write(unit)
        with self._lock:
            self._plans.pop(job.id, None)  # read again from job_pages, the new pages included

    def cancelled(self, job: Job) -> None:
        """The job was cancelled: its webhook hears of it, and its plan is dropped."""
        with self._lock:
            self._plans.pop(job.id, None)
        self.tell(job, "cancelled", {"success": False, "data": [], "error": "The job was cancelled."})

    def tell(self, job: Job, event: str, payload: dict[str, Any]) -> None:
        """An event of ``job`` (``<kind>.<event>``: ``crawl.page``, ``agent.completed``, ...) for its webhook."""
        if self.notify is not None and job.request.get("webhook"):
            self.notify(job, f"{job.kind.value}.{event}", payload)

    # -- reads ---------------------------------------------------------------------------------
    def status_body(self, job: Job, *, skip: int, limit: int, url_of: Callable[[int], str]) -> dict[str, Any]:
        """The status of a batch scrape or crawl with at most ``limit`` documents from the
        ``skip``-th finished page on; ``next`` (from ``url_of``) while pages are left beyond them."""
        rows = self.store.job_pages.finished(job.id, after=skip, limit=limit)
        read = len(rows)
        body = self.counted(job)
        body["data"] = _documents(rows)
        if job.total > skip + read and not (job.status not in ACTIVE and read == 0):
            body["next"] = url_of(skip + read)
        if job.kind == JobKind.CRAWL and job.status not in ACTIVE and self.store.job_pages.any_blocked(job.id):
            body["warning"] = ROBOTS_WARNING
        return body

    def counted(self, job: Job) -> dict[str, Any]:
        """:meth:`summary` as the service counts: a page that failed leaves both counters (its
        error is in the errors answer); ``job.completed`` stays the schedule's cursor over every
        page. What a status read and a watcher's messages say alike."""
        body = self.summary(job)
        failed = self.store.job_pages.failed_count(job.id)
        if failed:
            body["completed"], body["total"] = max(job.completed - failed, 0), max(job.total - failed, 0)
        return body

    @staticmethod
    def summary(job: Job) -> dict[str, Any]:
        """The status body of a batch scrape or crawl with no documents (and no ``next``)."""
        body: dict[str, Any] = models.JobStatusResponse(
            success=True,
            status=job.status,
            completed=job.completed,
            total=job.total,
            credits_used=job.credits_used,
            expires_at=iso(job.expires_at),
            data=[],
        ).model_dump(mode="json", by_alias=True, exclude_none=True)
        return body

    def documents_after(self, job: Job, after: int) -> tuple[list[dict[str, Any]], int]:
        """Documents of the pages finished after the ``after``-th, and how many pages that read."""
        rows = self.store.job_pages.finished(job.id, after=after, limit=PAGES_PER_PASS)
        return _documents(rows), after + len(rows)

    def errors_body(self, job: Job) -> dict[str, Any]:
        """The pages that failed so far and the URLs robots.txt kept out (known from the kickoff)."""
        failed, blocked = self.store.job_pages.failures(job.id)
        errors = [
            {"id": f"{job.id}-{r.seq}", "timestamp": iso(r.finished_at) if r.finished_at else None, "url": r.url, "code": r.code, "error": r.error or ""}
            for r in failed
        ]
        return {"errors": [{k: v for k, v in e.items() if v is not None} for e in errors], "robotsBlocked": [r.url for r in blocked]}
