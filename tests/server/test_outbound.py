"""The one outbound guard: every address checked, resolved once, connected to as checked, each
redirect hop checked again (issue 37's SSRF audit, with a fake resolver instead of a network)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import httpx
import pytest
from webdata_server.outbound import OutboundGuard, OutboundRefused, Reach
from webdata_server.web import FetchContext, FetchRefused, HttpFetcher

NEVER = [
    "169.254.169.254",  # link-local: AWS, GCP and Azure metadata
    "100.100.100.200",  # CGNAT 100.64.0.0/10: Alibaba Cloud's metadata
    "100.64.0.1",
    "fd00:ec2::254",  # AWS's IPv6 metadata
    "fe80::1",
    "::ffff:169.254.169.254",  # IPv4-mapped
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "2002:a9fe:a9fe::1",  # 6to4 of 169.254.169.254
    "0.0.0.0",  # noqa: S104 - an address checked, not bound
    "224.0.0.1",
    "240.0.0.1",
]
LOOPBACK = ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "64:ff9b::7f00:1"]
PRIVATE = ["10.0.0.1", "172.16.0.1", "192.168.1.1", "fd12:3456::1", "::ffff:10.1.2.3", "2002:0a00:0001::1"]
PUBLIC = ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:93.184.216.34"]


@pytest.mark.parametrize("address", NEVER)
@pytest.mark.parametrize("reach", [Reach(), Reach(loopback=True), Reach(loopback=True, private=True)])
def test_link_local_shared_and_metadata_addresses_are_never_reached(address: str, reach: Reach) -> None:
    assert reach.problem(address) is not None


@pytest.mark.parametrize("address", LOOPBACK)
def test_loopback_only_with_loopback(address: str) -> None:
    assert Reach().problem(address) is not None
    assert Reach(loopback=True).problem(address) is None


@pytest.mark.parametrize("address", PRIVATE)
def test_private_only_with_private(address: str) -> None:
    assert Reach(loopback=True).problem(address) is not None
    assert Reach(loopback=True, private=True).problem(address) is None


@pytest.mark.parametrize("address", PUBLIC)
def test_global_addresses_are_reached(address: str) -> None:
    assert Reach().problem(address) is None


def test_one_bad_address_among_good_ones_refuses_the_host() -> None:
    guard = OutboundGuard(Reach(), resolver=lambda host: ["93.184.216.34", "10.0.0.1"])
    with pytest.raises(OutboundRefused, match=r"10\.0\.0\.1"):
        guard.pin("https://mixed.example.com/")


def test_the_request_goes_to_the_checked_address_with_the_name_kept() -> None:
    guard = OutboundGuard(Reach(), resolver=lambda host: ["93.184.216.34"])
    pinned = guard.pin("https://www.example.com:8443/a/b?c=d#frag")
    assert pinned.url == "https://93.184.216.34:8443/a/b?c=d"
    assert pinned.headers == {"Host": "www.example.com:8443"}
    assert pinned.extensions == {"sni_hostname": "www.example.com"}
    assert guard.pin("http://[2606:2800:220:1:248:1893:25c8:1946]/").url == "http://[2606:2800:220:1:248:1893:25c8:1946]/"


@pytest.mark.parametrize("url", ["file:///etc/passwd", "gopher://example.com/", "http:///nohost"])
def test_only_http_urls_with_a_host(url: str) -> None:
    with pytest.raises(OutboundRefused):
        OutboundGuard(Reach()).pin(url)


class _Pages(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, str]]] = []

    def do_GET(self) -> None:
        self.seen.append((self.path, self.headers.get("Host", "")))
        if self.path.startswith("/redirect"):
            self.send_response(302)
            self.send_header("Location", self.path.split("to=", 1)[1])
            self.end_headers()
            return
        body = b"User-agent: *\nDisallow: /private\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def pages() -> Iterator[int]:
    _Pages.seen = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield int(httpd.server_address[1])
    httpd.shutdown()
    httpd.server_close()


class _Rebinding:
    """Answers 127.0.0.1 the first time, then the metadata address (DNS rebinding)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, host: str) -> list[str]:
        self.calls += 1
        return ["127.0.0.1"] if self.calls == 1 else ["169.254.169.254"]


def test_a_rebinding_name_is_resolved_once_and_connected_to_as_checked(pages: int) -> None:
    resolver = _Rebinding()
    guard = OutboundGuard(Reach(loopback=True), resolver=resolver)
    with httpx.Client(timeout=5) as client:
        response = guard.get(client, f"http://rebind.example.com:{pages}/robots.txt")
    assert response.status_code == 200
    assert resolver.calls == 1
    assert _Pages.seen == [("/robots.txt", f"rebind.example.com:{pages}")]


def test_every_redirect_hop_is_checked(pages: int) -> None:
    # robots.txt and sitemaps follow redirects: the audit's crawl was sent to 127.0.0.1 and
    # 169.254.169.254 through them.
    addresses = {"public.example.com": ["127.0.0.1"], "metadata.example.com": ["169.254.169.254"]}
    guard = OutboundGuard(Reach(loopback=True), resolver=lambda host: addresses[host])
    with httpx.Client(timeout=5) as client:
        followed = guard.get(client, f"http://public.example.com:{pages}/redirect?to=/robots.txt", follow=True)
        assert followed.status_code == 200
        with pytest.raises(OutboundRefused, match=r"169\.254\.169\.254"):
            guard.get(client, f"http://public.example.com:{pages}/redirect?to=http://metadata.example.com/latest/meta-data/", follow=True)
    assert [path for path, _ in _Pages.seen] == ["/redirect?to=/robots.txt", "/robots.txt", "/redirect?to=http://metadata.example.com/latest/meta-data/"]


def test_the_real_fetcher_refuses_private_targets_and_their_redirects(pages: int) -> None:
    fetcher = HttpFetcher()
    with pytest.raises(FetchRefused):
        fetcher.fetch(f"http://127.0.0.1:{pages}/robots.txt", FetchContext(headers={}, mobile=False, country="US", languages=[]))
    assert fetcher.text(f"http://127.0.0.1:{pages}/robots.txt") is None
    assert fetcher.text("http://169.254.169.254/latest/meta-data/") is None
    assert _Pages.seen == []
    allowed = HttpFetcher(allow_private=True)
    assert allowed.text(f"http://127.0.0.1:{pages}/robots.txt") == "User-agent: *\nDisallow: /private\n"
    assert allowed.text(f"http://127.0.0.1:{pages}/redirect?to=http://169.254.169.254/x") is None


def test_webhook_reach_follows_the_flag_and_never_reaches_metadata() -> None:
    from webdata_server import Settings

    default = Settings(host="127.0.0.1").webhook_reach  # on loopback: loopback receivers only
    assert default.problem("127.0.0.1") is None
    assert default.problem("10.0.0.1") is not None and default.problem("169.254.169.254") is not None
    assert Settings(host="192.0.2.1").webhook_reach.problem("127.0.0.1") is not None
    allowed = Settings(host="192.0.2.1", allow_local_webhooks=True).webhook_reach
    assert allowed.problem("10.0.0.1") is None and allowed.problem("127.0.0.1") is None
    assert allowed.problem("169.254.169.254") is not None and allowed.problem("100.100.100.200") is not None
    refused = Settings(host="127.0.0.1", allow_local_webhooks=False).webhook_reach
    assert refused.problem("127.0.0.1") is not None


def test_a_webhook_not_sent_is_logged_in_a_bounded_line_with_advice_only_where_it_helps(caplog: pytest.LogCaptureFixture) -> None:
    # Issue 58: 8 KB log lines of fuzzed webhook URLs; a public host that failed DNS got advice about loopback receivers.
    import asyncio

    from webdata_server.outbound import OutboundRefused, Reach
    from webdata_server.webhooks import WebhookDispatcher, _Config

    def resolver(host: str) -> list[str]:
        if host == "local.test":
            return ["127.0.0.1"]
        raise OutboundRefused(f"cannot resolve {host}")

    async def deliver() -> None:
        dispatcher = WebhookDispatcher(reach=Reach(), retries=0, resolver=resolver)
        dispatcher.start()
        try:
            await dispatcher._deliver(_Config("https://unresolved.example.com/" + "x" * 8000, {}, None, None), {"type": "crawl.completed"})
            await dispatcher._deliver(_Config("http://local.test/hook", {}, None, None), {"type": "crawl.completed"})
        finally:
            await dispatcher.close()

    caplog.set_level("WARNING", logger="webdata_server.webhooks")
    asyncio.run(deliver())
    public, local = [r.getMessage() for r in caplog.records if "not sent" in r.getMessage()]
    assert len(public) < 600 and "8031 characters" in public and "--allow-local-webhooks" not in public
    assert "--allow-local-webhooks" in local
