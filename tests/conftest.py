"""Shared fixtures: the repository's paths and the committed bundle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "openapi.yaml"
EXTENSIONS_DOC = ROOT / "spec" / "EXTENSIONS.md"
BUNDLE = ROOT / "generated" / "openapi.json"


# The modules of the longest tests (pytest --durations), started first: xdist hands tests out in
# collection order, and one of them reached last keeps one worker busy while the other idles.
_FIRST = (
    "tests/conformance/test_mutation.py",
    "tests/test_distributions.py",
    "tests/conformance/test_runner.py",
    "tests/generator/test_docs.py",
    "tests/test_readme.py",
)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/generator/golden from the fixture specs")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {module: n for n, module in enumerate(_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(_FIRST)))  # stable: the rest keep their order


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    """The committed bundle (what every consumer reads)."""
    data: dict[str, Any] = json.loads(BUNDLE.read_text(encoding="utf-8"))
    return data
