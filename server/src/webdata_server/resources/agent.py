"""/v2/agent: start an agent job, read its status, cancel it; list the team's runs, read a run's
trace and snapshots (:mod:`webdata_server.agent_trace`) and a thread of runs."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import webdata_models as models

from webdata_server import agent_trace
from webdata_server.domain import Job, JobKind, JobStatus, iso
from webdata_server.errors import InvalidRequest, JobNotFound, SnapshotNotFound
from webdata_server.jobs.requests import stored
from webdata_server.resources.base import Call, Context, Operation, Pending, dump, find_job, start_job
from webdata_server.resources.search import web_hits
from webdata_server.scrape import threat
from webdata_server.web import page_title

__all__ = ["OPERATIONS"]

_PAGE = 20  # runs a page of the list (the service's agent-list controller)
_DEFAULT_MODEL = "spark-1-pro"
# JavaScript's parseInt: optional blanks and sign, then the leading digits.
_PARSE_INT = re.compile(r"^[ \t\n\r]*([+-]?[0-9]+)")


def _job(ctx: Context, call: Call) -> Job:
    return find_job(ctx, call, call.path["jobId"], JobKind.AGENT)


def _thread_of(job: Job) -> str:
    """A run continues the thread its request names, else starts one with its own id."""
    return str(job.request.get("threadId") or job.id)


def _turn(ctx: Context, job: Job) -> int:
    if not job.request.get("threadId"):
        return 1  # it started its thread (a status poll reads no other run)
    runs = ctx.store.jobs.thread(team_id=job.team_id, thread_id=_thread_of(job))
    return next((n for n, run in enumerate(runs, start=1) if run.id == job.id), len(runs) or 1)


def _flag(call: Call, name: str) -> bool:
    return call.query.get(name) == "true"  # as the service reads it: the text true, nothing else


def start(ctx: Context, call: Call) -> Pending:
    body: models.AgentRequest = call.body
    threat.check_override(call.caller.team, body.threat_protection)
    request = stored(body)
    job = start_job(ctx, call, kind=JobKind.AGENT, request=request, units=1)
    return Pending(job, lambda job: dump(models.AgentStartResponse(success=True, id=job.id, thread_id=_thread_of(job), thread_turn=_turn(ctx, job))))


def status(ctx: Context, call: Call) -> dict[str, Any]:
    job = _job(ctx, call)
    result = job.result or {}
    return dump(
        models.AgentStatusResponse(
            success=job.status != JobStatus.FAILED,
            id=job.id,
            status=job.status,
            data=result.get("data"),
            message=result.get("message"),
            error=job.error,
            model=job.request.get("model") or _DEFAULT_MODEL,
            effort=job.request.get("effort"),
            mode=job.request.get("mode") or "extract",
            expires_at=iso(job.expires_at),
            credits_used=job.credits_used,
            thread_id=_thread_of(job),
            thread_turn=_turn(ctx, job),
        )
    )


def cancel(ctx: Context, call: Call) -> dict[str, Any]:
    ctx.jobs.cancel(_job(ctx, call))  # the rule (cancelAgent's x-transitions) is the job service's
    return dump(models.AgentCancelResponse(success=True))


def _before(call: Call) -> datetime | None:
    text = call.query.get("before")
    if not text:
        return None
    found = _PARSE_INT.match(text)
    if found is None or int(found.group(1)) < 0:
        raise InvalidRequest()
    try:
        return datetime.fromtimestamp(int(found.group(1)) / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return datetime.max.replace(tzinfo=UTC)  # beyond any date: every run is before it


def _listed(job: Job) -> dict[str, Any]:
    request = job.request
    model = request.get("model") or _DEFAULT_MODEL
    effort = request.get("effort") or ("medium" if model == "spark-2" else None)
    urls = request.get("urls") or None
    item: dict[str, Any] = {
        "id": job.id,
        "createdAt": iso(job.created_at),
        "targetHint": (urls or [request.get("prompt", "")])[0],
        "origin": request.get("origin") or "api",
        "settings": {"hidden": False, "starred": False},
        "status": {JobStatus.PROCESSING: "processing", JobStatus.COMPLETED: "completed"}.get(job.status, "failed"),
        "options": {"urls": urls, "prompt": request.get("prompt", ""), "schema": request.get("schema"), "model": model, "effort": effort},
    }
    if request.get("integration"):
        item["integration"] = request["integration"]
    item["options"] = {key: value for key, value in item["options"].items() if value is not None}
    return item


def list_runs(ctx: Context, call: Call) -> dict[str, Any]:
    before = _before(call)
    team = call.caller.team.id
    listed = ctx.store.jobs.newest(team_id=team, kind=JobKind.AGENT, before=iso(before) if before else None, limit=_PAGE)
    jobs = [ctx.jobs.find(job.id, team_id=team, kind=JobKind.AGENT) or job for job in listed]
    body: dict[str, Any] = {"success": True, "agents": [_listed(job) for job in jobs]}
    if len(jobs) == _PAGE:
        body["next"] = call.url_for(f"/v2/agent?before={int(jobs[-1].created_at.timestamp() * 1000)}")
    models.AgentListResponse.model_validate(body)
    return body


def _trace(ctx: Context, job: Job) -> agent_trace.Trace:
    def search(query: str, limit: int) -> list[str]:
        # The pages the service would scrape: a social site's thread among the hits is passed over.
        return [url for url in web_hits(ctx, query, limit * 2) if not ctx.blocklist.blocks(url)][:limit]

    return agent_trace.trace_of(job, ctx.jobs.clock.now(), search=search, title_of=page_title)


def trace(ctx: Context, call: Call) -> dict[str, Any]:
    job = _job(ctx, call)
    found = _trace(ctx, job)
    body: dict[str, Any] = {
        "success": True,
        "id": job.id,
        "events": found.events,
        "creditsUsed": job.credits_used,
        "zeroDataRetention": bool(job.request.get("zeroDataRetention")),
    }
    if _flag(call, "liveView"):
        body["activeBrowserSessions"] = agent_trace.live_sessions(found, call.base_url())
    models.AgentTraceResponse.model_validate(body)  # as built (an event's error is null when there is none)
    return body


def snapshot(ctx: Context, call: Call) -> dict[str, Any]:
    job = _job(ctx, call)
    snapshot_id = call.path["snapshotId"]
    content = _trace(ctx, job).snapshots.get(snapshot_id)
    if content is None:
        raise SnapshotNotFound()
    return dump(models.AgentSnapshotResponse(success=True, id=job.id, snapshot_id=snapshot_id, snapshot=content))


_RUN_STATUS = {JobStatus.PROCESSING: "processing", JobStatus.COMPLETED: "succeeded", JobStatus.FAILED: "failed", JobStatus.CANCELLED: "cancelled"}


def thread(ctx: Context, call: Call) -> dict[str, Any]:
    team = call.caller.team.id
    thread_id = call.path["threadId"]
    runs = [ctx.jobs.find(job.id, team_id=team, kind=JobKind.AGENT) or job for job in ctx.store.jobs.thread(team_id=team, thread_id=thread_id)]
    if not runs:
        raise JobNotFound()
    with_data = _flag(call, "includeData")
    shown = []
    for turn, job in enumerate(runs, start=1):
        request, result = job.request, job.result or {}
        run: dict[str, Any] = {
            "id": job.id,
            "turn": turn,
            "mode": request.get("mode") or "extract",
            "prompt": request.get("prompt", ""),
            "status": _RUN_STATUS.get(job.status, "failed"),
            "createdAt": iso(job.created_at),
            "finishedAt": None if job.active else iso(job.updated_at),
            "creditsUsed": None if job.active else job.credits_used,
            "message": result.get("message"),
        }
        for name in ("urls", "schema", "effort"):
            if request.get(name):
                run[name] = request[name]
        if with_data and job.status == JobStatus.COMPLETED and "data" in result:
            run["data"] = result["data"]
        shown.append(run)
    body = {
        "success": True,
        "thread": {
            "id": thread_id,
            "createdAt": iso(runs[0].created_at),
            "updatedAt": iso(max(job.updated_at for job in runs)),
            "status": "running" if any(job.active for job in runs) else "idle",
            "runs": shown,
        },
    }
    models.AgentThreadResponse.model_validate(body)  # as built: a run's null fields stay
    return body


OPERATIONS = [
    Operation("startAgent", models.AgentRequest, start, offload=False),
    Operation("getAgentStatus", None, status),
    Operation("cancelAgent", None, cancel),
    Operation("listAgents", None, list_runs),
    Operation("getAgentTrace", None, trace),
    Operation("getAgentSnapshot", None, snapshot),
    Operation("getAgentThread", None, thread),
]
