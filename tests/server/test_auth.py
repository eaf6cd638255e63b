"""§5: every operation needs `Authorization: Bearer <key>` of a known key (401 otherwise), and
everything is scoped to the key's team: another team's job is 404 exactly as if it did not exist."""

from __future__ import annotations

import pytest

from tests.server.conftest import OPERATIONS, Server
from tests.server.samples import JOB_KINDS, SAMPLES


def test_samples_cover_every_operation() -> None:
    assert set(SAMPLES) == set(OPERATIONS)


@pytest.mark.parametrize("operation_id", sorted(SAMPLES))
@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wd-unknown"}, {"Authorization": "Basic dXNlcjpwYXNz"}, {"Authorization": "Bearer"}],
    ids=["no header", "unknown key", "basic scheme", "empty bearer"],
)
def test_401_without_a_valid_key(server: Server, operation_id: str, headers: dict[str, str]) -> None:
    path, body = SAMPLES[operation_id]
    response = server.api(operation_id, key="", json=body, headers=headers, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    assert response.status_code == 401
    assert response.json() == {"success": False, "error": "Unauthorized: Invalid token"}


@pytest.mark.parametrize("kind", sorted(JOB_KINDS))
def test_another_teams_job_is_404_everywhere(server: Server, kind: str) -> None:
    start, status, cancel, param = JOB_KINDS[kind]
    job_id = server.api(start, json=SAMPLES[start][1]).json()["id"]
    other = server.api_for(server.tenant())
    unknown_status = other(status, **{param: "00000000-0000-4000-8000-000000000000"})  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    foreign_status = other(status, **{param: job_id})
    assert foreign_status.status_code == unknown_status.status_code == 404
    assert foreign_status.json() == unknown_status.json()
    if cancel:
        foreign = other(cancel, **{param: job_id})
        unknown = other(cancel, **{param: "00000000-0000-4000-8000-000000000000"})  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
        assert foreign.status_code == unknown.status_code == 404
        assert foreign.json() == unknown.json()
    # The owner still sees its job, untouched by the other team's attempts.
    assert server.api(status, **{param: job_id}).json()["status"] in ("processing", "scraping")


def test_active_crawls_list_only_the_callers(server: Server) -> None:
    other = server.api_for(server.tenant())
    mine = server.api("startCrawl", json={"url": "https://mine.example.com"}).json()["id"]
    theirs = other("startCrawl", json={"url": "https://theirs.example.com"}).json()["id"]
    listed = server.api("getActiveCrawls").json()["crawls"]
    assert [c["id"] for c in listed] == [mine]
    assert listed[0]["teamId"] == server.api.team_id
    assert [c["id"] for c in other("getActiveCrawls").json()["crawls"]] == [theirs]
    # The service's other route to the same list (not a job called "ongoing").
    assert server.api("getOngoingCrawls").json() == server.api("getActiveCrawls").json()
