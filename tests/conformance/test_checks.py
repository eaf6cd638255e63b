"""The suite's own checks (webdata_conformance.checks) read the contract's structured fields."""

from __future__ import annotations

from typing import Any

import pytest
from webdata_conformance.checks import seed_text_problem, seed_texts
from webdata_conformance.contract import bundle, resolved


def test_the_seeds_texts_are_those_of_responses_marked_x_seed_texts() -> None:
    """CORE-03 holds an answer to the seed's text exactly where the contract marks its response
    (x-seed-texts), never by a substring of the response's x-source prose (issue 75 item 3)."""
    document = bundle()
    marked = {name for name, response in document["components"]["responses"].items() if response.get("x-seed-texts") is True}
    assert "PaymentRequired" in marked and "ScrapeNotFound" not in marked  # the latter's refusals are told apart by their code
    assert "§7" in document["components"]["responses"]["ScrapeNotFound"]["x-source"]  # §7 prose, yet not a text rule
    for operation in (o for path in document["paths"].values() for o in path.values() if isinstance(o, dict) and "operationId" in o):
        for status, response in operation["responses"].items():
            name = response.get("$ref", "").rsplit("/", 1)[-1]
            texts = seed_texts(operation["operationId"], int(status)) if status.isdigit() else None
            assert (texts is not None) == (name in marked), (operation["operationId"], status)
            if texts is not None:
                examples = resolved(response)["content"]["application/json"]["examples"].values()
                assert texts == sorted({example["value"]["error"] for example in examples})
    assert seed_texts("startExtract", 402) == ["Payment required to access this resource."]
    assert seed_text_problem("startExtract", 402, {"success": False, "error": "Insufficient credits"}) is not None
    assert seed_text_problem("startExtract", 402, {"success": False, "error": "Payment required to access this resource."}) is None


def test_the_rule_reads_the_field_not_the_prose(monkeypatch: pytest.MonkeyPatch) -> None:
    from webdata_conformance import checks

    def without_prose(node: Any) -> Any:
        found = resolved(node)
        if isinstance(found, dict) and "x-source" in found:
            found = {**found, "x-source": "inferred: somewhere"}  # no "§7" left to find
        return found

    monkeypatch.setattr(checks, "resolved", without_prose)
    assert seed_texts("startExtract", 402) == ["Payment required to access this resource."]
