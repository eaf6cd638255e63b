"""§2.1, §2.6: extract validates glob URLs, honours ignoreInvalidURLs exactly, refuses an
invalid JSON Schema, and runs in the background; the result is read by id."""

from __future__ import annotations

import time

import pytest

from tests.server.conftest import Server

SCHEMA = {"type": "object", "properties": {"title": {"type": "string"}, "price": {"type": "number"}, "tags": {"type": "array", "items": {"type": "string"}}}}


@pytest.mark.parametrize(
    "url",
    ["https://example.com", "https://example.com/*", "https://*.example.com/blog/*", "http://localhost:8080/x", "https://example.com/a?b=c#d"],
)
def test_glob_and_plain_urls_are_valid(server: Server, url: str) -> None:
    body = server.api("startExtract", json={"urls": [url], "ignoreInvalidURLs": False}).json()
    assert body["success"] is True and "invalidURLs" not in body


@pytest.mark.parametrize("url", ["not a url", "ftp://example.com/file", "https://", "https://exa mple.com", "javascript:alert(1)", ""])
def test_invalid_urls_dropped_and_listed(server: Server, url: str) -> None:
    body = server.api("startExtract", json={"urls": ["https://example.com", url]}).json()
    assert body["invalidURLs"] == [url]


def test_invalid_urls_listed_as_an_empty_array_when_none(server: Server) -> None:
    assert server.api("startExtract", json={"urls": ["https://example.com"]}).json()["invalidURLs"] == []


def test_invalid_url_fails_when_not_ignored(server: Server) -> None:
    response = server.api("startExtract", json={"urls": ["https://example.com", "nope"], "ignoreInvalidURLs": False})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "Invalid input data." and "invalidURLs" not in body
    assert server.store.ledger.rows(server.api.team_id) == []


@pytest.mark.parametrize("schema", [{"type": "nonsense"}, {"properties": {"a": {"minimum": "zero"}}}, {"required": "title"}])
def test_schema_must_be_a_valid_json_schema(server: Server, schema: dict) -> None:
    response = server.api("startExtract", json={"urls": ["https://example.com"], "schema": schema})
    assert response.status_code == 400 and response.json()["error"] == "Invalid input data."


def test_result_is_read_by_id(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startExtract", json={"urls": ["https://shop.example.com/*"], "schema": SCHEMA, "showSources": True}).json()["id"]
    assert api("getExtractStatus", id=job).json()["status"] == "processing"
    deadline = time.monotonic() + 5
    while (body := api("getExtractStatus", id=job).json())["status"] == "processing" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert body["status"] == "completed" and body["success"] is True
    assert set(body["data"]) == {"title", "price", "tags"}
    assert isinstance(body["data"]["price"], float) and isinstance(body["data"]["tags"], list)
    assert body["sources"] == {field: ["https://shop.example.com/*"] for field in SCHEMA["properties"]}
    assert (body["creditsUsed"], body["tokensUsed"]) == (1, 15)


def test_no_sources_unless_asked(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startExtract", json={"urls": ["https://example.com"], "prompt": "summary"}).json()["id"]
    time.sleep(0.4)
    body = api("getExtractStatus", id=job).json()
    assert body["status"] == "completed" and "sources" not in body


def test_sdk_extra_fields_are_accepted(server: Server) -> None:
    body = {"urls": ["https://example.com"], "origin": "python-sdk@4.53.0", "integration": "_my-app", "scrapeOptions": {"fastMode": False}}
    assert server.api("startExtract", json=body).status_code == 200
