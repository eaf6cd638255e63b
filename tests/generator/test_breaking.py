"""Breaking-change detection, the changelog and the release gate."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.breaking import RULES, compare, gate
from generator.changelog import render_section
from tests.conftest import BUNDLE, ROOT

FIXTURES = Path(__file__).parent / "fixtures" / "breaking"
P = "/paths/~1v2~1things/post"
G = "/paths/~1v2~1things~1{id}/get"
C = "/components/schemas"

# fixture (rule) -> the exact findings it must produce: {(rule, pointer)}
EXPECTED: dict[str, set[tuple[str, str]]] = {
    "operation-removed": {("operation-removed", G)},
    "operation-added": {("operation-added", "/paths/~1v2~1things~1{id}/delete")},
    "operation-id-changed": {("operation-id-changed", f"{G}/operationId")},
    "response-status-removed": {("response-status-removed", f"{P}/responses/404")},
    "response-status-added": {("response-status-added", f"{G}/responses/410")},
    "parameter-removed": {("parameter-removed", P)},
    "parameter-added": {("parameter-added", P)},
    "parameter-required": {("parameter-required", P)},
    "request-property-removed": {("request-property-removed", f"{C}/ThingRequest/properties/tag")},
    "request-property-added": {("request-property-added", f"{C}/ThingRequest/properties/shape")},
    "request-property-required": {("request-property-required", f"{C}/ThingRequest/properties/size")},
    "request-narrowed": {("request-narrowed", f"{C}/ThingRequest/properties/name")},
    "request-widened": {("request-widened", f"{C}/ThingRequest/properties/color")},
    "response-property-removed": {("response-property-removed", f"{C}/Thing/properties/note")},
    "response-property-added": {("response-property-added", f"{C}/Thing/properties/extra")},
    "response-property-required": {("response-property-required", f"{C}/Thing/properties/note")},
    "response-property-optional": {("response-property-optional", f"{C}/Thing/properties/name")},
    "response-nullable": {("response-nullable", f"{C}/Thing/properties/note")},
    "response-widened": {("response-widened", f"{C}/Status")},
    "response-narrowed": {("response-narrowed", f"{C}/Thing/properties/id")},
    "schema-replaced": {("schema-replaced", f"{C}/Thing/properties/status")},
    "default-changed": {("default-changed", f"{C}/ThingRequest/properties/size/default")},
    "error-text-changed": {("error-text-changed", f"{P}/responses/400")},
    "error-code-changed": {("error-code-changed", f"{C}/CodedError/properties/code")},
    "credits-changed": {("credits-changed", f"{P}/x-credits")},
    "transitions-changed": {("transitions-changed", f"{P}/x-transitions")},
}


def _pair(rule: str) -> tuple[dict[str, Any], dict[str, Any]]:
    data = yaml.safe_load((FIXTURES / f"{rule}.yaml").read_text())
    return data["old"], data["new"]


def test_every_rule_has_a_fixture_pair() -> None:
    assert sorted(p.stem for p in FIXTURES.glob("*.yaml")) == sorted(RULES) == sorted(EXPECTED)


@pytest.mark.parametrize("rule", sorted(EXPECTED))
def test_each_fixture_pair_reports_exactly_its_finding(rule: str) -> None:
    old, new = _pair(rule)
    assert {(c.rule, c.pointer) for c in compare(old, new)} == EXPECTED[rule]
    assert compare(old, old) == [] and compare(new, new) == []


@pytest.mark.parametrize("rule", sorted(EXPECTED))
def test_the_gate_follows_the_client_classification(rule: str) -> None:
    old, new = _pair(rule)
    changes = compare(old, new)
    client_breaking = RULES[rule][0] == "breaking"
    assert (gate(old, new, changes) is not None) == client_breaking
    # A new major version lets a breaking change through.
    new = copy.deepcopy(new)
    new["info"]["version"] = "2.0.0"
    assert gate(old, new, changes) is None


def test_an_optional_request_field_added_with_its_charge_is_not_breaking() -> None:
    old, new = _bundle(), _bundle()
    charge = [{"effect": "add", "credits": 4, "per": "request", "when": "prompt-injection-check"}]
    new["components"]["schemas"]["ExtractRequest"]["properties"]["deepCheck"] = {"type": "boolean", "x-credits": charge}
    changes = compare(old, new)
    assert [(c.rule, c.clients) for c in changes] == [("request-property-added", "compatible")]
    assert gate(old, new, changes) is None
    # Charging an existing field is still a changed charge.
    new = _bundle()
    new["components"]["schemas"]["ExtractRequest"]["properties"]["showSources"]["x-credits"] = charge
    assert "credits-changed" in {c.rule for c in compare(old, new)}


def _bundle() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(BUNDLE.read_text())
    return document


def test_the_bundle_against_itself_reports_nothing() -> None:
    assert compare(_bundle(), _bundle()) == []


def test_removing_an_enum_value_of_proxy_is_breaking() -> None:
    old, new = _bundle(), _bundle()
    new["components"]["schemas"]["ScrapeOptions"]["properties"]["proxy"]["enum"].remove("enhanced")
    changes = compare(old, new)
    assert ("request-narrowed", "/components/schemas/ScrapeOptions/properties/proxy") in {(c.rule, c.pointer) for c in changes}
    assert any(c.breaking for c in changes) and gate(old, new, changes) is not None


def test_adding_an_optional_request_field_is_not_breaking() -> None:
    old, new = _bundle(), _bundle()
    new["components"]["schemas"]["ExtractRequest"]["properties"]["callbackUrl"] = {"type": "string"}
    changes = compare(old, new)
    assert [(c.rule, c.clients) for c in changes] == [("request-property-added", "compatible")]
    assert gate(old, new, changes) is None


def test_changelog_groups_by_operation_and_schema_breaking_first() -> None:
    old, new = _pair("operation-removed")
    _, widened = _pair("request-widened")
    new["components"] = widened["components"]
    section = render_section(compare(old, new), old=old, new=new, base="test")
    assert section.index("### Breaking for clients") < section.index("**operation `getThing`**") < section.index("### Servers must change")
    assert section.index("### Servers must change") < section.index("**schema `ThingRequest`**")


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, capture_output=True, text=True, check=False)


def test_make_breaking_passes_against_the_released_bundle() -> None:
    done = _cli("breaking")
    assert done.returncode == 0, done.stdout + done.stderr


def test_cli_fails_on_breaking_changes_and_release_records_them(tmp_path: Path) -> None:
    old, new = _pair("response-property-removed")
    (tmp_path / "releases").mkdir()
    (tmp_path / "generated").mkdir()
    (tmp_path / "releases" / "openapi.json").write_text(json.dumps(old))
    (tmp_path / "generated" / "openapi.json").write_text(json.dumps(new))
    env_root = str(ROOT)
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {env_root!r}); from generator.__main__ import main; sys.exit(main(sys.argv[1:]))", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    refused = run("breaking")
    assert refused.returncode == 1 and "raise the major version" in refused.stderr
    assert "[breaking/response-property-removed]" in refused.stdout
    assert run("release").returncode == 1 and not (tmp_path / "CHANGELOG.md").exists()
    accepted = run("release", "--accept-breaking", "the note was never filled")
    assert accepted.returncode == 0, accepted.stderr
    changelog = (tmp_path / "CHANGELOG.md").read_text()
    assert "the note was never filled" in changelog and "field 'note' removed" in changelog
    assert json.loads((tmp_path / "releases" / "openapi.json").read_text()) == new
    assert run("breaking").returncode == 0, "after the release, the released bundle is the current one"


def test_a_schema_that_became_one_form_of_several_is_widened_not_replaced() -> None:
    """A body or answer whose schema became a oneOf that keeps it (ScrapeUrlBody keeps ScrapeRequest)
    still takes what it took: widened, breaking servers (and clients for an answer), not replaced."""
    new = _bundle()
    old = copy.deepcopy(new)
    operation = old["paths"]["/v2/scrape"]["post"]
    operation["requestBody"]["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/ScrapeRequest"}
    operation["responses"]["200"]["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/ScrapeResponse"}
    rules = {(c.rule, c.clients) for c in compare(old, new) if c.pointer.startswith("/paths/~1v2~1scrape/post/re")}
    assert rules == {("request-widened", "compatible"), ("response-widened", "breaking")}
    # Another schema altogether is still a replacement.
    operation["requestBody"]["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/MapRequest"}
    assert "schema-replaced" in {c.rule for c in compare(old, new)}
