"""Every public method of firecrawl-py, method by method (issue 55 item 7): the table in the server
README ("firecrawl-py, method by method") says for each the operation it calls and whether it works
against the reference server, and this test keeps it true by calling every method with realistic
arguments. A new method in a new release of the pinned SDK fails ``test_every_public_method_is_listed``
until it has a row; a method whose outcome changes fails ``test_the_table_is_true``, which prints
the table as it now is."""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from firecrawl import Firecrawl
from firecrawl.v2.types import PaginationConfig

from tests.conftest import ROOT
from tests.server.conftest import LiveServer

README = ROOT / "server" / "README.md"
BEGIN, END = "<!-- firecrawl-py methods: kept by tests/server/test_sdk_methods.py -->", "<!-- /firecrawl-py methods -->"
SITE = "https://example.com"


@dataclass
class State:
    """Ids the methods act on, made by earlier calls."""

    ids: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Method:
    operation: str  # what it calls, as the service routes it
    call: Callable[[Firecrawl, State], Any]
    expect_error: str | None = None  # works as against the service: this refusal (a removed endpoint)
    gap: str | None = None  # does not work here yet, and why


def _crawl_page(sdk: Firecrawl, state: State) -> Any:
    first = sdk.get_crawl_status(state.ids["crawl25"], pagination_config=PaginationConfig(auto_paginate=False))
    return sdk.get_crawl_status_page(first.next)


def _batch_page(sdk: Firecrawl, state: State) -> Any:
    started = sdk.start_batch_scrape([f"{SITE}/item-{i}" for i in range(12)]).id
    one_page = PaginationConfig(auto_paginate=False)
    deadline = time.monotonic() + 30
    while (first := sdk.get_batch_scrape_status(started, pagination_config=one_page)).status == "scraping" and time.monotonic() < deadline:
        time.sleep(0.1)
    return sdk.get_batch_scrape_status_page(first.next)


def _watch(sdk: Firecrawl, state: State) -> Any:
    watcher = sdk.watcher(state.ids["crawl"], kind="crawl", poll_interval=1, timeout=20)
    watcher.start()
    deadline = time.monotonic() + 20
    while watcher.status not in ("completed", "failed", "cancelled") and time.monotonic() < deadline:
        time.sleep(0.1)
    watcher.stop()
    assert watcher.status == "completed", watcher.status
    return watcher.status


def _alexandria(sdk: Firecrawl, state: State) -> Any:
    call = {"provider": "package-registry", "capability": "npm/package", "options": {"name": "left-pad"}}
    ran = sdk.scrape_alexandria(call, request_id="sdk-methods-1")
    assert ran.alexandria[0].data["package"]["version"] == "1.3.0" and ran.credits_cost == 1
    again = sdk.scrape(alexandria=call, request_id="sdk-methods-1")  # a retry replays the first answer
    assert again.scrape_id == ran.scrape_id
    return ran


def _find_tools(sdk: Firecrawl, state: State) -> Any:
    found = sdk.find_tools(query="company filings")
    assert found.level == "tools" and found.items[0]["provider"] == "sec-filings"
    return found


SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}}}
MONITOR = {"name": "pricing", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": [f"{SITE}/pricing"]}]}

# Public method -> what it calls and how it is called (in this order: later calls use earlier ids).
METHODS: dict[str, Method] = {
    "scrape": Method("POST /v2/scrape", lambda s, st: st.ids.setdefault("doc", s.scrape(f"{SITE}/docs", formats=["markdown", "links"]))),
    "scrape_url": Method("POST /v2/scrape", lambda s, st: s.scrape_url(f"{SITE}/v1", {"formats": ["markdown"]})),
    "scrape_alexandria": Method("POST /v2/scrape (alexandria)", _alexandria),
    "find_tools": Method("POST /v2/scrape (alexandria find-tools)", _find_tools),
    "parse": Method("POST /v2/parse", lambda s, st: s.parse(b"<h1>Quarterly report</h1><p>Figures.</p>", filename="report.html")),
    "get_parse_formats": Method("GET /v2/parse/formats", lambda s, st: s.get_parse_formats()),
    "map": Method("POST /v2/map", lambda s, st: s.map(SITE, limit=5)),
    "map_url": Method("POST /v2/map", lambda s, st: s.map_url(SITE, {"limit": 5})),
    "search": Method("POST /v2/search", lambda s, st: s.search("coffee recipes", limit=2, sources=["web", "news"])),
    "developer_search": Method("POST /v2/search/developer", lambda s, st: s.developer_search("memory leak", k=2)),
    "gov_search": Method("POST /v2/search/gov", lambda s, st: s.gov_search("food labeling", 3)),
    "search_papers": Method("GET /v2/search/research/papers", lambda s, st: s.search_papers("protein structure", k=2)),
    "inspect_paper": Method("GET /v2/search/research/papers/{id}", lambda s, st: s.inspect_paper("arxiv:2101.00001")),
    "read_paper": Method("GET /v2/search/research/papers/{id}?query", lambda s, st: s.read_paper("7001000002", "primary endpoint", k=1)),
    "related_papers": Method("GET /v2/search/research/papers/{id}/similar", lambda s, st: s.related_papers("7001000002", "long-read sequencing")),
    "search_github": Method("GET /v2/search/research/github", lambda s, st: s.search_github("pysam"), expect_error="410"),
    "start_crawl": Method("POST /v2/crawl", lambda s, st: st.ids.setdefault("crawl", s.start_crawl(SITE, limit=3).id)),
    "get_crawl_status": Method("GET /v2/crawl/{id}", lambda s, st: s.get_crawl_status(st.ids["crawl"])),
    "wait_crawl": Method("GET /v2/crawl/{id} (polled)", lambda s, st: s.wait_crawl(st.ids["crawl"], poll_interval=1, timeout=30)),
    "watcher": Method("WS /v2/crawl/{id} (watch)", _watch),
    "crawl": Method(
        "POST /v2/crawl, then GET /v2/crawl/{id}", lambda s, st: st.ids.setdefault("crawl25", s.crawl(SITE, limit=25, poll_interval=1, timeout=60).id)
    ),
    "get_crawl_status_page": Method("GET /v2/crawl/{id}?skip", _crawl_page),
    "get_crawl_errors": Method("GET /v2/crawl/{id}/errors", lambda s, st: s.get_crawl_errors(st.ids["crawl"])),
    "crawl_url": Method("POST /v2/crawl, then GET /v2/crawl/{id}", lambda s, st: s.crawl_url(SITE, {"limit": 2}, poll_interval=1)),
    "async_crawl_url": Method("POST /v2/crawl", lambda s, st: s.async_crawl_url(SITE, {"limit": 2})),
    "check_crawl_status": Method("GET /v2/crawl/{id}", lambda s, st: s.check_crawl_status(st.ids["crawl"])),
    "check_crawl_errors": Method("GET /v2/crawl/{id}/errors", lambda s, st: s.check_crawl_errors(st.ids["crawl"])),
    "get_active_crawls": Method("GET /v2/crawl/active", lambda s, st: s.get_active_crawls()),
    "active_crawls": Method("GET /v2/crawl/active", lambda s, st: s.active_crawls()),
    "crawl_params_preview": Method("POST /v2/crawl/params-preview", lambda s, st: s.crawl_params_preview(SITE, "only the blog")),
    "cancel_crawl": Method("DELETE /v2/crawl/{id}", lambda s, st: s.cancel_crawl(s.start_crawl(SITE, limit=50).id)),
    "start_batch_scrape": Method("POST /v2/batch/scrape", lambda s, st: st.ids.setdefault("batch", s.start_batch_scrape([f"{SITE}/a", f"{SITE}/b"]).id)),
    "get_batch_scrape_status": Method("GET /v2/batch/scrape/{id}", lambda s, st: s.get_batch_scrape_status(st.ids["batch"])),
    "batch_scrape": Method(
        "POST /v2/batch/scrape, then GET /v2/batch/scrape/{id}",
        lambda s, st: s.batch_scrape([f"{SITE}/item-{i}" for i in range(12)], poll_interval=1, wait_timeout=60),
    ),
    "get_batch_scrape_status_page": Method("GET /v2/batch/scrape/{id}?skip", _batch_page),
    "get_batch_scrape_errors": Method("GET /v2/batch/scrape/{id}/errors", lambda s, st: s.get_batch_scrape_errors(st.ids["batch"])),
    "batch_scrape_urls": Method("POST /v2/batch/scrape, then GET /v2/batch/scrape/{id}", lambda s, st: s.batch_scrape_urls([f"{SITE}/c"], poll_interval=1)),
    "async_batch_scrape_urls": Method("POST /v2/batch/scrape", lambda s, st: s.async_batch_scrape_urls([f"{SITE}/d"])),
    "check_batch_scrape_status": Method("GET /v2/batch/scrape/{id}", lambda s, st: s.check_batch_scrape_status(st.ids["batch"])),
    "check_batch_scrape_errors": Method("GET /v2/batch/scrape/{id}/errors", lambda s, st: s.check_batch_scrape_errors(st.ids["batch"])),
    "cancel_batch_scrape": Method(
        "DELETE /v2/batch/scrape/{id}", lambda s, st: s.cancel_batch_scrape(s.start_batch_scrape([f"{SITE}/x-{i}" for i in range(30)]).id)
    ),
    "start_extract": Method("POST /v2/extract", lambda s, st: st.ids.setdefault("extract", s.start_extract([SITE], prompt="the title", schema=SCHEMA).id)),
    "get_extract_status": Method("GET /v2/extract/{id}", lambda s, st: s.get_extract_status(st.ids["extract"])),
    "extract": Method(
        "POST /v2/extract, then GET /v2/extract/{id}", lambda s, st: s.extract([SITE], prompt="the title", schema=SCHEMA, poll_interval=1, timeout=30)
    ),
    "start_agent": Method("POST /v2/agent", lambda s, st: st.ids.setdefault("agent", s.start_agent([f"{SITE}/pricing"], prompt="the price").id)),
    "get_agent_status": Method("GET /v2/agent/{id}", lambda s, st: s.get_agent_status(st.ids["agent"])),
    "agent": Method(
        "POST /v2/agent, then GET /v2/agent/{id}",
        lambda s, st: st.ids.setdefault("agentRun", s.agent(urls=[f"{SITE}/pricing"], prompt="the plan", schema=SCHEMA, poll_interval=1, timeout=30)),
    ),
    "list_agents": Method("GET /v2/agent", lambda s, st: s.list_agents()),
    "get_agent_trace": Method("GET /v2/agent/{id}/trace", lambda s, st: s.get_agent_trace(st.ids["agentRun"].id)),
    "get_agent_snapshot": Method(
        "GET /v2/agent/{id}/snapshots/{snapshotId}",
        lambda s, st: s.get_agent_snapshot(
            st.ids["agentRun"].id, [e for e in s.get_agent_trace(st.ids["agentRun"].id).events or [] if e.type == "artifact.updated"][-1].artifact.snapshot_id
        ),
    ),
    "get_agent_thread": Method("GET /v2/agent/threads/{id}", lambda s, st: s.get_agent_thread(st.ids["agentRun"].thread_id, include_data=True)),
    "cancel_agent": Method("DELETE /v2/agent/{id}", lambda s, st: s.cancel_agent(s.start_agent([SITE], prompt="slow").id)),
    "create_monitor": Method("POST /v2/monitor", lambda s, st: st.ids.setdefault("monitor", s.create_monitor(**MONITOR).id)),
    "list_monitors": Method("GET /v2/monitor", lambda s, st: s.list_monitors()),
    "get_monitor": Method("GET /v2/monitor/{id}", lambda s, st: s.get_monitor(st.ids["monitor"])),
    "update_monitor": Method("PATCH /v2/monitor/{id}", lambda s, st: s.update_monitor(st.ids["monitor"], name="pricing page")),
    "run_monitor": Method("POST /v2/monitor/{id}/run", lambda s, st: st.ids.setdefault("check", s.run_monitor(st.ids["monitor"]).id)),
    "list_monitor_checks": Method("GET /v2/monitor/{id}/checks", lambda s, st: s.list_monitor_checks(st.ids["monitor"])),
    "get_monitor_check": Method("GET /v2/monitor/{id}/checks/{checkId}", lambda s, st: s.get_monitor_check(st.ids["monitor"], st.ids["check"])),
    "delete_monitor": Method("DELETE /v2/monitor/{id}", lambda s, st: s.delete_monitor(s.create_monitor(**MONITOR).id)),
    "interact": Method(
        "POST /v2/scrape/{id}/interact",
        lambda s, st: s.interact(st.ids.setdefault("session", s.scrape("https://shop.example.com/app/login").metadata.scrape_id), "page.url()"),
    ),
    "scrape_execute": Method("POST /v2/scrape/{id}/interact", lambda s, st: s.scrape_execute(st.ids["session"], "page.url()")),
    "stop_interaction": Method("DELETE /v2/scrape/{id}/interact", lambda s, st: s.stop_interaction(st.ids["session"])),
    "stop_interactive_browser": Method("DELETE /v2/scrape/{id}/interact", lambda s, st: s.stop_interactive_browser(st.ids["session"])),
    "delete_scrape_browser": Method("DELETE /v2/scrape/{id}/interact", lambda s, st: s.delete_scrape_browser(st.ids["session"])),
    "browser": Method("POST /v2/browser", lambda s, st: st.ids.setdefault("browser", s.browser(ttl=120).id)),
    "browser_execute": Method("POST /v2/browser/{id}/execute", lambda s, st: s.browser_execute(st.ids["browser"], "agent-browser get url")),
    "list_browsers": Method("GET /v2/browser", lambda s, st: s.list_browsers(status="active")),
    "delete_browser": Method("DELETE /v2/browser/{id}", lambda s, st: s.delete_browser(st.ids["browser"])),
    "get_concurrency": Method("GET /v2/concurrency-check", lambda s, st: s.get_concurrency()),
    "get_queue_status": Method("GET /v2/team/queue-status", lambda s, st: s.get_queue_status()),
    "get_credit_usage": Method("GET /v2/team/credit-usage", lambda s, st: s.get_credit_usage()),
    "get_token_usage": Method("GET /v2/team/token-usage", lambda s, st: s.get_token_usage()),
}


def _public(sdk: Firecrawl) -> set[str]:
    return {name for name in dir(sdk) if not name.startswith("_") and callable(getattr(sdk, name))}


@pytest.fixture(scope="module")
def sdk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Firecrawl]:
    server = LiveServer(database=tmp_path_factory.mktemp("methods") / "methods.sqlite3")
    server.job_seconds = 0.5
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "methods", "--plan-tokens", "1500000"))["apiKey"]
        yield Firecrawl(api_key=key, api_url=server.base_url)
    finally:
        server.stop()


def _outcome(sdk: Firecrawl, state: State, method: Method) -> tuple[bool, str]:
    """(whether the method works here as against the service, what happened)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the SDK's deprecation notices of v1 aliases and extract
            method.call(sdk, state)
    except Exception as error:
        status = getattr(error, "status_code", None)
        said = f"{type(error).__name__} {status or ''} {str(error)[:160]}".strip()
        return (method.expect_error is not None and str(status) == method.expect_error), said
    return method.expect_error is None, "answered"


def _row(name: str, method: Method, works: bool) -> str:
    if method.expect_error is not None:
        verdict = f"yes: {method.expect_error}, as the service (removed)" if works else "no"
    elif works:
        verdict = "yes"
    else:
        verdict = f"no: {method.gap}" if method.gap else "no"
    return f"| `{name}` | `{method.operation}` | {verdict} |"


def test_every_public_method_is_listed(sdk: Firecrawl) -> None:
    assert _public(sdk) == set(METHODS), (
        f"firecrawl-py methods without a row: {sorted(_public(sdk) - set(METHODS))}; rows of no method: {sorted(set(METHODS) - _public(sdk))}"
    )


def test_the_table_is_true(sdk: Firecrawl) -> None:
    state = State()
    results = {name: _outcome(sdk, state, method) for name, method in METHODS.items()}
    unexpected = {name: said for name, (works, said) in results.items() if works != (METHODS[name].gap is None)}
    assert not unexpected, f"methods whose outcome is not what their row says: {unexpected}"
    rows = [_row(name, METHODS[name], works) for name, (works, _) in sorted(results.items())]
    working = sum(works for works, _ in results.values())
    table = "\n".join(
        [
            f"firecrawl-py {_version()}: {working} of {len(rows)} public methods work against the reference server.",
            "",
            "| method | calls | works |",
            "|---|---|---|",
            *rows,
        ]
    )
    text = README.read_text(encoding="utf-8")
    found = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, flags=re.DOTALL)
    assert found is not None, f"server/README.md has no section between {BEGIN} and {END}"
    assert found.group(1) == table, "the table in server/README.md is not what the methods do; it is now:\n\n" + table


def _version() -> str:
    from importlib.metadata import version

    return version("firecrawl-py")
