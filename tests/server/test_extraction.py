"""The synthetic extractor gives, for any valid JSON Schema, a value that validates against it: the
schemas pydantic writes for users' models above all (``float | None``, nested models, lists of
models, enums, literals, constrained numbers and strings, dates, UUIDs, recursive models)."""

from __future__ import annotations

import datetime
import enum
import uuid
from typing import Any, Literal, Optional

import jsonschema
import pydantic
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webdata_server.extraction import value_for_schema


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


class Price(pydantic.BaseModel):
    amount: float | None
    currency: Literal["EUR", "USD"] = "EUR"


class Product(pydantic.BaseModel):
    name: str
    price: Price
    tags: list[str]
    color: Color
    stock: pydantic.conint(ge=10, le=20)  # type: ignore[valid-type]
    sku: pydantic.constr(min_length=8, max_length=8)  # type: ignore[valid-type]
    released: datetime.date
    id: uuid.UUID
    rating: Optional[pydantic.confloat(gt=0, lt=5)] = None  # type: ignore[valid-type]  # noqa: UP045


class Node(pydantic.BaseModel):
    label: str
    children: list[Node] = []


def _check(model: type[pydantic.BaseModel]) -> Any:
    schema = model.model_json_schema()
    value = value_for_schema(schema, "data", "example.com")
    jsonschema.Draft202012Validator(schema).validate(value)
    model.model_validate(value)
    assert value == value_for_schema(schema, "data", "example.com")  # deterministic
    return value


def test_the_models_users_write_come_back_valid() -> None:
    product = _check(Product)
    assert isinstance(product["price"]["amount"], float) and product["color"] in ("red", "green")
    assert 10 <= product["stock"] <= 20 and len(product["sku"]) == 8
    _check(Node)


def test_json_schema_constructs() -> None:
    cases: list[dict[str, Any]] = [
        {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "required": ["a"], "$defs": {"A": {"type": "integer", "multipleOf": 7, "minimum": 10}}},
        {"allOf": [{"type": "object", "properties": {"x": {"type": "string"}}}, {"required": ["x", "y"]}]},
        {"oneOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]},
        {"type": ["null", "boolean"]},
        {"type": "string", "format": "email"},
        {"type": "string", "format": "date-time"},
        {"type": "string", "pattern": "^[0-9]+$"},
        {"type": "array", "items": {"type": "integer"}, "minItems": 3, "uniqueItems": True},
        {"type": "number", "exclusiveMinimum": 100, "exclusiveMaximum": 101},
        {"type": "object", "minProperties": 2, "additionalProperties": {"type": "string"}},
        {"enum": [None, "x"]},
        {"const": {"k": 1}},
        {"type": "array", "maxItems": 0},
        {"type": "string", "nullable": True},
    ]
    for schema in cases:
        value = value_for_schema(schema, "field", "example.com")
        jsonschema.Draft202012Validator(schema).validate(value)


_SCALARS = st.sampled_from(
    [str, int, float, bool, datetime.date, datetime.datetime, uuid.UUID, Color, Literal["a", "b"], pydantic.conint(ge=3, le=9), pydantic.constr(max_length=4)]
)


def _maybe(kind: Any) -> Any:
    return Optional[kind]  # noqa: UP045


def _list_of(kind: Any) -> Any:
    return list[kind]


def _dict_of(kind: Any) -> Any:
    return dict[str, kind]


def _field_types(depth: int) -> st.SearchStrategy[Any]:
    base = _SCALARS
    if depth >= 2:
        return st.one_of(base, base.map(_maybe), base.map(_list_of))
    nested = st.builds(lambda fields: _model(fields, depth + 1), st.lists(_field_types(depth + 1), min_size=1, max_size=4))
    inner = st.one_of(base, nested)
    return st.one_of(inner, inner.map(_maybe), inner.map(_list_of), inner.map(_dict_of))


_models = iter(range(10**9))


def _model(fields: list[Any], depth: int) -> type[pydantic.BaseModel]:
    definitions: dict[str, Any] = {f"f{n}": (kind, ...) if n % 2 == 0 else (kind, None if _optional(kind) else ...) for n, kind in enumerate(fields)}
    return pydantic.create_model(f"Generated{next(_models)}", **definitions)


def _optional(kind: Any) -> bool:
    return type(None) in getattr(kind, "__args__", ())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_field_types(0), min_size=1, max_size=6))
def test_any_pydantic_model_gets_a_value_it_accepts(fields: list[Any]) -> None:
    _check(_model(fields, 0))
