"""Every field the official Python SDK can send is declared in the contract.

The contract refuses unknown keys, as the service does; a field the SDK sends and the contract does
not declare would make the reference server refuse working code. This test builds, for each
operation with a body, an SDK request with every field of its request types set (a sample value
per annotation), runs the SDK's own request preparation (so names and nesting are exactly what
it sends) and checks the body against the operation's request schema for unknown keys alone: a
value the sample gets wrong is not this test's business, an undeclared key is.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
import warnings
from collections.abc import Callable, Iterator
from typing import Any, Literal, Union, get_args, get_origin

import jsonschema
import pydantic
import pytest
from firecrawl.v2 import types as sdk
from firecrawl.v2.methods import agent, batch, crawl, extract, search
from firecrawl.v2.methods import map as map_
from firecrawl.v2.utils.validation import prepare_scrape_options


def _sample(annotation: Any, name: str, building: set[str]) -> Any:
    """A value of ``annotation`` the SDK's preparation accepts (models built whole, recursively)."""
    if get_origin(annotation) is typing.Annotated:
        annotation = get_args(annotation)[0]
    origin = get_origin(annotation)
    if name == "schema":
        return {"type": "object", "properties": {"title": {"type": "string"}}}
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(annotation) if a is not type(None)]
        # A model first (its fields are what is checked), then a string, then anything.
        ranked = sorted(options, key=lambda a: 0 if inspect.isclass(a) and issubclass(a, pydantic.BaseModel) else 1 if a is str else 2)
        for option in ranked:
            value = _sample(option, name, building)
            if value is not None:
                return value
        return None
    if origin is Literal:
        return get_args(annotation)[0]
    if origin in (list, tuple):
        inner = get_args(annotation)
        return [_sample(inner[0], name, building)] if inner else []
    if origin is dict:
        return {"name": "default"} if name == "profile" else {"country": "US"} if name == "location" else {"key": "value"}
    if annotation is Any or not inspect.isclass(annotation):
        return "value"
    if issubclass(annotation, bool):
        return True
    if issubclass(annotation, enum.Enum):
        return next(iter(annotation))
    if issubclass(annotation, int | float):
        return annotation(1)
    if issubclass(annotation, str):
        return "https://example.com" if "url" in name.lower() else "value"
    if issubclass(annotation, pydantic.BaseModel):
        return None if annotation.__name__ in building else _model(annotation, building)
    return "value"


def _model(model: type[pydantic.BaseModel], building: set[str] | None = None) -> Any:
    """An instance of ``model`` with every field set."""
    building = (building or set()) | {model.__name__}
    hints = typing.get_type_hints(model, include_extras=True)
    values = {name: _sample(hints.get(name, field.annotation), name, building) for name, field in model.model_fields.items()}
    if "type" in values and "Source" in model.__name__:
        values["type"] = "web"
    if "type" in values and "Category" in model.__name__:
        values["type"] = "github"
    try:
        return model(**values)
    except pydantic.ValidationError:
        return model.model_construct(**values)


def _call_with_everything(function: Callable[..., dict[str, Any]], **given: Any) -> dict[str, Any]:
    hints = typing.get_type_hints(function, include_extras=True)
    arguments = dict(given)
    for name, parameter in inspect.signature(function).parameters.items():
        if name not in arguments and parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            arguments[name] = _sample(hints.get(name, Any), name, set())
    return function(**arguments)


def _crawl_body() -> dict[str, Any]:
    request = _model(sdk.CrawlRequest)
    request.url = "https://example.com"
    return crawl._prepare_crawl_request(request)


def _search_body() -> dict[str, Any]:
    request = _model(sdk.SearchRequest)
    request.query, request.exclude_domains = "coffee", None  # the SDK refuses both domain lists
    return search._prepare_search_request(request)


BODIES: dict[str, Callable[[], dict[str, Any]]] = {
    "scrapeUrl": lambda: {"url": "https://example.com", **(prepare_scrape_options(_model(sdk.ScrapeOptions)) or {})},
    "startCrawl": _crawl_body,
    "mapUrl": lambda: map_._prepare_map_request("https://example.com", _model(sdk.MapOptions)),
    "searchWeb": _search_body,
    "startExtract": lambda: _call_with_everything(extract._prepare_extract_request, urls=["https://example.com"]),
    "startBatchScrape": lambda: _call_with_everything(batch.prepare_batch_scrape_request, urls=["https://example.com"]),
    "startAgent": lambda: _call_with_everything(agent._prepare_agent_request, urls=["https://example.com"]),
}


def _request_schema(bundle: dict[str, Any], operation_id: str) -> dict[str, Any]:
    for item in bundle["paths"].values():
        for operation in item.values():
            if isinstance(operation, dict) and operation.get("operationId") == operation_id:
                schema = operation["requestBody"]["content"]["application/json"]["schema"]
                # A body of several forms (scrape: a URL, or alexandria calls): the SDK's calls here send the first.
                forms = bundle["components"]["schemas"].get(schema.get("$ref", "").rsplit("/", 1)[-1], {}).get("oneOf")
                return {**(forms[0] if forms else schema), "components": bundle["components"]}
    raise LookupError(operation_id)


def _unknown_keys(schema: dict[str, Any], body: dict[str, Any]) -> list[str]:
    """``where: message`` of every unknown-key error, nested ones (inside a oneOf) included."""

    def walk(errors: Iterator[jsonschema.ValidationError]) -> Iterator[jsonschema.ValidationError]:
        for error in errors:
            yield error
            yield from walk(iter(error.context or []))

    found = {
        f"/{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in walk(jsonschema.Draft202012Validator(schema).iter_errors(body))
        if error.validator == "additionalProperties"
    }
    return sorted(found)


# What the SDK can send that the service refuses, where its schema says so (the contract refuses it
# too, as the service does: a double that took it would pass code the service fails): firecrawl-py's
# ScrapeOptions carries ``integration``, and sends it inside the nested scrapeOptions of crawl, search
# and extract, where the service's strict baseScrapeOptions has no such field (issue 56 false alarm 6).
REFUSED_BY_THE_SERVICE = {"/scrapeOptions: Additional properties are not allowed ('integration' was unexpected)"}


@pytest.mark.parametrize("operation_id", sorted(BODIES))
def test_every_field_the_python_sdk_sends_is_declared(bundle: dict[str, Any], operation_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the SDK's deprecations and pydantic's serializer notes
        body = BODIES[operation_id]()
    assert len(body) >= 5, f"the SDK's preparation gave only {sorted(body)}"
    assert [k for k in _unknown_keys(_request_schema(bundle, operation_id), body) if k not in REFUSED_BY_THE_SERVICE] == []


def test_an_undeclared_field_is_found(bundle: dict[str, Any]) -> None:
    schema = _request_schema(bundle, "startCrawl")
    assert _unknown_keys(schema, {"url": "https://example.com", "robotsUserAgentTypo": "x"}) == [
        "/: Additional properties are not allowed ('robotsUserAgentTypo' was unexpected)"
    ]
    nested = _unknown_keys(schema, {"url": "https://example.com", "scrapeOptions": {"formatz": []}})
    assert nested and nested[0].startswith("/scrapeOptions:")


def test_every_format_the_python_sdk_names_is_a_format_of_the_contract(bundle: dict[str, Any]) -> None:
    """Enum values too: each name of firecrawl-py's FormatString (its snake_case aliases as the SDK
    sends them) and the type of each of its format objects is a format the contract declares, as
    a name or as an object (a name whose object needs fields, attributes and query, as an object)."""
    schemas = bundle["components"]["schemas"]
    names = set(schemas["BasicFormatName"]["enum"]) | set(schemas["CompatFormatName"]["enum"])
    objects = set(schemas["Format"]["discriminator"]["mapping"])
    aliases = {"raw_html": "rawHtml", "change_tracking": "changeTracking"}
    sent = {aliases.get(name, name) for name in get_args(sdk.FormatString)}
    assert sorted(sent - names - objects) == []
    assert sorted(sent - names) == ["attributes", "query"]  # the two whose objects have required fields
    kinds = set()
    for cls in [*sdk.Format.__subclasses__(), sdk.ScreenshotFormat]:
        kinds |= {aliases.get(k, k) for k in get_args(cls.model_fields["type"].annotation)}
    assert sorted(kinds - objects) == []
