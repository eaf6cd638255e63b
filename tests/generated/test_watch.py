"""Watching jobs against the reference server: over the contract's x-watch WebSocket and by polling,
statuses come in order while the job runs and end with the same result, sync and async; a socket
that cannot be used ends in polling's typed errors."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from webdata_client import AsyncWebdata, Webdata, errors

from tests.server.conftest import LiveServer


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    # Jobs take about a second, so a watch sees them run.
    server = LiveServer(database=Path(tmp_path_factory.mktemp("watch")) / "watch.sqlite3", job_seconds=1.0)
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "watcher", "--plan-tokens", "1000000"))["apiKey"]
        yield server.base_url, key
    finally:
        server.stop()


def _check_progress(statuses: list[Any]) -> None:
    """Counts never go back and never pass the total; the last status is the only terminal one."""
    counts = [(s.status, s.completed, s.total) for s in statuses]
    assert len(counts) >= 3, f"the job was not seen running: {counts}"
    assert all(a[1] <= b[1] for a, b in zip(counts, counts[1:], strict=False)), counts
    assert all(done <= total for _, done, total in counts), counts
    assert [state for state, _, _ in counts[:-1]] == ["scraping"] * (len(counts) - 1) and counts[-1][0] == "completed", counts


@pytest.mark.parametrize("via", ["socket", "poll"])
def test_a_crawl_is_watched_to_its_end(live: tuple[str, str], via: Literal["socket", "poll"]) -> None:
    base_url, key = live
    seen: list[Any] = []
    with Webdata(api_key=key, base_url=base_url, poll_interval=0.1) as client:
        done = client.crawl("https://example.com", limit=8, via=via, on_status=seen.append)
    _check_progress(seen)
    assert done is seen[-1] and done.next is None
    assert done.completed == len(done.data) == 8 and len({d.metadata.source_url for d in done.data}) == 8


def test_socket_and_polling_end_with_the_same_documents(live: tuple[str, str]) -> None:
    base_url, key = live
    with Webdata(api_key=key, base_url=base_url, poll_interval=0.1) as client:
        job = client.batch_scrape.start([f"https://example.com/item/{n}" for n in range(12)], formats=["markdown"])
        watched = client.batch_scrape.wait(job.id, via="socket")
        polled = client.batch_scrape.wait(job.id, via="poll")
    assert [d.model_dump() for d in watched.data] == [d.model_dump() for d in polled.data]
    assert [d.metadata.source_url for d in watched.data] == [f"https://example.com/item/{n}" for n in range(12)]


def test_the_async_client_watches_over_the_socket(live: tuple[str, str]) -> None:
    base_url, key = live

    async def main() -> list[Any]:
        async with AsyncWebdata(api_key=key, base_url=base_url, poll_interval=0.1) as client:
            job = await client.batch_scrape.start([f"https://example.com/a/{n}" for n in range(6)])
            return [status async for status in client.batch_scrape.watch(job.id, via="socket")]

    statuses = asyncio.run(main())
    _check_progress(statuses)
    assert len(statuses[-1].data) == 6


def test_a_refused_socket_ends_in_pollings_typed_error(live: tuple[str, str]) -> None:
    base_url, key = live
    with Webdata(api_key=key, base_url=base_url) as client:
        with pytest.raises(errors.NotFoundError):
            client.crawl.wait("3f1c2a9e-8b7d-4c6e-9f01-23456789abcd")  # the socket says "Job not found"
        job = client.crawl.start("https://example.com", limit=2)
    with Webdata(api_key="wd-wrong", base_url=base_url, max_retries=0) as stranger, pytest.raises(errors.AuthenticationError):
        stranger.crawl.wait(job.id)


def test_the_deadline_holds_on_the_socket(live: tuple[str, str]) -> None:
    base_url, key = live
    with Webdata(api_key=key, base_url=base_url) as client:
        job = client.crawl.start("https://example.com", limit=40)
        began = time.monotonic()
        with pytest.raises(errors.JobTimeoutError, match="still scraping after 0.3 s") as raised:
            client.crawl.wait(job.id, max_wait=0.3, via="socket")
        assert time.monotonic() - began >= 0.3
        assert raised.value.last is not None and raised.value.last.status == "scraping"
        client.crawl.cancel(job.id)


def test_a_waited_or_gathered_status_names_its_job(live: tuple[str, str]) -> None:
    """The status answer does not carry the job's id; what the client waited for or gathered does,
    so a crawl's errors can be read next (firecrawl-py's CrawlJob.id)."""
    base_url, key = live
    with Webdata(api_key=key, base_url=base_url) as client:
        finished = client.crawl("https://example.com", limit=3, poll_interval=0.2)
        assert finished.status == "completed" and finished.id is not None
        assert client.crawl.get_errors(finished.id).errors == []
        assert client.crawl.get_status(finished.id).id == finished.id
        assert client.crawl.get_status_page(finished.id).id is None  # one page, as the server answered it
        polled = list(client.batch_scrape.watch(client.batch_scrape.start(["https://example.com/a"]).id, via="poll", poll_interval=0.2))
        assert {status.id for status in polled} == {polled[-1].id} and polled[-1].id is not None


def test_the_watch_examples_of_the_docstrings_run(live: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    """Each job resource's ``watch`` docstring example, run as written on a job it started."""
    import re

    base_url, key = live
    starts: dict[str, tuple[str, tuple[Any, ...], dict[str, Any]]] = {
        "crawl": ("start", ("https://example.com",), {"limit": 2}),
        "batch_scrape": ("start", (["https://example.com/a"],), {}),
        "extract": ("start", (["https://example.com/*"],), {"prompt": "title"}),
        "agent": ("start", ("find the price",), {}),
    }
    with Webdata(api_key=key, base_url=base_url, poll_interval=0.2) as client:
        for name, (method, args, kwargs) in starts.items():
            resource = getattr(client, name)
            example = re.search(r"``(for status in client\.\w+\.watch\(id\): [^`]+)``", resource.watch.__doc__ or "")
            assert example is not None, name
            id = getattr(resource, method)(*args, **kwargs).id
            exec(example.group(1), {"client": client, "id": id})  # noqa: S102 - the docstring's own example
            assert capsys.readouterr().out.strip(), name


def test_a_wait_without_the_documents_downloads_none(live: tuple[str, str]) -> None:
    """``documents=False``: the statuses come without their documents, polled one document a page,
    and the terminal one follows no ``next``; the documents are read after, page by page."""
    base_url, key = live
    read: list[str] = []

    def count(response: Any) -> None:
        response.read()
        read.append(f"{response.request.url.path}?{response.request.url.query.decode()} {len(response.content)}")

    import httpx

    with Webdata(api_key=key, base_url=base_url, http_client=httpx.Client(event_hooks={"response": [count]})) as client:
        finished = client.crawl("https://example.com", limit=12, poll_interval=0.2, documents=False)
        assert finished.status == "completed" and finished.data == [] and finished.next is None and finished.total == 12
        assert finished.id is not None
        polled = [line for line in read if "/v2/crawl/" in line]
        assert polled and all("limit=1" in line for line in polled), read
        assert len(list(client.crawl.iter_documents(finished.id))) == 12
