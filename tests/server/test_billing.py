"""§2.7, §2.8, §8: every charge is a ledger row; token usage at 15 tokens per credit;
historical usage by calendar month and by key; 402 when the credits run out."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from webdata_server.store import LedgerEntry

from tests.server.conftest import Api, LiveServer, Server
from tests.server.test_jobs import _wait_for


def _remaining(api: Api) -> int:
    return int(api("getTokenUsage").json()["data"]["remainingTokens"])


def test_token_usage_of_a_fresh_team(server: Server) -> None:
    tenant = server.tenant(plan_tokens=7500)
    data = server.api_for(tenant)("getTokenUsage").json()["data"]
    now = datetime.now(UTC)
    assert data["planTokens"] == data["remainingTokens"] == 7500
    assert data["billingPeriodStart"] == now.strftime("%Y-%m-01T00:00:00Z")
    assert datetime.fromisoformat(data["billingPeriodEnd"]) > now


def test_each_charge_is_a_ledger_row_at_15_tokens_per_credit(server: Server) -> None:
    api = server.api
    before = _remaining(api)
    api("startExtract", json={"urls": ["https://a.example.com", "https://b.example.com/*", "bad url"]})
    api("startAgent", json={"prompt": "p"})
    api("previewCrawlParams", json={"url": "https://example.com", "prompt": "blog"})
    # Batch scrapes and crawls are charged page by page as they progress: not when they start.
    api("startBatchScrape", json={"urls": ["https://example.com/1", "https://example.com/2", "https://example.com/3"]})
    api("startCrawl", json={"url": "https://example.com", "limit": 2})
    found = server.store.teams.authenticate(api.key)
    assert found is not None
    key_id = found.key_id
    rows = [(row["operation"], row["credits"], row["key_id"]) for row in server.store.ledger.rows(api.team_id)]
    # The ledger names the key by its public identifier, never by the secret.
    assert rows == [("startExtract", 2, key_id), ("startAgent", 1, key_id)]
    assert before - _remaining(api) == 3 * 15


def test_batch_and_crawl_pages_are_charged_as_they_are_scraped(quick_server: Server) -> None:
    api = quick_server.api
    batch = api("startBatchScrape", json={"urls": ["https://example.com/1", "https://example.com/2", "https://example.com/3"]}).json()["id"]
    crawl = api("startCrawl", json={"url": "https://example.com", "limit": 2}).json()["id"]
    assert _wait_for(api, "getBatchScrapeStatus", "completed", id=batch)["creditsUsed"] == 3
    assert _wait_for(api, "getCrawlStatus", "completed", id=crawl)["creditsUsed"] == 2
    rows = [(row["operation"], row["credits"], row["job_id"]) for row in quick_server.store.ledger.rows(api.team_id)]
    assert sorted(rows) == sorted([("startBatchScrape", 1, batch)] * 3 + [("startCrawl", 1, crawl)] * 2)


def test_a_team_out_of_credits_halfway_stops_the_job(quick_server: Server) -> None:
    api = quick_server.api_for(quick_server.tenant(plan_tokens=15 * 3))
    urls = [f"https://example.com/{n}" for n in range(5)]
    job = api("startBatchScrape", json={"urls": urls}).json()["id"]
    failed = _wait_for(api, "getBatchScrapeStatus", "failed", id=job)
    # The three pages it could pay for stay readable, and it was charged for them alone.
    assert (failed["completed"], failed["total"], failed["creditsUsed"]) == (3, 5, 3)
    assert [d["metadata"]["sourceURL"] for d in failed["data"]] == urls[:3]
    assert _remaining(api) == 0
    refused = api("startBatchScrape", json={"urls": ["https://example.com/x"]})
    assert refused.status_code == 402
    assert refused.json() == {"success": False, "error": "Payment required to access this resource."}
    assert api("startAgent", json={"prompt": "p"}).status_code == 402
    assert api("getActiveCrawls").status_code == 402
    assert api("getOngoingCrawls").status_code == 402


def test_no_usage_information(server: Server) -> None:
    api = server.api_for(server.tenant(plan_tokens=None))
    response = api("getTokenUsage")
    assert response.status_code == 404
    assert response.json() == {"success": False, "error": "Could not find token usage information"}


def test_historical_usage_by_month_and_by_key(server: Server) -> None:
    tenant = server.tenant()
    second_key, second_secret = server.store.teams.create_key_with_id(team_id=tenant.team_id, name="second")
    api = server.api_for(tenant)
    found = server.store.teams.authenticate(api.key)
    assert found is not None and server.store.teams.authenticate(second_secret) is not None
    first_key = found.key_id
    store = server.store
    team = store.teams.get(tenant.team_id)
    assert team is not None
    # Charges made in earlier months go straight into the ledger with their dates.
    store.teams.update(team.id, period_start=datetime(2026, 9, 1, tzinfo=UTC))
    with store.transaction() as db:
        db.execute("UPDATE teams SET created_at = '2026-09-03T00:00:00.000Z' WHERE id = ?", (team.id,))
        past = [(first_key, 4, "2026-09-10"), (second_key, 6, "2026-09-20"), (second_key, 5, "2026-10-01")]
        store.ledger.add(
            db, [LedgerEntry(team.id, key, "startAgent", credits, datetime.fromisoformat(when + "T12:00:00+00:00")) for key, credits, when in past]
        )
    api("startAgent", json={"prompt": "now"})
    this_month = datetime.now(UTC).strftime("%Y-%m-01T00:00:00Z")

    periods = api("getHistoricalCreditUsage").json()["periods"]
    by_start = {p["startDate"]: p["totalCredits"] for p in periods}
    assert by_start["2026-09-01T00:00:00Z"] == 10
    assert by_start["2026-10-01T00:00:00Z"] == 5
    assert by_start[this_month] >= 1
    assert all(p["creditsUsed"] == p["totalCredits"] and "apiKey" not in p for p in periods)

    split = api("getHistoricalCreditUsage", params={"byApiKey": "true"}).json()["periods"]
    september = {p["apiKey"]: p["totalCredits"] for p in split if p["startDate"] == "2026-09-01T00:00:00Z"}
    assert september == {first_key: 4, second_key: 6}
    # Seed §2.8: the key's identifier, never the secret.
    assert all(p["apiKey"].startswith("key_") for p in split)
    assert api.key not in json.dumps(split) and second_secret not in json.dumps(split)
    assert sum(p["totalCredits"] for p in split) == sum(p["totalCredits"] for p in periods)
    assert api("getHistoricalCreditUsage", params={"byApiKey": "maybe"}).status_code == 400

    # The same months in tokens (15 per credit), oldest first, never by key, any query taken.
    tokens = api("getHistoricalTokenUsage", params={"byApiKey": "true"}).json()["periods"]
    assert [(p["startDate"], p["endDate"], p["tokensUsed"]) for p in tokens] == [(p["startDate"], p["endDate"], 15 * p["totalCredits"]) for p in periods]
    assert all("apiKey" not in p for p in tokens)
    assert api("getHistoricalTokenUsage", params={"byApiKey": "maybe"}).json()["periods"] == tokens


def test_concurrent_charges_add_up_exactly(live_server: LiveServer) -> None:
    live_server.start()
    created = live_server.admin("create-team", "--name", "busy", "--plan-tokens", str(15 * 1000))
    key = __import__("json").loads(created)["apiKey"]
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=live_server.base_url, headers=headers, timeout=30) as client:
        before = client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]

        def start(n: int) -> int:
            return client.post("/v2/extract", json={"urls": [f"https://example.com/{n}/{i}" for i in range(3)]}).status_code

        with ThreadPoolExecutor(max_workers=16) as pool:
            statuses = list(pool.map(start, range(64)))
        after = client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]
    assert statuses == [200] * 64
    assert before - after == 64 * 3 * 15


def test_concurrent_charges_never_overdraw(live_server: LiveServer) -> None:
    live_server.start()
    created = live_server.admin("create-team", "--name", "tight", "--plan-tokens", str(15 * 10))
    key = __import__("json").loads(created)["apiKey"]
    with httpx.Client(base_url=live_server.base_url, headers={"Authorization": f"Bearer {key}"}, timeout=30) as client:
        with ThreadPoolExecutor(max_workers=16) as pool:
            statuses = list(pool.map(lambda n: client.post("/v2/agent", json={"prompt": f"p{n}"}).status_code, range(30)))
        remaining = client.get("/v2/team/token-usage").json()["data"]["remainingTokens"]
    assert sorted(statuses) == [200] * 10 + [402] * 20
    assert remaining == 0


def test_credit_usage_is_token_usage_in_credits(server: Server) -> None:
    server.api("startAgent", json={"prompt": "one credit"})
    tokens = server.api("getTokenUsage").json()["data"]
    credits = server.api("getCreditUsage").json()["data"]
    assert credits == {
        "billingPeriodStart": tokens["billingPeriodStart"],
        "billingPeriodEnd": tokens["billingPeriodEnd"],
        "planCredits": tokens["planTokens"] // 15,
        "remainingCredits": tokens["remainingTokens"] // 15,
    }
    assert credits["planCredits"] - credits["remainingCredits"] == 1
    missing = server.api_for(server.tenant(plan_tokens=None))("getCreditUsage")
    assert missing.status_code == 404 and missing.json() == {"success": False, "error": "Could not find credit usage information"}


def test_usage_answers_are_what_their_models_dump(server: Server) -> None:
    """Token and credit usage are written directly (issue 59), as their models dump them: the same
    keys, values and order, byte for byte."""
    import json

    import webdata_models as models
    from webdata_server.resources.base import dump

    server.api("startAgent", json={"prompt": "one credit"})
    for operation, model in (("getTokenUsage", models.TokenUsageResponse), ("getCreditUsage", models.CreditUsageResponse)):
        response = server.api(operation)
        dumped = dump(model.model_validate(response.json()))
        assert response.content == json.dumps(dumped, ensure_ascii=False, separators=(",", ":")).encode()


def test_usage_is_read_once_per_commit_and_a_charge_shows_at_once(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Token and credit usage read the team's balance again only after a commit (issue 59: the
    read was a sixth of a usage answer); a charge, a new plan and another team show at once."""
    jobs = server.jobs
    read: list[str] = []
    real = jobs.remaining_tokens

    def counting(team: Any, moment: Any) -> int:
        read.append(team.id)
        return real(team, moment)

    monkeypatch.setattr(jobs, "remaining_tokens", counting)
    tenant = server.tenant(plan_tokens=7500)
    api = server.api_for(tenant)
    api("getTokenUsage")  # the period's first read writes its running balance (a commit)
    read.clear()
    first, again = api("getTokenUsage").json(), api("getCreditUsage").json()
    assert first["data"]["remainingTokens"] == 7500 and again["data"]["remainingCredits"] == 500 and len(read) == 1
    api("startAgent", json={"prompt": "one credit"})
    assert api("getTokenUsage").json()["data"]["remainingTokens"] == 7500 - 15 and len(read) == 2
    server.store.teams.update(tenant.team_id, plan_tokens=9000)
    assert api("getTokenUsage").json()["data"]["planTokens"] == 9000
    assert api("getTokenUsage").json()["data"]["remainingTokens"] == 9000 - 15
    other = server.tenant(plan_tokens=300)
    assert server.api_for(other)("getTokenUsage").json()["data"]["remainingTokens"] == 300
