"""Calls LangChain's Firecrawl loader in its five modes and its five tools against the server at
argv[1] (FIRECRAWL_API_KEY in the environment); prints {name: {ok, value | error}} as JSON."""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any

from langchain_firecrawl import FirecrawlCrawl, FirecrawlExtract, FirecrawlLoader, FirecrawlMap, FirecrawlScrape, FirecrawlSearch  # type: ignore[import-not-found]  # installed by the test into its own folder

URL = sys.argv[1]
results: dict[str, Any] = {}


def record(name: str, call: Any) -> None:
    try:
        value = call()
        if isinstance(value, Exception):  # a tool hands its failure back as its answer
            raise value
        results[name] = {"ok": True, "value": json.loads(json.dumps(value, default=str))}
    except Exception as error:
        results[name] = {"ok": False, "error": f"{type(error).__name__}: {error}", "trace": traceback.format_exc()[-1500:]}


def docs(loader: FirecrawlLoader) -> list[dict[str, Any]]:
    return [{"page_content": d.page_content, "metadata": d.metadata} for d in loader.load()]


SITE = "https://example.com"
record("loader.scrape", lambda: docs(FirecrawlLoader(f"{SITE}/docs", api_url=URL, mode="scrape", params={"formats": ["markdown"]})))
record("loader.crawl", lambda: docs(FirecrawlLoader(SITE, api_url=URL, mode="crawl", params={"limit": 3, "poll_interval": 1})))
record("loader.map", lambda: docs(FirecrawlLoader(SITE, api_url=URL, mode="map", params={"limit": 5})))
record("loader.extract", lambda: docs(FirecrawlLoader(f"{SITE}/pricing", api_url=URL, mode="extract", params={"prompt": "the page title"})))
record("loader.search", lambda: docs(FirecrawlLoader(api_url=URL, mode="search", query="coffee recipes", params={"limit": 2})))
record("tool.scrape", lambda: FirecrawlScrape(api_url=URL).invoke({"url": f"{SITE}/about", "formats": ["markdown"]}))
record("tool.crawl", lambda: FirecrawlCrawl(api_url=URL).invoke({"url": SITE, "limit": 2, "poll_interval": 1}))
record("tool.map", lambda: FirecrawlMap(api_url=URL).invoke({"url": SITE, "limit": 5}))
record("tool.extract", lambda: FirecrawlExtract(api_url=URL).invoke({"urls": [f"{SITE}/pricing"], "prompt": "the page title"}))
record("tool.search", lambda: FirecrawlSearch(api_url=URL).invoke({"query": "coffee recipes", "limit": 2}))
print(json.dumps(results))
