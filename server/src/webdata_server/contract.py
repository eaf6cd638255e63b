"""What the server reads from the committed bundle instead of repeating it: error bodies,
credit rules, the token rate and the lockdown default."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema.protocols import Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

__all__ = ["Contract", "CreditRule"]


@dataclass(frozen=True)
class CreditRule:
    """One entry of an ``x-credits`` list (see spec/EXTENSIONS.md)."""

    effect: str
    credits: int
    per: str
    when: str


_BOUNDS = validators.create(
    meta_schema=Draft202012Validator.META_SCHEMA,
    validators={keyword: Draft202012Validator.VALIDATORS[keyword] for keyword in ("$ref", "properties", "maxItems", "maxLength", "maxProperties")},
)


class Contract:
    """Read-only view of the contract's bundle (``generated/openapi.json``, shipped in ``webdata_models``)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.operations: dict[str, dict[str, Any]] = {}
        for path, item in document["paths"].items():
            for method, operation in item.items():
                if isinstance(operation, dict) and "operationId" in operation:
                    self.operations[operation["operationId"]] = {**operation, "method": method.upper(), "path": path}

    @classmethod
    def load(cls, data: bytes) -> Contract:
        return cls(json.loads(data))

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            target: Any = self.document
            for token in node["$ref"][2:].split("/"):
                target = target[token.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def error_body(self, operation_id: str, status: int, example: str | None = None) -> dict[str, Any]:
        """A copy of the documented body for ``status`` of the operation (the named example, else the first)."""
        response = self._resolve(self.operations[operation_id]["responses"][str(status)])
        examples = response["content"]["application/json"].get("examples", {})
        chosen = examples[example] if example else next(iter(examples.values()))
        body: dict[str, Any] = copy.deepcopy(self._resolve(chosen)["value"])
        return body

    def credits(self, operation_id: str) -> list[CreditRule]:
        """The operation's base cost rules."""
        return [CreditRule(r["effect"], r["credits"], r["per"], r["when"]) for r in self.operations[operation_id].get("x-credits", [])]

    def option_credits(self, schema: str, prop: str) -> list[CreditRule]:
        """The charge rules of one property of a component schema."""
        node = self.document["components"]["schemas"][schema]["properties"][prop]
        return [CreditRule(r["effect"], r["credits"], r["per"], r["when"]) for r in node.get("x-credits", [])]

    def base_credits(self, operation_id: str) -> tuple[int, str]:
        """(credits, unit) of the operation's base cost."""
        for rule in self.credits(operation_id):
            if rule.effect == "base":
                return rule.credits, rule.per
        return 0, "request"

    @cached_property
    def _registry(self) -> Registry[Any]:
        resource: Resource[Any] = Resource.from_contents(self.document, default_specification=DRAFT202012)
        registry: Registry[Any] = Registry().with_resource("urn:bundle", resource)
        return registry

    def request_validator(self, operation_id: str) -> Draft202012Validator:
        """JSON Schema validation of the operation's request body, formats asserted.

        The generated models give the server typed access; this catches what pydantic lets
        through (an explicit null for an optional field, a malformed uri).
        """
        operation = self.operations[operation_id]
        pointer = (
            "/paths/" + operation["path"].replace("~", "~0").replace("/", "~1") + f"/{operation['method'].lower()}/requestBody/content/application~1json/schema"
        )
        return Draft202012Validator({"$ref": "urn:bundle#" + quote(pointer, safe="/~")}, registry=self._registry, format_checker=FormatChecker())

    def bounds_validator(self, operation_id: str) -> Validator:
        """The request body's size bounds alone (maxItems, maxLength, maxProperties, through
        properties and references, not into array items): checked before the full validation,
        whose cost grows with an array's length, so an oversized list is refused at once."""
        return _BOUNDS({"$ref": self.request_validator(operation_id).schema["$ref"]}, registry=self._registry)

    @property
    def tokens_per_credit(self) -> int:
        return int(self.document["info"]["x-tokens-per-credit"])
