"""The suite asks a refusal of what every server must refuse, not of what only the reference server
refuses (issue 56, false alarm 2): a request over one of this server's own bounds (``x-bound``
"inferred: a documented bound of this server": the service sets none) and over nothing else is
valid data for the service, which takes it."""

from __future__ import annotations

from typing import Any

import pytest
from webdata_conformance.contract import bundle
from webdata_conformance.own_bounds import OWN_BOUND, only_own_bounds_broken, only_undeclared_query_added, service_view
from webdata_conformance.target import embedded_server, target_from_env

from tests.conformance.mutants import Exchange, Mutant
from tests.conformance.test_mutation import _suite_fails

LONG = "x" * 10_001  # one character over the 10,000 this server bounds a query at


@pytest.mark.parametrize(
    ("operation_id", "body", "query", "expected"),
    [
        ("searchWeb", {"query": LONG}, None, True),  # the service sets no bound on a search query
        ("searchWeb", {"query": "coffee"}, None, False),  # valid: nothing broken
        ("searchWeb", {"query": 5}, None, False),  # a wrong type is invalid for every server
        ("searchWeb", {"query": LONG, "limit": -5}, None, False),  # and a bound the seed sets too
        ("searchDeveloperByQuery", None, {"query": LONG}, True),  # a query parameter's own bound
        ("searchDeveloperByQuery", None, {}, False),  # a required parameter left out
        ("mapUrl", {"url": "https://example.com", "includePaths": ["^/docs"] * 101}, None, True),
        ("mapUrl", {"url": "https://example.com", "includePaths": ["x" * 1001]}, None, True),  # items under an own bound
        ("startExtract", {"urls": ["https://example.com"] * 11, "prompt": "the price"}, None, False),  # the service's own maximum (urls .max(10))
    ],
)
def test_only_own_bounds_broken(operation_id: str, body: Any, query: dict[str, Any] | None, expected: bool) -> None:
    assert only_own_bounds_broken(operation_id, body, query) is expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"skip": "0", "x-schemathesis-unknown-property": "42"}, True),  # the service's build answered 200 (a false alarm)
        ({"skip": 0, "utm_source": "x"}, True),
        ({"skip": "abc", "utm_source": "x"}, False),  # a declared parameter of the wrong type is still invalid
        ({"skip": -1, "utm_source": "x"}, False),  # and one under its minimum
        ({"skip": 0}, False),  # nothing undeclared: valid, nothing to excuse
    ],
)
def test_only_undeclared_query_added(query: dict[str, Any], expected: bool) -> None:
    assert only_undeclared_query_added("getBatchScrapeStatus", None, query) is expected


def _maxima(node: Any) -> int:
    if isinstance(node, list):
        return sum(_maxima(item) for item in node)
    if not isinstance(node, dict):
        return 0
    return sum(key in ("maxItems", "maxLength", "maxProperties") for key in node) + sum(_maxima(value) for value in node.values())


def test_the_service_view_keeps_every_bound_the_service_or_the_seed_sets() -> None:
    """Only the own bounds go: the bundle has maxima the view keeps (the seed's, the service's),
    and the view keeps every other keyword."""
    kept, all_ = _maxima(service_view()), _maxima(bundle())
    assert 0 < kept < all_
    own = sum(1 for text in _texts(bundle()) if text.startswith(OWN_BOUND))
    assert all_ - kept >= own  # each own x-bound took at least its own maximum


def _texts(node: Any) -> list[str]:
    if isinstance(node, list):
        return [t for item in node for t in _texts(item)]
    if not isinstance(node, dict):
        return []
    said = node.get("x-bound")
    return ([said] if isinstance(said, str) else []) + [t for value in node.values() for t in _texts(value)]


def _origin_unbounded(exchange: Exchange, context: dict[str, Any]) -> None:
    """As the service answers a crawl-params preview whose ``origin`` is over this server's 256
    characters: it takes it (it bounds no origin; here, the first 256 characters go through)."""
    body = exchange.body if isinstance(exchange.body, dict) else None
    if exchange.method == "POST" and exchange.path == "/v2/crawl/params-preview" and body is not None and isinstance(body.get("origin"), str):
        body["origin"] = body["origin"][:256]


SERVICE_LIKE = Mutant("origin-unbounded", "an origin over 256 characters is taken, as the service takes it", request=_origin_unbounded)


@pytest.mark.skipif(target_from_env() is not None, reason="runs against the embedded reference server only")
def test_a_server_that_takes_what_the_service_takes_passes() -> None:
    """The coverage phase sends an origin one character over this server's bound (negative data):
    a server that takes it, as the service does, passes the run; before the suite's own
    negative_data_rejection it failed ("API accepted schema-violating request")."""
    with embedded_server() as upstream:
        failed, evidence = _suite_fails(SERVICE_LIKE, upstream, fuzzing_only=True, operations=("previewCrawlParams",), phases="coverage")
    assert not failed, evidence
