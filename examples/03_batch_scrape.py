"""Start a batch scrape, poll its status, then read its documents page by page."""

import time

from webdata_client import Webdata

client = Webdata()
urls = [f"https://example.com/item/{n}" for n in range(12)]
job = client.batch_scrape.start(urls, formats=["markdown"])
while (status := client.batch_scrape.get_status(job.id)).status == "scraping":
    print(f"{status.completed}/{status.total}")
    time.sleep(0.5)
for document in client.batch_scrape.iter_documents(job.id):
    print(document.metadata.source_url, len(document.markdown or ""))
