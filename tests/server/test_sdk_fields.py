"""Fields the service and the official SDKs send beyond the seed (issue 40): the reference server
takes each, and does what the service does with the ones a client can observe (a batch scrape
appended to, agent and extract webhooks, the top-level prompt-injection check in test_scrape)."""

from __future__ import annotations

import threading
import time
import uuid
from http.server import ThreadingHTTPServer
from typing import Any

import pytest

from tests.server.conftest import Server
from tests.server.jobs.test_engine import _Receiver  # the webhook receiver of the engine's tests
from tests.server.test_jobs import _wait_for

SITE = "https://example.com"


@pytest.mark.parametrize(
    ("operation", "body"),
    [
        ("scrapeUrl", {"url": SITE, "useMock": "fixture", "domainTools": True, "toolDetail": "full", "__experimental_omceDomain": "example.com"}),
        ("scrapeUrl", {"url": SITE, "__experimental_omce": True, "integration": None}),
        ("startCrawl", {"url": SITE, "limit": 2, "robotsUserAgent": "MyBot/1.0", "integration": "_my-app", "scrapeOptions": {"useMock": "m"}}),
        ("startBatchScrape", {"urls": [SITE], "useMock": "m", "checkPromptInjection": False}),
        (
            "startExtract",
            {
                "urls": [SITE],
                "prompt": "title",
                "systemPrompt": "be brief",
                "allowExternalLinks": True,
                "limit": 5,
                "timeout": 30000,
                "urlTrace": True,
                "agent": {"model": "FIRE-1"},
                "__experimental_streamSteps": True,
                "__experimental_llmUsage": True,
                "__experimental_cacheKey": "k",
                "__experimental_cacheMode": "save",
                "__experimental_showCostTracking": True,
            },
        ),
        ("startAgent", {"prompt": "find it", "effort": "low", "mode": "chat", "threadId": "t-1", "exchange": {"enabled": True, "toolkits": ["web"]}}),
        ("searchWeb", {"query": "coffee", "scrapeOptions": {"formats": ["markdown"], "domainTools": False, "toolDetail": "compact"}}),
    ],
)
def test_the_fields_the_service_and_the_sdks_send_are_taken(server: Server, operation: str, body: dict[str, Any]) -> None:
    answer = server.api(operation, json=body)
    assert answer.status_code == 200, answer.text


def test_a_typo_of_a_new_field_is_still_refused(server: Server) -> None:
    answer = server.api("startCrawl", json={"url": SITE, "robotsUserAgnet": "MyBot"})
    assert answer.status_code == 400 and "robotsUserAgnet" in answer.text


def test_the_old_show_sources_name_shows_the_sources(quick_server: Server) -> None:
    job = quick_server.api("startExtract", json={"urls": [SITE], "prompt": "title", "__experimental_showSources": True}).json()["id"]
    assert _wait_for(quick_server.api, "getExtractStatus", "completed", id=job)["sources"]


def _documents(server: Server, job: str) -> list[str]:
    return [d["metadata"]["sourceURL"] for d in server.api("getBatchScrapeStatus", id=job).json()["data"]]


def test_urls_appended_to_a_batch_scrape_join_it(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startBatchScrape", json={"urls": [f"{SITE}/a", f"{SITE}/b"]}).json()["id"]
    _wait_for(api, "getBatchScrapeStatus", "completed", id=job)
    appended = api("startBatchScrape", json={"urls": [f"{SITE}/c", "not a url", f"{SITE}/d"], "appendToId": job, "ignoreInvalidURLs": True})
    assert appended.status_code == 200, appended.text
    assert appended.json()["id"] == job and appended.json()["invalidURLs"] == ["not a url"]
    reopened = api("getBatchScrapeStatus", id=job).json()
    assert reopened["total"] == 4  # the completed job runs again for its new pages
    done = _wait_for(api, "getBatchScrapeStatus", "completed", id=job)
    assert done["completed"] == done["total"] == 4
    assert _documents(quick_server, job) == [f"{SITE}/a", f"{SITE}/b", f"{SITE}/c", f"{SITE}/d"]
    assert done["creditsUsed"] == 4


def test_appending_to_no_batch_of_ones_team_is_404(quick_server: Server) -> None:
    api = quick_server.api
    missing = api("startBatchScrape", json={"urls": [f"{SITE}/a"], "appendToId": str(uuid.uuid4())})
    assert missing.status_code == 404 and missing.json()["error"] == "Job not found"
    # Any UUID the schema takes, a version-0 one too (the job paths refuse those with 400).
    assert api("startBatchScrape", json={"urls": [f"{SITE}/a"], "appendToId": "00000000-0000-0000-0000-000000000001"}).status_code == 404
    other = quick_server.api_for(quick_server.tenant(plan_tokens=15 * 1000))
    theirs = other("startBatchScrape", json={"urls": [f"{SITE}/a"]}).json()["id"]
    assert api("startBatchScrape", json={"urls": [f"{SITE}/b"], "appendToId": theirs}).status_code == 404
    # Theirs is untouched by the refused append: it ends with its one page.
    done = _wait_for(other, "getBatchScrapeStatus", "completed", id=theirs)
    assert done["total"] == 1 and [d["metadata"]["sourceURL"] for d in done["data"]] == [f"{SITE}/a"]


def _events(count: int) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 10
    while len(_Receiver.events) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return list(_Receiver.events)


def test_agent_and_extract_webhooks_hear_a_jobs_start_and_end(make_server: Any) -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _Receiver.events, _Receiver.fail_first = [], 0
    try:
        server = make_server(job_seconds=0.2, allow_local_webhooks=True)
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        agent = server.api("startAgent", json={"prompt": "find the price", "webhook": {"url": url, "metadata": {"run": "1"}}}).json()["id"]
        _wait_for(server.api, "getAgentStatus", "completed", jobId=agent)
        events = _events(2)
        assert [e["type"] for e in events] == ["agent.started", "agent.completed"]
        assert all(e["id"] == agent and e["metadata"] == {"run": "1"} for e in events) and events[1]["data"]
        _Receiver.events = []
        failing = server.api("startExtract", json={"urls": [SITE], "prompt": "[fail]", "webhook": {"url": url, "events": ["failed"]}}).json()["id"]
        _wait_for(server.api, "getExtractStatus", "failed", id=failing)
        assert [e["type"] for e in _events(1)] == ["extract.failed"]
        _Receiver.events = []
        cancelled = server.api("startAgent", json={"prompt": "slow", "webhook": url}).json()["id"]
        assert server.api("cancelAgent", jobId=cancelled).status_code == 200
        assert [e["type"] for e in _events(2)] == ["agent.started", "agent.cancelled"]
    finally:
        receiver.shutdown()
