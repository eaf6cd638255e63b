"""Scrape a page in several formats after a few browser actions."""

from webdata_client import Webdata

client = Webdata()  # WEBDATA_API_KEY, WEBDATA_BASE_URL
page = client.scrape(
    "https://example.com/pricing",
    formats=["markdown", "links", {"type": "screenshot", "fullPage": True}, {"type": "json", "prompt": "the plans and their prices"}],
    actions=[{"type": "wait", "milliseconds": 500}, {"type": "click", "selector": "main"}, {"type": "scrape"}],
    only_main_content=False,
)
print(page.data.metadata.title, len(page.data.links or []), "links")
print(page.data.json)
