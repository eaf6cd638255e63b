"""Crawl a site and wait for every page (firecrawl-py)."""

import os

from firecrawl import Firecrawl
from firecrawl.v2.types import ScrapeOptions

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
crawl = client.crawl("https://example.com", limit=5, scrape_options=ScrapeOptions(formats=["markdown"]), poll_interval=1)
print(crawl.status, crawl.credits_used, "credits")
for document in crawl.data:
    print(document.metadata.source_url if document.metadata else None)
