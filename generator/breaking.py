"""Breaking-change detection: every difference between two bundles, classified for clients and servers.

In the spirit of oasdiff's checks, each difference is a :class:`Change` under a rule of ``RULES``,
which says what it means for *clients* (code calling the API: SDKs, applications) and for
*servers* (implementations: the reference server, anyone passing the conformance suite):

- ``breaking``: existing code of that kind may stop working;
- ``compatible``: existing code keeps working.

Schemas are compared once per component, in the direction(s) the operations use them: a change
in what a *request* accepts and in what a *response* carries break opposite sides (narrowing a
request breaks clients, widening it asks servers to accept more; widening a response breaks
clients, narrowing it asks servers to send more). Behaviour the contract states in extensions is
compared too: ``x-credits`` (charges) and ``x-states``/``x-transitions`` (job state machines), as
are the documented error texts (response examples) and error codes.

The release gate (``check``) fails on a change that breaks clients unless the major part of
``info.version`` was raised. Server-side impact is reported, not gated: the reference server and
the conformance suite are released with the contract.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.findings import join_pointer
from generator.load import deref, media_schema

__all__ = ["RULES", "Change", "compare", "gate"]

BREAKING, COMPATIBLE = "breaking", "compatible"
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# rule -> (clients, servers, what it detects)
RULES: dict[str, tuple[str, str, str]] = {
    "operation-removed": (BREAKING, COMPATIBLE, "an operation was removed"),
    "operation-added": (COMPATIBLE, BREAKING, "an operation was added (servers must implement it)"),
    "operation-id-changed": (BREAKING, COMPATIBLE, "an operation's operationId changed (generated SDK method names follow it)"),
    "response-status-removed": (BREAKING, COMPATIBLE, "a documented response status was removed"),
    "response-status-added": (COMPATIBLE, COMPATIBLE, "a response status was documented"),
    "parameter-removed": (BREAKING, COMPATIBLE, "a parameter was removed"),
    "parameter-added": (COMPATIBLE, BREAKING, "an optional parameter was added (servers must accept it)"),
    "parameter-required": (BREAKING, COMPATIBLE, "a parameter was added as required, or became required"),
    "request-property-removed": (BREAKING, COMPATIBLE, "a request field was removed"),
    "request-property-added": (COMPATIBLE, BREAKING, "an optional request field was added (servers must accept it)"),
    "request-property-required": (BREAKING, COMPATIBLE, "a request field became required, or was added as required"),
    "request-narrowed": (BREAKING, COMPATIBLE, "a request value accepts less: type, enum value, const, pattern or bounds"),
    "request-widened": (COMPATIBLE, BREAKING, "a request value accepts more: type, enum value, pattern or bounds (servers must accept it)"),
    "response-property-removed": (BREAKING, COMPATIBLE, "a response field was removed"),
    "response-property-added": (COMPATIBLE, COMPATIBLE, "an optional response field was added"),
    "response-property-required": (COMPATIBLE, BREAKING, "a response field became required, or was added as required (servers must send it)"),
    "response-property-optional": (BREAKING, COMPATIBLE, "a response field is no longer required"),
    "response-nullable": (BREAKING, COMPATIBLE, "a response value may now be null"),
    "response-widened": (BREAKING, COMPATIBLE, "a response value may carry more: type, enum value, pattern or bounds"),
    "response-narrowed": (COMPATIBLE, BREAKING, "a response value carries less: type, enum value, const, pattern or bounds (servers must conform)"),
    "schema-replaced": (BREAKING, BREAKING, "a value refers to another schema than before"),
    "default-changed": (BREAKING, BREAKING, "a default value changed, was added or was removed"),
    "error-text-changed": (BREAKING, BREAKING, "a documented error text (response example) changed or was removed"),
    "error-code-changed": (BREAKING, BREAKING, "a documented error code (`code` of an error body) changed"),
    "credits-changed": (BREAKING, BREAKING, "a credit charge (`x-credits`) changed"),
    "transitions-changed": (BREAKING, BREAKING, "a job state machine (`x-states`, `x-transitions`) changed"),
}

_LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
_UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")


@dataclass(frozen=True, order=True)
class Change:
    """One difference between the old and the new bundle."""

    where: str  # "operation startExtract" or "schema ScrapeOptions": how the changelog groups it
    rule: str
    pointer: str  # in the new bundle (in the old one for what was removed)
    message: str

    @property
    def clients(self) -> str:
        return RULES[self.rule][0]

    @property
    def servers(self) -> str:
        return RULES[self.rule][1]

    @property
    def breaking(self) -> bool:
        """Breaking for clients: what the release gate fails on."""
        return self.clients == BREAKING

    def as_dict(self) -> dict[str, str]:
        return {"where": self.where, "rule": self.rule, "pointer": self.pointer, "message": self.message, "clients": self.clients, "servers": self.servers}


def _operations(bundle: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    found = {}
    for path, item in (bundle.get("paths") or {}).items():
        for method in _METHODS:
            if isinstance(item, dict) and isinstance(item.get(method), dict):
                found[(method, path)] = item[method]
    return found


def _refs(node: Any) -> Iterator[str]:
    """Component schema names referenced anywhere below ``node``."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            yield ref.rsplit("/", 1)[1]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _directions(bundle: dict[str, Any]) -> dict[str, set[str]]:
    """Component name -> {"request", "response"}: how the operations use it, transitively."""
    schemas = (bundle.get("components") or {}).get("schemas") or {}
    used: dict[str, set[str]] = {}

    def mark(roots: Any, direction: str) -> None:
        pending = list(_refs(roots))
        while pending:
            name = pending.pop()
            if direction in used.setdefault(name, set()):
                continue
            used[name].add(direction)
            pending.extend(_refs(schemas.get(name, {})))

    for operation in _operations(bundle).values():
        request = media_schema(bundle, operation.get("requestBody"))
        params = [(deref(bundle, p) or {}).get("schema") for p in operation.get("parameters") or []]
        mark([request, params], "request")
        mark([media_schema(bundle, response) for response in (operation.get("responses") or {}).values()], "response")
    return used


class _Differ:
    def __init__(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.old, self.new = old, new
        self.changes: list[Change] = []

    def add(self, where: str, rule: str, pointer: str, message: str) -> None:
        self.changes.append(Change(where, rule, pointer, message))

    # -- schemas ---------------------------------------------------------------------------
    def schema(self, where: str, old: Any, new: Any, pointer: str, direction: str) -> None:
        if not isinstance(old, dict) or not isinstance(new, dict):
            return
        if "$ref" in old or "$ref" in new:
            if old.get("$ref") != new.get("$ref"):
                union = deref(self.new, new) if "$ref" in new else {}
                members = [m.get("$ref") for m in (union.get("oneOf") or union.get("anyOf") or []) if isinstance(m, dict)]
                if "$ref" in old and old["$ref"] in members:
                    # The old schema became one form of several (ScrapeUrlBody: a URL, or alexandria
                    # calls): what was valid still is; the value may now also be another form.
                    self.add(where, f"{direction}-widened", pointer, f"was {old['$ref']}, now one of {', '.join(str(m) for m in members)}")
                else:
                    self.add(where, "schema-replaced", pointer, f"was {old.get('$ref', 'an inline schema')}, now {new.get('$ref', 'an inline schema')}")
            return  # a named component is compared once, on its own
        narrowed, widened = f"{direction}-narrowed", f"{direction}-widened"
        is_code = pointer.endswith("/properties/code") and direction == "response"

        def report(rule: str, message: str) -> None:
            if is_code and rule in (narrowed, widened):
                rule = "error-code-changed"
            self.add(where, rule, pointer, message)

        old_types, new_types = _types(old), _types(new)
        if old_types is not None and new_types is not None and old_types != new_types:
            if direction == "response" and new_types - old_types == {"null"}:
                report("response-nullable", f"type {sorted(old_types)} became {sorted(new_types)}")
            else:
                if old_types - new_types:
                    report(narrowed, f"type no longer allows {sorted(old_types - new_types)}")
                if new_types - old_types:
                    report(widened, f"type now allows {sorted(new_types - old_types)}")
        old_enum, new_enum = _enum(old), _enum(new)
        if old_enum != new_enum:
            if old_enum is None or (new_enum is not None and new_enum < old_enum):
                report(narrowed, f"values restricted to {sorted(new_enum or [], key=json.dumps)}")
            elif new_enum is None or new_enum > old_enum:
                report(widened, f"values {sorted((new_enum or set()) - old_enum, key=json.dumps) or 'of any kind'} added")
            else:
                report(narrowed, f"values {sorted(old_enum - new_enum, key=json.dumps)} removed")
                report(widened, f"values {sorted(new_enum - old_enum, key=json.dumps)} added")
        if old.get("pattern") != new.get("pattern"):
            report(narrowed if new.get("pattern") else widened, f"pattern {old.get('pattern')!r} became {new.get('pattern')!r}")
        for keyword in _LOWER_BOUNDS + _UPPER_BOUNDS:
            before, after = old.get(keyword), new.get(keyword)
            if before == after:
                continue
            lower = keyword in _LOWER_BOUNDS
            tighter = after is not None and (before is None or (after > before if lower else after < before))
            report(narrowed if tighter else widened, f"{keyword} {before} became {after}")
        if old.get("additionalProperties") != new.get("additionalProperties") and not isinstance(new.get("additionalProperties"), dict):
            closed = new.get("additionalProperties") is False
            report(narrowed if closed else widened, f"additionalProperties {old.get('additionalProperties')} became {new.get('additionalProperties')}")
        if "default" in old or "default" in new:
            if old.get("default", _MISSING) != new.get("default", _MISSING):
                self.add(
                    where,
                    "default-changed",
                    join_pointer(pointer, "default"),
                    f"default {_show(old.get('default', _MISSING))} became {_show(new.get('default', _MISSING))}",
                )
        self.properties(where, old, new, pointer, direction)
        for keyword in ("items", "additionalProperties"):
            self.schema(where, old.get(keyword), new.get(keyword), join_pointer(pointer, keyword), direction)
        for keyword in ("oneOf", "anyOf", "allOf"):
            self.variants(where, old.get(keyword), new.get(keyword), join_pointer(pointer, keyword), direction)

    def properties(self, where: str, old: dict[str, Any], new: dict[str, Any], pointer: str, direction: str) -> None:
        before, after = old.get("properties") or {}, new.get("properties") or {}
        old_required, new_required = set(old.get("required") or []), set(new.get("required") or [])
        for name in sorted(set(before) - set(after)):
            self.add(where, f"{direction}-property-removed", join_pointer(pointer, "properties", name), f"field {name!r} removed")
        for name in sorted(set(after) - set(before)):
            at = join_pointer(pointer, "properties", name)
            if name in new_required:
                self.add(where, f"{direction}-property-required", at, f"field {name!r} added as required")
            else:
                self.add(where, f"{direction}-property-added", at, f"optional field {name!r} added")
        for name in sorted(set(before) & set(after)):
            at = join_pointer(pointer, "properties", name)
            if name in new_required and name not in old_required:
                self.add(where, f"{direction}-property-required", at, f"field {name!r} became required")
            elif name in old_required and name not in new_required:
                rule = "response-property-optional" if direction == "response" else "request-widened"
                self.add(where, rule, at, f"field {name!r} is no longer required")
            self.schema(where, before[name], after[name], at, direction)

    def variants(self, where: str, old: Any, new: Any, pointer: str, direction: str) -> None:
        if not isinstance(old, list) or not isinstance(new, list):
            if bool(old) != bool(new):
                self.add(where, f"{direction}-narrowed" if new else f"{direction}-widened", pointer, "variants added or removed")
            return
        keyed_old = {v.get("$ref", f"#{i}"): v for i, v in enumerate(old) if isinstance(v, dict)}
        keyed_new = {v.get("$ref", f"#{i}"): v for i, v in enumerate(new) if isinstance(v, dict)}
        for key in sorted(set(keyed_old) - set(keyed_new)):
            self.add(where, f"{direction}-narrowed", pointer, f"variant {key} removed")
        for key in sorted(set(keyed_new) - set(keyed_old)):
            self.add(where, f"{direction}-widened", pointer, f"variant {key} added")
        for key in sorted(set(keyed_old) & set(keyed_new)):
            self.schema(where, keyed_old[key], keyed_new[key], join_pointer(pointer, new.index(keyed_new[key])), direction)

    # -- operations ------------------------------------------------------------------------
    def operation(self, key: tuple[str, str], old: dict[str, Any], new: dict[str, Any]) -> None:
        method, path = key
        pointer = join_pointer("/paths", path, method)
        where = f"operation {new.get('operationId') or method.upper() + ' ' + path}"
        if old.get("operationId") != new.get("operationId"):
            self.add(
                where, "operation-id-changed", join_pointer(pointer, "operationId"), f"operationId {old.get('operationId')!r} became {new.get('operationId')!r}"
            )
        if _canonical(old.get("x-credits")) != _canonical(new.get("x-credits")):
            self.add(where, "credits-changed", join_pointer(pointer, "x-credits"), f"charge {_show(old.get('x-credits'))} became {_show(new.get('x-credits'))}")
        if _canonical(old.get("x-transitions")) != _canonical(new.get("x-transitions")):
            self.add(
                where,
                "transitions-changed",
                join_pointer(pointer, "x-transitions"),
                f"transitions {_show(old.get('x-transitions'))} became {_show(new.get('x-transitions'))}",
            )
        self.parameters(where, old, new, pointer)
        old_body = media_schema(self.old, old.get("requestBody"))
        new_body = media_schema(self.new, new.get("requestBody"))
        self.schema(where, old_body, new_body, join_pointer(pointer, "requestBody"), "request")
        old_responses, new_responses = old.get("responses") or {}, new.get("responses") or {}
        for status in sorted(set(old_responses) - set(new_responses)):
            self.add(where, "response-status-removed", join_pointer(pointer, "responses", status), f"status {status} is no longer documented")
        for status in sorted(set(new_responses) - set(old_responses)):
            self.add(where, "response-status-added", join_pointer(pointer, "responses", status), f"status {status} is documented")
        for status in sorted(set(old_responses) & set(new_responses)):
            at = join_pointer(pointer, "responses", status)
            old_response, new_response = deref(self.old, old_responses[status]), deref(self.new, new_responses[status])
            self.schema(where, media_schema(self.old, old_response), media_schema(self.new, new_response), at, "response")
            if status[:1] in ("4", "5"):
                before, after = _error_texts(self.old, old_response), _error_texts(self.new, new_response)
                if before - after:
                    gone = ", ".join(sorted(before - after))
                    self.add(where, "error-text-changed", at, f"error text(s) {gone} no longer documented (now: {', '.join(sorted(after)) or 'none'})")

    def parameters(self, where: str, old: dict[str, Any], new: dict[str, Any], pointer: str) -> None:
        def index(operation: dict[str, Any], bundle: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
            found = {}
            for parameter in operation.get("parameters") or []:
                resolved = deref(bundle, parameter)
                found[(resolved.get("in", ""), resolved.get("name", ""))] = resolved
            return found

        before, after = index(old, self.old), index(new, self.new)
        for key in sorted(set(before) - set(after)):
            self.add(where, "parameter-removed", pointer, f"{key[0]} parameter {key[1]!r} removed")
        for key in sorted(set(after) - set(before)):
            rule = "parameter-required" if after[key].get("required") else "parameter-added"
            self.add(where, rule, pointer, f"{key[0]} parameter {key[1]!r} added{' as required' if after[key].get('required') else ''}")
        for key in sorted(set(before) & set(after)):
            if after[key].get("required") and not before[key].get("required"):
                self.add(where, "parameter-required", pointer, f"{key[0]} parameter {key[1]!r} became required")
            self.schema(where, before[key].get("schema"), after[key].get("schema"), join_pointer(pointer, "parameters", key[1]), "request")

    def run(self) -> list[Change]:
        old_ops, new_ops = _operations(self.old), _operations(self.new)
        for method, path in sorted(set(old_ops) - set(new_ops)):
            operation = old_ops[(method, path)]
            where = f"operation {operation.get('operationId') or method.upper() + ' ' + path}"
            self.add(where, "operation-removed", join_pointer("/paths", path, method), f"{method.upper()} {path} removed")
        for method, path in sorted(set(new_ops) - set(old_ops)):
            operation = new_ops[(method, path)]
            where = f"operation {operation.get('operationId') or method.upper() + ' ' + path}"
            self.add(where, "operation-added", join_pointer("/paths", path, method), f"{method.upper()} {path} added")
        for key in sorted(set(old_ops) & set(new_ops)):
            self.operation(key, old_ops[key], new_ops[key])
        old_schemas = (self.old.get("components") or {}).get("schemas") or {}
        new_schemas = (self.new.get("components") or {}).get("schemas") or {}
        old_use, new_use = _directions(self.old), _directions(self.new)
        for name in sorted(set(old_schemas) & set(new_schemas)):
            pointer = join_pointer("/components/schemas", name)
            old_schema, new_schema = old_schemas[name], new_schemas[name]
            if _canonical(old_schema.get("x-states")) != _canonical(new_schema.get("x-states")):
                self.add(
                    f"schema {name}",
                    "transitions-changed",
                    join_pointer(pointer, "x-states"),
                    f"states {_show(old_schema.get('x-states'))} became {_show(new_schema.get('x-states'))}",
                )
            for direction in sorted(old_use.get(name, set()) | new_use.get(name, set())):
                self.schema(f"schema {name}", old_schema, new_schema, pointer, direction)
        # Charges declared on schema properties (option surcharges) live in components too.
        for pointer, before, after in _extension_pairs(old_schemas, new_schemas, "x-credits"):
            if _canonical(before) != _canonical(after):
                self.add(f"schema {pointer.split('/')[3]}", "credits-changed", pointer, f"charge {_show(before)} became {_show(after)}")
        return sorted(set(self.changes), key=lambda c: (not c.breaking, c.where, c.pointer, c.rule, c.message))


_MISSING = object()


def _show(value: Any) -> str:
    return "(none)" if value is _MISSING or value is None else json.dumps(value, sort_keys=True)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _types(schema: dict[str, Any]) -> set[str] | None:
    value = schema.get("type")
    if value is None:
        return None
    return {value} if isinstance(value, str) else set(value)


def _enum(schema: dict[str, Any]) -> set[str] | None:
    if "const" in schema:
        return {json.dumps(schema["const"])}
    if isinstance(schema.get("enum"), list):
        return {json.dumps(value) for value in schema["enum"]}
    return None


def _error_texts(bundle: dict[str, Any], response: dict[str, Any]) -> set[str]:
    texts = set()
    for media in (response.get("content") or {}).values():
        for example in (media.get("examples") or {}).values():
            value = deref(bundle, example).get("value")
            if isinstance(value, dict) and isinstance(value.get("error"), str):
                texts.add(json.dumps(value["error"]) + (f" ({value['code']})" if isinstance(value.get("code"), str) else ""))
    return texts


def _extension_pairs(old: dict[str, Any], new: dict[str, Any], key: str) -> Iterator[tuple[str, Any, Any]]:
    """(pointer, old value, new value) of ``key`` on every property present in both bundles (a
    property added with its charge is an added field, no changed charge: no client sent it before)."""
    for name in sorted(set(old) & set(new)):
        before, after = old[name].get("properties") or {}, new[name].get("properties") or {}
        for prop in sorted(set(before) & set(after)):
            if key in before.get(prop, {}) or key in after.get(prop, {}):
                yield join_pointer("/components/schemas", name, "properties", prop, key), before.get(prop, {}).get(key), after.get(prop, {}).get(key)


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Every difference between two bundles, client-breaking ones first."""
    return _Differ(old, new).run()


def _major(bundle: dict[str, Any]) -> int | None:
    version = str((bundle.get("info") or {}).get("version", ""))
    head = version.split(".", 1)[0]
    return int(head) if head.isdigit() else None


def gate(old: dict[str, Any], new: dict[str, Any], changes: list[Change]) -> str | None:
    """Why the release must not go out as it is, or None: client-breaking changes need a new major version."""
    breaking = [c for c in changes if c.breaking]
    if not breaking:
        return None
    old_major, new_major = _major(old), _major(new)
    if old_major is not None and new_major is not None and new_major > old_major:
        return None
    return (
        f"{len(breaking)} change(s) break clients, but info.version went from {old.get('info', {}).get('version')} "
        f"to {new.get('info', {}).get('version')}: raise the major version or undo them"
    )
