"""The browser sessions' service: the one owner of a session's life, its billing and its profile.

- :meth:`SessionService.open`: a new session (standalone, or bound to a scrape it replays), after
  the checks the service makes first: the team can pay the whole ttl at the base rate (402), it has
  a free concurrency slot (running jobs and open sessions count alike; 429), and no other open
  session writes the same profile (409; a unique index of the store keeps the rule);
- :meth:`SessionService.execute`: code (node, python, bash) or a prompt run on the session's page in
  a worker process (:mod:`.pool`: bounded in time, memory and output from outside); its page
  (cookies, localStorage, form values, history) is stored after every call that changed it. No lock
  that ending a session takes is held while code runs: ending a session stops its run;
- :meth:`SessionService.stop` and :meth:`SessionService.work`: a session ends on DELETE, at its ttl,
  or after its inactivity, whichever comes first; ending it bills it once (the store's conditional
  update: a second ending bills nothing, a crash between leaves it open to be ended and billed at
  its due time after the restart) and saves its profile when it writes one.

Time is the job service's clock, so the manual clock and the pytest plugin move sessions too.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit
from weakref import WeakValueDictionary

import webdata_models as models

from webdata_server.actions import ActionRun, perform
from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageError, PageState, bounded
from webdata_server.domain import Caller, Team
from webdata_server.errors import BrowserRefused
from webdata_server.interact.pool import Sandbox
from webdata_server.jobs.clock import Clock
from webdata_server.pricing import Pricing
from webdata_server.scrape.pipeline import fetch_context
from webdata_server.store import Committed, LedgerEntry, Store
from webdata_server.store.browsers import SessionRow, StoredScrape
from webdata_server.web import WebSource

__all__ = ["MAX_WAITING", "Opened", "Ran", "SessionService"]

# How many of a team's runs may wait for one of its runners (pool.PER_TEAM) before more are refused.
MAX_WAITING = 30
# Who is billed for a session: the operation whose x-credits price it.
INTERACT_OPERATION = "interactWithScrape"
# The scrape actions a replay performs (the service's replay skips screenshot, pdf, scrape and
# executeJavascript: lib/scrape-interact/scrape-replay.ts).
_REPLAYED = frozenset({"wait", "click", "write", "press", "scroll"})
BROWSER_OPERATION = "createBrowser"
PROFILE_IN_USE = "profileInUse"


@dataclass(frozen=True)
class Opened:
    """A session that has ended: how long it lived, what it was billed, and whether this call ended it."""

    duration_ms: int
    credits: int
    now: bool


@dataclass(frozen=True)
class Ran:
    """A run on a session's page: its outcome, and the write of the page and the activity, queued
    in the session's turn (True once committed; False when the session had ended meanwhile)."""

    result: Outcome
    written: Committed[bool]
    forget: Callable[[], object]  # drops the session's live page

    def outcome(self, written: bool) -> Outcome:
        """The run's outcome, given the write's result: a session that ended before the write
        answers ``destroyed`` (as when it had ended before the run)."""
        if not written:
            self.forget()
            raise BrowserRefused("destroyed")
        return self.result


class SessionService:
    """Opens, runs, ends and bills browser sessions (see the module's docstring)."""

    def __init__(self, *, store: Store, pricing: Pricing, clock: Clock, web: WebSource, count_jobs: Callable[[str], int]) -> None:
        self.store = store
        self.pricing = pricing
        self.clock = clock
        self.web = web
        self.count_jobs = count_jobs  # team id -> its running jobs (the job service's count)
        self._locks: WeakValueDictionary[str, threading.Lock] = WeakValueDictionary()
        self._turns: WeakValueDictionary[str, threading.Lock] = WeakValueDictionary()
        self._locks_guard = threading.Lock()
        # Each session's page version (its runs' writes counted): a worker holding that version
        # is not sent the page again.
        self._versions: dict[str, int] = {}
        self._waiting: dict[str, int] = {}  # team -> its runs waiting or running
        self.sandbox = Sandbox(web)

    def close(self) -> None:
        """Stops every worker (the server is stopping)."""
        self.sandbox.close()

    def _lock(self, session_id: str) -> threading.Lock:
        """The session's lock: its reads and writes (never held while its code runs)."""
        return self._get(self._locks, session_id)

    def _turn(self, session_id: str) -> threading.Lock:
        """The session's turn: its runs take turns (ending the session never takes it)."""
        return self._get(self._turns, session_id)

    def _get(self, locks: WeakValueDictionary[str, threading.Lock], session_id: str) -> threading.Lock:
        with self._locks_guard:
            lock = locks.get(session_id)
            if lock is None:
                lock = threading.Lock()
                locks[session_id] = lock
            return lock

    # -- opening --------------------------------------------------------------------------------
    def open(
        self,
        caller: Caller,
        *,
        ttl: int,
        activity_ttl: int,
        stream_web_view: bool,
        profile: tuple[str, bool] | None,
        interact: bool,
        scrape: StoredScrape | None = None,
    ) -> SessionRow:
        """A new open session (``profile``: its name and whether the session saves to it)."""
        team = caller.team
        now = self.clock.now()
        estimate = self.pricing.session_credits(ttl * 1000, prompted=False)
        # What the team's open sessions may still cost, at their ttl's estimate: together with the
        # new one they must fit what the team can pay, so no balance goes below zero by sessions.
        held = sum(self.pricing.session_credits(row.ttl * 1000, prompted=row.used_prompt) for row in self.store.browsers.listed(team.id, "active"))
        remaining = (team.plan_tokens or 0) - self.store.ledger.used(team, now) * self.pricing.tokens_per_credit
        if team.plan_tokens is None or remaining < (estimate + held) * self.pricing.tokens_per_credit:
            text = f"Insufficient credits for a {ttl}s browser session (requires ~{estimate} credits)."
            raise BrowserRefused(
                "insufficientCredits", error=text + (" For more credits, you can upgrade your plan at https://firecrawl.dev/pricing." if interact else "")
            )
        state = PageState()
        if profile is not None:
            saved = self.store.browsers.profile(team.id, profile[0])
            if saved is not None:
                state.cookies = dict(saved.get("cookies", {}))
                state.storage = dict(saved.get("storage", {}))
        if scrape is not None:
            state = self._replay(scrape, state)
        session = SessionRow(
            id=str(uuid.uuid4()),
            team_id=team.id,
            key_id=caller.key_id,
            scrape_id=scrape.id if scrape is not None else None,
            status="active",
            ttl=ttl,
            activity_ttl=activity_ttl,
            stream_web_view=stream_web_view,
            profile_name=profile[0] if profile is not None else None,
            profile_writes=bool(profile is not None and profile[1]),
            used_prompt=False,
            created_at=now,
            last_activity=now,
            ends_at=min(now + timedelta(seconds=ttl), now + timedelta(seconds=activity_ttl)),
            ended_at=None,
            duration_ms=None,
            credits_billed=None,
            state_json=json.dumps(state.to_json()),
        )

        def unit(tx: sqlite3.Connection) -> None:
            limit = team.max_concurrency
            if limit > 0 and self.count_jobs(team.id) + self.store.browsers.count_active(team.id, tx) >= limit:
                message = f"You have reached the maximum number of concurrent jobs ({limit})."
                if interact:
                    message += " Please wait for existing jobs to complete or destroy browser sessions before creating new ones."
                raise BrowserRefused("tooManySessions", error=message, retry_after=1)
            try:
                self.store.browsers.insert(tx, session)
            except sqlite3.IntegrityError:
                raise BrowserRefused(PROFILE_IN_USE) from None

        self.store.write(unit)
        self.sandbox.warm()  # a worker ready for the session's first run
        return session

    def _replay(self, scrape: StoredScrape, state: PageState) -> PageState:
        """The scrape's page again: its URL, its ``waitFor``, its actions but screenshot, pdf and
        scrape (and executeJavascript, which the service's replay skips too), through the same
        action code as the scrape's own (:func:`webdata_server.actions.perform`)."""
        if not scrape.url:
            raise BrowserRefused("replayUnavailable")
        request = models.ScrapeRequest.model_validate(scrape.options)  # stored from a validated request
        page = BrowserPage(state, web=self.web, context=fetch_context(request))
        try:
            page.goto(scrape.url)
            page.wait(min(request.wait_for or 0, 30_000))
            for action in request.actions or []:
                if action.type in _REPLAYED:
                    perform(page, action, ActionRun(html=""), colors={}, mobile=request.mobile)
        except PageError:
            raise BrowserRefused("replayFailed") from None
        return page.save()

    # -- reading --------------------------------------------------------------------------------
    def find(self, caller: Caller, session_id: str) -> SessionRow:
        """The caller's session as it stands now (ended first if its time has come)."""
        row = self.store.browsers.get(session_id)
        if row is None:
            raise BrowserRefused("sessionNotFound")
        if row.team_id != caller.team.id:
            raise BrowserRefused("forbidden")
        return self.current(row)

    def of_scrape(self, scrape_id: str) -> SessionRow | None:
        row = self.store.browsers.of_scrape(scrape_id)
        return self.current(row) if row is not None else None

    def current(self, row: SessionRow) -> SessionRow:
        """The session as it stands now: ended and billed first if its time has come (every call
        on a session runs in a thread: none is served on the event loop)."""
        if row.active and row.ends_at <= self.clock.now():
            self._end(row, row.ends_at)
            return self.store.browsers.get(row.id) or row
        return row

    def listed(self, caller: Caller, status: str | None) -> list[SessionRow]:
        self.work()
        return self.store.browsers.listed(caller.team.id, status)

    def adopt(self, caller: Caller, session_id: str, scrape_id: str) -> SessionRow | None:
        """An open session of the team bound to the scrape (``existingSessionId``), or None."""
        row = self.store.browsers.get(session_id)
        if row is None or row.team_id != caller.team.id:
            return None
        row = self.current(row)
        if not row.active or not self.store.write(lambda tx: self.store.browsers.adopt(tx, row.id, scrape_id)):
            return None
        return self.store.browsers.get(row.id)

    # -- running --------------------------------------------------------------------------------
    def execute(self, row: SessionRow, *, code: str | None, prompt: str | None, language: str, timeout_s: float) -> Ran:
        """Runs the code (or, without code, the prompt) on the session's page in a worker and
        stores the page (only when the run changed it; the activity always). Runs of one session
        take turns; the session's lock is held only to read it and to queue the write, never while
        the code runs, so ending the session (its ttl, a DELETE) never waits for a run: it stops it.
        The write is not waited for here: the caller awaits :attr:`Ran.written`, then
        :meth:`Ran.outcome`."""
        team = row.team_id
        with self._locks_guard:
            if self._waiting.get(team, 0) >= self.sandbox.per_team + MAX_WAITING:
                raise BrowserRefused(
                    "tooManySessions",
                    error=f"This team has {self._waiting[team]} runs of code going or waiting; wait for one to finish before sending more.",
                    retry_after=1,
                )
            self._waiting[team] = self._waiting.get(team, 0) + 1
        try:
            with self._turn(row.id):
                with self._lock(row.id):
                    row = self.current(self.store.browsers.get(row.id) or row)
                    if not row.active:
                        self.sandbox.forget(row.id)
                        raise BrowserRefused("destroyed")
                    version = self._versions.get(row.id, 0)
                ran = self.sandbox.run(
                    team=team,
                    session=row.id,
                    version=version,
                    state=row.state_json,
                    language=language,
                    code=code,
                    prompt=prompt if code is None else None,
                    timeout_s=timeout_s,
                    indexed=self.web.indexed,
                )
                prompted = code is None
                now = self.clock.now()
                ends_at = min(row.created_at + timedelta(seconds=row.ttl), now + timedelta(seconds=row.activity_ttl))
                state = json.dumps(ran.state) if ran.state is not None else None
                with self._lock(row.id):
                    if state is not None:
                        self._versions[row.id] = version + 1
                    session_id = row.id
                    written = self.store.submit(
                        lambda tx: self.store.browsers.touch(tx, session_id, state=state, moment=now, ends_at=ends_at, used_prompt=prompted)
                    )
        finally:
            with self._locks_guard:
                self._waiting[team] -= 1
                if not self._waiting[team]:
                    del self._waiting[team]
        return Ran(ran.outcome, written, functools.partial(self._forget, row.id))

    def _forget(self, session_id: str) -> None:
        with self._locks_guard:
            self._versions.pop(session_id, None)
        self.sandbox.forget(session_id)

    # -- ending ---------------------------------------------------------------------------------
    def stop(self, row: SessionRow) -> Opened:
        """Ends the session now (once); an ended session answers what it was billed."""
        with self._lock(row.id):
            row = self.current(self.store.browsers.get(row.id) or row)
            if not row.active:
                return Opened(row.duration_ms or 0, row.credits_billed or 0, now=False)
            return self._end(row, self.clock.now())

    def _end(self, row: SessionRow, moment: datetime) -> Opened:
        moment = max(moment, row.created_at)
        duration = int((moment - row.created_at).total_seconds() * 1000)
        credits = self.pricing.session_credits(duration, prompted=row.used_prompt)
        operation = INTERACT_OPERATION if (row.scrape_id or row.used_prompt) else BROWSER_OPERATION
        saved = ""
        if row.profile_writes:
            # The page as the session left it (stored after every run), within the page's bounds
            # (a session of an older version may hold more: what fits is saved, the rest dropped).
            state = bounded(PageState.from_json(row.state))
            saved = json.dumps({"cookies": state.cookies, "storage": state.storage})

        def unit(tx: sqlite3.Connection) -> bool:
            if not self.store.browsers.end(tx, row.id, ended_at=moment, duration_ms=duration, credits=credits):
                return False
            self.store.ledger.add(tx, [LedgerEntry(row.team_id, row.key_id, operation, credits, moment, row.id)])
            if row.profile_writes and row.profile_name:
                self.store.browsers.save_profile(tx, team_id=row.team_id, name=row.profile_name, state=saved, moment=moment)
            return True

        ended = self.store.write(unit)
        self.sandbox.stop(row.id)  # a run still going ends with its session
        self._forget(row.id)
        if not ended:
            now = self.store.browsers.get(row.id) or row
            return Opened(now.duration_ms or duration, now.credits_billed or 0, now=False)
        return Opened(duration, credits, now=True)

    def work(self) -> int:
        """Ends every open session whose ttl or inactivity has come, each billed at that moment;
        how many ended."""
        ended = 0
        for row in self.store.browsers.due(self.clock.now()):
            with self._lock(row.id):
                if self._end(row, row.ends_at).now:
                    ended += 1
        return ended

    def profile_cookies(self, team: Team, name: str, url: str) -> dict[str, str]:
        """The cookies a profile saved for ``url``'s host (what a scrape with the profile sends)."""
        saved = self.store.browsers.profile(team.id, name)
        if not saved:
            return {}
        return dict((saved.get("cookies") or {}).get((urlsplit(url).hostname or "").lower(), {}))


def session_links(base_url: str, session_id: str) -> dict[str, str]:
    """The session's addresses: there is no browser behind them on the reference server."""
    host = base_url.rstrip("/")
    socket = "ws" + host[4:] if host.startswith("http") else host
    return {
        "cdpUrl": f"{socket}/v2/browser/{session_id}/cdp",
        "liveViewUrl": f"{host}/v2/browser/{session_id}/live",
        "interactiveLiveViewUrl": f"{host}/v2/browser/{session_id}/live?interactive=true",
    }
