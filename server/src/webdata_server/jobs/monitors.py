"""Monitors: scheduled checks that scrape, crawl or search their targets and say what changed.

The monitor service owns a monitor's life (create, change, pause, delete, run now) and its checks,
which the worker's passes move on the job service's one clock:

- **due**: an active monitor whose ``nextRunAt`` has come gets a scheduled check (or a
  ``skipped_overlap`` one while its last still runs, ``skipped_no_credits`` when the team cannot
  pay a page), and its next run is planned from now (runs missed while the clock jumped are not
  made up, as the service's scheduler does not);
- **running**: a check's pages are scraped through the scrape pipeline (every page fetched afresh,
  ``maxAge: 0``, markdown always among the formats), at most :data:`PAGES_PER_PASS` per pass across
  all checks, so a monitor of many targets cannot starve requests; each page is compared with its
  snapshot from the previous check: ``new``, ``same``, ``changed`` (a unified diff of the markdown,
  and the changed fields of a JSON extraction), ``error``; pages a crawl target no longer finds
  are ``removed``; each page is charged as a scrape, in the same unit as its record;
- **end**: the summary, the webhook's ``monitor.check.completed``, an email summary to confirmed
  recipients when something changed, and checks older than ``retentionDays`` dropped.

The judge (``goal``, ``judgeEnabled``) is a rule, not a model: a changed page is meaningful when a
changed line mentions a word of the goal (four letters or more).
"""

from __future__ import annotations

import difflib
import logging
import math
import re
import secrets
import sqlite3
import threading
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import webdata_models as models
from pydantic import ValidationError

from webdata_server import schedules
from webdata_server.domain import Caller, Charge, Team, iso, parse_iso
from webdata_server.errors import InsufficientCredits, InvalidRequest, MonitorConflict, MonitorNotFound, MonitorRefused, Refusal, issue
from webdata_server.jobs.clock import Clock
from webdata_server.pricing import Pricing
from webdata_server.scrape import ScrapePipeline
from webdata_server.search_index import SearchIndex
from webdata_server.store import Store
from webdata_server.store.jobs import uuid7
from webdata_server.store.monitors import Snapshot
from webdata_server.urls import url_problem, with_scheme

__all__ = ["PAGES_PER_PASS", "MonitorService", "judge"]

_log = logging.getLogger("webdata_server.monitors")

# What one check may scrape for each minute of its schedule's shortest interval: a check ends well
# before the next is due (the synthetic web renders a few hundred pages a second).
PAGES_PER_MINUTE_OF_INTERVAL = 200

# Pages scraped per worker pass, across every running check.
PAGES_PER_PASS = 20
# Checks started per pass (due monitors), and running checks looked at per pass.
STARTS_PER_PASS = 20
RUNNING_PER_PASS = 1000
# A crawl target without a limit crawls at most this many pages (the service's estimate's default).
DEFAULT_CRAWL_LIMIT = 10_000
# The operation the ledger names a check's charges with.
LEDGER_OPERATION = "monitorCheck"
_GOAL_WORD = re.compile(r"[a-z0-9]{4,}")
_STOPWORDS = frozenset({"that", "this", "with", "from", "have", "when", "what", "which", "about", "into", "their", "there", "these", "those", "only"})

Notify = Callable[[str, str, Any, str, dict[str, Any]], None]  # (team id, check id, webhook, event, payload)


def _new_id(moment: datetime) -> str:
    return uuid7(moment)


def _goal_words(goal: str | None) -> list[str]:
    return sorted({w for w in _GOAL_WORD.findall((goal or "").lower()) if w not in _STOPWORDS})


def judge(goal: str, removed: list[str], added: list[str]) -> dict[str, Any]:
    """The verdict on a changed page (see the module's docstring)."""
    words = _goal_words(goal)
    changes: list[dict[str, Any]] = []
    matched: set[str] = set()
    pairs = list(zip(removed, added, strict=False))
    for before, after in pairs:
        found = [w for w in words if w in before.lower() or w in after.lower()]
        if found:
            matched.update(found)
            changes.append({"type": "changed", "before": before, "after": after, "reason": f"mentions {', '.join(repr(w) for w in found)} of the goal"})
    for line in removed[len(pairs) :]:
        found = [w for w in words if w in line.lower()]
        if found:
            matched.update(found)
            changes.append({"type": "removed", "before": line, "after": None, "reason": f"mentions {', '.join(repr(w) for w in found)} of the goal"})
    for line in added[len(pairs) :]:
        found = [w for w in words if w in line.lower()]
        if found:
            matched.update(found)
            changes.append({"type": "added", "before": None, "after": line, "reason": f"mentions {', '.join(repr(w) for w in found)} of the goal"})
    if not matched:
        return {"meaningful": False, "confidence": "low", "reason": "No changed line mentions the goal.", "meaningfulChanges": []}
    confidence = "high" if len(matched) >= 2 else "medium"
    return {
        "meaningful": True,
        "confidence": confidence,
        "reason": f"Changed lines mention the goal: {', '.join(sorted(matched))}.",
        "meaningfulChanges": changes,
    }


def _is_meaningful(status: str, judgment: dict[str, Any] | None) -> bool:
    if status == "changed":
        return bool(judgment["meaningful"]) if judgment is not None else True
    return status in ("new", "removed")


def _summary(counts: dict[str, int]) -> dict[str, int]:
    parts = {k: counts.get(k, 0) for k in ("same", "changed", "new", "removed", "error")}
    return {"totalPages": sum(parts.values()), **parts}


class MonitorService:
    """Every monitor's life and its checks (see the module's docstring)."""

    def __init__(
        self,
        *,
        store: Store,
        scraper: ScrapePipeline,
        pricing: Pricing,
        clock: Clock,
        crawl_pages: Callable[[models.CrawlRequest, models.ScrapeRequest], list[str]],
        job_seconds: float,
        notify: Notify | None = None,
    ) -> None:
        self.store = store
        self.job_seconds = job_seconds
        self.scraper = scraper
        self.pricing = pricing
        self.clock = clock
        self.crawl_pages = crawl_pages
        self.notify = notify
        self._index: SearchIndex | None = None
        self._lock = threading.Lock()  # one pass at a time changes checks
        self._swept: datetime | None = None

    # -- requests ---------------------------------------------------------------------------------
    def create(self, caller: Caller, body: models.MonitorCreateRequest) -> dict[str, Any]:
        given = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
        moment = self.clock.now()
        targets = self._targets(given["targets"])
        goal = _goal(given.get("goal"))
        judge_enabled = given.get("judgeEnabled", bool(goal))
        self._check_goal(targets, goal, given.get("judgeEnabled"), plain=False)
        schedule = self._schedule(given["schedule"])
        first, interval, shortest = self._validate(schedule, moment)
        self._check_size(targets, shortest)
        notification = _notification(given.get("notification") or {})
        monitor = {
            "id": _new_id(moment),
            "name": given["name"],
            "status": "active",
            "schedule": schedule,
            "nextRunAt": iso(first),
            "lastRunAt": None,
            "currentCheckId": None,
            "targets": targets,
            "webhook": given.get("webhook"),
            "notification": notification,
            "retentionDays": given.get("retentionDays", 30),
            "estimatedCreditsPerMonth": self.estimate(targets, judge_enabled) * schedules.runs_per_month(interval),
            "unchangedPagesFree": False,
            "lastCheckSummary": None,
            "goal": goal,
            "judgeEnabled": judge_enabled,
            "createdAt": iso(moment),
            "updatedAt": iso(moment),
        }
        self.store.write(lambda tx: self._save(tx, monitor, caller.team.id, caller.key_id, moment, sync=True))
        return self._read(monitor)

    def update(self, caller: Caller, monitor_id: str, body: models.MonitorUpdateRequest) -> dict[str, Any]:
        found = self.store.monitors.get(monitor_id, team_id=caller.team.id)
        if found is None:
            raise MonitorNotFound()
        monitor, _, key_id = found
        given = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
        moment = self.clock.now()
        targets = self._targets(given["targets"]) if "targets" in given else monitor["targets"]
        if "goal" in given and "targets" in given and any(t["type"] == "search" for t in targets) and given.get("judgeEnabled") is not False:
            if not _goal(given["goal"]):
                raise InvalidRequest(details=[issue(["goal"], "A search target requires a non-empty goal")])
        goal = _goal(given["goal"]) if "goal" in given else monitor["goal"]
        judge_enabled = given.get("judgeEnabled", monitor["judgeEnabled"])
        self._check_goal(targets, goal, judge_enabled, plain=True)
        schedule = self._schedule(given["schedule"]) if "schedule" in given else monitor["schedule"]
        first, interval, shortest = self._validate(schedule, moment)
        if "targets" in given or "schedule" in given:
            self._check_size(targets, shortest)
        for name in ("name", "webhook", "retentionDays"):
            if name in given:
                monitor[name] = given[name]
        if "notification" in given:
            monitor["notification"] = _notification(given["notification"])
        monitor.update(targets=targets, goal=goal, judgeEnabled=judge_enabled, schedule=schedule, updatedAt=iso(moment))
        monitor["estimatedCreditsPerMonth"] = self.estimate(targets, judge_enabled) * schedules.runs_per_month(interval)
        status = given.get("status", monitor["status"])
        if status == "paused":
            monitor.update(status="paused", nextRunAt=None)
        elif monitor["status"] == "paused" or "schedule" in given or monitor["nextRunAt"] is None:
            monitor.update(status="active", nextRunAt=iso(first))
        self.store.write(lambda tx: self._save(tx, monitor, caller.team.id, key_id, moment, sync="notification" in given))
        return self._read(monitor)

    def get(self, team_id: str, monitor_id: str) -> dict[str, Any]:
        found = self.store.monitors.get(monitor_id, team_id=team_id)
        if found is None:
            raise MonitorNotFound()
        return self._read(found[0])

    def of_team(self, team_id: str, *, limit: int, offset: int) -> list[dict[str, Any]]:
        return [self._read(m, recipients=False) for m in self.store.monitors.of_team(team_id, limit=limit, offset=offset)]

    def delete(self, team_id: str, monitor_id: str) -> None:
        if self.store.monitors.get(monitor_id, team_id=team_id) is None:
            raise MonitorNotFound()
        self.store.write(lambda tx: self.store.monitors.remove(tx, monitor_id))

    def run(self, team_id: str, monitor_id: str) -> dict[str, Any]:
        """A manual check, queued now (the next pass runs it)."""
        with self._lock:
            found = self.store.monitors.get(monitor_id, team_id=team_id)
            if found is None:
                raise MonitorNotFound()
            monitor, _, _ = found
            if monitor["status"] == "paused":
                raise MonitorConflict("Monitor is paused. Resume it before running a check.")
            if monitor["currentCheckId"]:
                raise MonitorConflict("Monitor check is already running.", check_id=monitor["currentCheckId"])
            moment = self.clock.now()
            check = self._new_check(monitor, "manual", moment, scheduled_for=None)
            monitor["currentCheckId"] = check["id"]

            def unit(tx: sqlite3.Connection) -> None:
                self.store.monitors.put(tx, monitor, team_id=team_id, key_id=found[2])
                self.store.monitors.put_check(tx, check, team_id=team_id, work=None)

            self.store.write(unit)
            return check

    def checks(self, team_id: str, monitor_id: str, *, limit: int, offset: int, status: str | None) -> list[dict[str, Any]]:
        if self.store.monitors.get(monitor_id, team_id=team_id) is None:
            raise MonitorNotFound()
        return self.store.monitors.checks(monitor_id, limit=limit, offset=offset, status=status)

    def check_detail(
        self, team_id: str, monitor_id: str, check_id: str, *, skip: int, limit: int, status: str | None
    ) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
        """(check, its pages from ``skip``, whether more are left)."""
        if self.store.monitors.get(monitor_id, team_id=team_id) is None:
            raise MonitorNotFound(check=True)
        found = self.store.monitors.check(check_id, monitor_id=monitor_id)
        if found is None:
            raise MonitorNotFound(check=True)
        pages = self.store.monitors.pages(check_id, skip=skip, limit=limit, status=status)
        total = self.store.monitors.count_pages(check_id, status=status)
        return found[0], pages, total > skip + len(pages)

    # -- email subscriptions ----------------------------------------------------------------------
    def answer_subscription(self, token: str, *, confirm: bool) -> dict[str, Any] | None:
        """The recipient of ``token`` confirmed (or unsubscribed), as its email's link would."""
        answered = self.store.write(lambda tx: self.store.monitors.answer_token(tx, token, "confirmed" if confirm else "unsubscribed"))
        if answered is None:
            return None
        monitor_id, email, before = answered
        if before == "unsubscribed":
            result = "already_unsubscribed"
        elif confirm:
            result = "already_confirmed" if before == "confirmed" else "confirmed"
        else:
            result = "unsubscribed"
        return {"success": True, "result": result, "email": email, "monitorId": monitor_id}

    # -- the worker -------------------------------------------------------------------------------
    def work(self, *, pages: int = PAGES_PER_PASS) -> int:
        """One pass: running checks move on by at most ``pages`` pages, then due monitors get
        their checks; how many checks and pages moved."""
        with self._lock:
            now = self.clock.now()
            moved = 0
            budget = pages
            # Every running check is looked at (one indexed read each); only the pages scraped
            # count against the pass's budget, so checks waiting for their time starve none.
            for check_id, monitor_id in self.store.monitors.running(limit=RUNNING_PER_PASS):
                if budget <= 0:
                    break
                try:
                    done = self._advance(check_id, monitor_id, now, budget)
                except Exception as error:
                    done = self._pause_broken(monitor_id, now, error, check_id=check_id)
                budget -= done
                moved += done
            # Due monitors after the running checks: a check whose time ended before now is
            # finished first, so a clock moved past both an ending and the next run overlaps
            # nothing the service would not (it finished that check when its time came).
            for monitor_id in self.store.monitors.due(now, limit=STARTS_PER_PASS):
                try:
                    moved += self._start_scheduled(monitor_id, now)
                except Exception as error:  # one monitor's data never stops every team's monitors
                    moved += self._pause_broken(monitor_id, now, error)
            if self._swept is None or now - self._swept >= timedelta(minutes=1):
                self._swept = now
                self._sweep(now)
            return moved

    def _start_scheduled(self, monitor_id: str, now: datetime) -> int:
        found = self.store.monitors.get(monitor_id)
        if found is None:
            return 0
        monitor, team_id, key_id = found
        scheduled_for = monitor["nextRunAt"]
        # The schedule was validated whole when it was set: only its next run is read here.
        monitor["nextRunAt"] = iso(schedules.next_run(monitor["schedule"]["cron"], now, monitor["schedule"]["timezone"]))
        # The check counts from when it was due: a clock moved past 9:00 finds the 9:00 check
        # there, its pages taken over the job's time from then.
        due = min(now, parse_iso(scheduled_for)) if scheduled_for else now
        check = self._new_check(monitor, "scheduled", due, scheduled_for=scheduled_for)
        check["updatedAt"] = iso(now)
        if monitor["currentCheckId"]:
            # The service's text (monitoring/scheduler.ts).
            check.update(status="skipped_overlap", finishedAt=iso(now), error="Previous monitor check is still running.")
        else:
            monitor["currentCheckId"] = check["id"]

        def unit(tx: sqlite3.Connection) -> None:
            self.store.monitors.put(tx, monitor, team_id=team_id, key_id=key_id)
            self.store.monitors.put_check(tx, check, team_id=team_id, work=None)

        self.store.write(unit)
        return 1

    def _pause_broken(self, monitor_id: str, now: datetime, error: Exception, *, check_id: str | None = None) -> int:
        """A monitor the worker could not move on (a schedule that no longer runs, data it cannot
        read) is paused, its running check (or a new one) ends ``failed`` with the reason, and one
        line is logged: other monitors go on, and the pass never raises for it."""
        reason = f"The monitor was paused: its check could not run ({type(error).__name__}: {str(error)[:200]})"
        _log.warning("monitor %s paused by the worker: %s", monitor_id, reason)
        try:
            found = self.store.monitors.get(monitor_id)
            if found is None:
                return 1
            monitor, team_id, key_id = found
            existing = self.store.monitors.check(check_id, monitor_id=monitor_id) if check_id else None
            check = existing[0] if existing else self._new_check(monitor, "scheduled", now, scheduled_for=monitor["nextRunAt"])
            check.update(status="failed", finishedAt=iso(now), updatedAt=iso(now), error=reason)
            monitor.update(status="paused", nextRunAt=None, currentCheckId=None, updatedAt=iso(now))

            def unit(tx: sqlite3.Connection) -> None:
                self.store.monitors.put(tx, monitor, team_id=team_id, key_id=key_id)
                self.store.monitors.put_check(tx, check, team_id=team_id, work=None)

            self.store.write(unit)
        except Exception:  # the store itself failing: the next pass tries again, logged once here
            _log.exception("monitor %s could not be paused", monitor_id)
        return 1

    def _advance(self, check_id: str, monitor_id: str, now: datetime, budget: int) -> int:
        found_monitor = self.store.monitors.get(monitor_id)
        found_check = self.store.monitors.check(check_id, monitor_id=monitor_id)
        if found_monitor is None or found_check is None:
            return 0
        monitor, team_id, key_id = found_monitor
        check, work = found_check
        team = self.store.teams.get(team_id)
        if team is None:
            return 0
        caller = Caller(team, key_id)
        started = False
        if check["status"] == "queued":
            if self._remaining_credits(team, now) < 1:
                check.update(
                    status="skipped_no_credits",
                    finishedAt=iso(now),
                    actualCredits=0,
                    billingStatus="not_applicable",
                    error="Monitor check skipped: insufficient credits.",
                )
                self._finish(monitor, check, team_id, key_id, now, pages=[])
                return 1
            work = self._plan(monitor, check, caller, now)
            check.update(status="running", startedAt=iso(now), updatedAt=iso(now))
            started = True
        assert work is not None
        if isinstance(work.get("failed"), str):
            check.update(status="failed", finishedAt=iso(now), error=work["failed"], actualCredits=0)
            self._finish(monitor, check, team_id, key_id, now, pages=[])
            return 1
        todo: list[list[Any]] = work["todo"]
        # The check's pages come due over job_seconds of the clock from its start, as a crawl's do.
        elapsed = (now - parse_iso(check["createdAt"])).total_seconds()
        total = int(work.get("total", len(todo)))
        due = total if self.job_seconds <= 0 or elapsed >= self.job_seconds else math.floor(total * elapsed / self.job_seconds)
        allowed = max(0, min(budget, due - (total - len(todo))))
        batch, work["todo"] = todo[:allowed], todo[allowed:]
        ending = not work["todo"] and (self.job_seconds <= 0 or elapsed >= self.job_seconds)
        if not batch and not ending and not started:
            return 0
        results = [self._page(monitor, check, caller, target_id, url, now) for target_id, url in batch]
        seen = work.setdefault("seen", {})
        for target_id, url in batch:
            seen.setdefault(target_id, []).append(url)
        if ending:
            results += self._removed(monitor, check, work, now)
        charges = sum(r["charge"] for r in results)
        check["actualCredits"] = (check.get("actualCredits") or 0) + charges

        def unit(tx: sqlite3.Connection) -> None:
            if charges:
                try:
                    self.store.ledger.charge(
                        tx,
                        caller=caller,
                        charges=[Charge(LEDGER_OPERATION, charges, check["id"])],
                        tokens_per_credit=self.pricing.tokens_per_credit,
                        moment=now,
                    )
                except InsufficientCredits:
                    check["actualCredits"] -= charges
                    for result in results:
                        if result["charge"]:
                            result.update(charge=0)
                            result["page"].update(status="error", error="Insufficient credits to scrape the page.", diff=None, judgment=None)
                            result["snapshot"] = None
            self.store.monitors.add_pages(tx, check["id"], [r["page"] for r in results])
            for result in results:
                if result["snapshot"] is not None:
                    self.store.monitors.put_snapshot(tx, monitor["id"], result["page"]["targetId"], result["page"]["url"], result["snapshot"])
            check["updatedAt"] = iso(now)
            self.store.monitors.put_check(tx, check, team_id=team_id, work=work)

        self.store.write(unit)
        for result in results:
            self._tell(monitor, team_id, check, "monitor.page", self._page_event(monitor, check, result["page"]))
        if ending:
            counts = {s: self.store.monitors.count_pages(check["id"], status=s) for s in ("same", "changed", "new", "removed", "error")}
            check["summary"] = _summary(counts)
            errors = counts["error"]
            check.update(
                status="partial" if errors else "completed", finishedAt=iso(now), billingStatus="confirmed" if check["actualCredits"] else "not_applicable"
            )
            pages = self.store.monitors.pages(check["id"], skip=0, limit=100, status=None)
            self._finish(monitor, check, team_id, key_id, now, pages=pages)
        return max(len(results), 1)

    def _plan(self, monitor: dict[str, Any], check: dict[str, Any], caller: Caller, now: datetime) -> dict[str, Any]:
        """The pages the check will scrape, by target (a crawl target's found now; a search's
        results recorded at once)."""
        todo: list[list[Any]] = []
        target_results: list[dict[str, Any]] = []
        searched: list[dict[str, Any]] = []
        try:
            for target in monitor["targets"]:
                if target["type"] == "scrape":
                    todo += [[target["id"], url] for url in target["urls"]]
                    target_results.append({"targetId": target["id"], "type": "scrape", "expectedJobs": [str(uuid.uuid4()) for _ in target["urls"]]})
                elif target["type"] == "crawl":
                    options = {"limit": DEFAULT_CRAWL_LIMIT, **(target.get("crawlOptions") or {})}
                    crawl = models.CrawlRequest.model_validate({**options, "url": target["url"]})
                    urls = self.crawl_pages(crawl, self._scrape_request(target, target["url"]))
                    todo += [[target["id"], url] for url in urls]
                    target_results.append({"targetId": target["id"], "type": "crawl", "crawlId": _new_id(now)})
                else:
                    found = self._search(target)
                    searched += [{"target": target["id"], "url": url} for url in found]
                    target_results.append({"targetId": target["id"], "type": "search", "searchCompleted": True, "resultCount": len(found)})
        except (ValidationError, ValueError, Refusal) as failure:
            return {"failed": f"The monitor's target cannot be checked: {_reason(failure)}", "todo": []}
        check["targetResults"] = target_results
        check["estimatedCredits"] = self.estimate(monitor["targets"], monitor["judgeEnabled"])
        work: dict[str, Any] = {"todo": todo, "total": len(todo), "seen": {}}
        for hit in searched:
            previous = self.store.monitors.snapshot(monitor["id"], hit["target"], hit["url"])
            hit["status"] = "same" if previous is not None and not previous.removed else "new"
        if searched:
            work["search"] = searched
        return work

    def _search(self, target: dict[str, Any]) -> list[str]:
        if self._index is None:
            self._index = SearchIndex()
        found: list[str] = []
        include = [d.strip().lower() for d in target.get("includeDomains") or []]
        exclude = [d.strip().lower() for d in target.get("excludeDomains") or []]
        for query in target["queries"]:
            for hit in self._index.search(query, limit=target.get("maxResults", 10) * 3):
                if include and not any(hit.host == d or hit.host.endswith("." + d) for d in include):
                    continue
                if any(hit.host == d or hit.host.endswith("." + d) for d in exclude):
                    continue
                if hit.url not in found:
                    found.append(hit.url)
        return found[: target.get("maxResults", 10)]

    def _scrape_request(self, target: dict[str, Any], url: str) -> models.ScrapeRequest:
        options = dict(target.get("scrapeOptions") or {})
        formats = list(options.get("formats") or [])
        if not any(f == "markdown" or (isinstance(f, dict) and f.get("type") == "markdown") for f in formats):
            formats.insert(0, "markdown")
        return models.ScrapeRequest.model_validate({"maxAge": 0, **options, "formats": formats, "url": url})

    def _page(self, monitor: dict[str, Any], check: dict[str, Any], caller: Caller, target_id: str, url: str, now: datetime) -> dict[str, Any]:
        target = next(t for t in monitor["targets"] if t["id"] == target_id)
        previous = self.store.monitors.snapshot(monitor["id"], target_id, url)
        try:
            outcome = self.scraper.run(caller, self._scrape_request(target, url), now)
        except (Refusal, ValidationError, ValueError) as failure:
            page = self._page_record(target_id, url, "error", now, error=_reason(failure), previous=previous)
            return {"page": page, "charge": 0, "snapshot": None}
        document = outcome.document
        markdown = str(document.get("markdown") or "")
        extracted = document.get("json") if isinstance(document.get("json"), dict) else None
        scrape_id = str(document["metadata"].get("scrapeId"))
        if previous is None or previous.removed:
            status, diff, snapshot_json = "new", None, extracted
        else:
            diff = self._diff(previous, markdown, extracted)
            status = "changed" if diff is not None else "same"
            snapshot_json = extracted
        judgment = None
        if status == "changed" and monitor["judgeEnabled"] and monitor["goal"] and diff is not None:
            judgment = judge(monitor["goal"], diff.pop("_removed"), diff.pop("_added"))
        elif diff is not None:
            diff.pop("_removed")
            diff.pop("_added")
        page = self._page_record(target_id, url, status, now, previous=previous, scrape_id=scrape_id, document=document, diff=diff, judgment=judgment)
        if extracted is not None:
            page["snapshot"] = {"json": snapshot_json}
        charge = sum(c.credits for c in outcome.charges)
        return {"page": page, "charge": charge, "snapshot": Snapshot(scrape_id, markdown, extracted, False)}

    @staticmethod
    def _diff(previous: Snapshot, markdown: str, extracted: dict[str, Any] | None) -> dict[str, Any] | None:
        before, after = (previous.markdown or "").splitlines(), markdown.splitlines()
        diff: dict[str, Any] = {}
        removed: list[str] = []
        added: list[str] = []
        if before != after:
            lines = list(difflib.unified_diff(before, after, "previous", "current", lineterm=""))
            diff["text"] = "\n".join(lines) + "\n"
            removed = [line[1:] for line in lines[2:] if line.startswith("-")]
            added = [line[1:] for line in lines[2:] if line.startswith("+")]
        if extracted is not None and previous.json != extracted:
            old = previous.json or {}
            diff["json"] = {
                k: {"previous": old.get(k), "current": extracted.get(k)} for k in sorted(set(old) | set(extracted)) if old.get(k) != extracted.get(k)
            }
        if not diff:
            return None
        return {**diff, "_removed": removed, "_added": added}

    def _removed(self, monitor: dict[str, Any], check: dict[str, Any], work: dict[str, Any], now: datetime) -> list[dict[str, Any]]:
        """The search results found at planning, and the pages of crawl targets not found again."""
        results = [
            {"page": self._page_record(hit["target"], hit["url"], hit["status"], now), "charge": 0, "snapshot": Snapshot(None, None, None, False)}
            for hit in work.pop("search", [])
        ]
        seen = work.get("seen", {})
        for target in monitor["targets"]:
            if target["type"] != "crawl":
                continue
            found = set(seen.get(target["id"], []))
            for url, scrape_id in self.store.monitors.present(monitor["id"], target["id"]):
                if url not in found:
                    page = self._page_record(target["id"], url, "removed", now, previous=Snapshot(scrape_id, None, None, False))
                    results.append({"page": page, "charge": 0, "snapshot": Snapshot(scrape_id, None, None, True)})
        return results

    @staticmethod
    def _page_record(
        target_id: str,
        url: str,
        status: str,
        now: datetime,
        *,
        error: str | None = None,
        previous: Snapshot | None = None,
        scrape_id: str | None = None,
        document: dict[str, Any] | None = None,
        diff: dict[str, Any] | None = None,
        judgment: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        metadata = (document or {}).get("metadata") or {}
        return {
            "id": str(uuid.uuid4()),
            "targetId": target_id,
            "url": url,
            "status": status,
            "previousScrapeId": previous.scrape_id if previous is not None else None,
            "currentScrapeId": scrape_id,
            "statusCode": metadata.get("statusCode"),
            "error": error,
            "metadata": {"title": metadata.get("title"), "creditsUsed": metadata.get("creditsUsed")} if document is not None else None,
            "judgment": judgment,
            "diff": diff,
            "createdAt": iso(now),
        }

    def _page_event(self, monitor: dict[str, Any], check: dict[str, Any], page: dict[str, Any]) -> dict[str, Any]:
        return {
            "success": page["status"] != "error",
            "data": [
                {
                    "monitorId": monitor["id"],
                    "checkId": check["id"],
                    "url": page["url"],
                    "status": page["status"],
                    "previousScrapeId": page["previousScrapeId"],
                    "currentScrapeId": page["currentScrapeId"],
                    "error": page["error"],
                    "isMeaningful": _is_meaningful(page["status"], page["judgment"]),
                    "judgment": page["judgment"],
                    "diff": page["diff"],
                }
            ],
            **({"error": page["error"]} if page["error"] else {}),
        }

    def _finish(self, monitor: dict[str, Any], check: dict[str, Any], team_id: str, key_id: str, now: datetime, *, pages: list[dict[str, Any]]) -> None:
        """The check's end: notifications, the monitor's last run and summary, retention."""
        notified: dict[str, Any] = {"webhook": {"attempted": False}}
        if monitor.get("webhook"):
            payload = {"monitorId": monitor["id"], "checkId": check["id"], "status": check["status"], "summary": check["summary"]}
            self._tell(
                monitor,
                team_id,
                check,
                "monitor.check.completed",
                {"success": check["status"] == "completed", "data": [payload], **({"error": check["error"]} if check.get("error") else {})},
            )
            notified["webhook"] = {"attempted": True, "queued": True}
        email = (monitor.get("notification") or {}).get("email") or {}
        changes = [p for p in pages if p["status"] != "same"]
        recipients = [r["email"] for r in self.store.monitors.recipients(monitor["id"]) if r["status"] == "confirmed"] if email.get("enabled") else []
        send_email = bool(recipients and (changes or check["status"] in ("failed", "partial")))
        notified["email"] = {"attempted": send_email, "success": send_email, "recipients": len(recipients) if send_email else 0}
        check["notificationStatus"] = notified
        check["updatedAt"] = iso(now)
        fresh = self.store.monitors.get(monitor["id"])
        if fresh is not None:
            monitor = fresh[0]  # a change made while the check ran (a pause, a new name) stays
        if monitor.get("currentCheckId") == check["id"]:
            monitor["currentCheckId"] = None
        if check["status"] != "skipped_overlap":
            monitor["lastRunAt"] = iso(now)
            monitor["lastCheckSummary"] = check["summary"]
        subject, body = self._email(monitor, check, changes, include_diffs=bool(email.get("includeDiffs")))

        def unit(tx: sqlite3.Connection) -> None:
            self.store.monitors.put_check(tx, check, team_id=team_id, work=None)
            self.store.monitors.put(tx, monitor, team_id=team_id, key_id=key_id)
            for recipient in recipients if send_email else []:
                self.store.monitors.send(
                    tx, team_id=team_id, monitor_id=monitor["id"], recipient=recipient, subject=subject, body=body, kind="summary", moment=now
                )
            self.store.monitors.expire(tx, monitor["id"], now - timedelta(days=int(monitor["retentionDays"])))

        self.store.write(unit)

    @staticmethod
    def _email(monitor: dict[str, Any], check: dict[str, Any], changes: list[dict[str, Any]], *, include_diffs: bool) -> tuple[str, str]:
        summary = check["summary"]
        subject = f"[{monitor['name']}] {summary['changed']} changed, {summary['new']} new, {summary['removed']} removed, {summary['error']} failed"
        lines = [f"Monitor {monitor['name']} checked {summary['totalPages']} page(s) ({check['status']}).", ""]
        for page in changes:
            lines.append(f"- {page['status']}: {page['url']}" + (f" ({page['error']})" if page.get("error") else ""))
            if include_diffs and page.get("diff") and page["diff"].get("text"):
                lines += ["", page["diff"]["text"]]
        return subject, "\n".join(lines) + "\n"

    def _sweep(self, now: datetime) -> None:
        """Checks older than their monitor's retention are dropped."""
        cutoffs: list[tuple[str, datetime]] = []
        for monitor_id in self.store.monitors.ids():
            found = self.store.monitors.get(monitor_id)
            if found is not None:
                cutoffs.append((monitor_id, now - timedelta(days=int(found[0]["retentionDays"]))))

        def unit(tx: sqlite3.Connection) -> None:
            for monitor_id, cutoff in cutoffs:
                self.store.monitors.expire(tx, monitor_id, cutoff)

        if cutoffs:
            self.store.write(unit)

    # -- helpers ----------------------------------------------------------------------------------
    def _tell(self, monitor: dict[str, Any], team_id: str, check: dict[str, Any], event: str, payload: dict[str, Any]) -> None:
        if self.notify is not None and monitor.get("webhook"):
            self.notify(team_id, check["id"], monitor["webhook"], event, payload)

    def _save(self, tx: sqlite3.Connection, monitor: dict[str, Any], team_id: str, key_id: str, moment: datetime, *, sync: bool) -> None:
        self.store.monitors.put(tx, monitor, team_id=team_id, key_id=key_id)
        if not sync:
            return
        wanted = list(dict.fromkeys(((monitor.get("notification") or {}).get("email") or {}).get("recipients") or []))
        self.store.monitors.drop_recipients(tx, monitor["id"], wanted)
        for email in wanted:
            token = secrets.token_urlsafe(32)
            if self.store.monitors.add_recipient(tx, monitor["id"], email, token):
                body = (
                    f"You were added to the notifications of the monitor {monitor['name']}.\n\n"
                    f"Confirm with the token {token} (POST /__webdata/outbox/confirm on the reference server), or ignore this email.\n"
                )
                self.store.monitors.send(
                    tx,
                    team_id=team_id,
                    monitor_id=monitor["id"],
                    recipient=email,
                    subject=f"Confirm your subscription to {monitor['name']}",
                    body=body,
                    kind="confirmation",
                    moment=moment,
                )

    def _read(self, monitor: dict[str, Any], *, recipients: bool = True) -> dict[str, Any]:
        shown = dict(monitor)
        if recipients:
            shown["emailRecipientSubscriptions"] = self.store.monitors.recipients(monitor["id"])
        return shown

    def _new_check(self, monitor: dict[str, Any], trigger: str, moment: datetime, *, scheduled_for: str | None) -> dict[str, Any]:
        return {
            "id": _new_id(moment),
            "monitorId": monitor["id"],
            "status": "queued",
            "trigger": trigger,
            "scheduledFor": scheduled_for,
            "startedAt": None,
            "finishedAt": None,
            "estimatedCredits": self.estimate(monitor["targets"], monitor["judgeEnabled"]),
            "reservedCredits": None,
            "actualCredits": None,
            "billingStatus": "not_applicable",
            "summary": _summary({}),
            "targetResults": None,
            "notificationStatus": None,
            "error": None,
            "createdAt": iso(moment),
            "updatedAt": iso(moment),
        }

    def _check_size(self, targets: list[dict[str, Any]], shortest: timedelta | None) -> None:
        """A check may scrape at most :data:`PAGES_PER_MINUTE_OF_INTERVAL` pages for each minute
        of the schedule's ``shortest`` interval (None: it runs once a day at most), so it ends
        before the next is due (50 targets of 1,000 URLs every 5 minutes: a check took 455 s,
        longer than its period)."""
        pages = self.estimate(targets, False)
        minutes = int((shortest or timedelta(days=1)).total_seconds() // 60)
        allowed = PAGES_PER_MINUTE_OF_INTERVAL * max(1, minutes)
        if pages > allowed:
            message = (
                f"A monitor's check may scrape at most {PAGES_PER_MINUTE_OF_INTERVAL} pages per minute between its runs"
                f" ({allowed:,} every {minutes} minutes); this one would scrape {pages:,}: run it less often or watch fewer pages"
            )
            raise InvalidRequest(details=[issue(["targets"], message)])

    def estimate(self, targets: list[dict[str, Any]], judge_enabled: bool) -> int:
        """One check's credits: a page per scrape URL, the crawl's limit, the search's results
        (twice that with the judge), as the service estimates."""
        pages = 0
        for target in targets:
            if target["type"] == "scrape":
                pages += len(target["urls"])
            elif target["type"] == "crawl":
                limit = (target.get("crawlOptions") or {}).get("limit")
                pages += max(1, limit if isinstance(limit, int) else DEFAULT_CRAWL_LIMIT)
            else:
                pages += int(target.get("maxResults", 10))
        return pages * 2 if judge_enabled else pages

    def _remaining_credits(self, team: Team, moment: datetime) -> int:
        if team.plan_tokens is None:
            return 1 << 30
        return (team.plan_tokens // self.pricing.tokens_per_credit) - self.store.ledger.used(team, moment)

    @staticmethod
    def _targets(given: list[dict[str, Any]]) -> list[dict[str, Any]]:
        targets = []
        for index, target in enumerate(given):
            target = dict(target)
            target.setdefault("id", str(uuid.uuid4()))
            if target["type"] == "scrape":
                if "url" in target:
                    if "urls" in target:
                        raise InvalidRequest(details=[issue(["targets", index], "Unrecognized key in body: url", "unrecognized_keys", keys=["url"])])
                    target["urls"] = [target.pop("url")]
                if not target.get("urls"):
                    raise InvalidRequest(details=[issue(["targets", index, "urls"], "Required", "invalid_type")])
                target["urls"] = [_checked_url(url, ["targets", index, "urls", n]) for n, url in enumerate(target["urls"])]
                target.setdefault("scrapeOptions", {})
            elif target["type"] == "crawl":
                target["url"] = _checked_url(target["url"], ["targets", index, "url"])
                target.setdefault("crawlOptions", {})
                target.setdefault("scrapeOptions", {})
            else:
                for ignored in ("depth", "alertMode", "recheckAfter", "scrapeOptions"):
                    target.pop(ignored, None)
                target.setdefault("searchWindow", "24h")
                target.setdefault("maxResults", 10)
                if target.get("includeDomains") and target.get("excludeDomains"):
                    message = "includeDomains and excludeDomains are mutually exclusive"
                    raise InvalidRequest(details=[issue(["targets", index, "excludeDomains"], message)])
                for name in ("includeDomains", "excludeDomains"):
                    if name in target:
                        target[name] = [d.strip().lower() for d in target[name]]
            targets.append(target)
        return targets

    @staticmethod
    def _check_goal(targets: list[dict[str, Any]], goal: str | None, judge_enabled: bool | None, *, plain: bool) -> None:
        if any(t["type"] == "search" for t in targets) and judge_enabled is not False and not goal:
            message = "A search target requires a non-empty goal"
            if plain:
                raise MonitorRefused(message)
            raise InvalidRequest(details=[issue(["goal"], message)])

    @staticmethod
    def _schedule(given: dict[str, Any]) -> dict[str, str]:
        cron, text, zone = given.get("cron"), given.get("text"), given.get("timezone", "UTC")
        if not cron and not text:
            message = "Schedule must include either cron or text"
            raise InvalidRequest(details=[issue(["schedule", "cron"], message)])
        if cron and text:
            message = "Schedule must include either cron or text, not both"
            raise InvalidRequest(details=[issue(["schedule", "text"], message)])
        if text:
            try:
                cron = schedules.text_to_cron(text)
            except schedules.ScheduleError as error:
                raise InvalidRequest(details=[issue(["schedule", "text"], str(error))]) from None
        return {"cron": str(cron), "timezone": zone}

    @staticmethod
    def _validate(schedule: dict[str, str], moment: datetime) -> tuple[datetime, timedelta, timedelta | None]:
        try:
            return schedules.validate(schedule["cron"], schedule["timezone"], moment)
        except schedules.ScheduleError as error:
            raise MonitorRefused(str(error)) from None


def _notification(given: dict[str, Any]) -> dict[str, Any]:
    """The notification settings with the service's defaults filled in."""
    if "email" in given:
        given = {**given, "email": {"enabled": False, "recipients": [], "includeDiffs": False, **given["email"]}}
    return given


def _checked_url(url: str, path: list[str | int]) -> str:
    """``url`` as the service's URL schema reads it (http:// in front of a bare host), or the
    refusal with its message."""
    url = with_scheme(url.strip())
    problem = url_problem(url)
    if problem is not None:
        raise InvalidRequest(details=[issue(path, problem)])
    return url


def _goal(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    return value.strip() or None


def _reason(failure: Exception) -> str:
    if isinstance(failure, ValidationError):
        first = failure.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
    return str(failure) or type(failure).__name__
