"""The contract as the service reads it: without the bounds the contract documents as the
reference server's own.

Every array, string and open object a request can carry has a maximum (``maxItems``,
``maxLength``, ``maxProperties``), and each says where it comes from in its ``x-bound``. Where that
is ``inferred: a documented bound of this server`` the service sets none (or another): the bound is
the reference server's own choice, which a conforming server may make or not. A request over such
a bound, and over nothing else, is therefore not invalid data for every server, and a server that
takes it breaks no rule of the contract's source. :func:`only_own_bounds_broken` tells such a
request from one that breaks a rule every server keeps; the suite's ``negative_data_rejection``
asks a refusal only of the second.

An ``x-bound`` covers the maxima of the node it stands beside: a parameter's schema, a property's
schema, and the items (or additional properties) under them that say nothing of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from webdata_conformance.contract import at, bundle, operations_by_id, pointer_token, resolved

__all__ = ["OWN_BOUND", "only_own_bounds_broken", "only_undeclared_query_added", "service_view", "valid_request"]

OWN_BOUND = "inferred: a documented bound of this server"
_MAXIMA = ("maxItems", "maxLength", "maxProperties")
# Where an enclosing node's x-bound still speaks: what an array holds, what an open object maps to.
_INHERITED = ("schema", "items", "additionalProperties")


def _relaxed(node: Any, inherited: bool = False) -> Any:
    """``node`` with every maximum an own ``x-bound`` covers taken out."""
    if isinstance(node, list):
        return [_relaxed(item) for item in node]
    if not isinstance(node, dict):
        return node
    said = node.get("x-bound")
    own = (isinstance(said, str) and said.startswith(OWN_BOUND)) or (inherited and said is None)
    return {key: _relaxed(value, own and key in _INHERITED) for key, value in node.items() if not (own and key in _MAXIMA)}


@cache
def service_view() -> dict[str, Any]:
    """The bundle without the reference server's own bounds."""
    view: dict[str, Any] = _relaxed(bundle())  # the walk builds new containers: the bundle is not changed
    return view


@cache
def _registry(relaxed: bool) -> Registry[Any]:
    document = service_view() if relaxed else bundle()
    registry: Registry[Any] = Registry().with_resource("urn:bundle", Resource.from_contents(document, default_specification=DRAFT202012))
    return registry


@cache
def _validator(pointer: str, relaxed: bool) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"urn:bundle#{pointer}"}, registry=_registry(relaxed))


def _valid(pointer: str, value: Any, relaxed: bool) -> bool:
    return not any(_validator(pointer, relaxed).iter_errors(value))


def _body_pointer(operation: Mapping[str, Any]) -> str | None:
    """The JSON pointer of the operation's JSON body schema (None: it takes no JSON body)."""
    body = operation.get("requestBody")
    if not body:
        return None
    base = body["$ref"][1:] if "$ref" in body else f"/paths/{pointer_token(operation['path'])}/{operation['method'].lower()}/requestBody"
    return f"{base}/content/application~1json/schema" if "application/json" in at(base)["content"] else None


def _query_pointers(operation: Mapping[str, Any]) -> dict[str, tuple[str, bool]]:
    """Query parameter name -> (the JSON pointer of its schema, whether it is required)."""
    found = {}
    for index, parameter in enumerate(operation.get("parameters", [])):
        base = parameter["$ref"][1:] if "$ref" in parameter else f"/paths/{pointer_token(operation['path'])}/{operation['method'].lower()}/parameters/{index}"
        declared = at(base)
        if declared.get("in") == "query":
            found[declared["name"]] = (f"{base}/schema", bool(declared.get("required")))
    return found


def _components(operation_id: str, body: Any, query: Mapping[str, Any] | None) -> list[tuple[str, Any]] | None:
    """(schema pointer, value) of each part of a request the contract types: the JSON body, each
    query parameter given; None when a required query parameter is left out (invalid in either view)."""
    operation = operations_by_id()[operation_id]
    parts: list[tuple[str, Any]] = []
    pointer = _body_pointer(operation)
    if pointer is not None and body is not None:
        parts.append((pointer, body))
    for name, (where, required) in _query_pointers(operation).items():
        if query is not None and name in query:
            parts.append((where, query[name]))
        elif required:
            return None
    return parts


def valid_request(operation_id: str, body: Any = None, query: Mapping[str, Any] | None = None, *, relaxed: bool = False) -> bool:
    """Whether the request (its JSON ``body``, its ``query``) is valid as the bundle says, or, with
    ``relaxed``, once the reference server's own bounds are taken out."""
    parts = _components(operation_id, body, query)
    return parts is not None and all(_valid(pointer, value, relaxed) for pointer, value in parts)


def only_own_bounds_broken(operation_id: str, body: Any = None, query: Mapping[str, Any] | None = None) -> bool:
    """Whether the request (its JSON ``body``, its ``query``) breaks the contract only where the
    reference server's own bounds are: invalid as the bundle says, valid once they are taken out."""
    return not valid_request(operation_id, body, query) and valid_request(operation_id, body, query, relaxed=True)


def _as_read(pointer: str, value: Any) -> Any:
    """A query value as a server reads it off the wire: a number or a boolean schema takes its
    text (``"0"``, ``"true"``)."""
    schema = resolved(at(pointer))
    kind = schema.get("type") if isinstance(schema, dict) else None
    if not isinstance(value, str):
        return value
    try:
        if kind == "integer":
            return int(value)
        if kind == "number":
            return float(value)
    except ValueError:
        return value
    if kind == "boolean" and value in ("true", "false"):
        return value == "true"
    return value


def only_undeclared_query_added(operation_id: str, body: Any = None, query: Mapping[str, Any] | None = None) -> bool:
    """Whether the request breaks the contract only by query parameters the operation does not
    declare: valid once they are left out. A server ignores such a parameter (the service's
    framework and the reference server both do), so it is no invalid data."""
    declared = _query_pointers(operations_by_id()[operation_id])
    extra = set(query or {}) - set(declared)
    kept = {name: _as_read(declared[name][0], value) for name, value in (query or {}).items() if name in declared}
    return bool(extra) and valid_request(operation_id, body, kept)
