"""What the server reads from the committed bundle instead of repeating it: error bodies,
credit rules, the token rate and the lockdown default."""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import quote

if TYPE_CHECKING:
    from jsonschema.protocols import Validator
    from referencing import Registry

__all__ = ["Contract", "CreditRule"]


@dataclass(frozen=True)
class CreditRule:
    """One entry of an ``x-credits`` list (see spec/EXTENSIONS.md)."""

    effect: str
    credits: int
    per: str
    when: str


# ECMA-262 (the dialect JSON Schema's ``pattern`` is written in) where Python's ``re`` differs, for
# the constructs the contract's patterns use: ``$`` is the end of the input (Python's also matches
# before a final newline, so "US\n" passed ``^[A-Z]{2}$``), and ``\s`` is ECMA's WhiteSpace and
# LineTerminator set (Python's takes U+001C..U+001F and U+0085, and not U+FEFF).
_ECMA_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


@functools.lru_cache(maxsize=256)
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled so that Python's ``re`` matches what an ECMA-262 engine does (``\\S``
    inside a character class, which the contract does not use, keeps Python's meaning)."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\" and i + 1 < len(pattern):
            escape = pattern[i + 1]
            if escape == "s":
                out.append(_ECMA_SPACE if in_class else f"[{_ECMA_SPACE}]")
            elif escape == "S" and not in_class:
                out.append(f"[^{_ECMA_SPACE}]")
            else:
                out.append(pattern[i : i + 2])
            i += 2
            continue
        if char == "[" and not in_class:
            in_class = True
        elif char == "]" and in_class:
            in_class = False
        elif char == "$" and not in_class:
            char = r"\Z"
        out.append(char)
        i += 1
    return re.compile("".join(out))


def _ecma_pattern_keyword(validator: Any, pattern: str, instance: Any, schema: dict[str, Any]) -> Any:
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not ecma_pattern(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@functools.cache
def _ecma() -> Any:
    """Draft 2020-12 with patterns read as ECMA-262 reads them."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(Draft202012Validator, {"pattern": _ecma_pattern_keyword})


@functools.cache
def _bounds() -> Any:
    """A validator of the size bounds alone."""
    from jsonschema import Draft202012Validator, validators

    return validators.create(
        meta_schema=Draft202012Validator.META_SCHEMA,
        validators={keyword: Draft202012Validator.VALIDATORS[keyword] for keyword in ("$ref", "properties", "maxItems", "maxLength", "maxProperties")},
    )


class _Deferred:
    """A JSON Schema validator made on its first use. The server's requests are admitted by the
    compiled gate (:meth:`Contract.request_gate`, itself compiled on its first body); the Python
    validators are asked only about a body it refused (or where jsonschema-rs is missing), so
    jsonschema is imported, and each operation's validator made, when the first such body comes
    (about a tenth of a test's first import was jsonschema's)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self._made: Any = None

    def _validator(self) -> Any:
        if self._made is None:  # two threads may both make it: the same validator either way
            self._made = self._make()
        return self._made

    def iter_errors(self, instance: Any) -> Any:
        return self._validator().iter_errors(instance)

    def is_valid(self, instance: Any) -> bool:
        return bool(self._validator().is_valid(instance))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not the validator's (a copy's protocol, or this object half made)
            raise AttributeError(name)
        return getattr(self._validator(), name)


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

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        """``node`` with its references followed."""
        return self._resolve(node)

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

    def has_example(self, operation_id: str, status: int, example: str) -> bool:
        """Whether the operation's documented body for ``status`` has an example of that name."""
        response = self._resolve(self.operations[operation_id]["responses"].get(str(status), {}))
        return example in response.get("content", {}).get("application/json", {}).get("examples", {})

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
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        resource: Resource[Any] = Resource.from_contents(self.document, default_specification=DRAFT202012)
        registry: Registry[Any] = Registry().with_resource("urn:bundle", resource)
        return registry

    def request_validator(self, operation_id: str) -> Validator:
        """JSON Schema validation of the operation's request body, formats asserted.

        The generated models give the server typed access; this catches what pydantic lets
        through (an explicit null for an optional field, a malformed uri). Patterns are matched
        as ECMA-262 reads them (:func:`ecma_pattern`), as jsonschema-rs and the service's own
        JavaScript validation do.
        """
        schema = self._body_schema(operation_id)
        return cast("Validator", _Deferred(lambda: _ecma()(schema, registry=self._registry, format_checker=_format_checker())))

    @functools.cache  # noqa: B019 - one per component name, for the life of the contract
    def component_validator(self, name: str) -> Validator:
        """JSON Schema validation against one component schema (a parse upload's options), as
        :meth:`request_validator` validates a JSON body."""
        return cast("Validator", _Deferred(lambda: _ecma()(_component_schema(name), registry=self._registry, format_checker=_format_checker())))

    @functools.cache  # noqa: B019 - one per component name, for the life of the contract
    def component_bounds_validator(self, name: str) -> Validator:
        """The size bounds alone of one component schema, as :meth:`bounds_validator` of a body."""
        return cast("Validator", _Deferred(lambda: _bounds()(_component_schema(name), registry=self._registry)))

    def _body_schema(self, operation_id: str) -> dict[str, str]:
        """A schema that is the operation's JSON request body schema, by reference into the bundle."""
        operation = self.operations[operation_id]
        pointer = (
            "/paths/" + operation["path"].replace("~", "~0").replace("/", "~1") + f"/{operation['method'].lower()}/requestBody/content/application~1json/schema"
        )
        return {"$ref": "urn:bundle#" + quote(pointer, safe="/~")}

    @cached_property
    def _compiled_registry(self) -> Any:
        """The bundle as jsonschema-rs reads references (built once: it copies the whole document)."""
        import jsonschema_rs

        return jsonschema_rs.Registry([("urn:bundle", self.document)])

    @functools.cache  # noqa: B019 - one per component name, for the life of the contract
    def component_gate(self, name: str) -> Callable[[Any], bool] | None:
        """:meth:`request_gate` of one component schema (a form of a oneOf body)."""
        return self._gate(_component_schema(name))

    def request_gate(self, operation_id: str) -> Callable[[Any], bool] | None:
        """Whether a request body is valid, by the same schema compiled with jsonschema-rs (formats
        asserted too), or None where jsonschema-rs cannot be imported. Its yes is final; a no sends
        the body to :meth:`request_validator`, whose errors the answer names (and whose no is the
        one that counts). About 250 times cheaper than the Python validator on a valid body, which
        is what nearly every request has."""
        return self._gate(self._body_schema(operation_id))

    def _gate(self, schema: dict[str, str]) -> Callable[[Any], bool] | None:
        try:
            import jsonschema_rs
        except ImportError:  # no wheel for this platform: the Python validator alone
            return None
        # Compiled on the first body it is asked about (~1 ms an operation at start).
        compiled = _Deferred(lambda: jsonschema_rs.Draft202012Validator(schema, registry=self._compiled_registry, validate_formats=True))

        def is_valid(payload: Any) -> bool:
            try:
                return compiled.is_valid(payload)
            except (ValueError, TypeError, OverflowError):  # a value it cannot take: the Python validator decides
                return False

        return is_valid

    def bounds_validator(self, operation_id: str) -> Validator:
        """The request body's size bounds alone (maxItems, maxLength, maxProperties, through
        properties and references, not into array items): checked before the full validation,
        whose cost grows with an array's length, so an oversized list is refused at once."""
        schema = self._body_schema(operation_id)
        return cast("Validator", _Deferred(lambda: _bounds()(schema, registry=self._registry)))

    @property
    def tokens_per_credit(self) -> int:
        return int(self.document["info"]["x-tokens-per-credit"])


def _format_checker() -> Any:
    from jsonschema import FormatChecker

    return FormatChecker()


def _component_schema(name: str) -> dict[str, str]:
    """A schema that is the component ``name``, by reference into the bundle."""
    return {"$ref": "urn:bundle#/components/schemas/" + name}
