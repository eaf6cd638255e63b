"""The requirements: well formed, each tested, and those the contract states in its extensions
derived from it, so that a transition or charge added to the spec is a requirement at once."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path

import pytest
import webdata_conformance
from webdata_conformance.client import operations_by_id
from webdata_conformance.requirements import CLASSES, REQUIREMENTS, REQUIREMENTS_OF_CHECK, contract_requirements

from tests.conftest import BUNDLE

SUITE = Path(webdata_conformance.__file__).parent / "suite"
# Tests of the suite itself, not of a server.
SELF_CHECKS = {"test_requests_cover_every_operation"}


def test_every_requirement_is_one_must_sentence_under_a_class() -> None:
    for requirement in REQUIREMENTS.values():
        assert requirement.cls in CLASSES, requirement.id
        assert " MUST " in requirement.text and requirement.text.endswith((".", '."')), requirement.id
        assert requirement.source, requirement.id


def test_every_test_of_the_suite_states_its_requirement() -> None:
    stated: set[str] = set()
    for module in sorted(SUITE.glob("test_*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") and node.name not in SELF_CHECKS:
                marks = [ast.unparse(d) for d in node.decorator_list]
                assert any("pytest.mark.requirement(" in m for m in marks), f"{module.name}::{node.name} states no requirement"
                stated |= {match for m in marks for match in re.findall(r"pytest\.mark\.requirement\('([A-Z]+-\d+)'\)", m)}
    stated |= {r for required in REQUIREMENTS_OF_CHECK.values() for r in required}  # the suite's Schemathesis checks
    hand_written = {r for r in REQUIREMENTS if not r.startswith("X-")}
    assert hand_written <= stated, f"requirements no test states: {sorted(hand_written - stated)}"


def test_a_rule_added_to_the_contract_is_a_requirement_at_once() -> None:
    bundle = json.loads(BUNDLE.read_text(encoding="utf-8"))
    before = {r.id for r in contract_requirements(bundle)}
    assert {"X-TRANS-cancelAgent", "X-TRANS-cancelCrawl", "X-TRANS-cancelBatchScrape", "X-CREDITS-scrapeUrl"} <= before
    changed = copy.deepcopy(bundle)
    changed["paths"]["/v2/team/token-usage"]["get"]["x-credits"] = [{"credits": 0, "effect": "base", "per": "request", "when": "always"}]
    changed["paths"]["/v2/extract/{id}"]["get"]["x-transitions"] = [{"from": ["*"], "to": "unchanged", "status": 200}]
    after = {r.id: r for r in contract_requirements(changed)}
    assert set(after) - before == {"X-CREDITS-getTokenUsage", "X-TRANS-getExtractStatus"}
    assert "MUST cost 0 credit(s)" in after["X-CREDITS-getTokenUsage"].text
    # A cost that depends on a job's progress (per URL of a batch) is not a fixed requirement.
    assert "X-CREDITS-startBatchScrape" not in after


def test_the_operations_of_a_requirement_are_the_contracts() -> None:
    """A requirement's operations (those whose answers decide it) are operations of the contract;
    one over "every operation" names each, and a contract rule names its own operation."""
    known = set(operations_by_id())
    for requirement in REQUIREMENTS.values():
        assert set(requirement.operations) <= known, requirement.id
    assert REQUIREMENTS["JOBS-02"].operations == ("cancelAgent",)
    assert REQUIREMENTS["JOBS-01"].operations == ("cancelBatchScrape",)
    assert set(REQUIREMENTS["CORE-02"].operations) == known
    # The JSON bodies: an upload's options are the parse requirements' (PARSE-03).
    with_body = {op for op, operation in operations_by_id().items() if "application/json" in operation.get("requestBody", {}).get("content", {})}
    # ... those whose schema refuses unknown keys: the browser bodies drop them, as the service's do.
    open_bodies = {"interactWithScrape", "createBrowser", "executeBrowser", "createInteractSession", "executeInteractSession"}
    assert set(REQUIREMENTS["CORE-06"].operations) == with_body - open_bodies and "parseFile" not in with_body
    assert set(REQUIREMENTS["PARSE-04"].operations) == {"getParseFormats", "parseFile"}
    assert REQUIREMENTS["X-TRANS-cancelCrawl"].operations == ("cancelCrawl",)
    assert {"scrapeUrl", "startCrawl", "searchWeb"} <= set(REQUIREMENTS["THREAT-02"].operations)
    assert "getTokenUsage" not in REQUIREMENTS["THREAT-02"].operations


def test_the_seed_error_text_check_holds_only_the_seeds_texts() -> None:
    """Issue 56 item 4: the check held a 500 to §7's sentence wherever "§7" appeared in the
    component's x-source, and the generic 500's x-source named §7 to say it does not apply."""
    from types import SimpleNamespace

    from webdata_conformance.checks import seed_error_texts

    class Answer:
        def __init__(self, status: int, body: dict[str, object]) -> None:
            self.status_code, self._body = status, body

        def json(self) -> dict[str, object]:
            return self._body

    def case(method: str, path: str) -> SimpleNamespace:
        return SimpleNamespace(method=method, operation=SimpleNamespace(path=path))

    services_500 = Answer(
        500, {"success": False, "error": "An unexpected error occurred. Please contact help@firecrawl.com for help. Your exception ID is 0123abcd"}
    )
    assert seed_error_texts(None, services_500, case("POST", "/v2/scrape")) is None  # the text is not the contract's there
    with pytest.raises(AssertionError, match="§7"):
        seed_error_texts(None, services_500, case("POST", "/v2/extract"))  # the seed gives extract's 500 text
