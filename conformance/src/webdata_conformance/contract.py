"""The contract under test: the bundle shipped with ``webdata_models`` (package data)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

__all__ = ["at", "bundle", "bundle_file", "operations_by_id", "pointer_token", "resolved"]

_RESOURCE = files("webdata_models").joinpath("openapi.json")


@cache
def bundle() -> dict[str, Any]:
    """The parsed bundle."""
    document: dict[str, Any] = json.loads(_RESOURCE.read_text(encoding="utf-8"))
    return document


@cache
def operations_by_id() -> dict[str, dict[str, Any]]:
    """operationId -> the operation, with its ``method`` (upper case) and ``path``."""
    return {
        op["operationId"]: {**op, "method": method.upper(), "path": path}
        for path, item in bundle()["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }


def pointer_token(name: str) -> str:
    """``name`` as one token of a JSON pointer (RFC 6901: ``~`` and ``/`` escaped)."""
    return name.replace("~", "~0").replace("/", "~1")


def at(pointer: str) -> Any:
    """The bundle's node at a JSON pointer (``/components/headers/Retry-After``)."""
    node: Any = bundle()
    for token in pointer[1:].split("/"):
        name = token.replace("~1", "/").replace("~0", "~")
        node = node[int(name)] if isinstance(node, list) else node[name]
    return node


def resolved(node: Any) -> Any:
    """``node``, or what its ``$ref`` (into the bundle) names, followed until it names no other."""
    while isinstance(node, dict) and "$ref" in node:
        node = at(node["$ref"][1:])
    return node


@contextmanager
def bundle_file() -> Iterator[Path]:
    """A filesystem path of the bundle (for tools that take a file, such as Schemathesis' CLI)."""
    with as_file(_RESOURCE) as path:
        yield path
