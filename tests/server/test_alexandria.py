"""Alexandria capabilities (issue 55 item 4): ``POST /v2/scrape`` with ``alexandria`` calls runs the
catalogue's capabilities (server README "Alexandria"), ``find-tools`` browses the catalogue, and
``GET /exchange/discover`` lists its categories; every answer is checked against the contract
(``server.api``)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.conftest import Server

NPM = {"provider": "package-registry", "capability": "npm/package", "options": {"name": "left-pad"}}


def _remaining(server: Server) -> int:
    return int(server.api("getCreditUsage").json()["data"]["remainingCredits"])


def _run(server: Server, calls: Any, request_id: str | None = None, **extra: Any) -> httpx.Response:
    headers = {"x-request-id": request_id} if request_id is not None else {}
    return server.api("scrapeUrl", json={"alexandria": calls, **extra}, headers=headers)


def test_a_run_answers_each_call_and_charges_their_prices(server: Server) -> None:
    before = _remaining(server)
    weather = {"provider": "weather-history", "capability": "daily/history", "options": {"city": "Oslo", "start": "2026-01-30", "end": "2026-02-02"}}
    answer = _run(server, [NPM, weather, {"provider": "sec-filings", "capability": "company/profile", "options": {"company": "nobody"}}])
    assert answer.status_code == 200
    body = answer.json()
    npm, days, missing = body["data"]["alexandria"]
    assert npm["data"]["package"]["license"] == "WTFPL" and npm["creditsCost"] == 1 and npm["records"] == 1
    assert [d["date"] for d in days["data"]["days"]] == ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]
    assert days["creditsCost"] == 4  # one credit a record
    assert missing["error"] == {"code": "not_found", "message": "No company matches 'nobody'.", "status": 404} and missing["creditsCost"] == 0
    assert body["data"]["creditsCost"] == 5
    assert _remaining(server) == before - 5
    # The same city and dates answer the same figures.
    again = _run(server, weather).json()["data"]["alexandria"][0]["data"]
    assert again == days["data"]


def test_one_call_is_a_list_of_one_and_calls_fail_alone(server: Server) -> None:
    body = _run(server, [NPM, {"provider": "package-registry", "capability": "npm/nothing"}, {**NPM, "options": {"name": "left-pad", "extra": 1}}]).json()
    ok, unknown, invalid = body["data"]["alexandria"]
    assert "data" in ok and "error" not in ok
    assert unknown["error"]["code"] == "unknown_capability" and unknown["error"]["status"] == 404
    assert invalid["error"]["code"] == "invalid_options" and "extra" in invalid["error"]["message"]
    assert body["data"]["creditsCost"] == 1
    single = _run(server, NPM).json()
    assert len(single["data"]["alexandria"]) == 1


def test_a_retry_with_the_same_request_id_replays_and_other_calls_conflict(server: Server) -> None:
    before = _remaining(server)
    first = _run(server, NPM, "retry-1")
    assert first.headers["x-request-id"] == "retry-1"
    # The same calls with their keys in another order are the same run.
    replay = _run(server, {"options": {"name": "left-pad"}, "capability": "npm/package", "provider": "package-registry"}, "retry-1")
    assert replay.json() == first.json() and replay.headers["x-request-id"] == "retry-1"
    assert _remaining(server) == before - 1  # charged once
    conflict = _run(server, {**NPM, "options": {"name": "crawlkit"}}, "retry-1")
    assert conflict.status_code == 409 and conflict.json()["error"] == "This x-request-id already belongs to a different provider request."
    # An id is the team's: another team's run of other calls under it is its own.
    other = server.api_for(server.tenant())
    theirs = other("scrapeUrl", json={"alexandria": {**NPM, "options": {"name": "crawlkit"}}}, headers={"x-request-id": "retry-1"})
    assert theirs.status_code == 200 and theirs.json()["scrape_id"] != first.json()["scrape_id"]


def test_refusals_before_anything_runs(server: Server) -> None:
    before = _remaining(server)
    unknown = _run(server, [NPM, {"provider": "nobody", "capability": "x"}])
    assert unknown.status_code == 404
    assert unknown.json() == {"success": False, "code": "unknown_provider", "error": "Unknown provider. No provider was executed."}
    bad_id = _run(server, NPM, "has spaces")
    assert bad_id.status_code == 400 and bad_id.json()["error"].startswith("Invalid x-request-id")
    assert _remaining(server) == before  # nothing ran, nothing charged


@pytest.mark.parametrize(
    "body",
    [
        {"alexandria": NPM, "url": "https://example.com"},  # a URL beside the calls (the form is strict)
        {"alexandria": NPM, "formats": ["markdown"]},
        {"alexandria": []},
        {"alexandria": [NPM] * 11},
        {"alexandria": {"provider": "", "capability": "x"}},
        {"alexandria": {**NPM, "extra": 1}},
        {"alexandria": NPM, "timeout": 0},
    ],
)
def test_the_form_is_strict(server: Server, body: dict[str, Any]) -> None:
    answer = server.api("scrapeUrl", json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] == "BAD_REQUEST"


def test_a_url_scrape_is_unchanged(server: Server) -> None:
    answer = server.api("scrapeUrl", json={"url": "https://example.com/about"}, headers={"x-request-id": "ignored on a URL scrape"})
    assert answer.status_code == 200 and answer.json()["data"]["metadata"]["sourceURL"] == "https://example.com/about"
    missing = server.api("scrapeUrl", json={})  # no alexandria: the URL form's refusal, as before
    assert missing.status_code == 400 and [d["path"] for d in missing.json()["details"]] == [["url"]]


def _find(server: Server, **options: Any) -> dict[str, Any]:
    result = _run(server, {"provider": "firecrawl", "capability": "find-tools", "options": options}).json()["data"]
    assert result["creditsCost"] == 0  # discovery is free
    found: dict[str, Any] = result["alexandria"][0]["data"]
    return found


def test_find_tools_browses_level_by_level(server: Server) -> None:
    categories = _find(server)
    assert categories["level"] == "categories" and [c["id"] for c in categories["items"]] == ["finance", "package", "places", "retail"]
    providers = _find(server, **categories["items"][1]["next"]["options"])
    assert providers["level"] == "providers" and [p["id"] for p in providers["items"]] == ["package-registry"]
    tools = _find(server, **providers["items"][0]["next"]["options"])
    assert tools["level"] == "tools" and {t["id"] for t in tools["items"]} == {"package-registry/npm/package", "package-registry/pypi/package"}
    assert all("options" not in t and t["execute"]["provider"] == "package-registry" for t in tools["items"])
    groups = _find(server, providers=["sec-filings"], level="groups")
    assert [g["id"] for g in groups["items"]] == ["sec-filings/company", "sec-filings/filings"]
    whole = _find(server, capabilities=["sec-filings/filings/search"])
    (contract,) = whole["items"]
    assert {o["name"] for o in contract["options"]} == {"company", "form", "limit"} and contract["response"]["key"] == "filings" and "examples" in contract
    # What a tool's next names runs it.
    ran = _run(server, {**contract["next"], "options": {"company": "ACME", "form": "10-K"}}).json()["data"]["alexandria"][0]
    assert [f["filedAt"] for f in ran["data"]["filings"]] == ["2026-02-26"] and ran["creditsCost"] == 1


def test_find_tools_pages_looks_up_and_refuses_unknown_options(server: Server) -> None:
    first = _find(server, limit=4)
    assert first["total"] == 4 and first["next"] is None
    page = _find(server, level="tools", limit=4)
    assert page["total"] == 6 and len(page["items"]) == 4
    rest = _find(server, **page["next"]["options"])
    assert len(rest["items"]) == 2 and rest["next"] is None
    assert {t["id"] for t in page["items"] + rest["items"]} == {
        "sec-filings/filings/search",
        "sec-filings/company/profile",
        "package-registry/npm/package",
        "package-registry/pypi/package",
        "shop-catalog/product/lookup",
        "weather-history/daily/history",
    }
    assert _find(server, query="weather temperature history")["items"][0]["id"] == "weather-history/daily/history"
    assert [t["id"] for t in _find(server, urls=["https://pypi.org/project/x"])["items"]] == ["package-registry/npm/package", "package-registry/pypi/package"]
    failed = _run(server, {"provider": "firecrawl", "capability": "find-tools", "options": {"levels": "tools"}}).json()["data"]["alexandria"][0]
    assert failed["error"]["code"] == "invalid_options" and failed["creditsCost"] == 0


def test_the_catalogue_categories(server: Server) -> None:
    before = _remaining(server)
    cohorts = server.api("discoverCatalogue").json()["cohorts"]
    assert [c["cohort"] for c in cohorts] == ["finance", "package", "places", "retail"]
    assert cohorts[0]["about"] == "finance and filings: SEC filings"
    assert _remaining(server) == before


def test_feedback_on_an_alexandria_session_is_recorded_without_a_refund(server: Server) -> None:
    body = {
        "endpoint": "alexandria",
        "rating": "bad",
        "requestedWebsite": {"url": "https://www.sec.gov/edgar", "requestedFunctionality": "Insider trades of a company"},
        "rationale": "No provider has insider trades.",
        "providerFeedback": [{"name": "sec-filings", "issue": "insufficient_coverage", "why": "Filings only."}],
    }
    before = _remaining(server)
    answer = server.api("submitFeedback", json=body).json()
    assert answer["success"] is True and answer["creditsRefunded"] == 0 and _remaining(server) == before
    (kept,) = server.store.feedback.of_team(server.api.team_id)
    assert kept["endpoint"] == "alexandria" and kept["rating"] == "bad" and kept["body"]["providerFeedback"][0]["name"] == "sec-filings"
    for broken, path in [
        ({**body, "rationale": "   "}, ["rationale"]),  # read trimmed, as the service reads it
        ({**body, "jobId": "00000000-0000-4000-8000-000000000000"}, []),  # the session form is strict
        (
            {**body, "capabilityFeedback": [{"name": "x/y", "provider": "x", "issue": "new_capability_request", "why": "Needed."}]},
            ["capabilityFeedback", 0, "requestedFunctionality"],
        ),
    ]:
        refused = server.api("submitFeedback", json=broken)
        assert refused.status_code == 400 and refused.json()["details"][0]["path"] == path, refused.text
