"""The application's front: a request for an operation goes straight to its endpoint, and gets
the answer it got through Starlette's stack (which still answers everything else)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from tests.server.conftest import Server

# Headers that differ between any two answers.
_PER_ANSWER = {"x-request-id", "date"}


def _shape(answer: httpx.Response) -> tuple[int, dict[str, str], bytes]:
    headers = {name: value for name, value in answer.headers.items() if name not in _PER_ANSWER and not name.startswith("access-control-")}
    return answer.status_code, headers, answer.content


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/v2/team/token-usage", None),
        ("HEAD", "/v2/team/token-usage", None),
        ("POST", "/v2/extract", {"urls": []}),  # 400: refused by the contract
        ("POST", "/v2/extract", {"urls": ["https://example.com"], "prompt": "[fail] title"}),
        ("GET", "/v2/extract/not-a-uuid", None),  # a templated path, refused
        ("GET", "/v2/crawl/00000000-0000-4000-8000-000000000000", None),  # 404 of the contract
        ("DELETE", "/v2/crawl/active", None),  # a method the literal path lacks: 404, not a cancel
        ("PUT", "/v2/extract", None),  # a method the path lacks: 404, as the service's router
        ("GET", "/v2/nowhere", None),  # no route
        ("GET", "/v2/team/token-usage/", None),  # a trailing slash is another path
    ],
)
def test_an_operation_answers_as_through_starlette(server: Server, method: str, path: str, body: object) -> None:
    """The same request without Origin (straight to the endpoint) and with a local Origin (through
    Starlette and its CORS middleware, as before) gets the same status, headers and body."""
    headers = {"Authorization": f"Bearer {server.api.key}"}
    straight = server.client.request(method, path, json=body, headers=headers)
    through = server.client.request(method, path, json=body, headers={**headers, "Origin": "http://localhost:8000"})
    assert through.headers["access-control-allow-origin"] == "http://localhost:8000"
    if method == "POST" and straight.status_code == 200:  # a new job each time
        straight_id, through_id = straight.json().pop("id"), through.json().pop("id")
        assert straight_id != through_id
        assert {**straight.json(), "id": ""} == {**through.json(), "id": ""}
        assert _shape(straight)[:2] == _shape(through)[:2]
    else:
        assert _shape(straight) == _shape(through)
    assert straight.headers["vary"] == "Origin"  # as the CORS middleware says for a request without Origin
    if straight.status_code not in (404, 405) or path.startswith("/v2/crawl/0"):  # an operation's answer, not the router's
        assert len(straight.headers["x-request-id"]) == 32 and straight.headers["x-request-id"] != through.headers["x-request-id"]


def test_a_job_found_on_a_templated_path(server: Server) -> None:
    started = server.api("startExtract", json={"urls": ["https://example.com"], "prompt": "title"})
    assert started.status_code == 200, started.text
    found = server.api("getExtractStatus", id=started.json()["id"])
    assert found.status_code == 200 and found.json()["status"] == "processing"


def test_without_cors_no_vary(make_server: Callable[..., Server]) -> None:
    plain = make_server(cors_local=False)
    answer = plain.client.get("/v2/team/token-usage", headers={"Authorization": f"Bearer {plain.api.key}"})
    assert answer.status_code == 200 and "vary" not in answer.headers
