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


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite tests/generator/golden from the fixture specs")


@pytest.fixture(scope="session")
def bundle() -> dict[str, Any]:
    """The committed bundle (what every consumer reads)."""
    data: dict[str, Any] = json.loads(BUNDLE.read_text(encoding="utf-8"))
    return data
