"""Stage ``validate``: the spec parses, every ``$ref`` resolves, and it is valid OpenAPI 3.1."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from openapi_spec_validator import OpenAPIV31SpecValidator

from generator.findings import Finding, StageFailed, join_pointer
from generator.load import SpecDocument, load_spec, resolve_pointer
from generator.walk import iter_nodes, iter_schemas

__all__ = ["check_refs", "validate", "validate_document"]

STAGE = "validate"


def check_refs(document: SpecDocument) -> list[Finding]:
    """Every ``$ref`` is local (``#/…``) and points at something."""
    findings: list[Finding] = []
    for pointer, node in iter_nodes(document.data):
        if not isinstance(node, dict) or not isinstance(node.get("$ref"), str):
            continue
        ref = node["$ref"]
        where = join_pointer(pointer, "$ref")
        if not ref.startswith("#"):
            findings.append(
                document.finding(
                    stage=STAGE, rule="external-ref", pointer=where, message=f"{ref!r} is not a local reference; keep the contract in one document"
                )
            )
            continue
        try:
            resolve_pointer(document.data, ref[1:])
        except (KeyError, IndexError, ValueError):
            findings.append(document.finding(stage=STAGE, rule="dangling-ref", pointer=where, message=f"{ref!r} points at nothing"))
    return findings


def validate_document(document: SpecDocument) -> list[Finding]:
    """All findings of this stage for an already parsed document."""
    if document.data.get("openapi") != "3.1.0":
        return [document.finding(stage=STAGE, rule="openapi-version", pointer="/openapi", message="the contract must be OpenAPI 3.1.0")]
    findings = check_refs(document)
    if findings:
        # openapi-spec-validator cannot run over dangling references.
        return findings
    # openapi-spec-validator also judges schema defaults but cannot say where the bad one is;
    # lint rule default-valid checks them with a JSON pointer, so they are left out here.
    validator = OpenAPIV31SpecValidator(_without_defaults(document.data))
    for error in validator.iter_errors():
        pointer = join_pointer("", *error.path) if error.path else ""
        findings.append(document.finding(stage=STAGE, rule="openapi-3.1", pointer=pointer, message=error.message.splitlines()[0]))
    return sorted(findings)


def _without_defaults(spec: dict[str, Any]) -> dict[str, Any]:
    stripped = copy.deepcopy(spec)
    for _, schema in iter_schemas(stripped):
        schema.pop("default", None)
    return stripped


def validate(path: Path, *, display: str | None = None) -> SpecDocument:
    """Parse and validate ``path``; raises :class:`StageFailed` on any finding."""
    document = load_spec(path, display=display)
    findings = validate_document(document)
    if findings:
        raise StageFailed(findings)
    return document
