"""§4 note 4: /v2/crawl/params-preview derives crawl options from the prompt by documented rules."""

from __future__ import annotations

from typing import Any

import pytest
from webdata_server.params_preview import derive_crawl_options

from tests.server.conftest import Server

URL = "https://example.com"

# prompt -> the options the rules must derive (exactly; nothing else may be set)
TABLE: list[tuple[str, dict[str, Any]]] = [
    ("", {}),
    ("Crawl the blog", {"includePaths": ["blog/.*"]}),
    # firecrawl-py's own end-to-end test of this operation expects these two.
    ("Extract all blog posts and documentation", {"includePaths": ["blog/.*", "docs/.*"]}),
    ("only /docs/api pages", {"includePaths": ["docs/api/.*"]}),
    (
        "Get everything under /products but skip /products/archive",
        {"crawlEntireDomain": True, "includePaths": ["products/.*"], "excludePaths": ["products/archive/.*"]},
    ),
    ("exclude the careers section and the blog", {"excludePaths": ["blog/.*", "careers/.*"]}),
    ("Ignore /login and /admin", {"excludePaths": ["admin/.*", "login/.*"]}),
    ("just 25 pages please", {"limit": 25}),
    ("Up to 500 URLs from the docs", {"limit": 500, "includePaths": ["docs/.*"]}),
    ("at most 10", {"limit": 10}),
    ("first 3 results", {"limit": 3}),
    ("no more than 1000000 pages", {"limit": 100000}),
    ("go 2 levels deep", {"maxDiscoveryDepth": 2}),
    ("depth of 4", {"maxDiscoveryDepth": 4}),
    ("follow links at most 3 clicks deep", {"maxDiscoveryDepth": 3, "limit": 3}),
    ("crawl the entire domain", {"crawlEntireDomain": True}),
    ("Whole site please", {"crawlEntireDomain": True}),
    ("all pages of the site", {"crawlEntireDomain": True}),
    ("include subdomains", {"allowSubdomains": True}),
    ("but not subdomains", {}),
    ("follow external links too", {"allowExternalLinks": True}),
    ("also crawl other domains it links to", {"allowExternalLinks": True}),
    ("without external links", {}),
    ("only use the sitemap", {"sitemap": "only"}),
    ("sitemap only", {"sitemap": "only"}),
    ("skip the sitemap", {"sitemap": "skip"}),
    ("ignore sitemap", {"sitemap": "skip"}),
    ("use the sitemap", {"sitemap": "include"}),
    ("ignore query parameters", {"ignoreQueryParameters": True}),
    (
        "Crawl only the /blog, up to 50 pages, 2 levels deep, include subdomains and skip the sitemap",
        {"includePaths": ["blog/.*"], "limit": 50, "maxDiscoveryDepth": 2, "allowSubdomains": True, "sitemap": "skip"},
    ),
    ("CRAWL   THE   PRICING", {"includePaths": ["pricing/.*"]}),
]


@pytest.mark.parametrize(("prompt", "expected"), TABLE, ids=[row[0] or "(empty)" for row in TABLE])
def test_rules(prompt: str, expected: dict[str, Any]) -> None:
    assert derive_crawl_options(url=URL, prompt=prompt) == {"url": URL, **expected}


def test_operation_returns_the_derived_options(server: Server) -> None:
    body = server.api("previewCrawlParams", json={"url": URL, "prompt": "only the /blog, up to 50 pages"}).json()
    assert body == {"success": True, "data": {"url": URL, "includePaths": ["blog/.*"], "limit": 50}}
    assert server.store.ledger.rows(server.api.team_id) == []  # previews are free (x-credits 0)


def test_invalid_url(server: Server) -> None:
    assert server.api("previewCrawlParams", json={"url": "nope", "prompt": "blog"}).status_code == 400


def test_a_url_without_its_scheme_is_refused(server: Server) -> None:
    """The service's preview validates url with zod's url() alone, without the v2 URL schema that
    prepends http:// (issue 56's false-alarm guard): a bare host is 400 there, and here."""
    refused = server.api("previewCrawlParams", json={"url": "example.com/blog", "prompt": "the blog"})
    assert refused.status_code == 400
    assert refused.json()["details"][0]["path"] == ["url"]
    assert server.api("previewCrawlParams", json={"url": "http://example.com/blog", "prompt": "the blog"}).status_code == 200
