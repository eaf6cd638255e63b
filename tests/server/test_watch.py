"""The x-watch protocol on crawl and batch scrape status paths (WebSocket), as both SDKs speak it."""

from __future__ import annotations

import json
import signal
import time
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from webdata_server.watch import open_watchers
from websockets.sync.client import connect

from tests.server.conftest import LiveServer, Server

UNKNOWN = "00000000-0000-4000-8000-000000000000"


def _messages(server: Server, path: str, **connect: Any) -> list[dict[str, Any]]:
    received = []
    with server.client.websocket_connect(path, **connect) as socket:
        try:
            while True:
                received.append(socket.receive_json())
        except WebSocketDisconnect:
            pass
    return received


@pytest.mark.parametrize(("start", "path"), [("startCrawl", "/v2/crawl/{}"), ("startBatchScrape", "/v2/batch/scrape/{}")])
def test_catchup_then_done_with_the_documents(quick_server: Server, start: str, path: str) -> None:
    body = {"url": "https://example.com", "limit": 2} if start == "startCrawl" else {"urls": ["https://example.com/a", "https://example.com/b"]}
    job = quick_server.api(start, json=body).json()["id"]
    messages = _messages(quick_server, path.format(job), headers={"Authorization": f"Bearer {quick_server.api.key}"})
    assert messages[0]["type"] == "catchup" and messages[0]["data"]["status"] == "scraping"
    done = messages[-1]
    assert done["type"] == "done" and done["data"]["status"] == "completed"
    # Every document once, in order: those finished when the socket opened in catchup, then one
    # message each (the SDKs' watchers gather catchup, document and done documents alike).
    documents = messages[0]["data"]["data"] + [m["data"] for m in messages if m["type"] == "document"]
    assert [m["type"] for m in messages[1:-1]] == ["document"] * (len(messages) - 2) and done["data"]["data"] == []
    polled = quick_server.client.get(path.format(job), headers={"Authorization": f"Bearer {quick_server.api.key}"}).json()
    assert documents == polled["data"] and all("markdown" in document for document in documents)
    assert {k: v for k, v in done["data"].items() if k != "data"} == {k: v for k, v in polled.items() if k != "data"}
    # Each document message says where the job stands, as a poll would read it then: the total
    # (a crawl's as discovered), the pages completed so far (never fewer than the documents sent)
    # and their credits (a page of the synthetic web costs 1).
    sent = len(messages[0]["data"]["data"])
    for message in (m for m in messages if m["type"] == "document"):
        sent += 1
        progress = message["progress"]
        assert progress["total"] == polled["total"] and sent <= progress["completed"] <= polled["total"], message["progress"]
        assert progress["creditsUsed"] == progress["completed"] and progress["status"] in ("scraping", "completed")


def test_the_key_as_subprotocol_is_accepted_and_echoed(quick_server: Server) -> None:
    job = quick_server.api("startCrawl", json={"url": "https://example.com", "limit": 1}).json()["id"]
    with quick_server.client.websocket_connect(f"/v2/crawl/{job}", subprotocols=[quick_server.api.key]) as socket:
        assert socket.accepted_subprotocol == quick_server.api.key
        assert socket.receive_json()["type"] == "catchup"


def test_a_cancelled_job_ends_with_its_status(server: Server) -> None:
    job = server.api("startCrawl", json={"url": "https://example.com", "limit": 2}).json()["id"]
    server.api("cancelCrawl", id=job)
    messages = _messages(server, f"/v2/crawl/{job}", headers={"Authorization": f"Bearer {server.api.key}"})
    assert [(m["type"], m["data"]["status"]) for m in messages] == [("catchup", "cancelled")]


def test_unknown_jobs_other_teams_jobs_and_bad_keys_get_an_error_message(server: Server) -> None:
    job = server.api("startCrawl", json={"url": "https://example.com", "limit": 1}).json()["id"]
    other = server.tenant()
    foreign = _messages(server, f"/v2/crawl/{job}", headers={"Authorization": f"Bearer {other.key}"})
    unknown = _messages(server, f"/v2/crawl/{UNKNOWN}", headers={"Authorization": f"Bearer {other.key}"})
    assert foreign == unknown == [{"type": "error", "error": "Job not found"}]
    # A batch id on the crawl path is not a crawl.
    batch = server.api("startBatchScrape", json={"urls": ["https://example.com/a"]}).json()["id"]
    assert _messages(server, f"/v2/crawl/{batch}", headers={"Authorization": f"Bearer {server.api.key}"}) == unknown
    assert _messages(server, f"/v2/crawl/{job}", headers={"Authorization": "Bearer wd-nope"}) == [{"type": "error", "error": "Unauthorized"}]
    assert _messages(server, f"/v2/crawl/{job}") == [{"type": "error", "error": "Unauthorized"}]


def test_a_watcher_whose_client_left_is_closed_while_its_job_runs(server: Server) -> None:
    job = server.api("startCrawl", json={"url": "https://example.com", "limit": 20}).json()["id"]
    with server.client.websocket_connect(f"/v2/crawl/{job}", headers={"Authorization": f"Bearer {server.api.key}"}) as socket:
        assert socket.receive_json()["type"] == "catchup"
        assert open_watchers() == 1
    # The job runs 30 s more; its watcher ends with its client, within a poll interval or so.
    deadline = time.monotonic() + 2
    while open_watchers() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert open_watchers() == 0
    assert server.api("getCrawlStatus", id=job).json()["status"] == "scraping"


def test_the_server_stops_promptly_on_sigterm_with_watchers_open(live_server: LiveServer) -> None:
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "watching", "--plan-tokens", str(15 * 100_000)))["apiKey"]
    job = httpx.post(f"{live_server.base_url}/v2/crawl", json={"url": "https://example.com", "limit": 2}, headers={"Authorization": f"Bearer {key}"}).json()[
        "id"
    ]
    with ExitStack() as stack:
        url = f"ws://127.0.0.1:{live_server.port}/v2/crawl/{job}"
        sockets = [stack.enter_context(connect(url, additional_headers={"Authorization": f"Bearer {key}"})) for _ in range(3)]
        assert all(json.loads(s.recv(timeout=10))["type"] == "catchup" for s in sockets)
        assert live_server.process is not None
        live_server.process.terminate()
        # Within 5 s, though the job finishes a page every 15 s and three watchers wait for it; a
        # graceful stop (uvicorn re-raises the signal once it has shut the application down).
        assert live_server.process.wait(5) == -signal.SIGTERM
        assert live_server.process.stdout is not None
        assert "Application shutdown complete" in live_server.process.stdout.read().decode()


def test_a_watcher_stops_when_its_key_is_revoked(server: Server) -> None:
    # Issue 37's audit: a watcher opened before its key was deleted kept streaming.
    tenant = server.tenant()
    api = server.api_for(tenant)
    job = api("startCrawl", json={"url": "https://example.com", "limit": 3}).json()["id"]
    key_id = server.store.teams.key_ids(tenant.team_id)[0]
    with server.client.websocket_connect(f"/v2/crawl/{job}", headers={"Authorization": f"Bearer {tenant.key}"}) as socket:
        assert socket.receive_json()["type"] == "catchup"
        assert server.store.teams.revoke_key(key_id)
        assert socket.receive_json() == {"type": "error", "error": "Unauthorized"}
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    assert api("getCrawlStatus", id=job).status_code == 401


def test_admin_revokes_a_key(live_server: LiveServer) -> None:
    created = json.loads(live_server.admin("create-team", "--name", "revoked", "--plan-tokens", "150000"))
    key, key_id = created["apiKey"], created["keys"][0]["id"]
    live_server.start()
    headers = {"Authorization": f"Bearer {key}"}
    assert httpx.get(f"{live_server.base_url}/v2/team/token-usage", headers=headers).status_code == 200
    assert live_server.admin("revoke-key", "--key", key_id).strip() == f"revoked {key_id}"
    deadline = time.monotonic() + 5
    while httpx.get(f"{live_server.base_url}/v2/team/token-usage", headers=headers).status_code != 401:
        assert time.monotonic() < deadline, "the revoked key still works"
        time.sleep(0.02)
    assert json.loads(live_server.admin("list"))[0]["keys"] == []


def test_a_watcher_counts_a_failed_page_as_a_status_read_does() -> None:
    # A failed page leaves both counters on a status read; the watch socket's messages said one more.
    from webdata_server import running

    with running(clock="auto") as sandbox:
        watched = sandbox.client.crawl("https://pages-20.failing-10.example.com", limit=100, via="socket")
        polled = sandbox.client.crawl.get_status(watched.id)
        assert (watched.completed, watched.total, len(watched.data)) == (polled.completed, polled.total, 18)
