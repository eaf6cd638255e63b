"""Errors: malformed bodies get the operation's 400, an oversized body 413, an unexpected
failure the operation's documented 500 (logged with a request id); never a traceback."""

from __future__ import annotations

import json
import logging

import pytest

from tests.server.conftest import OPERATIONS, Server, response_errors
from tests.server.samples import SAMPLES

# The operations with a JSON body (parse's upload: tests/server/test_parse.py).
POSTS = sorted(op for op, info in OPERATIONS.items() if info["method"] == "POST" and "application/json" in info.get("requestBody", {}).get("content", {}))


@pytest.mark.parametrize("operation_id", POSTS)
def test_malformed_json(server: Server, operation_id: str) -> None:
    path = OPERATIONS[operation_id]["path"]
    response = server.client.post(path, content=b'{"urls": [', headers={"Authorization": f"Bearer {server.api.key}", "Content-Type": "application/json"})
    assert response.status_code == 400
    assert response_errors(operation_id, 400, response.json()) == []
    if operation_id not in ("startExtract", "createMonitor", "updateMonitor"):
        # The service's error handler, before any schema: its code and words, no details (the
        # seed's extract keeps "Invalid input data.", the monitors their own 400).
        assert response.json() == {"success": False, "code": "BAD_REQUEST_INVALID_JSON", "error": "Bad request, malformed JSON"}


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_nan_and_infinity_are_not_json(server: Server, constant: bytes) -> None:
    # Python's json module reads them as floats; they are not JSON, and the service's parser refuses them.
    headers = {"Authorization": f"Bearer {server.api.key}", "Content-Type": "application/json"}
    response = server.client.post("/v2/crawl", content=b'{"url": "https://example.com", "delay": ' + constant + b"}", headers=headers)
    assert response.status_code == 400
    assert response.json()["code"] == "BAD_REQUEST_INVALID_JSON"
    assert server.api("getActiveCrawls").json()["crawls"] == []


@pytest.mark.parametrize("operation_id", POSTS)
def test_wrong_content_type(server: Server, operation_id: str) -> None:
    path = OPERATIONS[operation_id]["path"]
    response = server.client.post(
        path, content=b"urls=x", headers={"Authorization": f"Bearer {server.api.key}", "Content-Type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 400
    assert response_errors(operation_id, 400, response.json()) == []


# operationId -> (a body that breaks one rule of the schema, the field the error must name)
VIOLATIONS = {
    "startExtract": ({"urls": ["https://example.com"], "scrapeOptions": {"timeout": 999}}, "timeout"),
    "scrapeUrl": ({"url": "https://example.com", "timeout": 300001}, "timeout"),
    "startBatchScrape": ({"urls": ["https://example.com"], "parsers": [{"type": "pdf", "maxPages": 0}]}, "maxPages"),
    "startCrawl": ({"url": "https://example.com", "scrapeOptions": {"location": {"country": "usa"}}}, "country"),
    "startAgent": ({"prompt": ""}, "prompt"),
    "previewCrawlParams": ({"url": "https://example.com"}, "prompt"),
    "mapUrl": ({"url": "https://example.com", "limit": 100001}, "limit"),
    "searchWeb": ({"query": "coffee", "sources": ["video"]}, "sources"),
    "createMonitor": (
        {"name": "m", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}], "retentionDays": 366},
        "retentionDays",
    ),
    "interactWithScrape": ({"code": "1", "language": "ruby"}, "language"),
    "createBrowser": ({"ttl": 5}, "ttl"),
    "executeBrowser": ({"code": ""}, "code"),
    "createInteractSession": ({"ttl": 5}, "ttl"),
    "executeInteractSession": ({"code": ""}, "code"),
    "submitFeedback": ({"endpoint": "map", "jobId": "00000000-0000-4000-8000-000000000000", "rating": "bad", "pageNumbers": [0]}, "pageNumbers"),
    "submitSearchFeedback": ({"rating": "meh", "querySuggestions": "x"}, "rating"),
    "searchDeveloper": ({"query": "leak", "passages": 6}, "passages"),
    "searchGov": ({"query": "food", "courtType": "county"}, "courtType"),
}


def test_violations_cover_every_post() -> None:
    assert sorted(VIOLATIONS) == POSTS


@pytest.mark.parametrize("operation_id", POSTS)
def test_schema_violations_name_the_field(server: Server, operation_id: str) -> None:
    body, field = VIOLATIONS[operation_id]
    response = server.api(operation_id, json=body, **SAMPLES[operation_id][0])  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    assert response.status_code == 400
    assert field in str(response.json()["details"])


def test_extract_400_is_exactly_the_seed_text(server: Server) -> None:
    response = server.api("startExtract", json={"urls": "https://example.com"})
    assert response.status_code == 400 and response.json()["error"] == "Invalid input data."


def test_oversized_body(make_server) -> None:
    server = make_server(max_body_bytes=1024)
    response = server.api("startExtract", json={"urls": ["https://example.com/" + "a" * 2000]})
    assert response.status_code == 413 and response.json()["success"] is False


def test_unexpected_failure_answers_the_documented_500(server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(server.store.ledger, "monthly", broken)
    monkeypatch.setattr(server.store.ledger, "used", broken)
    with caplog.at_level(logging.ERROR, logger="webdata_server"):
        historical = server.api("getHistoricalCreditUsage")
        usage = server.api("getTokenUsage")
    assert historical.status_code == 500
    assert historical.json() == {"success": False, "error": "Internal server error while fetching historical credit usage"}
    assert usage.json() == {"success": False, "error": "Internal server error while fetching token usage"}
    request_id = historical.headers["X-Request-Id"]
    assert any(request_id in record.getMessage() and record.exc_info for record in caplog.records)


def test_unknown_route_is_json(server: Server) -> None:
    response = server.client.get("/v2/nothing-here")
    assert response.status_code == 404 and response.json()["success"] is False


def test_openapi_json_is_the_committed_bundle(server: Server) -> None:
    from tests.conftest import BUNDLE

    assert server.client.get("/openapi.json").content == BUNDLE.read_bytes()


@pytest.mark.parametrize(
    ("operation_id", "body"),
    [
        ("scrapeUrl", '{"url": "https://example.com", "formats": [{"type": "json", "schema": ' + '{"a":' * 3000 + "1" + "}" * 3000 + "}]}"),
        ("scrapeUrl", '{"url": "https://example.com", "formats": ' + "[" * 5000 + "]" * 5000 + "}"),
        ("startExtract", '{"urls": ["https://example.com"], "schema": ' + '{"a":' * 65 + "1" + "}" * 65 + "}"),
    ],
    ids=["schema 3000 deep", "formats 5000 deep", "schema 66 deep"],
)
def test_deeply_nested_bodies_are_bad_input(server: Server, operation_id: str, body: str) -> None:
    response = server.api.send(
        "POST",
        OPERATIONS[operation_id]["path"],
        content=body,
        headers={"Authorization": f"Bearer {server.api.key}", "Content-Type": "application/json"},
    )
    assert response.status_code == 400, response.text
    assert "nests deeper than 64 levels" in json.dumps(response.json())


def test_nesting_up_to_the_limit_is_accepted(server: Server) -> None:
    schema: dict = {"type": "string"}
    for _ in range(30):  # 30 schema levels (60 JSON levels with "properties") plus the body's own
        schema = {"type": "object", "properties": {"a": schema}}
    assert server.api("startExtract", json={"urls": ["https://example.com"], "schema": schema}).status_code == 200


def test_an_integer_written_with_a_zero_fraction_is_an_integer(server: Server) -> None:
    # JSON Schema's `integer` accepts 3790.0; the strict models must not refuse what the contract allows.
    answer = server.api("startCrawl", json={"url": "https://example.com", "maxDiscoveryDepth": 3790.0, "limit": 2.0})
    assert answer.status_code == 200, answer.text
    refused = server.api("startCrawl", json={"url": "https://example.com", "limit": 2.5})
    assert refused.status_code == 400
