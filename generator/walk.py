"""Walk the spec tree: every JSON node with its pointer, and every schema object with its pointer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.findings import join_pointer

__all__ = ["DATA_KEYWORDS", "iter_nodes", "iter_schemas", "iter_subschemas"]

# Values under these keys are instance data, not spec structure: a "$ref" inside them is text.
DATA_KEYWORDS = frozenset({"default", "const", "enum", "example", "examples", "value"})

_SCHEMA_MAP_KEYWORDS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LIST_KEYWORDS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_KEYWORDS = (
    "items",
    "additionalProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
)


def iter_nodes(node: Any, pointer: str = "") -> Iterator[tuple[str, Any]]:
    """Yield ``(pointer, node)`` for every structural node, skipping instance data."""
    yield pointer, node
    if isinstance(node, dict):
        for key, value in node.items():
            if key in DATA_KEYWORDS and not (key == "examples" and _is_example_map(value)):
                continue
            yield from iter_nodes(value, join_pointer(pointer, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from iter_nodes(value, join_pointer(pointer, index))


def _is_example_map(value: Any) -> bool:
    # A media type's `examples` maps names to Example Objects, which may hold `$ref`.
    return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())


def _schema_children(schema: dict[str, Any], pointer: str) -> Iterator[tuple[str, Any]]:
    for key in _SCHEMA_MAP_KEYWORDS:
        for name, sub in (schema.get(key) or {}).items():
            yield join_pointer(pointer, key, name), sub
    for key in _SCHEMA_LIST_KEYWORDS:
        for index, sub in enumerate(schema.get(key) or []):
            yield join_pointer(pointer, key, index), sub
    for key in _SCHEMA_KEYWORDS:
        if isinstance(schema.get(key), dict):
            yield join_pointer(pointer, key), schema[key]


def _walk_schema(schema: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if not isinstance(schema, dict):
        return
    yield pointer, schema
    for child_pointer, child in _schema_children(schema, pointer):
        yield from _walk_schema(child, child_pointer)


def _content_schemas(content: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    for media, media_object in (content or {}).items():
        if isinstance(media_object, dict) and "schema" in media_object:
            yield join_pointer(pointer, media, "schema"), media_object["schema"]


def _parameter_schemas(parameters: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    for index, parameter in enumerate(parameters or []):
        if isinstance(parameter, dict) and "schema" in parameter:
            yield join_pointer(pointer, index, "schema"), parameter["schema"]


def _response_schemas(response: Any, pointer: str) -> Iterator[tuple[str, Any]]:
    if not isinstance(response, dict):
        return
    yield from _content_schemas(response.get("content"), join_pointer(pointer, "content"))
    for name, header in (response.get("headers") or {}).items():
        if isinstance(header, dict) and "schema" in header:
            yield join_pointer(pointer, "headers", name, "schema"), header["schema"]


def iter_schemas(spec: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield ``(pointer, schema)`` for every schema object in the document, nested ones included."""
    roots: list[tuple[str, Any]] = []
    components = spec.get("components") or {}
    for name, schema in (components.get("schemas") or {}).items():
        roots.append((join_pointer("/components/schemas", name), schema))
    for name, parameter in (components.get("parameters") or {}).items():
        if isinstance(parameter, dict) and "schema" in parameter:
            roots.append((join_pointer("/components/parameters", name, "schema"), parameter["schema"]))
    for name, header in (components.get("headers") or {}).items():
        if isinstance(header, dict) and "schema" in header:
            roots.append((join_pointer("/components/headers", name, "schema"), header["schema"]))
    for name, response in (components.get("responses") or {}).items():
        roots.extend(_response_schemas(response, join_pointer("/components/responses", name)))
    for path, item in (spec.get("paths") or {}).items():
        item_pointer = join_pointer("/paths", path)
        roots.extend(_parameter_schemas(item.get("parameters"), join_pointer(item_pointer, "parameters")))
        for method, operation in item.items():
            if not isinstance(operation, dict) or method == "parameters":
                continue
            op_pointer = join_pointer(item_pointer, method)
            roots.extend(_parameter_schemas(operation.get("parameters"), join_pointer(op_pointer, "parameters")))
            body = operation.get("requestBody")
            if isinstance(body, dict):
                roots.extend(_content_schemas(body.get("content"), join_pointer(op_pointer, "requestBody", "content")))
            for status, response in (operation.get("responses") or {}).items():
                roots.extend(_response_schemas(response, join_pointer(op_pointer, "responses", status)))
    for pointer, schema in roots:
        yield from _walk_schema(schema, pointer)


def iter_subschemas(schema: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield ``(pointer, schema)`` for ``schema`` and every schema nested in it (``$ref`` not followed)."""
    yield from _walk_schema(schema, pointer)
