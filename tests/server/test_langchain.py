"""LangChain's official Firecrawl integration (``langchain-firecrawl``, pinned with what it needs in
langchain/requirements.txt) as a test peer (issue 55 item 6): its loader in its five modes and its
five tools, each called once against the reference server (langchain/check.py), must answer what the
server's synthetic web holds.

The test set-up installs the pinned packages with ``pip install --no-deps --target`` into a temporary
folder (firecrawl-py and pydantic come from this project's environment); ``make test INSTALL=no``
installs nothing and skips it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import installs_allowed
from tests.server.conftest import LiveServer

HARNESS = Path(__file__).with_name("langchain")


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not installs_allowed():
        pytest.skip("langchain-firecrawl is installed by pip from the package index, and make test INSTALL=no installs nothing")
    folder = tmp_path_factory.mktemp("langchain")
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check", "--target", str(folder)]
    done = subprocess.run([*command, "-r", str(HARNESS / "requirements.txt")], capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return folder


@pytest.fixture(scope="module")
def results(packages: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    server = LiveServer(database=tmp_path_factory.mktemp("langchain-db") / "lc.sqlite3", job_seconds=1.0)
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "langchain", "--plan-tokens", "1500000"))["apiKey"]
        env = {**os.environ, "PYTHONPATH": str(packages), "FIRECRAWL_API_KEY": key, "LANGSMITH_TRACING": "false", "LANGCHAIN_TRACING_V2": "false"}
        done = subprocess.run([sys.executable, str(HARNESS / "check.py"), server.base_url], env=env, capture_output=True, text=True, check=False, timeout=300)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        outcome: dict[str, Any] = json.loads(done.stdout)
        return outcome
    finally:
        server.stop()


def _value(results: dict[str, Any], name: str) -> Any:
    assert results[name]["ok"], f"{name}: {results[name]['error']}\n{results[name].get('trace', '')}"
    return results[name]["value"]


def test_every_loader_mode_and_tool_answers(results: dict[str, Any]) -> None:
    assert sorted(results) == sorted(f"{kind}.{mode}" for kind in ("loader", "tool") for mode in ("scrape", "crawl", "map", "extract", "search"))
    for name in results:
        _value(results, name)


def test_the_loader_answers_the_synthetic_web(results: dict[str, Any]) -> None:
    (page,) = _value(results, "loader.scrape")
    assert page["page_content"].startswith("# example.com/docs") and page["metadata"]["source_url"] == "https://example.com/docs"
    crawled = _value(results, "loader.crawl")
    assert 1 <= len(crawled) <= 3 and all(d["page_content"].startswith("# example.com/") for d in crawled)
    links = [d["page_content"] for d in _value(results, "loader.map")]
    assert "https://example.com/about" in links and len(links) <= 5
    (extracted,) = _value(results, "loader.extract")
    assert json.loads(extracted["page_content"])["urls"] == ["https://example.com/pricing"]
    found = _value(results, "loader.search")
    assert len(found) == 2 and found[0]["metadata"]["url"] == "https://coffee-recipes.example.com/"


def test_the_tools_answer_the_synthetic_web(results: dict[str, Any]) -> None:
    assert _value(results, "tool.scrape")["markdown"].startswith("# example.com/about")
    assert 1 <= len(_value(results, "tool.crawl")) <= 2
    assert "https://example.com/about" in [link["url"] for link in _value(results, "tool.map")]
    assert _value(results, "tool.extract")["prompt"] == "the page title"
    assert [r["position"] for r in _value(results, "tool.search")] == [1, 2]
