"""Crawl a site and wait for every page."""

from webdata_client import Webdata

client = Webdata()
crawl = client.crawl("https://example.com", limit=5, scrape_options={"formats": ["markdown"]})
print(crawl.status, crawl.credits_used, "credits")
for document in crawl.data:
    print(document.metadata.source_url)
