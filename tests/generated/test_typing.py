"""What the type checker says about the habits a firecrawl-py user brings (issue: the SDK's second
pass): each snippet is checked with ``mypy --strict`` against the installed client and models."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

MYPY = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--hide-error-context"]

IDS = """
import uuid
from webdata_client import Webdata

client = Webdata(api_key="k", base_url="http://127.0.0.1:9")
crawl = client.crawl.start("https://example.com")
batch = client.batch_scrape.start(["https://example.com/a"])
extract = client.extract.start(["https://example.com"])
agent = client.agent.start("find the price")
ids: list[str] = [crawl.id, batch.id, extract.id, agent.id]  # one type for every job's id
client.crawl.get_status(crawl.id)
client.batch_scrape.cancel(batch.id)
client.agent.get_status(agent.id)
client.crawl.get_status(uuid.UUID(crawl.id))  # a UUID is taken too
"""


# One shape for every job, progress while waiting, no envelopes: typed all the way down.
ONE_SHAPE = """
from webdata_client import AsyncWebdata, Webdata

client = Webdata(api_key="k", base_url="http://127.0.0.1:9")
done = client.crawl("https://example.com", limit=2, on_status=lambda s: print(s.completed, s.total))
pages: int = len(done.data)
for status in client.batch_scrape.watch("id", via="poll"):
    completed: int = status.completed
markdown: str | None = client.scrape("https://example.com").markdown
tokens: int = client.team.get_token_usage().remaining_tokens
extracted: object = client.extract(urls=["https://example.com"], prompt="p", raise_on_failure=False).data


async def main() -> None:
    async with AsyncWebdata(api_key="k") as other:
        async for running in other.crawl.watch("id"):
            print(running.status)
        found = await other.agent("find the price")
        print(found.status)
"""


FIRECRAWL_NAMES = """
from webdata_models import Document, JsonFormat

fmt = JsonFormat(schema={"type": "object"}, prompt="the price")  # as firecrawl-py spells it
document = Document.model_validate({"json": {"price": 3}, "metadata": {"sourceURL": "u", "statusCode": 200}})
data: dict[str, object] | None = document.json  # the document's JSON, not a method
"""

# A misspelt status: the statuses a response may carry are the known ones to the type checker
# (a newer server's status is still read at run time).
MISSPELT_STATUS = """
from webdata_models import JobStatusResponse

status = JobStatusResponse.model_validate({"success": True, "status": "scraping", "completed": 0, "total": 0, "creditsUsed": 0, "expiresAt": "2026-01-01T00:00:00Z", "data": []})
if status.status == "scrapng":
    pass
"""

# What must fail at type-check time: the name a pydantic user might still try on a document.
CALLING_JSON = """
from webdata_models import Document

document = Document.model_validate({"metadata": {"sourceURL": "u", "statusCode": 200}})
document.json()
"""


@pytest.mark.parametrize(("label", "snippet"), [("one id type", IDS), ("one shape for every job", ONE_SHAPE), ("firecrawl-py names", FIRECRAWL_NAMES)])
def test_habits_type_check(tmp_path: Path, label: str, snippet: str) -> None:
    source = tmp_path / "habit.py"
    source.write_text(snippet)
    done = subprocess.run([*MYPY, "--cache-dir", str(tmp_path / "cache"), str(source)], capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, f"{label}: {done.stdout}{done.stderr}"


def test_calling_json_like_pydantics_method_fails_type_checking(tmp_path: Path) -> None:
    source = tmp_path / "habit.py"
    source.write_text(CALLING_JSON)
    done = subprocess.run([*MYPY, "--cache-dir", str(tmp_path / "cache"), str(source)], capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 1 and "not callable" in done.stdout, done.stdout + done.stderr


def test_a_misspelt_status_fails_type_checking(tmp_path: Path) -> None:
    source = tmp_path / "habit.py"
    source.write_text(MISSPELT_STATUS)
    done = subprocess.run([*MYPY, "--cache-dir", str(tmp_path / "cache"), str(source)], capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 1 and "Non-overlapping equality check" in done.stdout and "scrapng" in done.stdout, done.stdout + done.stderr
