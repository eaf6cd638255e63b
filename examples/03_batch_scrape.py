"""Start a batch scrape, show its progress while it runs, then read every document."""

from webdata_client import Webdata

client = Webdata()
job = client.batch_scrape([f"https://example.com/item/{n}" for n in range(12)], formats=["markdown"], on_status=lambda s: print(f"{s.completed}/{s.total}"))
for document in job.data:
    print(document.metadata.source_url, len(document.markdown or ""))
