"""What the scenarios' client holds an answer to: its status, its body and the headers the contract
marks required (a 429 without Retry-After breaks CORE-01, whichever scenario saw it)."""

from __future__ import annotations

import httpx
from webdata_conformance.client import contract_problems

REFUSAL = {"success": False, "error": "Request rate limit exceeded. Please wait and try again later."}
JSON = {"Content-Type": "application/json"}


def _headers(**more: str) -> httpx.Headers:
    return httpx.Headers({**JSON, **{k.replace("_", "-"): v for k, v in more.items()}})


def test_a_rate_limited_answer_must_say_when_to_retry() -> None:
    assert contract_problems("getTokenUsage", 429, REFUSAL, _headers(Retry_After="5")) == []
    assert contract_problems("getTokenUsage", 429, REFUSAL, _headers()) == ["getTokenUsage 429 lacks the required header Retry-After"]
    assert contract_problems("getTokenUsage", 429, REFUSAL, _headers(Retry_After="soon")) == ["getTokenUsage 429 header Retry-After: 'soon' is not an integer"]
    [below] = contract_problems("getTokenUsage", 429, REFUSAL, _headers(Retry_After="-1"))
    assert below.startswith("getTokenUsage 429 header Retry-After: -1 is less than the minimum of 0")


def test_headers_are_checked_only_when_given() -> None:
    # The server's own tests call it with a status and a body alone.
    assert contract_problems("getTokenUsage", 429, REFUSAL) == []
    assert contract_problems("getTokenUsage", 418, REFUSAL, _headers()) == ["getTokenUsage answered undocumented status 418"]
    [problem] = contract_problems("getTokenUsage", 429, {"success": False}, _headers(Retry_After="1"))
    assert problem.startswith("getTokenUsage 429 body at /: 'error' is a required property")


def test_an_answer_must_have_a_documented_media_type() -> None:
    usage = {"success": True, "data": {"remainingTokens": 1, "planTokens": 1, "billingPeriodStart": None, "billingPeriodEnd": None}}
    text = httpx.Headers({"Content-Type": "text/plain; charset=utf-8"})
    assert "getTokenUsage 200 Content-Type is text/plain, the contract documents application/json" in contract_problems("getTokenUsage", 200, usage, text)
    assert "getTokenUsage 429 Content-Type is missing, the contract documents application/json" in contract_problems(
        "getTokenUsage", 429, REFUSAL, httpx.Headers({"Retry-After": "1"})
    )
    assert contract_problems("getTokenUsage", 429, REFUSAL, httpx.Headers({"content-type": "application/json; charset=utf-8", "retry-after": "1"})) == []
