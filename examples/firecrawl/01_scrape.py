"""Scrape a page in several formats after a few browser actions (firecrawl-py, for comparison)."""

import os

from firecrawl import Firecrawl
from firecrawl.v2.types import ClickAction, JsonFormat, ScrapeAction, ScreenshotFormat, WaitAction

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
page = client.scrape(
    "https://example.com/pricing",
    formats=["markdown", "links", ScreenshotFormat(type="screenshot", full_page=True), JsonFormat(type="json", prompt="the plans and their prices")],
    actions=[WaitAction(milliseconds=500), ClickAction(selector="main"), ScrapeAction()],
    only_main_content=False,
)
print(page.metadata.title if page.metadata else None, len(page.links or []), "links")
print(page.json)
