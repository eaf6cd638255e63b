"""POST /v2/scrape as a pipeline of steps (seed §2.2–§2.5), each taking what it needs and
returning what it produces:

    source  (cache-only modes, threat scan, cache lookup or fetch)  -> Source, scan credits
    act     (the request's actions on the page)                      -> ActionRun or None
    render  (formats, memoised by content and options)               -> Rendered, page credits
    track   (change tracking against the URL's history)              -> result, history entry
    charge  (the request's credits from the bundle's x-credits)      -> Charge
    record  (scrape log, cache entries, charges: one unit of writes)

A refusal raised by a step carries the charges incurred before it (a scan that blocked the URL,
a lockdown miss, a prompt-injection check); ``record`` bills them with the log line.
Batch scrape and crawl pages go through ``run`` too (:mod:`webdata_server.jobs.engine`), which records
and bills each page as its job progresses.
"""

from __future__ import annotations

import base64
import difflib
import json
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import webdata_models as models

from webdata_server import feedback
from webdata_server.actions import ActionError, ActionRun, run_actions
from webdata_server.domain import Caller, Charge, Team, iso, now_utc
from webdata_server.errors import InvalidRequest, LockdownCacheMiss, NoCachedData, PageTimedOut, Refusal, SiteUnreachable, issue
from webdata_server.files import PdfLine, PdfPageText
from webdata_server.pricing import Pricing
from webdata_server.scrape import threat
from webdata_server.scrape.render import Rendered, Renderer, colors_of, extract_from
from webdata_server.store import Committed, Store
from webdata_server.store.feedback import Feedback, RatedJob
from webdata_server.web import FetchContext, FetchFailed, FetchRefused, Page, WebSource

__all__ = ["CacheEntry", "ScrapeOutcome", "ScrapePipeline", "Source"]

_OPERATION = "scrapeUrl"


@dataclass(frozen=True)
class Source:
    """Where the page came from: the cache (``cached``) or a fetch at ``fetched_at``."""

    page: Page
    fetched_at: datetime
    cached: bool
    scan_credits: int = 0
    # The cache key of the options it was asked with (a fresh page is stored under it).
    variant: str = ""
    # The profile's cookies for the page's host, fetched with (such a page is never cached).
    cookies: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CacheEntry:
    """A copy of a URL to keep under a tag ('' for the scrape cache)."""

    url: str
    tag: str
    document: dict[str, Any]


@dataclass
class ScrapeOutcome:
    """The document to answer with, and what the request leaves behind."""

    document: dict[str, Any]
    charges: list[Charge]
    cache_entries: list[CacheEntry] = field(default_factory=list)


def fetch_context(options: models.ScrapeRequest) -> FetchContext:
    """What a fetch must emulate for these options: headers, device, country and languages."""
    location = options.location
    return FetchContext(
        headers=options.headers or {},
        mobile=options.mobile,
        country=location.country if location else "US",
        languages=(location.languages if location else None) or [],
    )


def _page_from(data: dict[str, Any]) -> Page:
    """The page of a cached copy (:func:`_page_data`): its bytes are its HTML's where none are kept."""
    raw = base64.b64decode(data["raw"]) if "raw" in data else str(data["html"]).encode()
    pdf_text = tuple(
        PdfPageText(
            int(p["number"]),
            float(p["width"]),
            float(p["height"]),
            tuple(PdfLine(str(line["text"]), float(line["size"]), tuple(line["box"])) for line in p["lines"]),
        )
        for p in data.get("pdf_text") or ()
    )  # JSON's lists and objects made the file's text again (a PDF's layout reads its fields)
    return Page(**{**data, "raw": raw, "pdf_text": pdf_text})


def cache_variant(options: models.ScrapeRequest) -> str:
    """The part of a cached copy's key beside its URL: what the request asked that changes the page
    fetched (location, mobile, proxy enhanced, waitFor, headers, actions). '' for the default page,
    so a copy is only served to a request that would have fetched the same page."""
    location = options.location
    country = (location.country if location is not None and location.country else "US").upper()
    languages = list(location.languages or []) if location is not None else []
    parts: dict[str, Any] = {}
    if country != "US":
        parts["country"] = country
    if languages:
        parts["languages"] = languages
    if options.mobile:
        parts["mobile"] = True
    if options.proxy == "enhanced":
        parts["proxy"] = "enhanced"
    if options.wait_for:
        parts["waitFor"] = options.wait_for
    parts |= options.model_dump(mode="json", by_alias=True, include={"headers", "actions"}, exclude_none=True)
    return "page:" + json.dumps(parts, sort_keys=True, separators=(",", ":")) if parts else ""


def _page_data(page: Page) -> dict[str, Any]:
    """A cached copy of ``page``: its fields (a PDF's text as plain data, which :func:`_page_from`
    reads back), and its bytes (base64) only where they are not its HTML's (a PDF, an upload): a
    synthetic page's copy was its HTML twice, once in base64."""
    data = {f.name: getattr(page, f.name) for f in fields(page)}
    data["pdf_text"] = [asdict(text) for text in page.pdf_text]
    if page.raw == page.html.encode():
        del data["raw"]
    else:
        data["raw"] = base64.b64encode(page.raw).decode()
    return data


class ScrapePipeline:
    """The scrape operation's steps over the store, the web source and the renderer."""

    def __init__(
        self,
        *,
        store: Store,
        web: WebSource,
        renderer: Renderer,
        pricing: Pricing,
        default_max_age: int,
        lockdown_max_age: int,
        classifier_down: bool,
    ) -> None:
        self.store = store
        self.web = web
        self.renderer = renderer
        self.pricing = pricing
        self.default_max_age = default_max_age
        self.lockdown_max_age = lockdown_max_age
        self.classifier_down = classifier_down
        # URLs whose cached copies are not served (the test controls' failing pages: a page made to
        # fail is fetched, and fails, whatever an earlier test left in the cache).
        self.uncached: Callable[[str], bool] | None = None
        # The cookies a team's saved browser profile holds for a URL's host (the browser sessions'
        # service answers): a scrape with a profile fetches with them, and is not cached.
        self.profiles: Callable[[Team, str, str], dict[str, str]] | None = None

    # -- the operation ---------------------------------------------------------------------
    def scrape(self, caller: Caller, options: models.ScrapeRequest) -> tuple[dict[str, Any], Committed[None]]:
        """The document for ``options.url`` and the write that records and bills it: the future
        resolves once that is committed, or fails with the refusal (such as
        :class:`InsufficientCredits`) that leaves nothing written. A scrape refused before its
        document (a :class:`Refusal` raised here) is recorded with the charges it carries first."""
        threat.check_override(caller.team, options.threat_protection)
        moment = now_utc()
        try:
            outcome = self.run(caller, options, moment)
        except Refusal as refusal:
            self.record(caller, options, refusal.charges, [], moment).result()
            raise
        scrape_id = str(outcome.document["metadata"]["scrapeId"])
        # The scrape can be rated (POST /v2/feedback): what it cost and its refund class, with it.
        sent = options.model_dump(mode="json", by_alias=True, exclude_unset=True)
        rated = RatedJob(scrape_id, caller.team.id, "scrape", sum(c.credits for c in outcome.charges), feedback.scrape_refund_class(sent), moment)
        return outcome.document, self.record_many(caller, [(options, outcome.cache_entries)], outcome.charges, moment, kept=[(scrape_id, options)], rated=rated)

    def run(self, caller: Caller, options: models.ScrapeRequest, moment: datetime) -> ScrapeOutcome:
        """Every step but ``record``: nothing is written."""
        source = self.source(caller, options, moment)
        page = source.page
        acted = self.act(page, options, cookies=source.cookies)
        rendered = self.renderer.render(page, options, html=acted.html if acted else None)
        tracked = self.track(options, rendered, page)
        document = _document(page, rendered, acted, tracked, moment)
        entries = [tracked[1]] if tracked is not None else []
        charge = self.charge(options, source, rendered)
        if not source.cached and options.store_in_cache and not options.actions and not options.headers and not source.cookies:
            entries.append(CacheEntry(options.url, source.variant, _page_data(page)))
        metadata = document["metadata"]
        metadata.update(cacheState="hit" if source.cached else "miss", creditsUsed=charge.credits)
        if source.cached:
            metadata["cachedAt"] = iso(source.fetched_at)
        return ScrapeOutcome(document, [charge], entries)

    # -- steps -----------------------------------------------------------------------------
    def source(self, caller: Caller, options: models.ScrapeRequest, moment: datetime) -> Source:
        """The page: from the cache under lockdown or minAge, else scanned, then cached or fetched."""
        url, variant = options.url, cache_variant(options)
        max_age = options.max_age if "max_age" in options.model_fields_set else (self.lockdown_max_age if options.lockdown else self.default_max_age)
        if options.lockdown:
            cached = self._cached_within(url, variant, max_age, moment)
            if cached is None:
                raise LockdownCacheMiss().with_charges(Charge(_OPERATION, self.pricing.lockdown_miss))
            return cached
        if options.min_age is not None:
            try:
                cutoff: datetime | None = moment - timedelta(milliseconds=options.min_age)
            except OverflowError:
                cutoff = None  # older than any date: no copy can be that old
            found = self.store.pages.newest(url, variant, not_after=cutoff) if cutoff is not None else None
            if found is None:
                raise NoCachedData()
            return Source(_page_from(found[0]), found[1], cached=True)
        scan = threat.scan(caller.team, url, options.threat_protection, credits=self.pricing.threat_scan, classifier_down=self.classifier_down)
        cookies = self.profiles(caller.team, options.profile.name, url) if options.profile is not None and self.profiles is not None else {}
        fetch_anyway = bool(cookies) or (self.uncached is not None and self.uncached(url))
        cached = self._cached_within(url, variant, max_age, moment) if max_age > 0 and not fetch_anyway else None
        if cached is not None:
            return Source(cached.page, cached.fetched_at, cached=True, scan_credits=scan)
        try:
            page = self.web.fetch(url, replace(fetch_context(options), cookies=cookies))
        except FetchFailed as failed:
            raise SiteUnreachable(str(failed), details=[issue(["url"], str(failed))]) from None
        except FetchRefused as refused:
            raise InvalidRequest(details=[issue(["url"], str(refused))]) from None
        if page.delay_ms + options.wait_for > options.timeout:
            raise PageTimedOut()
        return Source(page, moment, cached=False, scan_credits=scan, variant=variant, cookies=cookies)

    def _cached_within(self, url: str, variant: str, max_age_ms: int, moment: datetime) -> Source | None:
        """The newest cached copy, if younger than ``max_age_ms`` (older copies are older still)."""
        found = self.store.pages.newest(url, variant)
        if found is None or (moment - found[1]).total_seconds() * 1000 >= max_age_ms:
            return None
        return Source(_page_from(found[0]), found[1], cached=True)

    def act(self, page: Page, options: models.ScrapeRequest, *, cookies: dict[str, str] | None = None) -> ActionRun | None:
        """The page after the request's actions (None without actions; a PDF takes none): a link
        or form they use navigates on the scrape's web, with the profile's cookies."""
        if not options.actions or page.is_pdf:
            return None
        host = (urlsplit(page.url).hostname or "").lower()
        try:
            run = run_actions(
                options.actions,
                html=page.html,
                url=page.url,
                title=page.title,
                colors=colors_of(page),
                mobile=options.mobile,
                web=self.web,
                context=fetch_context(options),  # each page it goes to gets its host's cookies from the page model
                cookies={host: dict(cookies)} if cookies else None,
            )
        except ActionError as error:
            raise InvalidRequest(details=[issue(["actions"], str(error))]) from None
        if page.delay_ms + options.wait_for + run.waited_ms > options.timeout:
            raise PageTimedOut()
        return run

    def track(self, options: models.ScrapeRequest, rendered: Rendered, page: Page) -> tuple[dict[str, Any], CacheEntry] | None:
        """Change tracking: the comparison with the URL's previous version under the tag, and this version."""
        tracking = rendered.tracking  # None for a PDF, or when the format was not asked for
        if tracking is None:
            return None
        url, markdown, tag = options.url, rendered.markdown, tracking.tag
        history_tag = "changeTracking:" + (tag or "")
        previous = self.store.pages.newest(url, history_tag)
        extraction = extract_from(tracking.schema, page) if "json" in (tracking.modes or []) else None
        result: dict[str, Any] = {"visibility": "visible", "tag": tag, "previousScrapeAt": None}
        if previous is None:
            result["changeStatus"] = "new"
        else:
            before, fetched_at = previous
            result["previousScrapeAt"] = iso(fetched_at)
            result["changeStatus"] = "same" if before["markdown"] == markdown else "changed"
            if "git-diff" in (tracking.modes or ["git-diff"]):
                diff = difflib.unified_diff(before["markdown"].splitlines(), markdown.splitlines(), "previous", "current", lineterm="")
                result["diff"] = {"text": "\n".join(diff)}
            if extraction is not None:
                # Fields are compared one by one; an extraction that is not an object (a schema
                # whose root is, say, a string) has no fields to compare.
                old, new = (value if isinstance(value, dict) else {} for value in (before.get("json"), extraction))
                result["json"] = {k: {"previous": old.get(k), "current": v} for k, v in new.items() if old.get(k) != v}
        return result, CacheEntry(url, history_tag, {"markdown": markdown, "json": extraction})

    def charge(self, options: models.ScrapeRequest, source: Source, rendered: Rendered) -> Charge:
        """One ledger row: the page (or the lockdown hit), plus the scan and the checks that ran."""
        page_credits = self.pricing.lockdown_hit if options.lockdown else rendered.page_credits
        return Charge(_OPERATION, page_credits + source.scan_credits + rendered.check_credits + rendered.format_credits)

    def record(
        self, caller: Caller, options: models.ScrapeRequest, charges: list[Charge], entries: list[CacheEntry], moment: datetime, *, scrape_id: str | None = None
    ) -> Committed[None]:
        """The request's log line, cache entries and charges, and the scrape kept under
        ``scrape_id`` for interact, as one unit (all or none; :class:`InsufficientCredits` when the
        plan does not cover the charges), queued for the writer: the future resolves once it is
        committed."""
        return self.record_many(caller, [(options, entries)], charges, moment, kept=[(scrape_id, options)] if scrape_id else [])

    def record_many(
        self,
        caller: Caller,
        scraped: list[tuple[models.ScrapeRequest, list[CacheEntry]]],
        charges: list[Charge],
        moment: datetime,
        *,
        kept: list[tuple[str, models.ScrapeRequest]] | None = None,
        rated: RatedJob | None = None,
    ) -> Committed[None]:
        """Several scrapes of one request (a search's results): a log line and the cache entries of
        each, the scrapes ``kept`` under their ids (interact finds them), the request a team may
        rate (``rated``) and ``charges``, as one unit (all or none), queued for the writer."""
        store = self.store
        # Encoded here, in the handler's thread: the unit runs in the batch, on the event loop.
        encoded = [(options, [(entry.url, json.dumps(entry.document), entry.tag) for entry in entries]) for options, entries in scraped]
        keeping = [
            (scrape_id, None if options.lockdown else options.url, json.dumps(options.model_dump(mode="json", by_alias=True, exclude_none=True)))
            for scrape_id, options in kept or []
        ]

        def unit(tx: sqlite3.Connection) -> None:
            for options, entries in encoded:
                store.scrape_log.record(tx, caller=caller, url=None if options.lockdown else options.url, options=options, moment=moment)
                for url, document, tag in entries:
                    store.pages.put(tx, url, document, moment, tag)
            for scrape_id, kept_url, options_json in keeping:
                store.browsers.keep_scrape(tx, scrape_id=scrape_id, team_id=caller.team.id, url=kept_url, options=options_json, moment=moment)
            if rated is not None:
                Feedback.job_ran(tx, rated)
            store.ledger.charge(tx, caller=caller, charges=charges, tokens_per_credit=self.pricing.tokens_per_credit, moment=moment)

        return store.submit(unit)


def _document(page: Page, rendered: Rendered, acted: ActionRun | None, tracked: tuple[dict[str, Any], CacheEntry] | None, moment: datetime) -> dict[str, Any]:
    """The document of a page (a request's or a job's): formats, action results, change tracking,
    its scrape id and warning."""
    document = rendered.fresh_document()
    if acted is not None:
        document["actions"] = acted.results
    if tracked is not None:
        document["changeTracking"] = tracked[0]
    document["metadata"]["scrapeId"] = str(uuid.uuid4())  # a UUID, as the service's; interact looks it up
    if rendered.warning:
        document["warning"] = rendered.warning
    return document
