"""Scrape a page in several formats after a few browser actions."""

from webdata_client import Webdata

client = Webdata()  # WEBDATA_API_KEY, WEBDATA_BASE_URL
shot, ask = {"type": "screenshot", "fullPage": True}, {"type": "json", "prompt": "the plans and their prices"}
wait, click, scrape = {"type": "wait", "milliseconds": 500}, {"type": "click", "selector": "main"}, {"type": "scrape"}
page = client.scrape("https://example.com/pricing", formats=["markdown", "links", shot, ask], actions=[wait, click, scrape], only_main_content=False)
print(page.metadata.title, len(page.links or []), "links")
print(page.json)
