"""The control endpoints under :data:`PREFIX` (``serve --control``, the test servers): the controls
over HTTP for suites in other languages, answered only to this machine, never with a team's key,
never to a browser's cross-site or rebound request."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, urlsplit

from webdata_server.controls.pages import CONTROL_BODY_BYTES
from webdata_server.controls.records import JOURNAL_PAGE
from webdata_server.controls.values import MAX_COUNT, MAX_DELAY_SECONDS, MAX_PLAN_TOKENS, MAX_TEAM_NAME_CHARS, FaultError, number, whole
from webdata_server.controls.wire import drain, json_answer
from webdata_server.domain import iso
from webdata_server.urls import is_loopback

if TYPE_CHECKING:
    from webdata_server.controls import Controls

__all__ = ["PREFIX", "answer"]

# The reserved path prefix of the control endpoints (no operation of the contract starts with it).
PREFIX = "/__webdata/"

# Emails an outbox read answers at most; ``next`` is the ``after`` of the next read.
OUTBOX_PAGE = 1000


def _header(scope: Any, name: bytes) -> str | None:
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), None)


def _browser_refusal(scope: Any) -> str | None:
    """Why a control call is refused as a browser's cross-site or rebound request; None when it is not."""
    host = _header(scope, b"host") or ""
    if not is_loopback(urlsplit(f"//{host}").hostname):
        return f"Control endpoints answer only a loopback Host (127.0.0.1, [::1] or localhost), not {host[:100]!r}"
    origin = _header(scope, b"origin")
    if origin is not None and origin != f"http://{host}":
        return f"Control endpoints answer no cross-origin browser request (Origin {origin[:100]!r})"
    if (_header(scope, b"sec-fetch-site") or "same-origin") not in ("same-origin", "none"):
        return "Control endpoints answer no cross-site browser request (Sec-Fetch-Site)"
    return None


async def answer(controls: Controls, scope: Any, receive: Any, send: Any) -> None:
    """Answers a call of a control endpoint."""
    client = scope.get("client")
    if client is None or not is_loopback(client[0]):
        await json_answer(send, 403, {"success": False, "error": "Control endpoints answer only calls from this machine"})
        return
    if any(name == b"authorization" for name, _ in scope["headers"]):
        await json_answer(send, 403, {"success": False, "error": "Control endpoints take no team key: send the call without Authorization"})
        return
    refusal = _browser_refusal(scope)
    if refusal is not None:
        await json_answer(send, 403, {"success": False, "error": refusal})
        return
    raw = await drain(receive, limit=CONTROL_BODY_BYTES)
    if raw is None:
        await json_answer(send, 413, {"success": False, "error": f"A control call's body is at most {CONTROL_BODY_BYTES} bytes"})
        return
    content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if raw.strip() and content_type != "application/json":
        error = "A control call's body is JSON: send it with Content-Type: application/json"
        await json_answer(send, 415, {"success": False, "error": error})
        return
    try:
        body = json.loads(raw) if raw.strip() else {}
        if not isinstance(body, dict):
            raise FaultError("the body is a JSON object")
        status, answer = await _dispatch(controls, scope["method"], scope["path"][len(PREFIX) :].rstrip("/"), body, scope)
    except (FaultError, ValueError, TypeError) as error:
        status, answer = 400, {"success": False, "error": str(error)}
    await json_answer(send, status, answer)


async def _dispatch(controls: Controls, method: str, route: str, body: dict[str, Any], scope: Any) -> tuple[int, Any]:
    query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
    loop = asyncio.get_running_loop()
    if route == "clock" and method == "GET":
        return 200, {"now": iso(controls.clock.now()), "manual": controls.manual}
    if route == "clock/advance" and method == "POST":
        if not controls.manual:
            return 409, {"success": False, "error": "The server runs on the wall clock: start it with --clock manual to move time"}
        moment = await loop.run_in_executor(None, lambda: controls.advance(body.get("seconds")))  # which checks the number
        return 200, {"now": iso(moment), "manual": True}
    if route == "clock/run-until-idle" and method == "POST":
        moved = await loop.run_in_executor(None, controls.run_until_idle)
        return 200, {"moved": moved, "now": iso(controls.clock.now())}
    if route == "teams" and method == "POST":
        if controls.store is None:
            raise FaultError("the server is not running")
        tokens = number(body, "planTokens", 15 * 100_000, high=MAX_PLAN_TOKENS, integer=True) if body.get("planTokens", 0) is not None else None
        name = body.get("name", "test")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_TEAM_NAME_CHARS:
            raise FaultError(f"name: the team's name, 1 to {MAX_TEAM_NAME_CHARS} characters")
        store = controls.store
        team = await loop.run_in_executor(None, lambda: store.teams.create(name=name, plan_tokens=tokens))
        key = await loop.run_in_executor(None, lambda: store.teams.create_key(team_id=team.id))
        return 201, {"teamId": team.id, "apiKey": key}
    if route == "faults" and method == "POST":
        fault = controls.add_fault(
            body.get("operation"),
            method=body.get("method"),
            path=body.get("path"),
            status=number(body, "status", None, low=100, high=599, integer=True),
            retry_after=number(body, "retryAfter", None, high=MAX_COUNT, integer=True),
            delay=number(body, "delay", 0.0, high=MAX_DELAY_SECONDS),
            drop=bool(body.get("drop", False)),
            times=number(body, "times", 1, low=1, high=MAX_COUNT, integer=True) if "times" not in body or body["times"] is not None else None,
            after=number(body, "after", 0, high=MAX_COUNT, integer=True),
            team_id=body.get("teamId"),
        )
        return 201, fault.describe()
    if route == "faults" and method == "GET":
        return 200, controls.fault_book.describe()
    if route == "faults" and method == "DELETE":
        controls.clear_faults(query.get("teamId"))
        return 200, {"success": True}
    if route.startswith("faults/") and method == "DELETE":
        if not controls.remove_fault(route.split("/", 1)[1]):
            return 404, {"success": False, "error": f"no fault {route.split('/', 1)[1]}"}
        return 200, {"success": True}
    if route == "page-faults" and method == "POST":
        if not isinstance(body.get("url"), str):
            raise FaultError("url: the glob of the pages that fail")
        page = controls.add_page_fault(body["url"], status=body.get("status", 500), times=body.get("times"))
        return 201, page.describe()
    if route == "threat-classifier" and method == "POST":
        controls.classifier_reachable = bool(body.get("reachable", True))
        return 200, {"reachable": controls.classifier_reachable}
    if route == "journal" and method == "GET":
        # Paged, and read off the event loop (a full journal's bodies are many megabytes).
        after, limit = whole(query.get("after"), 0, "after"), max(1, min(whole(query.get("limit"), JOURNAL_PAGE, "limit"), JOURNAL_PAGE))

        def journal_page() -> dict[str, Any]:
            entries = [e for e in controls.received(team_id=query.get("teamId"), operation=query.get("operation")) if e.seq > after]
            more = len(entries) > limit
            return {
                "requests": [e.describe() for e in entries[:limit]],
                "next": entries[limit - 1].seq if more else None,
                "dropped": controls.journal.dropped,
            }

        return 200, await loop.run_in_executor(None, journal_page)
    if route == "journal" and method == "DELETE":
        controls.records.clear_journal()
        return 200, {"success": True}
    if route == "inbox" and method == "GET":
        return 200, {"events": [e.describe() for e in controls.events(team_id=query.get("teamId"))], "dropped": controls.inbox.dropped}
    if route == "inbox" and method == "DELETE":
        controls.records.clear_inbox()
        return 200, {"success": True}
    if route == "pages" and method == "PUT":
        if not isinstance(body.get("url"), str):
            raise FaultError("url: the page's URL")
        dropped = controls.set_page(body["url"], html=body.get("html"), text=body.get("text"), title=body.get("title"))
        return 200, {"success": True, "url": body["url"], **({"dropped": dropped} if dropped else {})}
    if route == "outbox" and method == "GET":
        store = controls.running_store()
        after, limit = whole(query.get("after"), 0, "after"), min(whole(query.get("limit"), OUTBOX_PAGE, "limit"), OUTBOX_PAGE)
        emails = store.monitors.outbox(team_id=query.get("teamId"), recipient=query.get("to"), after=after, limit=limit + 1)
        more = len(emails) > limit
        return 200, {"emails": emails[:limit], "next": emails[limit - 1]["id"] if more else None}
    if route in ("outbox/confirm", "outbox/unsubscribe") and method == "POST":
        if controls.monitors is None:
            raise FaultError("the server is not running")
        answered = controls.monitors.answer_subscription(str(body.get("token", "")), confirm=route.endswith("confirm"))
        if answered is None:
            return 404, {"success": False, "error": "not_found"}
        return 200, answered
    if route == "reset" and method == "POST":
        controls.reset()
        return 200, {"success": True}
    return 404, {"success": False, "error": f"No control {method} {PREFIX}{route} (README: Control endpoints)"}
