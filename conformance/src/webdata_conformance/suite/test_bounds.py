"""Requests at the contract's documented maxima (CORE-09): for every array, string and open object
a request body can carry, one valid request with that value at its maxItems, maxLength or
maxProperties and everything else as small as the contract allows (``webdata_conformance.bounds``).
A server must answer each without a server error and without refusing it as invalid or too large.
A refusal the request could earn otherwise (402, 403 without the entitlement, 429) is not counted;
every answer is also checked against the contract by the client (CORE-01).

Two rules the schema cannot hold are kept so that a body is valid for the seed too: a
changeTracking format comes with markdown (§2.3), and actions act on what the page has (§2.4): every
selector is the input of the configuration's ``[pages.form]`` (or ``body``), padded with spaces, and
a write is preceded by a click on that input, which focuses it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from webdata_conformance.bounds import request_bodies
from webdata_conformance.client import Answer, ConformanceClient, operations_by_id
from webdata_conformance.contract import resolved
from webdata_conformance.plugin import Settings
from webdata_conformance.suite.test_scenarios import REQUESTS, path_for
from webdata_conformance.target import Target

# The cancel of each job a start begins, so that a thousand-URL batch does not run to its end.
CANCELS = {"startBatchScrape": ("cancelBatchScrape", "id"), "startCrawl": ("cancelCrawl", "id")}
WRONG_REFUSALS = {400, 413, 422}


def _body_schema(operation_id: str) -> object:
    body = resolved(operations_by_id()[operation_id].get("requestBody"))
    return body["content"]["application/json"]["schema"] if body and "application/json" in body["content"] else None


OPERATIONS = sorted(op for op in operations_by_id() if _body_schema(op) is not None)


@pytest.fixture(scope="module")
def api(target: Target, webdata_observer: Callable[[Answer], None]) -> ConformanceClient:
    return ConformanceClient(target.base_url, target.api_key, webdata_observer)


def _with_page_rules(node: Any, form: dict[str, Any]) -> Any:
    """``node`` with the seed's rules across values kept (see the module's docstring)."""
    if isinstance(node, list):
        return [_with_page_rules(item, form) for item in node]
    if not isinstance(node, dict):
        return node
    node = {name: _with_page_rules(value, form) for name, value in node.items()}
    formats = node.get("formats")
    if isinstance(formats, list) and any(isinstance(f, dict) and f.get("type") == "changeTracking" for f in formats):
        if "markdown" not in formats and {"type": "markdown"} not in formats:
            node["formats"] = ["markdown", *formats[: len(formats) - 1 if len(formats) >= MAX_FORMATS else None]]
    actions = node.get("actions")
    if isinstance(actions, list):
        node["actions"] = _focused_actions(actions, form.get("input"))
    if isinstance(actions, list) and form.get("url"):
        if isinstance(node.get("url"), str):
            node["url"] = form["url"]
        if isinstance(node.get("urls"), list):
            node["urls"] = [form["url"]]
    return node


MAX_FORMATS = 20


def with_monitor_rules(node: Any) -> Any:
    """A monitor body with the rules across its values kept: a schedule has a cron or a text (the
    one at its maximum: a valid one, padded with spaces, which the service trims), a scrape target
    has urls or url (one of them), and a monitor with a search target a goal."""
    if not isinstance(node, dict) or not isinstance(node.get("targets") or node.get("schedule"), list | dict):
        return node
    node = dict(node)
    schedule = node.get("schedule")
    if isinstance(schedule, dict):
        schedule = dict(schedule)
        if isinstance(schedule.get("cron"), str):
            schedule.pop("text", None)
            schedule["cron"] = "0 9 * * *".ljust(len(schedule["cron"]))
        elif isinstance(schedule.get("text"), str):
            schedule["text"] = "daily at 9:00".ljust(len(schedule["text"]))
        node["schedule"] = schedule
    targets = node.get("targets")
    if isinstance(targets, list):
        kept = []
        for target in targets:
            if isinstance(target, dict) and target.get("type") == "scrape" and "url" in target and "urls" in target:
                target = {k: v for k, v in target.items() if k != "urls"}
            elif isinstance(target, dict) and target.get("type") == "scrape" and "url" not in target and "urls" not in target:
                target = {**target, "urls": ["https://example.com"]}
            kept.append(target)
        node["targets"] = kept
        if any(isinstance(t, dict) and t.get("type") == "search" for t in kept) and not node.get("goal"):
            node["goal"] = "changes worth knowing"
    return node


def _focused_actions(actions: list[Any], form_input: str | None) -> list[Any]:
    """The actions with every selector the form's input (``body`` without one), padded to its
    length, and each write preceded by a click on the input; without an input, no write (nothing
    on an unknown page can be focused), replaced by a scroll."""
    selector = form_input or "body"
    done: list[Any] = []
    for action in actions:
        if isinstance(action, dict) and isinstance(action.get("selector"), str):
            action = {**action, "selector": selector.ljust(max(len(selector), len(action["selector"])))}
        if isinstance(action, dict) and action.get("type") == "write" and form_input is None:
            action = {"type": "scroll"}
        if isinstance(action, dict) and action.get("type") == "write":
            click = {"type": "click", "selector": selector}
            if done and done[-1] != click:
                done[-1] = click  # keep the list's length: it may be at its maximum
            elif not done:
                done.append(click)
        done.append(action)
    return done


def bodies_at_maxima(operation_id: str, form: dict[str, Any], receiver: str) -> list[tuple[str, Any]]:
    """(location, body) of every request CORE-09 sends to ``operation_id``: the contract's maxima
    (``webdata_conformance.bounds``) with the seed's rules across values kept; ``form`` is the
    configuration's ``[pages.form]``, ``receiver`` where a webhook points. The parity corpus
    records the service's answers to the same bodies (``tests/parity/cases.py``)."""
    found = []
    for location, body in request_bodies(_body_schema(operation_id), REQUESTS[operation_id][1], receiver=receiver):
        if any(step.endswith("=write") for step in location.steps) and not form.get("input"):
            continue  # a write's text at its maximum needs a page with an input: [pages.form]
        if location.steps[-2:] == ("schedule", "timezone"):
            continue  # a time zone is an IANA name (32 characters at most): its bound cannot be reached validly
        found.append((str(location), with_monitor_rules(_with_page_rules(body, form))))
    return found


def refused_at_maximum(status: int) -> bool:
    """Whether an answer to a valid body at a documented maximum refuses it as invalid or too large,
    or fails on it: what CORE-09 counts against a server."""
    return status >= 500 or status in WRONG_REFUSALS


@pytest.mark.requirement("CORE-09")
@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_requests_at_the_documented_maxima(api: ConformanceClient, target: Target, settings: Settings, operation_id: str) -> None:
    """One verdict per operation, listing every location whose maximum the server refused or failed on."""
    wrong: list[tuple[str, Answer]] = []
    last: Answer | None = None
    judged = 0  # answers that judged the request (not a refusal of the caller: 401, 402, 429)
    path = path_for(api, operation_id)
    for location, body in bodies_at_maxima(operation_id, dict(settings.pages.get("form") or {}), target.base_url):
        last = answer = api.call(operation_id, json_body=body, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
        judged += not answer.refuses_caller
        if refused_at_maximum(answer.status):
            wrong.append((location, answer))
        elif operation_id in CANCELS and answer.status == 200 and isinstance(answer.body.get("id"), str):
            cancel, param = CANCELS[operation_id]
            api.call(cancel, **{param: answer.body["id"]})
    listed = "; ".join(f"{where} answered {answer.status}" for where, answer in wrong)
    shown = wrong[0][1] if wrong else last
    assert shown is not None, f"{operation_id}: the contract bounds nothing in its body"
    if not wrong and not judged:
        shown.require(False, f"{operation_id}: every request at a documented maximum was refused to the caller, so none was judged")
    shown.expect(not wrong, f"{operation_id}: {len(wrong)} valid request(s) at a documented maximum were refused or failed: {listed}")


# Where the contract leaves a JSON Schema open (extract's `schema`, a json format's `schema`), a
# schema as deep as users write for nested records: this many levels of objects in properties.
SCHEMA_LEVELS = 12


def _deep_schema(levels: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for level in range(levels):
        schema = {"type": "object", "properties": {f"level{level}": schema, "title": {"type": "string"}}, "required": ["title"]}
    return schema


DEEP_SCHEMA_BODIES: dict[str, Any] = {
    "scrapeUrl": {"url": "https://example.com", "formats": [{"type": "json", "schema": _deep_schema(SCHEMA_LEVELS)}]},
    "startExtract": {"urls": ["https://example.com"], "prompt": "the records", "schema": _deep_schema(SCHEMA_LEVELS)},
}


@pytest.mark.requirement("CORE-09")
@pytest.mark.parametrize("operation_id", sorted(DEEP_SCHEMA_BODIES))
def test_a_deep_json_schema(api: ConformanceClient, operation_id: str) -> None:
    """The contract bounds no JSON Schema's depth: a valid one of SCHEMA_LEVELS nested objects
    must be taken, not refused as invalid or too large, and not fail."""
    answer = api.call(operation_id, json_body=DEEP_SCHEMA_BODIES[operation_id])
    answer.require(not answer.refuses_caller, f"{operation_id} with a deep JSON Schema must be judged, not refused to the caller")
    answer.expect(
        not refused_at_maximum(answer.status),
        f"{operation_id}: a valid JSON Schema {SCHEMA_LEVELS} objects deep was refused or failed: it answered {answer.status}",
    )
