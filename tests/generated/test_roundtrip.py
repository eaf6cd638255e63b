"""Property-based round trips: instances generated from each component schema parse with the models
(which the client uses too) and serialise back to JSON that the bundle accepts."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
import webdata_models as models
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from pydantic import BaseModel, TypeAdapter
from typing_extensions import TypeAliasType

from tests.conftest import BUNDLE
from tests.spec.schemas import errors

_BUNDLE = json.loads(BUNDLE.read_text(encoding="utf-8"))
_SCHEMAS: dict[str, Any] = _BUNDLE["components"]["schemas"]
# Open-ended payloads (free-form JSON Schema objects, headers) are bounded so generation stays fast.
_SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True, database=None)


_ITEMS = 3
_MAPPINGS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def _bounded(schema: Any) -> Any:
    """``schema`` with ``maxProperties`` on every object that names its properties: their number.
    hypothesis-jsonschema draws an object's keys until a count it drew, and once no named optional
    key is left, a draw of one throws the whole example away (nine in ten examples of a nested
    document, by its observability's count). So bounded, it stops drawing keys instead; a closed
    object's instances are the same, an open one's still carry other keys in place of named ones.
    And lists of three items at most: a round trip needs no long list (bounds are the suite's
    boundary tests'), and long ones overflow Hypothesis' test case size in a nested document."""
    if isinstance(schema, list):
        return [_bounded(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {
        key: {name: _bounded(item) for name, item in value.items()} if key in _MAPPINGS and isinstance(value, dict) else _bounded(value)
        for key, value in schema.items()
    }
    named = out.get("properties")
    if isinstance(named, dict) and named and "maxProperties" not in out and "patternProperties" not in out:
        out["maxProperties"] = max(len(named), len(out.get("required", [])), int(out.get("minProperties", 0)))
    if isinstance(out.get("items"), dict):
        out["maxItems"] = max(int(out.get("minItems", 0)), min(int(out.get("maxItems", _ITEMS)), _ITEMS))
    return out


_GENERATED = {name: _bounded(schema) for name, schema in _SCHEMAS.items()}


@cache
def strategy(name: str) -> st.SearchStrategy[Any]:
    root: dict[str, Any] = {"$ref": f"#/components/schemas/{name}", "components": {"schemas": _GENERATED}}
    return from_schema(root, custom_formats={"uuid": st.uuids().map(str)})


def _is_type(name: str) -> bool:
    # A model for an object, a type alias for a union, an enum or a constrained scalar.
    candidate = getattr(models, name, None)
    return (isinstance(candidate, type) and issubclass(candidate, BaseModel)) or isinstance(candidate, TypeAliasType)


COMPONENTS = sorted(name for name in _SCHEMAS if _is_type(name))


def test_every_component_has_a_pydantic_type() -> None:
    assert set(COMPONENTS) == set(_SCHEMAS)


# Every model field's Python name that differs from its wire name.
_PYTHON_NAMES = {
    field
    for candidate in vars(models).values()
    if isinstance(candidate, type) and issubclass(candidate, BaseModel)
    for field, info in candidate.model_fields.items()
    if info.alias and info.alias != field
}


def _wire_names(node: Any) -> set[str]:
    """Every property name the contract declares, at any depth."""
    if isinstance(node, list):
        return set().union(*(_wire_names(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = set(node["properties"]) if isinstance(node.get("properties"), dict) else set()
    return found.union(*(_wire_names(value) for value in node.values()))


# A Python name that is also a wire name (an alexandria run's scrape_id) is the wire's: kept.
_PYTHON_NAMES -= _wire_names(_SCHEMAS)


def _without(value: Any, names: set[str]) -> Any:
    if isinstance(value, dict):
        return {key: _without(item, names) for key, item in value.items() if key not in names}
    if isinstance(value, list):
        return [_without(item, names) for item in value]
    return value


@pytest.mark.parametrize("name", COMPONENTS)
def test_pydantic_round_trip(name: str) -> None:
    model = getattr(models, name)
    adapter: TypeAdapter[Any] = TypeAdapter(model)

    @_SETTINGS
    @given(strategy(name))
    def check(instance: Any) -> None:
        # An open object may carry any extra property, a field's Python name among them
        # ("credits_used" beside the wire's "creditsUsed"); the models also take fields by that
        # name, so such a property is not an extra for them. The wire never sends one: drop them.
        # At every depth: a nested open object (a document's metadata) may carry them too.
        instance = _without(instance, _PYTHON_NAMES)
        # As a reader of the wire: properties the models do not declare are ignored.
        parsed = adapter.validate_python(instance, extra="ignore")
        dumped = adapter.dump_python(parsed, mode="json", by_alias=True, exclude_unset=True)
        assert errors(name, dumped) == [], (instance, dumped)
        again = adapter.dump_python(adapter.validate_python(dumped), mode="json", by_alias=True, exclude_unset=True)
        assert again == dumped

    check()
