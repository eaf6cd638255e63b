"""The generated client (webdata_client) against the reference server over a real socket."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import pytest
from webdata_client import AsyncWebdata, AuthenticationError, ConflictError, NotFoundError, Webdata, models
from webdata_server.web import minimal_pdf

from tests.server.conftest import LiveServer


@pytest.fixture
def client(live_server: LiveServer) -> Iterator[Webdata]:
    live_server.job_seconds = 0.3
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "client", "--plan-tokens", "150000"))["apiKey"]
    with Webdata(api_key=key, base_url=live_server.base_url, poll_interval=0.1) as made:
        yield made


def _age_cache(live_server: LiveServer, url: str, days: int) -> None:
    with sqlite3.connect(live_server.database) as db:
        rows = db.execute("SELECT fetched_at FROM scrape_cache WHERE url = ?", (url,)).fetchall()
        assert rows, "the page was not cached"
        old = (datetime.now(UTC) - timedelta(days=days)).isoformat().replace("+00:00", "Z")
        db.execute("UPDATE scrape_cache SET fetched_at = ? WHERE url = ?", (old, url))


def test_lockdown_gets_a_12_day_old_page_because_max_age_is_not_sent(client: Webdata, live_server: LiveServer) -> None:
    url = "https://example.com/twelve-days"
    client.scrape(url)
    _age_cache(live_server, url, days=12)
    page = client.scrape(url, lockdown=True)  # the server's lockdown default: two years
    assert page.metadata.cache_state == "hit"
    # What a client that fills in maxAge's default (2 days) gets for the same page:
    with pytest.raises(NotFoundError) as raised:
        client.scrape(url, lockdown=True, max_age=172800000)
    assert raised.value.code == "SCRAPE_LOCKDOWN_CACHE_MISS"


def test_every_resource_end_to_end(client: Webdata) -> None:
    page = client.scrape("https://example.com/a", formats=["markdown", "links", models.JsonFormat(type="json", prompt="title")])
    assert page.markdown and page.links and page.json is not None
    assert client.extract.start_and_wait(urls=["https://example.com"], prompt="title").status == "completed"
    batch = client.batch_scrape.start_and_wait(["https://example.com/1", "https://example.com/2"], formats=["markdown"])
    assert batch.status == "completed" and {d.metadata.source_url for d in batch.data} == {"https://example.com/1", "https://example.com/2"}
    crawl = client.crawl.start_and_wait("https://example.com", limit=3)
    assert crawl.status == "completed" and len(crawl.data) == crawl.total
    assert len(list(client.crawl.iter_documents(str(client.crawl.start("https://example.com", limit=2).id)))) <= 2
    assert client.agent("find the pricing page", raise_on_failure=False).status in ("completed", "failed")
    assert client.team.get_token_usage().remaining_tokens > 0
    assert client.team.get_historical_credit_usage(by_api_key=True).periods


def test_errors_from_the_reference_server(client: Webdata, live_server: LiveServer) -> None:
    with Webdata(api_key="wd-not-a-key", base_url=live_server.base_url) as stranger, pytest.raises(AuthenticationError):
        stranger.team.get_token_usage()
    with pytest.raises(NotFoundError, match="Job not found"):
        client.crawl.get_status("3f1c2a9e-8b7d-4c6e-9f01-23456789abcd")


def test_a_crawl_started_again_with_its_idempotency_key_raises_conflict_and_starts_nothing(client: Webdata) -> None:
    key = uuid.uuid4()
    started = client.crawl.start("https://example.com", limit=2, idempotency_key=key)
    with pytest.raises(ConflictError, match="Idempotency key already used"):
        client.crawl.start("https://example.com", limit=2, idempotency_key=str(key))
    assert client.crawl.get_status(started.id).status in ("scraping", "completed")
    # A new key starts a new crawl.
    assert client.crawl.start("https://example.com", limit=2, idempotency_key=uuid.uuid4()).id != started.id


def test_get_status_gathers_every_page_and_get_status_page_reads_one(client: Webdata) -> None:
    """The firecrawl-py habit (``get_crawl_status`` follows ``next``) holds: ``len(data) == total``."""
    crawl = client.crawl.start("https://example.com", limit=25)
    assert client.crawl.wait(crawl.id).total == 25
    status = client.crawl.get_status(crawl.id)
    assert status.status == "completed" and len(status.data) == status.total == 25 and status.next is None
    assert len({d.metadata.source_url for d in status.data}) == 25
    page = client.crawl.get_status_page(crawl.id)
    assert len(page.data) == 10 and page.next is not None  # the server's page size
    assert len(client.crawl.get_status_page(crawl.id, skip=20).data) == 5
    batch = client.batch_scrape.start([f"https://example.com/item/{n}" for n in range(12)])
    client.batch_scrape.wait(batch.id)
    assert len(client.batch_scrape.get_status(batch.id).data) == 12


def test_the_async_get_status_gathers_every_page_too(live_server: LiveServer) -> None:
    live_server.job_seconds = 0.3
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "async-pages", "--plan-tokens", "150000"))["apiKey"]

    async def main() -> tuple[int, int | None, str | None]:
        async with AsyncWebdata(api_key=key, base_url=live_server.base_url, poll_interval=0.1) as client:
            crawl = await client.crawl.start("https://example.com", limit=12)
            await client.crawl.wait(crawl.id)
            status = await client.crawl.get_status(crawl.id)
            return len(status.data), status.total, status.next

    assert asyncio.run(main()) == (12, 12, None)


def test_progress_over_the_socket_reads_as_polling_does(live_server: LiveServer) -> None:
    """The same crawl watched over the WebSocket and by polling at once: at every step both say the
    crawl's real total and its credits, not a total that follows the pages done (0/0 1/1 ...)."""
    live_server.job_seconds = 2.0
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "progress", "--plan-tokens", "150000"))["apiKey"]
    with Webdata(api_key=key, base_url=live_server.base_url, poll_interval=0.1) as client:
        crawl = client.crawl.start("https://example.com", limit=5)
        seen: dict[str, list[tuple[int, int, int]]] = {}

        def follow(via: Literal["socket", "poll"]) -> None:
            seen[via] = [(s.completed, s.total, s.credits_used) for s in client.crawl.watch(crawl.id, via=via, max_wait=60)]

        threads = [threading.Thread(target=follow, args=(via,)) for via in ("socket", "poll")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(90)
    for via, steps in seen.items():
        started = [step for step in steps if step[0] > 0]
        assert len(started) >= 2, (via, steps)  # progress was seen, not only the end
        assert all(total == 5 and credits == completed for completed, total, credits in started), (via, steps)
        assert steps[-1] == (5, 5, 5), (via, steps)
    assert set(seen) == {"socket", "poll"}


def test_browser_sessions_as_context_managers(client: Webdata, live_server: LiveServer) -> None:
    """The block stops the session (billing ends there), even when the code inside raises; a failed
    run is returned unless ``check=True``; an ended session's call raises ``GoneError``."""
    from webdata_client import ExecutionFailedError, GoneError

    page = client.scrape("https://shop.example.com/app/login")
    scrape_id = str(page.metadata.scrape_id) if page.metadata else ""
    with client.interact.session(scrape_id) as session:
        signed = session.run("await page.fill('#username', 'ada'); await page.fill('#password', 'secret'); await page.click('#sign-in'); page.url()")
        assert signed.success and signed.result == "https://shop.example.com/app/account"
        missing = session.run("await page.click('#nowhere')")
        assert missing.success is False and missing.exit_code == 1
        with pytest.raises(ExecutionFailedError) as failed:
            session.run("await page.click('#nowhere')", check=True)
        assert failed.value.result.exit_code == 1 and "#nowhere" in str(failed.value)
        answer = session.run(prompt="What is the title of the page?")
        assert answer.output == "The title of the page is 'Account'."
    assert session.stopped is not None and session.stopped.credits_billed == 7  # a prompt ran: at least a minute at 7
    with pytest.raises(GoneError):
        client.interact.run(scrape_id, code="1")

    with pytest.raises(RuntimeError), client.browser.session(ttl=60) as standalone:
        standalone.run("agent-browser open https://a.example.com/app/cart", language="bash")
        raise RuntimeError("the test's own failure")
    assert standalone.stopped is not None and standalone.stopped.status == "stopped"
    assert standalone.created is not None and standalone.created.expires_at
    listed = client.browser.list(status="destroyed").sessions or []
    assert standalone.id in [s.id for s in listed]

    async def in_async() -> None:
        async with AsyncWebdata(api_key=client.options.api_key, base_url=live_server.base_url) as aclient:
            async with aclient.browser.session() as asession:
                ran = await asession.run("agent-browser get url", language="bash")
                assert ran.result == "about:blank"
            assert asession.stopped is not None and asession.stopped.credits_billed == 2

    asyncio.run(in_async())


def test_a_monitor_check_is_waited_for_and_its_statuses_listed(client: Webdata) -> None:
    made = client.monitors.create(name="prices", schedule={"text": "hourly"}, targets=[{"type": "scrape", "urls": ["https://shop.example.com/pricing"]}])
    run = client.monitors.run(made.id)
    seen: list[str] = []
    check = client.monitors.wait_for_check(made.id, run.id, max_wait=30, on_status=lambda c: seen.append(c.status))
    assert check.status == "completed" and check.summary is not None and check.summary.new == 1
    assert seen[-1] == "completed" and set(seen) <= set(models.values(models.MonitorCheckStatus))
    assert models.values(models.MonitorCheckStatus) == ("queued", "running", "completed", "failed", "partial", "skipped_overlap", "skipped_no_credits")
    with pytest.raises(TypeError, match="not one of the contract's enums"):
        models.values(models.Document)


def test_every_example_of_the_client_readme_calls_its_method_as_printed(client: Webdata, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each operation's example in the client README binds to its method's signature; those that
    need no id of a job made before run for real (the parse example reads its file from here)."""
    from tests.conftest import ROOT

    readme = (ROOT / "generated" / "client" / "README.md").read_text(encoding="utf-8")
    operations = readme.split("## Operations", 1)[1].split("\n## ", 1)[0]
    calls = re.findall(r"^  (client\.[a-z_.]+\(.*\))$", operations, flags=re.MULTILINE)
    assert len(calls) >= 40 and any(c.startswith("client.parse('") for c in calls)

    class Bound:
        def __init__(self, target: Any) -> None:
            self.target = target

        def __getattr__(self, name: str) -> Any:
            return Bound(getattr(self.target, name))

        def __call__(self, *args: Any, **kwargs: Any) -> None:
            inspect.signature(self.target).bind(*args, **kwargs)

    for call in calls:
        eval(call, {"client": Bound(client)})  # noqa: S307 - the README this repository generates
    (tmp_path / "report.pdf").write_bytes(minimal_pdf(["Quarterly report.", "Figures."]))
    monkeypatch.chdir(tmp_path)
    runnable = [c for c in calls if "<" not in c and not c.startswith(("client.agent(", "client.extract(", "client.crawl(", "client.batch_scrape("))]
    for call in runnable:
        if "lockdown=True" in call:  # a lockdown example on a fresh server: the documented miss
            with pytest.raises(NotFoundError, match="SCRAPE_LOCKDOWN_CACHE_MISS"):
                eval(call, {"client": client})  # noqa: S307
            continue
        if call.startswith("client.feedback.submit("):  # rates a scrape this fresh server never ran: the documented 404
            with pytest.raises(NotFoundError, match="scrape job not found for this team"):
                eval(call, {"client": client})  # noqa: S307
            continue
        eval(call, {"client": client})  # noqa: S307
    parsed = eval(next(c for c in calls if c.startswith("client.parse('")), {"client": client})  # noqa: S307
    assert "<!-- page 2 -->" in parsed.markdown


def test_a_waited_extract_keeps_the_invalid_urls_its_start_dropped(client: Webdata) -> None:
    done = client.extract(urls=["https://example.com/a", "not a url"], prompt="the title", ignore_invalid_urls=True, max_wait=30)
    assert done.status == "completed" and done.invalid_urls == ["not a url"]
    assert client.extract.get_status(done.id or "").invalid_urls is None  # the status read does not send it, as the service's
