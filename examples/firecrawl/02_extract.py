"""Start an extract job and wait for its result (firecrawl-py)."""

import os

from firecrawl import Firecrawl

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
schema = {"type": "object", "properties": {"title": {"type": "string"}}}
job = client.extract(urls=["https://example.com/*"], prompt="The page title", schema=schema, poll_interval=1)
print(job.status, job.data)
