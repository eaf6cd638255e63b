"""The bodies CORE-09 sends: one per bounded value of every request body, each valid against the
contract, with that value at exactly its maximum."""

from __future__ import annotations

from typing import Any

import pytest
from webdata_conformance.bounds import ITEM, locations, minimal, request_bodies
from webdata_conformance.client import _validator, operations_by_id
from webdata_conformance.contract import pointer_token, resolved
from webdata_conformance.suite.test_bounds import _with_page_rules, with_monitor_rules
from webdata_conformance.suite.test_scenarios import REQUESTS

OPERATIONS = sorted(
    op for op, operation in operations_by_id().items() if "application/json" in (resolved(operation.get("requestBody")) or {}).get("content", {})
)


def _schema_pointer(operation_id: str) -> str:
    operation = operations_by_id()[operation_id]
    return f"/paths/{pointer_token(operation['path'])}/{operation['method'].lower()}/requestBody/content/application~1json/schema"


def _root(operation_id: str) -> Any:
    return resolved(operations_by_id()[operation_id]["requestBody"])["content"]["application/json"]["schema"]


def _values_at(node: Any, steps: tuple[str, ...]) -> list[Any]:
    """Every value the steps reach (an array step reaches each item; a union step is transparent)."""
    if not steps:
        return [node]
    step, rest = steps[0], steps[1:]
    if step.startswith("|"):
        return _values_at(node, rest)
    if step == ITEM:
        return [found for item in node for found in _values_at(item, rest)] if isinstance(node, list) else []
    return _values_at(node[step], rest) if isinstance(node, dict) and step in node else []


@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_every_body_is_valid_and_at_its_maximum(operation_id: str) -> None:
    validator = _validator(_schema_pointer(operation_id))
    assert not list(validator.iter_errors(minimal(_root(operation_id))))
    count = 0
    for location, body in request_bodies(_root(operation_id), REQUESTS[operation_id][1], receiver="http://127.0.0.1:9"):
        problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:120]}" for e in validator.iter_errors(body)]
        assert not problems, f"{operation_id} {location}: {problems}"
        sizes = {len(value) for value in _values_at(body, location.steps)}
        assert location.maximum in sizes, f"{operation_id} {location}: sizes {sizes}"
        count += 1
    assert count


def test_every_bound_of_the_scrape_options_is_reached() -> None:
    # The URL form of the scrape's body (its first form, "(ScrapeRequest)."), as the suite names it.
    shown = {str(location).removeprefix("(ScrapeRequest).") for location in locations(_root("scrapeUrl"))}
    for expected in ("url maxLength 8192", "formats maxItems 20", "actions maxItems 50", "headers maxProperties 100", "actions[](write).text maxLength 10000"):
        assert expected in shown
    assert not any("(wait) maxProperties" in where for where in shown)  # a closed object is not grown


def test_webhooks_point_at_the_receiver() -> None:
    bodies = [body for _, body in request_bodies(_root("startCrawl"), REQUESTS["startCrawl"][1], receiver="http://127.0.0.1:9")]
    hooks = [body["webhook"] for body in bodies if "webhook" in body]
    assert hooks
    for hook in hooks:
        url = hook if isinstance(hook, str) else hook["url"]
        assert url.startswith("http://127.0.0.1:9/conformance-webhook/")


FORM = {"url": "https://example.com/form", "input": "#search"}


@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_the_seed_rules_keep_each_body_valid_and_at_its_maximum(operation_id: str) -> None:
    validator = _validator(_schema_pointer(operation_id))
    for location, body in request_bodies(_root(operation_id), REQUESTS[operation_id][1]):
        if location.steps[-2:] == ("schedule", "timezone"):
            continue  # no valid time zone is that long: the suite does not send it (suite/test_bounds.py)
        sent = with_monitor_rules(_with_page_rules(body, FORM))
        assert not list(validator.iter_errors(sent)), f"{operation_id} {location}"
        assert location.maximum in {len(value) for value in _values_at(sent, location.steps)}, f"{operation_id} {location}"


def test_a_write_is_preceded_by_a_click_on_the_input_and_change_tracking_by_markdown() -> None:
    body = _with_page_rules({"url": "https://example.com", "actions": [{"type": "write", "text": "hi"}], "formats": [{"type": "changeTracking"}]}, FORM)
    assert body["actions"] == [{"type": "click", "selector": "#search"}, {"type": "write", "text": "hi"}]
    assert body["formats"] == ["markdown", {"type": "changeTracking"}]
    assert body["url"] == FORM["url"]
    full = _with_page_rules({"actions": [{"type": "scroll"}] * 49 + [{"type": "write", "text": "hi"}]}, FORM)
    assert len(full["actions"]) == 50 and full["actions"][-2] == {"type": "click", "selector": "#search"}
    unknown_page = _with_page_rules({"actions": [{"type": "write", "text": "hi"}, {"type": "wait", "selector": "a" * 10}]}, {})
    assert unknown_page["actions"] == [{"type": "scroll"}, {"type": "wait", "selector": "body      "}]
    padded = _with_page_rules({"actions": [{"type": "click", "selector": "a" * 1000}]}, FORM)
    assert padded["actions"][0]["selector"].rstrip() == "#search" and len(padded["actions"][0]["selector"]) == 1000
