"""The job engine: crawls walk the synthetic site under every crawl option, jobs progress page
by page, status pages with ``next``, failures and robots.txt are reported, webhooks arrive."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from tests.server.conftest import Server
from tests.server.test_jobs import _wait_for

SITE = "https://example.com"


def _crawl(server: Server, **options: Any) -> list[str]:
    """The URLs a completed crawl returned, in order, read through every ``next`` page."""
    api = server.api
    job = api("startCrawl", json={"url": SITE, **options}).json()["id"]
    _wait_for(api, "getCrawlStatus", "completed", id=job)
    urls, skip = [], 0
    while True:
        body = api("getCrawlStatus", id=job, params={"skip": str(skip)}).json()
        urls += [d["metadata"]["sourceURL"] for d in body["data"]]
        if not body.get("next"):
            return urls
        assert body["next"].startswith("http://testserver/v2/crawl/")
        skip = int(body["next"].split("skip=")[1].split("&")[0])


def _paths(urls: list[str]) -> list[str]:
    return [u.replace(SITE, "") or "/" for u in urls]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"limit": 1}, ["/"]),
        ({"maxDiscoveryDepth": 0}, ["/"]),
        ({"sitemap": "skip", "maxDiscoveryDepth": 1}, ["/", "/about", "/blog", "/docs", "/pricing"]),
        ({"includePaths": ["^/pricing$"]}, ["/pricing"]),  # a start page its patterns keep out: its links only
        ({"sitemap": "skip", "maxDiscoveryDepth": 1, "excludePaths": ["^/(about|blog)"]}, ["/", "/docs", "/pricing"]),
        ({"sitemap": "only", "includePaths": ["^/landing/"]}, ["/landing/spring", "/landing/summer"]),
        ({"sitemap": "skip", "maxDiscoveryDepth": 1, "ignoreRobotsTxt": True}, ["/", "/about", "/blog", "/docs", "/pricing", "/private"]),
        (
            {"sitemap": "skip", "maxDiscoveryDepth": 1, "deduplicateSimilarURLs": False},
            ["/", "/about", "/blog", "/docs", "/pricing", "/about/", "/docs/index.html"],
        ),
    ],
)
def test_crawl_options_decide_the_pages(quick_server: Server, options: dict[str, Any], expected: list[str]) -> None:
    assert _paths(_crawl(quick_server, **options)) == expected


def test_subdomains_external_links_and_queries(quick_server: Server) -> None:
    base = {"sitemap": "skip", "maxDiscoveryDepth": 1}
    assert "https://status.example.com/" in _crawl(quick_server, **base, allowSubdomains=True)
    assert "https://partner.example.org/" in _crawl(quick_server, **base, allowExternalLinks=True, crawlEntireDomain=True)
    blog = {"sitemap": "skip", "includePaths": ["^/blog$"], "maxDiscoveryDepth": 2}
    assert _paths(_crawl(quick_server, **blog)) == ["/blog", "/blog?page=2"]
    assert _paths(_crawl(quick_server, **blog, ignoreQueryParameters=True)) == ["/blog"]


def test_a_crawl_from_a_path_stays_below_it_unless_told(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startCrawl", json={"url": f"{SITE}/docs/1", "sitemap": "skip"}).json()["id"]
    urls = [d["metadata"]["sourceURL"] for d in _wait_for(api, "getCrawlStatus", "completed", id=job)["data"]]
    assert urls == [f"{SITE}/docs/1", f"{SITE}/docs/1/1", f"{SITE}/docs/1/2", f"{SITE}/docs/1/3"]
    job = api("startCrawl", json={"url": f"{SITE}/docs/1", "sitemap": "skip", "crawlEntireDomain": True, "limit": 6}).json()["id"]
    assert _wait_for(api, "getCrawlStatus", "completed", id=job)["total"] == 6


def test_status_pages_join_into_the_whole_job(quick_server: Server) -> None:
    urls = _crawl(quick_server, limit=25)
    assert len(urls) == 25 == len(set(urls))  # a page size of 10: three pages, no duplicate
    assert quick_server.settings.page_size == 10


@pytest.mark.parametrize("skip", ["25", "543407992982670016512"])
def test_a_skip_past_the_end_reads_an_empty_page(quick_server: Server, skip: str) -> None:
    job = quick_server.api("startBatchScrape", json={"urls": [f"{SITE}/a"]}).json()["id"]
    _wait_for(quick_server.api, "getBatchScrapeStatus", "completed", id=job)
    body = quick_server.api("getBatchScrapeStatus", id=job, params={"skip": skip}).json()
    assert (body["status"], body["completed"], body["data"], body.get("next")) == ("completed", 1, [], None)


def test_a_job_progresses_page_by_page(make_server: Any) -> None:
    server = make_server(job_seconds=1.5)
    api = server.api
    job = api("startCrawl", json={"url": SITE, "limit": 12}).json()["id"]
    seen: list[tuple[int, int, int]] = []
    while True:
        body = api("getCrawlStatus", id=job).json()
        seen.append((body["completed"], body["total"], body["creditsUsed"]))
        if body["status"] == "completed":
            break
        time.sleep(0.05)
    completed = [c for c, _, _ in seen]
    assert completed == sorted(completed) and len(set(completed)) > 3  # never decreases, moves in steps
    assert all(credits == c for c, _, credits in seen)  # charged as each page is scraped
    assert seen[-1] == (12, 12, 12)


def test_errors_list_failed_pages_and_robots(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startCrawl", json={"url": f"{SITE}/docs", "sitemap": "skip", "maxDiscoveryDepth": 1}).json()["id"]
    done = _wait_for(api, "getCrawlStatus", "completed", id=job)
    # The failed page leaves both counters, as the service counts (its error is listed below).
    assert done["completed"] == done["total"] == 4 and len(done["data"]) == 4 and done["creditsUsed"] == 4
    [error] = api("getCrawlErrors", id=job).json()["errors"]
    assert (error["url"], error["code"]) == (f"{SITE}/docs/broken", "SCRAPE_SITE_ERROR")
    root = api("startCrawl", json={"url": SITE, "sitemap": "skip", "maxDiscoveryDepth": 1}).json()["id"]
    ended = _wait_for(api, "getCrawlStatus", "completed", id=root)
    assert api("getCrawlErrors", id=root).json() == {"errors": [], "robotsBlocked": [f"{SITE}/private"]}
    # As the service, an ended crawl that robots.txt kept from a page says so; one it did not, does not.
    assert ended["warning"].startswith("One or more pages were unable to be crawled because the robots.txt file prevented this.")
    assert "warning" not in done


def test_bad_patterns_and_concurrency(server: Server) -> None:
    refused = server.api("startCrawl", json={"url": SITE, "includePaths": ["("]})
    assert refused.status_code == 400
    server.api("startCrawl", json={"url": SITE})
    assert server.api("getConcurrency").json() == {"success": True, "concurrency": 1, "maxConcurrency": 0}


class _Receiver(BaseHTTPRequestHandler):
    events: ClassVar[list[dict[str, Any]]] = []
    fail_first = 0

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if _Receiver.fail_first > 0:
            _Receiver.fail_first -= 1
            self.send_response(500)
        else:
            _Receiver.events.append({**body, "_header": self.headers.get("X-Token")})
            self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_webhooks_arrive_in_order_and_survive_a_failing_receiver(make_server: Any) -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _Receiver.events, _Receiver.fail_first = [], 2
    try:
        server = make_server(job_seconds=0.2, allow_local_webhooks=True, webhook_backoff=0.05)
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        webhook = {"url": url, "headers": {"X-Token": "t"}, "metadata": {"who": "me"}}
        job = server.api("startBatchScrape", json={"urls": [f"{SITE}/a", f"{SITE}/b"], "webhook": webhook}).json()["id"]
        _wait_for(server.api, "getBatchScrapeStatus", "completed", id=job)
        deadline = time.monotonic() + 10
        while len(_Receiver.events) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        events = _Receiver.events
        assert [e["type"] for e in events] == ["batch_scrape.started", "batch_scrape.page", "batch_scrape.page", "batch_scrape.completed"]
        assert all(e["id"] == job and e["metadata"] == {"who": "me"} and e["_header"] == "t" for e in events)
        assert [e["data"][0]["metadata"]["sourceURL"] for e in events[1:3]] == [f"{SITE}/a", f"{SITE}/b"]
        _Receiver.events = []
        filtered = {"url": url, "events": ["completed"]}
        job = server.api("startBatchScrape", json={"urls": [f"{SITE}/c"], "webhook": filtered}).json()["id"]
        _wait_for(server.api, "getBatchScrapeStatus", "completed", id=job)
        while not _Receiver.events and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [e["type"] for e in _Receiver.events] == ["batch_scrape.completed"]
    finally:
        receiver.shutdown()


def test_a_latin1_header_value_is_delivered_and_a_failing_event_does_not_end_the_sender(make_server: Any) -> None:
    # Issue 37's audit: a non-ASCII webhook header killed the job's sender (no event delivered).
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _Receiver.events, _Receiver.fail_first = [], 0
    try:
        server = make_server(job_seconds=0.2, webhook_backoff=0.05)  # loopback receivers: the default on loopback
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        webhook = {"url": url, "headers": {"X-Token": "café"}, "events": ["completed"]}
        job = server.api("startBatchScrape", json={"urls": [f"{SITE}/a"], "webhook": webhook}).json()["id"]
        _wait_for(server.api, "getBatchScrapeStatus", "completed", id=job)
        deadline = time.monotonic() + 10
        while not _Receiver.events and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [(e["type"], e["_header"]) for e in _Receiver.events] == [("batch_scrape.completed", "café")]
    finally:
        receiver.shutdown()


def test_a_loopback_receiver_is_refused_unless_allowed(make_server: Any) -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _Receiver.events, _Receiver.fail_first = [], 0
    try:
        server = make_server(job_seconds=0.1, host="0.0.0.0")  # noqa: S104 (not bound: the setting alone)
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        job = server.api("startBatchScrape", json={"urls": [f"{SITE}/a"], "webhook": url}).json()["id"]
        _wait_for(server.api, "getBatchScrapeStatus", "completed", id=job)
        time.sleep(0.5)
        assert _Receiver.events == []
    finally:
        receiver.shutdown()


class _Hanging(BaseHTTPRequestHandler):
    """A receiver that holds every request until ``release`` is set, then records it."""

    release = threading.Event()
    arrived: ClassVar[list[str]] = []
    events: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        _Hanging.arrived.append(body["type"])
        _Hanging.release.wait(20)
        _Hanging.events.append(body["type"])
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_a_hanging_receiver_slows_neither_the_job_nor_other_requests(make_server: Any) -> None:
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), _Hanging)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    _Hanging.release.clear()
    _Hanging.arrived, _Hanging.events = [], []
    try:
        server = make_server(job_seconds=0.2, allow_local_webhooks=True, webhook_timeout=15.0)
        url = f"http://127.0.0.1:{receiver.server_address[1]}/hook"
        job = server.api("startBatchScrape", json={"urls": [f"{SITE}/a", f"{SITE}/b"], "webhook": url}).json()["id"]
        _wait_for(server.api, "getBatchScrapeStatus", "completed", id=job)
        # The job finished while its first event is still held by the receiver.
        assert _Hanging.arrived == ["batch_scrape.started"] and _Hanging.events == []
        for _ in range(20):
            began = time.monotonic()
            assert server.api("getTokenUsage").status_code == 200
            assert time.monotonic() - began < 1.0, "a request waited for the hanging receiver"
        _Hanging.release.set()
        deadline = time.monotonic() + 10
        while len(_Hanging.events) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        # Once the receiver answers, the held events follow in order, none lost.
        assert _Hanging.events == ["batch_scrape.started", "batch_scrape.page", "batch_scrape.page", "batch_scrape.completed"]
    finally:
        _Hanging.release.set()
        receiver.shutdown()
