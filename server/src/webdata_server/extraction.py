"""The synthetic extractor: a deterministic value that validates against a JSON Schema, used by the
json format of a scrape (:mod:`webdata_server.scrape.render`) and by extract and agent results
(:mod:`webdata_server.jobs.results`). No language model: the same schema and page give the same value.

The rules a reader can predict:

- references (``$ref`` into ``$defs`` or ``definitions``) are followed; ``allOf`` is merged;
  ``anyOf`` and ``oneOf`` take their first variant that is not ``null`` and that the value
  validates against; a ``null`` type (or ``nullable``) is only chosen when nothing else is allowed;
- ``const``, then the first ``enum`` value, then ``default`` (when it validates), then the type:
- a string names its field and source (``"<field> from <host>"``), shaped by ``format``
  (``date-time``, ``date``, ``time``, ``email``, ``uri``, ``uuid``, ``ipv4``, ``ipv6``,
  ``hostname``) and cut or padded to ``minLength``/``maxLength``; under a ``pattern`` it tries a
  few candidates (digits, letters, the field's name) and keeps the first that matches;
- an integer counts the field's letters, a number is that count plus a half, both moved into
  ``minimum``/``maximum`` (exclusive ones too) and onto ``multipleOf``; a boolean is true;
- an array holds ``minItems`` items (at least one unless ``maxItems`` is 0; distinct ones under
  ``uniqueItems``), ``prefixItems`` first; an object every property it declares, plus its
  ``required`` names, filled until ``minProperties``;
- past a depth of 8 (a recursive model), optional properties, array items and nullable values stop.
"""

from __future__ import annotations

import hashlib
import math
import re
import uuid
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from webdata_server import linear

if TYPE_CHECKING:
    import jsonschema

__all__ = ["fits_schema", "value_for_schema"]

_MAX_DEPTH = 8
_NONE = object()  # no value could be made


def _search(pattern: str, text: str) -> bool:
    """Whether a schema's ``pattern`` matches ``text``, in linear time (:mod:`webdata_server.linear`);
    a pattern RE2 cannot run (a lookaround, a backreference) is not held against the value."""
    try:
        return linear.compile(pattern).search(text) is not None
    except linear.Unsupported:
        return True


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: dict[str, Any], instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if _search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


@cache
def _linear() -> Any:
    """The validator class whose patterns run on the linear engine: the standard validator's
    re.search backtracks, and a schema is the caller's input (jsonschema imported on first use)."""
    import jsonschema

    return jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _pattern, "patternProperties": _pattern_properties})


def value_for_schema(schema: Any, name: str, host: str) -> Any:
    """A deterministic instance of ``schema`` (see the module's rules)."""
    if not isinstance(schema, dict):
        return f"{name} from {host}"
    made = _Maker(schema, host).value(schema, name, 0)
    return None if made is _NONE else made


def fits_schema(value: Any, schema: Any) -> bool:
    """Whether ``value`` validates against ``schema`` (a schema that cannot be read passes)."""
    return not isinstance(schema, dict) or _Maker(schema, "").valid(value, schema)


class _Maker:
    def __init__(self, root: dict[str, Any], host: str) -> None:
        self.root = root
        self.host = host or "no host"

    # -- schema plumbing --------------------------------------------------------------------------
    def resolve(self, schema: Any, seen: int = 0) -> Any:
        while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < 32:
            target = self._pointer(schema["$ref"])
            rest = {k: v for k, v in schema.items() if k != "$ref"}
            schema = {**target, **rest} if isinstance(target, dict) else rest
            seen += 1
        return schema

    def _pointer(self, ref: str) -> Any:
        if not ref.startswith("#"):
            return {}
        node: Any = self.root
        for part in ref[1:].split("/")[1:] if ref.startswith("#/") else []:
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            else:
                return {}
        return node

    def valid(self, value: Any, schema: dict[str, Any]) -> bool:
        try:
            validator = _linear()({**schema, "$defs": self.root.get("$defs", {}), "definitions": self.root.get("definitions", {})})
            return bool(validator.is_valid(value))
        except Exception:  # a schema the validator cannot read (or resolve) is not this value's fault
            return True

    def merged(self, schema: dict[str, Any], depth: int) -> dict[str, Any]:
        """``schema`` with its ``allOf`` folded in (properties, required and the rest)."""
        schema = self.resolve(schema)
        if not isinstance(schema, dict) or "allOf" not in schema:
            return schema if isinstance(schema, dict) else {}
        result = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = self.merged(part, depth)
            for key, value in part.items():
                if key == "properties":
                    result["properties"] = {**result.get("properties", {}), **value}
                elif key == "required":
                    result["required"] = sorted(set(result.get("required", [])) | set(value))
                else:
                    result.setdefault(key, value)
        return result

    # -- values -----------------------------------------------------------------------------------
    def value(self, schema: Any, name: str, depth: int) -> Any:
        schema = self.merged(schema, depth)
        if schema is True or not schema:
            return f"{name} from {self.host}"
        if schema is False:
            return _NONE
        if "const" in schema:
            return schema["const"]
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            usable = [v for v in schema["enum"] if v is not None] or schema["enum"]
            return usable[0]
        for key in ("anyOf", "oneOf"):
            if isinstance(schema.get(key), list):
                return self.variant(schema, key, name, depth)
        if "default" in schema and self.valid(schema["default"], schema):
            return schema["default"]
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
        if schema.get("nullable") is True and "null" not in kinds:
            kinds.append("null")
        kind = next((k for k in kinds if k != "null"), None)
        if kind is None:
            if kinds == ["null"]:
                return None
            kind = "object" if "properties" in schema or "required" in schema else "array" if "items" in schema else "string"
        if depth >= _MAX_DEPTH and "null" in kinds:
            return None
        made = getattr(self, f"_{kind}", self._string)(schema, name, depth)
        return made

    def variant(self, schema: dict[str, Any], key: str, name: str, depth: int) -> Any:
        base = {k: v for k, v in schema.items() if k not in (key, "default")}
        options = [self.resolve(option) for option in schema[key]]
        non_null = [o for o in options if not (isinstance(o, dict) and o.get("type") == "null")]
        nullable = len(non_null) < len(options)
        if depth >= _MAX_DEPTH and nullable:
            return None
        for option in non_null:
            candidate = self.value({**base, **option} if isinstance(option, dict) else option, name, depth)
            if candidate is not _NONE and self.valid(candidate, schema):
                return candidate
        if nullable:
            return None
        return self.value({**base, **non_null[0]} if non_null and isinstance(non_null[0], dict) else base, name, depth)

    def _string(self, schema: dict[str, Any], name: str, depth: int) -> Any:
        text = self._formatted(schema.get("format"), name)
        low, high = int(schema.get("minLength", 0)), schema.get("maxLength")
        pattern = schema.get("pattern")
        if pattern:
            for candidate in self._pattern_candidates(name, text):
                if _fits(candidate, low, high) and _search(pattern, candidate):
                    return candidate
        if len(text) < low:
            text = (text + " " + name * low)[:low] if low else text
        if high is not None and len(text) > int(high):
            text = text[: int(high)]
        return text

    def _formatted(self, fmt: Any, name: str) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "value"
        digest = hashlib.sha256(f"{self.host}/{name}".encode()).digest()
        if fmt == "date-time":
            return "2026-01-01T00:00:00Z"
        if fmt == "date":
            return "2026-01-01"
        if fmt == "time":
            return "00:00:00Z"
        if fmt in ("email", "idn-email"):
            return f"{slug}@{_host_part(self.host)}"
        if fmt in ("uri", "url", "iri", "uri-reference", "iri-reference"):
            return f"https://{_host_part(self.host)}/{slug}"
        if fmt == "uuid":
            return str(uuid.UUID(bytes=digest[:16], version=4))
        if fmt == "ipv4":
            return "192.0.2.1"
        if fmt == "ipv6":
            return "2001:db8::1"
        if fmt in ("hostname", "idn-hostname"):
            return _host_part(self.host)
        if fmt == "duration":
            return "P1D"
        return f"{name} from {self.host}"

    @staticmethod
    def _pattern_candidates(name: str, text: str) -> list[str]:
        letters = re.sub(r"[^A-Za-z]", "", name) or "abc"
        return [text, name, letters, letters.lower(), letters.upper(), "0", "1", "123", "12345", "a", "A", "a1", "abc123", "US", "en", "en-US"]

    def _integer(self, schema: dict[str, Any], name: str, depth: int) -> int:
        return int(_in_range(len(name), schema, integer=True))

    def _number(self, schema: dict[str, Any], name: str, depth: int) -> float:
        return float(_in_range(len(name) + 0.5, schema, integer=False))

    def _boolean(self, schema: dict[str, Any], name: str, depth: int) -> bool:
        return True

    def _null(self, schema: dict[str, Any], name: str, depth: int) -> None:
        return None

    def _array(self, schema: dict[str, Any], name: str, depth: int) -> Any:
        high = schema.get("maxItems")
        low = int(schema.get("minItems", 0))
        wanted = max(low, 0 if depth >= _MAX_DEPTH else 1)
        if high is not None:
            wanted = min(wanted, int(high))
        prefix = schema.get("prefixItems") or []
        items = schema.get("items", {})
        result: list[Any] = []
        for index in range(wanted):
            sub = prefix[index] if index < len(prefix) else items
            label = name if index == 0 else f"{name} {index + 1}"
            made = self.value(sub if sub is not None else {}, label, depth + 1)
            if made is _NONE:
                break
            if schema.get("uniqueItems") and made in result:
                made = self.value(sub, f"{name} {index + 1} {index}", depth + 1)
            result.append(made)
        return result

    def _object(self, schema: dict[str, Any], name: str, depth: int) -> Any:
        properties = schema.get("properties") or {}
        required = [r for r in schema.get("required") or [] if isinstance(r, str)]
        result: dict[str, Any] = {}
        for prop, sub in properties.items():
            if depth >= _MAX_DEPTH and prop not in required:
                continue
            made = self.value(sub, prop, depth + 1)
            if made is not _NONE:
                result[prop] = made
        for prop in required:
            if prop not in result:
                extra = schema.get("additionalProperties")
                result[prop] = self.value(extra if isinstance(extra, dict) else {}, prop, depth + 1)
        extra = schema.get("additionalProperties")
        for n in range(len(result), int(schema.get("minProperties", 0))):
            key = f"{name} {n + 1}"
            result[key] = self.value(extra if isinstance(extra, dict) else {}, key, depth + 1)
        return result


def _fits(text: str, low: int, high: Any) -> bool:
    return len(text) >= low and (high is None or len(text) <= int(high))


def _host_part(host: str) -> str:
    cleaned = re.sub(r"[^a-z0-9.-]+", "", host.lower()).strip(".-")
    return cleaned if "." in cleaned else f"{cleaned or 'example'}.com"


def _in_range(start: float, schema: dict[str, Any], *, integer: bool) -> float:
    """``start`` moved into the schema's bounds and onto its ``multipleOf``."""
    low, high = schema.get("minimum"), schema.get("maximum")
    xlow, xhigh = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    step = 1 if integer else 0.5
    lower = max([b for b in (low, None if isinstance(xlow, bool) else (xlow + step if xlow is not None else None)) if b is not None], default=None)
    upper = min([b for b in (high, None if isinstance(xhigh, bool) else (xhigh - step if xhigh is not None else None)) if b is not None], default=None)
    value = start
    if lower is not None and value < lower:
        value = lower
    if upper is not None and value > upper:
        value = upper
    multiple = schema.get("multipleOf")
    if isinstance(multiple, int | float) and multiple > 0:
        value = math.ceil(value / multiple) * multiple
        if upper is not None and value > upper:
            value = math.floor(upper / multiple) * multiple
        if integer:
            value = round(value)
    if integer:
        value = math.ceil(value) if lower is not None and value < lower else int(value)
    return value
