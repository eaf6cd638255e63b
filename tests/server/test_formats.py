"""The formats after branding (seed §2.3 "not shown": the service decides): attributes, product,
menu, audio, video, question, highlights, the deprecated query and deterministicJson, read from the
synthetic web's product, menu and media pages, through every operation that scrapes."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from webdata_server import structured, verticals
from webdata_server.content import parse_html

from tests.server.conftest import Server
from tests.server.test_jobs import _wait_for
from tests.server.test_parse import parse

SHOP = "https://shop.acme.com/products/trail-runner"
MENU = "https://bistro.example.com/menu"
MEDIA = "https://example.com/media/launch-video"


def _scrape(server: Server, url: str, formats: list[Any], **options: Any) -> dict[str, Any]:
    answered = server.api("scrapeUrl", json={"url": url, "formats": formats, **options})
    assert answered.status_code == 200, answered.text
    data: dict[str, Any] = answered.json()["data"]
    return data


def test_a_product_page_gives_its_product_and_a_plain_page_the_services_warning(server: Server) -> None:
    facts = verticals.product_facts(SHOP)
    document = _scrape(server, SHOP, ["product"])
    product = document["product"]
    assert (product["title"], product["brand"], product["category"], product["url"]) == ("Trail Runner", "Acme", facts.category, SHOP)
    assert [(v["values"]["size"], v["availability"]["inStock"]) for v in product["variants"]] == facts.sizes
    assert {v["price"]["amount"] for v in product["variants"]} == {facts.cents / 100}
    assert all(("sale" in v) == bool(facts.original_cents) for v in product["variants"])
    assert "markdown" not in document and "warning" not in document
    plain = _scrape(server, "https://example.com/", ["product", "menu"])
    assert "product" not in plain and "menu" not in plain
    assert plain["warning"] == f"{structured.NO_MENU} {structured.NO_PRODUCT}"


def test_a_sale_reads_the_strikethrough_price_as_the_original(server: Server) -> None:
    on_sale = next(
        f"https://shop.acme.com/products/item-{n}" for n in range(100) if verticals.product_facts(f"https://shop.acme.com/products/item-{n}").original_cents
    )
    facts = verticals.product_facts(on_sale)
    variant = _scrape(server, on_sale, ["product"])["product"]["variants"][0]
    assert variant["sale"]["originalPrice"]["amount"] == facts.original_cents / 100


def test_a_menu_page_gives_its_sections_items_prices_and_dietary_marks(server: Server) -> None:
    menu = _scrape(server, MENU, ["menu"])["menu"]
    prices = verticals.menu_facts(MENU).prices
    assert menu["isMenu"] is True and menu["merchant"]["name"] == "Example Kitchen" and menu["sourceUrl"] == MENU
    assert [s["name"] for s in menu["sections"]] == [name for name, _ in verticals.MENU_SECTIONS]
    items = {i["name"]: i for s in menu["sections"] for i in s["items"]}
    assert {name: round(i["price"]["amount"] * 100) for name, i in items.items()} == prices
    assert items["Chickpea Curry"]["dietary"] == ["vegan", "gluten-free"] and items["Chickpea Curry"]["calories"] == 520


def test_audio_and_video_of_a_media_page_and_the_services_422_elsewhere(server: Server) -> None:
    document = _scrape(server, MEDIA, ["audio", "video"])
    assert document["audio"] == "https://example.com/media/files/launch-video.mp3"
    assert document["video"] == "https://example.com/media/files/launch-video.mp4"
    assert [v["url"] for v in document["videos"]] == [document["video"]] and document["videos"][0]["sourceURL"] == MEDIA
    assert document["metadata"]["creditsUsed"] == 1 + 4 + 4
    assert "video" not in _scrape(server, "https://example.com/", ["video"])
    before = server.api("getCreditUsage").json()["data"]["remainingCredits"]
    refused = server.api("scrapeUrl", json={"url": "https://example.com/", "formats": ["audio"]})
    assert refused.status_code == 422
    assert refused.json() == {"success": False, "code": "SCRAPE_AUDIO_UNSUPPORTED_URL", "error": "The audio format does not support the provided URL"}
    assert server.api("getCreditUsage").json()["data"]["remainingCredits"] == before


def test_attributes_give_one_entry_per_selector_from_the_cleaned_page(server: Server) -> None:
    selectors = [
        {"selector": "li.variant", "attribute": "data-sku"},
        {"selector": "img.product-image", "attribute": "src"},
        {"selector": "li.variant", "attribute": "data-missing"},
        {"selector": "[[nonsense", "attribute": "id"},
    ]
    document = _scrape(server, SHOP, [{"type": "attributes", "selectors": selectors}])
    found = document["attributes"]
    assert [(a["selector"], a["attribute"]) for a in found] == [(s["selector"], s["attribute"]) for s in selectors]
    assert found[0]["values"] == ["TRA-S", "TRA-M", "TRA-L"]
    assert found[1]["values"] == verticals.product_facts(SHOP).images
    assert found[2]["values"] == [] and found[3]["values"] == []
    # From the cleaned HTML: the header is not main content.
    header = _scrape(server, SHOP, [{"type": "attributes", "selectors": [{"selector": "header a", "attribute": "href"}]}])
    assert header["attributes"][0]["values"] == []
    whole = _scrape(server, SHOP, [{"type": "attributes", "selectors": [{"selector": "header a", "attribute": "href"}]}], onlyMainContent=False)
    assert whole["attributes"][0]["values"] == ["https://shop.acme.com/"]


def test_question_and_highlights_quote_the_page_and_cost_four_credits_each(server: Server) -> None:
    document = _scrape(
        server, SHOP, ["markdown", {"type": "question", "question": "What does it cost?"}, {"type": "highlights", "query": "which sizes are in stock"}]
    )
    cents = verticals.product_facts(SHOP).cents
    assert document["answer"] == f"Price: ${cents // 100}.{cents % 100:02d}"
    lines = document["highlights"].split("\n")
    assert len(lines) == 3 and all(line in document["markdown"] and "Size" in line for line in lines)
    assert document["metadata"]["creditsUsed"] == 1 + 4 + 4
    unknown = _scrape(server, SHOP, [{"type": "question", "question": "Who is the CEO?"}, {"type": "highlights", "query": "warranty terms"}])
    assert unknown["answer"] == structured.NOT_ON_PAGE and unknown["highlights"] == ""
    assert "markdown" not in unknown


def test_the_deprecated_query_answers_in_both_modes_and_shares_the_questions_charge(server: Server) -> None:
    freeform = _scrape(server, SHOP, [{"type": "query", "prompt": "price"}, {"type": "question", "question": "price"}])
    assert freeform["answer"].startswith("Price: $") and freeform["metadata"]["creditsUsed"] == 1 + 4
    quoted = _scrape(server, SHOP, [{"type": "query", "prompt": "sizes in stock", "mode": "directQuote"}])
    assert quoted["answer"].count("\n") == 2


def test_a_question_under_zero_data_retention_is_skipped_with_the_services_warning(server: Server) -> None:
    document = _scrape(server, SHOP, [{"type": "question", "question": "price"}], zeroDataRetention=True)
    assert "answer" not in document and document["warning"] == "Query mode is not supported with zero data retention."


def test_deterministic_json_fills_json_at_ten_credits(server: Server) -> None:
    schema = {"type": "object", "properties": {"title": {"type": "string"}}}
    document = _scrape(server, "https://example.com/dj", [{"type": "deterministicJson", "schema": schema}])
    assert document["json"] == {"title": "example.com/dj"} and document["metadata"]["creditsUsed"] == 10


@pytest.mark.parametrize(
    ("formats", "message"),
    [
        (["rawBase64", "markdown"], "The rawBase64 format cannot be combined with other formats"),
        (["json", "deterministicJson"], "Cannot specify both json and deterministicJson formats"),
        (["attributes"], None),
        ([{"type": "question", "question": ""}], None),
        ([{"type": "highlights"}], None),
        ([{"type": "attributes", "selectors": [{"selector": "a"}]}], None),
        ([{"type": "product", "extra": True}], None),
    ],
)
def test_what_the_service_refuses_is_refused(server: Server, formats: list[Any], message: str | None) -> None:
    refused = server.api("scrapeUrl", json={"url": "https://example.com/", "formats": formats})
    assert refused.status_code == 400, refused.text
    if message is not None:
        assert refused.json()["error"] == message


def test_every_new_variant_works_through_batch_scrape_crawl_and_search(make_server: Any) -> None:
    server = make_server(job_seconds=0.2)
    formats = ["product", {"type": "question", "question": "price"}]
    batch = server.api("startBatchScrape", json={"urls": [MEDIA, "https://example.com/media/a"], "formats": ["audio", "video"]}).json()["id"]
    done = _wait_for(server.api, "getBatchScrapeStatus", "completed", id=batch)
    assert [d.get("audio", "").endswith(".mp3") for d in done["data"]] == [True, True]
    assert done["creditsUsed"] == 2 * (1 + 4 + 4)
    crawl = server.api("startCrawl", json={"url": SHOP, "limit": 1, "scrapeOptions": {"formats": formats}}).json()["id"]
    page = _wait_for(server.api, "getCrawlStatus", "completed", id=crawl)["data"][0]
    assert page["product"]["title"] == "Trail Runner" and page["answer"].startswith("Price: $")
    found = server.api("searchWeb", json={"query": "example", "limit": 2, "scrapeOptions": {"formats": [{"type": "highlights", "query": "features"}]}})
    assert found.status_code == 200, found.text
    scraped = [result for result in found.json()["data"]["web"] if "error" not in result["metadata"]]  # a blocklisted result is not scraped
    assert scraped and all(result["highlights"] == "## Features" for result in scraped)


def test_a_failed_audio_page_is_a_batch_error_not_a_failed_job(make_server: Any) -> None:
    server = make_server(job_seconds=0.2)
    batch = server.api("startBatchScrape", json={"urls": ["https://example.com/plain", "https://example.com/media/b"], "formats": ["audio"]}).json()["id"]
    done = _wait_for(server.api, "getBatchScrapeStatus", "completed", id=batch)
    assert [d["metadata"]["sourceURL"] for d in done["data"]] == ["https://example.com/media/b"]
    errors = server.api("getBatchScrapeErrors", id=batch).json()["errors"]
    assert [e["url"] for e in errors] == ["https://example.com/plain"] and "audio format does not support" in errors[0]["error"]


def test_parse_reads_an_uploaded_product_page_and_refuses_audio_as_the_service(server: Server) -> None:
    html = verticals.page(SHOP).encode()
    parsed = parse(server, "p.html", html, "text/html", {"formats": ["product", {"type": "highlights", "query": "sizes"}]})
    assert parsed.status_code == 200, parsed.text
    assert parsed.json()["data"]["product"]["title"] == "Trail Runner" and "Size S" in parsed.json()["data"]["highlights"]
    audio = parse(server, "p.html", html, "text/html", {"formats": ["audio"]})
    assert audio.status_code == 422 and audio.json()["code"] == "SCRAPE_AUDIO_UNSUPPORTED_URL"


def test_the_structured_readers_take_any_page_not_only_synthetic_ones() -> None:
    page = """<html><head><script type="application/ld+json">{"@graph": [{"@type": "WebSite"},
      {"@type": "Product", "name": "Mug", "brand": "Kiln", "offers": {"@type": "AggregateOffer", "offers": [
        {"@type": "Offer", "sku": "MUG-1", "price": "12", "priceCurrency": "EUR", "availability": "http://schema.org/OutOfStock"}]}}]}</script>
      <script type="application/ld+json">not json</script></head><body><video src="/v.webm" width="640"></video></body></html>"""
    product = structured.product(structured.json_ld(page), "https://kiln.example/mug")
    assert product is not None and product["brand"] == "Kiln"
    assert product["variants"] == [
        {
            "availability": {"inStock": False, "text": "OutOfStock"},
            "sku": "MUG-1",
            "id": "MUG-1",
            "price": {"amount": 12.0, "currency": "EUR", "formatted": "€12.00"},
        }
    ]
    assert structured.media(page, "https://kiln.example/mug").videos[0]["url"] == "https://kiln.example/v.webm"
    assert structured.menu(structured.json_ld(page), "https://kiln.example/mug") is None
    root = parse_html("<main><a id=x href=/a class='b c'>1</a><a>2</a></main>")
    chosen = type("S", (), {"selector": "a", "attribute": "class"})
    assert structured.attributes(root, [chosen])[0] == [{"selector": "a", "attribute": "class", "values": ["b c"]}]


def test_a_parsed_documents_scrape_id_is_a_uuid(server: Server) -> None:
    """As every document's (DocumentMetadata.scrapeId is a UUID): found by the suite's stateful run."""
    parsed = parse(server, "a.html", b"<p>x</p>", "text/html")
    assert str(uuid.UUID(parsed.json()["data"]["metadata"]["scrapeId"])) == parsed.json()["data"]["metadata"]["scrapeId"]
