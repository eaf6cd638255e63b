"""Start a second batch scrape and cancel it (firecrawl-py)."""

import os

from firecrawl import Firecrawl

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
job = client.start_batch_scrape([f"https://example.com/slow/{n}" for n in range(50)])
print("cancelled" if client.cancel_batch_scrape(job.id) else "not cancelled")
status = client.get_batch_scrape_status(job.id)
print(status.status, f"after {status.completed} of {status.total} pages")
