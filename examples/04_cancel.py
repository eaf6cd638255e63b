"""Start a second batch scrape and cancel it."""

from webdata_client import Webdata

client = Webdata()
job = client.batch_scrape.start([f"https://example.com/slow/{n}" for n in range(50)])
print(client.batch_scrape.cancel(job.id).status)
status = client.batch_scrape.get_status(job.id)
print(status.status, f"after {status.completed} of {status.total} pages")
