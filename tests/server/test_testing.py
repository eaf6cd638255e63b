"""The reference server inside a user's tests (webdata_server.testing, webdata_server.controls):
the clock a test moves, faults on demand, the journal, the webhook inbox, ``running()``."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import httpx
import pytest
from webdata_client import Webdata
from webdata_client import errors as client_errors
from webdata_server import ReferenceServer, running
from webdata_server.controls import FaultError
from webdata_server.testing import Sandbox

from tests.conftest import BUNDLE
from tests.server.conftest import Server

CONTRACT = json.loads(BUNDLE.read_text(encoding="utf-8"))


def documented(path: str, method: str, status: int) -> dict[str, Any]:
    """The first example body the contract gives for ``status`` of an operation."""
    response = CONTRACT["paths"][path][method]["responses"][str(status)]
    if "$ref" in response:
        response = CONTRACT["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    example = next(iter(response["content"]["application/json"]["examples"].values()))
    if "$ref" in example:
        example = CONTRACT["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
    return dict(example["value"])


@pytest.fixture(scope="module")
def reference() -> Iterator[ReferenceServer]:
    with ReferenceServer() as server:
        yield server


@pytest.fixture
def sandbox(reference: ReferenceServer) -> Iterator[Sandbox]:
    with reference.sandbox() as made:
        yield made


# -- every family, as on a plain server ------------------------------------------------------------
def test_every_family_answers_inside_the_controls_as_on_a_plain_server(sandbox: Sandbox, server: Server) -> None:
    """The test controls wrap the server's web (faults, replaced pages): no wrapper may take an
    operation away. Search, map and parse answer as a plain server (no controls) answers, and a
    monitor of every target kind runs its check."""
    auth = {"Authorization": f"Bearer {sandbox.api_key}"}
    calls: list[tuple[str, dict[str, Any]]] = [
        ("/v2/search", {"query": "coffee roasters", "limit": 3, "sources": ["web", "news", "images"]}),
        ("/v2/search", {"query": "docs", "limit": 2, "scrapeOptions": {"formats": ["markdown"]}}),
        ("/v2/map", {"url": "https://docs.example.com", "limit": 30}),
        ("/v2/map", {"url": "https://docs.example.com", "search": "guide"}),
    ]
    for path, body in calls:
        inside = httpx.post(sandbox.base_url + path, json=body, headers=auth)
        plain = server.client.post(path, json=body, headers={"Authorization": f"Bearer {server.api.key}"})
        assert (inside.status_code, plain.status_code) == (200, 200), (path, inside.text, plain.text)
        assert _without_ids(inside.json()) == _without_ids(plain.json()), path
    assert httpx.post(sandbox.base_url + "/v2/map", json={"url": "https://docs.example.com"}, headers=auth).json()["links"][1:], "a site's map"
    upload = {"file": ("notes.md", b"# Notes\n\nSee [the guide](https://docs.example.com/guide).", "text/markdown")}
    inside_parse = httpx.post(sandbox.base_url + "/v2/parse", files=upload, headers=auth)
    plain_parse = server.client.post("/v2/parse", files=upload, headers={"Authorization": f"Bearer {server.api.key}"})
    assert inside_parse.status_code == plain_parse.status_code == 200, inside_parse.text
    assert inside_parse.json()["data"]["markdown"] == plain_parse.json()["data"]["markdown"]
    targets: list[dict[str, Any]] = [
        {"type": "scrape", "urls": ["https://shop.example.com/pricing"]},
        {"type": "crawl", "url": "https://site.example.com", "crawlOptions": {"limit": 3}},
        {"type": "search", "queries": ["coffee"], "maxResults": 2},
    ]
    for target in targets:
        made = httpx.post(
            sandbox.base_url + "/v2/monitor", json={"name": "every kind", "goal": "coffee", "schedule": {"text": "hourly"}, "targets": [target]}, headers=auth
        )
        assert made.status_code == 200, made.text
        monitor = made.json()["data"]["id"]
        run = httpx.post(f"{sandbox.base_url}/v2/monitor/{monitor}/run", headers=auth)
        assert run.status_code == 200, run.text
        sandbox.advance(sandbox.server.job_seconds)
        check = httpx.get(f"{sandbox.base_url}/v2/monitor/{monitor}/checks/{run.json()['id']}", headers=auth).json()["data"]
        assert check["status"] == "completed" and check["summary"]["new"] >= 1, (target["type"], check)
    # Interact and standalone sessions drive the controls' web (the page the test replaced included).
    sandbox.set_page("https://example.com/replaced", html="<html><head><title>Replaced</title></head><body><button id='b'>Go</button></body></html>")
    scraped = httpx.post(sandbox.base_url + "/v2/scrape", json={"url": "https://shop.example.com/app/login"}, headers=auth).json()["data"]
    scrape_id = scraped["metadata"]["scrapeId"]
    code = "await page.fill('#username', 'ada'); await page.fill('#password', 'secret'); await page.click('#sign-in'); await page.textContent('#greeting')"
    signed = httpx.post(f"{sandbox.base_url}/v2/scrape/{scrape_id}/interact", json={"code": code}, headers=auth).json()
    assert signed["result"] == "Signed in as ada.", signed
    session = httpx.post(sandbox.base_url + "/v2/browser", json={}, headers=auth).json()["id"]
    replaced = httpx.post(
        f"{sandbox.base_url}/v2/browser/{session}/execute",
        json={"code": "agent-browser open https://example.com/replaced && agent-browser get title", "language": "bash"},
        headers=auth,
    ).json()
    assert (replaced["exitCode"], replaced["result"]) == (0, "Replaced"), replaced
    assert httpx.delete(f"{sandbox.base_url}/v2/browser/{session}", headers=auth).json()["creditsBilled"] == 2


def _without_ids(answer: Any) -> Any:
    """An answer without what differs between two servers by design (ids, scrape times, cache state)."""
    if isinstance(answer, dict):
        return {k: _without_ids(v) for k, v in answer.items() if k not in ("id", "scrapeId", "creditsUsed", "cacheState", "cachedAt", "timeTaken")}
    if isinstance(answer, list):
        return [_without_ids(v) for v in answer]
    return answer


# -- the clock ------------------------------------------------------------------------------------
def test_a_crawl_progresses_only_as_the_clock_moves(sandbox: Sandbox) -> None:
    job = sandbox.client.crawl.start("https://clock.example.com", limit=20)
    sandbox.run_until_idle()
    assert sandbox.client.crawl.get_status(job.id).status == "scraping"
    sandbox.advance(sandbox.server.job_seconds / 2)  # half the job's time: some pages, not all
    half = sandbox.client.crawl.get_status(job.id)
    assert half.status == "scraping"
    assert 0 < half.completed < 20
    sandbox.advance(sandbox.server.job_seconds)
    done = sandbox.client.crawl.get_status(job.id)
    assert (done.status, done.completed, done.total) == ("completed", 20, 20)


def test_a_waiting_client_sees_the_job_progress_as_the_test_moves_the_clock(sandbox: Sandbox) -> None:
    job = sandbox.client.crawl.start("https://waiting.example.com", limit=10)
    seen: list[tuple[str, int]] = []
    finished: dict[str, Any] = {}

    def wait() -> None:
        finished["status"] = sandbox.client.crawl.wait(job.id, via="poll", max_wait=30, on_status=lambda s: seen.append((s.status, s.completed)))

    waiter = threading.Thread(target=wait)
    waiter.start()
    for _ in range(10):
        sandbox.advance(sandbox.server.job_seconds / 10)
        now = sandbox.client.crawl.get_status_page(job.id).completed
        deadline = time.monotonic() + 10
        while not any(completed == now for _, completed in seen) and waiter.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)  # the waiter's next poll (poll_interval 0.05) sees the step
    waiter.join(30)
    assert finished["status"].status == "completed"
    progress = [completed for status, completed in seen]
    assert progress == sorted(progress)
    assert len(set(progress)) >= 3  # it saw the pages come, not only the end


def test_extract_and_agent_end_when_the_clock_says(sandbox: Sandbox) -> None:
    extract = sandbox.client.extract.start(urls=["https://shop.example.com/p/1"], prompt="the price")
    agent = sandbox.client.agent.start(prompt="Find the price of product 1 on shop.example.com")
    assert sandbox.client.extract.get_status(extract.id).status == "processing"
    sandbox.advance(sandbox.server.job_seconds + 1)
    assert sandbox.client.extract.get_status(extract.id).status == "completed"
    assert sandbox.client.agent.get_status(agent.id).status == "completed"


def test_advance_needs_the_manual_clock() -> None:
    with running(clock="system") as wall, pytest.raises(RuntimeError, match="wall clock"):
        wall.advance(1)


# -- faults ---------------------------------------------------------------------------------------
def test_an_injected_429_carries_the_contract_body_and_retry_after(sandbox: Sandbox) -> None:
    fault = sandbox.fail("scrapeUrl", 429, retry_after=7, after=1)
    first = httpx.post(f"{sandbox.base_url}/v2/scrape", json={"url": "https://a.example.com"}, headers={"Authorization": f"Bearer {sandbox.api_key}"})
    refused = httpx.post(f"{sandbox.base_url}/v2/scrape", json={"url": "https://a.example.com"}, headers={"Authorization": f"Bearer {sandbox.api_key}"})
    third = httpx.post(f"{sandbox.base_url}/v2/scrape", json={"url": "https://a.example.com"}, headers={"Authorization": f"Bearer {sandbox.api_key}"})
    assert (first.status_code, refused.status_code, third.status_code) == (200, 429, 200)
    assert refused.headers["retry-after"] == "7"
    assert refused.json() == documented("/v2/scrape", "post", 429)
    assert fault.applied == 1
    assert [r.fault for r in sandbox.requests("scrapeUrl")] == [None, fault.id, None]


def test_the_client_retries_an_injected_429_and_succeeds(sandbox: Sandbox) -> None:
    sandbox.fail("scrapeUrl", 429, times=2, retry_after=0)
    document = sandbox.client.scrape("https://retry.example.com")
    assert document.markdown
    assert [r.status for r in sandbox.requests("scrapeUrl")] == [429, 429, 200]


def test_each_documented_status_answers_the_operations_body(sandbox: Sandbox) -> None:
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    for status in (402, 500):
        sandbox.fail("scrapeUrl", status)
        answer = httpx.post(f"{sandbox.base_url}/v2/scrape", json={"url": "https://a.example.com"}, headers=headers)
        assert answer.status_code == status
        assert answer.json() == documented("/v2/scrape", "post", status)
    sandbox.fail("getCreditUsage", 503)  # the service's edge: the shared error shape
    answer = httpx.get(f"{sandbox.base_url}/v2/team/credit-usage", headers=headers)
    assert (answer.status_code, answer.json()) == (503, {"success": False, "error": "Service Unavailable"})
    with pytest.raises(client_errors.InternalServerError):
        sandbox.fail("getCreditUsage", 500, times=3)
        sandbox.client.team.get_credit_usage()


def test_a_fault_the_service_cannot_produce_is_refused(sandbox: Sandbox) -> None:
    with pytest.raises(FaultError, match="scrapeUrl never answers 405"):
        sandbox.fail("scrapeUrl", 405)
    with pytest.raises(FaultError, match="no operation 'scrape'"):
        sandbox.fail("scrape", 500)
    with pytest.raises(FaultError, match="status, a delay or drop"):
        sandbox.fault("scrapeUrl")
    with pytest.raises(FaultError, match="error status"):
        sandbox.fault(method="GET", path="/v2/.*", status=200)


def test_a_teams_faults_leave_other_teams_alone(reference: ReferenceServer, sandbox: Sandbox) -> None:
    sandbox.fail("getCreditUsage", 500, times=None)
    with reference.sandbox() as other:
        assert other.client.team.get_credit_usage().remaining_credits >= 0
    with pytest.raises(client_errors.InternalServerError):
        sandbox.client.with_options(max_retries=0).team.get_credit_usage()
    sandbox.close()  # the test's end: its faults go
    assert sandbox.client.team.get_credit_usage().remaining_credits >= 0


def test_a_fault_by_method_and_path(sandbox: Sandbox) -> None:
    sandbox.fault(method="GET", path="/v2/team/.*", status=500, times=2)
    client = sandbox.client.with_options(max_retries=0)
    for call in (client.team.get_credit_usage, client.team.get_token_usage):
        with pytest.raises(client_errors.InternalServerError):
            call()
    assert client.team.get_credit_usage().remaining_credits >= 0


def test_a_late_answer_and_a_dropped_connection(sandbox: Sandbox) -> None:
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    sandbox.delay("getCreditUsage", 2.0)
    started = time.monotonic()
    with pytest.raises(httpx.ReadTimeout):
        httpx.get(f"{sandbox.base_url}/v2/team/credit-usage", headers=headers, timeout=0.1)
    assert time.monotonic() - started < 1.5  # the client gave up; the answer was still 2 s away
    sandbox.delay("getCreditUsage", 0.2)
    started = time.monotonic()
    assert httpx.get(f"{sandbox.base_url}/v2/team/credit-usage", headers=headers).status_code == 200
    assert time.monotonic() - started >= 0.2
    dropped = sandbox.drop("getCreditUsage")
    with pytest.raises(httpx.RemoteProtocolError, match="without sending"):
        httpx.get(f"{sandbox.base_url}/v2/team/credit-usage", headers=headers)
    assert [r.status for r in sandbox.requests("getCreditUsage") if r.fault == dropped.id] == [0]
    # The client retries a GET whose connection was lost.
    sandbox.drop("getCreditUsage")
    assert sandbox.client.team.get_credit_usage().remaining_credits >= 0


def test_failing_pages_fail_in_a_crawl(sandbox: Sandbox) -> None:
    sandbox.fail_pages("https://pages.example.com/docs*", status=None)
    job = sandbox.client.crawl.start("https://pages.example.com", limit=30)
    sandbox.advance(sandbox.server.job_seconds + 1)
    status = sandbox.client.crawl.get_status(job.id)
    errors = sandbox.client.crawl.get_errors(job.id)
    assert status.status == "completed"
    assert errors.errors
    assert all(e.url.startswith("https://pages.example.com/docs") for e in errors.errors)
    assert not any(d.metadata.source_url.startswith("https://pages.example.com/docs") for d in status.data)


def test_a_page_answering_a_status(sandbox: Sandbox) -> None:
    sandbox.fail_pages("https://status.example.com/*", status=503, times=1)
    failed = sandbox.client.scrape("https://status.example.com/a", max_age=0)
    assert failed.metadata.status_code == 503
    assert sandbox.client.scrape("https://status.example.com/a", max_age=0).metadata.status_code == 200


def test_the_threat_classifier_unreachable(reference: ReferenceServer) -> None:
    with reference.sandbox(tp_enabled=True) as sandbox:
        closed = {"mode": "normal", "failurePolicy": "closed"}
        assert sandbox.client.scrape("https://shop.example.com", threat_protection=closed).markdown
        with sandbox.threat_classifier_unreachable(), pytest.raises(client_errors.PermissionDeniedError):
            sandbox.client.scrape("https://shop.example.com", threat_protection=closed)
        assert sandbox.client.scrape("https://shop.example.com", threat_protection=closed).markdown


# -- journal --------------------------------------------------------------------------------------
def test_the_journal_keeps_what_was_sent_without_secrets(sandbox: Sandbox) -> None:
    sandbox.client.scrape("https://journal.example.com", formats=["markdown", "links"], only_main_content=False)
    (request,) = sandbox.assert_called("scrapeUrl", body={"url": "https://journal.example.com", "onlyMainContent": False})
    assert request.method == "POST"
    assert request.path == "/v2/scrape"
    assert request.status == 200
    assert request.team_id == sandbox.team_id
    assert "authorization" not in request.headers
    assert sandbox.api_key not in json.dumps(request.describe())
    assert request.headers["content-type"] == "application/json"
    sandbox.assert_not_called("startCrawl")


def test_assert_called_says_what_was_received(sandbox: Sandbox) -> None:
    sandbox.client.scrape("https://said.example.com")
    with pytest.raises(AssertionError) as failed:
        sandbox.assert_called("scrapeUrl", body={"url": "https://other.example.com"})
    message = str(failed.value)
    assert "expected scrapeUrl with body {'url': 'https://other.example.com'} at least once, found 0" in message
    assert "POST /v2/scrape [scrapeUrl] -> 200" in message
    assert "said.example.com" in message
    with pytest.raises(AssertionError, match="2 time"):
        sandbox.assert_called("scrapeUrl", times=2)


def test_the_journal_of_one_team_is_its_own(reference: ReferenceServer, sandbox: Sandbox) -> None:
    with reference.sandbox() as other:
        other.client.team.get_credit_usage()
    assert sandbox.requests() == []
    assert [r.operation for r in reference.controls.received(team_id=other.team_id)] == ["getCreditUsage"]


# -- webhooks -------------------------------------------------------------------------------------
def test_webhook_events_land_in_the_inbox_without_leaving_the_machine(sandbox: Sandbox) -> None:
    job = sandbox.client.crawl.start("https://hooked.example.com", limit=3, webhook={"url": "https://hooks.example.org/crawl", "metadata": {"k": "1"}})
    sandbox.advance(sandbox.server.job_seconds + 1)
    types = [e.type for e in sandbox.events()]
    assert types == ["crawl.started", "crawl.page", "crawl.page", "crawl.page", "crawl.completed"]
    assert all(e.job_id == job.id and e.url == "https://hooks.example.org/crawl" and not e.delivered for e in sandbox.events())
    assert sandbox.events("crawl.completed")[0].body["metadata"] == {"k": "1"}


class _Receiver(http.server.BaseHTTPRequestHandler):
    failures: ClassVar[int] = 0
    bodies: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        if type(self).failures > 0:
            type(self).failures -= 1
            self.send_response(500)
        else:
            type(self).bodies.append(body)
            self.send_response(200)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_a_local_receiver_gets_the_events_and_retries_wait_for_the_clock(sandbox: Sandbox) -> None:
    _Receiver.failures, _Receiver.bodies = 1, []
    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        sandbox.client.extract.start(urls=["https://shop.example.com/p/2"], prompt="the price", webhook=url)
        sandbox.advance(0)
        # extract.started failed once: its retry waits for a second of the server's clock.
        assert _Receiver.bodies == []
        sandbox.advance(sandbox.server.job_seconds + 1)  # past the backoff and the job's end
        assert [b["type"] for b in _Receiver.bodies] == ["extract.started", "extract.completed"]
        assert all(e.delivered for e in sandbox.events())
    finally:
        receiver.shutdown()
        receiver.server_close()


# -- a server for a with block --------------------------------------------------------------------
def test_running_serves_a_with_block_and_stops_after() -> None:
    with running(page_size=5) as server:
        base_url = server.base_url
        client = Webdata(server.api_key, base_url, max_retries=0)
        assert client.team.get_credit_usage().remaining_credits >= 0
        client.close()
    with pytest.raises(httpx.ConnectError):
        httpx.get(base_url + "/openapi.json", timeout=1)


# -- the official SDK's own retry and polling code ---------------------------------------------------
def test_firecrawl_py_retries_and_polls_through_faults_and_the_moved_clock(sandbox: Sandbox) -> None:
    from firecrawl import Firecrawl, RateLimitError

    app = Firecrawl(api_key=sandbox.api_key, api_url=sandbox.base_url, backoff_factor=0.01)
    # firecrawl-py raises a 429 (it does not retry one): the contract's body reaches the caller.
    sandbox.fail("startCrawl", 429, retry_after=3)
    with pytest.raises(RateLimitError):
        app.crawl("https://sdk.example.com", limit=6, poll_interval=1)
    # It retries a 502 and a lost connection: two of each on the status polls of its waiting loop.
    sandbox.fail("getCrawlStatus", 502, times=2)
    sandbox.drop("getCrawlStatus", after=3, times=2)  # after counts every call: the two 502s and a poll let through
    finished: dict[str, Any] = {}

    def crawl() -> None:
        finished["job"] = app.crawl("https://sdk.example.com", limit=6, poll_interval=0.05)

    waiter = threading.Thread(target=crawl)
    waiter.start()
    deadline = time.monotonic() + 20
    while len([r for r in sandbox.requests("getCrawlStatus") if r.status == 200]) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)  # the loop polls a crawl that does not move until the clock does
    assert "job" not in finished
    sandbox.advance(sandbox.server.job_seconds + 1)
    waiter.join(20)
    job = finished["job"]
    assert (job.status, job.completed, len(job.data)) == ("completed", 6, 6)
    statuses = [r.status for r in sandbox.requests("getCrawlStatus")]
    assert statuses[:2] == [502, 502]
    assert statuses.count(0) == 2  # both dropped connections were retried
    assert [r.status for r in sandbox.requests("startCrawl")] == [429, 200]


def test_a_started_server_has_not_imported_what_its_first_request_may_not_need() -> None:
    """The plugin's first test pays for every import (issue 59): a server that has started and
    made a sandbox has not imported the HTML parsers (lxml, bs4) and converter, the JSON Schema
    validator for refused bodies, the image library, h11 (served only with ``--http h11``), the
    search indexes and the Alexandria catalogue (loaded by their first search), nor httpx (the real web's fetches and webhooks, the typed client: each imports it on first use)."""
    import subprocess
    import sys

    script = (
        "import json, sys\n"
        "from webdata_server.testing import ReferenceServer\n"
        "with ReferenceServer() as server:\n"
        "    server.sandbox()\n"
        "    names = ('httpx', 'bs4', 'soupsieve', 'markdownify', 'jsonschema', 'PIL', 'rich', 'webdata_client', 'lxml', 'h11',\n"
        "             'webdata_server.alexandria.catalogue', 'webdata_server.indexes.developer', 'webdata_server.indexes.papers',\n"
        "             'webdata_server.interact.node')\n"
        "    print(json.dumps(sorted(name for name in names if name in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
