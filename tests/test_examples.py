"""examples/ (the nine everyday tasks with webdata_client) and examples/firecrawl/ (the same with
firecrawl-py) run against the reference server; their sizes are compared."""

from __future__ import annotations

import ast
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.server.conftest import LiveServer

EXAMPLES = sorted((ROOT / "examples").glob("0*.py"))
FIRECRAWL = sorted((ROOT / "examples" / "firecrawl").glob("0*.py"))
# What each task must print (a line containing each text), the same for both clients.
EXPECTED = {
    "01_scrape.py": ["example.com/pricing 9 links", "'title'"],
    "02_extract.py": ["completed {'title': 'title from example.com'}"],
    "03_batch_scrape.py": ["/12\n", "https://example.com/item/0 ", "https://example.com/item/11 "],
    "04_cancel.py": ["cancelled\n", "cancelled after"],
    "05_crawl.py": ["completed 5 credits", "https://example.com/about/3"],
    "06_usage.py": ["tokens left until 2", "key_"],
    "07_errors.py": ["401 ", "402 ", "429 ", "400 ", "404 "],
    "08_async.py": ["https://example.com/a 200", "https://example.com/c 200"],
    "09_parse.py": ["report.pdf: 2 page(s), 2 credit(s), '# Quarterly Report'", "prices.xlsx: 1 page(s), 1 credit(s), '## Prices'", "memo.docx: 1 page(s)"],
}


def code_lines(path: Path) -> int:
    """Lines that are neither blank, nor comments, nor docstrings."""
    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and ast.get_docstring(node) is not None:
            first = node.body[0]
            docstrings |= set(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return sum(1 for number, line in enumerate(source.splitlines(), 1) if line.strip() and not line.strip().startswith("#") and number not in docstrings)


@pytest.fixture(scope="module")
def environment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    server = LiveServer(database=tmp_path_factory.mktemp("examples") / "examples.sqlite3", job_seconds=0.5)
    server.start()
    keys = {
        name: json.loads(server.admin("create-team", "--name", name, "--plan-tokens", tokens))["apiKey"]
        for name, tokens in (("main", "1500000"), ("poor", "0"), ("limited", "1500000"))
    }
    with sqlite3.connect(server.database) as db:  # one request a minute, for the 429 of 07_errors.py
        db.execute("UPDATE teams SET rate_limit_per_minute = 1 WHERE name = 'limited'")
    server.stop()
    server.start()  # plans are read at start-up
    try:
        yield {
            **{k: v for k, v in os.environ.items() if not k.startswith(("WEBDATA_", "FIRECRAWL_"))},
            "WEBDATA_API_KEY": keys["main"],
            "WEBDATA_BASE_URL": server.base_url,
            "WEBDATA_POOR_KEY": keys["poor"],
            "WEBDATA_LIMITED_KEY": keys["limited"],
        }
    finally:
        server.stop()


def test_every_task_has_both_versions() -> None:
    assert [p.name for p in EXAMPLES] == [p.name for p in FIRECRAWL] == sorted(EXPECTED)


@pytest.mark.parametrize("path", EXAMPLES + FIRECRAWL, ids=[f"{p.parent.name}/{p.name}" for p in EXAMPLES + FIRECRAWL])
def test_example_runs_against_the_reference_server(environment: dict[str, str], path: Path) -> None:
    done = subprocess.run([sys.executable, str(path)], env=environment, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for text in EXPECTED[path.name]:
        assert text in done.stdout, f"{text!r} not in:\n{done.stdout}"


def test_the_tasks_are_shorter_than_with_firecrawl_py() -> None:
    ours = sum(code_lines(p) for p in EXAMPLES)
    theirs = sum(code_lines(p) for p in FIRECRAWL)
    print(f"\nexamples: {ours} lines with webdata_client, {theirs} with firecrawl-py")
    assert ours <= 68 < theirs and ours <= 0.65 * theirs  # issue 23: 56 against 93; with parse (issue 43) 68 against 108


def test_the_tasks_type_check_without_escape_hatches() -> None:
    """``make test`` runs ``mypy --strict`` on them; nothing in them may silence it."""
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        assert "type: ignore" not in text and "cast(" not in text and "Any" not in text, path.name


def test_the_client_readme_quick_start_runs_as_written(environment: dict[str, str]) -> None:
    readme = (ROOT / "generated" / "client" / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("```python\n", 1)[1].split("```", 1)[0]
    assert code_lines_of(quick_start) <= 5, quick_start
    done = subprocess.run([sys.executable, "-c", quick_start], env=environment, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("#") and "5/5" in lines and lines[-1].count("https://example.com") == 5, done.stdout


def code_lines_of(source: str) -> int:
    return sum(1 for line in source.splitlines() if line.strip() and not line.strip().startswith("#"))
