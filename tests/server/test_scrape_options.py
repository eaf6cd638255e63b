"""Seed §2.2–§2.5 scrape options on the synthetic web: each rule with its observable result."""

from __future__ import annotations

import base64
import http.server
import io
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image
from webdata_server.content import _screenshot

from tests.server.conftest import Server, free_port

URL = "https://shop.example.com/products"


def scrape(server: Server, url: str = URL, *, status: int = 200, api: Any = None, **options: Any) -> dict[str, Any]:
    response = (api or server.api)("scrapeUrl", json={"url": url, "maxAge": 0, **options})
    assert response.status_code == status, response.text
    return response.json()["data"] if status == 200 else response.json()


def _image(data_url: str) -> Image.Image:
    assert data_url.startswith("data:image/jpeg;base64,")
    return Image.open(io.BytesIO(base64.b64decode(data_url.split(",", 1)[1])))


def test_the_synthetic_page(server: Server) -> None:
    markdown = scrape(server)["markdown"]
    assert markdown.startswith("# shop.example.com/products")
    assert "- Fast" in markdown and "| host | shop.example.com |" in markdown and "fetch('/products')" in markdown
    # The site's structure (webdata_server.site): a section page links to its children.
    assert "[1](https://shop.example.com/products/1)" not in markdown and "[Back to top](https://shop.example.com/products#top)" in markdown
    assert scrape(server)["markdown"] == markdown  # deterministic


@pytest.mark.parametrize("shorthand", ["markdown", "html", "rawHtml", "links", "summary", "images"])
def test_string_shorthand_equals_the_object(server: Server, shorthand: str) -> None:
    key = shorthand
    as_string = scrape(server, formats=[shorthand])[key]
    as_object = scrape(server, formats=[{"type": shorthand}])[key]
    assert as_string == as_object and as_string


def test_html_raw_html_and_raw_base64(server: Server) -> None:
    data = scrape(server, formats=["html", "rawHtml"])
    assert "<main>" in data["html"] and "<nav>" not in data["html"] and "cookie-banner" not in data["html"]
    assert "<nav>" in data["rawHtml"] and "cookie-banner" in data["rawHtml"]
    assert "markdown" not in data
    # rawBase64 is taken alone only (the service's rule): the fetched bytes, nothing else.
    alone = scrape(server, formats=[{"type": "rawBase64"}])
    assert base64.b64decode(alone["rawBase64"]).decode() == data["rawHtml"] and set(alone) == {"rawBase64", "metadata"}


def test_links_images_summary(server: Server) -> None:
    data = scrape(server, formats=["links", "images", "summary"])
    assert {"https://shop.example.com/about", "https://shop.example.com/blog", "https://shop.example.com/docs"} <= set(data["links"])
    assert "https://shop.example.com/images/hero.png" in data["images"] and any(i.startswith("data:image/png") for i in data["images"])
    assert data["summary"].startswith("Welcome to the synthetic page for https://shop.example.com/products.")


def test_json_is_schema_guided(server: Server) -> None:
    schema = {
        "type": "object",
        "properties": {"title": {"type": "string"}, "rating": {"type": "number"}, "tags": {"type": "array", "items": {"type": "string"}}},
        "required": ["title"],
    }
    data = scrape(server, formats=[{"type": "json", "schema": schema}])
    assert data["json"]["title"] == "shop.example.com/products"
    assert isinstance(data["json"]["rating"], float) and isinstance(data["json"]["tags"], list)


def test_fifty_screenshot_actions_draw_the_page_once(server: Server) -> None:
    _screenshot.cache_clear()
    document = scrape(server, url=URL + "?shots", actions=[{"type": "screenshot", "viewport": {"width": 320, "height": 240}}] * 50)
    shots = document["actions"]["screenshots"]
    assert len(shots) == 50 and len(set(shots)) == 1 and _image(shots[0]).size == (320, 240)
    assert _screenshot.cache_info().misses == 1
    # Another size is another drawing.
    scrape(server, url=URL + "?shots", actions=[{"type": "screenshot", "viewport": {"width": 640, "height": 480}}])
    assert _screenshot.cache_info().misses == 2


def test_screenshot_is_a_real_image(server: Server) -> None:
    small = _image(scrape(server, formats=[{"type": "screenshot", "quality": 10, "viewport": {"width": 640, "height": 480}}])["screenshot"])
    assert small.size == (640, 480) and small.format == "JPEG"
    full = _image(scrape(server, formats=[{"type": "screenshot", "fullPage": True, "viewport": {"width": 640, "height": 480}}])["screenshot"])
    assert full.size == (640, 3000)
    low = scrape(server, formats=[{"type": "screenshot", "quality": 5, "viewport": {"width": 800, "height": 600}}])["screenshot"]
    high = scrape(server, formats=[{"type": "screenshot", "quality": 100, "viewport": {"width": 800, "height": 600}}])["screenshot"]
    assert len(low) < len(high)
    assert _image(scrape(server, formats=[{"type": "screenshot"}], mobile=True)["screenshot"]).size == (390, 844)
    # Any integer viewport is drawable: tiny and non-positive sizes become 1 pixel.
    assert _image(scrape(server, formats=[{"type": "screenshot", "viewport": {"width": 3, "height": -5}}])["screenshot"]).size == (3, 1)


def test_change_tracking(server: Server) -> None:
    url = "https://news.example.com/changing"
    tracking = {"type": "changeTracking", "modes": ["git-diff", "json"], "schema": {"type": "object", "properties": {"title": {"type": "string"}}}}
    first = scrape(server, url, formats=["markdown", tracking])["changeTracking"]
    assert first["changeStatus"] == "new" and first["previousScrapeAt"] is None
    second = scrape(server, url, formats=["markdown", tracking])["changeTracking"]
    assert second["changeStatus"] == "changed" and second["previousScrapeAt"]
    assert "-This page has been fetched 1 time(s)." in second["diff"]["text"] and "+This page has been fetched 2 time(s)." in second["diff"]["text"]
    assert second["json"] == {}  # the title did not change
    stable = "https://news.example.com/stable"
    scrape(server, stable, formats=["markdown", tracking])
    assert scrape(server, stable, formats=["markdown", tracking])["changeTracking"]["changeStatus"] == "same"
    # A tag keeps a history of its own.
    assert scrape(server, stable, formats=["markdown", {**tracking, "tag": "weekly"}])["changeTracking"]["changeStatus"] == "new"
    assert scrape(server, stable, formats=["markdown", {**tracking, "tag": "weekly"}])["changeTracking"]["tag"] == "weekly"


def test_change_tracking_json_of_a_schema_that_is_not_an_object(server: Server) -> None:
    """A schema whose root is not an object extracts a value with no fields: nothing to compare,
    and no 500 (found by the conformance suite's fuzzing, seed 111)."""
    tracking = {"type": "changeTracking", "modes": ["json"], "schema": {"type": "string"}}
    url = "https://news.example.com/stable"
    assert scrape(server, url, formats=["markdown", tracking])["changeTracking"]["changeStatus"] == "new"
    again = scrape(server, url, formats=["markdown", tracking])["changeTracking"]
    assert again["changeStatus"] == "same" and again["json"] == {}


def test_branding(server: Server) -> None:
    brand = scrape(server, formats=[{"type": "branding"}])["branding"]
    assert brand["colorScheme"] in ("light", "dark")
    assert all(re.fullmatch(r"#[0-9a-f]{6}", value) for value in brand["colors"].values())
    assert set(brand["colors"]) == {"primary", "accent", "text", "background"}
    assert len(brand["fonts"]) == 2 and all(font["family"] for font in brand["fonts"])


def test_only_main_content(server: Server) -> None:
    main = scrape(server)["markdown"]
    whole = scrape(server, onlyMainContent=False)["markdown"]
    assert "[About](https://shop.example.com/about)" not in main and "© 2026" not in main
    assert "[About](https://shop.example.com/about)" in whole and "© 2026" in whole


def test_only_clean_content(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = scrape(server, onlyMainContent=False, blockAds=False)["markdown"]
    clean = scrape(server, onlyMainContent=False, blockAds=False, onlyCleanContent=True)
    assert "newsletter" in plain and "Share this page" in plain and "cookies" in plain
    for boilerplate in ("newsletter", "Share this page", "cookies", "Home ›"):
        assert boilerplate not in clean["markdown"]
    for kept in ("# shop.example.com/products", "- Fast", "| host |", "fetch('/products')", "![Hero image]", "[Back to top]"):
        assert kept in clean["markdown"]
    from webdata_server import content

    monkeypatch.setattr(content, "CLEAN_LIMIT", 10)
    skipped = scrape(server, onlyCleanContent=True)
    assert "skipped" in skipped["warning"] and "newsletter" in skipped["markdown"]


def test_include_and_exclude_tags(server: Server) -> None:
    only_table = scrape(server, includeTags=["table"])["markdown"]
    assert only_table.strip().startswith("| Name | Value |") and "- Fast" not in only_table
    without = scrape(server, excludeTags=["table", "pre"])["markdown"]
    assert "| host |" not in without and "fetch(" not in without and "- Fast" in without


@pytest.mark.parametrize(
    ("include", "only_main", "expected", "absent"),
    [
        # includeTags are applied to the whole page first, as the service does; onlyMainContent then
        # removes header, nav, footer and aside from what they kept, and no longer narrows to <main>.
        (["main"], True, ["# shop.example.com/products", "- Fast", "| host |"], ["Advertisement", "© 2026"]),
        (["main"], False, ["# shop.example.com/products", "- Fast", "| host |"], ["© 2026"]),
        (["article"], True, ["Welcome to the synthetic page", "- Fast"], ["# shop.example.com", "| host |"]),
        (["article"], False, ["Welcome to the synthetic page", "- Fast"], ["| host |"]),
        ([".breadcrumbs"], True, ["Home › products"], ["- Fast"]),
        ([".breadcrumbs", "footer"], False, ["Home › products", "© 2026 shop.example.com"], ["- Fast"]),
        (["footer"], True, [], ["© 2026", "- Fast"]),
        (["main", "article"], True, ["# shop.example.com/products", "- Fast"], []),
    ],
)
def test_include_tags_come_before_only_main_content(server: Server, include: list[str], only_main: bool, expected: list[str], absent: list[str]) -> None:
    data = scrape(server, includeTags=include, onlyMainContent=only_main, formats=["markdown", "summary"])
    for text in expected:
        assert text in data["markdown"], (text, data["markdown"])
    for text in absent:
        assert text not in data["markdown"], (text, data["markdown"])
    if expected:
        assert data["summary"]
    if include == ["main", "article"]:
        assert data["markdown"].count("- Fast") == 1  # an element inside another kept one is kept once


def test_exclude_tags_apply_to_what_include_tags_kept(server: Server) -> None:
    data = scrape(server, includeTags=["main"], excludeTags=[".post", "table"])["markdown"]
    assert "# shop.example.com/products" in data and "- Fast" not in data and "| host |" not in data


def test_invalid_selectors_match_nothing(server: Server) -> None:
    assert scrape(server, includeTags=["a/b", "table"])["markdown"].startswith("| Name | Value |")
    assert "- Fast" in scrape(server, excludeTags=["::nonsense("])["markdown"]


def test_remove_base64_images(server: Server) -> None:
    data = scrape(server, formats=["markdown", "html", "rawHtml"])
    assert "![Inline pixel](<Base64-Image-Removed>)" in data["markdown"] and "data:image" not in data["markdown"]
    assert "data:image/png;base64" in data["html"] and "data:image/png;base64" in data["rawHtml"]
    kept = scrape(server, removeBase64Images=False)["markdown"]
    assert "![Inline pixel](data:image/png;base64," in kept


def test_block_ads(server: Server) -> None:
    assert "Advertisement" not in scrape(server, onlyMainContent=False)["markdown"]
    unblocked = scrape(server, onlyMainContent=False, blockAds=False)["markdown"]
    assert "Advertisement" in unblocked and "We use cookies" in unblocked


def test_headers_mobile_and_location(server: Server) -> None:
    assert "Served to conformance-bot/1.0." in scrape(server, headers={"User-Agent": "conformance-bot/1.0"})["markdown"]
    assert "mobile layout" in scrape(server, mobile=True)["markdown"]
    german = scrape(server, location={"country": "DE"})
    assert german["metadata"]["language"] == "de-DE" and "Willkommen" in german["markdown"]
    french = scrape(server, location={"country": "DE", "languages": ["fr-FR", "en"]})
    assert french["metadata"]["language"] == "fr-FR" and "Bienvenue" in french["markdown"]


def test_wait_for_and_timeout(server: Server) -> None:
    slow = "https://example.com/slow?ms=3000"
    assert scrape(server, slow, timeout=4000)["metadata"]["statusCode"] == 200
    assert scrape(server, slow, status=408, timeout=2000) == {"success": False, "error": "Request timed out"}
    scrape(server, slow, status=408, timeout=4000, waitFor=1500)
    scrape(server, status=408, timeout=1000, actions=[{"type": "wait", "milliseconds": 1500}])


def test_failing_page(server: Server) -> None:
    metadata = scrape(server, "https://example.com/fail")["metadata"]
    assert metadata["statusCode"] == 500 and metadata["error"]


def test_pdf_blocks(server: Server) -> None:
    data = scrape(server, "https://example.com/paper.pdf?pages=2", parsers=[{"type": "pdf", "blocks": True, "mode": "ocr"}])
    assert [page["pageNumber"] for page in data["blocks"]] == [1, 2]
    # The synthetic web's PDF pages hold one line of text each: one text block.
    (text,) = data["blocks"][1]["items"]
    assert text["type"] == "text" and text["readingOrder"] == 0 and text["confidence"]["ocr"] < 1
    start, end = text["markdownSpan"]
    assert data["markdown"][start:end] == text["content"]
    assert all(0 <= v <= 1 for v in text["bbox"])
    fast = scrape(server, "https://example.com/paper.pdf?pages=1", parsers=[{"type": "pdf", "blocks": True, "mode": "fast"}])
    assert "ocr" not in fast["blocks"][0]["items"][0]["confidence"]


def test_actions(server: Server) -> None:
    actions = [
        {"type": "wait", "milliseconds": 10},
        {"type": "click", "selector": "#cookie-accept"},
        {"type": "click", "selector": "#load-more"},
        {"type": "click", "selector": "#search"},
        {"type": "write", "text": "shoes"},
        {"type": "press", "key": "Enter"},
        {"type": "scroll", "direction": "down"},
        {"type": "scrape"},
        {"type": "executeJavascript", "script": "return document.title"},
        {"type": "executeJavascript", "script": "document.querySelectorAll('li').length"},
        {"type": "screenshot", "viewport": {"width": 320, "height": 200}, "quality": 50},
        {"type": "pdf", "format": "A4", "landscape": True},
        {"type": "click", "selector": ".missing", "all": True},
    ]
    data = scrape(server, actions=actions, onlyMainContent=False)
    markdown = data["markdown"]
    assert "More content loaded." in markdown and "Search results for: shoes" in markdown and "Lazy-loaded section." in markdown
    assert "We use cookies" not in data["actions"]["scrapes"][0]["html"]
    assert data["actions"]["scrapes"][0]["url"] == URL
    assert data["actions"]["javascriptReturns"] == [
        {"type": "string", "value": "shop.example.com/products"},
        {"type": "number", "value": 4},
    ]  # three features and one related link
    assert _image(data["actions"]["screenshots"][0]).size == (320, 200)
    pdf = base64.b64decode(data["actions"]["pdfs"][0].split(",", 1)[1])
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 842 595]" in pdf


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([{"type": "click", "selector": ".missing"}], "no element matches"),
        ([{"type": "write", "text": "x"}], "no focused input"),
        ([{"type": "wait", "selector": "#never"}], "no element matches"),
        ([{"type": "click", "selector": "DZ/["}], "is not a valid selector"),  # as a browser's querySelector throws
    ],
)
def test_failing_actions(server: Server, actions: list[dict[str, Any]], message: str) -> None:
    body = scrape(server, status=400, actions=actions)
    assert message in str(body["details"])


def test_redact_pii(server: Server) -> None:
    url = "https://example.com/personal-data"
    assert "jane.doe@example.com" in scrape(server, url)["markdown"]
    redacted = scrape(server, url, redactPII=True)["markdown"]
    for tag in ("<EMAIL>", "<PHONE>", "<FINANCIAL>", "<PERSON>"):
        assert tag in redacted
    assert "jane.doe@example.com" not in redacted and "4111" not in redacted
    masked = scrape(server, url, redactPII={"entities": ["EMAIL"], "replaceStyle": "mask"})["markdown"]
    assert "*" * len("jane.doe@example.com") in masked and "415-555-0132" in masked


def test_profile_audit_metadata_and_proxy_are_stored(server: Server) -> None:
    before = sum(row["credits"] for row in server.store.ledger.rows(server.api.team_id))
    for proxy in ("basic", "enhanced", "auto"):
        data = scrape(server, proxy=proxy, profile={"name": "shop", "saveChanges": False}, auditMetadata={"username": "alice"})
        assert data["metadata"]["proxyUsed"] == ("enhanced" if proxy == "enhanced" else "basic")
    assert sum(row["credits"] for row in server.store.ledger.rows(server.api.team_id)) - before == 3  # same cost each
    rows = server.store.scrape_log.rows(server.api.team_id)
    assert [(r["proxy"], r["profile_name"], r["profile_save_changes"], r["audit_username"]) for r in rows] == [
        (p, "shop", 0, "alice") for p in ("basic", "enhanced", "auto")
    ]
    server.api("scrapeUrl", json={"url": "https://secret.example.com/x", "lockdown": True})
    assert server.store.scrape_log.rows(server.api.team_id)[-1]["url"] is None  # lockdown: the URL is not logged


def test_failure_policy_when_the_classifier_is_down(make_server: Any) -> None:
    server = make_server(threat_classifier_down=True)
    api = server.api_for(server.tenant(tp_enabled=True))
    closed = api("scrapeUrl", json={"url": URL, "threatProtection": {"mode": "normal", "failurePolicy": "closed"}})
    assert closed.status_code == 403 and closed.json()["code"] == "THREAT_PROTECTION_URL_BLOCKED"
    opened = api("scrapeUrl", json={"url": URL, "maxAge": 0, "threatProtection": {"mode": "normal", "failurePolicy": "open"}})
    assert opened.status_code == 200 and opened.json()["data"]["metadata"]["creditsUsed"] == 1  # nothing scanned, nothing added


def test_the_classifier_does_not_answer_for_the_unreachable_fixture_host(make_server: Any) -> None:
    """The per-URL fixture of THREAT-07: only that host's scan fails; failurePolicy decides."""
    server = make_server()
    api = server.api_for(server.tenant(tp_enabled=True))
    url = "https://classifier-unreachable.example.com/page"
    closed = api("scrapeUrl", json={"url": url, "threatProtection": {"mode": "normal", "failurePolicy": "closed"}})
    assert closed.status_code == 403 and closed.json()["code"] == "THREAT_PROTECTION_URL_BLOCKED"
    opened = api("scrapeUrl", json={"url": url, "maxAge": 0, "threatProtection": {"mode": "normal", "failurePolicy": "open"}})
    assert opened.status_code == 200 and opened.json()["data"]["metadata"]["creditsUsed"] == 1  # nothing scanned, nothing added
    scanned = api("scrapeUrl", json={"url": URL, "maxAge": 0, "threatProtection": {"mode": "normal", "failurePolicy": "closed"}})
    assert scanned.status_code == 200 and scanned.json()["data"]["metadata"]["creditsUsed"] == 3  # any other host is scanned (+2)


@pytest.fixture
def local_site() -> Iterator[str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<html><head><title>Local</title></head><body><main><h1>Served locally</h1><p>Real fetch.</p></main></body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    port = free_port()
    httpd = http.server.HTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}/page"
    httpd.shutdown()
    httpd.server_close()


def test_real_fetcher_refuses_private_targets(make_server: Any, local_site: str) -> None:
    server = make_server(web="real")
    body = scrape(server, local_site, status=400)
    assert "non-public address" in str(body["details"])


def test_real_fetcher_when_private_targets_are_allowed(make_server: Any, local_site: str) -> None:
    server = make_server(web="real", allow_private_fetch=True)
    data = scrape(server, local_site)
    assert data["markdown"].startswith("# Served locally") and data["metadata"]["title"] == "Local"
