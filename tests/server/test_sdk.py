"""The official Python SDK (firecrawl-py) works against the reference server, over a real socket."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from firecrawl import AsyncFirecrawl, Firecrawl
from firecrawl.v2.types import JsonFormat, PaginationConfig, ScrapeOptions
from firecrawl.v2.utils.error_handler import FirecrawlError

from tests.server.conftest import LiveServer


@pytest.fixture
def sdk(live_server: LiveServer) -> Iterator[Firecrawl]:
    live_server.job_seconds = 0.5
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "sdk", "--plan-tokens", "150000"))["apiKey"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the SDK marks extract as in maintenance
        yield Firecrawl(api_key=key, api_url=live_server.base_url)


def test_extract_start_and_status(sdk: Firecrawl) -> None:
    started = sdk.start_extract(
        ["https://example.com/*", "bad"], prompt="title", schema={"type": "object", "properties": {"title": {"type": "string"}}}, show_sources=True
    )
    assert started.success is True and started.id
    deadline = time.monotonic() + 10
    while (status := sdk.get_extract_status(started.id)).status == "processing" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert status.status == "completed"
    assert status.data == {"title": "title from example.com"}
    assert status.sources == {"title": ["https://example.com/*"]}


def test_token_usage(sdk: Firecrawl) -> None:
    usage = sdk.get_token_usage()
    assert (usage.plan_tokens, usage.remaining_tokens) == (150000, 150000)
    assert usage.billing_period_start and usage.billing_period_end


def test_active_crawls_and_params_preview(sdk: Firecrawl) -> None:
    crawl = sdk.start_crawl("https://example.com", limit=2)
    active = sdk.get_active_crawls()
    assert [c.id for c in active.crawls] == [crawl.id]
    assert active.crawls[0].options is not None and "scrapeOptions" in active.crawls[0].options
    preview = sdk.crawl_params_preview("https://example.com", "only the /blog, up to 50 pages, include subdomains, skip the sitemap")
    assert preview.include_paths == ["blog/.*"]
    assert (preview.limit, preview.allow_subdomains, preview.sitemap) == (50, True, "skip")


def test_historical_credit_usage(sdk: Firecrawl) -> None:
    sdk.batch_scrape(["https://example.com/a", "https://example.com/b"], poll_interval=1, wait_timeout=30)
    periods = sdk.v2.get_credit_usage_historical(by_api_key=True).periods
    assert sum(p.creditsUsed for p in periods) == 2
    assert all((p.apiKey or "").startswith("key_") for p in periods)


def test_cancel_batch_scrape_and_agent(sdk: Firecrawl) -> None:
    batch = sdk.start_batch_scrape(["https://example.com/a"])
    assert sdk.cancel_batch_scrape(batch.id) is True
    agent = sdk.start_agent(urls=None, prompt="find")
    assert sdk.cancel_agent(agent.id) is True
    with pytest.raises(Exception, match="Agent already finished"):
        sdk.cancel_agent(agent.id)


def test_scrape_batch_scrape_and_crawl(sdk: Firecrawl) -> None:
    document = sdk.scrape("https://example.com/pricing", formats=["markdown", "links", {"type": "screenshot", "full_page": True}])
    assert (document.markdown or "").startswith("# example.com/pricing")
    assert "https://example.com/about" in (document.links or [])
    assert (document.screenshot or "").startswith("data:image/jpeg;base64,")
    batch = sdk.batch_scrape(["https://example.com/a", "https://example.com/b"], formats=["markdown"], poll_interval=1, wait_timeout=30)
    assert batch.status == "completed" and [d.metadata_typed.source_url for d in batch.data] == ["https://example.com/a", "https://example.com/b"]
    crawled = sdk.crawl("https://example.com", limit=2, poll_interval=1, timeout=30)
    assert crawled.status == "completed" and len(crawled.data) == 2
    with pytest.raises(Exception, match="404"):
        sdk.scrape("https://example.com/never-cached", lockdown=True)


def test_credit_usage(sdk: Firecrawl) -> None:
    sdk.start_agent(urls=None, prompt="one credit")
    usage = sdk.get_credit_usage()
    assert (usage.plan_credits, usage.remaining_credits) == (10000, 9999)
    assert usage.billing_period_start and usage.billing_period_end


def test_every_format_the_sdk_allows(sdk: Firecrawl) -> None:
    # firecrawl-py sends JsonFormat's unset fields as null, and string forms beyond the seed's six.
    schema = {"type": "object", "properties": {"title": {"type": "string"}}}
    document = sdk.scrape("https://example.com/formats", formats=["markdown", "screenshot", "branding", JsonFormat(type="json", schema=schema)], max_age=0)
    assert document.json == {"title": "example.com/formats"}
    assert (document.screenshot or "").startswith("data:image/jpeg;base64,")
    assert document.branding is not None and document.markdown
    prompted = sdk.scrape("https://example.com/formats", formats=[JsonFormat(type="json", prompt="the title")])
    assert isinstance(prompted.json, dict)
    tracked = sdk.scrape("https://example.com/formats", formats=["markdown", "changeTracking"], max_age=0)
    assert tracked.change_tracking is not None


def test_historical_token_usage(sdk: Firecrawl) -> None:
    sdk.scrape("https://example.com/tokens")
    periods = sdk.v2.get_token_usage_historical(by_api_key=True).periods
    assert periods and all(p.startDate and p.endDate for p in periods)
    assert sum(p.tokensUsed for p in periods) == 15  # one credit, at 15 tokens per credit
    assert periods == sorted(periods, key=lambda p: p.startDate or "")


def test_historical_usage_names_keys_by_identifier(sdk: Firecrawl) -> None:
    sdk.start_agent(urls=None, prompt="charge")
    periods = sdk.v2.get_credit_usage_historical(by_api_key=True).periods
    assert periods and all((p.apiKey or "").startswith("key_") for p in periods)
    assert sdk.v2.http_client.api_key not in {p.apiKey for p in periods}


@pytest.mark.parametrize("kind", ["crawl", "batch"])
def test_watcher_follows_a_job_over_websocket(sdk: Firecrawl, live_server: LiveServer, kind: str) -> None:
    job = sdk.start_crawl("https://example.com", limit=2) if kind == "crawl" else sdk.start_batch_scrape(["https://example.com/a", "https://example.com/b"])
    done = threading.Event()
    finished: list[dict[str, Any]] = []
    watcher = sdk.watcher(job.id, kind=kind, poll_interval=5, timeout=30)

    def on_done(detail: dict[str, Any]) -> None:
        finished.append(detail)
        done.set()

    watcher.add_event_listener("done", on_done)
    watcher.start()
    try:
        assert done.wait(30), "the watcher never finished"
    finally:
        watcher.stop()
    assert finished[0]["status"] == "completed" and len(finished[0]["data"]) == 2
    assert live_server.process is not None and live_server.process.stdout is not None
    live_server.process.terminate()
    log = live_server.process.stdout.read().decode()
    path = "/v2/crawl/" if kind == "crawl" else "/v2/batch/scrape/"
    # The watcher got its result over the socket, not by falling back to polling.
    assert f'"WebSocket {path}{job.id}" [accepted]' in log, log[-3000:]


def test_status_reads_waits_and_cancels(sdk: Firecrawl) -> None:
    batch = sdk.start_batch_scrape(["https://example.com/a"])
    batch_status = sdk.get_batch_scrape_status(batch.id)
    assert batch_status.total == 1 and batch_status.status in ("scraping", "completed")
    crawl = sdk.start_crawl("https://example.com", limit=2)
    assert sdk.get_crawl_status(crawl.id).total in (0, 1, 2)  # pages are discovered as it runs
    assert sdk.cancel_crawl(crawl.id) is True
    assert sdk.get_crawl_status(crawl.id).status == "cancelled"
    agent = sdk.start_agent(urls=None, prompt="find the price")
    agent_status = sdk.get_agent_status(agent.id)
    assert agent_status.id == agent.id and agent_status.status in ("processing", "completed")
    finished = sdk.agent(urls=None, prompt="find the price", poll_interval=1, timeout=30)
    assert finished.status == "completed" and finished.data is not None
    extracted = sdk.extract(urls=["https://example.com"], prompt="title", poll_interval=1, timeout=30)
    assert extracted.status == "completed"
    assert extracted.data == {"summary": "Extracted from 1 URL(s)", "prompt": "title", "urls": ["https://example.com"]}


def test_async_watcher_follows_a_crawl_over_websocket(sdk: Firecrawl, live_server: LiveServer) -> None:
    async def follow() -> tuple[str, list[Any]]:
        client = AsyncFirecrawl(api_key=sdk.v2.http_client.api_key, api_url=live_server.base_url)
        job = await client.start_crawl("https://example.com", limit=2)
        snapshots = [snapshot async for snapshot in client.watcher(job.id, kind="crawl", poll_interval=5, timeout=30)]
        return job.id, snapshots

    job_id, snapshots = asyncio.run(follow())
    assert snapshots[-1].status == "completed" and len(snapshots[-1].data) == 2
    assert live_server.process is not None and live_server.process.stdout is not None
    live_server.process.terminate()
    assert f'"WebSocket /v2/crawl/{job_id}" [accepted]' in live_server.process.stdout.read().decode()


def test_auto_pagination_over_a_multi_page_crawl(sdk: Firecrawl) -> None:
    # 25 pages are three status pages at the server's default page size of 10.
    crawled = sdk.crawl("https://example.com", limit=25, poll_interval=1, timeout=60)
    urls = [d.metadata_typed.source_url for d in crawled.data]
    assert crawled.status == "completed" and crawled.total == 25
    assert len(urls) == 25 and len(set(urls)) == 25 and urls[0] == "https://example.com"
    first = sdk.get_crawl_status(crawled.id, pagination_config=PaginationConfig(auto_paginate=False))
    assert len(first.data) == 10 and first.next is not None and "skip=10" in first.next
    second = sdk.v2.get_crawl_status_page(first.next)
    assert [d.metadata_typed.source_url for d in second.data] == urls[10:20]
    capped = sdk.get_crawl_status(crawled.id, pagination_config=PaginationConfig(max_results=12))
    assert [d.metadata_typed.source_url for d in capped.data] == urls[:12]


def test_auto_pagination_while_a_crawl_runs(sdk: Firecrawl) -> None:
    # What the SDK joins from the pages read while the crawl runs is, each time, a prefix of what it returns at the end.
    started = sdk.start_crawl("https://example.com", limit=25)
    reads: list[list[str | None]] = []
    completed: list[int] = []
    deadline = time.monotonic() + 30
    while (status := sdk.get_crawl_status(started.id)).status == "scraping" and time.monotonic() < deadline:
        reads.append([d.metadata_typed.source_url for d in status.data])
        completed.append(status.completed)
        assert len(reads[-1]) >= status.completed
        time.sleep(0.02)
    final = [d.metadata_typed.source_url for d in status.data]
    assert status.status == "completed" and len(final) == len(set(final)) == 25
    assert completed == sorted(completed), "completed went down"
    assert all(read == final[: len(read)] for read in reads)


def test_batch_scrape_pages_through_next(sdk: Firecrawl) -> None:
    urls = [f"https://example.com/item-{i}" for i in range(12)]
    batch = sdk.batch_scrape(urls, formats=["markdown"], poll_interval=1, wait_timeout=60)
    assert batch.status == "completed" and [d.metadata_typed.source_url for d in batch.data] == urls
    started = sdk.start_batch_scrape(urls)
    one_page = PaginationConfig(auto_paginate=False)
    deadline = time.monotonic() + 30
    while (first := sdk.get_batch_scrape_status(started.id, pagination_config=one_page)).status == "scraping" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert first.status == "completed" and len(first.data) == 10 and first.next is not None and "skip=10" in first.next


def test_crawl_errors_and_concurrency(sdk: Firecrawl) -> None:
    crawled = sdk.crawl("https://example.com", limit=100, max_discovery_depth=2, poll_interval=1, timeout=60)
    errors = sdk.get_crawl_errors(crawled.id)
    assert [e.url for e in errors.errors] == ["https://example.com/docs/broken"]
    assert errors.robots_blocked == ["https://example.com/private"]
    concurrency = sdk.get_concurrency()
    assert (concurrency.concurrency, concurrency.max_concurrency) == (0, 0)  # nothing running; 0: the plan sets no limit


def test_map_with_the_sdks_options(sdk: Firecrawl) -> None:
    mapped = sdk.map("https://example.com", limit=8, sitemap="include", include_subdomains=False, search="docs")
    assert len(mapped.links) == 8 and mapped.links[0].url == "https://example.com/docs"
    assert mapped.links[0].title == "example.com/docs" and all("status.example.com" not in link.url for link in mapped.links)
    only = sdk.map("https://example.com", sitemap="only")
    assert only.links[-1].url == "https://example.com/landing/summer"


def test_search_with_sources_and_scrape_options(sdk: Firecrawl) -> None:
    found = sdk.search("coffee recipes", limit=2, sources=["web", "news", "images"])
    # The second result is the topic's community thread on a site the service does not scrape.
    assert [r.url for r in found.web or []] == ["https://coffee-recipes.example.com/", "https://www.reddit.com/r/coffeerecipes/"]
    assert found.news and found.news[0].url == "https://coffee-recipes.example.com/blog" and found.news[0].date
    assert found.images and found.images[0].image_url == "https://coffee-recipes.example.com/images/hero.png"
    scraped = sdk.search("python", limit=2, scrape_options=ScrapeOptions(formats=["markdown"]))
    documents = scraped.web or []
    # Unfiltered, the blocked thread comes back unscraped with the reason, as from the service.
    # (firecrawl-py reads a result without formats as a plain SearchResultWeb: the error is dropped.)
    assert getattr(documents[0], "markdown", None) and not getattr(documents[1], "markdown", None)
    assert documents[1].url == "https://www.reddit.com/r/pythontutorials/"
    kept = sdk.search("python", limit=2, ignore_invalid_urls=True, scrape_options=ScrapeOptions(formats=["markdown"])).web or []
    assert len(kept) == 2 and all(getattr(d, "markdown", None) and d.metadata and "reddit" not in str(d.metadata.source_url) for d in kept)
    domains = sdk.search("python rust coffee", limit=20, include_domains=["rust-guide.example.com"])
    assert domains.web and all(r.url.startswith("https://rust-guide.example.com/") for r in domains.web)


def test_async_map_and_search(live_server: LiveServer) -> None:
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "async", "--plan-tokens", "150000"))["apiKey"]

    async def main() -> tuple[int, int]:
        client = AsyncFirecrawl(api_key=key, api_url=live_server.base_url)
        mapped = await client.map("https://example.com", limit=3)
        found = await client.search("gardening", limit=3)
        return len(mapped.links), len(found.web or [])

    assert asyncio.run(main()) == (3, 3)


def test_parse_a_file_and_list_the_formats(sdk: Firecrawl, tmp_path: Any) -> None:
    from firecrawl.v2.types import PDFParser
    from firecrawl.v2.utils.error_handler import FirecrawlError
    from webdata_server.samples import FOLDER

    document = sdk.parse(str(FOLDER / "report.pdf"), options=ScrapeOptions(formats=["markdown"], parsers=[PDFParser(max_pages=2, page_markers=True)]))
    assert document.markdown is not None and document.markdown.startswith("# Quarterly Report")
    assert "<!-- page 2 -->" in document.markdown
    assert document.metadata is not None and document.metadata.num_pages == 2 and document.metadata.credits_used == 2
    memo = sdk.parse((FOLDER / "memo.docx").read_bytes(), filename="memo.docx")
    assert memo.markdown is not None and "| Release notes | Ada |" in memo.markdown
    # The SDK's own default parsers (pdf and image) are taken.
    default = sdk.parse(FOLDER / "notes.md", options=ScrapeOptions(parsers=["pdf", "image"]))
    assert default.markdown == (FOLDER / "notes.md").read_text()
    formats = {item.format: item for item in sdk.get_parse_formats()}
    assert formats["pdf"].available and formats["pdf"].mime_types == ["application/pdf"] and formats["png"].kind == "image"
    with pytest.raises(FirecrawlError) as refused:
        sdk.parse(b"7z\xbc\xaf", filename="archive.7z")
    assert refused.value.status_code == 400 and "Unsupported upload type" in str(refused.value)


def test_async_parse(live_server: LiveServer) -> None:
    from webdata_server.samples import FOLDER

    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "sdk", "--plan-tokens", "150000"))["apiKey"]

    async def run() -> tuple[str | None, int]:
        client = AsyncFirecrawl(api_key=key, api_url=live_server.base_url)
        document = await client.parse(FOLDER / "prices.xlsx")
        return document.markdown, len(await client.get_parse_formats())

    markdown, count = asyncio.run(run())
    assert markdown is not None and "| Pro | 12 | USD |" in markdown and count > 10


def test_every_interact_and_browser_method(sdk: Firecrawl) -> None:
    """firecrawl-py 4.55's interact methods (and their deprecated aliases) and browser methods: the
    SDK ships no end-to-end test of its own for them (only request-preparation unit tests), so each
    is called here with the arguments its docstrings show."""
    document = sdk.scrape("https://shop.example.com/app/login", formats=["markdown"], profile={"name": "sdk-shop"})
    scrape_id = document.metadata.scrape_id if document.metadata else None
    assert scrape_id
    signed = sdk.interact(scrape_id, "await page.fill('#username', 'ada'); await page.fill('#password', 'secret'); await page.click('#sign-in'); page.url()")
    assert signed.success is True and signed.result == "https://shop.example.com/app/account" and signed.exit_code == 0
    python = sdk.scrape_execute(scrape_id, "await page.text_content('#greeting')", language="python", timeout=10)
    assert python.result == "Signed in as ada."
    asked = sdk.interact(scrape_id, prompt="What does the page say?")
    assert asked.output == "Account Signed in as ada. Sign out"
    # A failed run is 200 with success false; the SDK raises on it with the run's error.
    with pytest.raises(FirecrawlError, match="#nope"):
        sdk.interact(scrape_id, "await page.click('#nope')")
    stopped = sdk.stop_interaction(scrape_id)
    assert stopped.success is True and stopped.credits_billed == 7 and stopped.session_duration_ms is not None
    # The deprecated aliases reach the same routes: the session has ended, nothing more is billed.
    assert sdk.delete_scrape_browser(scrape_id).credits_billed is None
    assert sdk.stop_interactive_browser(scrape_id).success is True
    # The profile was saved when the session stopped: a later scrape with it is signed in.
    again = sdk.scrape("https://shop.example.com/app/account", formats=["markdown"], profile={"name": "sdk-shop", "save_changes": False})
    assert "Signed in as ada." in (again.markdown or "")

    created = sdk.browser(ttl=120, activity_ttl=60, stream_web_view=False, block_ads=True, location={"country": "GB"})
    assert created.success is True and created.id and created.cdp_url and created.expires_at
    ran = sdk.browser_execute(created.id, "agent-browser open https://shop.example.com/app/listing && agent-browser get title")
    assert ran.success is True and ran.result == "Products, page 1 of 3" and ran.exit_code == 0
    node = sdk.browser_execute(created.id, "await page.locator('li.product').count()", language="node")
    assert node.result == "10"
    active = sdk.list_browsers(status="active")
    assert [s.id for s in active.sessions or []] == [created.id]
    assert active.sessions and active.sessions[0].stream_web_view is False
    deleted = sdk.delete_browser(created.id)
    assert deleted.success is True and deleted.status == "stopped" and deleted.credits_billed == 2
    assert {s.id for s in sdk.list_browsers(status="destroyed").sessions or []} >= {created.id}
    assert len(sdk.list_browsers().sessions or []) == 2


def test_async_interact_and_browser(live_server: LiveServer) -> None:
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "async-interact", "--plan-tokens", "150000"))["apiKey"]

    async def main() -> None:
        client = AsyncFirecrawl(api_key=key, api_url=live_server.base_url)
        document = await client.scrape("https://a.example.com/app/cart", formats=["markdown"])
        scrape_id = document.metadata.scrape_id if document.metadata else ""
        added = await client.interact(scrape_id, "agent-browser click '.add-to-cart' && agent-browser get text '#cart-count'", language="bash")
        assert added.result == "1"
        assert (await client.stop_interaction(scrape_id)).credits_billed == 2
        created = await client.browser()
        ran = await client.browser_execute(created.id or "", "agent-browser get url")
        assert ran.result == "about:blank"
        assert (await client.list_browsers()).sessions
        assert (await client.delete_browser(created.id or "")).success is True

    asyncio.run(main())


def test_queue_status(sdk: Firecrawl) -> None:
    before = sdk.get_queue_status()
    assert (before.jobs_in_queue, before.active_jobs_in_queue, before.waiting_jobs_in_queue, before.most_recent_success) == (0, 0, 0, None)
    sdk.scrape("https://example.com/queue-status", formats=["markdown"])
    sdk.start_batch_scrape([f"https://example.com/queue/{n}" for n in range(3)])
    after = sdk.get_queue_status()
    assert after.jobs_in_queue >= 1 and after.most_recent_success is not None
    assert after.active_jobs_in_queue + after.waiting_jobs_in_queue == after.jobs_in_queue


# Where each format has something to read (the synthetic web's product, menu and media pages).
_PAGE_FOR = {
    "product": "https://shop.acme.com/products/trail-runner",
    "menu": "https://bistro.example.com/menu",
    "audio": "https://example.com/media/a",
    "video": "https://example.com/media/a",
}
# A format string whose object has a required field: the service refuses the bare name (400), as here.
# (json: firecrawl-py itself refuses the bare name.)
_NEEDS_FIELDS = {"attributes": "selectors", "query": "prompt", "json": "schema"}


def test_every_format_string_of_the_sdk_fills_its_field(sdk: Firecrawl) -> None:
    """Every name of firecrawl-py's FormatString, read from the SDK itself: a new name in a new
    release fails here until the contract and the server take it."""
    import typing

    from firecrawl.v2 import types as sdk_types

    names = typing.get_args(sdk_types.FormatString)
    assert {"attributes", "product", "menu", "audio", "video"} <= set(names)
    for name in names:
        url = _PAGE_FOR.get(name, "https://example.com/format-sweep")
        if name in _NEEDS_FIELDS:
            with pytest.raises((FirecrawlError, ValueError), match=rf"(?i)bad request|{_NEEDS_FIELDS[name]}|{name}"):
                sdk.scrape(url, formats=["markdown", name])
            continue
        document = sdk.scrape(url, formats=["markdown", name])
        field = {"rawHtml": "raw_html", "changeTracking": "change_tracking"}.get(name, name)
        assert getattr(document, field, None) is not None, f"{name}: the document has no {field}"


def test_every_format_object_of_the_sdk_fills_its_field(sdk: Firecrawl) -> None:
    from firecrawl.v2 import types as sdk_types

    made: dict[str, Any] = {
        # firecrawl-py 4.55 sends an AttributesFormat model as the bare name "attributes", which the
        # service refuses (selectors are required): the dict form is what works with it (below).
        "AttributesFormat": {"type": "attributes", "selectors": [{"selector": "li.variant", "attribute": "data-sku"}]},
        "QuestionFormat": sdk_types.QuestionFormat(question="What does it cost?"),
        "HighlightsFormat": sdk_types.HighlightsFormat(query="sizes in stock"),
        "QueryFormat": sdk_types.QueryFormat(prompt="price", mode="directQuote"),
        "JsonFormat": sdk_types.JsonFormat(schema={"type": "object", "properties": {"title": {"type": "string"}}}),
        "ChangeTrackingFormat": sdk_types.ChangeTrackingFormat(modes=["git-diff"]),
    }
    # Every format object the SDK defines is here: a new one fails this line until it is added above.
    assert {cls.__name__ for cls in sdk_types.Format.__subclasses__()} == set(made)
    url = _PAGE_FOR["product"]
    document = sdk.scrape(url, formats=["markdown", *made.values()], max_age=0)
    assert (document.answer or "").startswith("Price: $")  # the first answer format asked (question) answers
    assert document.highlights is not None and "Size S" in document.highlights
    assert document.json == {"title": "Trail Runner | Acme"} and document.change_tracking is not None
    # firecrawl-py's Document has no attributes field (firecrawl-js's has): the raw answer carries them.
    raw = _http(sdk).post("/v2/scrape", {"url": url, "formats": [made["AttributesFormat"]]}).json()
    assert raw["data"]["attributes"] == [{"selector": "li.variant", "attribute": "data-sku", "values": ["TRA-S", "TRA-M", "TRA-L"]}]
    model = sdk_types.AttributesFormat(selectors=[sdk_types.AttributeSelector(selector="li.variant", attribute="data-sku")])
    with pytest.raises(FirecrawlError, match="'attributes' is not valid"):  # sent as "attributes": refused, as the service refuses it
        sdk.scrape(url, formats=[model])


def _http(sdk: Firecrawl) -> Any:
    """The SDK's own HTTP client (its base URL, key and headers)."""
    return sdk._v2_client.http_client


def test_agent_list_trace_snapshot_and_thread(sdk: Firecrawl) -> None:
    """firecrawl-py's agent methods beyond start and status, parsed by its own types."""
    schema = {"type": "object", "properties": {"plan": {"type": "string"}, "price": {"type": "number"}}}
    first = sdk.agent(urls=["https://shop.example.com/pricing"], prompt="the plan and its price", schema=schema, poll_interval=1, timeout=30)
    assert first.status == "completed" and first.thread_id == first.id and first.thread_turn == 1
    chat = sdk.agent(urls=None, prompt="and per year?", thread_id=first.thread_id, mode="chat", poll_interval=1, timeout=30)
    assert chat.thread_turn == 2 and chat.message and chat.data is None
    listed = sdk.list_agents()
    assert [a.id for a in listed.agents or []] == [chat.id, first.id] and listed.next is None
    assert (listed.agents or [])[1].target_hint == "https://shop.example.com/pricing"
    trace = sdk.get_agent_trace(first.id, live_view=True)
    assert trace.active_browser_sessions == [] and (trace.events or [])[-1].type == "run.finished"
    last = [e for e in trace.events or [] if e.type == "artifact.updated"][-1]
    snapshot = sdk.get_agent_snapshot(first.id, last.artifact.snapshot_id)
    assert json.loads(snapshot.snapshot or "") == first.data
    thread = sdk.get_agent_thread(first.thread_id or "", include_data=True).thread
    assert thread is not None and thread.status == "idle" and [r.turn for r in thread.runs or []] == [1, 2]
    assert (thread.runs or [])[0].data == first.data and (thread.runs or [])[1].message == chat.message


def test_developer_gov_and_research_indexes(sdk: Firecrawl) -> None:
    """firecrawl-py's index methods (issue 55 item 3), parsed by its own types where it has them."""
    found = sdk.developer_search(
        "memory leak parsing large JSON", k=2, passages=2, types=["issue", "pull_request"], language="python", min_stars=100, fork=False
    )
    assert [r.url for r in found.results] == ["https://github.com/example-labs/fastparse/issues/12", "https://github.com/example-labs/fastparse/pull/15"]
    assert len(found.results[0].passages) == 2 and found.results[0].license is not None
    status = sdk.developer_search("crawl", repos=["crawlkit/crawlkit"], sources=["rust-book"])
    assert status.repos is not None and status.repos[0].indexed and status.repos[0].types.pull_request
    assert status.sources is not None and status.sources[0].indexed
    gov = sdk.gov_search("civil rights police search", k=5, court_type="federal-appellate", cites="42 U.S.C. § 1983")
    assert [r.url for r in gov.data.web] == ["https://courtlistener.example.com/opinion/ca9/2019/doe-v-city-of-oakland/"]
    papers = sdk.search_papers("off-target editing T cells", k=2, authors=["smith"], categories=["q-bio.GN"], from_date="2021-01-01", sort="relevance")
    assert [p["primaryId"] for p in papers["results"]] == ["pmid:34000001", "pmid:36000005"]
    paper = sdk.inspect_paper("https://arxiv.org/abs/2101.00001")["paper"]
    assert paper["paperId"] == "7001000001" and paper["createdDate"] == "2021-01-04"
    read = sdk.read_paper("pmid:34000001", "primary endpoint and hazard ratio", k=1)
    assert read["passages"][0]["text"].startswith("Primary endpoint")
    related = sdk.related_papers("7001000002", "long-read sequencing", mode="citers", k=5, rerank=True, anchor=["doi:10.1000/tau.2022.2"])
    assert {p["paperId"] for p in related["results"]} == {"7001000005", "7001000006"} and related["poolSize"] == 2
    with pytest.warns(FutureWarning), pytest.raises(Exception) as gone:
        sdk.search_github("pysam VCF parsing", k=3)
    assert getattr(gone.value, "status_code", None) == 410 and "developer" in str(gone.value)


def test_search_with_the_alexandria_source(sdk: Firecrawl) -> None:
    """firecrawl-py's search with the alexandria source (issue 55 item 3): the catalogue's tools,
    parsed by the SDK's own DiscoveredTool; with web results and domainTools, the sites' tools too."""
    found = sdk.search("company filings 10-K", sources=["alexandria"], tool_detail="full")
    assert found.web is None and found.tools and found.tools[0].provider == "sec-filings" and found.tools[0].capability == "filings/search"
    assert found.tools[0].credits_cost == 1 and found.tools[0].next == {"provider": "sec-filings", "capability": "filings/search", "options": {}}
    assert [o["name"] for o in found.tools[0].options] == ["company", "form", "limit"] and found.tools[0].matched_by == ["semantic"]
    both = sdk.search("climate weather history", sources=["web", "alexandria"], domain_tools=True, limit=2)
    assert both.web and any(t.matched_by == ["semantic", "domain"] and t.matched_urls for t in both.tools or [])
