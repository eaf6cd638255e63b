"""The official MCP server (npm ``firecrawl-mcp``, pinned in mcp/package-lock.json) as a test peer
(issue 55 item 6): driven over stdio by the MCP SDK's client with ``FIRECRAWL_API_URL`` pointing at
the reference server, every tool it offers is called once (mcp/check.mjs, ids chained from one call
to the next) and must answer without error, except the tools named below with their reason.

The test set-up installs both packages with `npm ci` into a temporary folder; it is skipped only
where node or npm is absent, or where ``make test INSTALL=no`` forbids installing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import installs_allowed
from tests.server.conftest import LiveServer

HARNESS = Path(__file__).with_name("mcp")
NODE, NPM = shutil.which("node"), shutil.which("npm")
pytestmark = pytest.mark.skipif(NODE is None or NPM is None, reason="node and npm are needed to run the official MCP server")

# Tools firecrawl-mcp 3.26 refuses by itself: it sends no request, whatever the server.
REFUSED_BY_THE_MCP_SERVER = {
    "firecrawl_extract": "deprecated in firecrawl-mcp 3.26 ('deprecated and unavailable through MCP'; it points to scrape with json or agent)",
    "firecrawl_research_search_github": "deprecated in firecrawl-mcp 3.26 (the service removed GitHub search; it points to developer search)",
}
# Calls the reference server cannot answer yet, with the reason; each must still fail, so that the
# day it works this list (and the server README's table) is brought up to date.
NOT_YET: dict[str, str] = {}


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("firecrawl-mcp")
    for name in ("package.json", "package-lock.json", "check.mjs"):
        shutil.copy(HARNESS / name, folder / name)
    if not installs_allowed():
        pytest.skip("firecrawl-mcp's node packages are installed by npm ci, and make test INSTALL=no installs nothing")
    assert NPM is not None
    done = subprocess.run([NPM, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


@pytest.fixture(scope="module")
def outcome(harness: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    server = LiveServer(database=tmp_path_factory.mktemp("firecrawl-mcp-db") / "mcp.sqlite3", job_seconds=1.0)
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "mcp", "--plan-tokens", "1500000"))["apiKey"]
        assert NODE is not None
        done = subprocess.run([NODE, "check.mjs", server.base_url, key], cwd=harness, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        result: dict[str, Any] = json.loads(done.stdout)
        return result
    finally:
        server.stop()


def _text(outcome: dict[str, Any], label: str) -> str:
    call = outcome["calls"][label]
    assert call["ok"], f"{label}: {call['text']}"
    return str(call["text"])


def _json(outcome: dict[str, Any], label: str) -> Any:
    return json.loads(_text(outcome, label))


def test_every_tool_is_called_and_answers(outcome: dict[str, Any]) -> None:
    called = {call["tool"] for call in outcome["calls"].values()}
    assert set(outcome["tools"]) == called, f"tools offered but not called (a new firecrawl-mcp tool?): {set(outcome['tools']) - called}"
    for label, call in outcome["calls"].items():
        if label in REFUSED_BY_THE_MCP_SERVER:
            assert not call["ok"] and "deprecated and unavailable through MCP" in call["text"], (label, call)
        elif label in NOT_YET:
            assert not call["ok"], f"{label} works now: take it off NOT_YET and the server README's table"
        else:
            assert call["ok"], f"{label}: {call['text']}"


def test_the_answers_are_the_servers(outcome: dict[str, Any]) -> None:
    assert "https://example.com/about" in _json(outcome, "firecrawl_scrape")["links"]
    assert _json(outcome, "firecrawl_map")["links"]
    search = _json(outcome, "firecrawl_search")
    assert search["data"]["web"] and "tools" in search["data"]  # its default sources: web and alexandria
    assert _json(outcome, "firecrawl_search_feedback")["success"] is True
    assert _json(outcome, "firecrawl_feedback")["success"] is True
    session = _json(outcome, "firecrawl_feedback(alexandria)")
    assert session["success"] is True and session["creditsRefunded"] == 0
    crawl = _json(outcome, "firecrawl_check_crawl_status")
    assert crawl["status"] == "completed" and crawl["completed"] == 3
    assert _json(outcome, "firecrawl_agent_status")["id"] == _json(outcome, "firecrawl_agent")["id"]
    assert _json(outcome, "firecrawl_interact")["success"] is True
    assert _json(outcome, "firecrawl_interact_stop")["success"] is True
    assert _json(outcome, "firecrawl_parse")["data"]["markdown"].startswith("# Parsed")
    created = _json(outcome, "firecrawl_monitor_create")["data"]
    assert created["schedule"]["cron"] == "0 9 * * *"  # "every day at 9am", read as the service reads it
    assert _json(outcome, "firecrawl_monitor_update")["data"]["name"] == "mcp renamed"
    assert _json(outcome, "firecrawl_monitor_check")["data"]["monitorId"] == created["id"]
    assert "arxiv:2101.00001" in _text(outcome, "firecrawl_research_search_papers")
    assert "Paper ID: 7001000003" in _text(outcome, "firecrawl_research_inspect_paper")
    assert "cognition" in _text(outcome, "firecrawl_research_read_paper")
    assert "[github:example-labs/fastparse:issues/12]" in _text(outcome, "firecrawl_developer_search")
    assert _json(outcome, "firecrawl_credit_usage")["remainingCredits"] < 100000
    categories = _json(outcome, "firecrawl_find_tools")["data"]["alexandria"][0]["data"]
    assert categories["level"] == "categories" and [i["id"] for i in categories["items"]] == ["finance", "package", "places", "retail"]
    tools = _json(outcome, "firecrawl_find_tools(tools)")["data"]["alexandria"][0]["data"]
    assert {i["id"] for i in tools["items"]} == {"sec-filings/filings/search", "sec-filings/company/profile"} and all("options" in i for i in tools["items"])
    ran = _json(outcome, "firecrawl_scrape(alexandria)")["data"]
    assert ran["creditsCost"] == 3 and ran["alexandria"][0]["records"] == 3  # three days, one credit each


# Each call of mcp/check.mjs and the request firecrawl-mcp sends for it.
REQUESTS = {
    "firecrawl_scrape": "POST /v2/scrape",
    "firecrawl_scrape(alexandria)": "POST /v2/scrape (alexandria)",
    "firecrawl_map": "POST /v2/map",
    "firecrawl_search": "POST /v2/search (sources web, alexandria)",
    "firecrawl_search_feedback": "POST /v2/search/{id}/feedback",
    "firecrawl_feedback": "POST /v2/feedback",
    "firecrawl_feedback(alexandria)": "POST /v2/feedback (an Alexandria session)",
    "firecrawl_find_tools": "GET /exchange/discover (its categories)",
    "firecrawl_find_tools(tools)": "POST /v2/scrape (alexandria find-tools)",
    "firecrawl_crawl": "POST /v2/crawl, then GET /v2/crawl/{id} until done",
    "firecrawl_check_crawl_status": "GET /v2/crawl/{id}",
    "firecrawl_extract": "none",
    "firecrawl_agent": "POST /v2/agent",
    "firecrawl_agent_status": "GET /v2/agent/{id}",
    "firecrawl_interact": "POST /v2/scrape/{id}/interact",
    "firecrawl_interact_stop": "DELETE /v2/scrape/{id}/interact",
    "firecrawl_parse": "POST /v2/parse (multipart)",
    "firecrawl_monitor_create": "POST /v2/monitor",
    "firecrawl_monitor_list": "GET /v2/monitor",
    "firecrawl_monitor_get": "GET /v2/monitor/{id}",
    "firecrawl_monitor_update": "PATCH /v2/monitor/{id}",
    "firecrawl_monitor_delete": "DELETE /v2/monitor/{id}",
    "firecrawl_monitor_run": "POST /v2/monitor/{id}/run",
    "firecrawl_monitor_checks": "GET /v2/monitor/{id}/checks",
    "firecrawl_monitor_check": "GET /v2/monitor/{id}/checks/{checkId}",
    "firecrawl_research_search_papers": "GET /v2/search/research/papers",
    "firecrawl_research_inspect_paper": "GET /v2/search/research/papers/{id}",
    "firecrawl_research_related_papers": "GET /v2/search/research/papers/{id}/similar",
    "firecrawl_research_read_paper": "GET /v2/search/research/papers/{id}?query",
    "firecrawl_research_search_github": "none",
    "firecrawl_developer_search": "GET /v2/search/developer",
    "firecrawl_credit_usage": "GET /v2/team/credit-usage",
}
_BEGIN, _END = "<!-- firecrawl-mcp tools: kept by tests/server/test_mcp.py -->", "<!-- /firecrawl-mcp tools -->"


def test_every_tool_is_in_the_table(outcome: dict[str, Any]) -> None:
    import re

    assert set(REQUESTS) == set(outcome["calls"]), (
        f"calls without a row: {set(outcome['calls']) - set(REQUESTS)}; rows of no call: {set(REQUESTS) - set(outcome['calls'])}"
    )
    rows, working = [], 0
    for label, request in sorted(REQUESTS.items()):
        if label in REFUSED_BY_THE_MCP_SERVER:
            verdict = f"not offered: {REFUSED_BY_THE_MCP_SERVER[label]}"
        elif label in NOT_YET:
            verdict = f"no: {NOT_YET[label]}"
        else:
            verdict = "yes"
            working += 1
        rows.append(f"| `{label}` | {request} | {verdict} |")
    version = json.loads((HARNESS / "package.json").read_text(encoding="utf-8"))["dependencies"]["firecrawl-mcp"]
    table = "\n".join(
        [
            f"firecrawl-mcp {version}: {len(outcome['tools'])} tools; {working} of {len(rows) - len(REFUSED_BY_THE_MCP_SERVER)} calls that reach a server work against the reference server.",
            "",
            "| call | request | works |",
            "|---|---|---|",
            *rows,
        ]
    )
    text = (Path(__file__).parents[2] / "server" / "README.md").read_text(encoding="utf-8")
    found = re.search(re.escape(_BEGIN) + r"\n(.*?)\n" + re.escape(_END), text, flags=re.DOTALL)
    assert found is not None, f"server/README.md has no section between {_BEGIN} and {_END}"
    assert found.group(1) == table, "the firecrawl-mcp table in server/README.md is not what the tools do; it is now:\n\n" + table
