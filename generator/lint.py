"""Stage ``lint``: the project's own rules, beyond what OpenAPI validity requires.

Every rule has an id; ``RULES`` documents them. Each finding names the rule, the file and the
JSON pointer of the offending element (see ``tests/generator/fixtures/bad`` for one failing
spec per rule).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from generator.findings import Finding, StageFailed, join_pointer
from generator.load import SpecDocument, deref
from generator.walk import iter_nodes, iter_schemas

__all__ = ["LEVELS", "RULES", "SEVERITIES", "Linter", "documented_extensions", "lint", "load_config"]

STAGE = "lint"
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

RULES: dict[str, str] = {
    "default-valid": "every `default` validates against the schema it sits in",
    "example-valid": "every example validates against its schema",
    "operation-operationid": "every operation has a camelCase operationId, unique in the document",
    "operation-tags": "every operation has at least one tag",
    "operation-summary": "every operation has a summary",
    "operation-security": "every operation is covered by a non-empty security requirement",
    "operation-response-401": "every operation documents 401",
    "operation-response-429": "every operation documents 429",
    "operation-response-500": "every operation documents 500",
    "rate-limit-retry-after": "every 429 response carries a Retry-After header",
    "error-schema-shared": "every 4xx/5xx body is a $ref to a shared error schema (x-error-schema: true)",
    "union-inline-variant": "oneOf/anyOf variants that are objects are named components, not inline schemas",
    "union-discriminator": "a oneOf/anyOf of objects has a discriminator whose mapping matches its variants, or its variants are told apart by required keys (each requires one the others do not declare)",
    "required-declared": "`required` names only declared properties",
    "x-source": "every operation and component says where it comes from (`x-source: seed §N` or `inferred: …`)",
    "x-credits-shape": "every `x-credits` entry has effect, credits, per and when",
    "extension-documented": "every `x-` extension used is documented in spec/EXTENSIONS.md",
    "request-bounds": "every array, string and open object a request body can carry has maxItems, maxLength or maxProperties",
}

# The default severity of every rule (stable ids; a configuration file may change them):
# "error" fails the build, "warning" is reported and passes, "off" is not checked.
SEVERITIES: dict[str, str] = dict.fromkeys(RULES, "error")
LEVELS = ("error", "warning", "off")
CONFIG_NAME = "lint.toml"

_OPERATION_ID = re.compile(r"^[a-z][a-zA-Z0-9]*$")
_SOURCE = re.compile(r"^(seed §\d|inferred)")
_EXTENSION_HEADING = re.compile(r"^#+\s+`(x-[A-Za-z0-9-]+)`", re.MULTILINE)
_CREDITS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "minItems": 1,
    "items": {
        "type": "object",
        "required": ["effect", "credits", "per", "when"],
        "properties": {
            "effect": {"enum": ["base", "add", "replace"]},
            "credits": {"type": "integer", "minimum": 0},
            "per": {"enum": ["request", "url", "page", "pdf-page", "file", "result", "ten-results", "minute"]},
            "when": {"type": "string", "minLength": 1},
        },
    },
}
_CONSTRAINT_ONLY_KEYS = frozenset({"required", "not", "description"})


def _container(pointer: str) -> str | None:
    """The schema a subschema constrains in place (allOf/oneOf/anyOf members, not, if/then/else)."""
    parent, _, last = pointer.rpartition("/")
    if last in ("not", "if", "then", "else"):
        return parent
    container, _, keyword = parent.rpartition("/")
    return container if keyword in ("allOf", "oneOf", "anyOf") else None


def documented_extensions(path: Path) -> set[str]:
    """The extension names that have a heading in the extensions document."""
    if not path.is_file():
        return set()
    return set(_EXTENSION_HEADING.findall(path.read_text(encoding="utf-8")))


def load_config(path: Path) -> dict[str, str]:
    """Rule id -> severity from a ``lint.toml`` (``[rules]`` table); the defaults where there is no file.

    Raises :class:`StageFailed` naming the file and key of an unknown rule or severity.
    """
    severities = dict(SEVERITIES)
    if not path.is_file():
        return severities
    display = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise StageFailed([Finding(file=display, pointer="/", rule="lint-config", stage=STAGE, message=f"not valid TOML: {error}")]) from None
    problems = []
    for rule, level in (data.get("rules") or {}).items():
        if rule not in RULES:
            problems.append(
                Finding(file=display, pointer=f"/rules/{rule}", rule="lint-config", stage=STAGE, message=f"unknown rule {rule!r}; rules: {', '.join(RULES)}")
            )
        elif level not in LEVELS:
            problems.append(
                Finding(
                    file=display, pointer=f"/rules/{rule}", rule="lint-config", stage=STAGE, message=f"severity {level!r} is not one of {', '.join(LEVELS)}"
                )
            )
        else:
            severities[rule] = level
    if problems:
        raise StageFailed(problems)
    return severities


class Linter:
    """Runs every rule over one parsed document."""

    def __init__(self, document: SpecDocument, *, extensions: set[str], severities: dict[str, str] | None = None) -> None:
        self.document = document
        self.spec = document.data
        self.extensions = extensions
        self.severities = severities or SEVERITIES
        self.findings: list[Finding] = []

    # -- helpers ---------------------------------------------------------------------------
    def report(self, rule: str, pointer: str, message: str) -> None:
        level = self.severities.get(rule, "error")
        if level != "off":
            self.findings.append(replace(self.document.finding(stage=STAGE, rule=rule, pointer=pointer, message=message), level=level))

    def deref(self, node: Any) -> Any:
        return deref(self.spec, node)

    @cached_property
    def registry(self) -> Registry:
        resource: Resource[Any] = Resource.from_contents(self.spec, default_specification=DRAFT202012)
        registry: Registry[Any] = Registry().with_resource("urn:spec", resource)
        return registry

    def validator_at(self, pointer: str) -> Draft202012Validator:
        ref = "urn:spec#" + quote(pointer, safe="/~")
        return Draft202012Validator({"$ref": ref}, registry=self.registry, format_checker=FormatChecker())

    def check_instance(self, rule: str, schema_pointer: str, instance: Any, where: str, what: str) -> None:
        for error in self.validator_at(schema_pointer).iter_errors(instance):
            inner = join_pointer("", *error.absolute_path) or "/"
            self.report(rule, where, f"{what} violates its schema at {inner}: {error.message}")

    def operations(self) -> Iterator[tuple[str, dict[str, Any]]]:
        for path, item in (self.spec.get("paths") or {}).items():
            for method in HTTP_METHODS:
                if isinstance(item, dict) and isinstance(item.get(method), dict):
                    yield join_pointer("/paths", path, method), item[method]

    # -- rules -----------------------------------------------------------------------------
    def run(self) -> list[Finding]:
        self.check_defaults_and_examples()
        self.check_operations()
        self.check_error_schemas()
        self.check_unions()
        self.check_required()
        self.check_sources()
        self.check_extensions()
        self.check_request_bounds()
        return sorted(set(self.findings))

    def check_defaults_and_examples(self) -> None:
        for pointer, schema in iter_schemas(self.spec):
            if "default" in schema:
                self.check_instance("default-valid", pointer, schema["default"], join_pointer(pointer, "default"), "default")
            if "example" in schema:
                self.check_instance("example-valid", pointer, schema["example"], join_pointer(pointer, "example"), "example")
            for index, example in enumerate(schema.get("examples") or []) if isinstance(schema.get("examples"), list) else ():
                self.check_instance("example-valid", pointer, example, join_pointer(pointer, "examples", index), "example")
        for pointer, node in iter_nodes(self.spec):
            if not (isinstance(node, dict) and "schema" in node and ("examples" in node or "example" in node)):
                continue
            schema_pointer = join_pointer(pointer, "schema")
            if "example" in node:
                self.check_instance("example-valid", schema_pointer, node["example"], join_pointer(pointer, "example"), "example")
            for name, example in (node.get("examples") or {}).items():
                example = self.deref(example)
                if isinstance(example, dict) and "value" in example:
                    where = join_pointer(pointer, "examples", name, "value")
                    self.check_instance("example-valid", schema_pointer, example["value"], where, f"example {name!r}")

    def check_operations(self) -> None:
        global_security = self.spec.get("security")
        seen_ids: dict[str, str] = {}
        for pointer, operation in self.operations():
            operation_id = operation.get("operationId")
            if not isinstance(operation_id, str) or not _OPERATION_ID.match(operation_id):
                self.report("operation-operationid", pointer, "operation has no camelCase operationId")
            elif operation_id in seen_ids:
                self.report(
                    "operation-operationid", join_pointer(pointer, "operationId"), f"operationId {operation_id!r} is also used at {seen_ids[operation_id]}"
                )
            else:
                seen_ids[operation_id] = pointer
            if not operation.get("tags"):
                self.report("operation-tags", pointer, "operation has no tag")
            if not operation.get("summary"):
                self.report("operation-summary", pointer, "operation has no summary")
            security = operation.get("security", global_security)
            if not security or any(not requirement for requirement in security):
                self.report("operation-security", pointer, "operation is not covered by a non-empty security requirement")
            responses = operation.get("responses") or {}
            for status in ("401", "429", "500"):
                if status not in responses:
                    self.report(f"operation-response-{status}", join_pointer(pointer, "responses"), f"operation does not document {status}")
            if "429" in responses:
                headers = self.deref(responses["429"]).get("headers") or {}
                if not any(name.lower() == "retry-after" for name in headers):
                    self.report("rate-limit-retry-after", join_pointer(pointer, "responses", "429"), "429 response has no Retry-After header")

    def check_error_schemas(self) -> None:
        schemas = (self.spec.get("components") or {}).get("schemas") or {}
        shared = {f"#/components/schemas/{name}" for name, s in schemas.items() if isinstance(s, dict) and s.get("x-error-schema") is True}
        for pointer, operation in self.operations():
            for status, response in (operation.get("responses") or {}).items():
                if str(status)[:1] not in ("4", "5"):
                    continue
                where = response.get("$ref") if isinstance(response, dict) and "$ref" in response else None
                base = where[1:] if where else join_pointer(pointer, "responses", status)
                for media, media_object in (self.deref(response).get("content") or {}).items():
                    schema = (media_object or {}).get("schema") or {}
                    if schema.get("$ref") not in shared:
                        names = ", ".join(sorted(name.rsplit("/", 1)[1] for name in shared)) or "none is marked x-error-schema"
                        self.report(
                            "error-schema-shared",
                            join_pointer(base, "content", media, "schema"),
                            f"{status} body of {pointer} is not a $ref to a shared error schema ({names})",
                        )

    def _is_object_schema(self, schema: Any) -> bool:
        schema = self.deref(schema)
        return isinstance(schema, dict) and (schema.get("type") == "object" or "properties" in schema)

    def check_unions(self) -> None:
        for pointer, schema in iter_schemas(self.spec):
            for keyword in ("oneOf", "anyOf"):
                variants = schema.get(keyword)
                if not isinstance(variants, list):
                    continue
                for index, variant in enumerate(variants):
                    if isinstance(variant, dict) and "$ref" not in variant and self._is_object_schema(variant) and not set(variant) <= _CONSTRAINT_ONLY_KEYS:
                        self.report(
                            "union-inline-variant", join_pointer(pointer, keyword, index), "inline object variant; make it a named component and $ref it"
                        )
                refs = [v for v in variants if isinstance(v, dict) and "$ref" in v]
                if refs and len(refs) == len(variants) and all(self._is_object_schema(v) for v in variants):
                    self._check_discriminator(pointer, keyword, schema, variants)

    def _keys(self, schema: Any, *, required: bool) -> set[str]:
        """The keys a schema requires (or declares), and one level down those of the objects it
        requires (``data.metadata``): the paths a variant can be told apart by."""
        schema = self.deref(schema)
        if not isinstance(schema, dict):
            return set()
        properties = schema.get("properties") or {}
        names = set(schema.get("required") or []) if required else set(properties)
        keys = set(names)
        for name in set(schema.get("required") or []):
            if name in properties:
                keys |= {f"{name}.{inner}" for inner in self._keys(properties[name], required=required)}
        return keys

    def _exclusive(self, variants: list[dict[str, Any]]) -> bool:
        """Whether every variant requires a key (or a key of an object it requires) that no other
        variant declares: a value can then be valid under one variant only, as a discriminator would
        make it (ScrapeUrlBody: `url` or `alexandria`)."""
        for index, variant in enumerate(variants):
            others = set().union(*(self._keys(v, required=False) for i, v in enumerate(variants) if i != index))
            if not self._keys(variant, required=True) - others:
                return False
        return True

    def _check_discriminator(self, pointer: str, keyword: str, schema: dict[str, Any], variants: list[dict[str, Any]]) -> None:
        discriminator = schema.get("discriminator")
        if not isinstance(discriminator, dict) and self._exclusive(variants):
            return
        if not isinstance(discriminator, dict) or not discriminator.get("propertyName"):
            self.report("union-discriminator", join_pointer(pointer, keyword), f"{keyword} of objects has no discriminator")
            return
        prop = discriminator["propertyName"]
        mapping = discriminator.get("mapping") or {}
        targets = {v["$ref"] for v in variants}
        if set(mapping.values()) != targets:
            self.report("union-discriminator", join_pointer(pointer, "discriminator"), "discriminator mapping does not name exactly the variants")
        for value, target in mapping.items():
            if target not in targets:
                continue
            variant = self.deref({"$ref": target})
            tag = (variant.get("properties") or {}).get(prop) or {}
            if prop not in (variant.get("required") or []) or tag.get("const", (tag.get("enum") or [None])[0]) != value:
                self.report("union-discriminator", target[1:], f"variant must require {prop!r} with const {value!r}")

    def check_required(self) -> None:
        by_pointer = dict(iter_schemas(self.spec))
        for pointer, schema in by_pointer.items():
            required = schema.get("required")
            if not isinstance(required, list):
                continue
            declared = set(self._declared(schema))
            # A subschema constrains the object it sits in (``if: {not: {required: [...]}}``: two
            # levels up), so the properties of every schema it is nested in place count.
            container = _container(pointer)
            while container in by_pointer:
                declared |= set(self._declared(by_pointer[container]))
                container = _container(container)
            for name in required:
                if name not in declared:
                    self.report("required-declared", join_pointer(pointer, "required"), f"required property {name!r} is not declared")

    def _declared(self, schema: Any) -> Iterator[str]:
        schema = self.deref(schema)
        if not isinstance(schema, dict):
            return
        yield from (schema.get("properties") or {})
        for member in schema.get("allOf") or []:
            yield from self._declared(member)

    def check_sources(self) -> None:
        for pointer, operation in self.operations():
            self._check_source(pointer, operation)
        for section, entries in (self.spec.get("components") or {}).items():
            for name, entry in (entries or {}).items():
                if isinstance(entry, dict) and "$ref" not in entry:
                    self._check_source(join_pointer("/components", section, name), entry)

    def _check_source(self, pointer: str, node: dict[str, Any]) -> None:
        source = node.get("x-source")
        if not isinstance(source, str) or not _SOURCE.match(source):
            self.report("x-source", pointer, "missing x-source (`seed §N …` or `inferred: …`)")

    def check_extensions(self) -> None:
        credits_validator = Draft202012Validator(_CREDITS_SCHEMA)
        for pointer, node in iter_nodes(self.spec):
            if not isinstance(node, dict):
                continue
            for key, value in node.items():
                if not (isinstance(key, str) and key.startswith("x-")):
                    continue
                where = join_pointer(pointer, key)
                if key not in self.extensions:
                    self.report("extension-documented", where, f"{key} is not documented in spec/EXTENSIONS.md")
                if key == "x-credits":
                    for error in credits_validator.iter_errors(value):
                        self.report("x-credits-shape", join_pointer(where, *error.absolute_path), error.message)

    def check_request_bounds(self) -> None:
        seen: set[str] = set()
        for pointer, operation in self.operations():
            body = self.deref(operation.get("requestBody"))
            for media_type, media in ((body or {}).get("content") or {}).items():
                if isinstance(media, dict) and "schema" in media:
                    self._check_bounds(media["schema"], join_pointer(pointer, "requestBody", "content", media_type, "schema"), seen)

    def _check_bounds(self, schema: Any, pointer: str, seen: set[str]) -> None:
        """Bounds on ``schema`` and everything under it; a component is checked once, at its own pointer."""
        if not isinstance(schema, dict):
            return
        if isinstance(schema.get("$ref"), str):
            ref = schema["$ref"]
            if ref not in seen:
                seen.add(ref)
                self._check_bounds(self.deref(schema), ref.removeprefix("#"), seen)
            return
        kinds = schema.get("type")
        kinds = set(kinds) if isinstance(kinds, list) else {kinds}
        if "array" in kinds and "maxItems" not in schema:
            self.report("request-bounds", pointer, "an array in a request body needs maxItems")
        if "string" in kinds and "maxLength" not in schema and "enum" not in schema and "const" not in schema:
            self.report("request-bounds", pointer, "a string in a request body needs maxLength")
        extra = schema.get("additionalProperties")
        if "object" in kinds and (extra is True or isinstance(extra, dict)) and "maxProperties" not in schema:
            self.report("request-bounds", pointer, "an object open to any key in a request body needs maxProperties")
        for keyword in ("properties", "patternProperties"):
            for name, sub in (schema.get(keyword) or {}).items():
                self._check_bounds(sub, join_pointer(pointer, keyword, name), seen)
        for keyword in ("items", "additionalProperties"):
            self._check_bounds(schema.get(keyword), join_pointer(pointer, keyword), seen)
        for keyword in ("oneOf", "anyOf", "allOf"):
            for index, sub in enumerate(schema.get(keyword) or []):
                self._check_bounds(sub, join_pointer(pointer, keyword, str(index)), seen)


def lint(document: SpecDocument, *, extensions_doc: Path, config: Path | None = None) -> list[Finding]:
    """The warnings for ``document``; raises :class:`StageFailed` with every finding when one is an error.

    ``config`` is the ``lint.toml`` that sets severities (default: beside the spec, if present).
    """
    severities = load_config(config if config is not None else Path(document.file).parent / CONFIG_NAME)
    findings = Linter(document, extensions=documented_extensions(extensions_doc), severities=severities).run()
    if any(f.level == "error" for f in findings):
        raise StageFailed(findings)
    return findings
