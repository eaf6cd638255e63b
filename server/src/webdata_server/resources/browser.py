"""/v2/browser: standalone browser sessions (create, list, execute code, delete)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import webdata_models as models

from webdata_server.browser.outcome import Outcome
from webdata_server.browser.sessions import light_code, session_links
from webdata_server.domain import iso
from webdata_server.errors import InvalidRequest, issue
from webdata_server.resources.base import Call, Context, Operation, Pending, dump

__all__ = ["OPERATIONS", "execute_answer", "in_thread"]

_STATUSES = ("active", "destroyed", "error")


def execute_answer(outcome: Outcome, *, interact: bool) -> dict[str, Any]:
    """The run's part of an execute answer (interact also says ``success: false`` on failure)."""
    answer: dict[str, Any] = {}
    if outcome.output:
        answer["output"] = outcome.output
    answer |= {"stdout": outcome.stdout, "result": outcome.result, "stderr": outcome.stderr, "exitCode": outcome.exit_code, "killed": outcome.killed}
    if outcome.failed:
        answer["error"] = outcome.stderr.strip() or "Execution failed"
    return answer


def create(ctx: Context, call: Call) -> dict[str, Any]:
    body: models.BrowserCreateRequest = call.body if call.body is not None else models.BrowserCreateRequest()
    profile = body.profile
    session = ctx.sessions.open(
        call.caller,
        ttl=body.ttl,
        activity_ttl=body.activity_ttl,
        stream_web_view=body.stream_web_view,
        profile=(profile.name, profile.save_changes) if profile is not None else None,
        interact=False,
    )
    links = session_links(call.base_url(), session.id)
    return {"success": True, "id": session.id, **links, "expiresAt": iso(session.created_at + timedelta(seconds=session.ttl))}


def listed(ctx: Context, call: Call) -> dict[str, Any]:
    status = call.query.get("status")
    if status is not None and status not in _STATUSES:
        raise InvalidRequest(
            details=[
                issue(["status"], f"Invalid enum value. Expected {' | '.join(repr(s) for s in _STATUSES)}, received {status[:64]!r}", "invalid_enum_value")
            ]
        )
    base = call.base_url()
    sessions = [
        models.BrowserSession.model_validate(
            {
                "id": row.id,
                "status": row.status,
                **session_links(base, row.id),
                "streamWebView": row.stream_web_view,
                "createdAt": iso(row.created_at),
                "lastActivity": iso(row.last_activity),
            }
        )
        for row in ctx.sessions.listed(call.caller, status)
    ]
    return dump(models.BrowserListResponse(success=True, sessions=sessions))


# Bodies up to this size are read to tell light code (below); larger ones go to a worker thread.
_LIGHT_BODY = 1024


def in_thread(ctx: Context, raw: bytes) -> bool:
    """Whether an execute or interact call runs in a worker thread: yes, unless its body is light code
    (:func:`~webdata_server.browser.sessions.light_code`: a few reads of the page, such as an
    agent's or a test's ``await page.title()``), which runs on the event loop when its session is
    open with its page at hand (the handler raises :class:`Offload` otherwise). A light call
    costs about a third less without the thread's hop (benchmarks/README.md)."""
    if len(raw) > _LIGHT_BODY:
        return True
    try:
        body = json.loads(raw)
    except ValueError:
        return True
    if not isinstance(body, dict):
        return True
    code, language = body.get("code"), body.get("language", "node")
    return not (isinstance(code, str) and code and language in ("node", "python") and light_code(code, language))


def execute(ctx: Context, call: Call) -> Pending:
    body: models.BrowserExecuteRequest = call.body
    session = ctx.sessions.find(call.caller, call.path["sessionId"], on_loop=call.on_loop)
    ran = ctx.sessions.execute(session, code=body.code, prompt=None, language=body.language, timeout_s=float(body.timeout), on_loop=call.on_loop)
    links = session_links(call.base_url(), session.id)
    return Pending(ran.written, lambda written: {"success": True, **links, **execute_answer(ran.outcome(written), interact=False)})


def delete(ctx: Context, call: Call) -> dict[str, Any]:
    session = ctx.sessions.find(call.caller, call.path["sessionId"])
    ended = ctx.sessions.stop(session)
    answer = models.BrowserDeleteResponse(success=True, status="stopped", cleanup_queued=True, credits_billed=ended.credits)
    if ended.now:
        answer.session_duration_ms = ended.duration_ms
    return dump(answer)


OPERATIONS = [
    Operation("createBrowser", models.BrowserCreateRequest, create),
    Operation("listBrowsers", None, listed),
    Operation("executeBrowser", models.BrowserExecuteRequest, execute, offload=in_thread),
    Operation("deleteBrowser", None, delete),
    # The same operations at the newest service's second path (/v2/interact: x-alias-of).
    Operation("createInteractSession", models.BrowserCreateRequest, create),
    Operation("listInteractSessions", None, listed),
    Operation("executeInteractSession", models.BrowserExecuteRequest, execute, offload=in_thread),
    Operation("deleteInteractSession", None, delete),
]
