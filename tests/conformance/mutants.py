"""Deliberately broken variants of a server, for the suite's self-test.

Each mutant is a reverse proxy in front of a correct server (the reference server, run as its own
process): it alters requests on the way in or answers on the way out, never code inside the
server. The proxy runs with uvicorn on a free port of 127.0.0.1 in a thread and is stopped after.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

__all__ = ["MUTANTS", "Mutant", "running_mutant"]


@dataclass
class Exchange:
    """One request through the proxy, editable by a mutant."""

    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: Any
    status: int = 0
    response: Any = None
    response_headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Mutant:
    """A named way to be wrong: a request edit, an answer edit, or both."""

    name: str
    fault: str
    request: Any = None  # (Exchange, context) -> None, or a short-circuit answer
    response: Any = None  # (Exchange, context) -> None


def _json_body(exchange: Exchange) -> dict[str, Any] | None:
    return exchange.body if isinstance(exchange.body, dict) else None


def _wrong_default(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/extract" and body is not None:
        body.setdefault("ignoreInvalidURLs", False)


def _bound_not_enforced(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if body is None:
        return
    for holder in (body, body.get("scrapeOptions")):
        if isinstance(holder, dict) and isinstance(holder.get("timeout"), int):
            holder["timeout"] = min(max(holder["timeout"], 1000), 300000)


def _wrong_status(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "DELETE" and exchange.path.startswith("/v2/agent/") and exchange.status == 400:
        exchange.status = 404


def _wrong_text(exchange: Exchange, context: dict[str, Any]) -> None:
    if isinstance(exchange.response, dict) and exchange.response.get("error") == "Batch scrape job not found.":
        exchange.response["error"] = "Batch scrape job not found"


def _missing_field(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/team/token-usage" and isinstance(exchange.response, dict):
        exchange.response.get("data", {}).pop("remainingTokens", None)


def _extra_status(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/extract" and exchange.method == "POST" and exchange.status == 200:
        exchange.status = 202


def _auth_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    header = exchange.headers.get("authorization", "")
    if header != f"Bearer {context['api_key']}" and header != f"Bearer {context.get('second_api_key')}":
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _other_team_visible(exchange: Exchange, context: dict[str, Any]) -> None:
    second = context.get("second_api_key")
    if (
        second
        and exchange.method == "GET"
        and exchange.headers.get("authorization") == f"Bearer {second}"
        and re.match(r"^/v2/(extract|agent|crawl|batch/scrape)/[0-9a-f-]{36}$", exchange.path)
    ):
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _cancel_does_not_cancel(exchange: Exchange, context: dict[str, Any]) -> Any:
    authorized = exchange.headers.get("authorization") == f"Bearer {context['api_key']}"
    if authorized and exchange.method == "DELETE" and re.match(r"^/v2/agent/[0-9a-f-]{36}$", exchange.path):
        return 200, {"success": True}
    return None


def _miss_served_as_hit(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and body.get("lockdown") is True:
        body.pop("lockdown")


def _wrong_charge(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and body.get("lockdown") is True:
        context["repeat"] = True  # the proxy sends it twice: charged twice


def _missing_invalid_urls(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/extract" and isinstance(exchange.response, dict) and exchange.response.get("invalidURLs") == []:
        del exchange.response["invalidURLs"]


MUTANTS = [
    Mutant("wrong-default", "extract's ignoreInvalidURLs defaults to false", request=_wrong_default),
    Mutant("bound-not-enforced", "scrape timeout outside 1000..300000 is clamped and accepted", request=_bound_not_enforced),
    Mutant("wrong-status", "agent cancel with a malformed id answers 404 instead of 400", response=_wrong_status),
    Mutant("wrong-error-text", "unknown batch scrape answers a different text", response=_wrong_text),
    Mutant("missing-field", "token usage omits remainingTokens", response=_missing_field),
    Mutant("undeclared-status", "extract start answers 202", response=_extra_status),
    Mutant("auth-ignored", "requests without a valid key run as the first team", request=_auth_ignored),
    Mutant("other-team-visible", "the second team reads the first team's jobs", request=_other_team_visible),
    Mutant("cancel-does-not-cancel", "agent cancel answers success without cancelling", request=_cancel_does_not_cancel),
    Mutant("miss-served-as-hit", "a lockdown request fetches fresh instead of missing", request=_miss_served_as_hit),
    Mutant("wrong-charge", "a lockdown scrape is charged twice", request=_wrong_charge),
    Mutant("missing-invalid-urls", "extract omits an empty invalidURLs", response=_missing_invalid_urls),
]


def _proxy(upstream: str, mutant: Mutant, context: dict[str, Any]) -> Starlette:
    client = httpx.AsyncClient(base_url=upstream, timeout=60)

    async def forward(request: Request) -> Response:
        raw = await request.body()
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = raw
        exchange = Exchange(request.method, request.url.path, request.url.query, {k.lower(): v for k, v in request.headers.items()}, body)
        local = dict(context)
        if mutant.request is not None:
            answer = mutant.request(exchange, local)
            if answer is not None:
                status, payload = answer
                return Response(json.dumps(payload), status_code=status, media_type="application/json")
        headers = {k: v for k, v in exchange.headers.items() if k not in ("host", "content-length")}
        content = json.dumps(exchange.body).encode() if isinstance(exchange.body, (dict, list)) else (raw if exchange.body is not None else None)
        url = exchange.path + (f"?{exchange.query}" if exchange.query else "")
        upstream_response = await client.request(exchange.method, url, content=content, headers=headers)
        if local.get("repeat"):
            upstream_response = await client.request(exchange.method, url, content=content, headers=headers)
        exchange.status = upstream_response.status_code
        exchange.response_headers = {
            k: v for k, v in upstream_response.headers.items() if k.lower() not in ("content-length", "content-encoding", "transfer-encoding")
        }
        try:
            exchange.response = upstream_response.json()
        except ValueError:
            exchange.response = upstream_response.content
        if mutant.response is not None:
            mutant.response(exchange, local)
        payload = json.dumps(exchange.response).encode() if not isinstance(exchange.response, bytes) else exchange.response
        return Response(payload, status_code=exchange.status, headers=exchange.response_headers)

    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"]
    return Starlette(routes=[Route("/{path:path}", forward, methods=methods)])


@contextmanager
def running_mutant(mutant: Mutant, *, upstream: str, api_key: str, second_api_key: str | None) -> Iterator[str]:
    """Serve ``mutant`` in front of ``upstream``; yields the proxy's base URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    app = _proxy(upstream, mutant, {"api_key": api_key, "second_api_key": second_api_key})
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the mutant proxy did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
