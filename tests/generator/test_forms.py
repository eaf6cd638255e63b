"""A request body of several forms (``ScrapeUrlBody``: a URL, or alexandria calls): the lint takes a
``oneOf`` without a discriminator only where each form requires a key the others do not declare,
and the client gives each named form a method of its own, the operation's method keeping the first."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from generator.lint import Linter
from generator.naming import client_operations
from tests.conftest import ROOT


def _linter(schemas: dict[str, Any]) -> Linter:
    document = SimpleNamespace(data={"components": {"schemas": schemas}})
    return Linter(document, extensions=set())  # type: ignore[arg-type]  # the rules read .data only


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def test_a_union_told_apart_by_required_keys_needs_no_discriminator() -> None:
    url = {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, "timeout": {"type": "integer"}}}
    calls = {"type": "object", "required": ["alexandria"], "properties": {"alexandria": {"type": "array"}, "timeout": {"type": "integer"}}}
    assert _linter({"A": url, "B": calls})._exclusive([_ref("A"), _ref("B")])
    # One level down counts too: data.metadata against data.alexandria.
    document = {"type": "object", "required": ["metadata"], "properties": {"metadata": {"type": "object"}}}
    results = {"type": "object", "required": ["alexandria"], "properties": {"alexandria": {"type": "array"}}}
    answer = {"type": "object", "required": ["data"], "properties": {"data": _ref("D")}}
    run = {"type": "object", "required": ["data"], "properties": {"data": _ref("R")}}
    assert _linter({"D": document, "R": results, "A": answer, "B": run})._exclusive([_ref("A"), _ref("B")])
    # A form that requires only what another declares could be either: a discriminator is needed.
    both = {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, "alexandria": {"type": "array"}}}
    assert not _linter({"A": url, "B": both})._exclusive([_ref("A"), _ref("B")])


def test_each_named_form_is_a_method_of_its_own() -> None:
    bundle = json.loads((ROOT / "generated" / "openapi.json").read_text(encoding="utf-8"))
    scrape = [op for op in client_operations(bundle) if op.operation_id == "scrapeUrl"]
    main, form = scrape
    assert (main.single, main.form, main.unwrap) == (True, False, "Document")  # the resource itself: client.scrape(url), as before
    assert {p.wire for p in main.body} >= {"url", "formats"} and "alexandria" not in {p.wire for p in main.body}
    assert (form.method, form.single, form.form, form.result) == ("alexandria", False, True, "AlexandriaScrapeResponse")
    assert {p.wire for p in form.body} == {"alexandria", "timeout", "origin", "integration"}
    assert [p.wire for p in form.body if p.required] == ["alexandria"]
    assert "x-request-id" in {p.wire for p in form.headers}
