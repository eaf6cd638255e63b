"""§7: per-team rate and concurrency limits answer 429 with the seed text and Retry-After."""

from __future__ import annotations

from tests.server.conftest import Server

RATE_TEXT = {"success": False, "error": "Request rate limit exceeded. Please wait and try again later."}


def test_rate_limit(server: Server) -> None:
    api = server.api_for(server.tenant(rate_limit_per_minute=3))
    assert [api("getTokenUsage").status_code for _ in range(3)] == [200] * 3
    limited = api("getActiveCrawls")
    assert limited.status_code == 429 and limited.json() == RATE_TEXT
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    # Another team is not affected.
    assert server.api("getTokenUsage").status_code == 200


def test_concurrency_limit(server: Server) -> None:
    api = server.api_for(server.tenant(max_concurrency=2))
    first = api("startAgent", json={"prompt": "a"}).json()["id"]
    api("startCrawl", json={"url": "https://example.com"})
    refused = api("startBatchScrape", json={"urls": ["https://example.com"]})
    assert refused.status_code == 429 and refused.json() == RATE_TEXT and "Retry-After" in refused.headers
    assert api("cancelAgent", jobId=first).status_code == 200
    assert api("startBatchScrape", json={"urls": ["https://example.com"]}).status_code == 200
