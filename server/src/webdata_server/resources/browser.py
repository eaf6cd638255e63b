"""/v2/browser: standalone browser sessions (create, list, execute code, delete)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import webdata_models as models

from webdata_server.browser.outcome import Outcome
from webdata_server.domain import iso
from webdata_server.errors import InvalidRequest, issue
from webdata_server.interact.sessions import session_links
from webdata_server.resources.base import Call, Context, Operation, Pending, dump

__all__ = ["OPERATIONS", "execute_answer"]

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


def execute(ctx: Context, call: Call) -> Pending:
    body: models.BrowserExecuteRequest = call.body
    session = ctx.sessions.find(call.caller, call.path["sessionId"])
    ran = ctx.sessions.execute(session, code=body.code, prompt=None, language=body.language, timeout_s=float(body.timeout))
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
    Operation("executeBrowser", models.BrowserExecuteRequest, execute, runs=True),
    Operation("deleteBrowser", None, delete),
    # The same operations at the newest service's second path (/v2/interact: x-alias-of).
    Operation("createInteractSession", models.BrowserCreateRequest, create),
    Operation("listInteractSessions", None, listed),
    Operation("executeInteractSession", models.BrowserExecuteRequest, execute, runs=True),
    Operation("deleteInteractSession", None, delete),
]
