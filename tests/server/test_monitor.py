"""Monitors (issue 45): the contract's operations on the reference server, their checks on the moved
clock, change detection on pages the test edits, notifications, retention, firecrawl-py's methods."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from webdata_conformance.client import contract_problems
from webdata_server import ReferenceServer, schedules
from webdata_server.testing import Sandbox

from tests.server.conftest import OPERATIONS


@pytest.fixture(scope="module")
def reference() -> Iterator[ReferenceServer]:
    with ReferenceServer() as server:
        yield server


@pytest.fixture
def sandbox(reference: ReferenceServer) -> Iterator[Sandbox]:
    with reference.sandbox() as made:
        yield made


def call(sandbox: Sandbox, operation_id: str, *, json_body: Any = None, params: dict[str, Any] | None = None, **path: str) -> httpx.Response:
    """One operation by operationId, its answer checked against the contract."""
    operation = OPERATIONS[operation_id]
    answer = httpx.request(
        operation["method"],
        sandbox.base_url + operation["path"].format(**path),
        json=json_body,
        params=params,
        headers={"Authorization": f"Bearer {sandbox.api_key}"},
    )
    assert contract_problems(operation_id, answer.status_code, answer.json()) == [], answer.text
    return answer


def create(sandbox: Sandbox, **fields: Any) -> dict[str, Any]:
    body = {"name": "watch", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://shop.example.com/pricing"]}], **fields}
    answer = call(sandbox, "createMonitor", json_body=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


def checks(sandbox: Sandbox, monitor: dict[str, Any]) -> list[dict[str, Any]]:
    return list(call(sandbox, "listMonitorChecks", monitorId=monitor["id"]).json()["data"])


def run_now(sandbox: Sandbox, monitor: dict[str, Any]) -> dict[str, Any]:
    answer = call(sandbox, "runMonitor", monitorId=monitor["id"])
    assert answer.status_code == 200, answer.text
    sandbox.advance(sandbox.server.job_seconds)  # a check takes a job's time on the clock
    return dict(call(sandbox, "getMonitorCheck", monitorId=monitor["id"], checkId=answer.json()["id"]).json()["data"])


# -- schedules ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "cron"),
    [
        ("every 30 minutes", "*/30 * * * *"),
        ("Every 15 mins starting at :05", "5-59/15 * * * *"),
        ("hourly", "0 * * * *"),
        ("every hour at :20", "20 * * * *"),
        ("every 6 hours", "0 */6 * * *"),
        ("daily at 9:00", "0 9 * * *"),
        ("daily at 9pm", "0 21 * * *"),
        ("every day at 12am", "0 0 * * *"),
        ("weekly", "0 0 * * 0"),
    ],
)
def test_schedule_words_become_the_services_cron(text: str, cron: str) -> None:
    assert schedules.text_to_cron(text) == cron


def test_the_next_run_is_read_in_the_schedules_time_zone() -> None:
    now = datetime(2026, 3, 28, 12, 0, tzinfo=UTC)
    assert schedules.next_run("0 9 * * *", now, "Europe/Berlin") == datetime(2026, 3, 29, 7, 0, tzinfo=UTC)  # the clocks went forward
    assert schedules.next_run("30 8 * * 1-5", now, "UTC") == datetime(2026, 3, 30, 8, 30, tzinfo=UTC)  # Saturday: Monday next
    assert schedules.next_run("0 0 1 1 *", now) == datetime(2027, 1, 1, tzinfo=UTC)


def test_a_created_monitor_reads_back_with_its_schedule_as_cron(sandbox: Sandbox) -> None:
    monitor = create(sandbox, schedule={"text": "daily at 9:00", "timezone": "Europe/Berlin"}, goal="price changes")
    assert monitor["schedule"] == {"cron": "0 9 * * *", "timezone": "Europe/Berlin"}
    assert monitor["status"] == "active" and monitor["judgeEnabled"] is True  # a goal turns the judge on
    assert monitor["retentionDays"] == 30
    assert monitor["estimatedCreditsPerMonth"] == 1 * 2 * 30  # one page, judged, thirty runs
    (target,) = monitor["targets"]
    assert target["type"] == "scrape" and target["id"]
    again = call(sandbox, "getMonitor", monitorId=monitor["id"]).json()["data"]
    assert again["schedule"] == monitor["schedule"] and again["nextRunAt"] == monitor["nextRunAt"]
    nine = datetime.fromisoformat(monitor["nextRunAt"].replace("Z", "+00:00")).astimezone(ZoneInfo("Europe/Berlin"))
    assert (nine.hour, nine.minute) == (9, 0)


@pytest.mark.parametrize(
    ("schedule", "status", "error"),
    [
        ({"cron": "*/2 * * * *"}, 400, "Monitor schedule must not run more often than every 5 minutes"),
        # Every interval over a whole period counts, not the next two (at hh:52 the next two runs of
        # the first are 6 minutes apart; the worker later met 12:58 then 12:59).
        ({"cron": "0-53,58-59 * * * *"}, 400, "Monitor schedule must not run more often than every 5 minutes"),
        ({"cron": "0,5,10,11 * * * *"}, 400, "Monitor schedule must not run more often than every 5 minutes"),
        ({"cron": "0,3 0 * * *"}, 400, "Monitor schedule must not run more often than every 5 minutes"),
        ({"cron": "0 9 * *"}, 400, "Cron expression must contain five fields"),
        ({"cron": "61 * * * *"}, 400, 'Invalid cron field: minute "61" (allowed: 0-59, *, lists, ranges and steps)'),
        ({"cron": "0 9 * 13 *"}, 400, 'Invalid cron field: month "13" (allowed: 1-12, *, lists, ranges and steps)'),
        ({"cron": "0 9 * * mon"}, 400, 'Invalid cron field: day-of-week "mon" (allowed: 0-7, *, lists, ranges and steps)'),
        ({"cron": "*/0 9 * * *"}, 400, 'Invalid cron step: minute "*/0" (a step is a whole number of at least 1)'),
        ({"cron": "0 9 * * *", "timezone": "Mars/Olympus"}, 400, "Invalid monitor schedule timezone: Mars/Olympus"),
        ({"text": "every 7 minutes"}, 400, "Minute interval must divide evenly into 60"),
        ({"text": "twice a fortnight"}, 400, "Unsupported schedule text. Try phrases like 'every 30 minutes', 'hourly', or 'daily at 9:00'"),
        ({}, 400, "Schedule must include either cron or text"),
        ({"cron": "0 9 * * *", "text": "hourly"}, 400, "Schedule must include either cron or text, not both"),
    ],
)
def test_a_schedule_that_cannot_run_is_refused_with_the_services_text(sandbox: Sandbox, schedule: dict[str, Any], status: int, error: str) -> None:
    answer = call(sandbox, "createMonitor", json_body={"name": "x", "schedule": schedule, "targets": [{"type": "scrape", "urls": ["https://a.example.com"]}]})
    assert (answer.status_code, answer.json()["error"]) == (status, error)


def test_one_monitor_the_worker_cannot_run_is_paused_and_every_other_runs(reference: ReferenceServer, sandbox: Sandbox) -> None:
    broken = create(sandbox, name="broken")
    store = reference._store
    monitor, team_id, key_id = store.monitors.get(broken["id"])
    monitor["schedule"] = {"cron": "0 0 31 2 *", "timezone": "UTC"}  # no run in a year: next_run raises
    store.write(lambda tx: store.monitors.put(tx, monitor, team_id=team_id, key_id=key_id))
    with reference.sandbox() as other:
        healthy = create(other, name="healthy")
        for _ in range(2):  # two hours: the broken one is due first, every pass
            reference.advance(3600)
        assert call(sandbox, "getMonitor", monitorId=broken["id"]).json()["data"]["status"] == "paused"
        (failed,) = checks(sandbox, broken)
        assert failed["status"] == "failed" and "paused" in failed["error"] and "within one year" in failed["error"]
        assert len([c for c in checks(other, healthy) if c["trigger"] == "scheduled"]) == 2


@pytest.mark.parametrize(("method", "path"), [("POST", "/v2/monitor"), ("PATCH", "/v2/monitor/{id}")])
def test_a_body_that_is_not_json_is_refused_as_the_service_refuses_it(sandbox: Sandbox, method: str, path: str) -> None:
    # Issue 56: the service's body parser answers BAD_REQUEST_INVALID_JSON before any controller;
    # the monitor operations' 400 schema allowed only BAD_REQUEST.
    monitor = create(sandbox)
    answer = httpx.request(
        method,
        sandbox.base_url + path.format(id=monitor["id"]),
        content=b"{bad",
        headers={"Authorization": f"Bearer {sandbox.api_key}", "Content-Type": "application/json"},
    )
    assert answer.status_code == 400
    assert answer.json() == {"success": False, "code": "BAD_REQUEST_INVALID_JSON", "error": "Bad request, malformed JSON"}
    operation = "createMonitor" if method == "POST" else "updateMonitor"
    assert contract_problems(operation, 400, answer.json()) == []


def test_a_check_too_large_for_its_schedule_is_refused(sandbox: Sandbox) -> None:
    # Issue 57: 50 targets of 1,000 URLs every 5 minutes were accepted; a check took 455 s.
    targets = [{"type": "scrape", "urls": [f"https://big-{t}.example.com/{n}" for n in range(600)]} for t in range(2)]
    body = {"name": "big", "schedule": {"cron": "*/5 * * * *"}, "targets": targets}
    refused = call(sandbox, "createMonitor", json_body=body)
    assert refused.status_code == 400
    assert "at most 200 pages per minute between its runs (1,000 every 5 minutes); this one would scrape 1,200" in refused.json()["error"]
    made = call(sandbox, "createMonitor", json_body={**body, "schedule": {"text": "hourly"}})
    assert made.status_code == 200, made.text
    more_often = call(sandbox, "updateMonitor", monitorId=made.json()["data"]["id"], json_body={"schedule": {"cron": "*/5 * * * *"}})
    assert more_often.status_code == 400 and "1,200" in more_often.json()["error"]
    call(sandbox, "deleteMonitor", monitorId=made.json()["data"]["id"])  # later tests move the clock past its runs


def test_bad_targets_and_emails_are_refused(sandbox: Sandbox) -> None:
    base = {"name": "x", "schedule": {"text": "hourly"}}
    for body in (
        {**base, "targets": []},
        {**base, "targets": [{"type": "scrape", "urls": ["https://a.example.com"]}] * 51},
        {**base, "targets": [{"type": "ftp", "url": "https://a.example.com"}]},
        {
            **base,
            "targets": [{"type": "scrape", "urls": ["https://a.example.com"]}],
            "notification": {"email": {"enabled": True, "recipients": ["not-an-email"]}},
        },
        {**base, "targets": [{"type": "scrape", "urls": ["https://a.example.com"]}], "retentionDays": 0},
    ):
        answer = call(sandbox, "createMonitor", json_body=body)
        assert answer.status_code == 400 and answer.json()["code"] == "BAD_REQUEST", answer.text
    search = {**base, "targets": [{"type": "search", "queries": ["coffee"]}]}
    answer = call(sandbox, "createMonitor", json_body=search)
    assert answer.json()["error"] == "A search target requires a non-empty goal"
    both = {**search, "goal": "new cafes", "targets": [{"type": "search", "queries": ["coffee"], "includeDomains": ["a.com"], "excludeDomains": ["b.com"]}]}
    assert call(sandbox, "createMonitor", json_body=both).json()["error"] == "includeDomains and excludeDomains are mutually exclusive"
    assert call(sandbox, "getMonitor", monitorId="not-a-uuid").status_code == 400


# -- the life of a monitor ------------------------------------------------------------------------
def test_run_makes_a_check_and_the_second_sees_the_same_page(sandbox: Sandbox) -> None:
    monitor = create(sandbox)
    first = run_now(sandbox, monitor)
    assert (first["status"], first["trigger"], first["summary"]) == (
        "completed",
        "manual",
        {"totalPages": 1, "same": 0, "changed": 0, "new": 1, "removed": 0, "error": 0},
    )
    (page,) = first["pages"]
    assert (page["url"], page["status"], page["previousScrapeId"]) == ("https://shop.example.com/pricing", "new", None)
    second = run_now(sandbox, monitor)
    assert second["summary"]["same"] == 1
    assert second["pages"][0]["previousScrapeId"] == page["currentScrapeId"]
    read = call(sandbox, "getMonitor", monitorId=monitor["id"]).json()["data"]
    assert read["lastCheckSummary"] == second["summary"] and read["currentCheckId"] is None
    assert [c["id"] for c in checks(sandbox, monitor)] == [second["id"], first["id"]]


def test_a_change_is_found_diffed_and_judged(sandbox: Sandbox) -> None:
    url = "https://shop.example.com/widgets/price-watch"
    sandbox.set_page(url, "Widget\n\nPrice: 10 EUR", title="Widget")
    monitor = create(sandbox, targets=[{"type": "scrape", "urls": [url]}], goal="Tell me when the price changes")
    run_now(sandbox, monitor)
    sandbox.set_page(url, "Widget\n\nPrice: 12 EUR", title="Widget")
    check = run_now(sandbox, monitor)
    (page,) = check["pages"]
    assert page["status"] == "changed"
    assert "-Price: 10 EUR" in page["diff"]["text"] and "+Price: 12 EUR" in page["diff"]["text"]
    judgment = page["judgment"]
    assert judgment["meaningful"] is True and judgment["confidence"] == "medium"
    assert judgment["meaningfulChanges"] == [{"type": "changed", "before": "Price: 10 EUR", "after": "Price: 12 EUR", "reason": "mentions 'price' of the goal"}]
    changed = call(sandbox, "getMonitorCheck", monitorId=monitor["id"], checkId=check["id"], params={"status": "changed"}).json()["data"]["pages"]
    assert [p["url"] for p in changed] == [url]
    sandbox.set_page(url, "Widget\n\nPrice: 12 EUR\n\nNow in blue", title="Widget")
    quiet = run_now(sandbox, monitor)["pages"][0]
    assert quiet["status"] == "changed" and quiet["judgment"]["meaningful"] is False


def test_json_extraction_diffs_by_field(sandbox: Sandbox) -> None:
    url = "https://shop.example.com/widgets/json-watch"
    schema = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
    sandbox.set_page(url, "First", title="Old title")
    monitor = create(sandbox, targets=[{"type": "scrape", "urls": [url], "scrapeOptions": {"formats": [{"type": "json", "schema": schema}]}}])
    first = run_now(sandbox, monitor)["pages"][0]
    assert first["snapshot"]["json"]["title"]
    sandbox.set_page(url, "Second", title="New title")
    page = run_now(sandbox, monitor)["pages"][0]
    assert page["status"] == "changed" and page["diff"]["text"]


def test_a_crawl_target_reports_new_and_removed_pages(sandbox: Sandbox) -> None:
    monitor = create(sandbox, targets=[{"type": "crawl", "url": "https://site.example.com", "crawlOptions": {"limit": 8}}])
    first = run_now(sandbox, monitor)
    assert first["summary"]["new"] == first["summary"]["totalPages"] > 1
    sandbox.fail_pages("https://site.example.com/blog*", status=None)
    second = run_now(sandbox, monitor)
    summary = second["summary"]
    assert summary["totalPages"] == summary["same"] + summary["changed"] + summary["new"] + summary["removed"] + summary["error"]
    assert summary["error"] >= 1 and second["status"] == "partial"
    call(sandbox, "updateMonitor", monitorId=monitor["id"], json_body={"targets": [{**monitor["targets"][0], "crawlOptions": {"limit": 3}}]})
    third = run_now(sandbox, monitor)
    assert third["summary"]["same"] == 3 and third["summary"]["removed"] == 5
    assert all(p["status"] != "removed" or p["currentScrapeId"] is None for p in third["pages"])


def test_a_search_target_finds_results_once(sandbox: Sandbox) -> None:
    monitor = create(sandbox, goal="new coffee shops", targets=[{"type": "search", "queries": ["coffee"], "maxResults": 3, "depth": "deep"}])
    assert "depth" not in monitor["targets"][0] and monitor["targets"][0]["searchWindow"] == "24h"
    first = run_now(sandbox, monitor)
    assert first["summary"]["new"] == 3 and first["actualCredits"] == 0
    assert run_now(sandbox, monitor)["summary"]["same"] == 3


def test_pages_of_a_check_page_with_next(sandbox: Sandbox) -> None:
    monitor = create(sandbox, targets=[{"type": "scrape", "urls": [f"https://paged.example.com/{n}" for n in range(5)]}])
    check = run_now(sandbox, monitor)
    answer = call(sandbox, "getMonitorCheck", monitorId=monitor["id"], checkId=check["id"], params={"limit": 2}).json()
    assert len(answer["data"]["pages"]) == 2 and answer["next"].endswith("skip=2&limit=2")
    rest = httpx.get(answer["next"], headers={"Authorization": f"Bearer {sandbox.api_key}"}).json()["data"]
    assert len(rest["pages"]) == 2
    assert check["actualCredits"] == 5
    usage = sandbox.client.team.get_credit_usage()
    assert usage.plan_credits - usage.remaining_credits == 5


def test_a_paused_monitor_does_not_run_and_resumes(sandbox: Sandbox) -> None:
    monitor = create(sandbox)
    paused = call(sandbox, "updateMonitor", monitorId=monitor["id"], json_body={"status": "paused"}).json()["data"]
    assert (paused["status"], paused["nextRunAt"]) == ("paused", None)
    refused = call(sandbox, "runMonitor", monitorId=monitor["id"])
    assert (refused.status_code, refused.json()["error"]) == (409, "Monitor is paused. Resume it before running a check.")
    sandbox.advance(3 * 3600)
    assert checks(sandbox, monitor) == []
    resumed = call(sandbox, "updateMonitor", monitorId=monitor["id"], json_body={"status": "active"}).json()["data"]
    assert resumed["status"] == "active" and resumed["nextRunAt"]
    sandbox.advance(3600)
    assert [c["trigger"] for c in checks(sandbox, monitor)] == ["scheduled"]
    assert call(sandbox, "updateMonitor", monitorId=monitor["id"], json_body={}).status_code == 400


def test_a_running_check_refuses_a_second_run(sandbox: Sandbox) -> None:
    monitor = create(sandbox)
    first = call(sandbox, "runMonitor", monitorId=monitor["id"]).json()
    sandbox.advance(sandbox.server.job_seconds / 2)
    running = call(sandbox, "listMonitorChecks", monitorId=monitor["id"]).json()["data"][0]
    assert running["status"] == "running"
    refused = call(sandbox, "runMonitor", monitorId=monitor["id"])
    assert refused.status_code == 409 and refused.json()["checkId"] == first["id"]
    sandbox.advance(sandbox.server.job_seconds)
    assert call(sandbox, "runMonitor", monitorId=monitor["id"]).status_code == 200


def test_daily_at_nine_runs_three_checks_in_three_days(sandbox: Sandbox) -> None:
    monitor = create(sandbox, schedule={"text": "daily at 9:00"})
    for _ in range(3):
        sandbox.advance(86400)
    made = checks(sandbox, monitor)
    assert [c["trigger"] for c in made] == ["scheduled"] * 3
    due = sorted(datetime.fromisoformat(c["scheduledFor"].replace("Z", "+00:00")) for c in made)
    assert all((d.hour, d.minute) == (9, 0) for d in due)
    assert [b - a for a, b in itertools.pairwise(due)] == [timedelta(days=1)] * 2


def test_a_deleted_monitor_is_gone(sandbox: Sandbox) -> None:
    monitor = create(sandbox)
    run_now(sandbox, monitor)
    assert call(sandbox, "deleteMonitor", monitorId=monitor["id"]).json() == {"success": True}
    assert call(sandbox, "getMonitor", monitorId=monitor["id"]).status_code == 404
    assert call(sandbox, "listMonitorChecks", monitorId=monitor["id"]).status_code == 404
    assert call(sandbox, "deleteMonitor", monitorId=monitor["id"]).status_code == 404
    assert monitor["id"] not in [m["id"] for m in call(sandbox, "listMonitors").json()["data"]]


def test_another_teams_monitor_is_not_found(reference: ReferenceServer, sandbox: Sandbox) -> None:
    monitor = create(sandbox)
    with reference.sandbox() as other:
        assert call(other, "getMonitor", monitorId=monitor["id"]).status_code == 404
        assert call(other, "runMonitor", monitorId=monitor["id"]).status_code == 404
        assert call(other, "listMonitors").json()["data"] == []


def test_list_pages_with_limit_and_offset(sandbox: Sandbox) -> None:
    made = [create(sandbox, name=f"m{n}") for n in range(3)]
    listed = call(sandbox, "listMonitors", params={"limit": 2, "offset": 1}).json()["data"]
    assert [m["name"] for m in listed] == ["m1", "m0"]
    assert len(made) == 3
    assert call(sandbox, "listMonitors", params={"limit": 101}).status_code == 400


def test_old_checks_go_after_the_retention(sandbox: Sandbox) -> None:
    monitor = create(sandbox, retentionDays=2, schedule={"text": "daily"})
    run_now(sandbox, monitor)
    sandbox.advance(86400)
    assert len(checks(sandbox, monitor)) == 2
    for _ in range(3):
        sandbox.advance(86400)
    kept = checks(sandbox, monitor)
    # A check counts from its end (a moved clock runs a check long after it was due).
    oldest = min(datetime.fromisoformat(c["finishedAt"].replace("Z", "+00:00")) for c in kept)
    assert sandbox.now - oldest <= timedelta(days=2, seconds=sandbox.server.job_seconds)
    assert len(kept) < 4
    assert all(c["trigger"] == "scheduled" for c in kept)


def test_a_check_run_by_a_clock_jump_past_the_retention_is_kept(sandbox: Sandbox) -> None:
    # Issue 57: the check a jump ran counted from when it was due, so the same pass charged it and
    # deleted it as older than the retention.
    monitor = create(sandbox, retentionDays=1, schedule={"text": "daily"})
    sandbox.advance(3 * 86400)  # one jump of three days: the daily check due on the first day runs
    (kept,) = [c for c in checks(sandbox, monitor) if c["trigger"] == "scheduled"]
    assert kept["status"] in ("completed", "partial") and kept["actualCredits"] >= 1


def test_a_team_without_credits_skips_its_check(reference: ReferenceServer) -> None:
    with reference.sandbox(plan_tokens=0) as poor:
        monitor = create(poor)
        check = run_now(poor, monitor)
        assert (check["status"], check["actualCredits"]) == ("skipped_no_credits", 0)


# -- notifications --------------------------------------------------------------------------------
def test_webhook_events_of_a_check(sandbox: Sandbox) -> None:
    monitor = create(sandbox, webhook={"url": "https://hooks.example.org/monitor", "metadata": {"team": "pricing"}})
    check = run_now(sandbox, monitor)
    events = sandbox.events()
    assert [e.type for e in events] == ["monitor.page", "monitor.check.completed"]
    page, done = (e.body for e in events)
    assert page["id"] == done["id"] == check["id"]
    assert page["data"][0] | {"currentScrapeId": None} == {
        "monitorId": monitor["id"], "checkId": check["id"], "url": "https://shop.example.com/pricing", "status": "new",
        "previousScrapeId": None, "currentScrapeId": None, "error": None, "isMeaningful": True, "judgment": None, "diff": None,
    }  # fmt: skip
    assert done["data"] == [{"monitorId": monitor["id"], "checkId": check["id"], "status": "completed", "summary": check["summary"]}]
    assert done["metadata"] == {"team": "pricing"}
    only = create(sandbox, webhook={"url": "https://hooks.example.org/x", "events": ["monitor.check.completed"]})
    run_now(sandbox, only)
    assert [e.type for e in sandbox.events() if e.body["id"] != check["id"]] == ["monitor.check.completed"]


def test_email_recipients_confirm_then_get_summaries_of_changes(sandbox: Sandbox) -> None:
    url = "https://shop.example.com/widgets/email-watch"
    sandbox.set_page(url, "Price: 5")
    notification = {"email": {"enabled": True, "recipients": ["ops@example.org", "boss@example.org"], "includeDiffs": True}}
    monitor = create(sandbox, targets=[{"type": "scrape", "urls": [url]}], notification=notification)
    assert [(s["email"], s["status"], s["confirmationEmailSent"]) for s in monitor["emailRecipientSubscriptions"]] == [
        ("boss@example.org", "pending", True),
        ("ops@example.org", "pending", True),
    ]
    assert {e["to"] for e in sandbox.outbox() if e["kind"] == "confirmation"} == {"ops@example.org", "boss@example.org"}
    assert sandbox.confirm_email("ops@example.org")["result"] == "confirmed"
    run_now(sandbox, monitor)  # every page new: a summary to the confirmed recipient only
    sandbox.set_page(url, "Price: 6")
    run_now(sandbox, monitor)
    summaries = [e for e in sandbox.outbox() if e["kind"] == "summary"]
    assert {e["to"] for e in summaries} == {"ops@example.org"}
    assert summaries[-1]["subject"] == "[watch] 1 changed, 0 new, 0 removed, 0 failed"
    assert "+Price: 6" in summaries[-1]["body"]
    read = call(sandbox, "getMonitor", monitorId=monitor["id"]).json()["data"]
    assert {s["email"]: s["status"] for s in read["emailRecipientSubscriptions"]} == {"boss@example.org": "pending", "ops@example.org": "confirmed"}
    same = run_now(sandbox, monitor)
    assert same["summary"]["same"] == 1
    assert len([e for e in sandbox.outbox() if e["kind"] == "summary"]) == len(summaries)  # nothing changed: no email


def test_the_outbox_reads_from_the_admin_command(reference: ReferenceServer, sandbox: Sandbox) -> None:
    import subprocess
    import sys

    create(sandbox, notification={"email": {"enabled": True, "recipients": ["cli@example.org"]}})
    done = subprocess.run(
        [sys.executable, "-m", "webdata_server", "admin", "--db", str(reference.database), "outbox", "--to", "cli@example.org"],
        capture_output=True,
        text=True,
        check=True,
    )
    (email,) = json.loads(done.stdout)
    assert email["kind"] == "confirmation" and email["teamId"] == sandbox.team_id


# -- the official SDK ----------------------------------------------------------------------------
def test_firecrawl_py_monitor_methods(sandbox: Sandbox) -> None:
    app = sandbox.firecrawl
    url = "https://shop.example.com/widgets/sdk-watch"
    sandbox.set_page(url, "Stock: 3")
    # The server's clock starts at the wall clock's time: move it to a second past a half hour, so
    # that the schedule's first run is 30 minutes away (made a few seconds before a half hour, the
    # monitor would run on schedule during the manual check, then again 30 minutes later).
    now = sandbox.now
    sandbox.advance(1800 - (now.minute % 30) * 60 - now.second - now.microsecond / 1e6 + 1)
    monitor = app.create_monitor(name="sdk", schedule={"text": "every 30 minutes"}, targets=[{"type": "scrape", "url": url}], goal="stock level")
    assert monitor.schedule.cron == "*/30 * * * *" and monitor.judge_enabled
    assert [m.id for m in app.list_monitors()] == [monitor.id]
    assert app.get_monitor(monitor.id).targets[0]["urls"] == [url]
    run = app.run_monitor(monitor.id)
    assert run.status == "queued" and run.trigger == "manual"
    sandbox.advance(sandbox.server.job_seconds)
    sandbox.set_page(url, "Stock: 0")
    sandbox.advance(30 * 60)  # the schedule's time: the check starts
    sandbox.advance(sandbox.server.job_seconds)  # and takes a job's time
    listed = app.list_monitor_checks(monitor.id)
    assert [c.trigger for c in listed] == ["scheduled", "manual"]
    detail = app.get_monitor_check(monitor.id, listed[0].id)
    assert detail.summary.changed == 1 and detail.pages[0].status == "changed"
    assert detail.pages[0].judgment is not None and detail.pages[0].judgment.meaningful
    updated = app.update_monitor(monitor.id, status="paused")
    assert updated.status == "paused"
    assert app.delete_monitor(monitor.id) is True
    with pytest.raises(Exception, match="Monitor not found"):
        app.get_monitor(monitor.id)


def test_the_clients_monitors_resource(sandbox: Sandbox) -> None:
    monitors = sandbox.client.monitors
    made = monitors.create(name="client", schedule={"text": "hourly"}, targets=[{"type": "scrape", "urls": ["https://client.example.com"]}])
    assert made.schedule.cron == "0 * * * *"
    assert monitors.pause(made.id).status == "paused"
    assert monitors.get(made.id).next_run_at is None
    assert monitors.resume(made.id).status == "active"
    run = monitors.run(made.id)
    sandbox.advance(sandbox.server.job_seconds)
    detail = monitors.get_check(made.id, run.id, limit=1).data
    assert detail.status == "completed" and [p.status for p in detail.pages] == ["new"]
    assert [m.id for m in monitors.list(limit=5).data] == [made.id]
    assert monitors.delete(made.id).success


# -- daylight saving (issue 73 item 4) ------------------------------------------------------------
# The service's next run (monitoring/cron.ts getNextMonitorRunAt) is the first whole UTC minute after
# now whose wall clock in the schedule's zone matches the cron; its own test compares its jumps with
# a minute-by-minute walk. So a local time the spring change skips has no run that day, and the hour
# the autumn change repeats runs twice (``0,59 1 * * *`` in New York: 01:59 EDT and 01:00 EST are
# one minute apart); the scheduler takes the next run from the minute it dispatches
# (monitoring/store.ts dispatchScheduledMonitorCheck).
_CHANGES = [
    ("America/New_York", datetime(2027, 3, 13, 12, tzinfo=UTC)),
    ("America/New_York", datetime(2027, 11, 6, 12, tzinfo=UTC)),
    ("Europe/London", datetime(2027, 10, 30, 12, tzinfo=UTC)),
    ("Australia/Lord_Howe", datetime(2027, 4, 3, 12, tzinfo=UTC)),  # half an hour back, at 02:00
    ("Australia/Lord_Howe", datetime(2027, 10, 2, 12, tzinfo=UTC)),
    ("Asia/Beirut", datetime(2027, 3, 27, 12, tzinfo=UTC)),  # forward at midnight
    ("America/Santiago", datetime(2027, 4, 3, 12, tzinfo=UTC)),
    ("America/Santiago", datetime(2027, 9, 4, 12, tzinfo=UTC)),
]


def _minute_by_minute(cron: str, after: datetime, zone: str) -> datetime | None:
    spec, tz = schedules.Cron.parse(cron), ZoneInfo(zone)
    candidate = after.astimezone(UTC).replace(second=0, microsecond=0) + timedelta(minutes=1)
    for _ in range(3 * 24 * 60):
        local = candidate.astimezone(tz)
        if local.minute in spec.minutes and local.hour in spec.hours and spec.day_matches(local):
            return candidate
        candidate += timedelta(minutes=1)
    return None


@settings(max_examples=300, deadline=None)
@given(
    change=st.sampled_from(_CHANGES),
    minutes=st.sampled_from(["0", "30", "0,59", "*/15", "45", "5-59/20", "59"]),
    hours=st.sampled_from(["*", "0", "1", "2", "0-3", "1,2", "23", "*/2", "0,23"]),
    weekdays=st.sampled_from(["*", "0", "6", "1-5"]),
    offset=st.integers(0, 36 * 60),
)
def test_the_next_run_is_the_first_minute_whose_wall_clock_matches(change: tuple[str, datetime], minutes: str, hours: str, weekdays: str, offset: int) -> None:
    zone, start = change
    cron, after = f"{minutes} {hours} * * {weekdays}", start + timedelta(minutes=offset)
    expected = _minute_by_minute(cron, after, zone)
    if expected is not None:
        assert schedules.next_run(cron, after, zone) == expected


def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _next_change(zone: str, after: datetime, *, forward: bool) -> datetime:
    """The first instant after ``after`` where ``zone``'s offset grows (forward) or shrinks."""
    tz, hour = ZoneInfo(zone), after.replace(minute=0, second=0, microsecond=0)
    while True:
        offset, later = hour.astimezone(tz).utcoffset(), (hour + timedelta(hours=1)).astimezone(tz).utcoffset()
        assert offset is not None and later is not None
        if (later > offset) if forward else (later < offset):
            return hour + timedelta(hours=1)
        hour += timedelta(hours=1)


@pytest.mark.parametrize("forward", [True, False], ids=["spring", "autumn"])
def test_a_monitor_runs_as_the_service_runs_it_on_both_changes_of_the_year(forward: bool) -> None:
    zone, tz = "America/New_York", ZoneInfo("America/New_York")
    with ReferenceServer() as server, server.sandbox() as sandbox:
        change = _next_change(zone, server.now, forward=forward)
        server.advance((change - timedelta(days=1) - server.now).total_seconds())
        cron = "30 2 * * *" if forward else "0,59 1 * * *"
        monitor = create(sandbox, schedule={"cron": cron, "timezone": zone})
        # Hour by hour (a clock moved a day at once makes one check, as a service back from a day
        # down would), minute by minute through the night of the change.
        while server.now < change + timedelta(days=2):
            near = abs(server.now - change) < timedelta(hours=2)
            server.advance(60 if near else 3600)
        due = sorted(datetime.fromisoformat(c["scheduledFor"].replace("Z", "+00:00")) for c in checks(sandbox, monitor))
        local = [d.astimezone(tz) for d in due]
        day = change.astimezone(tz).date()
        if forward:  # 02:30 does not exist that night: no run that day, one on each other day
            assert [d.date() for d in local] == [day - timedelta(days=1), day + timedelta(days=1), day + timedelta(days=2)]
            assert all((d.hour, d.minute) == (2, 30) for d in local)
        else:  # 01:00 and 01:59 twice that night, the second 01:00 one minute after the first 01:59
            that_night = [d for d in due if d.astimezone(tz).date() == day]
            assert [(d.astimezone(tz).hour, d.astimezone(tz).minute) for d in that_night] == [(1, 0), (1, 59), (1, 0), (1, 59)]
            assert that_night[2] - that_night[1] == timedelta(minutes=1)
            statuses = {c["scheduledFor"]: c["status"] for c in checks(sandbox, monitor)}
            assert [statuses[iso(d)] for d in that_night] == ["completed"] * 4  # a check takes seconds: none overlaps the next
