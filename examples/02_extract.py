"""Start an extract job and wait for its result."""

from webdata_client import Webdata

job = Webdata().extract(urls=["https://example.com/*"], prompt="The page title", schema={"type": "object", "properties": {"title": {"type": "string"}}})
print(job.status, job.data)
