"""The contract under test: the bundle shipped with ``webdata_models`` (package data)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

__all__ = ["bundle", "bundle_file"]

_RESOURCE = files("webdata_models").joinpath("openapi.json")


@cache
def bundle() -> dict[str, Any]:
    """The parsed bundle."""
    document: dict[str, Any] = json.loads(_RESOURCE.read_text(encoding="utf-8"))
    return document


@contextmanager
def bundle_file() -> Iterator[Path]:
    """A filesystem path of the bundle (for tools that take a file, such as Schemathesis' CLI)."""
    with as_file(_RESOURCE) as path:
        yield path
