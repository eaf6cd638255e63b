"""The service's own address served in tests (issue 74 item 1; webdata_server.intercept): every
client the SDKs and their integrations use reaches the reference server at
``https://api.firecrawl.dev`` inside ``mock_service`` (and the plugin's ``webdata`` fixture), any
other host is untouched, and nothing reaches the real service."""

from __future__ import annotations

import asyncio
import http.server
import json
import socket
import threading
import unittest
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import requests
import urllib3
from webdata_server import mock_service
from webdata_server.intercept import serving

from tests.server.test_pytest_plugin import _pytest_of_its_own

SERVICE = "https://api.firecrawl.dev"


@pytest.fixture
def elsewhere() -> Iterator[str]:
    """A server on this machine that is not the double: its answers must come through untouched."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b'{"elsewhere": true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_every_client_reaches_the_double_at_the_services_address(elsewhere: str) -> None:
    import aiohttp

    with mock_service() as sandbox:
        auth = {"Authorization": f"Bearer {sandbox.api_key}"}
        usage = SERVICE + "/v2/team/credit-usage"
        assert requests.get(usage, headers=auth, timeout=10).json()["success"] is True
        assert json.loads(urllib3.request("GET", usage, headers=auth).data)["success"] is True
        assert httpx.get(usage, headers=auth).json()["success"] is True

        async def async_clients() -> list[Any]:
            async with httpx.AsyncClient() as client:
                first = (await client.get(usage, headers=auth)).json()
            async with aiohttp.ClientSession() as session, session.get(usage, headers=auth) as answer:
                second = await answer.json()
            return [first, second]

        assert [a["success"] for a in asyncio.run(async_clients())] == [True, True]
        # Any other host is untouched, in every client.
        assert requests.get(elsewhere, timeout=10).json() == {"elsewhere": True}
        assert httpx.get(elsewhere).json() == {"elsewhere": True}
        assert json.loads(urllib3.request("GET", elsewhere).data) == {"elsewhere": True}
        # What the double received came at the service's paths.
        assert [r.path for r in sandbox.requests("getCreditUsage")] == ["/v2/team/credit-usage"] * 5


def test_the_sdks_with_no_address_and_their_websocket_watchers() -> None:
    from firecrawl import AsyncFirecrawl, Firecrawl

    with mock_service() as sandbox:
        app = Firecrawl(api_key=sandbox.api_key)  # no api_url: the service's own address
        job = app.crawl("https://docs.example.com", limit=3)
        assert job.status == "completed" and len(job.data) == 3
        assert Firecrawl().scrape("https://docs.example.com", formats=["markdown"]).markdown  # the key from FIRECRAWL_API_KEY

        started = app.start_crawl("https://shop.example.com", limit=2)

        async def watch() -> list[Any]:
            client = AsyncFirecrawl(api_key=sandbox.api_key)
            return [snapshot async for snapshot in client.watcher(started.id, kind="crawl", poll_interval=5, timeout=30)]

        snapshots = asyncio.run(watch())
        assert snapshots[-1].status == "completed" and len(snapshots[-1].data) == 2

        async def raw_socket() -> dict[str, Any]:
            import websockets

            uri = f"wss://api.firecrawl.dev/v2/crawl/{started.id}"
            async with websockets.connect(uri, additional_headers=[("Authorization", f"Bearer {sandbox.api_key}")]) as ws:
                return dict(json.loads(await ws.recv()))

        assert asyncio.run(raw_socket())["type"] in ("catchup", "document", "done")


def test_nothing_reaches_the_real_service_and_the_block_undoes_itself() -> None:
    from requests.adapters import HTTPAdapter

    send, resolve = HTTPAdapter.send, socket.getaddrinfo
    with mock_service():
        with pytest.raises(socket.gaierror, match=r"webdata_server\.intercept"):
            socket.getaddrinfo("api.firecrawl.dev", 443)  # a client the block does not know: refused, not sent
        assert socket.getaddrinfo("127.0.0.1", 80)  # any other name resolves
    assert HTTPAdapter.send is send and socket.getaddrinfo is resolve


def test_blocks_nest_and_the_innermost_server_answers() -> None:
    with mock_service() as outer:
        with mock_service() as inner:
            answer = requests.get(SERVICE + "/v2/team/credit-usage", headers={"Authorization": f"Bearer {inner.api_key}"}, timeout=10)
            assert answer.status_code == 200 and inner.requests("getCreditUsage")
        answer = requests.get(SERVICE + "/v2/team/credit-usage", headers={"Authorization": f"Bearer {outer.api_key}"}, timeout=10)
        assert answer.status_code == 200 and outer.requests("getCreditUsage")


class AUnittestCase(unittest.TestCase):
    """mock_service as a decorator, outside pytest's fixtures."""

    @mock_service()
    def test_a_decorated_test(self) -> None:
        from firecrawl import Firecrawl

        document = Firecrawl().scrape("https://docs.example.com/a", formats=["markdown"])
        self.assertEqual(document.metadata.status_code, 200)


def test_serving_takes_any_hosts_and_keeps_the_key_it_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIRECRAWL_API_KEY", "fc-mine")
    with mock_service() as sandbox, serving(sandbox.base_url, hosts={"api.example-mirror.test"}):
        answer = requests.get("https://api.example-mirror.test/v2/team/credit-usage", headers={"Authorization": f"Bearer {sandbox.api_key}"}, timeout=10)
        assert answer.status_code == 200
    import os

    assert os.environ["FIRECRAWL_API_KEY"] == "fc-mine"


PLUGIN = """
import socket

import pytest
from firecrawl import Firecrawl


def test_an_app_that_names_no_address(webdata):
    app = Firecrawl(api_key=webdata.api_key)
    job = app.crawl("https://docs.example.com", limit=4)
    assert job.status == "completed" and len(job.data) == 4
    assert Firecrawl().scrape("https://docs.example.com", formats=["markdown"]).metadata.status_code == 200
    assert webdata.requests("startCrawl")


@pytest.mark.webdata(intercept=False)
def test_one_test_turns_it_off(webdata):
    from webdata_server import intercept

    assert not intercept._targets and socket.getaddrinfo.__module__ in ("socket", "_socket")
"""


def test_the_plugin_serves_the_services_address_unless_told_not_to(tmp_path: Path) -> None:
    (tmp_path / "test_plugin_intercept.py").write_text(PLUGIN, encoding="utf-8")
    done = _pytest_of_its_own(tmp_path)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "2 passed" in done.stdout, done.stdout[-3000:]


def test_a_client_imported_inside_the_block_is_served_and_none_is_imported_for_it(tmp_path: Path) -> None:
    """The clients are patched where imported, or when imported inside the block: a test that
    never uses aiohttp does not pay its import."""
    import subprocess
    import sys

    script = """
import asyncio, sys
from webdata_server import mock_service

with mock_service(clock="manual") as sandbox:  # (the auto clock's no_waits imports firecrawl-py, which imports aiohttp)
    assert "aiohttp" not in sys.modules
    import aiohttp

    async def main():
        async with aiohttp.ClientSession() as session:
            async with session.get("https://api.firecrawl.dev/v2/team/credit-usage", headers={"Authorization": "Bearer " + sandbox.api_key}) as answer:
                return answer.status

    print(asyncio.run(main()))
print(aiohttp.ClientSession._request.__module__)
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["200", "aiohttp.client"], done.stdout  # served inside; the original after
