"""Statuses a black-box client cannot provoke alone (class limits), the rules of threat
protection (§2.5), and the job id check: each needs what the configuration file names in
[fixtures] (a team without credits, a rate-limited team, a slow page, the body limit...); a
fixture left out skips its requirement with the reason. Every answer is also checked against the
contract by the client, so a refusal in the wrong shape fails CORE-01."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from webdata_conformance.client import Answer, ConformanceClient, operations_by_id
from webdata_conformance.plugin import FIXTURES, Settings
from webdata_conformance.suite.test_scenarios import REQUESTS
from webdata_conformance.target import Target

INVALID_JOB_ID = "Invalid job ID format. Job ID must be a valid UUID."
# The job paths the service checks the id of (validateJobIdParam): all but batch scrape errors.
CHECKED_IDS = {
    "getCrawlStatus": "id",
    "cancelCrawl": "id",
    "getCrawlErrors": "id",
    "getBatchScrapeStatus": "id",
    "cancelBatchScrape": "id",
    "getExtractStatus": "id",
    "getAgentStatus": "jobId",
    "cancelAgent": "jobId",
    "getAgentTrace": "jobId",
}
# A body per operation that takes a threatProtection override, with one.
OVERRIDE = {"mode": "normal"}
OVERRIDES: dict[str, Any] = {
    "scrapeUrl": {"url": "https://example.com", "threatProtection": OVERRIDE},
    "startBatchScrape": {"urls": ["https://example.com/a"], "threatProtection": OVERRIDE},
    "startCrawl": {"url": "https://example.com", "limit": 2, "scrapeOptions": {"threatProtection": OVERRIDE}},
    "startExtract": {"urls": ["https://example.com"], "prompt": "title", "threatProtection": OVERRIDE},
    "startAgent": {"prompt": "find the price", "threatProtection": OVERRIDE},
    "mapUrl": {"url": "https://example.com", "limit": 5, "threatProtection": OVERRIDE},
    "searchWeb": {"query": "coffee", "limit": 2, "threatProtection": OVERRIDE},
}


@pytest.fixture(scope="module")
def api(target: Target, webdata_observer: Callable[[Answer], None]) -> ConformanceClient:
    return ConformanceClient(target.base_url, target.api_key, webdata_observer)


def _fixture(settings: Settings, name: str) -> Any:
    value = settings.fixture(name)
    if value is None:
        pytest.skip(f"class limits: no {name} in [fixtures] of the configuration file ({FIXTURES[name]})")
    return value


def _documenting(status: int) -> list[str]:
    return sorted(op for op, operation in operations_by_id().items() if str(status) in operation["responses"])


def _refused_everywhere(answers: dict[str, Answer], status: int, what: str) -> None:
    """One verdict over many operations: every answer must be ``status``; the first wrong one is shown."""
    wrong = {op: answer for op, answer in answers.items() if answer.status != status}
    listed = "; ".join(f"{op} answered {answer.status}" for op, answer in wrong.items())
    shown = next(iter(wrong.values()), None) or next(iter(answers.values()))
    shown.expect(not wrong, f"{what} must be refused with {status} by {len(answers)} operation(s): {listed}", over=answers.values())


@pytest.mark.requirement("JOBS-04")
def test_a_job_id_that_is_not_a_uuid_is_refused(api: ConformanceClient) -> None:
    answers = {op: api.call(op, **{name: "not-a-uuid"}) for op, name in CHECKED_IDS.items()}  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    _refused_everywhere(answers, 400, "a job id that is not a UUID")
    for op, answer in answers.items():
        error = answer.body.get("error") if isinstance(answer.body, dict) else None
        answer.expect(error == INVALID_JOB_ID, f"{op}: the 400 must say {INVALID_JOB_ID!r}, it says {error!r}")


@pytest.mark.requirement("THREAT-02")
def test_an_override_without_the_entitlement_is_refused(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "not-entitled-key")
    answers = {op: api.call(op, json_body=body, key=key, feature=("threatProtection",)) for op, body in OVERRIDES.items()}
    _refused_everywhere(answers, 403, "a threatProtection override from a team without the entitlement")


NOT_ENTITLED = ("THREAT_PROTECTION_NOT_ENABLED", "THREAT_PROTECTION_OVERRIDES_DISABLED")


def _scrape_with(api: ConformanceClient, url: str, override: dict[str, Any], key: str | None = "") -> Answer:
    names = ("threatProtection", *(k for k in override if k != "mode"))
    answer = api.call("scrapeUrl", json_body={"url": url, "maxAge": 0, "threatProtection": override}, key=key, feature=names)
    if key == "" and answer.status == 403 and isinstance(answer.body, dict) and answer.body.get("code") in NOT_ENTITLED:
        pytest.skip("class threat: the key's team has no Threat Protection entitlement (or may not override it)")
    return answer


@pytest.mark.requirement("THREAT-03")
def test_blacklist_blocked_tlds_and_whitelist(api: ConformanceClient) -> None:
    """Each rule of §2.5's lists on a scrape, with the entitled team's override; mode off, so the
    lists alone decide (no reputation verdict in the way)."""
    refused = {
        "a blacklisted domain": _scrape_with(api, "https://example.com/a", {"mode": "off", "blacklist": ["example.com"]}),
        "a subdomain of a *. glob": _scrape_with(api, "https://docs.example.com/a", {"mode": "off", "blacklist": ["*.example.com"]}),
        "a blocked TLD": _scrape_with(api, "https://example.com/a", {"mode": "off", "blockedTlds": ["com"]}),
    }
    for what, answer in refused.items():
        answer.expect(answer.status == 403, f"§2.5: {what} must be refused with 403, it answered {answer.status}")
    allowed = {
        "a whitelisted domain also blacklisted": _scrape_with(
            api, "https://example.com/a", {"mode": "off", "blacklist": ["example.com"], "whitelist": ["example.com"]}
        ),
        "a whitelisted domain of a blocked TLD": _scrape_with(
            api, "https://example.com/a", {"mode": "off", "blockedTlds": ["com"], "whitelist": ["example.com"]}
        ),
    }
    for what, answer in allowed.items():
        answer.expect(answer.status == 200, f"§2.5: the whitelist overrides every other rule: {what} must be scraped, it answered {answer.status}")


@pytest.mark.requirement("THREAT-04")
def test_a_risk_threshold_of_zero_blocks_every_url(api: ConformanceClient) -> None:
    answer = _scrape_with(api, "https://example.com/a", {"mode": "normal", "riskScoreThreshold": 0})
    answer.expect(answer.status == 403, f"§2.5: a verdict at or above riskScoreThreshold blocks; at 0 every URL is blocked, it answered {answer.status}")


@pytest.mark.requirement("THREAT-05")
def test_overrides_disabled_refuse_any_override(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "overrides-disabled-key")
    answers = {op: api.call(op, json_body=body, key=key, feature=("threatProtection",)) for op, body in OVERRIDES.items()}
    _refused_everywhere(answers, 403, "a threatProtection override when the organization disabled overrides")


@pytest.mark.requirement("THREAT-06")
def test_enforced_protection_cannot_be_turned_off(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "enforced-key")
    off = _scrape_with(api, "https://example.com/a", {"mode": "off"}, key=key)
    off.expect(off.status == 403, f"§2.5: mode off must be refused when protection is enforced, it answered {off.status}")
    normal = _scrape_with(api, "https://example.com/a", {"mode": "normal"}, key=key)
    normal.expect(normal.status == 200, f"§2.5: mode normal must be accepted when protection is enforced, it answered {normal.status}")


@pytest.mark.requirement("THREAT-07")
def test_the_failure_policy_decides_when_the_classifier_cannot_be_reached(api: ConformanceClient, settings: Settings) -> None:
    url = _fixture(settings, "unreachable-scan-url")
    closed = _scrape_with(api, url, {"mode": "normal", "failurePolicy": "closed"})
    closed.expect(closed.status == 403, f"§2.5: failurePolicy closed blocks when the classifier is unreachable, it answered {closed.status}")
    opened = _scrape_with(api, url, {"mode": "normal", "failurePolicy": "open"})
    opened.expect(opened.status == 200, f"§2.5: failurePolicy open allows when the classifier is unreachable, it answered {opened.status}")


@pytest.mark.requirement("LIMIT-01")
def test_a_team_without_credits_is_refused(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "poor-key")
    answers = {}
    for op in _documenting(402):
        if op == "interactWithScrape":
            continue  # its scrape is looked up first (404 for one the team lacks): INT-05 tests its 402
        path, body = REQUESTS[op]
        answers[op] = api.call(op, json_body=body, key=key, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    _refused_everywhere(answers, 402, "a team with no credits left")


@pytest.mark.requirement("LIMIT-02")
def test_a_team_over_its_rate_limit_is_refused(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "limited-key")
    answers = {}
    for op in sorted(REQUESTS):
        path, body = REQUESTS[op]
        # The first request of the minute may pass; the next may not.
        for _ in range(2):
            answers[op] = api.call(op, json_body=body, key=key, retry=False, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
            if answers[op].status == 429:
                break
    _refused_everywhere(answers, 429, "a team over its rate limit")
    for op, answer in answers.items():
        answer.expect("retry-after" in answer.headers, f"{op}: a 429 must say when to retry (Retry-After)")


@pytest.mark.requirement("LIMIT-03")
def test_a_team_without_usage_information_gets_404(api: ConformanceClient, settings: Settings) -> None:
    key = _fixture(settings, "no-usage-key")
    answers = {op: api.call(op, key=key) for op in ("getTokenUsage", "getCreditUsage")}
    _refused_everywhere(answers, 404, "usage of a team without usage information")


@pytest.mark.requirement("LIMIT-04")
def test_a_page_slower_than_the_timeout_answers_408(api: ConformanceClient, settings: Settings) -> None:
    url, timeout = _fixture(settings, "slow-url"), _fixture(settings, "slow-timeout")
    answer = api.call("scrapeUrl", json_body={"url": url, "timeout": int(timeout), "maxAge": 0})
    answer.expect(answer.status == 408, f"§2.2: a page slower than timeout {timeout} ms must answer 408, it answered {answer.status}")


@pytest.mark.requirement("LIMIT-05")
def test_a_body_over_the_limit_answers_413(api: ConformanceClient, settings: Settings) -> None:
    limit = int(_fixture(settings, "body-limit"))
    # Valid JSON one byte over the limit: only its size is wrong.
    padding = limit + 1 - len(b'{"pad":""}')
    oversized = b'{"pad":"' + b"a" * padding + b'"}'
    answers = {op: api.call(op, content=oversized, **REQUESTS[op][0]) for op in _documenting(413)}  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    _refused_everywhere(answers, 413, f"a body of {len(oversized)} bytes (the limit is {limit})")


@pytest.mark.requirement("LIMIT-06")
def test_feedback_after_the_window_is_refused(api: ConformanceClient, settings: Settings) -> None:
    window = float(_fixture(settings, "feedback-window"))
    mapped = api.call("mapUrl", json_body={"url": "https://example.com", "limit": 5})
    searched = api.call("searchWeb", json_body={"query": "coffee recipes", "limit": 2})
    mapped.require(mapped.status == 200 and "id" in mapped.body, f"a map must answer its id to be rated ({mapped.status})")
    searched.require(searched.status == 200 and "id" in searched.body, f"a search must answer its id to be rated ({searched.status})")
    time.sleep(window + 1)
    late = api.call("submitFeedback", json_body={"endpoint": "map", "jobId": mapped.body["id"], "rating": "bad", "note": "too late"})
    late.expect(
        late.status == 409 and late.body.get("feedbackErrorCode") == "FEEDBACK_WINDOW_EXPIRED",
        f"feedback {window:g} s after the window answered {late.status} {late.body}",
    )
    late_search = api.call("submitSearchFeedback", jobId=searched.body["id"], json_body={"rating": "bad", "querySuggestions": "too late"})
    late_search.expect(late_search.status == 409, f"search feedback after the window answered {late_search.status} {late_search.body}")
    fresh = api.call("mapUrl", json_body={"url": "https://example.com", "limit": 5})
    on_time = api.call("submitFeedback", json_body={"endpoint": "map", "jobId": fresh.body.get("id", ""), "rating": "bad", "note": "in time"})
    on_time.expect(on_time.status == 200, f"feedback on a map just run must be recorded, it answered {on_time.status} {on_time.body}")
