"""Start a batch scrape, poll its status, then read its documents page by page (firecrawl-py)."""

import os
import time

from firecrawl import Firecrawl
from firecrawl.v2.types import PaginationConfig

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
urls = [f"https://example.com/item/{n}" for n in range(12)]
job = client.start_batch_scrape(urls, formats=["markdown"])
while (status := client.get_batch_scrape_status(job.id, PaginationConfig(auto_paginate=False))).status == "scraping":
    print(f"{status.completed}/{status.total}")
    time.sleep(0.5)
while True:
    for document in status.data:
        print(document.metadata.source_url if document.metadata else None, len(document.markdown or ""))
    if not status.next:
        break
    status = client.get_batch_scrape_status_page(status.next)
