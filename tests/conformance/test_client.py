"""What the scenarios' client holds an answer to: its status, its body and the headers the contract
marks required (a 429 without Retry-After breaks CORE-01, whichever scenario saw it)."""

from __future__ import annotations

from webdata_conformance.client import contract_problems

REFUSAL = {"success": False, "error": "Request rate limit exceeded. Please wait and try again later."}


def test_a_rate_limited_answer_must_say_when_to_retry() -> None:
    assert contract_problems("getTokenUsage", 429, REFUSAL, {"Retry-After": "5"}) == []
    assert contract_problems("getTokenUsage", 429, REFUSAL, {}) == ["getTokenUsage 429 lacks the required header Retry-After"]
    assert contract_problems("getTokenUsage", 429, REFUSAL, {"Retry-After": "soon"}) == ["getTokenUsage 429 header Retry-After: 'soon' is not an integer"]
    [below] = contract_problems("getTokenUsage", 429, REFUSAL, {"Retry-After": "-1"})
    assert below.startswith("getTokenUsage 429 header Retry-After: -1 is less than the minimum of 0")


def test_headers_are_checked_only_when_given() -> None:
    # The server's own tests call it with a status and a body alone.
    assert contract_problems("getTokenUsage", 429, REFUSAL) == []
    assert contract_problems("getTokenUsage", 418, REFUSAL, {}) == ["getTokenUsage answered undocumented status 418"]
    [problem] = contract_problems("getTokenUsage", 429, {"success": False}, {"Retry-After": "1"})
    assert problem.startswith("getTokenUsage 429 body at /: 'error' is a required property")
