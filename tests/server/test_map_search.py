"""POST /v2/map and POST /v2/search on the synthetic web: what the README promises, as the service
filters, orders and charges them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.conftest import Server


def _remaining(server: Server) -> int:
    return int(server.api("getCreditUsage").json()["data"]["remainingCredits"])


def _map(server: Server, **body: Any) -> list[str]:
    answer = server.api("mapUrl", json=body)
    assert answer.status_code == 200, answer.text
    return [link["url"] for link in answer.json()["links"]]


def test_a_map_lists_the_site_a_crawl_walks_and_its_sitemap(server: Server) -> None:
    before = _remaining(server)
    answer = server.api("mapUrl", json={"url": "https://example.com"}).json()
    assert _remaining(server) == before - 1  # one credit a call
    urls = [link["url"] for link in answer["links"]]
    assert urls[:5] == [
        "https://example.com/",
        "https://example.com/about",
        "https://example.com/blog",
        "https://example.com/docs",
        "https://example.com/pricing",
    ]
    # Robots.txt is not consulted; files, fragments, query strings and similar URLs are dropped;
    # the subdomain is in, another site is not; the sitemap adds the pages no link reaches.
    assert "https://example.com/private" in urls and "https://status.example.com/" in urls
    assert not any(u.endswith((".png", "#top")) or "?" in u or "partner.example.org" in u or u.endswith(("/about/", "index.html")) for u in urls)
    assert urls[-2:] == ["https://example.com/landing/spring", "https://example.com/landing/summer"]
    assert len(urls) == len(set(urls))
    assert answer["links"][0] == {"url": "https://example.com/", "title": "example.com/", "description": "Synthetic page for https://example.com/"}


def test_map_options(server: Server) -> None:
    assert len(_map(server, url="https://example.com", limit=7)) == 7
    assert not any("status.example.com" in u for u in _map(server, url="https://example.com", includeSubdomains=False))
    assert "https://example.com/blog?page=2" in _map(server, url="https://example.com", ignoreQueryParameters=False)
    only = server.api("mapUrl", json={"url": "https://example.com", "sitemap": "only"}).json()["links"]
    assert [link["url"] for link in only][-1] == "https://example.com/landing/summer" and all(set(link) == {"url"} for link in only)
    assert "https://example.com/landing/spring" not in _map(server, url="https://example.com", sitemap="skip")
    under = _map(server, url="https://example.com/docs")
    assert under[0] == "https://example.com/docs" and all(u.startswith("https://example.com/docs") for u in under)
    assert "https://example.com/" in _map(server, url="https://example.com/docs", filterByPath=False)
    assert _map(server, url="example.com", limit=1) == ["http://example.com/"]


def test_a_map_search_puts_the_matching_links_first(server: Server) -> None:
    urls = _map(server, url="https://example.com", search="pricing")
    matching = [u for u in urls if "pricing" in u]
    assert urls[: len(matching)] == matching and matching[0] == "https://example.com/pricing"
    assert len(urls) == len(_map(server, url="https://example.com"))


def _search(server: Server, **body: Any) -> dict[str, Any]:
    answer = server.api("searchWeb", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_search_answers_the_same_results_every_time_and_charges_per_result(server: Server) -> None:
    before = _remaining(server)
    first = _search(server, query="coffee recipes", limit=3)
    second = _search(server, query="coffee recipes", limit=3)
    assert first.pop("id") != second.pop("id")  # each search is its own (rated by its id)
    assert first == second
    assert list(first["data"]) == ["web"]
    web = first["data"]["web"]
    assert [r["url"] for r in web] == [
        "https://coffee-recipes.example.com/",
        "https://www.reddit.com/r/coffeerecipes/",
        "https://coffee-recipes.example.com/about",
    ]
    assert web[0] == {
        "url": "https://coffee-recipes.example.com/",
        "title": "coffee-recipes.example.com/",
        "description": "Coffee recipes: espresso, pour-over and cold brew — home",
        "position": 1,
    }
    assert first["creditsUsed"] == 3 and _remaining(server) == before - 6
    assert _search(server, query="zzzz-nothing")["data"] == {"web": []}


def test_ignore_invalid_urls_drops_the_results_the_service_would_not_scrape(server: Server) -> None:
    """The service's blocklist (social sites): under ignoreInvalidURLs the web results lose them
    before the limit; without it a scraped blocked result keeps its fields, the error in its
    metadata, uncharged."""
    kept = _search(server, query="coffee recipes", limit=3, ignoreInvalidURLs=True)["data"]["web"]
    assert [r["url"] for r in kept] == [
        "https://coffee-recipes.example.com/",
        "https://coffee-recipes.example.com/about",
        "https://coffee-recipes.example.com/blog",
    ]
    assert [r["position"] for r in kept] == [1, 2, 3]
    before = _remaining(server)
    scraped = _search(server, query="coffee recipes", limit=2, scrapeOptions={"formats": ["markdown"]})
    thread = scraped["data"]["web"][1]
    assert thread["url"] == "https://www.reddit.com/r/coffeerecipes/" and "markdown" not in thread
    assert thread["title"] == "Coffee recipes - r/coffeerecipes"
    assert thread["metadata"]["statusCode"] == 403 and "no longer supported" in thread["metadata"]["error"]
    assert scraped["creditsUsed"] == 1 and _remaining(server) == before - 1


def test_a_query_that_finds_sites_finds_their_news(server: Server) -> None:
    """Issue 76: news for a query no news page matches ("pricing plans" matches pricing sections)
    are the news of the sites it finds, as the service finds news for any query it finds."""
    data = _search(server, query="pricing plans", limit=3, sources=["web", "news"])["data"]
    sites = {r["url"].split("/")[2] for r in data["web"]}
    assert data["web"] and len(data["news"]) == 3
    assert all(n["url"].split("/")[2] in sites and "/blog" in n["url"] and n["date"] for n in data["news"])
    assert [n["position"] for n in data["news"]] == [1, 2, 3]
    assert _search(server, query="zebra quantum", sources=["news"])["data"]["news"] == []  # a query that finds no site finds no news


def test_sources_domains_and_categories(server: Server) -> None:
    data = _search(server, query="coffee", limit=2, sources=[{"type": "news"}, {"type": "images"}])["data"]
    assert set(data) == {"news", "images"}
    assert all(n["url"].startswith("https://coffee-recipes.example.com/blog") and n["date"].startswith("2026-") for n in data["news"])
    assert data["images"][0]["imageUrl"] == "https://coffee-recipes.example.com/images/hero.png" and data["images"][0]["imageWidth"] == 1200
    mixed = "python rust coffee"
    only = _search(server, query=mixed, limit=50, includeDomains=["rust-guide.example.com"])["data"]["web"]
    assert only and all(r["url"].startswith("https://rust-guide.example.com/") for r in only)
    dropped = _search(server, query=mixed, limit=50, excludeDomains=["rust-guide.example.com"])["data"]["web"]
    assert dropped and not any("rust-guide" in r["url"] for r in dropped)
    refused = server.api("searchWeb", json={"query": mixed, "includeDomains": ["a.com"], "excludeDomains": ["b.com"]})
    assert refused.status_code == 400
    github = _search(server, query="open source code", categories=["github"])["data"]["web"]
    assert github and all(r["category"] == "github" for r in github)


def test_scraped_results_are_documents_charged_as_scrapes(server: Server) -> None:
    before = _remaining(server)
    answer = _search(server, query="python", limit=2, ignoreInvalidURLs=True, scrapeOptions={"formats": ["markdown", "links"]})
    web = answer["data"]["web"]
    assert len(web) == 2 and all("markdown" in r and "links" in r and r["metadata"]["sourceURL"] == r["url"] for r in web)
    assert web[0]["description"] == "Python tutorials: functions, classes, async and packaging — home"  # the result's own fields stay
    assert answer["creditsUsed"] == 2 and _remaining(server) == before - 2
    # Scraped results are cached like any scrape.
    again = server.api("scrapeUrl", json={"url": web[0]["url"], "formats": ["markdown"]}).json()["data"]
    assert again["metadata"]["cacheState"] == "hit"


@pytest.mark.parametrize(
    "body",
    [
        {"query": "q", "limit": 101},
        {"query": "q", "limit": 0},
        {"query": "q", "sources": ["video"]},
        {"query": "q", "unknown": 1},
        {"limit": 5},
        # The service takes sources and categories all by name or all as objects, never a mix (issue 56 false alarm 7).
        {"query": "q", "sources": ["web", {"type": "news"}]},
        {"query": "q", "categories": [{"type": "github"}, "pdf"]},
        # Its search scrapes with thirteen formats of the twenty (issue 56 false alarm 8), and its
        # nested scrape options take no integration (false alarm 6).
        {"query": "q", "scrapeOptions": {"formats": ["markdown", {"type": "changeTracking"}]}},
        {"query": "q", "scrapeOptions": {"formats": ["rawBase64"]}},
        {"query": "q", "scrapeOptions": {"formats": [{"type": "branding"}]}},
        {"query": "q", "scrapeOptions": {"integration": "_mine"}},
    ],
)
def test_search_refuses_what_the_service_refuses(server: Server, body: dict[str, Any]) -> None:
    assert server.api("searchWeb", json=body).status_code == 400


def test_search_takes_what_the_service_takes(server: Server) -> None:
    """Sources and categories all by name or all as objects; the search formats as strings or objects."""
    for body in (
        {"query": "coffee", "sources": ["web", "news"], "categories": ["github", "pdf"]},
        {"query": "coffee", "sources": [{"type": "web", "tbs": "qdr:d"}, {"type": "news"}], "categories": [{"type": "research"}]},
        {
            "query": "coffee",
            "limit": 1,
            "integration": "_mine",
            "scrapeOptions": {"formats": ["markdown", "product", {"type": "question", "question": "Which roast?"}]},
        },
    ):
        assert server.api("searchWeb", json=body).status_code == 200, body


@pytest.mark.parametrize(
    "body",
    [
        {"url": "https://example.com", "limit": 0},
        {"url": "ftp://example.com"},
        {"url": "https://example.com", "sitemap": "all"},
        {"url": "https://example.com", "x": 1},
    ],
)
def test_map_refuses_what_the_service_refuses(server: Server, body: dict[str, Any]) -> None:
    assert server.api("mapUrl", json=body).status_code == 400


def test_search_on_the_real_web_says_it_has_no_provider(make_server: Any) -> None:
    server = make_server(web="real")
    answer = server.api("searchWeb", json={"query": "coffee"})
    assert answer.status_code == 400 and "no search provider" in answer.text


def test_a_map_shorter_than_its_timeout_allows_answers_408_map_timeout(server: Server) -> None:
    """As the service's map controller: 408 with code MAP_TIMEOUT and its text, nothing charged. A
    synthetic map takes 100 ms of simulated time; a start page under /slow adds its ms."""
    before = _remaining(server)
    late = server.api("mapUrl", json={"url": "https://example.com", "timeout": 1})
    assert late.status_code == 408 and late.json()["code"] == "MAP_TIMEOUT"
    assert late.json()["error"].startswith("The map operation timed out before completing.")
    assert _remaining(server) == before
    assert server.api("mapUrl", json={"url": "https://example.com", "timeout": 100}).status_code == 200
    slow = server.api("mapUrl", json={"url": "https://example.com/slow?ms=500", "timeout": 550})
    assert slow.status_code == 408
    assert server.api("mapUrl", json={"url": "https://example.com/slow?ms=500", "timeout": 600}).status_code == 200


def test_the_alexandria_source_finds_the_catalogues_tools(server: Server) -> None:
    """The alexandria source (issue 55 item 3): the catalogue's capabilities the query finds, free,
    as much of each as toolDetail asks; with domainTools, those of the web results' sites too."""
    from webdata_server.alexandria import catalogue

    before = server.api("getCreditUsage").json()["data"]["remainingCredits"]
    alone = _search(server, query="company filings 10-K", sources=["alexandria"])
    assert set(alone["data"]) == {"tools"} and alone["creditsUsed"] == 0  # nothing else searched, nothing charged
    assert server.api("getCreditUsage").json()["data"]["remainingCredits"] == before
    tools = alone["data"]["tools"]
    assert [t["id"] for t in tools] == ["sec-filings/filings/search", "sec-filings/company/profile"]
    assert set(tools[0]) == {"id", "provider", "capability", "description", "matchedBy", "matchedUrls"} and tools[0]["matchedBy"] == ["semantic"]
    summary = _search(server, query="company filings 10-K", sources=[{"type": "alexandria"}], toolDetail="summary")["data"]["tools"][0]
    assert (
        summary["creditsCost"] == 1
        and summary["next"] == {"provider": "sec-filings", "capability": "filings/search", "options": {}}
        and "options" not in summary
    )
    full = _search(server, query="product price stock", sources=["alexandria"], toolDetail="full")["data"]["tools"][0]
    assert full["requiresOneOf"] == [["url", "sku"]] and full["response"]["key"] == "product"
    assert [o["name"] for o in full["options"]] == [o.name for o in catalogue.CAPABILITIES[4].options]
    # With web results and domainTools: the tools of the results' sites, with the URLs that matched.
    mixed = _search(server, query="climate weather history", sources=["web", "alexandria"], domainTools=True, limit=2)["data"]
    weather = next(t for t in mixed["tools"] if t["id"] == "weather-history/daily/history")
    assert weather["matchedBy"] == ["semantic", "domain"] and weather["matchedUrls"] == [r["url"] for r in mixed["web"] if "climate-news" in r["url"]]
    assert "tools" not in _search(server, query="climate", limit=1)["data"]  # neither asked: no tools
    blank = server.api("searchWeb", json={"query": " ", "sources": ["alexandria"]})
    assert blank.status_code == 400 and blank.json() == {"success": False, "error": "A query is required for tool search."}


def test_a_memoised_map_answers_the_bytes_any_answer_is_encoded_as(server: Server) -> None:
    """A memoised map's links are kept encoded and joined to each answer's own id (issue 59: their
    encoding was a tenth of a map's time): the answer is byte for byte what encoding it whole
    gives, with the same links and a new id each time."""
    import json

    first, again = (server.api("mapUrl", json={"url": "https://docs.example.com", "limit": 30}) for _ in range(2))
    for response in (first, again):
        assert response.status_code == 200
        assert response.content == json.dumps(response.json(), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
    assert first.json()["links"] == again.json()["links"] and len(first.json()["links"]) == 30
    assert first.json()["id"] != again.json()["id"]
    unicode = server.api("mapUrl", json={"url": "https://docs.example.com", "search": "é"})
    assert unicode.content == json.dumps(unicode.json(), ensure_ascii=False, separators=(",", ":")).encode()


def test_a_map_body_sent_again_is_read_once_to_choose_where_it_runs(server: Server) -> None:
    """Where a map runs (the loop when its map is memoised) is decided from its body; a body sent
    again keeps the key it gave (issue 59), and a different body is read on its own."""
    from webdata_server.resources import map as map_resource

    map_resource._kept_key.cache_clear()
    body = {"url": "https://docs.example.com", "limit": 7}
    answers = [server.api("mapUrl", json=body).json()["links"] for _ in range(3)]
    assert answers[0] == answers[1] == answers[2] and len(answers[0]) == 7
    info = map_resource._kept_key.cache_info()
    assert (info.misses, info.hits) == (1, 2)
    assert len(server.api("mapUrl", json={**body, "limit": 8}).json()["links"]) == 8
    assert map_resource._kept_key.cache_info().misses == 2
