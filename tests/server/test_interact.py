"""Interact (POST/DELETE /v2/scrape/{jobId}/interact) and standalone browser sessions (/v2/browser):
the answers, the refusals with the service's texts, sessions on the one clock, billing once by
duration, profiles with one writer, and a session that outlives a restart (kill -9 included).
Every answer is checked against the contract by the ``Api`` helper."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webdata_server.jobs.clock import ManualClock

from tests.server.conftest import Api, LiveServer, Server

LOGIN = "await page.fill('#username', 'ada');\nawait page.fill('#password', 'secret');\nawait page.click('#sign-in');\nawait page.textContent('#greeting')"


def _scrape(api: Api, url: str = "https://shop.example.com/app/login", **options: Any) -> str:
    response = api("scrapeUrl", json={"url": url, "formats": ["markdown"], **options})
    assert response.status_code == 200, response.text
    scrape_id = response.json()["data"]["metadata"]["scrapeId"]
    assert len(scrape_id) == 36 and scrape_id.count("-") == 4
    return str(scrape_id)


def _used(server: Server, team_id: str) -> int:
    rows = server.store.db.read("SELECT COALESCE(SUM(credits), 0) AS n FROM ledger WHERE team_id = ?", (team_id,))
    return int(rows[0]["n"])


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))


@pytest.fixture
def session_server(make_server: Any, clock: ManualClock) -> Server:
    return make_server(clock=clock, worker_interval=3600.0)


def test_code_signs_in_and_the_session_keeps_its_page_between_calls(session_server: Server) -> None:
    api = session_server.api
    scrape_id = _scrape(api)
    first = api("interactWithScrape", jobId=scrape_id, json={"code": LOGIN}).json()
    assert first["success"] is True and first["exitCode"] == 0 and first["killed"] is False
    assert first["result"] == "Signed in as ada."
    assert first["sessionId"] and first["cdpUrl"].startswith("ws://")
    # The second call runs in the same session: the page, its URL and its cookie carried over.
    second = api(
        "interactWithScrape",
        jobId=scrape_id,
        json={"code": "console.log(page.url()); (await page.context().cookies()).map(c => c.name + '=' + c.value).join(';')"},
    ).json()
    assert second["stdout"] == "https://shop.example.com/app/account\n"
    assert second["result"] == "session=ada"
    assert second["sessionId"] == first["sessionId"]


@pytest.mark.parametrize(
    ("language", "code", "result"),
    [
        (
            "python",
            "await page.fill('#username', 'bo')\nawait page.fill('#password', 'secret')\nawait page.get_by_role('button', name='Sign in').click()\npage.url",
            "https://shop.example.com/app/account",
        ),
        (
            "bash",
            'agent-browser snapshot -i && agent-browser fill @e5 "cy" && agent-browser fill @e6 secret && agent-browser click @e7 && agent-browser get text "#greeting"',
            "Signed in as cy.",
        ),
        (
            "node",
            "await page.getByLabel('Username').fill('di');\nawait page.getByPlaceholder('Password').fill('secret');\nawait page.keyboard.press('Enter');\nawait page.locator('#greeting').innerText()",
            "Signed in as di.",
        ),
    ],
)
def test_each_language_drives_the_same_page(session_server: Server, language: str, code: str, result: str) -> None:
    scrape_id = _scrape(session_server.api)
    answer = session_server.api("interactWithScrape", jobId=scrape_id, json={"code": code, "language": language}).json()
    assert answer["success"] is True, answer
    assert answer["result"] == result


def test_the_first_call_replays_the_scrape_actions_and_wait(session_server: Server) -> None:
    api = session_server.api
    scrape_id = _scrape(api, "https://docs.example.com/", actions=[{"type": "click", "selector": "#load-more"}, {"type": "screenshot"}], waitFor=1000)
    answer = api("interactWithScrape", jobId=scrape_id, json={"code": "await page.locator('main p').allTextContents()"}).json()
    assert "More content loaded." in answer["result"]


def test_a_failed_run_is_200_with_success_false(session_server: Server) -> None:
    api = session_server.api
    scrape_id = _scrape(api)
    missing = api("interactWithScrape", jobId=scrape_id, json={"code": "await page.click('#nowhere')"})
    assert missing.status_code == 200
    body = missing.json()
    assert body["success"] is False and body["exitCode"] == 1 and "#nowhere" in body["stderr"] and body["error"]
    unsupported = api("interactWithScrape", jobId=scrape_id, json={"code": "await page.route('**/*', r => r)"}).json()
    assert unsupported["success"] is False and "page.route is not supported by the reference server" in unsupported["stderr"]
    syntax = api("interactWithScrape", jobId=scrape_id, json={"code": "await page.click(", "language": "node"}).json()
    assert syntax["success"] is False and syntax["stderr"].startswith("SyntaxError")
    # A failed run leaves the session open: the next call works.
    assert api("interactWithScrape", jobId=scrape_id, json={"code": "await page.title()"}).json()["result"] == "Sign in"


def test_waits_past_the_timeout_kill_the_run(session_server: Server) -> None:
    scrape_id = _scrape(session_server.api)
    answer = session_server.api("interactWithScrape", jobId=scrape_id, json={"code": "await page.waitForTimeout(5000)", "timeout": 2}).json()
    assert answer["success"] is False and answer["killed"] is True


def test_prompts_answer_from_the_page_and_refuse_what_they_cannot_do(session_server: Server) -> None:
    api = session_server.api
    scrape_id = _scrape(api, "https://shop.example.com/app/listing")
    price = api("interactWithScrape", jobId=scrape_id, json={"prompt": "What is the price of Product 3?"}).json()
    assert price["success"] is True and price["output"] == "Product 3: $19"
    nxt = api("interactWithScrape", jobId=scrape_id, json={"prompt": "Go to the next page, then what is the title?"}).json()
    assert nxt["output"] == "Went to the next page: 'Products, page 2 of 3'. The title of the page is 'Products, page 2 of 3'."
    assert "[ref=e1]" in nxt["result"]  # the last snapshot, as the service's agent answers
    cannot = api("interactWithScrape", jobId=scrape_id, json={"prompt": "Book me a flight to Lisbon"}).json()
    assert cannot["success"] is False and "cannot follow" in cannot["stderr"] and "output" not in cannot


def test_the_requests_the_service_refuses(session_server: Server) -> None:
    api = session_server.api
    scrape_id = _scrape(api)
    neither = api("interactWithScrape", jobId=scrape_id, json={"language": "node"})
    assert neither.status_code == 400 and neither.json()["error"] == "Either 'code' or 'prompt' must be provided."
    assert api("interactWithScrape", jobId="not-a-uuid", json={"code": "1"}).json() == {
        "success": False,
        "error": "Invalid job ID format. Job ID must be a valid UUID.",
    }
    unknown = api("interactWithScrape", jobId="0b6c2f0e-8f54-4d2e-9d56-0f3f3f3f3f3f", json={"code": "1"})
    assert unknown.status_code == 404 and unknown.json()["error"] == "Job not found."
    other = session_server.api_for(session_server.tenant())
    assert other("interactWithScrape", jobId=scrape_id, json={"code": "1"}).json() == {"success": False, "error": "Forbidden."}
    assert api("stopInteraction", jobId=_scrape(api)).json() == {"success": False, "error": "Browser session not found."}
    too_long = api("interactWithScrape", jobId=scrape_id, json={"code": "1", "timeout": 301})
    assert too_long.status_code == 400
    # Keys the service's schema does not name are dropped, as its zod schema drops them.
    assert api("interactWithScrape", jobId=scrape_id, json={"code": "1 + 1", "somethingNew": True}).json()["result"] == "2"


def test_a_session_ends_at_its_inactivity_and_is_billed_once(session_server: Server, clock: ManualClock) -> None:
    api = session_server.api
    scrape_id = _scrape(api)
    before = _used(session_server, api.team_id)
    api("interactWithScrape", jobId=scrape_id, json={"code": "1", "activityTtl": 60})
    clock.advance(59)
    api("interactWithScrape", jobId=scrape_id, json={"code": "2"})  # activity moves the end on
    clock.advance(61)
    gone = api("interactWithScrape", jobId=scrape_id, json={"code": "3"})
    assert gone.status_code == 410 and gone.json()["error"] == "Browser session has been destroyed."
    # Billed for 119 s of life (to its inactivity deadline, not to the read): ceil(119 * 2 / 60) = 4.
    assert _used(session_server, api.team_id) - before == 4
    stopped = api("stopInteraction", jobId=scrape_id).json()
    assert stopped == {"success": True, "sessionDurationMs": 119_000, "cleanupQueued": True}
    assert _used(session_server, api.team_id) - before == 4


def test_the_worker_ends_sessions_at_their_ttl(session_server: Server, clock: ManualClock) -> None:
    api = session_server.api
    created = api("createBrowser", json={"ttl": 30, "activityTtl": 3600}).json()
    clock.advance(45)
    session_server.jobs.run_until_idle()
    listed = api("listBrowsers", params={"status": "destroyed"}).json()["sessions"]
    assert [s["id"] for s in listed] == [created["id"]]
    assert api("deleteBrowser", sessionId=created["id"]).json() == {"success": True, "status": "stopped", "cleanupQueued": True, "creditsBilled": 2}


def test_billing_by_duration_code_and_prompt_rates(session_server: Server, clock: ManualClock) -> None:
    api = session_server.api
    code_only = api("createBrowser", json={}).json()["id"]
    clock.advance(150)
    assert api("deleteBrowser", sessionId=code_only).json()["creditsBilled"] == 5  # 2.5 minutes at 2
    short = api("createBrowser", json={}).json()["id"]
    clock.advance(10)
    assert api("deleteBrowser", sessionId=short).json()["creditsBilled"] == 2  # at least a minute
    scrape_id = _scrape(api)
    api("interactWithScrape", jobId=scrape_id, json={"prompt": "What is the title?"})
    clock.advance(90)
    assert api("stopInteraction", jobId=scrape_id).json()["creditsBilled"] == 11  # 1.5 minutes at 7
    again = api("deleteBrowser", sessionId=code_only).json()
    assert again["creditsBilled"] == 5 and "sessionDurationMs" not in again  # nothing billed twice


def test_402_when_the_ttl_cannot_be_paid_and_429_at_the_concurrency_limit(session_server: Server) -> None:
    poor = session_server.tenant(plan_tokens=15 * 10)
    refused = session_server.api_for(poor)("createBrowser", json={"ttl": 600})
    assert refused.status_code == 402
    assert refused.json()["error"] == "Insufficient credits for a 600s browser session (requires ~20 credits)."
    tenant = session_server.tenant(max_concurrency=2)
    api = session_server.api_for(tenant)
    api("createBrowser", json={})
    api("createBrowser", json={})
    full = api("createBrowser", json={})
    assert full.status_code == 429 and full.json()["error"] == "You have reached the maximum number of concurrent jobs (2)."
    # Sessions and jobs share the limit: a crawl cannot start either.
    assert api("startCrawl", json={"url": "https://example.com"}).status_code == 429


def test_profiles_one_writer_many_readers_and_a_later_scrape_signed_in(session_server: Server) -> None:
    api = session_server.api
    writer = api("createBrowser", json={"profile": {"name": "shop", "saveChanges": True}}).json()["id"]
    second = api("createBrowser", json={"profile": {"name": "shop"}})
    assert second.status_code == 409
    assert second.json()["error"].startswith("Another session is currently writing to this profile.")
    reader = api("createBrowser", json={"profile": {"name": "shop", "saveChanges": False}})
    assert reader.status_code == 200
    code = "agent-browser open https://shop.example.com/app/login && agent-browser fill '#username' ada && agent-browser fill '#password' secret && agent-browser click '#sign-in'"
    assert api("executeBrowser", sessionId=writer, json={"code": code, "language": "bash"}).json()["exitCode"] == 0
    before = api("scrapeUrl", json={"url": "https://shop.example.com/app/account", "profile": {"name": "shop"}}).json()["data"]["markdown"]
    assert "You are not signed in." in before  # saved only when the writer stops
    api("deleteBrowser", sessionId=writer)
    after = api("scrapeUrl", json={"url": "https://shop.example.com/app/account", "profile": {"name": "shop"}}).json()["data"]["markdown"]
    assert "Signed in as ada." in after
    # A new writer may open now; another team's profile of the same name is its own.
    assert api("createBrowser", json={"profile": {"name": "shop"}}).status_code == 200
    other = session_server.api_for(session_server.tenant())
    assert (
        "You are not signed in."
        in other("scrapeUrl", json={"url": "https://shop.example.com/app/account", "profile": {"name": "shop"}}).json()["data"]["markdown"]
    )


def test_standalone_session_answers_and_refusals(session_server: Server) -> None:
    api = session_server.api
    created = api("createBrowser", json={"ttl": 120, "blockAds": True, "location": {"country": "GB"}}).json()
    assert created["success"] is True and created["expiresAt"] == "2026-11-02T09:02:00.000Z"
    failed = api("executeBrowser", sessionId=created["id"], json={"code": "agent-browser click '#nothing'", "language": "bash"}).json()
    # Unlike interact, the standalone execute answers success true with the failure beside it.
    assert failed["success"] is True and failed["exitCode"] == 1 and failed["error"]
    assert api("executeBrowser", sessionId="nope", json={"code": "1"}).json() == {"success": False, "error": "Browser session not found."}
    other = session_server.api_for(session_server.tenant())
    assert other("executeBrowser", sessionId=created["id"], json={"code": "1"}).status_code == 403
    assert other("listBrowsers").json() == {"success": True, "sessions": []}
    assert api("listBrowsers", params={"status": "sleeping"}).status_code == 400


def test_a_session_outlives_a_restart_and_kill_9_bills_it_once(live_server: LiveServer) -> None:
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "t", "--plan-tokens", "150000"))["apiKey"]
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=30) as client:
        created = client.post("/v2/browser", json={"ttl": 30}).json()
        code = "agent-browser open https://shop.example.com/app/cart && agent-browser click '.add-to-cart' && agent-browser get text '#cart-count'"
        assert client.post(f"/v2/browser/{created['id']}/execute", json={"code": code, "language": "bash"}).json()["result"] == "1"
    live_server.kill()
    live_server.start()
    with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=30) as client:
        again = client.post(f"/v2/browser/{created['id']}/execute", json={"code": "agent-browser get text '#cart-count'", "language": "bash"}).json()
        assert again["result"] == "1"  # the page (and its localStorage) came back with the server
        ended = client.delete(f"/v2/browser/{created['id']}").json()
        assert ended["creditsBilled"] == 2 and ended["sessionDurationMs"] >= 0
        assert "sessionDurationMs" not in client.delete(f"/v2/browser/{created['id']}").json()  # ended: not again
        # Billed once, across the kill: the minimum minute.
        assert client.get("/v2/team/credit-usage").json()["data"]["remainingCredits"] == 10_000 - 2


def test_the_readme_worked_example_prints_what_it_says() -> None:
    """The server README's interact example, run as written: its output is the block after it."""
    import re
    import subprocess
    import sys

    from tests.conftest import ROOT

    text = (ROOT / "server" / "README.md").read_text(encoding="utf-8")
    code, printed = re.findall(r"<!-- interact-example -->\n```python\n(.*?)```\n\nprints\n\n```\n(.*?)```", text, flags=re.DOTALL)[0]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout == printed


def test_a_crawled_page_is_a_scrape_interact_opens(session_server: Server, clock: ManualClock) -> None:
    api = session_server.api
    started = api("startCrawl", json={"url": "https://shop.example.com/", "limit": 2}).json()
    clock.advance(60)
    session_server.jobs.run_until_idle()
    documents = api("getCrawlStatus", id=started["id"]).json()["data"]
    assert len(documents) == 2
    page = documents[1]["metadata"]
    answer = api("interactWithScrape", jobId=page["scrapeId"], json={"code": "page.url()"}).json()
    assert answer["success"] is True and answer["result"] == page["sourceURL"]


def test_queue_status_counts_pages_to_scrape_jobs_and_sessions(session_server: Server, clock: ManualClock) -> None:
    tenant = session_server.tenant(max_concurrency=3)
    api = session_server.api_for(tenant)
    empty = api("getQueueStatus").json()
    assert empty == {"success": True, "jobsInQueue": 0, "activeJobsInQueue": 0, "waitingJobsInQueue": 0, "maxConcurrency": 3, "mostRecentSuccess": None}
    api("scrapeUrl", json={"url": "https://example.com/queue"})
    api("startBatchScrape", json={"urls": [f"https://example.com/q/{n}" for n in range(6)]})
    api("createBrowser", json={})
    busy = api("getQueueStatus").json()
    # Six pages to scrape and one open session: three run (the plan's limit), four wait.
    assert (busy["jobsInQueue"], busy["activeJobsInQueue"], busy["waitingJobsInQueue"]) == (7, 3, 4)
    assert busy["mostRecentSuccess"] is not None and busy["mostRecentSuccess"].startswith("20")
    clock.advance(60)
    session_server.jobs.run_until_idle()
    done = api("getQueueStatus").json()
    assert (done["jobsInQueue"], done["activeJobsInQueue"], done["waitingJobsInQueue"]) == (1, 1, 0)  # the session alone


def test_queue_status_is_counted_once_per_commit(session_server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its counts sum every active job of the team (issue 59: 16,000 running extract jobs made each
    answer ~5 ms): they are read again only after a commit, and a commit shows at once."""
    tenant = session_server.tenant(max_concurrency=2)
    api = session_server.api_for(tenant)
    jobs = session_server.store.jobs
    counted: list[str] = []
    real = jobs.queued_work

    def counting(team_id: str) -> int:
        counted.append(team_id)
        return real(team_id)

    monkeypatch.setattr(jobs, "queued_work", counting)
    first, again = api("getQueueStatus").json(), api("getQueueStatus").json()
    assert first == again and first["jobsInQueue"] == 0 and counted == [tenant.team_id]
    api("startBatchScrape", json={"urls": [f"https://example.com/once/{n}" for n in range(3)]})
    after = api("getQueueStatus").json()
    assert (after["jobsInQueue"], after["activeJobsInQueue"], after["waitingJobsInQueue"]) == (3, 2, 1) and len(counted) == 2
    assert api("getQueueStatus").json() == after and len(counted) == 2
    session_server.store.teams.update(tenant.team_id, max_concurrency=5)
    assert api("getQueueStatus").json()["activeJobsInQueue"] == 3


def test_the_interact_path_is_the_browser_path(session_server: Server) -> None:
    """The newest service routes /v2/interact beside /v2/browser: a session made on one is the
    session of the other."""
    api = session_server.api
    made = api("createInteractSession", json={"ttl": 60}).json()["id"]
    assert api("executeBrowser", sessionId=made, json={"code": "agent-browser get url", "language": "bash"}).json()["result"] == "about:blank"
    other = api("createBrowser", json={}).json()["id"]
    assert api("executeInteractSession", sessionId=other, json={"code": "1 + 1"}).json()["result"] == "2"
    assert {s["id"] for s in api("listInteractSessions").json()["sessions"]} == {made, other}
    assert api("deleteInteractSession", sessionId=other).json()["creditsBilled"] == 2
    assert api("deleteBrowser", sessionId=made).json()["creditsBilled"] == 2


def test_a_scrape_that_kept_no_url_cannot_be_replayed(session_server: Server) -> None:
    """A lockdown scrape logs no URL (as the service redacts it): its replay is unavailable (409)."""
    api = session_server.api
    api("scrapeUrl", json={"url": "https://example.com/locked"})
    locked = api("scrapeUrl", json={"url": "https://example.com/locked", "lockdown": True}).json()["data"]["metadata"]["scrapeId"]
    refused = api("interactWithScrape", jobId=locked, json={"code": "1"})
    assert refused.status_code == 409
    assert refused.json()["error"] == "Replay context is unavailable for this scrape job because the source URL was not retained."


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(
    code=st.text(alphabet=st.sampled_from(list("page.()'{}[];=+!&|$ agclikt#@0123456789\n\"")), max_size=120),
    language=st.sampled_from(["node", "python", "bash"]),
    prompt=st.text(max_size=200),
)
def test_no_code_or_prompt_answers_500_over_http(session_server: Server, code: str, language: str, prompt: str) -> None:
    api = session_server.api
    session_id = api("createBrowser", json={}).json()["id"]
    ran = api("executeBrowser", sessionId=session_id, json={"code": code or "1", "language": language})
    assert ran.status_code == 200 and ran.json()["exitCode"] in (0, 1, 2, 127, 137)
    scrape_id = _scrape(api, "https://shop.example.com/app/listing")
    asked = api("interactWithScrape", jobId=scrape_id, json={"prompt": prompt or "?"})
    assert asked.status_code == 200
    api("deleteBrowser", sessionId=session_id)
    api("stopInteraction", jobId=scrape_id)


def test_a_browser_session_needs_no_body(session_server: Server) -> None:
    """POST /v2/browser's body is optional (the service's schema defaults every field): no body, no
    Content-Type, is a session of the defaults; a body over the limit is still 413."""
    headers = {"Authorization": f"Bearer {session_server.api.key}"}
    made = session_server.client.post("/v2/browser", headers=headers)
    assert made.status_code == 200, made.text
    assert made.json()["expiresAt"] == "2026-11-02T09:10:00.000Z"  # the default ttl, 600 s


def test_a_session_stored_past_the_page_bounds_is_ended_billed_and_saved_within_them(session_server: Server, clock: ManualClock) -> None:
    """A session an older version stored with more than the bounds (issue 72: a 787 MB page state,
    whose ending failed on every pass) is ended at its ttl, billed once, its profile saved with
    what fits; the team's listing answers 200."""
    from webdata_server.browser.page import MAX_COOKIES_PER_HOST, MAX_ORIGIN_STORAGE_CHARS

    api = session_server.api
    made = api("createBrowser", json={"ttl": 60, "profile": {"name": "legacy", "saveChanges": True}}).json()["id"]
    state = {
        "url": "https://a.test/",
        "html": "<p>" + "x" * (6 * 1024 * 1024) + "</p>",
        "cookies": {"a.test": {f"c{n}": "v" * 5000 if n % 2 else "v" for n in range(400)}},
        "storage": {"https://a.test": {"big": "y" * (MAX_ORIGIN_STORAGE_CHARS + 1)}, "https://b.test": {"k": "v"}},
    }
    session_server.store.db.write(lambda tx: tx.execute("UPDATE browser_sessions SET state = ? WHERE id = ?", (json.dumps(state), made)))
    clock.advance(61)
    assert api("listBrowsers", params={"status": "active"}).json() == {"success": True, "sessions": []}
    ended = session_server.store.browsers.get(made)
    assert ended is not None and ended.status == "destroyed" and ended.credits_billed == 2
    saved = session_server.store.browsers.profile(session_server.api.team_id, "legacy")
    assert saved is not None
    kept = saved["cookies"]["a.test"]  # the 4,096-character bound drops the long ones, the per-host bound the rest
    assert len(kept) == MAX_COOKIES_PER_HOST and set(kept.values()) == {"v"}
    assert saved["storage"] == {"https://b.test": {"k": "v"}}


def test_the_worker_ends_a_session_whose_code_runs_without_waiting_for_it(session_server: Server, clock: ManualClock) -> None:
    """Issue 72: the worker ended due sessions holding each session's lock, which a running
    execute held, so every team's jobs waited on one team's code. Now the pass ends the session
    at once and kills its run, which answers 410."""
    import threading
    import time

    api = session_server.api
    session = api("createBrowser", json={"ttl": 60}).json()["id"]
    answers: list[Any] = []
    running = threading.Thread(target=lambda: answers.append(api("executeBrowser", sessionId=session, json={"code": "while (true) {}", "timeout": 60})))
    running.start()
    time.sleep(1.0)  # the run is under way in its worker
    clock.advance(61)
    started = time.monotonic()
    session_server.jobs.work()  # one pass of the job worker: sessions due are ended
    assert time.monotonic() - started < 1.0
    running.join(10)
    assert not running.is_alive() and answers[0].status_code == 410, answers
    ended = session_server.store.browsers.get(session)
    assert ended is not None and ended.status == "destroyed" and ended.credits_billed == 2
