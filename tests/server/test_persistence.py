"""Nothing lives only in memory: a restart, or a kill -9 under load, loses no acknowledged job or charge."""

from __future__ import annotations

import json
import threading
import time

import httpx

from tests.server.conftest import LiveServer


def _tenant(server: LiveServer) -> str:
    return str(json.loads(server.admin("create-team", "--name", "durable", "--plan-tokens", str(15 * 100_000)))["apiKey"])


def test_restart_keeps_jobs_charges_and_states(live_server: LiveServer) -> None:
    live_server.start()
    key = _tenant(live_server)
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=live_server.base_url, headers=headers) as client:
        agent = client.post("/v2/agent", json={"prompt": "p"}).json()["id"]
        crawl = client.post("/v2/crawl", json={"url": "https://example.com", "limit": 2}).json()["id"]
        assert client.delete(f"/v2/agent/{agent}").json() == {"success": True}
        remaining = client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]
    live_server.stop()
    live_server.start()
    with httpx.Client(base_url=live_server.base_url, headers=headers) as client:
        assert client.get(f"/v2/agent/{agent}").json()["status"] == "cancelled"
        assert [c["id"] for c in client.get("/v2/crawl/active").json()["crawls"]] == [crawl]
        assert client.get("/v2/team/token-usage").json()["data"]["remainingTokens"] == remaining


def test_kill_9_under_load_loses_nothing_acknowledged(live_server: LiveServer) -> None:
    live_server.start()
    key = _tenant(live_server)
    headers = {"Authorization": f"Bearer {key}"}
    acknowledged: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()

    def load() -> None:
        with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=5) as client:
            while not stop.is_set():
                try:
                    response = client.post("/v2/batch/scrape", json={"urls": ["https://example.com/a", "https://example.com/b"]})
                except httpx.HTTPError:
                    return  # the server died mid-request: that job was never acknowledged
                if response.status_code == 200:
                    with lock:
                        acknowledged.append(response.json()["id"])

    workers = [threading.Thread(target=load) for _ in range(8)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        time.sleep(0.01)
    live_server.kill()
    stop.set()
    for worker in workers:
        worker.join(10)

    assert len(acknowledged) >= 40, f"only {len(acknowledged)} jobs were acknowledged under load"
    live_server.start()
    with httpx.Client(base_url=live_server.base_url, headers=headers) as client:
        for job_id in acknowledged:
            assert client.get(f"/v2/batch/scrape/{job_id}").status_code == 200, job_id
        used = 15 * 100_000 - client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]
    # Each acknowledged job charged 2 credits; a job committed but not yet answered may add more.
    assert used >= len(acknowledged) * 2 * 15
    assert used % (2 * 15) == 0
