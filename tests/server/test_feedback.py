"""Feedback (issue 55 item 5): a team rates a search, scrape, parse or map it ran; the service's
rules, window, refunds as negative ledger rows, the daily cap, one rating per request; every
answer checked against the contract (``server.api``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from webdata_server import feedback
from webdata_server.domain import iso, now_utc

from tests.server.conftest import Server

SOURCE = [{"url": "https://coffee-recipes.example.com/", "reason": "the guide"}]


def _remaining(server: Server) -> int:
    return int(server.api("getCreditUsage").json()["data"]["remainingCredits"])


def _search(server: Server) -> dict[str, Any]:
    answer = server.api("searchWeb", json={"query": "coffee", "limit": 2})
    assert answer.status_code == 200
    return dict(answer.json())


def test_a_rated_search_refunds_one_credit_once(server: Server) -> None:
    found = _search(server)
    before = _remaining(server)
    first = server.api("submitSearchFeedback", jobId=found["id"], json={"rating": "good", "valuableSources": SOURCE}).json()
    assert (first["creditsRefunded"], first["creditsRefundedToday"], first["dailyRefundCap"]) == (1, 1, 100)
    assert _remaining(server) == before + 1  # a refund is a negative ledger row: the credits come back
    again = server.api("submitFeedback", json={"endpoint": "search", "jobId": found["id"], "rating": "bad", "querySuggestions": "espresso"}).json()
    assert again["alreadySubmitted"] is True and again["feedbackId"] == first["feedbackId"] and again["creditsRefunded"] == 0
    assert _remaining(server) == before + 1
    assert [f["rating"] for f in server.store.feedback.of_team(server.api.team_id)] == ["good"]


def test_refunds_follow_the_services_policy(server: Server) -> None:
    plain = server.api("scrapeUrl", json={"url": "https://example.com/a"}).json()["data"]["metadata"]
    rated = server.api("submitFeedback", json={"endpoint": "scrape", "jobId": plain["scrapeId"], "rating": "good", "note": "fine"}).json()
    assert rated["creditsRefunded"] == 0  # a plain scrape refunds on partial and bad only
    bad = server.api("scrapeUrl", json={"url": "https://example.com/b"}).json()["data"]["metadata"]
    assert server.api("submitFeedback", json={"endpoint": "scrape", "jobId": bad["scrapeId"], "rating": "bad", "issues": ["missing_content"]}).json()[
        "creditsRefunded"
    ] == min(1, bad["creditsUsed"])
    mapped = server.api("mapUrl", json={"url": "https://example.com"}).json()
    assert (
        server.api("submitFeedback", json={"endpoint": "map", "jobId": mapped["id"], "rating": "partial", "note": "missed /blog"}).json()["creditsRefunded"]
        == 1
    )
    # A request of another endpoint, of another team, or never run: 404 naming the endpoint.
    missing = server.api("submitFeedback", json={"endpoint": "parse", "jobId": mapped["id"], "rating": "bad", "note": "x"})
    assert missing.status_code == 404 and missing.json() == {
        "success": False,
        "error": "parse job not found for this team.",
        "feedbackErrorCode": "JOB_NOT_FOUND",
    }
    other = server.api_for(server.tenant())
    foreign = other("submitFeedback", json={"endpoint": "map", "jobId": mapped["id"], "rating": "bad", "note": "x"})
    assert foreign.status_code == 404
    unknown = server.api("submitSearchFeedback", jobId=mapped["id"], json={"rating": "bad", "querySuggestions": "x"})
    assert unknown.json()["feedbackErrorCode"] == "SEARCH_NOT_FOUND"


def test_the_window_and_the_daily_cap(server: Server) -> None:
    old = _search(server)
    with server.store.transaction() as tx:
        tx.execute("UPDATE feedback_jobs SET created_at = ? WHERE id = ?", (iso(now_utc() - timedelta(seconds=121)), old["id"]))
    late = server.api("submitSearchFeedback", jobId=old["id"], json={"rating": "good", "valuableSources": SOURCE})
    assert late.status_code == 409 and late.json()["feedbackErrorCode"] == "FEEDBACK_WINDOW_EXPIRED"
    assert late.json()["error"] == "Feedback must be submitted within 120 seconds of the job."
    # 49 credits refunded today already (arranged): the next map refund reaches the cap of 50.
    with server.store.transaction() as tx:
        tx.execute(
            "INSERT INTO feedback (id, team_id, endpoint, job_id, rating, body, credits_refunded, created_at) VALUES ('f0', ?, 'map', 'j0', 'bad', '{}', 49, ?)",
            (server.api.team_id, iso(now_utc())),
        )
    first, second = (server.api("mapUrl", json={"url": f"https://example.com/{n}"}).json()["id"] for n in range(2))
    reached = server.api("submitFeedback", json={"endpoint": "map", "jobId": first, "rating": "bad", "note": "x"}).json()
    assert (reached["creditsRefunded"], reached["creditsRefundedToday"], reached["dailyCapReached"]) == (1, 50, True)
    assert "Daily refund cap of 50 credits reached" in reached["warning"]
    capped = server.api("submitFeedback", json={"endpoint": "map", "jobId": second, "rating": "bad", "note": "x"}).json()
    assert (capped["creditsRefunded"], capped["dailyCapReached"]) == (0, True)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"endpoint": "map", "rating": "bad"}, feedback.SUBSTANTIVE),
        ({"endpoint": "search", "rating": "good", "note": "a note alone"}, feedback.GENERIC_SEARCH_SUBSTANTIVE),
        ({"endpoint": "map", "rating": "bad", "note": "   "}, feedback.SUBSTANTIVE),  # trimmed first
        ({"endpoint": "map", "rating": "bad", "note": "x", "metadata": {"k": "v" * 9000}}, "metadata must be 8KB or smaller"),
    ],
)
def test_a_body_that_breaks_a_rule_is_invalid_body(server: Server, body: dict[str, Any], message: str) -> None:
    mapped = server.api("mapUrl", json={"url": "https://example.com"}).json()["id"]
    refused = server.api("submitFeedback", json={"jobId": mapped, **body})
    assert refused.status_code == 400 and refused.json()["feedbackErrorCode"] == "INVALID_BODY"
    assert message in [d["message"] for d in refused.json()["details"]]


def test_the_body_is_strict_and_the_path_id_checked(server: Server) -> None:
    found = _search(server)
    unknown_key = server.api("submitSearchFeedback", jobId=found["id"], json={"rating": "good", "valuableSources": SOURCE, "stars": 5})
    assert unknown_key.status_code == 400
    not_uuid = server.api("submitSearchFeedback", jobId="nope", json={"rating": "good", "valuableSources": SOURCE})
    assert not_uuid.json() == {"success": False, "error": "Invalid job ID format. Job ID must be a valid UUID."}
    bad_issue = server.api(
        "submitFeedback", json={"endpoint": "search", "jobId": found["id"], "rating": "bad", "issues": ["Not A Code"], "querySuggestions": "x"}
    )
    assert bad_issue.status_code == 400


@pytest.mark.parametrize(
    ("refund_class", "credits", "rating", "refund"),
    [
        ("search", 2, "good", 1),
        ("search", 0, "bad", 0),
        ("map", 1, "good", 0),
        ("scrape_json", 40, "bad", 5),
        ("scrape_json", 5, "partial", 2),
        ("scrape_pdf", 100, "bad", 10),
        ("parse", 3, "bad", 1),
    ],
)
def test_the_refund_policy(refund_class: str, credits: int, rating: str, refund: int) -> None:
    assert feedback.desired_refund(refund_class, credits, rating) == refund


def test_a_scrapes_refund_class_comes_from_its_request() -> None:
    assert feedback.scrape_refund_class({"url": "u"}) == "scrape_basic"
    assert feedback.scrape_refund_class({"formats": [{"type": "json", "prompt": "p"}]}) == "scrape_json"
    assert feedback.scrape_refund_class({"formats": ["screenshot"]}) == "scrape_addon"
    assert feedback.scrape_refund_class({"actions": [{"type": "wait", "milliseconds": 1}]}) == "scrape_addon"
    assert feedback.scrape_refund_class({"parsers": ["pdf"], "formats": ["json"]}) == "scrape_pdf"
