"""The service's request rules beyond types: strict bodies (an unknown key is a 400 naming it),
URLs without a scheme taken as http, the rules across scrape options with the service's messages,
and the service's texts for unknown jobs."""

from __future__ import annotations

import json
from typing import Any

import pytest
from webdata_server.config import read_bundle

from tests.server.conftest import OPERATIONS, Server, response_errors
from tests.server.samples import SAMPLES
from tests.server.test_jobs import _wait_for

UNRECOGNIZED = "Unrecognized key in body -- please review the v2 API documentation for request body changes"
UNKNOWN_JOB = "00000000-0000-4000-8000-000000000000"

# operationId -> a valid body; each gets an unknown key at the top level.
BODIES: dict[str, dict[str, Any]] = {
    "scrapeUrl": {"url": "https://example.com"},
    "startBatchScrape": {"urls": ["https://example.com/a"]},
    "startCrawl": {"url": "https://example.com", "limit": 1},
    "startExtract": {"urls": ["https://example.com"]},
    "startAgent": {"prompt": "find"},
    "previewCrawlParams": {"url": "https://example.com", "prompt": "the blog"},
    "mapUrl": {"url": "https://example.com", "limit": 3},
    "searchWeb": {"query": "coffee", "limit": 2},
    "createMonitor": {"name": "m", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}]},
    "submitFeedback": {"endpoint": "map", "jobId": "00000000-0000-4000-8000-000000000000", "rating": "bad", "note": "x"},
    "submitSearchFeedback": {"rating": "bad", "querySuggestions": "x"},
    "searchDeveloper": {"query": "memory leak"},
    "searchGov": {"query": "food labeling"},
}


def _strict(info: dict[str, Any]) -> bool:
    """Whether the body's schema refuses keys it does not name (the interact and browser bodies, like
    the service's zod schemas there, drop them: tests/server/test_interact.py)."""
    reference = info["requestBody"]["content"]["application/json"]["schema"].get("$ref", "")
    schema = json.loads(read_bundle())["components"]["schemas"].get(reference.rsplit("/", 1)[-1], {})
    return schema.get("additionalProperties") is not True


def test_bodies_cover_every_post() -> None:
    # The JSON bodies (parse's upload options: tests/server/test_parse.py).
    assert set(BODIES) == {
        op
        for op, info in OPERATIONS.items()
        if info["method"] == "POST" and "application/json" in info.get("requestBody", {}).get("content", {}) and _strict(info)
    }


@pytest.mark.parametrize("operation_id", sorted(BODIES))
def test_an_unknown_key_is_refused_and_named(server: Server, operation_id: str) -> None:
    answer = server.api(operation_id, json={**BODIES[operation_id], "onlyMainContnet": True}, **SAMPLES[operation_id][0])  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    assert answer.status_code == 400
    body = answer.json()
    assert response_errors(operation_id, 400, body) == []
    assert {"code": "unrecognized_keys", "keys": ["onlyMainContnet"], "path": [], "message": UNRECOGNIZED} in body["details"]
    if operation_id == "startExtract":
        assert body["error"] == "Invalid input data."  # the seed's text for extract stays
    elif operation_id == "searchWeb":
        assert body["error"] == "Invalid request body" and "code" not in body  # the search controller's own answer
    elif operation_id in ("searchDeveloper", "searchGov"):
        assert body["error"] == "Invalid query parameters" and "code" not in body  # the research controllers' own answer
    elif operation_id in ("submitFeedback", "submitSearchFeedback"):
        assert (body["error"], body["feedbackErrorCode"]) == ("Invalid request body", "INVALID_BODY")  # the feedback controller's own answer
    else:
        assert (body["code"], body["error"]) == ("BAD_REQUEST", UNRECOGNIZED)


@pytest.mark.parametrize(
    ("operation_id", "body", "path", "key"),
    [
        ("startCrawl", {"url": "https://example.com", "scrapeOptions": {"regexOnFullURL": True}}, ["scrapeOptions"], "regexOnFullURL"),
        ("startExtract", {"urls": ["https://example.com"], "scrapeOptions": {"maxDepth": 2}}, ["scrapeOptions"], "maxDepth"),
        # integration sits beside url or urls, never in nested scrape options (issue 56 false alarm 6).
        ("startCrawl", {"url": "https://example.com", "integration": "_mine", "scrapeOptions": {"integration": "_mine"}}, ["scrapeOptions"], "integration"),
        ("startExtract", {"urls": ["https://example.com"], "scrapeOptions": {"integration": "_mine"}}, ["scrapeOptions"], "integration"),
        ("scrapeUrl", {"url": "https://example.com", "formats": [{"type": "json", "prompt": "p", "mode": "llm"}]}, ["formats", 0], "mode"),
        ("scrapeUrl", {"url": "https://example.com", "parsers": [{"type": "pdf", "ocr": True}]}, ["parsers", 0], "ocr"),
        ("scrapeUrl", {"url": "https://example.com", "actions": [{"type": "wait", "milliseconds": 5, "x": 1}]}, ["actions", 0], "x"),
    ],
)
def test_nested_unknown_keys_are_refused_where_the_service_is_strict(
    server: Server, operation_id: str, body: dict[str, Any], path: list[Any], key: str
) -> None:
    answer = server.api(operation_id, json=body)
    assert answer.status_code == 400, answer.text
    assert any(i["code"] == "unrecognized_keys" and i["path"] == path and key in i["keys"] for i in answer.json()["details"]), answer.text


@pytest.mark.parametrize(
    "options",
    [
        {"location": {"country": "DE", "timezone": "Europe/Berlin"}},  # location: the service drops unknown keys
        {"formats": [{"type": "screenshot", "fullPage": True, "delay": 2}]},
        {"formats": [{"type": "markdown", "variant": "gfm"}]},
    ],
)
def test_unknown_keys_of_open_objects_are_dropped_as_the_service_drops_them(server: Server, options: dict[str, Any]) -> None:
    assert server.api("scrapeUrl", json={"url": "https://example.com/open", **options}).status_code == 200


def test_what_the_official_sdks_send_is_accepted(quick_server: Server) -> None:
    api = quick_server.api
    sdk = {"origin": "python-sdk@4.53.0", "integration": None}
    assert api("scrapeUrl", json={"url": "https://example.com", "fastMode": False, **sdk}).status_code == 200
    assert api("startCrawl", json={"url": "https://example.com", "regexOnFullURL": False, "limit": 1, **sdk}).status_code == 200
    for operation_id in ("startBatchScrape", "startExtract", "startAgent", "previewCrawlParams"):
        assert api(operation_id, json={**BODIES[operation_id], **sdk}).status_code == 200, operation_id


def test_regex_on_full_url_matches_patterns_against_the_whole_url(quick_server: Server) -> None:
    from tests.server.jobs.test_engine import _crawl, _paths

    on_path = _paths(_crawl(quick_server, sitemap="skip", maxDiscoveryDepth=1, includePaths=["example\\.com/(about|docs)$"]))
    on_url = _paths(_crawl(quick_server, sitemap="skip", maxDiscoveryDepth=1, includePaths=["example\\.com/(about|docs)$"], regexOnFullURL=True))
    # The start page fails the patterns too: visited for its links, then dropped (as the service).
    assert on_path == [] and on_url == ["/about", "/docs"]


# -- URLs without a scheme are http -------------------------------------------------------------
def test_a_url_without_a_scheme_is_http(quick_server: Server) -> None:
    api = quick_server.api
    scraped = api("scrapeUrl", json={"url": "docs.example.com/guide"}).json()["data"]
    # A scrape names the URL as sent (the service's unnormalizedSourceURL) and scrapes it as http.
    assert scraped["metadata"]["sourceURL"] == "docs.example.com/guide"
    assert scraped["metadata"]["url"] == "http://docs.example.com/guide"
    crawl = api("startCrawl", json={"url": "example.com", "limit": 2}).json()["id"]
    pages = _wait_for(api, "getCrawlStatus", "completed", id=crawl)["data"]
    assert pages[0]["metadata"]["sourceURL"] == "http://example.com"
    batch = api("startBatchScrape", json={"urls": ["example.com/a", "ftp://example.com/b"], "ignoreInvalidURLs": True}).json()
    assert batch["invalidURLs"] == ["ftp://example.com/b"]
    done = _wait_for(api, "getBatchScrapeStatus", "completed", id=batch["id"])
    assert [d["metadata"]["sourceURL"] for d in done["data"]] == ["http://example.com/a"]
    assert api("startExtract", json={"urls": ["example.com/*", "nope"]}).json()["invalidURLs"] == ["nope"]
    # The preview is the exception: the service's controller validates its url without the prefix (issue 56).
    assert api("previewCrawlParams", json={"url": "example.com", "prompt": "the blog"}).status_code == 400


def test_a_url_is_bounded_as_sent(quick_server: Server) -> None:
    """The contract's maxLength (8,192) bounds the URL as sent: a scheme-less URL of that length is
    a scrape of http://..., and no lower limit of the server's own refuses a long one (the service
    sets none)."""
    api = quick_server.api
    bare = "example.com/" + "a" * (8192 - len("example.com/"))
    assert api("scrapeUrl", json={"url": bare}).json()["data"]["metadata"]["url"] == "http://" + bare
    assert api("scrapeUrl", json={"url": "https://" + bare[: 8192 - 8]}).status_code == 200
    refused = api("scrapeUrl", json={"url": bare + "a"})
    assert refused.status_code == 400 and refused.json()["details"][0]["path"] == ["url"]


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ftp://example.com/file", "Bad Request"),  # refused by the contract's pattern
        ("nope", "URL must have a valid top-level domain or be a valid path"),
        ("https://exa mple.com", "Bad Request"),
    ],
)
def test_urls_the_service_refuses(server: Server, url: str, message: str) -> None:
    answer = server.api("scrapeUrl", json={"url": url})
    assert answer.status_code == 400 and answer.json()["error"] == message, answer.text


@pytest.mark.parametrize("body", [{"url": "https://example.com\n"}, {"url": "https://example.com", "location": {"country": "US\n"}}])
def test_a_trailing_newline_does_not_end_a_pattern(quick_server: Server, body: dict[str, object]) -> None:
    """JSON Schema patterns are ECMA-262's, where ``$`` is the end of the input: a value that
    matches but for a final newline is refused (the service refuses both, by its TLD rule and its
    country list)."""
    answer = quick_server.api("scrapeUrl", json=body)
    assert answer.status_code == 400, answer.text


# -- the rules across scrape options --------------------------------------------------------------
WAIT = {"type": "wait", "milliseconds": 1000}


@pytest.mark.parametrize(
    ("options", "path", "message"),
    [
        ({"waitFor": 5000, "timeout": 9000}, ["waitFor"], "waitFor must not exceed half of timeout"),
        ({"actions": [{"type": "scroll"}] * 51}, ["actions"], "Number of actions cannot exceed 50"),
        ({"waitFor": 30000, "actions": [{"type": "wait", "milliseconds": 30001}]}, [], "Total wait time (waitFor + wait actions) cannot exceed 60 seconds"),
        ({"actions": [{"type": "wait", "selector": "#x"}] * 50 + [{"type": "wait", "milliseconds": 10001}]}, ["actions"], "Number of actions cannot exceed 50"),
        ({"formats": ["screenshot", {"type": "screenshot", "fullPage": True}]}, ["formats"], "You may only specify one screenshot format"),
        ({"formats": ["changeTracking"]}, ["formats"], "The changeTracking format requires the markdown format to be specified as well"),
    ],
)
def test_the_services_rules_with_its_messages(server: Server, options: dict[str, Any], path: list[Any], message: str) -> None:
    answer = server.api("scrapeUrl", json={"url": "https://example.com", **options})
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert (body["code"], body["error"]) == ("BAD_REQUEST", message)
    assert body["details"][0] == {"code": "custom", "path": path, "message": message}


def test_the_rules_hold_within_scrape_options_and_at_their_limits(server: Server) -> None:
    api = server.api
    nested = api("startCrawl", json={"url": "https://example.com", "scrapeOptions": {"waitFor": 800, "timeout": 1500}})
    assert nested.status_code == 400 and nested.json()["details"][0]["path"] == ["scrapeOptions", "waitFor"]
    assert api("scrapeUrl", json={"url": "https://example.com/limits", "waitFor": 1000, "timeout": 2000}).status_code == 200
    assert api("scrapeUrl", json={"url": "https://example.com/limits", "actions": [WAIT] * 50, "waitFor": 10000}).status_code == 200
    assert api("scrapeUrl", json={"url": "https://example.com/limits", "formats": ["markdown", "changeTracking"]}).status_code == 200
    assert api("scrapeUrl", json={"url": "https://example.com/limits", "waitFor": 60001}).status_code == 400


# -- the service's texts for unknown jobs ---------------------------------------------------------
@pytest.mark.parametrize(
    ("operation_id", "expected"),
    [
        ("getCrawlStatus", {"success": False, "error": "Job not found"}),
        ("getBatchScrapeStatus", {"success": False, "error": "Job not found"}),
        ("getCrawlErrors", {"success": False, "error": "Job not found"}),
        ("cancelCrawl", {"error": "Job not found"}),
        ("getExtractStatus", {"success": False, "error": "Extract job not found"}),
    ],
)
def test_unknown_jobs_answer_the_services_text(server: Server, operation_id: str, expected: dict[str, Any]) -> None:
    answer = server.api(operation_id, id=UNKNOWN_JOB)
    assert answer.status_code == 404 and answer.json() == expected


# -- the cache is keyed by what changes the page --------------------------------------------------
@pytest.mark.parametrize(
    "option",
    [
        {"location": {"country": "DE"}},
        {"location": {"country": "US", "languages": ["es-US"]}},
        {"mobile": True},
        {"proxy": "enhanced"},
        {"waitFor": 1000},
    ],
)
def test_a_cached_copy_is_served_only_to_a_request_that_would_fetch_the_same_page(server: Server, option: dict[str, Any]) -> None:
    url = f"https://cache.example.com/{sorted(option)[0]}/{abs(hash(str(option)))}"

    def state(**options: Any) -> str:
        answer = server.api("scrapeUrl", json={"url": url, **options})
        assert answer.status_code == 200, answer.text
        return str(answer.json()["data"]["metadata"]["cacheState"])

    assert state() == "miss"
    assert state(**option) == "miss"  # the default copy is not served across the option
    assert state(**option) == "hit"
    assert state() == "hit"  # nor the option's copy to a default request: the default copy is
    if "location" in option:
        assert state(lockdown=True, **option) == "hit"
        assert server.api("scrapeUrl", json={"url": url, "lockdown": True, "location": {"country": "FR"}}).status_code == 404


@pytest.mark.parametrize("option", [{"headers": {"Cookie": "a=1"}}, {"actions": [{"type": "scroll"}]}])
def test_headers_and_actions_are_never_served_a_cached_copy(server: Server, option: dict[str, Any]) -> None:
    url = f"https://cache.example.com/never/{sorted(option)[0]}"
    assert server.api("scrapeUrl", json={"url": url}).json()["data"]["metadata"]["cacheState"] == "miss"
    for _ in range(2):
        assert server.api("scrapeUrl", json={"url": url, **option}).json()["data"]["metadata"]["cacheState"] == "miss"


# -- document metadata like the service's ---------------------------------------------------------
def test_metadata_says_what_the_page_declares(server: Server) -> None:
    metadata = server.api("scrapeUrl", json={"url": "https://example.com/meta", "location": {"country": "DE"}}).json()["data"]["metadata"]
    assert metadata["description"] == "Synthetic page for https://example.com/meta"
    assert (metadata["language"], metadata["ogLocaleAlternate"]) == ("de-DE", ["en_US", "fr_FR"])
    pdf = server.api("scrapeUrl", json={"url": "https://example.com/meta.pdf"}).json()["data"]["metadata"]
    assert "language" not in pdf and "description" not in pdf  # a PDF declares neither


def test_every_document_carries_its_credits_and_cache_state(quick_server: Server) -> None:
    api = quick_server.api
    api("scrapeUrl", json={"url": "https://example.com/about"})  # cached: the crawl's copy of /about is a hit
    batch = api("startBatchScrape", json={"urls": ["https://example.com/b1", "https://example.com/b2"]}).json()["id"]
    crawl = api("startCrawl", json={"url": "https://example.com", "limit": 3, "sitemap": "skip"}).json()["id"]
    documents = _wait_for(api, "getBatchScrapeStatus", "completed", id=batch)["data"] + _wait_for(api, "getCrawlStatus", "completed", id=crawl)["data"]
    assert len(documents) == 5
    for document in documents:
        metadata = document["metadata"]
        assert metadata["creditsUsed"] == 1 and metadata["cacheState"] in ("hit", "miss")
        assert ("cachedAt" in metadata) == (metadata["cacheState"] == "hit")
    assert {d["metadata"]["sourceURL"]: d["metadata"]["cacheState"] for d in documents}["https://example.com/about"] == "hit"


# -- where the source document is silent, the service decides (issue 40) ----------------------
def test_a_crawl_start_page_its_own_patterns_keep_out_is_dropped_unbilled(quick_server: Server) -> None:
    """The service scrapes such a start page for its links, then drops it: an error of the crawl
    ("Source URL is not allowed by crawl configuration"), no document, nothing charged."""
    api = quick_server.api
    job = api("startCrawl", json={"url": "https://example.com", "includePaths": ["^/pricing$"], "sitemap": "skip"}).json()["id"]
    done = _wait_for(api, "getCrawlStatus", "completed", id=job)
    assert [d["metadata"]["url"] for d in done["data"]] == ["https://example.com/pricing"]
    assert done["creditsUsed"] == 1
    errors = api("getCrawlErrors", id=job).json()["errors"]
    assert [(e["url"], e["error"]) for e in errors] == [("https://example.com", "Source URL is not allowed by crawl configuration")]


@pytest.mark.parametrize("limit", [0, -3])
def test_a_crawl_of_limit_zero_or_less_crawls_its_start_page_alone(quick_server: Server, limit: int) -> None:
    # The service's crawl schema sets no minimum, and its kickoff queues the start page before
    # the limit is read (recorded: tests/parity/recorded.json, "crawl limit 0").
    api = quick_server.api
    started = api("startCrawl", json={"url": "https://example.com", "limit": limit})
    assert started.status_code == 200, started.text
    done = _wait_for(api, "getCrawlStatus", "completed", id=started.json()["id"])
    assert (done["total"], done["completed"], done["creditsUsed"]) == (1, 1, 1)
    assert [d["metadata"]["url"] for d in done["data"]] == ["https://example.com"]


def test_a_method_a_path_lacks_answers_404_as_the_service_router(quick_server: Server) -> None:
    key = {"Authorization": f"Bearer {quick_server.api.key}"}
    for method, path in (("PUT", "/v2/extract"), ("DELETE", "/v2/crawl/active"), ("GET", "/v2/nowhere")):
        answer = quick_server.client.request(method, path, headers=key)
        assert answer.status_code == 404 and answer.json() == {"success": False, "error": f"Cannot {method} {path}"}
        assert "allow" not in answer.headers


@pytest.mark.parametrize(("integration", "status"), [("dify", 200), ("_my-app", 200), ("_", 200), (None, 200), ("my-app", 400), ("Dify", 400)])
def test_integration_is_a_known_name_or_starts_with_an_underscore(quick_server: Server, integration: str | None, status: int) -> None:
    assert quick_server.api("mapUrl", json={"url": "https://example.com", "limit": 1, "integration": integration}).status_code == status


@pytest.mark.parametrize(("country", "status"), [("DE", 200), ("XK", 200), ("AA", 400), ("de", 400), ("US-generic", 400)])
def test_a_location_country_is_an_iso_code(quick_server: Server, country: str, status: int) -> None:
    # The seed's two uppercase letters, among the codes the service's country check takes.
    answer = quick_server.api("scrapeUrl", json={"url": "https://example.com", "location": {"country": country}})
    assert answer.status_code == status, answer.text
