"""Validate instances against a component of the committed bundle (JSON Schema 2020-12)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.conftest import BUNDLE


@cache
def _registry() -> Registry[Any]:
    document = json.loads(BUNDLE.read_text(encoding="utf-8"))
    resource: Resource[Any] = Resource.from_contents(document, default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:bundle", resource)
    return registry


@cache
def validator(component: str) -> Draft202012Validator:
    """A validator for ``#/components/schemas/<component>`` with formats asserted."""
    return Draft202012Validator({"$ref": f"urn:bundle#/components/schemas/{component}"}, registry=_registry(), format_checker=FormatChecker())


def errors(component: str, instance: Any) -> list[str]:
    """Messages of every way ``instance`` violates the component (empty when valid)."""
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(component).iter_errors(instance)]
