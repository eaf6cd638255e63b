"""Purposeful scenarios for the seed's rules that random data rarely reaches. Each test names the
seed section it enforces; every answer is also checked against the contract by the client."""

from __future__ import annotations

import html
import json
import re
import time
import uuid
from collections.abc import Callable
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from webdata_conformance.client import Answer, ConformanceClient, Multipart, Unmet, operations_by_id
from webdata_conformance.contract import bundle, resolved
from webdata_conformance.fixtures import fixture
from webdata_conformance.plugin import Settings
from webdata_conformance.requirements import fixed_cost
from webdata_conformance.target import Target

UNKNOWN = "00000000-0000-4000-8000-000000000000"
TOKENS_PER_CREDIT = 15

# A valid request per operation (path parameters, body), for the checks that only need one.
REQUESTS: dict[str, tuple[dict[str, str], Any]] = {
    "startExtract": ({}, {"urls": ["https://example.com/*"], "prompt": "title"}),
    "getExtractStatus": ({"id": UNKNOWN}, None),
    "scrapeUrl": ({}, {"url": "https://example.com"}),
    "startBatchScrape": ({}, {"urls": ["https://example.com/a"]}),
    "getBatchScrapeStatus": ({"id": UNKNOWN}, None),
    "cancelBatchScrape": ({"id": UNKNOWN}, None),
    "startAgent": ({}, {"prompt": "find the price"}),
    "getAgentStatus": ({"jobId": UNKNOWN}, None),
    "cancelAgent": ({"jobId": UNKNOWN}, None),
    "listAgents": ({}, None),
    "getAgentTrace": ({"jobId": UNKNOWN}, None),
    "getAgentSnapshot": ({"jobId": UNKNOWN, "snapshotId": UNKNOWN}, None),
    "getAgentThread": ({"threadId": UNKNOWN}, None),
    "submitFeedback": ({}, {"endpoint": "map", "jobId": UNKNOWN, "rating": "bad", "note": "conformance"}),
    "submitSearchFeedback": ({"jobId": UNKNOWN}, {"rating": "bad", "querySuggestions": "conformance"}),
    "searchDeveloper": ({}, {"query": "memory leak", "k": 2}),
    "searchGov": ({}, {"query": "food labeling", "k": 2}),
    "searchDeveloperByQuery": ({}, None),
    "searchGovByQuery": ({}, None),
    "searchPapers": ({}, None),
    "getPaper": ({"paperId": "arxiv:2101.00001"}, None),
    "similarPapers": ({"paperId": "arxiv:2101.00001"}, None),
    "searchGithub": ({}, None),
    "discoverCatalogue": ({}, None),
    "startCrawl": ({}, {"url": "https://example.com", "limit": 2}),
    "getActiveCrawls": ({}, None),
    "getOngoingCrawls": ({}, None),
    "getCrawlStatus": ({"id": UNKNOWN}, None),
    "cancelCrawl": ({"id": UNKNOWN}, None),
    "getCrawlErrors": ({"id": UNKNOWN}, None),
    "getBatchScrapeErrors": ({"id": UNKNOWN}, None),
    "getConcurrency": ({}, None),
    "previewCrawlParams": ({}, {"url": "https://example.com", "prompt": "the blog"}),
    "mapUrl": ({}, {"url": "https://example.com", "limit": 5}),
    "searchWeb": ({}, {"query": "coffee recipes", "limit": 2}),
    "getTokenUsage": ({}, None),
    "getCreditUsage": ({}, None),
    "getHistoricalCreditUsage": ({}, None),
    "getHistoricalTokenUsage": ({}, None),
    "parseFile": ({}, Multipart("note.html", b"<html><body><h1>Note</h1><p>Parse me.</p></body></html>", "text/html")),
    "getParseFormats": ({}, None),
    "createMonitor": ({}, {"name": "conformance", "schedule": {"text": "daily"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}]}),
    "listMonitors": ({}, None),
    "getMonitor": ({"monitorId": UNKNOWN}, None),
    "updateMonitor": ({"monitorId": UNKNOWN}, {"status": "paused"}),
    "deleteMonitor": ({"monitorId": UNKNOWN}, None),
    "runMonitor": ({"monitorId": UNKNOWN}, None),
    "listMonitorChecks": ({"monitorId": UNKNOWN}, None),
    "getMonitorCheck": ({"monitorId": UNKNOWN, "checkId": UNKNOWN}, None),
    "getQueueStatus": ({}, None),
    "interactWithScrape": ({"jobId": UNKNOWN}, {"code": "1 + 1"}),
    "stopInteraction": ({"jobId": UNKNOWN}, None),
    "createBrowser": ({}, {"ttl": 60}),
    "listBrowsers": ({}, None),
    "executeBrowser": ({"sessionId": UNKNOWN}, {"code": "agent-browser get url", "language": "bash"}),
    "deleteBrowser": ({"sessionId": UNKNOWN}, None),
    "createInteractSession": ({}, {"ttl": 60}),
    "listInteractSessions": ({}, None),
    "executeInteractSession": ({"sessionId": UNKNOWN}, {"code": "agent-browser get url", "language": "bash"}),
    "deleteInteractSession": ({"sessionId": UNKNOWN}, None),
}


@pytest.fixture(scope="module")
def api(target: Target, webdata_observer: Callable[[Answer], None]) -> ConformanceClient:
    return ConformanceClient(target.base_url, target.api_key, webdata_observer, label="the key")


@pytest.fixture(scope="module")
def other(target: Target, webdata_observer: Callable[[Answer], None]) -> ConformanceClient:
    if not target.second_api_key:
        pytest.skip("class tenancy needs a key of another team: pass --second-api-key")
    return ConformanceClient(target.base_url, target.second_api_key, webdata_observer, label="the second key")


def said(answer: Answer) -> str:
    """What an answer said, briefly: its status and its code or error (for messages built from what was seen)."""
    body = answer.body if isinstance(answer.body, dict) else {}
    detail = body.get("code") or body.get("error") or (answer.body[:80] if isinstance(answer.body, str) else "")
    return f"{answer.status} {detail}".strip()


def _unique(path: str) -> str:
    """A URL no earlier run has cached."""
    return f"https://conformance.example.com/{uuid.uuid4().hex}/{path}"


def test_requests_cover_every_operation() -> None:
    assert set(REQUESTS) == set(operations_by_id())


# -- §5 authentication ---------------------------------------------------------------------
@pytest.mark.requirement("CORE-02")
def test_s5_every_operation_needs_a_valid_key(api: ConformanceClient) -> None:
    """One verdict for the server: a server with authentication off fails once, listing every
    operation that answered without a valid key (the first one's request and curl attached)."""
    open_doors: list[tuple[str, str, Answer]] = []
    answers: list[Answer] = []
    for operation_id in sorted(REQUESTS):
        path, body = REQUESTS[operation_id]
        for label, key in (("no key", None), ("an unknown key", "wd-conformance-unknown-key")):
            answers.append(api.call(operation_id, json_body=body, key=key, **path))  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
            if answers[-1].status != 401:
                open_doors.append((operation_id, label, answers[-1]))
    listed = "; ".join(f"{op} with {label} answered {door.status}" for op, label, door in open_doors)
    shown = open_doors[0][2] if open_doors else answers[0]
    shown.expect(not open_doors, f"§5: {len(open_doors)} request(s) without a valid key were not refused with 401: {listed}", over=answers)


# -- strict bodies, URLs without a scheme ----------------------------------------------------------
def _strict(operation_id: str) -> bool:
    """Whether the operation's body schema refuses keys it does not name: the interact and browser
    bodies say ``additionalProperties: true`` (the service's schemas there drop unknown keys)."""
    schema = resolved(operations_by_id()[operation_id]["requestBody"]["content"]["application/json"]["schema"])
    return schema.get("additionalProperties") is not True


# The JSON bodies (an upload's options are checked by the parse requirements).
BODIES = {op_id: body for op_id, (_, body) in REQUESTS.items() if body is not None and not isinstance(body, Multipart) and _strict(op_id)}


def path_for(api: ConformanceClient, operation_id: str) -> dict[str, str]:
    """The path of a request whose body is judged: a monitor of the caller's own where the
    operation changes one (the service finds the monitor before it reads the body)."""
    if operation_id != "updateMonitor":
        return dict(REQUESTS[operation_id][0])
    created = api.call("createMonitor", json_body=REQUESTS["createMonitor"][1])
    created.require(created.status == 200, f"a monitor to change must be created first, it answered {created.status}")
    return {"monitorId": str(created.body["data"]["id"])}


@pytest.mark.requirement("CORE-06")
@pytest.mark.parametrize("operation_id", sorted(BODIES))
def test_unknown_body_keys_are_refused(api: ConformanceClient, operation_id: str) -> None:
    answer = api.call(operation_id, json_body={**BODIES[operation_id], "onlyMainContnet": True}, **path_for(api, operation_id))  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    answer.expect(answer.status == 400, f"{operation_id} with an unknown key (onlyMainContnet) must answer 400, it answered {answer.status}")
    details = answer.body.get("details") if isinstance(answer.body, dict) else None
    if details:
        answer.expect("onlyMainContnet" in str(details), "the 400's details must name the unknown key")


@pytest.mark.requirement("CORE-07")
def test_a_url_without_a_scheme_is_http(api: ConformanceClient) -> None:
    answer = api.call("scrapeUrl", json_body={"url": "example.com", "maxAge": 0})
    answer.require(answer.status == 200, f"a scrape of example.com (no scheme) must succeed, it answered {answer.status}")
    metadata = answer.body["data"].get("metadata", {})
    # sourceURL names the URL as sent (the service echoes it), url the page scraped.
    source, scraped = metadata.get("sourceURL", ""), metadata.get("url") or metadata.get("sourceURL", "")
    answer.expect(
        source in ("example.com", "http://example.com", "http://example.com/"),
        f"a scrape of example.com names it as sent (or as http://example.com) in sourceURL, not {source!r}",
    )
    answer.expect(scraped.startswith("http://example.com"), f"a scrape of example.com must be one of http://example.com, its url is {scraped!r}")


# -- §5.3 tenant isolation -----------------------------------------------------------------
JOBS = {
    "extract": ("startExtract", "getExtractStatus", None, "id"),
    "batch scrape": ("startBatchScrape", "getBatchScrapeStatus", "cancelBatchScrape", "id"),
    "agent": ("startAgent", "getAgentStatus", "cancelAgent", "jobId"),
    "crawl": ("startCrawl", "getCrawlStatus", "cancelCrawl", "id"),
}


@pytest.mark.requirement("TEN-01")
@pytest.mark.parametrize("kind", sorted(JOBS))
def test_s5_another_teams_job_looks_nonexistent(api: ConformanceClient, other: ConformanceClient, kind: str) -> None:
    start, status, cancel, param = JOBS[kind]
    started = api.call(start, json_body=REQUESTS[start][1])
    started.require(started.status == 200, f"{start} must succeed to test isolation")
    job_id = started.body["id"]
    for operation in filter(None, (status, cancel)):
        foreign = other.call(operation, **{param: job_id})
        unknown = other.call(operation, **{param: UNKNOWN})  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
        foreign.expect(
            foreign.status == 404 and foreign.body == unknown.body,
            f"§5.3: {operation} of another team's {kind} job must answer exactly as an unknown id ({unknown.status} {unknown.body})",
        )
    mine = api.call(status, **{param: job_id})
    mine.expect(mine.status == 200, f"§5.3: the owner must still read its {kind} job")
    if kind == "crawl":
        listed = other.call("getActiveCrawls")
        listed.require(listed.status == 200, "the other team must read its active crawls to see whether they list this crawl")
        listed.expect(job_id not in [c["id"] for c in listed.body["crawls"]], "§5.3: another team's crawl is listed in active crawls")
        api.call("cancelCrawl", id=job_id)


# -- Idempotent starts (the service's x-idempotency-key) -----------------------------------
@pytest.mark.requirement("JOBS-03")
def test_a_crawl_start_with_a_used_idempotency_key_starts_nothing(api: ConformanceClient) -> None:
    key, url = str(uuid.uuid4()), _unique("idempotent")
    first = api.call("startCrawl", json_body={"url": url, "limit": 1}, headers={"x-idempotency-key": key})
    first.expect(first.status == 200, f"a crawl start with a new idempotency key answered {first.status}")
    again = api.call("startCrawl", json_body={"url": url, "limit": 1}, headers={"x-idempotency-key": key})
    again.expect(again.status == 409, f"the same start with the same x-idempotency-key answered {again.status}, not 409")
    active = api.call("getActiveCrawls")
    if active.status == 200:
        started = [c for c in active.body.get("crawls", []) if c.get("url", "").rstrip("/") == url.rstrip("/")]
        active.expect(len(started) <= 1, f"{len(started)} crawls of {url} run after two starts with one idempotency key")
    api.call("cancelCrawl", id=first.body["id"])


# -- §3 cancellation -----------------------------------------------------------------------
@pytest.mark.requirement("JOBS-01")
def test_s3_batch_scrape_cancel(api: ConformanceClient) -> None:
    job = api.call("startBatchScrape", json_body={"urls": ["https://example.com/a"]}).body["id"]
    cancelled = api.call("cancelBatchScrape", id=job)
    cancelled.expect(cancelled.status == 200 and cancelled.body.get("status") == "cancelled", "§3: cancelling a batch scrape answers {status: cancelled}")
    after = api.call("getBatchScrapeStatus", id=job)
    after.expect(after.body.get("status") == "cancelled", "§3: a cancelled batch scrape reads back as cancelled")
    unknown = api.call("cancelBatchScrape", id=UNKNOWN)
    unknown.expect(
        unknown.status == 404 and unknown.body.get("error") == "Batch scrape job not found.",
        '§7: an unknown batch scrape answers 404 "Batch scrape job not found."',
    )


@pytest.mark.requirement("JOBS-02")
def test_s3_agent_cancel(api: ConformanceClient) -> None:
    bad = api.call("cancelAgent", jobId="not-a-uuid")
    bad.expect(
        bad.status == 400 and bad.body.get("error") == "Invalid job ID format. Job ID must be a valid UUID.",
        "§7: a jobId that is not a UUID answers 400 with the seed's text",
    )
    unknown = api.call("cancelAgent", jobId=UNKNOWN)
    unknown.expect(unknown.status == 404 and unknown.body.get("error") == "Agent job not found", '§7: an unknown agent job answers 404 "Agent job not found"')
    job = api.call("startAgent", json_body={"prompt": "conformance"}).body["id"]
    cancelled = api.call("cancelAgent", jobId=job)
    cancelled.expect(cancelled.status == 200 and cancelled.body.get("success") is True, "§3: cancelling a running agent answers {success: true}")
    state = api.call("getAgentStatus", jobId=job)
    state.expect(state.body.get("status") == "cancelled", "§3: a cancelled agent job reads back as cancelled")
    again = api.call("cancelAgent", jobId=job)
    again.expect(
        again.status == 409 and again.body.get("error") == "Agent already finished", '§3: cancelling a finished agent answers "Agent already finished"'
    )
    unchanged = api.call("getAgentStatus", jobId=job)
    unchanged.expect(unchanged.body.get("status") == "cancelled", "§3: a refused cancel leaves the state unchanged")


# -- agent traces --------------------------------------------------------------------------
AGENT_TIMEOUT = 600.0  # the service's agent may take minutes
_OUTCOMES = {"completed": "succeeded", "failed": "failed", "cancelled": "cancelled"}


@pytest.mark.requirement("JOBS-05")
def test_an_agent_runs_trace_ends_as_its_status_says(api: ConformanceClient) -> None:
    schema = {"type": "object", "properties": {"title": {"type": "string"}, "summary": {"type": "string"}}}
    started = api.call("startAgent", json_body={"prompt": "The title and a one-line summary of the page", "urls": ["https://example.com"], "schema": schema})
    started.require(started.status == 200, f"an agent run must start to read its trace, it answered {said(started)}")
    job = started.body["id"]
    deadline = time.monotonic() + AGENT_TIMEOUT
    status = api.call("getAgentStatus", jobId=job)
    while status.status == 200 and status.body.get("status") == "processing" and time.monotonic() < deadline:
        time.sleep(0.5)
        status = api.call("getAgentStatus", jobId=job)
    state = status.body.get("status") if isinstance(status.body, dict) else None
    if state not in _OUTCOMES:
        pytest.skip(f"the agent run did not end within {AGENT_TIMEOUT:.0f} s ({said(status)}), so its whole trace cannot be read")
    trace = api.call("getAgentTrace", jobId=job)
    trace.require(trace.status == 200, f"the trace of an agent run that ended must be readable, it answered {said(trace)}")
    events = trace.body["events"]
    trace.expect([e.get("producerSequence") for e in events] == list(range(len(events))), "a trace's events must count producerSequence 0, 1, 2, ... in order")
    trace.expect([e.get("occurredAt") for e in events] == sorted(e.get("occurredAt") for e in events), "a trace's events must be in time order")
    last = events[-1] if events else {}
    trace.expect(
        last.get("type") == "run.finished" and last.get("outcome") == _OUTCOMES[state],
        f"the trace of a {state} run must end with run.finished {_OUTCOMES[state]}, it ends with {last.get('type')} {last.get('outcome')}",
    )
    calls = {e.get("toolCallId") for e in events if e.get("type") == "tool_call.started"}
    ended = {e.get("toolCallId") for e in events if e.get("type") == "tool_call.finished"}
    trace.expect(calls == ended, f"every tool call a finished run started must have finished: {sorted(calls - ended)} did not")
    artifacts = [e["artifact"] for e in events if e.get("type") == "artifact.updated" and isinstance(e.get("artifact"), dict)]
    if state != "completed" or not artifacts:
        return
    snapshot = api.call("getAgentSnapshot", jobId=job, snapshotId=artifacts[-1]["snapshotId"])
    snapshot.require(snapshot.status == 200, f"the snapshot the trace names last must be readable, it answered {said(snapshot)}")
    text = snapshot.body.get("snapshot")
    result = status.body.get("data") if artifacts[-1].get("kind") == "json" else status.body.get("message")
    content = json.loads(text) if artifacts[-1].get("kind") == "json" and isinstance(text, str) else text
    snapshot.expect(content == result, f"the last snapshot of a completed run must be its result ({result!r}), it is {content!r}")


# -- §2.1, §2.6 extract ---------------------------------------------------------------------
@pytest.mark.requirement("CORE-05")
def test_s2_extract_invalid_urls(api: ConformanceClient) -> None:
    listed = api.call("startExtract", json_body={"urls": ["https://example.com", "not a url"]})
    listed.expect(
        listed.status == 200 and listed.body.get("invalidURLs") == ["not a url"],
        "§2.6: by default (ignoreInvalidURLs true) invalid URLs are dropped and listed exactly",
    )
    empty = api.call("startExtract", json_body={"urls": ["https://example.com"], "ignoreInvalidURLs": True})
    empty.expect(empty.body.get("invalidURLs") == [], "§2.6: with none invalid, invalidURLs is an empty array")
    refused = api.call("startExtract", json_body={"urls": ["https://example.com", "not a url"], "ignoreInvalidURLs": False})
    refused.expect(
        refused.status == 400 and refused.body.get("error") == "Invalid input data.",
        '§2.1, §7: with ignoreInvalidURLs false an invalid URL fails with 400 "Invalid input data."',
    )
    refused.expect("invalidURLs" not in refused.body, "§2.6: with ignoreInvalidURLs false, invalidURLs is absent")
    valid = api.call("startExtract", json_body={"urls": ["https://example.com"], "ignoreInvalidURLs": False})
    valid.expect(valid.status == 200 and "invalidURLs" not in valid.body, "§2.6: with ignoreInvalidURLs false, invalidURLs is absent")


# -- §2.2, §8 bounds -----------------------------------------------------------------------
@pytest.mark.requirement("CORE-04")
@pytest.mark.parametrize("timeout", [999, 300001])
def test_s8_timeout_bounds(api: ConformanceClient, timeout: int) -> None:
    answer = api.call("scrapeUrl", json_body={"url": "https://example.com", "timeout": timeout})
    answer.expect(answer.status == 400, f"§8: timeout {timeout} is outside 1000..300000 and must be refused")


# -- §2.2 cache rules ----------------------------------------------------------------------
@pytest.mark.requirement("CACHE-01")
def test_s2_min_age_without_a_copy(api: ConformanceClient) -> None:
    answer = api.call("scrapeUrl", json_body={"url": _unique("min-age"), "minAge": 1}, feature=("minAge",))
    answer.expect(
        answer.status == 404 and answer.body.get("code") == "SCRAPE_NO_CACHED_DATA",
        f"§2.2: minAge with nothing cached must answer 404 SCRAPE_NO_CACHED_DATA, it answered {said(answer)}",
    )


@pytest.mark.requirement("CACHE-02")
def test_s2_lockdown_miss_then_hit(api: ConformanceClient) -> None:
    url = _unique("lockdown")
    miss = _lockdown_scrape(api, url)
    miss.expect(
        miss.status == 404 and miss.body.get("code") == "SCRAPE_LOCKDOWN_CACHE_MISS",
        f"§2.2: lockdown with nothing cached must answer 404 SCRAPE_LOCKDOWN_CACHE_MISS, it answered {said(miss)}",
    )
    fresh = api.call("scrapeUrl", json_body={"url": url})
    fresh.require(fresh.status == 200, f"a plain scrape must succeed, it answered {said(fresh)}")
    hit = _lockdown_scrape(api, url)
    hit.expect(hit.status == 200, f"§2.2: after a cached scrape, lockdown must serve the cached copy, it answered {said(hit)}")


@pytest.mark.requirement("CACHE-03")
def test_s2_no_cached_copy_across_location_or_mobile(api: ConformanceClient) -> None:
    url = _unique("variants")
    api.call("scrapeUrl", json_body={"url": url})
    again = api.call("scrapeUrl", json_body={"url": url})
    if again.status != 200 or again.body["data"].get("metadata", {}).get("cacheState") != "hit":
        pytest.skip("the server served no cached copy to a second identical scrape, so a copy served across options cannot be seen")
    for label, options in (("location DE", {"location": {"country": "DE"}}), ("mobile", {"mobile": True})):
        other = api.call("scrapeUrl", json_body={"url": url, **options})
        other.require(other.status == 200, f"a scrape with {label} must succeed")
        state = other.body["data"].get("metadata", {}).get("cacheState")
        other.expect(state == "miss", f"§2.2.2: the default copy was served to a scrape with {label} (cacheState {state!r})")


def _lockdown_scrape(api: ConformanceClient, url: str) -> Answer:
    return api.call("scrapeUrl", json_body={"url": url, "lockdown": True}, feature=("lockdown",))


def _no_copy_served(after: Answer, because: str) -> None:
    """The lockdown scrape ``after`` must miss; the message says what it did instead."""
    if after.status == 200:
        happened = "was served a copy (200)"
    else:
        happened = f"answered {said(after)}, not 404 SCRAPE_LOCKDOWN_CACHE_MISS"
    after.expect(after.status == 404 and after.body.get("code") == "SCRAPE_LOCKDOWN_CACHE_MISS", f"§2.2: {because}, a lockdown scrape after it {happened}")


@pytest.mark.requirement("CACHE-04")
def test_s2_store_in_cache_false_leaves_no_copy(api: ConformanceClient) -> None:
    url = _unique("not-stored")
    first = api.call("scrapeUrl", json_body={"url": url, "storeInCache": False}, feature=("storeInCache",))
    first.require(first.status == 200, f"a scrape with storeInCache false must succeed, it answered {said(first)}")
    _no_copy_served(_lockdown_scrape(api, url), "after a scrape with storeInCache false")


@pytest.mark.requirement("CACHE-05")
@pytest.mark.parametrize("option", ["actions", "headers"])
def test_s2_actions_and_headers_are_not_stored(api: ConformanceClient, option: str) -> None:
    url = _unique(f"with-{option}")
    extra = {"actions": [{"type": "scroll"}]} if option == "actions" else {"headers": {"X-Conformance": "1"}}
    first = api.call("scrapeUrl", json_body={"url": url, **extra}, feature=(option,))
    first.require(first.status == 200, f"a scrape with {option} must succeed, it answered {said(first)}")
    _no_copy_served(_lockdown_scrape(api, url), f"{option} force storeInCache off, yet")


@pytest.mark.requirement("CACHE-06")
def test_s2_max_age_zero_is_always_fresh(api: ConformanceClient) -> None:
    url = _unique("fresh")
    api.call("scrapeUrl", json_body={"url": url})
    fresh = api.call("scrapeUrl", json_body={"url": url, "maxAge": 0})
    state = fresh.body.get("data", {}).get("metadata", {}).get("cacheState") if fresh.status == 200 else None
    fresh.expect(fresh.status == 200 and state == "miss", f"§2.2: a scrape with maxAge 0 reported cacheState {state!r} ({fresh.status}), not miss")


# -- large but valid input ------------------------------------------------------------------------
def _nested_schema(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for level in range(depth):
        schema = {"type": "object", "properties": {f"level{level}": schema}}
    return schema


@pytest.mark.requirement("CORE-08")
def test_large_valid_input_is_no_server_error(api: ConformanceClient) -> None:
    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("a 10,000-character prompt", "startExtract", {"urls": ["https://example.com"], "prompt": "find the title " * 666 + "and more"}),
        ("1,000 URLs", "startBatchScrape", {"urls": [_unique(f"many/{n}") for n in range(1000)]}),
        ("50 actions", "scrapeUrl", {"url": _unique("actions"), "actions": [{"type": "scroll"}] * 50}),
        ("a JSON Schema nested 20 levels deep", "startExtract", {"urls": ["https://example.com"], "schema": _nested_schema(20)}),
    ]
    for label, operation_id, body in cases:
        answer = api.call(operation_id, json_body=body)
        answer.require(not answer.refuses_caller, f"{operation_id} with {label} must be judged, not refused to the caller")
        answer.expect(answer.status < 500, f"{operation_id} with {label} answered {answer.status}")
        if operation_id == "startBatchScrape" and answer.status == 200:
            api.call("cancelBatchScrape", id=answer.body["id"])  # no need to scrape them all


# -- §8 credit charges, read from token usage before and after ------------------------------
@pytest.fixture
def usage(api: ConformanceClient, target: Target, settings: Settings) -> Any:
    if not target.isolated_usage:
        pytest.skip("class billing needs a team used by nothing else: pass --isolated-usage")

    def remaining() -> int:
        answer = api.call("getTokenUsage")
        if answer.status != 200:
            pytest.skip(f"token usage is not available for this team ({answer.status})")
        return int(answer.body["data"]["remainingTokens"])

    # Jobs started by earlier tests may still charge the team as they finish: a charge is read only
    # once every job the suite started has ended and the team's usage has held still for the
    # configuration's charge-settle-seconds (or after QUIET_TIMEOUT, then as is).
    deadline = time.monotonic() + QUIET_TIMEOUT
    _let_started_jobs_end(api, deadline)
    quiet = settings.charge_settle_seconds
    readings = [remaining()]
    while quiet and time.monotonic() < deadline and not (len(readings) > QUIET_READS and len(set(readings[-QUIET_READS - 1 :])) == 1):
        time.sleep(quiet / QUIET_READS)
        readings.append(remaining())
    return remaining


QUIET_READS, QUIET_TIMEOUT = 4, 20.0


def _let_started_jobs_end(api: ConformanceClient, deadline: float) -> None:
    """Read the status of each job ``api`` started until it is in a terminal state (or ``deadline``)."""
    while api.started and time.monotonic() < deadline:
        start, job = api.started[0]
        found = _status_operation(start)
        terminal = _terminal_states(found[0]) if found else []
        if found is None or not terminal:
            api.started.pop(0)
            continue
        status, param = found
        answer = api.call(status, **{param: job})  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
        if answer.status != 200 or answer.body.get("status") in terminal:
            api.started.pop(0)
        else:
            time.sleep(0.1)


def _charged(usage: Any, call: Any) -> tuple[Answer, int]:
    before = usage()
    answer = call()
    return answer, (before - usage()) // TOKENS_PER_CREDIT


@pytest.mark.requirement("BILL-01")
def test_s8_lockdown_charges(api: ConformanceClient, usage: Any) -> None:
    url = _unique("charged")
    miss, credits = _charged(usage, lambda: _lockdown_scrape(api, url))
    miss.expect(credits == 1, f"§8: a lockdown miss costs 1 credit, it cost {credits} ({said(miss)})")
    api.call("scrapeUrl", json_body={"url": url})
    hit, credits = _charged(usage, lambda: _lockdown_scrape(api, url))
    hit.expect(hit.status == 200 and credits == 5, f"§8: a lockdown hit costs 5 credits, it cost {credits} ({said(hit)})")


@pytest.mark.requirement("BILL-02")
def test_s8_prompt_injection_check_costs_4(api: ConformanceClient, usage: Any) -> None:
    url = _unique("page")
    _, base = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "formats": [{"type": "json"}], "maxAge": 0}))
    checked, credits = _charged(
        usage,
        lambda: api.call(
            "scrapeUrl", json_body={"url": url, "formats": [{"type": "json", "checkPromptInjection": True}], "maxAge": 0}, feature=("checkPromptInjection",)
        ),
    )
    checked.expect(checked.status == 200 and credits - base == 4, f"§8: checkPromptInjection adds 4 credits, it added {credits - base} ({said(checked)})")


@pytest.mark.requirement("BILL-04")
def test_question_and_highlights_each_cost_4(api: ConformanceClient, usage: Any) -> None:
    url = _unique("answers")
    _, base = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown"], "maxAge": 0}))
    question = {"type": "question", "question": "What is this page about?"}
    asked, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown", question], "maxAge": 0}))
    asked.expect(asked.status == 200 and credits - base == 4, f"a question adds 4 credits, it added {credits - base} ({said(asked)})")
    highlights = {"type": "highlights", "query": "What is this page about?"}
    both, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown", question, highlights], "maxAge": 0}))
    both.expect(both.status == 200 and credits - base == 8, f"a question and highlights add 4 credits each, they added {credits - base} ({said(both)})")
    query = {"type": "query", "prompt": "What is this page about?"}
    shared, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown", question, query], "maxAge": 0}))
    shared.expect(shared.status == 200 and credits - base == 4, f"question and query add 4 credits once, they added {credits - base} ({said(shared)})")


@pytest.mark.requirement("BILL-05")
def test_a_rated_search_is_refunded_once(api: ConformanceClient, usage: Any) -> None:
    found, cost = _charged(usage, lambda: api.call("searchWeb", json_body={"query": "coffee recipes", "limit": 2}))
    found.require(found.status == 200 and isinstance(found.body.get("id"), str), f"a search must answer its id to be rated ({said(found)})")
    body = {"rating": "bad", "querySuggestions": "cold brew ratios"}
    rated, refunded = _charged(usage, lambda: api.call("submitSearchFeedback", jobId=found.body["id"], json_body=body))
    rated.require(rated.status == 200, f"rating a search just run must be recorded, it answered {said(rated)}")
    said_refunded = rated.body.get("creditsRefunded")
    rated.expect(
        -refunded == said_refunded and 0 <= said_refunded <= max(cost, 0),
        f"a search rating refunds what it says ({said_refunded}) and at most the search's cost ({cost}); the team got back {-refunded}",
    )
    again, twice = _charged(usage, lambda: api.call("submitSearchFeedback", jobId=found.body["id"], json_body=body))
    again.expect(
        again.status == 200 and again.body.get("alreadySubmitted") is True and again.body.get("creditsRefunded") == 0 and twice == 0,
        f"a second rating of one search answers alreadySubmitted and refunds nothing ({said(again)}, {-twice} credits back)",
    )


@pytest.mark.requirement("BILL-06")
def test_developer_search_costs_two_credits_per_ten_results(api: ConformanceClient, usage: Any, settings: Settings) -> None:
    query = str(settings.pages.get("developer", {}).get("query", "crawler robots markdown memory leak parsing"))
    found, credits = _charged(usage, lambda: api.call("searchDeveloper", json_body={"query": query, "k": 100}))
    found.require(found.status == 200, f"a developer search must succeed, it answered {said(found)}")
    results = len(found.body.get("results") or [])
    expected = -(-results // 10) * 2
    found.expect(credits == expected, f"a developer search returning {results} result(s) costs {expected} credit(s), it cost {credits}")
    if results == 0:
        raise Unmet(f"a developer search for {query!r} returned no result: set [pages.developer] query to one your server finds", found)


@pytest.mark.requirement("THREAT-01")
def test_s8_threat_protection_costs_2_per_url(api: ConformanceClient, usage: Any) -> None:
    url = _unique("threat")
    _, base = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": url, "maxAge": 0}))
    body = {"url": url, "maxAge": 0, "threatProtection": {"mode": "normal"}}
    scanned, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body=body, feature=("threatProtection",)))
    if scanned.status == 403 and scanned.body.get("code") in ("THREAT_PROTECTION_NOT_ENABLED", "THREAT_PROTECTION_OVERRIDES_DISABLED"):
        pytest.skip("the team has no Threat Protection entitlement")
    scanned.expect(
        scanned.status == 200 and credits - base == 2, f"§8: threat-protection mode normal adds 2 credits per URL, it added {credits - base} ({said(scanned)})"
    )


@pytest.mark.requirement("PAGES-01")
def test_s8_pdf_costs_1_per_page(api: ConformanceClient, usage: Any, settings: Settings) -> None:
    page = settings.pages.get("pdf")
    if not page or "url" not in page or "pages" not in page:
        pytest.skip("class pages: no [pages.pdf] (url, pages) in the configuration file")
    pdf = str(page["url"]).format(unique=uuid.uuid4().hex)
    pages = int(page["pages"])
    parsed, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": pdf, "maxAge": 0}))
    parsed.expect(parsed.status == 200 and credits == pages, f"§8: a {pages}-page PDF parsed to markdown costs {pages} credits, it cost {credits}")
    raw, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"url": pdf, "maxAge": 0, "parsers": []}))
    raw.expect(raw.status == 200 and credits == 1, f"§8: with parsers [] a PDF costs a flat 1 credit, it cost {credits}")


@pytest.mark.requirement("BILL-03")
def test_s2_token_usage_counts_15_tokens_per_credit(api: ConformanceClient, usage: Any) -> None:
    before = usage()
    started = api.call("startAgent", json_body={"prompt": "conformance"})
    time.sleep(0)  # the charge is part of the acknowledged start
    spent = before - usage()
    started.expect(spent > 0 and spent % TOKENS_PER_CREDIT == 0, f"§2.7: token usage must fall by 15 per credit, it fell by {spent}")
    api.call("cancelAgent", jobId=started.body["id"])


# -- requirements the contract states (x-transitions, x-credits), tested without code per operation --
OPERATIONS = operations_by_id()
TRANSITIONS = sorted(op_id for op_id, op in OPERATIONS.items() if op.get("x-transitions"))
FIXED_COSTS = {op_id: cost for op_id, op in OPERATIONS.items() if (cost := fixed_cost(op)) is not None}


@cache
def _status_operation(start_id: str) -> tuple[str, str] | None:
    """(status operation, its path parameter) of the jobs a start operation creates: GET on the
    start's path plus one parameter; None for an operation that creates no job."""
    path = OPERATIONS[start_id]["path"]
    for status_id, op in OPERATIONS.items():
        if op["method"] == "GET" and op["path"].endswith("}") and op["path"].rsplit("/", 1)[0] == path:
            return status_id, op["path"].rsplit("{", 1)[1].rstrip("}")
    return None


def _job_operations(cancel_id: str) -> tuple[str, str, str]:
    """(start, status, path parameter) of the job a cancel operation acts on: POST on the parent path, GET on its own."""
    cancel = OPERATIONS[cancel_id]
    parent = cancel["path"].rsplit("/", 1)[0]
    start = next(i for i, op in OPERATIONS.items() if op["method"] == "POST" and op["path"] == parent)
    found = _status_operation(start)
    assert found is not None and OPERATIONS[found[0]]["path"] == cancel["path"], f"{cancel_id}: no status operation on its path"
    return start, *found


def _terminal_states(status_id: str) -> list[str]:
    schema = resolved(OPERATIONS[status_id]["responses"]["200"]["content"]["application/json"]["schema"])
    return list(resolved(schema["properties"]["status"]).get("x-states", {}).get("terminal", []))


def _example(operation_id: str, status: int, name: str) -> Any:
    response = resolved(OPERATIONS[operation_id]["responses"][str(status)])
    return resolved(response["content"]["application/json"]["examples"][name])["value"]


@pytest.mark.parametrize("cancel_id", [pytest.param(i, marks=pytest.mark.requirement(f"X-TRANS-{i}"), id=i) for i in TRANSITIONS])
def test_x_transitions(api: ConformanceClient, cancel_id: str) -> None:
    """Each cancel answers as the x-transitions rule for the job's state says, twice: from the state
    a fresh job is in, then from the state the first cancel left. The state is read just before each
    cancel; a job that finished in between may answer by the rule of its terminal state."""
    start, status, param = _job_operations(cancel_id)
    rules = OPERATIONS[cancel_id]["x-transitions"]
    terminal = _terminal_states(status)
    started = api.call(start, json_body=REQUESTS[start][1])
    started.require(started.status == 200, f"{start} must succeed to test {cancel_id}'s transitions")
    job = {param: started.body["id"]}
    for _ in range(2):
        before = api.call(status, **job).body.get("status")
        possible = {before} if before in terminal else {before, *terminal}
        candidates = [r for r in rules if "*" in r["from"] or possible & set(r["from"])]
        answer = api.call(cancel_id, **job)
        matched = [r for r in candidates if r["status"] == answer.status]
        answer.expect(bool(matched), f"x-transitions: {cancel_id} of a job in state {before!r} must answer one of {sorted({r['status'] for r in candidates})}")
        rule = matched[0]
        if "example" in rule:
            expected = _example(cancel_id, rule["status"], rule["example"])
            answer.expect(answer.body == expected, f"x-transitions: {cancel_id} answering {rule['status']} must carry the body {expected}")
        after = api.call(status, **job)
        allowed = set(rule["from"]) - {"*"} if rule["to"] == "unchanged" else {rule["to"]}
        if rule["to"] == "unchanged" and "*" in rule["from"]:
            allowed = {before, *terminal}
        after.expect(after.body.get("status") in allowed, f"x-transitions: after {cancel_id} answered {answer.status} the job must be {sorted(allowed)}")


@pytest.mark.parametrize("operation_id", [pytest.param(i, marks=pytest.mark.requirement(f"X-CREDITS-{i}"), id=i) for i in sorted(FIXED_COSTS)])
def test_x_credits(api: ConformanceClient, usage: Any, operation_id: str) -> None:
    """What x-credits says an operation costs, read from token usage (a fresh page, for a scrape)."""
    body = {"url": _unique("credits"), "maxAge": 0} if operation_id == "scrapeUrl" else REQUESTS[operation_id][1]
    answer, credits = _charged(usage, lambda: api.call(operation_id, json_body=body))
    answer.require(answer.status == 200, f"{operation_id} must succeed to read its cost")
    if operation_id == "startAgent":
        api.call("cancelAgent", jobId=answer.body["id"])  # no charges left running for the next test
    answer.expect(credits == FIXED_COSTS[operation_id], f"x-credits: {operation_id} costs {FIXED_COSTS[operation_id]} credit(s); it cost {credits}")


# -- parse: the suite's own files (seed §2.2.1, §8; the service's parse route) ---------------------
FIVE_PAGES = 5
_MARKER = re.compile(r"<!-- page (\d+) -->")


def _parse(api: ConformanceClient, filename: str, content: bytes, content_type: str, options: dict[str, Any], *, feature: tuple[str, ...] = ()) -> Answer:
    upload = Multipart(filename, content, content_type, {"options": json.dumps(options)})
    return api.call("parseFile", json_body=upload, feature=feature)


@pytest.mark.requirement("PARSE-01")
@pytest.mark.parametrize("max_pages", [2, 5, 9])
def test_a_pdf_parses_to_at_most_max_pages_and_costs_one_credit_each(api: ConformanceClient, max_pages: int) -> None:
    options = {"parsers": [{"type": "pdf", "maxPages": max_pages, "pages": True}]}
    answer = _parse(api, "five-pages.pdf", fixture("five-pages.pdf"), "application/pdf", options)
    answer.require(answer.status == 200, f"parsing the suite's five-page PDF must succeed, it answered {said(answer)}")
    expected = min(FIVE_PAGES, max_pages)
    data = answer.body["data"]
    metadata = data.get("metadata", {})
    numbers = [page.get("pageNumber") for page in data.get("pages") or []]
    answer.expect(
        metadata.get("numPages") == expected and numbers == list(range(1, expected + 1)),
        f"§2.2.1: a {FIVE_PAGES}-page PDF with maxPages {max_pages} must give {expected} pages, it gave numPages {metadata.get('numPages')} and pages {numbers}",
    )
    answer.expect(
        metadata.get("creditsUsed") == expected,
        f"§8: {expected} parsed PDF pages cost {expected} credits, the document says creditsUsed {metadata.get('creditsUsed')}",
    )
    texts = [str(page.get("markdown", "")) for page in data.get("pages") or []]
    answer.expect(
        all(f"Page {n} " in text for n, text in enumerate(texts, start=1)),
        "§2.2.1: each page's markdown must be that page's text (the fixture's page N says 'Page N')",
    )


@pytest.mark.requirement("PARSE-02")
def test_page_markers_sit_between_pages_and_never_before_the_first(api: ConformanceClient) -> None:
    options = {"parsers": [{"type": "pdf", "pageMarkers": True}]}
    answer = _parse(api, "five-pages.pdf", fixture("five-pages.pdf"), "application/pdf", options)
    answer.require(answer.status == 200, f"parsing the suite's five-page PDF must succeed, it answered {said(answer)}")
    markdown = str(answer.body["data"].get("markdown", ""))
    numbers = [int(n) for n in _MARKER.findall(markdown)]
    answer.expect(numbers == list(range(2, FIVE_PAGES + 1)), f"§2.2.1: markers must number pages 2 to {FIVE_PAGES} in order, the markdown has {numbers}")
    answer.expect(not markdown.lstrip().startswith("<!--") and "<!-- page 1 -->" not in markdown, "§2.2.1: no marker before page 1")
    joins = [markdown[max(0, m.start() - 6) : m.end() + 2] for m in _MARKER.finditer(markdown)]
    answer.expect(
        all(join.startswith("\n\n---\n") and join.endswith("-->\n\n") for join in joins),
        f"§2.2.1: pages are joined by a blank line, a horizontal rule, the marker and a blank line; seen {joins[:1]}",
    )


@pytest.mark.requirement("PARSE-03")
def test_a_file_parse_cannot_take_is_refused_with_its_code(api: ConformanceClient) -> None:
    kind = _parse(api, "archive.7z", b"7z\xbc\xaf\x27\x1c\x00\x04", "application/x-7z-compressed", {})
    kind.expect(
        kind.status == 400 and isinstance(kind.body, dict) and kind.body.get("code") == "UNSUPPORTED_FILE_TYPE",
        f"a .7z archive must be refused with 400 UNSUPPORTED_FILE_TYPE, it answered {said(kind)}",
    )
    option = _parse(api, "note.html", b"<p>x</p>", "text/html", {"formats": ["markdown", "screenshot"]})
    option.expect(
        option.status == 400 and isinstance(option.body, dict) and option.body.get("code") == "PARSE_UNSUPPORTED_OPTIONS",
        f"a screenshot of an upload must be refused with 400 PARSE_UNSUPPORTED_OPTIONS, it answered {said(option)}",
    )


@pytest.mark.requirement("PARSE-05")
def test_a_file_that_cannot_be_read_is_refused_with_422(api: ConformanceClient) -> None:
    whole = fixture("five-pages.pdf")
    answer = _parse(api, "truncated.pdf", whole[: len(whole) // 3], "application/pdf", {})
    code = answer.body.get("code") if isinstance(answer.body, dict) else None
    answer.expect(
        answer.status == 422 and code == "PARSE_FILE_UNREADABLE", f"a truncated PDF must be refused with 422 PARSE_FILE_UNREADABLE, it answered {said(answer)}"
    )


@pytest.mark.requirement("PARSE-04")
def test_every_listed_extension_is_taken_or_refused_as_the_formats_say(api: ConformanceClient) -> None:
    listed = api.call("getParseFormats")
    listed.require(listed.status == 200, f"the parse formats must be readable, it answered {said(listed)}")
    answers, wrong = [listed], []
    for item in listed.body["data"]["formats"]:
        for extension in item["extensions"]:
            # A screenshot is refused only once the type passed, so the code says which check refused.
            probe = _parse(api, f"probe{extension}", b"format-probe", "application/octet-stream", {"formats": ["screenshot"]})
            answers.append(probe)
            code = probe.body.get("code") if isinstance(probe.body, dict) else None
            expected = "PARSE_UNSUPPORTED_OPTIONS" if item["available"] else "UNSUPPORTED_FILE_TYPE"
            if code != expected:
                wrong.append(f"{item['format']} {extension}: {code} (expected {expected})")
    listed.expect(not wrong, f"the formats listed must be what parse accepts: {'; '.join(wrong[:5])}", over=answers)


# -- monitors (seed §1; inferred from the service) ---------------------------------------------
MONITOR_TIMEOUT = 120.0


def _monitor(api: ConformanceClient, **fields: Any) -> Answer:
    body = {"name": "conformance", "schedule": {"text": "daily at 9:00"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}], **fields}
    return api.call("createMonitor", json_body=body)


@pytest.mark.requirement("MON-01")
def test_a_monitor_reads_back_with_its_schedule_as_cron(api: ConformanceClient) -> None:
    created = _monitor(api, schedule={"text": "every 6 hours", "timezone": "Europe/Paris"})
    created.require(created.status == 200, f"creating a monitor must succeed, it answered {said(created)}")
    monitor = created.body["data"]
    read = api.call("getMonitor", monitorId=monitor["id"])
    for answer, what in ((created, "created"), (read, "read")):
        schedule = (answer.body.get("data") or {}).get("schedule") if isinstance(answer.body, dict) else None
        answer.expect(
            schedule == {"cron": "0 */6 * * *", "timezone": "Europe/Paris"},
            f"'every 6 hours' in Europe/Paris must read back as cron '0 */6 * * *' in that zone ({what}), it reads {schedule}",
        )
    api.call("deleteMonitor", monitorId=monitor["id"])


@pytest.mark.requirement("MON-02")
def test_running_a_monitor_creates_a_manual_check(api: ConformanceClient) -> None:
    created = _monitor(api)
    created.require(created.status == 200, f"creating a monitor must succeed, it answered {said(created)}")
    monitor_id = created.body["data"]["id"]
    run = api.call("runMonitor", monitorId=monitor_id)
    run.require(run.status == 200, f"running a new monitor must succeed, it answered {said(run)}")
    check_id = run.body.get("id")
    run.expect(run.body["data"]["trigger"] == "manual" and run.body["data"]["id"] == check_id, "the run's check must be manual and carry the run's id")
    listed = api.call("listMonitorChecks", monitorId=monitor_id)
    ids = [c.get("id") for c in listed.body.get("data", [])] if isinstance(listed.body, dict) else []
    listed.expect(check_id in ids, f"the monitor's checks must list the run's check {check_id}, they list {ids}")
    read = api.call("getMonitorCheck", monitorId=monitor_id, checkId=str(check_id))
    read.expect(read.status == 200 and read.body["data"]["id"] == check_id, f"the run's check must be readable, it answered {said(read)}")
    api.call("deleteMonitor", monitorId=monitor_id)  # its check goes with it


@pytest.mark.requirement("MON-03")
def test_a_paused_monitor_does_not_run(api: ConformanceClient) -> None:
    created = _monitor(api)
    created.require(created.status == 200, f"creating a monitor must succeed, it answered {said(created)}")
    monitor_id = created.body["data"]["id"]
    paused = api.call("updateMonitor", monitorId=monitor_id, json_body={"status": "paused"})
    paused.expect(paused.status == 200 and paused.body["data"]["status"] == "paused", f"pausing must answer the paused monitor, it answered {said(paused)}")
    run = api.call("runMonitor", monitorId=monitor_id)
    run.expect(run.status == 409, f"running a paused monitor must answer 409, it answered {said(run)}")
    resumed = api.call("updateMonitor", monitorId=monitor_id, json_body={"status": "active"})
    resumed.expect(
        resumed.status == 200 and resumed.body["data"]["status"] == "active", f"resuming must answer the active monitor, it answered {said(resumed)}"
    )
    api.call("deleteMonitor", monitorId=monitor_id)


@pytest.mark.requirement("MON-04")
def test_a_deleted_monitor_is_gone(api: ConformanceClient) -> None:
    created = _monitor(api)
    created.require(created.status == 200, f"creating a monitor must succeed, it answered {said(created)}")
    monitor_id = created.body["data"]["id"]
    deleted = api.call("deleteMonitor", monitorId=monitor_id)
    deleted.expect(deleted.status == 200, f"deleting the monitor must succeed, it answered {said(deleted)}")
    for operation in ("getMonitor", "runMonitor", "deleteMonitor", "listMonitorChecks"):
        again = api.call(operation, monitorId=monitor_id)
        again.expect(again.status == 404, f"{operation} of a deleted monitor must answer 404, it answered {said(again)}")
    check = api.call("getMonitorCheck", monitorId=monitor_id, checkId="00000000-0000-4000-8000-000000000000")
    check.expect(check.status == 404, f"a check of a deleted monitor must answer 404, it answered {said(check)}")
    listed = api.call("listMonitors", query={"limit": 100})
    ids = [m.get("id") for m in listed.body.get("data", [])] if isinstance(listed.body, dict) else []
    listed.expect(monitor_id not in ids, "the team's monitors must leave the deleted one out")


def _wait_check(api: ConformanceClient, monitor_id: str, check_id: str) -> Answer:
    """The check, read until it ended (or the suite's patience did)."""
    deadline = time.monotonic() + MONITOR_TIMEOUT
    while True:
        answer = api.call("getMonitorCheck", monitorId=monitor_id, checkId=check_id, query={"limit": 100})
        ended = isinstance(answer.body, dict) and answer.body.get("data", {}).get("status") not in ("queued", "running")
        if answer.status != 200 or ended or time.monotonic() > deadline:
            return answer
        time.sleep(0.5)


@pytest.mark.requirement("MON-05")
def test_a_checks_summary_adds_up(api: ConformanceClient) -> None:
    urls = ["https://example.com", "https://example.com/about", "https://example.com/blog"]
    created = _monitor(api, targets=[{"type": "scrape", "urls": urls}])
    created.require(created.status == 200, f"creating a monitor must succeed, it answered {said(created)}")
    monitor_id = created.body["data"]["id"]
    run = api.call("runMonitor", monitorId=monitor_id)
    run.require(run.status == 200, f"running the monitor must succeed, it answered {said(run)}")
    check = _wait_check(api, monitor_id, str(run.body["id"]))
    check.require(check.status == 200, f"the check must be readable, it answered {said(check)}")
    data = check.body["data"]
    check.require(data["status"] not in ("queued", "running"), f"the check did not end within {MONITOR_TIMEOUT:g} s")
    summary = data["summary"]
    parts = sum(summary[k] for k in ("same", "changed", "new", "removed", "error"))
    check.expect(summary["totalPages"] == parts, f"totalPages {summary['totalPages']} must be the sum of its parts ({parts})")
    check.expect(
        len(data.get("pages") or []) == summary["totalPages"],
        f"the check's pages ({len(data.get('pages') or [])}) must number totalPages ({summary['totalPages']})",
    )
    api.call("deleteMonitor", monitorId=monitor_id)


# -- crawls: limits, paging, progress and path filters (inferred from the service) ------------
# Last in the file: they wait for crawls to end, and a run stopped at its first failure (--fail-fast)
# should not wait for them when a quicker scenario already failed.
CRAWL_TIMEOUT = 120.0


def _crawl_site(settings: Settings) -> dict[str, Any]:
    return dict(settings.pages.get("crawl") or {"url": "https://example.com"})


@pytest.fixture(scope="module")
def crawl_site(api: ConformanceClient, settings: Settings) -> dict[str, Any]:
    """[pages.crawl], once the server showed it has that site: a server whose web is its own pages
    (webdata-server --web PATH) answers a page it does not hold with a 404 document, and a crawl or
    map of it would pass or fail on nothing. Its requirements are then skipped, naming the fixture."""
    site = _crawl_site(settings)
    answer = api.call("scrapeUrl", json_body={"url": site["url"], "formats": ["links"]})
    data = answer.body.get("data") if answer.status == 200 and isinstance(answer.body, dict) else None
    status = (data.get("metadata") or {}).get("statusCode") if isinstance(data, dict) else None
    if status in (404, 410):
        pytest.skip(
            f"class pages: the server has no page at {site['url']} ([pages.crawl] url: a scrape of it answered statusCode {status}):"
            " set [pages.crawl] url in the configuration file to a site of the server's web with links"
        )
    return site


def _crawl(api: ConformanceClient, body: dict[str, Any]) -> tuple[str, list[int], Answer]:
    """Start a crawl and read its status until it ends: its id, every completed count read, the last answer."""
    started = api.call("startCrawl", json_body=body)
    started.require(started.status == 200, "startCrawl must succeed to test crawls")
    job, counts = started.body["id"], []
    deadline = time.monotonic() + CRAWL_TIMEOUT
    while True:
        answer = api.call("getCrawlStatus", id=job)
        answer.require(answer.status == 200, "the status of a crawl just started must be readable")
        counts.append(int(answer.body["completed"]))
        if answer.body["status"] != "scraping":
            return job, counts, answer
        answer.expect(time.monotonic() < deadline, f"the crawl did not end within {CRAWL_TIMEOUT:.0f} s")
        time.sleep(0.1)


def _documents(api: ConformanceClient, job: str, first: Answer, origin: tuple[str, str]) -> list[str]:
    """The source URL of every document of a crawl, read from ``first`` through each ``next``."""
    urls, answer, seen = [], first, set()
    while True:
        urls += [d.get("metadata", {}).get("sourceURL") or d.get("metadata", {}).get("url") for d in answer.body.get("data", [])]
        following = answer.body.get("next")
        if not following:
            return urls
        parts = urlsplit(following)
        answer.expect((parts.scheme, parts.netloc) == origin, f"next must be a URL of the server's own origin, it is {following}")
        answer.expect(following not in seen, f"next leads back to a page already read: {following}")
        seen.add(following)
        answer = api.call("getCrawlStatus", id=job, query=dict(parse_qsl(parts.query)))
        answer.require(answer.status == 200, "a next page must be readable")


@pytest.mark.requirement("CRAWL-01")
def test_crawl_limit_and_depth(api: ConformanceClient, crawl_site: dict[str, Any], target: Target) -> None:
    site = crawl_site
    origin = (urlsplit(target.base_url).scheme, urlsplit(target.base_url).netloc)
    job, _, end = _crawl(api, {"url": site["url"], "limit": 3})
    end.expect(end.body["status"] == "completed", "a crawl with limit 3 must complete")
    urls = _documents(api, job, end, origin)
    end.expect(1 <= len(urls) <= 3, f"a crawl with limit 3 returned {len(urls)} pages")
    job, _, end = _crawl(api, {"url": site["url"], "maxDiscoveryDepth": 0})
    urls = _documents(api, job, end, origin)
    start = site["url"].rstrip("/")
    strays = [u for u in urls if u.rstrip("/") != start]
    end.expect(not strays, f"a crawl with maxDiscoveryDepth 0 must return no page but its start URL ({site['url']}), it returned {strays}")


@pytest.fixture(scope="module")
def crawl_of_25(api: ConformanceClient, crawl_site: dict[str, Any]) -> tuple[str, list[int], Answer]:
    """One crawl of up to 25 pages, read until it ended (CRAWL-02 and CRAWL-03 look at it)."""
    return _crawl(api, {"url": crawl_site["url"], "limit": 25})


@pytest.mark.requirement("CRAWL-02")
def test_crawl_status_pages_join(api: ConformanceClient, target: Target, crawl_of_25: tuple[str, list[int], Answer]) -> None:
    origin = (urlsplit(target.base_url).scheme, urlsplit(target.base_url).netloc)
    job, _, end = crawl_of_25
    urls = _documents(api, job, end, origin)
    twice = sorted({u for u in urls if urls.count(u) > 1})
    end.expect(not twice, f"the status pages hold these URLs more than once: {twice}")
    end.expect(len(urls) == end.body["completed"], f"the status pages hold {len(urls)} documents, completed says {end.body['completed']}")


@pytest.mark.requirement("CRAWL-03")
def test_crawl_progress_never_goes_back(crawl_of_25: tuple[str, list[int], Answer]) -> None:
    _, counts, end = crawl_of_25
    end.expect(counts == sorted(counts), f"completed went down between reads: {counts}")


@pytest.mark.requirement("CORE-01")
def test_the_errors_of_real_jobs_are_read(api: ConformanceClient, crawl_of_25: tuple[str, list[int], Answer]) -> None:
    """The errors operations of a crawl and a batch scrape that exist: their 200 in the documented
    shape (fuzzing reaches them only with ids it made up)."""
    job, _, _ = crawl_of_25
    crawl = api.call("getCrawlErrors", id=job)
    crawl.expect(crawl.status == 200, f"the errors of crawl {job} must be read, the answer was {crawl.status}")
    # Cancelling the crawl that ended: the contract documents 200 and 409 (an ended crawl cannot
    # be cancelled). Fuzzing reaches an ended crawl only when its timing allows, so --strict
    # observed the 409 on some runs and not on others.
    ended = api.call("cancelCrawl", id=job)
    ended.expect(ended.status in (200, 409), f"cancelling crawl {job}, which ended, answered {ended.status}")
    batch_job = api.call("startBatchScrape", json_body={"urls": ["https://example.com/a"]}).body["id"]
    batch = api.call("getBatchScrapeErrors", id=batch_job)
    batch.expect(batch.status == 200, f"the errors of batch scrape {batch_job} must be read, the answer was {batch.status}")
    # appendToId: URLs appended to the batch keep its id; an id of no batch scrape is the documented 404.
    appended = api.call("startBatchScrape", json_body={"urls": ["https://example.com/b"], "appendToId": batch_job})
    appended.expect(
        appended.status == 200 and appended.body.get("id") == batch_job, f"appending to batch scrape {batch_job} answered {appended.status} {appended.body}"
    )
    missing = api.call("startBatchScrape", json_body={"urls": ["https://example.com/c"], "appendToId": str(uuid.uuid4())})
    missing.expect(missing.status == 404, f"appending to a batch scrape that does not exist answered {missing.status}")


@pytest.mark.requirement("CRAWL-04")
def test_crawl_include_and_exclude_paths(api: ConformanceClient, settings: Settings, target: Target) -> None:
    site = settings.pages.get("crawl")
    if not site or not {"url", "include", "exclude"} <= set(site):
        pytest.skip("class pages: no [pages.crawl] (url, include, exclude) in the configuration file")
    origin = (urlsplit(target.base_url).scheme, urlsplit(target.base_url).netloc)
    include, exclude = str(site["include"]), str(site["exclude"])
    job, _, end = _crawl(api, {"url": site["url"], "limit": 50, "includePaths": [include], "excludePaths": [exclude]})
    urls = [u for u in _documents(api, job, end, origin) if u and u.rstrip("/") != str(site["url"]).rstrip("/")]
    if not urls:
        # A crawl that found nothing to filter contradicts nothing: unexercised, with the setting that would exercise it.
        raise Unmet(
            f"the crawl of {site['url']} returned no page beyond its start URL, so the filters were not exercised: "
            "set [pages.crawl] url to a site whose start page links to pages includePaths matches",
            end,
        )
    for url in urls:
        path = urlsplit(url).path or "/"
        end.expect(re.search(include, path) is not None, f"{url} was crawled, but includePaths {[include]} does not match its path")
        end.expect(re.search(exclude, path) is None, f"{url} was crawled, but excludePaths {[exclude]} matches its path")


def _domain(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host[4:] if host.startswith("www.") else host


@pytest.mark.requirement("MAP-01")
def test_map_limit_and_domain(api: ConformanceClient, crawl_site: dict[str, Any]) -> None:
    site = crawl_site["url"]
    domain = _domain(site)
    for body in ({"url": site, "limit": 3}, {"url": site, "limit": 50, "includeSubdomains": False}):
        answer = api.call("mapUrl", json_body=body)
        answer.require(answer.status == 200, f"a map of {site} must succeed, the answer was {answer.status}")
        urls = [link.get("url", "") for link in answer.body.get("links", [])]
        answer.expect(len(urls) <= body["limit"], f"a map with limit {body['limit']} returned {len(urls)} links")
        if not urls:
            # An empty map contradicts nothing: the requirement is left unexercised, with the setting that would exercise it.
            raise Unmet(f"a map of {site} returned no link, so nothing to check: set [pages.crawl] url to a site with links", answer)
        hosts = {_domain(u) for u in urls}
        if body.get("includeSubdomains") is False:
            answer.expect(hosts <= {domain}, f"a map without subdomains listed other hosts: {sorted(hosts - {domain})}")
        else:
            foreign = sorted(h for h in hosts if h != domain and not h.endswith("." + domain))
            answer.expect(not foreign, f"a map listed links of other sites: {foreign}")


@pytest.mark.requirement("MAP-03")
def test_map_drops_query_strings(api: ConformanceClient, crawl_site: dict[str, Any]) -> None:
    site = crawl_site["url"]
    answer = api.call("mapUrl", json_body={"url": site, "limit": 100})
    answer.require(answer.status == 200, f"a map of {site} must succeed, the answer was {answer.status}")
    urls = [link.get("url", "") for link in answer.body.get("links", [])]
    if not urls:
        raise Unmet(f"a map of {site} returned no link, so nothing to check: set [pages.crawl] url to a site with links", answer)
    queried = [u for u in urls if urlsplit(u).query]
    answer.expect(not queried, f"a map with ignoreQueryParameters true (the default) listed links with a query string: {queried[:3]}")
    twice = sorted({u for u in urls if urls.count(u) > 1})
    answer.expect(not twice, f"a map listed these links more than once: {twice[:3]}")


@pytest.mark.requirement("MAP-04")
def test_a_map_shorter_than_its_timeout_answers_408(api: ConformanceClient, settings: Settings) -> None:
    site = _crawl_site(settings)["url"]
    answer = api.call("mapUrl", json_body={"url": site, "timeout": 1})
    answer.expect(
        answer.status == 408 and answer.body.get("code") == "MAP_TIMEOUT",
        f"a map of {site} with timeout 1 must answer 408 MAP_TIMEOUT, it answered {said(answer)}",
    )


@pytest.mark.requirement("SEARCH-03")
def test_a_tools_only_search_answers_tools_for_free(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("tools", {}).get("query", "company filings 10-K"))
    found = api.call("searchWeb", json_body={"query": query, "sources": ["alexandria"]})
    found.require(found.status == 200, f"a search with the alexandria source must succeed, it answered {said(found)}")
    data = found.body.get("data") or {}
    tools = data.get("tools") or []
    if not tools:
        raise Unmet(f"a tool search for {query!r} found no tool, so nothing to check: set [pages.tools] query to one your server's catalogue answers", found)
    found.expect(not set(data) - {"tools"}, f"a search whose only source is alexandria answers no other source, it answered {sorted(data)}")
    named = [t for t in tools if not all(isinstance(t.get(k), str) and t.get(k) for k in ("provider", "capability", "description"))]
    found.expect(not named, f"every tool names its provider, capability and description: {named[:2]}")
    found.expect(found.body.get("creditsUsed") in (0, None), f"a tool search costs nothing, it said creditsUsed {found.body.get('creditsUsed')}")


def _alexandria_call(settings: Settings) -> dict[str, Any]:
    """The call [pages.alexandria] names (provider, capability, options as JSON), else the catalogue's
    own find-tools, which every server with alexandria has."""
    page = settings.pages.get("alexandria", {})
    if "provider" in page:
        return {"provider": str(page["provider"]), "capability": str(page.get("capability", "")), "options": json.loads(str(page.get("options", "{}")))}
    return {"provider": "firecrawl", "capability": "find-tools", "options": {}}


@pytest.mark.requirement("ALEX-01")
def test_an_alexandria_retry_replays_and_another_payload_conflicts(api: ConformanceClient, settings: Settings) -> None:
    call, request_id = _alexandria_call(settings), f"conformance-{uuid.uuid4()}"
    first = api.call("scrapeUrl", json_body={"alexandria": call}, headers={"x-request-id": request_id})
    first.require(first.status == 200, f"an alexandria run of {call['provider']}/{call['capability']} must succeed, it answered {said(first)}")
    again = api.call("scrapeUrl", json_body={"alexandria": call}, headers={"x-request-id": request_id})
    again.expect(
        again.status == 200 and again.body.get("scrape_id") == first.body.get("scrape_id") and again.body.get("data") == first.body.get("data"),
        f"a retry with the same x-request-id and calls must answer the first run ({first.body.get('scrape_id')}), it answered {said(again)}",
    )
    other = {**call, "options": {**call["options"], "conformanceOther": True}} if call["provider"] != "firecrawl" else {**call, "options": {"limit": 1}}
    conflict = api.call("scrapeUrl", json_body={"alexandria": other}, headers={"x-request-id": request_id})
    conflict.expect(conflict.status == 409, f"other calls under a used x-request-id must be refused with 409, it answered {said(conflict)}")
    unknown = api.call("scrapeUrl", json_body={"alexandria": [call, {"provider": "conformance-no-such-provider", "capability": "x"}]})
    unknown.expect(
        unknown.status == 404 and unknown.body.get("code") == "unknown_provider",
        f"a call naming a provider the server lacks must make the request 404 unknown_provider, it answered {said(unknown)}",
    )


@pytest.mark.requirement("BILL-07")
def test_an_alexandria_run_costs_its_results_and_its_replay_nothing(api: ConformanceClient, settings: Settings, usage: Any) -> None:
    page = settings.pages.get("alexandria", {})
    call = _alexandria_call(settings) if "provider" in page else {"provider": "package-registry", "capability": "npm/package", "options": {"name": "left-pad"}}
    request_id = f"conformance-{uuid.uuid4()}"
    ran, credits = _charged(usage, lambda: api.call("scrapeUrl", json_body={"alexandria": call}, headers={"x-request-id": request_id}))
    if ran.status == 404:
        raise Unmet(f"the server has no {call['provider']} provider: set [pages.alexandria] provider, capability and options to a paid call it runs", ran)
    ran.require(ran.status == 200, f"an alexandria run must succeed, it answered {said(ran)}")
    data = ran.body.get("data") or {}
    summed = sum(int(r.get("creditsCost") or 0) for r in data.get("alexandria") or [])
    ran.expect(
        data.get("creditsCost") == summed == credits,
        f"a run costs the sum of its results' creditsCost ({summed}); it said {data.get('creditsCost')} and cost {credits}",
    )
    replay, again = _charged(usage, lambda: api.call("scrapeUrl", json_body={"alexandria": call}, headers={"x-request-id": request_id}))
    replay.expect(replay.status == 200 and again == 0, f"a replay costs nothing, it cost {again} ({said(replay)})")


@pytest.mark.requirement("INDEX-01")
def test_a_found_paper_is_the_same_paper_by_either_id(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("papers", {}).get("query", "protein structure"))
    found = api.call("searchPapers", query={"query": query, "k": 3})
    found.require(found.status == 200, f"a paper search must succeed, it answered {said(found)}")
    results = found.body.get("results") or []
    if not results:
        raise Unmet(f"a paper search for {query!r} returned no paper, so nothing to check: set [pages.papers] query to one your server finds", found)
    paper = results[0]
    for reference in (paper["paperId"], paper["primaryId"]):
        shown = api.call("getPaper", paperId=reference)
        shown.expect(
            shown.status == 200 and (shown.body.get("paper") or {}).get("paperId") == paper["paperId"],
            f"the paper a search returned ({paper['paperId']}) must be found by {reference!r} as itself, it answered {said(shown)}",
        )
    read = api.call("getPaper", paperId=paper["paperId"], query={"query": query, "k": 1})
    read.expect(read.status == 200 and len(read.body.get("passages") or []) <= 1, f"a read with k 1 answers at most one passage ({said(read)})")
    related = api.call("similarPapers", paperId=paper["paperId"], query={"intent": query})
    related.expect(related.status == 200, f"the related papers of a found paper must be answered, it answered {said(related)}")
    seeds = [r.get("paperId") for r in related.body.get("results") or [] if r.get("paperId") == paper["paperId"]] if related.status == 200 else []
    related.expect(not seeds, f"a paper's related papers must not include the paper itself ({paper['paperId']})")


@pytest.mark.requirement("INDEX-02")
def test_index_searches_keep_their_bounds(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("developer", {}).get("query", "crawler robots markdown memory leak parsing"))
    found = api.call("searchDeveloper", json_body={"query": query, "k": 2, "passages": 1})
    found.require(found.status == 200, f"a developer search must succeed, it answered {said(found)}")
    results = found.body.get("results") or []
    found.expect(len(results) <= 2, f"a developer search with k 2 returned {len(results)} results")
    found.expect(all(len(r.get("passages") or []) <= 1 for r in results), "a developer search with passages 1 returned a result with more")
    gov = api.call("searchGov", json_body={"query": str(settings.pages.get("gov", {}).get("query", "civil rights law")), "k": 2})
    gov.require(gov.status == 200, f"a government search must succeed, it answered {said(gov)}")
    web = (gov.body.get("data") or {}).get("web") or []
    gov.expect(len(web) <= 2, f"a government search with k 2 returned {len(web)} results")
    gov.expect(
        [r.get("position") for r in web] == list(range(1, len(web) + 1)),
        f"government results must be positioned 1, 2, ... in order: {[r.get('position') for r in web]}",
    )
    if not results and not web:
        raise Unmet("neither index search returned a result: set [pages.developer] and [pages.gov] queries to ones your server finds", found)


@pytest.mark.requirement("SEARCH-01")
def test_search_limit_and_scraped_results(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("search", {}).get("query", "coffee recipes"))
    answer = api.call("searchWeb", json_body={"query": query, "limit": 2, "sources": ["web", "news"]})
    answer.require(answer.status == 200, f"a search must succeed, the answer was {answer.status}")
    for source in ("web", "news"):
        results = (answer.body.get("data") or {}).get(source) or []
        answer.expect(len(results) <= 2, f"a search with limit 2 returned {len(results)} {source} results")
    scraped = api.call("searchWeb", json_body={"query": query, "limit": 2, "scrapeOptions": {"formats": ["markdown", "links"]}})
    scraped.require(scraped.status == 200, f"a search with scrapeOptions must succeed, the answer was {scraped.status}")
    web = (scraped.body.get("data") or {}).get("web") or []
    if not web:
        # No result contradicts nothing: the requirement is left unexercised, with the setting that would exercise it.
        raise Unmet(f"a search for {query!r} returned no web result, so nothing to check: set [pages.search] query to one your server finds", scraped)
    # A result on the blocklist is not scraped (the service's scrapeSearchResult): it says why.
    missing = [r.get("url") for r in web if not _blocked(str(r.get("url", ""))) and ("markdown" not in r or "links" not in r)]
    scraped.expect(not missing, f"web results asked with formats markdown and links lack them: {missing}")
    silent = [r.get("url") for r in web if _blocked(str(r.get("url", ""))) and not (r.get("metadata") or {}).get("error")]
    scraped.expect(not silent, f"web results on the blocklist came back unscraped without metadata.error: {silent}")


_LOC = re.compile(r"<loc>\s*([^<\s]+)\s*</loc>", re.IGNORECASE)


def _same_page(url: str) -> str:
    """A URL as map lists it, for comparison: host without ``www.``, path without a trailing slash,
    no query or fragment (map drops query strings by default)."""
    parts = urlsplit(url.strip())
    return f"{_domain(url)}{parts.path.rstrip('/')}"


def _sitemap_urls(api: ConformanceClient, origin: str) -> set[str]:
    """The pages ``<origin>/sitemap.xml`` declares, read through the server's own scrape (so the
    suite needs no network of its own), following a sitemap index one level (at most 10 files)."""
    first = api.call("scrapeUrl", json_body={"url": f"{origin}/sitemap.xml", "formats": ["rawHtml"], "maxAge": 0})
    first.require(first.status == 200, f"{origin}/sitemap.xml must be readable with a scrape, the answer was {first.status}")
    # Unescaped: a server may show the XML as the text of an HTML page, as a browser does.
    text = html.unescape(str((first.body.get("data") or {}).get("rawHtml") or ""))
    pages: set[str] = set()
    nested = re.findall(r"<sitemap>.*?</sitemap>", text, flags=re.IGNORECASE | re.DOTALL)
    for block in nested[:10]:
        for loc in _LOC.findall(block):
            inner = api.call("scrapeUrl", json_body={"url": loc, "formats": ["rawHtml"], "maxAge": 0})
            if inner.status == 200:
                pages |= {_same_page(u) for u in _LOC.findall(html.unescape(str((inner.body.get("data") or {}).get("rawHtml") or "")))}
    flat = re.sub(r"<sitemap>.*?</sitemap>", "", text, flags=re.IGNORECASE | re.DOTALL)
    pages |= {_same_page(u) for u in _LOC.findall(flat)}
    return pages


@pytest.mark.requirement("MAP-02")
def test_map_sitemap_only(api: ConformanceClient, crawl_site: dict[str, Any]) -> None:
    site = str(crawl_site["url"])
    parts = urlsplit(site if "://" in site else f"https://{site}")
    declared = _sitemap_urls(api, f"{parts.scheme}://{parts.netloc}")
    if not declared:
        pytest.skip(f"class pages: {parts.netloc}/sitemap.xml declares no page (set [pages.crawl] url to a site with a sitemap)")
    answer = api.call("mapUrl", json_body={"url": site, "sitemap": "only", "limit": 200})
    answer.require(answer.status == 200, f"a map of {site} with sitemap only must succeed, the answer was {answer.status}")
    urls = [str(link.get("url", "")) for link in answer.body.get("links", [])]
    answer.expect(bool(urls), f"a map of {site} with sitemap only listed nothing, although its sitemap declares {len(declared)} pages")
    extra = sorted(u for u in urls if _same_page(u) not in declared)
    answer.expect(not extra, f"a map with sitemap only listed URLs its sitemap does not declare: {extra[:5]}")


def _blocked(url: str) -> bool:
    """Whether the contract's blocklist (``x-blocklist``) names the URL's site: its host is a
    listed domain or under one, and the URL has none of the allowed keywords."""
    rule = bundle()["components"]["schemas"]["SearchRequest"]["properties"]["ignoreInvalidURLs"]["x-blocklist"]
    lowered = url.lower()
    if any(str(keyword).lower() in lowered for keyword in rule["allowedKeywords"]):
        return False
    host = _domain(url)
    return any(host == d or host.endswith("." + d) for d in rule["domains"])


@pytest.mark.requirement("SEARCH-02")
def test_search_ignore_invalid_urls(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("search", {}).get("query", "coffee recipes"))
    plain = api.call("searchWeb", json_body={"query": query, "limit": 10})
    if plain.status == 200 and not any(_blocked(str(r.get("url", ""))) for r in (plain.body.get("data") or {}).get("web") or []):
        pytest.skip(f"class pages: no web result for {query!r} is on the blocklist, so there is nothing to drop (set [pages.search] query)")
    answer = api.call("searchWeb", json_body={"query": query, "limit": 10, "ignoreInvalidURLs": True})
    answer.require(answer.status == 200, f"a search with ignoreInvalidURLs must succeed, the answer was {answer.status}")
    kept = [str(r.get("url", "")) for r in (answer.body.get("data") or {}).get("web") or []]
    blocked = [u for u in kept if _blocked(u)]
    answer.expect(not blocked, f"a search with ignoreInvalidURLs returned web results the blocklist refuses: {blocked}")


def _on(host: str, domain: str) -> bool:
    return host == domain or host.endswith("." + domain)


@pytest.mark.requirement("SEARCH-04")
def test_search_domain_filters(api: ConformanceClient, settings: Settings) -> None:
    query = str(settings.pages.get("search", {}).get("query", "coffee recipes"))
    plain = api.call("searchWeb", json_body={"query": query, "limit": 10})
    plain.require(plain.status == 200, f"a search for {query!r} must succeed, it answered {said(plain)}")
    hosts = [_domain(str(r.get("url", ""))) for r in (plain.body.get("data") or {}).get("web") or []]
    if not hosts:
        raise Unmet(f"a search for {query!r} found no web result, so nothing to filter: set [pages.search] query", plain)
    domain = hosts[0]
    for key in ("includeDomains", "excludeDomains"):
        answer = api.call("searchWeb", json_body={"query": query, "limit": 10, key: [domain]}, feature=(key,))
        answer.require(answer.status == 200, f"a search with {key} must succeed, it answered {said(answer)}")
        found = [_domain(str(r.get("url", ""))) for r in (answer.body.get("data") or {}).get("web") or []]
        wrong = [h for h in found if _on(h, domain) != (key == "includeDomains")]
        answer.expect(not wrong, f"a search with {key} [{domain}] returned web results on {sorted(set(wrong))}")


# -- interact and browser sessions (§1 interact, §2.2.3 profile) ------------------------------------
def _session(api: ConformanceClient, body: dict[str, Any] | None = None) -> str:
    created = api.call("createBrowser", json_body=body or {"ttl": 60}, feature=("browser",))
    created.require(created.status == 200 and isinstance(created.body.get("id"), str), f"a browser session must be created first, it answered {said(created)}")
    return str(created.body["id"])


def _kept_scrape(api: ConformanceClient) -> str:
    scraped = api.call("scrapeUrl", json_body={"url": _unique("interact"), "formats": ["markdown"]})
    scraped.require(scraped.status == 200, f"a scrape to interact with must succeed first, it answered {said(scraped)}")
    scrape_id = ((scraped.body.get("data") or {}).get("metadata") or {}).get("scrapeId")
    scraped.require(isinstance(scrape_id, str) and bool(scrape_id), "the scrape's document must carry metadata.scrapeId")
    return str(scrape_id)


@pytest.mark.requirement("INT-01")
def test_interact_on_another_teams_scrape_or_session_is_forbidden(api: ConformanceClient, other: ConformanceClient) -> None:
    scrape_id = _kept_scrape(api)
    foreign = other.call("interactWithScrape", jobId=scrape_id, json_body={"code": "1 + 1"})
    foreign.expect(foreign.status == 403, f"interact on another team's scrape must answer 403, it answered {said(foreign)}")
    unknown = api.call("interactWithScrape", jobId=UNKNOWN, json_body={"code": "1 + 1"})
    unknown.expect(unknown.status == 404, f"interact on a scrape id nobody has must answer 404, it answered {said(unknown)}")
    opened = api.call("interactWithScrape", jobId=scrape_id, json_body={"code": "1 + 1"})
    opened.require(opened.status == 200, f"interact must open the scrape's session, it answered {said(opened)}")
    stop = other.call("stopInteraction", jobId=scrape_id)
    stop.expect(stop.status == 403, f"stopping another team's interaction must answer 403, it answered {said(stop)}")
    api.call("stopInteraction", jobId=scrape_id)
    session_id = _session(api)
    try:
        run = {"code": "agent-browser get url", "language": "bash"}
        for operation, body in (("executeBrowser", run), ("executeInteractSession", run), ("deleteBrowser", None), ("deleteInteractSession", None)):
            theirs = other.call(operation, sessionId=session_id, json_body=body)
            theirs.expect(theirs.status == 403, f"{operation} on another team's session must answer 403, it answered {said(theirs)}")
    finally:
        api.call("deleteBrowser", sessionId=session_id)


@pytest.mark.requirement("INT-02")
def test_an_ended_session_answers_410(api: ConformanceClient) -> None:
    session_id = _session(api)
    first = api.call("deleteBrowser", sessionId=session_id)
    first.require(first.status == 200, f"stopping the session must succeed, it answered {said(first)}")
    ran = api.call("executeBrowser", sessionId=session_id, json_body={"code": "agent-browser get url", "language": "bash"})
    ran.expect(ran.status == 410, f"a run in a stopped session must answer 410, it answered {said(ran)}")
    again = api.call("deleteBrowser", sessionId=session_id)
    again.expect(again.status == 200, f"stopping a stopped session must answer 200, it answered {said(again)}")
    scrape_id = _kept_scrape(api)
    started = api.call("interactWithScrape", jobId=scrape_id, json_body={"code": "1 + 1"})
    started.require(started.status == 200, f"interact must open the scrape's session, it answered {said(started)}")
    stopped = api.call("stopInteraction", jobId=scrape_id)
    stopped.require(stopped.status == 200, f"stopping the interaction must succeed, it answered {said(stopped)}")
    late = api.call("interactWithScrape", jobId=scrape_id, json_body={"code": "1 + 1"})
    late.expect(late.status == 410, f"interact after the session was stopped must answer 410, it answered {said(late)}")


@pytest.mark.requirement("INT-03")
def test_a_session_is_billed_once_by_its_duration(api: ConformanceClient, usage: Any) -> None:
    made: list[str] = []

    def open_and_run() -> Answer:
        made.append(_session(api))
        return api.call("executeBrowser", sessionId=made[0], json_body={"code": "agent-browser get url", "language": "bash"})

    ran, opened = _charged(usage, open_and_run)
    session_id = made[0]
    ran.expect(opened == 0, f"an open session must cost nothing until it ends, {opened} credit(s) were charged")
    stopped, credits = _charged(usage, lambda: api.call("deleteBrowser", sessionId=session_id))
    billed = stopped.body.get("creditsBilled") if isinstance(stopped.body, dict) else None
    stopped.expect(
        stopped.status == 200 and billed == credits and isinstance(billed, int) and billed >= 2,
        f"stopping must bill the session once, at least one minute (2 credits): creditsBilled {billed}, usage fell by {credits}",
    )
    again, twice = _charged(usage, lambda: api.call("deleteBrowser", sessionId=session_id))
    again.expect(again.status == 200 and twice == 0, f"stopping it again must charge nothing, it charged {twice} ({said(again)})")


@pytest.mark.requirement("INT-04")
def test_one_session_at_a_time_writes_a_profile(api: ConformanceClient) -> None:
    profile = f"conformance-{uuid.uuid4().hex[:12]}"
    writer = _session(api, {"ttl": 60, "profile": {"name": profile, "saveChanges": True}})
    opened = [writer]
    try:
        second = api.call("createBrowser", json_body={"ttl": 60, "profile": {"name": profile, "saveChanges": True}})
        if second.status == 200:
            opened.append(str(second.body.get("id")))
        second.expect(second.status == 409, f"a second session writing the profile must answer 409 while the first is open, it answered {said(second)}")
        reader = api.call("createBrowser", json_body={"ttl": 60, "profile": {"name": profile, "saveChanges": False}})
        if reader.status == 200:
            opened.append(str(reader.body.get("id")))
        reader.expect(reader.status == 200, f"a session reading the profile (saveChanges false) must open, it answered {said(reader)}")
        # A scrape with the profile (saveChanges by default) would open a second writer: interact refuses it.
        scraped = api.call("scrapeUrl", json_body={"url": _unique("profile"), "formats": ["markdown"], "profile": {"name": profile}})
        scraped.require(scraped.status == 200, f"a scrape with the profile must succeed, it answered {said(scraped)}")
        interact = api.call("interactWithScrape", jobId=str(scraped.body["data"]["metadata"]["scrapeId"]), json_body={"code": "1 + 1"})
        interact.expect(interact.status == 409, f"interact opening a second writer of the profile must answer 409, it answered {said(interact)}")
    finally:
        for session_id in opened:
            api.call("deleteBrowser", sessionId=session_id)


@pytest.mark.requirement("INT-05")
def test_a_session_the_team_cannot_pay_is_refused(api: ConformanceClient, settings: Settings) -> None:
    key = settings.fixture("tight-key")
    if key is None:
        pytest.skip("class interact: no tight-key in [fixtures] of the configuration file (a team with credits for a scrape, not for a session)")
    scraped = api.call("scrapeUrl", json_body={"url": _unique("tight"), "formats": ["markdown"]}, key=key)
    scraped.require(scraped.status == 200, f"the tight team's scrape must succeed (it has a few credits), it answered {said(scraped)}")
    scrape_id = str(scraped.body["data"]["metadata"]["scrapeId"])
    refused = api.call("interactWithScrape", jobId=scrape_id, json_body={"code": "1 + 1", "ttl": 3600}, key=key)
    refused.expect(refused.status == 402, f"interact opening an hour's session the team cannot pay must answer 402, it answered {said(refused)}")
    created = api.call("createBrowser", json_body={"ttl": 3600}, key=key)
    if created.status == 200:
        api.call("deleteBrowser", sessionId=str(created.body.get("id")), key=key)
    created.expect(created.status == 402, f"a browser session of an hour the team cannot pay must answer 402, it answered {said(created)}")
    listed = api.call("listBrowsers", query={"status": "active"}, key=key)
    sessions = listed.body.get("sessions") if isinstance(listed.body, dict) else None
    listed.expect(sessions == [], f"a refused session must not be open: the team's active sessions are {sessions}")


# -- the formats after branding (seed §2.3: "not shown"; the service decides) ---------------------
_MISSING_ATTRIBUTE = "data-conformance-absent"


@pytest.mark.requirement("FMT-01")
def test_attributes_answer_one_entry_per_selector(api: ConformanceClient) -> None:
    selectors = [{"selector": "a", "attribute": "href"}, {"selector": "*", "attribute": _MISSING_ATTRIBUTE}, {"selector": "a", "attribute": "href"}]
    body = {"url": _unique("attributes"), "formats": [{"type": "attributes", "selectors": selectors}], "onlyMainContent": False}
    scraped = api.call("scrapeUrl", json_body=body)
    scraped.require(scraped.status == 200, f"a scrape with the attributes format must succeed, it answered {said(scraped)}")
    found = (scraped.body.get("data") or {}).get("attributes")
    scraped.expect(isinstance(found, list), f"the document must carry attributes, it carried {sorted(scraped.body.get('data') or {})}")
    echoed = [(entry.get("selector"), entry.get("attribute")) for entry in found or [] if isinstance(entry, dict)]
    scraped.expect(
        echoed == [(s["selector"], s["attribute"]) for s in selectors],
        f"one entry per selector, in order, each naming it: asked {len(selectors)}, got {echoed}",
    )
    if len(found or []) == len(selectors):
        assert found is not None
        scraped.expect(found[1].get("values") == [], f"no element has {_MISSING_ATTRIBUTE}: its values must be empty, they were {found[1].get('values')}")
        scraped.expect(found[0].get("values") == found[2].get("values"), "the same selector and attribute asked twice must read the same values")


@pytest.mark.requirement("FMT-02")
def test_highlights_are_quoted_from_the_page(api: ConformanceClient) -> None:
    url = _unique("highlights")
    plain = api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown"]})
    plain.require(plain.status == 200, f"a scrape of the page must succeed first, it answered {said(plain)}")
    words = sorted({w for w in re.findall(r"[A-Za-z]{5,}", str((plain.body.get("data") or {}).get("markdown") or ""))}, key=lambda w: (-len(w), w))
    if not words:
        pytest.skip("the page's markdown has no word to ask about")
    asked = api.call("scrapeUrl", json_body={"url": url, "formats": ["markdown", {"type": "highlights", "query": " ".join(words[:3])}]})
    asked.require(asked.status == 200, f"a scrape with the highlights format must succeed, it answered {said(asked)}")
    data = asked.body.get("data") or {}
    markdown, quoted = str(data.get("markdown") or ""), data.get("highlights")
    asked.expect(isinstance(quoted, str), f"the document must carry highlights (a string), it carried {type(quoted).__name__}")
    lines = [re.sub(r"^(?:[#>*+-]+|\d+[.)])\s*", "", line.strip()) for line in str(quoted or "").splitlines() if line.strip()]
    if not lines:
        pytest.skip("the highlights were empty: nothing quoted to check")
    unquoted = [line for line in lines if line not in markdown]
    asked.expect(not unquoted, f"every highlight must occur in the page's markdown; these do not: {unquoted[:3]}")


@pytest.mark.requirement("FMT-03")
def test_refused_format_combinations_are_400(api: ConformanceClient) -> None:
    # Each rule is exercised only where the server takes the format alone: a server that refuses
    # rawBase64 (say) on its own refuses its combination for that reason, which verifies nothing.
    refused_alone: list[tuple[str, Answer]] = []
    for alone, formats, what in (
        (["rawBase64"], ["rawBase64", "markdown"], "rawBase64 beside markdown"),
        ([{"type": "deterministicJson"}], ["json", "deterministicJson"], "json beside deterministicJson"),
        ([{"type": "attributes", "selectors": [{"selector": "a", "attribute": "href"}]}], ["attributes"], "the attributes shorthand without selectors"),
    ):
        single = api.call("scrapeUrl", json_body={"url": _unique("combination"), "formats": alone})
        if single.status == 400:
            refused_alone.append((json.dumps(alone[0]), single))
            continue
        single.require(single.status == 200, f"a scrape with {json.dumps(alone)} alone must succeed before its combinations can be checked ({said(single)})")
        refused = api.call("scrapeUrl", json_body={"url": _unique("combination"), "formats": formats})
        refused.expect(refused.status == 400, f"{what} must be refused with 400, it answered {said(refused)}")
    if refused_alone:
        names = ", ".join(name for name, _ in refused_alone)
        raise Unmet(f"the server refuses {names} even alone, so the rule against combining it was not exercised", refused_alone[0][1])


@pytest.mark.requirement("FMT-04")
def test_audio_of_a_page_without_media_is_422(api: ConformanceClient) -> None:
    refused = api.call("scrapeUrl", json_body={"url": _unique("no-media"), "formats": ["audio"]})
    code = refused.body.get("code") if isinstance(refused.body, dict) else None
    refused.expect(
        refused.status == 422 and code == "SCRAPE_AUDIO_UNSUPPORTED_URL",
        f"the audio format of a page without media must answer 422 SCRAPE_AUDIO_UNSUPPORTED_URL, it answered {said(refused)}",
    )
