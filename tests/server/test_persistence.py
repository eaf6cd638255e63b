"""Nothing lives only in memory: a restart, or a kill -9 under load, loses no acknowledged job or charge."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

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


def _load_then_kill(live_server: LiveServer, headers: dict[str, str], request: Callable[[httpx.Client], None], *, until: Callable[[], bool]) -> None:
    """Eight clients send ``request`` in a loop until ``until()`` holds (or 60 s pass), then the
    server is killed with SIGKILL mid-load; a client whose request the kill cut off stops."""
    stop = threading.Event()

    def load() -> None:
        with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=5) as client:
            while not stop.is_set():
                try:
                    request(client)
                except httpx.HTTPError:
                    return  # the server died mid-request: that request was never acknowledged

    workers = [threading.Thread(target=load) for _ in range(8)]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + 60
    while not until() and time.monotonic() < deadline:
        time.sleep(0.01)
    live_server.kill()
    stop.set()
    for worker in workers:
        worker.join(10)


def test_kill_9_under_load_loses_nothing_acknowledged(live_server: LiveServer) -> None:
    live_server.start()
    key = _tenant(live_server)
    headers = {"Authorization": f"Bearer {key}"}
    acknowledged: list[str] = []

    def extract(client: httpx.Client) -> None:
        # Extract charges when it starts (batch scrapes and crawls page by page).
        response = client.post("/v2/extract", json={"urls": ["https://example.com/a", "https://example.com/b"]})
        if response.status_code == 200:
            acknowledged.append(response.json()["id"])

    _load_then_kill(live_server, headers, extract, until=lambda: len(acknowledged) >= 40)

    assert len(acknowledged) >= 40, f"only {len(acknowledged)} jobs were acknowledged under load"
    live_server.start()
    with httpx.Client(base_url=live_server.base_url, headers=headers) as client:
        for job_id in acknowledged:
            assert client.get(f"/v2/extract/{job_id}").status_code == 200, job_id
        used = 15 * 100_000 - client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]
    # Each acknowledged job charged 2 credits; a job committed but not yet answered may add more.
    assert used >= len(acknowledged) * 2 * 15
    assert used % (2 * 15) == 0


def _database_bytes(path: Path) -> bytes:
    return b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal")) if p.exists())


def test_no_secret_key_is_ever_written_to_the_database(live_server: LiveServer) -> None:
    live_server.start()
    key = _tenant(live_server)
    extra = live_server.admin("create-key", "--team", json.loads(live_server.admin("list"))[-1]["id"])
    with httpx.Client(base_url=live_server.base_url, headers={"Authorization": f"Bearer {key}"}) as client:
        assert client.post("/v2/agent", json={"prompt": "p"}).status_code == 200
        assert client.post("/v2/scrape", json={"url": "https://example.com"}).status_code == 200
        listed = json.loads(live_server.admin("list"))
    for secret in (key, extra.strip()):
        assert secret.encode() not in _database_bytes(live_server.database), "a secret key is in the database file or its WAL"
        assert secret not in json.dumps(listed), "admin list shows a secret"
    assert all(k["id"].startswith("key_") for team in listed for k in team["keys"])


# The schema of a database written before keys were hashed (migrations 1 and 2 of store.py).
_OLD_SCHEMA = [
    "CREATE TABLE teams (id TEXT PRIMARY KEY, name TEXT NOT NULL, plan_tokens INTEGER, period_start TEXT NOT NULL, period_end TEXT NOT NULL,"
    " rate_limit_per_minute INTEGER NOT NULL DEFAULT 0, max_concurrency INTEGER NOT NULL DEFAULT 0, tp_enabled INTEGER NOT NULL DEFAULT 0,"
    " tp_enforced INTEGER NOT NULL DEFAULT 0, tp_overrides_disabled INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL)",
    "CREATE TABLE api_keys (key TEXT PRIMARY KEY, team_id TEXT NOT NULL REFERENCES teams(id), name TEXT NOT NULL, created_at TEXT NOT NULL)",
    "CREATE TABLE jobs (id TEXT PRIMARY KEY, team_id TEXT NOT NULL REFERENCES teams(id), api_key TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL,"
    " url TEXT, request TEXT NOT NULL, result TEXT, total INTEGER NOT NULL DEFAULT 0, completed INTEGER NOT NULL DEFAULT 0,"
    " credits_used INTEGER NOT NULL DEFAULT 0, error TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, finishes_at TEXT NOT NULL)",
    "CREATE INDEX jobs_team_kind_status ON jobs(team_id, kind, status)",
    "CREATE INDEX jobs_due ON jobs(status, finishes_at)",
    "CREATE TABLE ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, team_id TEXT NOT NULL REFERENCES teams(id), api_key TEXT NOT NULL,"
    " operation TEXT NOT NULL, credits INTEGER NOT NULL, job_id TEXT, created_at TEXT NOT NULL)",
    "CREATE INDEX ledger_team_time ON ledger(team_id, created_at)",
    "CREATE TABLE scrape_cache (url TEXT NOT NULL, tag TEXT NOT NULL DEFAULT '', fetched_at TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (url, tag, fetched_at))",
    "CREATE TABLE scrape_log (id INTEGER PRIMARY KEY AUTOINCREMENT, team_id TEXT NOT NULL REFERENCES teams(id), api_key TEXT NOT NULL, url TEXT,"
    " profile_name TEXT, profile_save_changes INTEGER, audit_username TEXT, proxy TEXT NOT NULL, created_at TEXT NOT NULL)",
]


def test_a_database_with_plain_keys_is_migrated_without_losing_anything(live_server: LiveServer) -> None:
    secret = "wd-" + "0123456789abcdef" * 2
    db = sqlite3.connect(live_server.database)
    for statement in _OLD_SCHEMA:
        db.execute(statement)
    now = "2026-11-01T00:00:00.000Z"
    db.execute(
        "INSERT INTO teams (id, name, plan_tokens, period_start, period_end, created_at) VALUES ('team_old', 'old', 150000, ?, '2099-01-01T00:00:00.000Z', ?)",
        (now, now),
    )
    db.execute("INSERT INTO api_keys VALUES (?, 'team_old', 'default', ?)", (secret, now))
    db.execute(
        "INSERT INTO jobs (id, team_id, api_key, kind, status, request, created_at, updated_at, finishes_at) VALUES "
        "('6f1c1f40-6f5e-4e4b-9a57-0e7d1e6b8a11', 'team_old', ?, 'agent', 'cancelled', '{\"prompt\": \"p\"}', ?, ?, ?)",
        (secret, now, now, now),
    )
    db.execute("INSERT INTO ledger (team_id, api_key, operation, credits, created_at) VALUES ('team_old', ?, 'startAgent', 7, ?)", (secret, now))
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    assert secret.encode() in _database_bytes(live_server.database)

    live_server.start()
    with httpx.Client(base_url=live_server.base_url, headers={"Authorization": f"Bearer {secret}"}) as client:
        assert client.get("/v2/agent/6f1c1f40-6f5e-4e4b-9a57-0e7d1e6b8a11").json()["status"] == "cancelled"
        assert client.get("/v2/team/token-usage").json()["data"]["remainingTokens"] == 150000 - 7 * 15
        periods = client.get("/v2/team/credit-usage/historical", params={"byApiKey": "true"}).json()["periods"]
    assert sum(p["totalCredits"] for p in periods) == 7 and {p["apiKey"] for p in periods} == {json.loads(live_server.admin("list"))[0]["keys"][0]["id"]}
    assert secret.encode() not in _database_bytes(live_server.database), "the plain key survived the migration somewhere in the file"


def test_kill_9_leaves_every_idempotency_key_with_its_job_or_unspent(live_server: LiveServer) -> None:
    # Issue 37's audit: of 91 crawls cut off by kill -9, 13 spent their key with no job and 8 ran a
    # job whose retry only ever got 409. Now a retry with the key either starts the crawl (the key
    # was never claimed) or is told the job the key started.
    live_server.start()
    key = _tenant(live_server)
    headers = {"Authorization": f"Bearer {key}"}
    sent: list[str] = []

    def keyed_crawl(client: httpx.Client) -> None:
        idempotency_key = str(uuid.uuid4())
        sent.append(idempotency_key)
        client.post("/v2/crawl", json={"url": "https://example.com", "limit": 1}, headers={"x-idempotency-key": idempotency_key})

    _load_then_kill(live_server, headers, keyed_crawl, until=lambda: len(sent) >= 60)

    live_server.start()
    outcomes: dict[int, int] = {}
    with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=10) as client:
        for idempotency_key in sent:
            retry = client.post("/v2/crawl", json={"url": "https://example.com", "limit": 1}, headers={"x-idempotency-key": idempotency_key})
            assert retry.status_code in (200, 409), retry.text
            if retry.status_code == 409:
                job = retry.json().get("id")
                assert job is not None, f"{idempotency_key} was spent with no job"
                assert client.get(f"/v2/crawl/{job}").status_code == 200
            outcomes[retry.status_code] = outcomes.get(retry.status_code, 0) + 1
    assert outcomes.get(409, 0) >= 1, outcomes
