"""Start an extract job and wait for its result."""

from webdata_client import Webdata

client = Webdata()
schema = {"type": "object", "properties": {"title": {"type": "string"}}}
job = client.extract.start_and_wait(urls=["https://example.com/*"], prompt="The page title", schema=schema)
print(job.status, job.data)
