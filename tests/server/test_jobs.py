"""§3 states and transitions: batch scrape, agent and crawl jobs start, progress on their own,
and cancel exactly as the seed (and, for crawl, the public service) says."""

from __future__ import annotations

import json
import time

import pytest
from webdata_server.domain import JobKind

from tests.server.conftest import Server

UNKNOWN = "00000000-0000-4000-8000-000000000000"


def _wait_for(api, operation: str, status: str, **path: str) -> dict:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        body = api(operation, **path).json()
        if body["status"] == status:
            return body
        time.sleep(0.05)
    raise AssertionError(f"{operation} never reached {status}")


def test_a_batch_scrape_drops_invalid_urls_only_when_told(server: Server) -> None:
    """As the service: its lenient schema only for ignoreInvalidURLs: true; the strict one (whose
    default is true, applied after the check) otherwise."""
    api = server.api
    refused = api("startBatchScrape", json={"urls": ["https://example.com/a", "nope"]})
    assert refused.status_code == 400 and refused.json()["details"][0]["path"] == ["urls", 1]
    assert api("startBatchScrape", json={"urls": ["nope"], "ignoreInvalidURLs": False}).status_code == 400
    assert api("startBatchScrape", json={"urls": ["https://example.com/a"]}).json()["invalidURLs"] == []
    assert "invalidURLs" not in api("startBatchScrape", json={"urls": ["https://example.com/a"], "ignoreInvalidURLs": False}).json()


def test_batch_scrape_runs_to_completion(quick_server: Server) -> None:
    api = quick_server.api
    start = api("startBatchScrape", json={"urls": ["https://example.com/a", "nope", "https://example.com/b"], "ignoreInvalidURLs": True}).json()
    assert start["invalidURLs"] == ["nope"]
    assert start["url"].endswith(f"/v2/batch/scrape/{start['id']}")
    body = _wait_for(api, "getBatchScrapeStatus", "completed", id=start["id"])
    assert (body["completed"], body["total"], body["creditsUsed"]) == (2, 2, 2)
    assert [d["metadata"]["sourceURL"] for d in body["data"]] == ["https://example.com/a", "https://example.com/b"]


def test_batch_cancel_marks_the_job_cancelled(server: Server) -> None:
    job = server.api("startBatchScrape", json={"urls": ["https://example.com/a"]}).json()["id"]
    assert server.api("getBatchScrapeStatus", id=job).json()["status"] == "scraping"
    cancelled = server.api("cancelBatchScrape", id=job)
    assert cancelled.status_code == 200 and cancelled.json() == {"status": "cancelled"}
    assert server.api("getBatchScrapeStatus", id=job).json()["status"] == "cancelled"


def test_batch_cancel_of_a_finished_job_still_cancels(quick_server: Server) -> None:
    # §3: the condition is only "job exists".
    job = quick_server.api("startBatchScrape", json={"urls": ["https://example.com/a"]}).json()["id"]
    _wait_for(quick_server.api, "getBatchScrapeStatus", "completed", id=job)
    assert quick_server.api("cancelBatchScrape", id=job).json() == {"status": "cancelled"}
    assert quick_server.api("getBatchScrapeStatus", id=job).json()["status"] == "cancelled"


def test_batch_cancel_of_an_unknown_job(server: Server) -> None:
    response = server.api("cancelBatchScrape", id=UNKNOWN)
    assert response.status_code == 404 and response.json() == {"error": "Batch scrape job not found."}


def test_agent_cancel_of_a_running_job(server: Server) -> None:
    job = server.api("startAgent", json={"prompt": "find"}).json()["id"]
    response = server.api("cancelAgent", jobId=job)
    assert response.status_code == 200 and response.json() == {"success": True}
    assert server.api("getAgentStatus", jobId=job).json()["status"] == "cancelled"
    again = server.api("cancelAgent", jobId=job)
    assert again.status_code == 409 and again.json() == {"error": "Agent already finished"}
    assert server.api("getAgentStatus", jobId=job).json()["status"] == "cancelled"


def test_agent_cancel_of_a_finished_job_leaves_it_unchanged(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startAgent", json={"prompt": "find"}).json()["id"]
    done = _wait_for(api, "getAgentStatus", "completed", jobId=job)
    response = api("cancelAgent", jobId=job)
    assert response.status_code == 409 and response.json() == {"error": "Agent already finished"}
    assert api("getAgentStatus", jobId=job).json() == done


def test_agent_cancel_of_a_failed_job(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startAgent", json={"prompt": "break [fail]"}).json()["id"]
    failed = _wait_for(api, "getAgentStatus", "failed", jobId=job)
    assert failed["success"] is False and failed["error"]
    assert api("cancelAgent", jobId=job).json() == {"error": "Agent already finished"}


CHECKED_ID_PATHS = {
    "cancelAgent": "jobId",
    "getAgentStatus": "jobId",
    "getCrawlStatus": "id",
    "cancelCrawl": "id",
    "getCrawlErrors": "id",
    "getBatchScrapeStatus": "id",
    "cancelBatchScrape": "id",
    "getExtractStatus": "id",
}


@pytest.mark.parametrize("operation", sorted(CHECKED_ID_PATHS))
@pytest.mark.parametrize("job_id", ["not-a-uuid", "3f1c2a9e8b7d4c6e9f0123456789abcd", "3f1c2a9e-8b7d-4c6e-9f01-23456789abc"])
def test_a_job_id_must_be_a_uuid(server: Server, operation: str, job_id: str) -> None:
    """As the service's validateJobIdParam: 400 before any lookup, on every job path but one."""
    response = server.api(operation, **{CHECKED_ID_PATHS[operation]: job_id})  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    assert response.status_code == 400
    assert response.json() == {"success": False, "error": "Invalid job ID format. Job ID must be a valid UUID."}


def test_batch_scrape_errors_take_any_id(server: Server) -> None:
    """The service's batch scrape errors route does not check the id: not a UUID is simply not found."""
    assert server.api("getBatchScrapeErrors", id="not-a-uuid").status_code == 404


def test_crawl_params_preview_needs_credits(server: Server) -> None:
    """Free, but refused with 402 to a team that cannot pay for one credit (the service's route checks credits)."""
    poor = server.api_for(server.tenant(plan_tokens=0))
    response = poor("previewCrawlParams", json={"url": "https://example.com", "prompt": "the blog"})
    assert response.status_code == 402
    assert server.api("previewCrawlParams", json={"url": "https://example.com", "prompt": "the blog"}).status_code == 200


def test_agent_unknown_job(server: Server) -> None:
    response = server.api("cancelAgent", jobId=UNKNOWN)
    assert response.status_code == 404 and response.json() == {"error": "Agent job not found"}


def test_crawl_lifecycle_and_active_listing(server: Server) -> None:
    api = server.api
    options = {"formats": ["markdown", {"type": "screenshot", "fullPage": True}], "onlyMainContent": False, "timeout": 5000}
    start = api("startCrawl", json={"url": "https://docs.example.com", "limit": 3, "scrapeOptions": options}).json()
    assert start["url"].endswith(f"/v2/crawl/{start['id']}")
    [active] = api("getActiveCrawls").json()["crawls"]
    assert (active["id"], active["url"], active["teamId"]) == (start["id"], "https://docs.example.com", api.team_id)
    echoed = active["options"]["scrapeOptions"]
    assert {k: echoed[k] for k in options} == options
    assert echoed["maxAge"] == 172800000  # defaults applied, as the crawl runs with them
    status = api("getCrawlStatus", id=start["id"]).json()
    # Pages are scraped one by one over the job's 30 s: none is finished or charged yet.
    assert (status["status"], status["completed"], status["creditsUsed"]) == ("scraping", 0, 0) and status["total"] <= 3
    assert api("cancelCrawl", id=start["id"]).json() == {"status": "cancelled"}
    assert api("getActiveCrawls").json()["crawls"] == []
    # As the service: cancelling a cancelled crawl answers the same; a completed one is refused.
    again = api("cancelCrawl", id=start["id"])
    assert again.status_code == 200 and again.json() == {"status": "cancelled"}


def test_the_active_listing_is_what_its_model_dumps(server: Server) -> None:
    """The listing is written without the response models (issue 59: 500 active crawls were 45 ms
    an answer); it is byte for byte what they dump, each crawl with its own options, listed again
    from the parsed options kept."""
    import webdata_models as models

    api = server.api
    bodies = [
        {"url": "https://one.example.com", "limit": 3, "scrapeOptions": {"formats": ["links"], "onlyMainContent": False}},
        {"url": "https://two.example.com", "limit": 3, "includePaths": ["blog/.*"], "scrapeOptions": {"formats": ["markdown", "html"], "waitFor": 500}},
        {"url": "https://three.example.com", "limit": 3, "prompt": "only the docs"},
    ]
    started = [api("startCrawl", json=body).json()["id"] for body in bodies]
    first, again = api("getActiveCrawls"), api("getActiveCrawls")
    assert first.content == again.content
    listed = first.json()
    assert [crawl["id"] for crawl in listed["crawls"]] == started
    remade = models.ActiveCrawlsResponse.model_validate(listed).model_dump(mode="json", by_alias=True, exclude_none=True)
    assert json.dumps(remade) == json.dumps(listed)
    options = [crawl["options"] for crawl in listed["crawls"]]
    assert [o["scrapeOptions"].get("formats") for o in options] == [["links"], ["markdown", "html"], None]
    assert [(o["scrapeOptions"]["waitFor"], o["scrapeOptions"]["onlyMainContent"]) for o in options] == [(0, False), (500, True), (0, True)]
    for job in started:
        api("cancelCrawl", id=job)


def test_a_completed_crawl_cannot_be_cancelled(quick_server: Server) -> None:
    api = quick_server.api
    job = api("startCrawl", json={"url": "https://example.com", "limit": 1}).json()["id"]
    done = _wait_for(api, "getCrawlStatus", "completed", id=job)
    ended = api("cancelCrawl", id=job)
    assert ended.status_code == 409 and ended.json() == {"error": "Crawl is already completed"}
    assert api("getCrawlStatus", id=job).json() == done


def test_crawl_prompt_derives_options_explicit_ones_win(quick_server: Server) -> None:
    api = quick_server.api
    start = api("startCrawl", json={"url": "https://example.com", "prompt": "only the /blog, up to 2 pages", "limit": 4}).json()
    done = _wait_for(api, "getCrawlStatus", "completed", id=start["id"])
    # The start page fails the derived includePaths: visited for its links, then dropped.
    assert done["total"] == 3 and len(done["data"]) == 3
    assert all("/blog" in d["metadata"]["sourceURL"] for d in done["data"])
    job = quick_server.store.jobs.get(start["id"], team_id=api.team_id, kind=JobKind.CRAWL)
    assert job is not None and job.request["includePaths"] == ["blog/.*"] and job.request["limit"] == 4


def test_jobs_complete_without_being_polled(quick_server: Server) -> None:
    """The background worker moves jobs on its own: the stored state changes with no API call."""
    job_id = quick_server.api("startCrawl", json={"url": "https://example.com"}).json()["id"]
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        job = quick_server.store.jobs.get(job_id, team_id=quick_server.api.team_id, kind=JobKind.CRAWL)
        if job is not None and job.status == "completed":
            break
        time.sleep(0.05)
    assert job is not None and job.status == "completed" and job.completed == job.total


def test_batch_and_crawl_documents_follow_their_scrape_options(quick_server: Server) -> None:
    api = quick_server.api
    batch = api("startBatchScrape", json={"urls": ["https://example.com/a"], "formats": ["links", {"type": "json"}], "onlyMainContent": False}).json()["id"]
    [document] = _wait_for(api, "getBatchScrapeStatus", "completed", id=batch)["data"]
    assert "https://example.com/about" in document["links"] and document["json"] == {"title": "example.com/a"}
    assert "markdown" not in document
    crawl = api("startCrawl", json={"url": "https://example.com", "limit": 2, "scrapeOptions": {"formats": ["markdown"], "includeTags": ["table"]}}).json()[
        "id"
    ]
    documents = _wait_for(api, "getCrawlStatus", "completed", id=crawl)["data"]
    assert [d["metadata"]["sourceURL"] for d in documents] == ["https://example.com", "https://example.com/about"]
    assert all(d["markdown"].startswith("| Name | Value |") for d in documents)
    failing = api(
        "startBatchScrape", json={"urls": ["https://example.com/prompt-injection"], "formats": [{"type": "json", "checkPromptInjection": True}]}
    ).json()["id"]
    # A page that fails is no document (as the service): it is listed among the job's errors.
    assert _wait_for(api, "getBatchScrapeStatus", "completed", id=failing)["data"] == []
    [refused] = api("getBatchScrapeErrors", id=failing).json()["errors"]
    assert refused["url"] == "https://example.com/prompt-injection" and refused["code"] == "SCRAPE_PROMPT_INJECTION"
    assert "injection" in refused["error"].lower()


def _remaining(server: Server) -> int:
    return int(server.api("getTokenUsage").json()["data"]["remainingTokens"])


def test_a_crawl_started_twice_with_one_idempotency_key_starts_once(server: Server) -> None:
    key = "0f8fad5b-d9cb-469f-a165-70867728950e"
    first = server.api("startCrawl", json={"url": "https://example.com", "limit": 2}, headers={"x-idempotency-key": key})
    assert first.status_code == 200
    before = _remaining(server)
    # The retry of a start whose answer was lost, and the same key with another body (and in
    # upper case): refused as the service refuses them, nothing started; the answer names the job
    # the key started (this double's addition: the service's 409 does not), so the retry learns it.
    for body, given in (({"url": "https://example.com", "limit": 2}, key), ({"url": "https://other.example.com"}, key.upper())):
        again = server.api("startCrawl", json=body, headers={"x-idempotency-key": given})
        assert (again.status_code, again.json()) == (409, {"success": False, "error": "Idempotency key already used", "id": first.json()["id"]})
    assert [c["id"] for c in server.api("getActiveCrawls").json()["crawls"]] == [first.json()["id"]]
    assert _remaining(server) == before
    # Another team cannot use it either (the service keeps one set of keys), nor learn the job.
    other = server.api_for(server.tenant())
    refused = other("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": key})
    assert (refused.status_code, refused.json()) == (409, {"success": False, "error": "Idempotency key already used"})


def test_a_key_and_its_job_commit_together(server: Server) -> None:
    # Issue 37's audit: of 91 crawls cut off by kill -9, 13 spent their key with no job, and 8 more
    # ran a job whose retry only ever got 409. A start the store refuses (here: the team's
    # concurrency limit, inside the job's own unit) leaves no job; the key is then spent as the
    # service spends it (its middleware claims the key before the controller), and a key whose
    # job committed names that job.
    tenant = server.tenant(max_concurrency=1)
    api = server.api_for(tenant)
    first_key, second_key = "1f8fad5b-d9cb-469f-a165-70867728950e", "2f8fad5b-d9cb-469f-a165-70867728950e"
    started = api("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": first_key})
    assert started.status_code == 200
    assert server.store.jobs.key_claim(first_key) == (started.json()["id"], tenant.team_id)
    assert api("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": second_key}).status_code == 429
    assert server.store.jobs.key_claim(second_key) == (None, None)
    assert [c["id"] for c in api("getActiveCrawls").json()["crawls"]] == [started.json()["id"]]


def test_an_idempotency_key_that_is_not_a_uuid_is_refused_and_starts_nothing(server: Server) -> None:
    # The service's middleware: its uuid check fails, and it answers as for a key used before.
    for given in ("retry-1", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5bd9cb469fa16570867728950e"):
        refused = server.api("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": given})
        assert refused.status_code == 409
        assert refused.json() == {"success": False, "error": "Idempotency key already used"}
    assert server.api("getActiveCrawls").json()["crawls"] == []
    # An empty header is no key (the middleware skips a falsy one): the crawl starts.
    assert server.api("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": ""}).status_code == 200


def test_an_idempotency_key_is_spent_even_when_the_body_is_refused(server: Server) -> None:
    key = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
    assert server.api("startCrawl", json={"url": "ftp://example.com"}, headers={"x-idempotency-key": key}).status_code == 400
    assert server.api("startCrawl", json={"url": "https://example.com"}, headers={"x-idempotency-key": key}).status_code == 409


def test_without_a_key_starts_are_not_deduplicated(server: Server) -> None:
    for _ in range(2):
        assert server.api("startCrawl", json={"url": "https://example.com", "limit": 1}).status_code == 200
    assert len(server.api("getActiveCrawls").json()["crawls"]) == 2
