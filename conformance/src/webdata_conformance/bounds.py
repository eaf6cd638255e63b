"""Requests at the contract's documented maxima (requirement CORE-09).

Every array, string and open object a request body can carry has ``maxItems``, ``maxLength`` or
``maxProperties`` in the contract. For each of them this module builds one request body, valid
against the contract, in which that one value is at its maximum and everything else is as small as
the schema allows: a server must answer each without a server error and without refusing it.

A location is a path of steps from the body's root: a property name, ``[]`` for an array's item, or
``|N`` for the Nth member of a ``oneOf``/``anyOf``. Bodies are built from the schema alone, so a
new bound in the contract is tested without a change here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from webdata_conformance.contract import resolved

__all__ = ["Location", "at_maximum", "locations", "minimal", "request_bodies"]

ITEM = "[]"
_URL_FORMATS = {"uri", "url", "uri-reference"}


@dataclass(frozen=True)
class Location:
    """One bounded value of a request body: where it is, its schema and which bound it has."""

    steps: tuple[str, ...]
    schema: dict[str, Any]
    keyword: str  # maxItems, maxLength or maxProperties

    @property
    def maximum(self) -> int:
        return int(self.schema[self.keyword])

    def __str__(self) -> str:
        shown = ""
        for step in self.steps:
            if step == ITEM:
                shown += "[]"
            elif step.startswith("|"):
                shown += f"({step.partition('=')[2]})"
            else:
                shown += f".{step}" if shown else step
        return f"{shown or '/'} {self.keyword} {self.maximum}"


def _variant_step(index: int, member: dict[str, Any]) -> str:
    """The step into the ``index``th member of a union (as written: a ``$ref`` or inline), named by
    its const tag where it has one, else by its title, the schema it names, or its types."""
    named = member["$ref"].rsplit("/", 1)[-1] if "$ref" in member else None
    member = resolved(member)
    for sub in (_merged(member).get("properties") or {}).values():
        sub = resolved(sub)
        if "const" in sub:
            return f"|{index}={sub['const']}"
    return f"|{index}={member.get('title') or named or '/'.join(sorted(_types(member))) or index}"


def _members(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [resolved(member) for member in schema.get("oneOf") or schema.get("anyOf") or []]


def _types(schema: dict[str, Any]) -> set[str]:
    kinds = schema.get("type")
    return set(kinds) if isinstance(kinds, list) else {kinds} if isinstance(kinds, str) else set()


def _constraint_only(member: Any) -> bool:
    return isinstance(member, dict) and "required" in member and all(k == "required" or k.startswith("x-") for k in member)


def _merged(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with its ``allOf`` members' properties and required names folded in; an ``anyOf``
    of ``required`` lists alone (one of these fields must be there: interact's code or prompt) is
    met by its first member's names."""
    schema = resolved(schema)
    alternatives = schema.get("anyOf") or []
    if alternatives and all(_constraint_only(resolved(m)) for m in alternatives):
        schema = {key: value for key, value in schema.items() if key != "anyOf"}
        schema["required"] = [*(schema.get("required") or []), *resolved(alternatives[0])["required"]]
    if "allOf" not in schema:
        return schema
    merged: dict[str, Any] = {key: value for key, value in schema.items() if key != "allOf"}
    properties = dict(merged.get("properties") or {})
    required = list(merged.get("required") or [])
    for member in schema["allOf"]:
        member = _merged(member)
        properties.update(member.get("properties") or {})
        required += member.get("required") or []
        for key, value in member.items():
            merged.setdefault(key, value)
    merged["properties"], merged["required"] = properties, required
    return merged


def locations(schema: Any, steps: tuple[str, ...] = (), seen: frozenset[int] = frozenset()) -> Iterator[Location]:
    """Every bounded value under ``schema``, each reached once (a recursive schema is entered once)."""
    schema = _merged(schema)
    if id(schema) in seen:
        return
    seen |= {id(schema)}
    kinds = _types(schema)
    open_object = schema.get("additionalProperties") is True or isinstance(schema.get("additionalProperties"), dict)
    for keyword, kind in (("maxItems", "array"), ("maxLength", "string"), ("maxProperties", "object")):
        if keyword in schema and (kind in kinds or not kinds) and (keyword != "maxProperties" or open_object):
            yield Location(steps, schema, keyword)
    for name, sub in (schema.get("properties") or {}).items():
        yield from locations(sub, (*steps, name), seen)
    if isinstance(schema.get("items"), dict):
        yield from locations(schema["items"], (*steps, ITEM), seen)
    for index, member in enumerate(schema.get("oneOf") or schema.get("anyOf") or []):
        yield from locations(resolved(member), (*steps, _variant_step(index, member)), seen)


def minimal(schema: Any) -> Any:
    """The smallest value ``schema`` accepts, as far as a schema alone can tell."""
    schema = _merged(schema)
    if "const" in schema:
        return schema["const"]
    if "default" in schema and schema["default"] is not None:
        return schema["default"]
    if schema.get("enum"):
        return schema["enum"][0]
    if schema.get("examples"):
        return schema["examples"][0]
    if "example" in schema:
        return schema["example"]
    members = _members(schema)
    if members:
        return minimal(members[0])
    kinds = _types(schema)
    if "object" in kinds or "properties" in schema:
        properties = schema.get("properties") or {}
        value = {name: minimal(properties.get(name, {})) for name in schema.get("required") or []}
        for name, sub in properties.items():  # minProperties: the optional ones in order
            if len(value) >= int(schema.get("minProperties", 0)):
                break
            value.setdefault(name, minimal(sub))
        return value
    if "array" in kinds:
        return [minimal(schema.get("items") or {}) for _ in range(int(schema.get("minItems", 0)))]
    if "string" in kinds:
        # A URL at least as long as its shortest form (a minLength of 1 does not make "a" a URL).
        length = int(schema.get("minLength", 1))
        if _takes_urls(schema):
            length = min(max(length, 32), int(schema.get("maxLength", 32)))
        return _string(schema, length, 0)
    if "integer" in kinds or "number" in kinds:
        return schema.get("minimum", schema.get("exclusiveMinimum", -1) + 1)
    if "boolean" in kinds:
        return False
    return None


def _is_url(schema: dict[str, Any]) -> bool:
    return schema.get("format") in _URL_FORMATS or schema.get("x-format") in _URL_FORMATS


def _takes_urls(schema: dict[str, Any]) -> bool:
    """Whether the string schema is one of URLs (its format, or a pattern an http URL matches)."""
    pattern = schema.get("pattern")
    return _is_url(schema) or (pattern is not None and re.search(pattern, "https://example.com/0/abc") is not None)


def _string(schema: dict[str, Any], length: int, index: int) -> str:
    """A string of ``length`` characters (distinct for each ``index``) that ``schema`` accepts: a
    UUID where its format is one, an http URL where the schema takes one, an email address where
    its pattern wants one, else the first filler its pattern accepts."""
    pattern = schema.get("pattern")
    values = [v for v in schema.get("x-values") or [] if isinstance(v, str)]
    if values:
        # The values the service takes of the pattern (x-values: a location's country code).
        fitting = [v for v in values if len(v) <= length] or values
        longest = [v for v in fitting if len(v) == max(map(len, fitting))]
        return longest[index % len(longest)]
    if schema.get("format") == "uuid" and length >= 36:
        # A UUID is 36 characters whatever the bound: one of no job (the version-4 form).
        return f"{index:08x}-0000-4000-8000-000000000000"
    head = f"https://example.com/{index}/"
    url = head + "a" * max(0, length - len(head))
    if length >= len(head) and _takes_urls(schema) and (pattern is None or re.search(pattern, url)):
        # An http URL, as users send one (a URL pattern also admits a user name: not an email's place).
        return url
    email = f"user{index}@example.com"
    if pattern is not None and "@" in pattern and re.search(pattern, email):
        # An email address (a monitor's recipients): its local part padded up to the length.
        padded = "u" * max(0, length - len(email)) + email
        return padded if re.search(pattern, padded) else email
    host = f"host{index}.example.com"
    if pattern is not None and re.search(pattern, host) and not re.search(pattern, "a" * max(length, 1)):
        # A host name (a search target's domains): labels of at most 63 characters up to the length.
        labels = [host]
        while len(".".join(labels)) + 2 <= length:
            labels.insert(0, "a" * min(61, length - len(".".join(labels)) - 1))
        grown = ".".join(labels)
        return grown if re.search(pattern, grown) else host
    for unit in ("a", "A", "1", "a.b", "ab-1", "en-US"):
        text = (unit * length)[:length] if length else ""
        if index:
            text = (str(index) + text)[:length] if length >= len(str(index)) else text
        if pattern is None or re.search(pattern, text):
            return text
    padded_number = ("0" * (length - 1) + "1") if length else ""  # a number as text, left-padded (a coerced count)
    if pattern is not None and re.search(pattern, padded_number):
        return padded_number
    prefixed = ("_" + "a" * length)[:length]  # a free name behind a marker (integration: "_" and any name)
    if pattern is not None and length and re.search(pattern, prefixed):
        return prefixed
    version = ("0.0.0-" + "a" * length)[:length]  # a semantic version with a pre-release (an alexandria call's)
    if pattern is not None and re.search(pattern, version):
        return version
    return "a" * length


def _grown(location: Location) -> Any:
    """The value of ``location`` at its maximum."""
    schema, size = location.schema, location.maximum
    if location.keyword == "maxLength":
        return _string(schema, size, 0)
    if location.keyword == "maxProperties":
        extra = schema.get("additionalProperties")
        value_schema = extra if isinstance(extra, dict) else {"type": "string"}
        base = minimal(schema)
        names = [f"key{n}" for n in range(size) if f"key{n}" not in base]
        return {**base, **{name: _item(value_schema, n) for n, name in enumerate(names[: size - len(base)])}}
    items = resolved(schema.get("items") or {})
    variants = _variants(_merged(items))
    if variants:  # a list of tagged variants: one of each in turn (formats, actions, parsers)
        return [variants[n % len(variants)] for n in range(size)]
    return [_item(items, n) for n in range(size)]


# Format variants a list at its maximum leaves out, as the service would refuse or fail the body
# for them, not for its size (controllers/v2/types.ts baseScrapeOptions; FMT-03): rawBase64 is taken
# only alone, deterministicJson never beside json, audio only of a media page (422 elsewhere).
_NOT_IN_A_CROWD = frozenset({"rawBase64", "deterministicJson", "audio"})


def _variants(schema: dict[str, Any]) -> list[Any]:
    """A small value of each variant of a union, unions inside it unfolded and each name of a
    string enum its own variant (formats: the six basic names, the other names, every format
    object); empty for a schema that is not a union."""
    found: list[Any] = []
    for member in _members(schema):
        if _members(member):
            found += _variants(member)
        elif isinstance(member.get("enum"), list) and "string" in _types(member):
            found += list(member["enum"])
        else:
            found.append(minimal(member))
    kept: dict[Any, Any] = {}
    for value in found:
        tag = value.get("type") if isinstance(value, dict) else value
        if tag not in _NOT_IN_A_CROWD and not (isinstance(tag, str) and tag in kept):  # one each: one screenshot
            kept[tag if isinstance(tag, str) else len(kept)] = value
    return list(kept.values())


def _item(schema: Any, index: int) -> Any:
    """A small value of ``schema``, distinct for each ``index`` where it is a string."""
    schema = _merged(schema)
    if "string" in _types(schema) and not schema.get("enum") and "const" not in schema:
        return _string(schema, max(int(schema.get("minLength", 1)), len(str(index)) + 1, 32 if _takes_urls(schema) else 0), index)
    return minimal(schema)


def at_maximum(root: Any, location: Location, base: Any, *, receiver: str | None = None) -> Any:
    """``base`` (a valid body of ``root``) with the value at ``location`` grown to its maximum, and
    the values on the way to it as small as their schemas allow. A ``webhook`` in the body is
    pointed at ``receiver`` (its length kept), so that no delivery leaves the server under test."""
    body = _place(root, location.steps, base, location)
    if receiver is not None:
        _point_webhooks(body, receiver)
    return body


def request_bodies(root: Any, base: Any, *, receiver: str | None = None) -> Iterator[tuple[Location, Any]]:
    """Each bounded location of ``root`` with its body at the maximum (see :func:`at_maximum`)."""
    for location in locations(root):
        yield location, at_maximum(root, location, base, receiver=receiver)


def _point_webhooks(node: Any, receiver: str) -> None:
    if isinstance(node, list):
        for item in node:
            _point_webhooks(item, receiver)
    if not isinstance(node, dict):
        return
    for name, value in node.items():
        if name == "webhook" and isinstance(value, str):
            node[name] = _padded(receiver, len(value))
        elif name == "webhook" and isinstance(value, dict) and isinstance(value.get("url"), str):
            value["url"] = _padded(receiver, len(value["url"]))
        else:
            _point_webhooks(value, receiver)


def _padded(url: str, length: int) -> str:
    url = url.rstrip("/") + "/conformance-webhook/"
    return url + "a" * max(0, length - len(url))


def _place(schema: Any, steps: tuple[str, ...], current: Any, location: Location) -> Any:
    if not steps:
        return _grown(location)
    schema = _merged(schema)
    step, rest = steps[0], steps[1:]
    if step == ITEM:
        items = schema.get("items") or {}
        first = current[0] if isinstance(current, list) and current else minimal(items)
        return [_place(items, rest, first, location)]
    if step.startswith("|"):
        member = _members(schema)[int(step[1:].partition("=")[0])]
        start = current if _accepts_shape(member, current) else minimal(member)
        return _place(member, rest, start, location)
    properties = schema.get("properties") or {}
    container = dict(current) if isinstance(current, dict) else minimal(schema)
    container[step] = _place(properties[step], rest, container.get(step, minimal(properties[step])), location)
    optional = [name for name in container if name != step and name not in (schema.get("required") or [])]
    while "maxProperties" in schema and len(container) > int(schema["maxProperties"]) and optional:
        del container[optional.pop()]  # the wait action: a selector takes the place of milliseconds
    return container


def _accepts_shape(member: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` already is of the variant ``member`` (its const tag, or its type)."""
    member = _merged(member)
    for name, sub in (member.get("properties") or {}).items():
        sub = resolved(sub)
        if "const" in sub:
            return isinstance(value, dict) and value.get(name) == sub["const"]
    kinds = _types(member)
    if isinstance(value, dict) and member.get("additionalProperties") is False:
        # A closed form (a scrape of a URL, or of alexandria calls): the value is of it when it has
        # what the form requires and nothing the form does not take.
        properties = set(member.get("properties") or {})
        return set(value) <= properties and set(member.get("required") or []) <= set(value)
    return (isinstance(value, dict) and "object" in kinds) or (isinstance(value, str) and "string" in kinds) or (isinstance(value, list) and "array" in kinds)
