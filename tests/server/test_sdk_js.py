"""The official JavaScript SDK (@mendable/firecrawl-js, pinned in sdk_js/package-lock.json) works
against the reference server: every method whose operation is in the contract, and its watcher.

The test set-up installs the SDK with `npm ci` into a temporary folder; it is skipped only where
node or npm is absent. Node 20 has WebSocket behind --experimental-websocket (22+ by default).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import installs_allowed
from tests.server.conftest import LiveServer

HARNESS = Path(__file__).with_name("sdk_js")
NODE, NPM = shutil.which("node"), shutil.which("npm")
pytestmark = pytest.mark.skipif(NODE is None or NPM is None, reason="node and npm are needed to run the official JavaScript SDK")


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("firecrawl-js")
    for name in ("package.json", "package-lock.json", "check.mjs"):
        shutil.copy(HARNESS / name, folder / name)
    assert NPM is not None
    if not installs_allowed():
        pytest.skip("the official JavaScript SDK's node packages are installed by npm ci, and make test INSTALL=no installs nothing")
    done = subprocess.run([NPM, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


def _node_flags() -> list[str]:
    assert NODE is not None
    major = int(subprocess.run([NODE, "--version"], capture_output=True, text=True, check=True).stdout.strip().lstrip("v").split(".")[0])
    return ["--experimental-websocket"] if major < 22 else []


@pytest.fixture(scope="module")
def results(harness: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    server = LiveServer(database=tmp_path_factory.mktemp("firecrawl-js-db") / "js.sqlite3", job_seconds=1.0)
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "js", "--plan-tokens", "1500000"))["apiKey"]
        assert NODE is not None
        done = subprocess.run([NODE, *_node_flags(), "check.mjs", server.base_url, key], cwd=harness, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        outcome: dict[str, Any] = json.loads(done.stdout)
        assert server.process is not None and server.process.stdout is not None
        server.process.terminate()
        outcome["_log"] = server.process.stdout.read().decode()
        return outcome
    finally:
        server.stop()


def _value(results: dict[str, Any], name: str) -> Any:
    assert results[name]["ok"], f"{name}: {results[name]}"
    return results[name]["value"]


def test_scrape_with_string_and_object_formats(results: dict[str, Any]) -> None:
    document = _value(results, "scrape")
    assert document["json"] == {"title": "example.com/js"}
    assert "https://example.com/about" in document["links"]
    assert document["screenshot"].startswith("data:image/jpeg;base64,") and document["markdown"]
    miss = results["scrapeLockdownMiss"]
    assert not miss["ok"] and miss["status"] == 404


def test_alexandria_runs_replays_and_finds_tools(results: dict[str, Any]) -> None:
    ran = _value(results, "scrapeAlexandria")
    assert ran["requestId"] == "js-alexandria-1" and ran["creditsCost"] == 2
    assert ran["alexandria"][0]["data"]["company"]["ticker"] == "ACME"
    assert _value(results, "scrapeAlexandriaReplay")["scrapeId"] == ran["scrapeId"]  # the same run, not a second one
    conflict = results["scrapeAlexandriaConflict"]
    assert not conflict["ok"] and conflict["status"] == 409
    found = _value(results, "findTools")
    assert found["level"] == "tools" and found["items"][0]["provider"] == "sec-filings"
    categories = _value(results, "findToolsCategories")
    assert categories["level"] == "categories" and {i["id"] for i in categories["items"]} == {"finance", "package", "retail", "places"}


def test_extract(results: dict[str, Any]) -> None:
    started = _value(results, "startExtract")
    assert started["success"] is True and started["invalidURLs"] == []
    assert _value(results, "getExtractStatus")["id"] == started["id"]
    finished = _value(results, "extract")
    assert finished["status"] == "completed" and finished["data"] == {"title": "title from example.com"}


def test_batch_scrape(results: dict[str, Any]) -> None:
    started = _value(results, "startBatchScrape")
    status = _value(results, "getBatchScrapeStatus")
    assert status["id"] == started["id"] and status["total"] == 2
    waited = _value(results, "batchScrape")
    assert waited["status"] == "completed" and len(waited["data"]) == 1
    assert _value(results, "cancelBatchScrape") is True


def test_crawl(results: dict[str, Any]) -> None:
    started = _value(results, "startCrawl")
    assert started["id"] in [crawl["id"] for crawl in _value(results, "getActiveCrawls")["crawls"]]
    assert _value(results, "getCrawlStatus")["total"] <= 2  # pages are discovered as the crawl runs
    crawled = _value(results, "crawl")
    assert crawled["status"] == "completed" and len(crawled["data"]) == 2
    assert _value(results, "cancelCrawl") is True
    assert _value(results, "crawlParamsPreview")["includePaths"] == ["blog/.*"]


def test_agent(results: dict[str, Any]) -> None:
    started = _value(results, "startAgent")
    assert _value(results, "getAgentStatus")["id"] == started["id"]
    assert _value(results, "cancelAgent") is True
    again = results["cancelAgentAgain"]
    assert not again["ok"] and again["status"] == 409 and "Agent already finished" in again["error"]
    # Beyond start and status: the list, a trace, its last snapshot (the result) and the thread.
    run = _value(results, "agentRun")
    assert run["status"]["status"] == "completed" and run["started"]["threadId"] == run["started"]["id"]
    assert run["trace"]["events"][-1]["type"] == "run.finished" and run["trace"]["activeBrowserSessions"] == []
    assert json.loads(run["snapshot"]["snapshot"]) == run["status"]["data"]
    assert [r["id"] for r in run["thread"]["thread"]["runs"]] == [run["started"]["id"]] and run["thread"]["thread"]["runs"][0]["data"] == run["status"]["data"]
    assert run["listed"]["agents"][0]["id"] == run["started"]["id"] and len(run["listed"]["agents"]) == 2


def test_search_with_the_alexandria_source(results: dict[str, Any]) -> None:
    found = _value(results, "searchAlexandria")
    assert found["web"] and found["tools"]
    weather = next(t for t in found["tools"] if t["provider"] == "weather-history")
    assert weather["matchedBy"] == ["semantic", "domain"] and weather["creditsCost"] == 1 and weather["next"]["capability"] == "daily/history"


def test_indexes(results: dict[str, Any]) -> None:
    developer = _value(results, "developerSearch")
    assert [r["url"] for r in developer["results"]] == [
        "https://github.com/example-labs/fastparse/issues/12",
        "https://github.com/example-labs/fastparse/pull/15",
    ]
    assert developer["repos"] == [{"repo": "example-labs/fastparse", "indexed": True, "types": {"issue": True, "pullRequest": True, "readme": True}}]
    assert [p["primaryId"] for p in _value(results, "searchPapers")["results"]] == ["pmid:34000001", "pmid:36000005"]
    assert _value(results, "getPaper")["paper"]["paperId"] == "7001000001"
    assert _value(results, "readPaper")["passages"][0]["text"].startswith("Primary endpoint")
    assert {p["paperId"] for p in _value(results, "similarPapers")["results"]} == {"7001000005", "7001000006"}
    gone = results["searchGithub"]
    assert not gone["ok"] and gone["status"] == 410


def test_feedback(results: dict[str, Any]) -> None:
    rated = _value(results, "feedback")
    assert rated["success"] is True and rated["creditsRefunded"] == 1 and rated["dailyRefundCap"] == 50
    searched = _value(results, "searchFeedback")
    assert searched["first"]["creditsRefunded"] == 1 and searched["again"]["alreadySubmitted"] is True and searched["again"]["creditsRefunded"] == 0
    refused = results["feedbackRefused"]
    assert not refused["ok"] and refused["status"] == 404 and "map job not found for this team." in refused["error"]


def test_usage(results: dict[str, Any]) -> None:
    tokens, credits = _value(results, "getTokenUsage"), _value(results, "getCreditUsage")
    assert tokens["planTokens"] == 1500000 and credits["planCredits"] == 100000
    assert credits["remainingCredits"] == tokens["remainingTokens"] // 15
    periods = _value(results, "getCreditUsageHistorical")["periods"]
    assert periods and all(p["apiKey"].startswith("key_") for p in periods)
    tokens_by_month = _value(results, "getTokenUsageHistorical")["periods"]
    assert tokens_by_month and all(p["startDate"] and p["endDate"] for p in tokens_by_month)
    assert sum(p["tokensUsed"] for p in tokens_by_month) == 15 * sum(p["creditsUsed"] for p in periods)


@pytest.mark.parametrize(("name", "path"), [("watchCrawl", "/v2/crawl/"), ("watchBatch", "/v2/batch/scrape/")])
def test_watcher_over_websocket(results: dict[str, Any], name: str, path: str) -> None:
    watched = _value(results, name)
    assert watched["status"] == "completed" and watched["documents"] == 2
    started = _value(results, "startCrawl" if name == "watchCrawl" else "startBatchScrape")
    assert f'"WebSocket {path}{started["id"]}" [accepted]' in results["_log"], "the watcher fell back to polling"


def test_auto_pagination_joins_every_page(results: dict[str, Any]) -> None:
    crawled = _value(results, "crawlPaged")
    assert crawled["status"] == "completed" and crawled["total"] == 25
    assert len(crawled["urls"]) == 25 and len(set(crawled["urls"])) == 25 and crawled["urls"][0] == "https://example.com"
    one = _value(results, "crawlPageOne")
    assert one["status"] == "completed" and one["documents"] == 10 and one["capped"] == 12
    assert one["next"].startswith("http://127.0.0.1:") and f"/v2/crawl/{one['id']}?skip=10" in one["next"]
    batch = _value(results, "batchPaged")
    assert batch["status"] == "completed" and batch["urls"] == [f"https://example.com/item-{i}" for i in range(12)]


def test_crawl_errors_and_concurrency(results: dict[str, Any]) -> None:
    errors = _value(results, "getCrawlErrors")
    assert [e["url"] for e in errors["errors"]] == ["https://example.com/docs/broken"]
    assert errors["robotsBlocked"] == []
    concurrency = _value(results, "getConcurrency")
    assert concurrency["maxConcurrency"] == 0 and concurrency["concurrency"] >= 0  # 0: the plan sets no limit


def test_map_and_search(results: dict[str, Any]) -> None:
    mapped = _value(results, "map")
    assert len(mapped["links"]) == 8 and mapped["links"][0]["url"] == "https://example.com/docs"
    assert all("status.example.com" not in link["url"] for link in mapped["links"])
    assert _value(results, "mapSitemapOnly")["links"][-1]["url"] == "https://example.com/landing/summer"
    found = _value(results, "search")
    # The second result is the topic's community thread on a site the service does not scrape.
    assert [r["url"] for r in found["web"]] == ["https://coffee-recipes.example.com/", "https://www.reddit.com/r/coffeerecipes/"]
    assert found["news"][0]["url"] == "https://coffee-recipes.example.com/blog" and found["images"][0]["imageWidth"] == 1200
    scraped = _value(results, "searchScraped")
    assert len(scraped["web"]) == 2 and all(r.get("markdown") and "reddit" not in r["url"] for r in scraped["web"])


# The SDK's own end-to-end files that run here (src/__tests__/e2e/v2 of the published package,
# TypeScript run by jest with ts-jest, as its package.json's test script does), and the tests of
# them that cannot pass against a development double, with the reason (none so far for these).
SDK_E2E_FILES = ["map.test.ts", "search.test.ts"]
SDK_E2E_EXCEPTIONS: dict[str, str] = {}


def test_the_sdks_own_map_and_search_tests_pass(harness: Path, tmp_path: Path) -> None:
    # The published package ships its TypeScript sources and tests; jest ignores node_modules, so
    # they run from a copy beside it (its imports still resolve in the harness's node_modules).
    sdk = harness / "sdk"
    if not sdk.exists():
        shutil.copytree(harness / "node_modules" / "@mendable" / "firecrawl-js", sdk)
    server = LiveServer(database=tmp_path / "e2e.sqlite3", job_seconds=1.0)
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "js-e2e", "--plan-tokens", "1500000"))["apiKey"]
        report = tmp_path / "jest.json"
        argv = [str(harness / "node_modules" / ".bin" / "jest"), "--ci", "--json", f"--outputFile={report}"]
        argv += [f"src/__tests__/e2e/v2/{name}" for name in SDK_E2E_FILES]
        if SDK_E2E_EXCEPTIONS:
            argv += ["--testNamePattern", "^(?!(" + "|".join(map(re.escape, SDK_E2E_EXCEPTIONS)) + ")$)"]
        env = {k: v for k, v in os.environ.items() if k not in ("IDMUX_URL", "FIRECRAWL_API_URL", "FIRECRAWL_API_KEY")}
        env |= {"TEST_URL": server.base_url, "TEST_API_KEY": key, "NODE_OPTIONS": " ".join(["--experimental-vm-modules", *_node_flags()])}
        done = subprocess.run(argv, cwd=sdk, env=env, capture_output=True, text=True, check=False, timeout=600)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        summary = json.loads(report.read_text())
        assert summary["numFailedTests"] == 0 and summary["numPendingTests"] == 0, done.stderr[-3000:]
        assert summary["numPassedTests"] >= 11, f"only {summary['numPassedTests']} of the SDK's map and search tests ran"
    finally:
        server.stop()


def test_monitors(results: dict[str, Any]) -> None:
    monitor = _value(results, "monitor")
    assert monitor["cron"] == "*/30 * * * *" and monitor["listed"] and monitor["readName"] == "js"
    assert monitor["run"] == {"status": "queued", "trigger": "manual"}
    assert monitor["check"]["status"] == "completed" and monitor["check"]["pages"] == ["new"]
    assert monitor["check"]["summary"]["totalPages"] == 1
    assert monitor["paused"] == {"status": "paused", "webhook": None}  # webhook: null removes it, as firecrawl-js types allow
    assert monitor["deleted"] is True and monitor["gone"] == 404


# -- every field of the SDK's request types is declared by the contract (issue 40) -------------
# firecrawl-js interface -> (the contract's schema of the body or object it becomes, the SDK's own
# fields that are not body keys of that object, with where they go instead).
_REQUEST_TYPES: dict[str, tuple[str, dict[str, str]]] = {
    "ScrapeOptions": (
        "ScrapeOptions",
        {
            "origin": "scrape() sends it at the top of the body, which ScrapeRequest declares",
            "integration": "scrape() and batchScrape() send it at the top of the body (declared there); the service's nested scrapeOptions refuse it (issue 56 false alarm 6)",
        },
    ),
    "SearchRequest": ("SearchRequest", {}),
    "CrawlOptions": ("CrawlRequest", {}),
    "BatchScrapeOptions": (
        "BatchScrapeRequest",
        {"options": "spread into the body: its scrape options", "idempotencyKey": "sent as the x-idempotency-key header"},
    ),
    "MapOptions": ("MapRequest", {}),
    "AgentOptions$1": ("AgentRequest", {}),
    "WebhookConfig": ("WebhookConfig", {}),
    "LocationConfig$1": ("Location", {}),
    "JsonFormat": ("JsonFormat", {}),
    "ScreenshotFormat": ("ScreenshotFormat", {}),
    "ChangeTrackingFormat": ("ChangeTrackingFormat", {}),
    "CreateMonitorRequest": ("MonitorCreateRequest", {}),
    "UpdateMonitorRequest": ("MonitorUpdateRequest", {}),
    "MonitorScrapeTarget": ("MonitorScrapeTarget", {}),
    "MonitorCrawlTarget": ("MonitorCrawlTarget", {}),
    "MonitorSearchTarget": ("MonitorSearchTarget", {}),
    "MonitorSchedule": ("MonitorScheduleInput", {}),
    "MonitorWebhookConfig": ("MonitorWebhookConfig", {}),
    "MonitorNotification": ("MonitorNotification", {}),
}


def _fields(declarations: str, name: str) -> list[str] | None:
    """The field names of ``interface name { ... }`` in the SDK's declarations (its own level only)."""
    found = re.search(r"^(?:interface|type) " + re.escape(name) + r"\b[^\n]*\{\n(.*?)^\}", declarations, re.M | re.S)
    if found is None:
        return None
    return [m.group(1) for m in re.finditer(r"^    ([A-Za-z_$][\w$]*)\??:", found.group(1), re.M)]


def _declared(schemas: dict[str, Any], name: str) -> set[str]:
    schema = schemas[name]
    keys = set(schema.get("properties", {}))
    for part in schema.get("allOf", []):
        keys |= _declared(schemas, part["$ref"].rsplit("/", 1)[1]) if "$ref" in part else set(part.get("properties", {}))
    return keys


def test_every_field_of_the_sdks_request_types_is_declared(harness: Path) -> None:
    """Reads the request types of the installed SDK's declarations (dist/index.d.ts): a field the
    contract does not declare would be refused by the double (an unknown key is a 400) while the
    SDK sends it."""
    declarations = (harness / "node_modules" / "@mendable" / "firecrawl-js" / "dist" / "index.d.ts").read_text(encoding="utf-8")
    schemas = json.loads((Path(__file__).parents[2] / "generated" / "openapi.json").read_text(encoding="utf-8"))["components"]["schemas"]
    undeclared = {}
    for interface, (schema, elsewhere) in _REQUEST_TYPES.items():
        fields = _fields(declarations, interface)
        assert fields, f"firecrawl-js declares no {interface} any more: map its replacement in _REQUEST_TYPES"
        missing = [f for f in fields if f not in _declared(schemas, schema) and f not in elsewhere]
        if missing:
            undeclared[f"{interface} -> {schema}"] = missing
    assert not undeclared, f"fields firecrawl-js sends that the contract does not declare: {undeclared}"
    # The spread options of a batch scrape are body keys of its request.
    assert not set(_fields(declarations, "ScrapeOptions") or []) - {"toolDetail", "origin"} - _declared(schemas, "BatchScrapeRequest")


def test_interact(results: dict[str, Any]) -> None:
    """firecrawl-js 4.42's interact methods and their deprecated aliases (the package's own tests of
    them are unit tests of its request preparation, which need no server)."""
    outcome = _value(results, "interact")
    assert outcome["signed"]["success"] is True and outcome["signed"]["result"] == "https://shop.example.com/app/account"
    assert outcome["viaAlias"]["stdout"] == "Account\n"
    assert outcome["asked"] == "The title of the page is 'Account'."
    # A failed run answers 200 with success false: this SDK returns it (it throws on HTTP errors only).
    failed = outcome["failed"]
    assert failed["success"] is False and failed["exitCode"] == 1 and "#nope" in failed["error"], failed
    assert outcome["stopped"]["creditsBilled"] == 7 and outcome["stopped"]["sessionDurationMs"] >= 0
    assert "creditsBilled" not in outcome["again"] and outcome["alsoAgain"]["success"] is True
    assert "Signed in as js." in outcome["later"]


def test_browser_sessions(results: dict[str, Any]) -> None:
    outcome = _value(results, "browser")
    created = outcome["created"]
    assert created["success"] is True and created["cdpUrl"].startswith("ws://") and created["expiresAt"]
    assert outcome["ran"]["result"] == "3" and outcome["ran"]["exitCode"] == 0
    assert outcome["node"]["result"] == "Search results for latte"  # the session kept the page bash left
    assert outcome["active"] == [created["id"]] and created["id"] in outcome["destroyed"]
    deleted = outcome["deleted"]
    assert {k: v for k, v in deleted.items() if k != "sessionDurationMs"} == {"success": True, "status": "stopped", "cleanupQueued": True, "creditsBilled": 2}
    assert 0 <= deleted["sessionDurationMs"] < 60_000
    assert outcome["gone"] == 410


def test_queue_status(results: dict[str, Any]) -> None:
    status = _value(results, "queueStatus")
    assert status["success"] is True and status["mostRecentSuccess"]  # the harness scraped before
    assert status["activeJobsInQueue"] + status["waitingJobsInQueue"] == status["jobsInQueue"]


# The document field each format fills; a format whose object has a required field is refused by
# the service as a bare name (attributes: no selectors), and here likewise.
_FILLS = {"rawHtml": "rawHtml", "changeTracking": "changeTracking", "JsonFormat": "json", "ScreenshotFormat": "screenshot",
          "ChangeTrackingFormat": "changeTracking", "AttributesFormat": "attributes", "QuestionFormat": "answer",
          "HighlightsFormat": "highlights", "QueryFormat": "answer"}  # fmt: skip
_REFUSED_AS_A_NAME = {"attributes"}
# Names the SDK itself refuses before sending (its own rule: json needs its object).
_REFUSED_BY_THE_SDK = {"json"}


def test_every_format_the_sdks_types_allow_is_taken(results: dict[str, Any]) -> None:
    sweep = _value(results, "formatSweep")
    assert {"attributes", "product", "menu", "audio", "video"} <= set(sweep["strings"])
    assert {"AttributesFormat", "QuestionFormat", "HighlightsFormat", "QueryFormat"} <= set(sweep["objectTypes"])
    for sent in sweep["sent"]:
        if sent["format"] in _REFUSED_AS_A_NAME:
            assert not sent["ok"] and sent["status"] == 400, sent
            continue
        if sent["format"] in _REFUSED_BY_THE_SDK:
            assert not sent["ok"] and sent["status"] is None and "must be an object" in sent["error"], sent
            continue
        assert sent["ok"], sent
        assert _FILLS.get(sent["format"], sent["format"]) in sent["fields"], sent
    attributes = next(s for s in sweep["sent"] if s["format"] == "AttributesFormat")
    assert attributes["attributes"] == [{"selector": "li.variant", "attribute": "data-sku", "values": ["TRA-S", "TRA-M", "TRA-L"]}]


# firecrawl-js's public methods, method by method (issue 55 item 7): what each calls, the record of
# check.mjs that called it, and why it does not work here yet where it does not. The table in the
# server README ("firecrawl-js, method by method") is rendered from what the records say.
JS_METHODS: dict[str, tuple[str, str, str | None]] = {
    "agent": ("POST /v2/agent, then GET /v2/agent/{id}", "agentWaited", None),
    "asyncBatchScrapeUrls": ("POST /v2/batch/scrape", "asyncBatchScrapeUrls", None),
    "asyncCrawlUrl": ("POST /v2/crawl", "asyncCrawlUrl", None),
    "batchScrape": ("POST /v2/batch/scrape, then GET /v2/batch/scrape/{id}", "batchScrape", None),
    "batchScrapeUrls": ("POST /v2/batch/scrape, then GET /v2/batch/scrape/{id}", "batchScrapeUrls", None),
    "browser": ("POST /v2/browser", "browser", None),
    "browserExecute": ("POST /v2/browser/{id}/execute", "browser", None),
    "cancelAgent": ("DELETE /v2/agent/{id}", "cancelAgent", None),
    "cancelBatchScrape": ("DELETE /v2/batch/scrape/{id}", "cancelBatchScrape", None),
    "cancelCrawl": ("DELETE /v2/crawl/{id}", "cancelCrawl", None),
    "checkBatchScrapeErrors": ("GET /v2/batch/scrape/{id}/errors", "checkBatchScrapeErrors", None),
    "checkBatchScrapeStatus": ("GET /v2/batch/scrape/{id}", "checkBatchScrapeStatus", None),
    "checkCrawlErrors": ("GET /v2/crawl/{id}/errors", "checkCrawlErrors", None),
    "checkCrawlStatus": ("GET /v2/crawl/{id}", "checkCrawlStatus", None),
    "crawl": ("POST /v2/crawl, then GET /v2/crawl/{id}", "crawl", None),
    "crawlParamsPreview": ("POST /v2/crawl/params-preview", "crawlParamsPreview", None),
    "crawlUrl": ("POST /v2/crawl, then GET /v2/crawl/{id}", "crawlUrl", None),
    "createMonitor": ("POST /v2/monitor", "monitor", None),
    "deleteBrowser": ("DELETE /v2/browser/{id}", "browser", None),
    "deleteMonitor": ("DELETE /v2/monitor/{id}", "monitor", None),
    "deleteScrapeBrowser": ("DELETE /v2/scrape/{id}/interact", "interact", None),
    "developerSearch": ("POST /v2/search/developer", "developerSearch", None),
    "extract": ("POST /v2/extract, then GET /v2/extract/{id}", "extract", None),
    "feedback": ("POST /v2/feedback", "feedback", None),
    "findTools": ("POST /v2/scrape (alexandria find-tools)", "findTools", None),
    "getActiveCrawls": ("GET /v2/crawl/active", "getActiveCrawls", None),
    "getAgentSnapshot": ("GET /v2/agent/{id}/snapshots/{snapshotId}", "agentRun", None),
    "getAgentStatus": ("GET /v2/agent/{id}", "getAgentStatus", None),
    "getAgentThread": ("GET /v2/agent/threads/{id}", "agentRun", None),
    "getAgentTrace": ("GET /v2/agent/{id}/trace", "agentRun", None),
    "getBatchScrapeErrors": ("GET /v2/batch/scrape/{id}/errors", "getBatchScrapeErrors", None),
    "getBatchScrapeStatus": ("GET /v2/batch/scrape/{id}", "getBatchScrapeStatus", None),
    "getConcurrency": ("GET /v2/concurrency-check", "getConcurrency", None),
    "getCrawlErrors": ("GET /v2/crawl/{id}/errors", "getCrawlErrors", None),
    "getCrawlStatus": ("GET /v2/crawl/{id}", "getCrawlStatus", None),
    "getCreditUsage": ("GET /v2/team/credit-usage", "getCreditUsage", None),
    "getCreditUsageHistorical": ("GET /v2/team/credit-usage/historical", "getCreditUsageHistorical", None),
    "getExtractStatus": ("GET /v2/extract/{id}", "getExtractStatus", None),
    "getMonitor": ("GET /v2/monitor/{id}", "monitor", None),
    "getMonitorCheck": ("GET /v2/monitor/{id}/checks/{checkId}", "monitor", None),
    "getQueueStatus": ("GET /v2/team/queue-status", "queueStatus", None),
    "getTokenUsage": ("GET /v2/team/token-usage", "getTokenUsage", None),
    "getTokenUsageHistorical": ("GET /v2/team/token-usage/historical", "getTokenUsageHistorical", None),
    "interact": ("POST /v2/scrape/{id}/interact", "interact", None),
    "listAgents": ("GET /v2/agent", "agentRun", None),
    "listBrowsers": ("GET /v2/browser", "browser", None),
    "listMonitorChecks": ("GET /v2/monitor/{id}/checks", "monitor", None),
    "listMonitors": ("GET /v2/monitor", "monitor", None),
    "map": ("POST /v2/map", "map", None),
    "mapUrl": ("POST /v2/map", "mapUrl", None),
    "parse": ("POST /v2/parse", "parse", None),
    "research.getPaper": ("GET /v2/search/research/papers/{id}", "getPaper", None),
    "research.searchGithub": ("GET /v2/search/research/github", "searchGithub", None),
    "research.searchPapers": ("GET /v2/search/research/papers", "searchPapers", None),
    "research.similarPapers": ("GET /v2/search/research/papers/{id}/similar", "similarPapers", None),
    "runMonitor": ("POST /v2/monitor/{id}/run", "monitor", None),
    "scrape": ("POST /v2/scrape", "scrape", None),
    "scrapeExecute": ("POST /v2/scrape/{id}/interact", "interact", None),
    "scrapeUrl": ("POST /v2/scrape", "scrapeUrl", None),
    "search": ("POST /v2/search", "search", None),
    "searchFeedback": ("POST /v2/search/{id}/feedback", "searchFeedback", None),
    "startAgent": ("POST /v2/agent", "startAgent", None),
    "startBatchScrape": ("POST /v2/batch/scrape", "startBatchScrape", None),
    "startCrawl": ("POST /v2/crawl", "startCrawl", None),
    "startExtract": ("POST /v2/extract", "startExtract", None),
    "stopInteraction": ("DELETE /v2/scrape/{id}/interact", "interact", None),
    "stopInteractiveBrowser": ("DELETE /v2/scrape/{id}/interact", "interact", None),
    "updateMonitor": ("PATCH /v2/monitor/{id}", "monitor", None),
    "watcher": ("WS /v2/crawl/{id} (watch)", "watchCrawl", None),
}
_JS_BEGIN, _JS_END = "<!-- firecrawl-js methods: kept by tests/server/test_sdk_js.py -->", "<!-- /firecrawl-js methods -->"
# A removed endpoint answers as the service does: works here when it fails with this status.
_JS_REFUSED = {"research.searchGithub": 410}


def test_every_method_of_the_js_sdk_is_in_the_table(results: dict[str, Any], harness: Path) -> None:
    import re

    # The methods its declarations mark private are not its public surface (isCloudService).
    declarations = (harness / "node_modules" / "@mendable" / "firecrawl-js" / "dist" / "index.d.ts").read_text(encoding="utf-8")
    private = set(re.findall(r"^    private (\w+);", declarations, flags=re.MULTILINE))
    listed = set(results["__methods"]) - private
    assert listed == set(JS_METHODS), (
        f"firecrawl-js methods without a row: {sorted(listed - set(JS_METHODS))}; rows of no method: {sorted(set(JS_METHODS) - listed)}"
    )
    rows, working = [], 0
    for name, (operation, record, gap) in sorted(JS_METHODS.items()):
        outcome = results[record]
        works = (not outcome["ok"] and outcome.get("status") == _JS_REFUSED[name]) if name in _JS_REFUSED else bool(outcome["ok"])
        assert works == (gap is None), f"{name} ({record}) did not do what its row says: {str(outcome)[:300]}"
        working += works
        verdict = f"yes: {_JS_REFUSED[name]}, as the service (removed)" if name in _JS_REFUSED else "yes" if works else f"no: {gap}"
        rows.append(f"| `{name}` | `{operation}` | {verdict} |")
    version = json.loads((Path(__file__).parent / "sdk_js" / "package.json").read_text(encoding="utf-8"))["dependencies"]["@mendable/firecrawl-js"]
    table = "\n".join(
        [
            f"firecrawl-js {version}: {working} of {len(rows)} public methods work against the reference server.",
            "",
            "| method | calls | works |",
            "|---|---|---|",
            *rows,
        ]
    )
    text = (Path(__file__).parents[2] / "server" / "README.md").read_text(encoding="utf-8")
    found = re.search(re.escape(_JS_BEGIN) + r"\n(.*?)\n" + re.escape(_JS_END), text, flags=re.DOTALL)
    assert found is not None, f"server/README.md has no section between {_JS_BEGIN} and {_JS_END}"
    assert found.group(1) == table, "the firecrawl-js table in server/README.md is not what the methods do; it is now:\n\n" + table


def test_the_contract_reads_the_same_in_js_yaml(harness: Path) -> None:
    """Issue 75 item 5: the JavaScript YAML parser Redocly and Spectral use (js-yaml, installed
    with the SDK's packages) reads spec/openapi.yaml as PyYAML does (tests/spec/test_yaml_parsers.py)."""
    import yaml

    from tests.spec.test_yaml_parsers import SPEC, as_json

    assert NODE is not None
    script = (
        "const fs = require('fs'); const yaml = require('js-yaml'); process.stdout.write(JSON.stringify(yaml.load(fs.readFileSync(process.argv[1], 'utf8'))))"
    )
    done = subprocess.run([NODE, "-e", script, str(SPEC)], cwd=harness, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert as_json(json.loads(done.stdout)) == as_json(yaml.load(SPEC.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader))


# -- the server README's Jest set-up, run as printed (issue 74 item 6) -------------------------
def _readme_jest_files() -> dict[str, str]:
    text = (Path(__file__).parents[2] / "server" / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- jest: ([\w.]+) -->\n```js\n(.*?)```", text, flags=re.DOTALL))


def test_the_readmes_jest_setup_runs_a_firecrawl_js_suite(harness: Path, tmp_path: Path) -> None:
    files = _readme_jest_files()
    assert set(files) == {"jest.config.cjs", "webdata.setup.cjs", "webdata.teardown.cjs", "webdata.each.cjs", "app.test.cjs"}
    app = tmp_path / "app"
    app.mkdir()
    for name, text in files.items():
        (app / name).write_text(text, encoding="utf-8")
    (app / "package.json").write_text('{"name": "app", "private": true}\n', encoding="utf-8")
    (app / "app2.test.cjs").write_text(files["app.test.cjs"], encoding="utf-8")  # two files in two workers: one team each
    (app / "node_modules").symlink_to(harness / "node_modules", target_is_directory=True)
    temporary = tmp_path / "tmp"  # the set-up's os.tmpdir(): the teardown leaves it empty
    temporary.mkdir()
    server = shutil.which("webdata-server", path=str(Path(sys.executable).parent))
    assert server is not None, "webdata-server is installed beside this interpreter"
    env = {k: v for k, v in os.environ.items() if k not in ("FIRECRAWL_API_URL", "FIRECRAWL_API_KEY")}
    env |= {"WEBDATA_SERVER": server, "TMPDIR": str(temporary), "NODE_OPTIONS": " ".join(_node_flags())}
    report = tmp_path / "jest.json"
    argv = [
        str(harness / "node_modules" / ".bin" / "jest"),
        "--ci",
        "--maxWorkers=2",
        "--json",
        f"--outputFile={report}",
        f"--cacheDirectory={tmp_path / 'cache'}",
    ]
    done = subprocess.run(argv, cwd=app, env=env, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    summary = json.loads(report.read_text())
    assert (summary["numPassedTests"], summary["numFailedTests"], summary["numPendingTests"]) == (6, 0, 0)
    # The server stopped and its folder removed by the teardown (jest keeps its cache there too).
    assert [path.name for path in temporary.iterdir() if path.name.startswith("webdata-")] == []
