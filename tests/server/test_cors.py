"""CORS for local pages (serve --cors-local, on by default when listening on loopback): the reference
page's "Try it" calls the server from a file opened from disk or a local dev server; other origins
get no CORS answer, and a server listening beyond loopback gives none unless asked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.server.conftest import Server

PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type"}


@pytest.mark.parametrize("origin", ["null", "http://localhost:8000", "http://127.0.0.1:5173", "http://[::1]:3000", "https://localhost"])
def test_a_local_page_may_call_the_server(server: Server, origin: str) -> None:
    preflight = server.client.options("/v2/scrape", headers={"Origin": origin, **PREFLIGHT})
    assert preflight.status_code == 200, preflight.text
    assert preflight.headers["access-control-allow-origin"] == origin
    assert {"authorization", "content-type"} <= {h.strip().lower() for h in preflight.headers["access-control-allow-headers"].split(",")}
    assert "POST" in preflight.headers["access-control-allow-methods"]
    assert "access-control-allow-credentials" not in preflight.headers  # the key is a header, never a cookie
    answer = server.client.get("/v2/team/token-usage", headers={"Origin": origin, "Authorization": f"Bearer {server.api.key}"})
    assert answer.status_code == 200 and answer.headers["access-control-allow-origin"] == origin
    assert answer.headers["access-control-expose-headers"] == "*"  # Retry-After, X-Request-Id... readable by the page


@pytest.mark.parametrize("origin", ["https://evil.example", "http://localhost.evil.example", "http://127.0.0.1.evil.example", "http://10.0.0.5"])
def test_other_origins_get_no_cors_answer(server: Server, origin: str) -> None:
    preflight = server.client.options("/v2/scrape", headers={"Origin": origin, **PREFLIGHT})
    assert preflight.status_code == 400 and "access-control-allow-origin" not in preflight.headers
    answer = server.client.get("/v2/team/token-usage", headers={"Origin": origin, "Authorization": f"Bearer {server.api.key}"})
    assert answer.status_code == 200 and "access-control-allow-origin" not in answer.headers


def test_off_beyond_loopback_unless_asked(make_server: Callable[..., Server]) -> None:
    public = make_server(host="192.0.2.10")  # a public address (TEST-NET-1): the settings only, nothing binds
    preflight = public.client.options("/v2/scrape", headers={"Origin": "null", **PREFLIGHT})
    assert "access-control-allow-origin" not in preflight.headers and preflight.status_code == 404
    assert preflight.json()["success"] is False  # the contract's error body, as for any other method it lacks
    asked = make_server(host="192.0.2.10", cors_local=True)
    assert asked.client.options("/v2/scrape", headers={"Origin": "null", **PREFLIGHT}).headers["access-control-allow-origin"] == "null"
    refused = make_server(cors_local=False)
    assert "access-control-allow-origin" not in refused.client.options("/v2/scrape", headers={"Origin": "null", **PREFLIGHT}).headers
