"""/v2/agent: start an agent job, read its status, cancel it."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.domain import Job, JobKind, JobStatus, iso
from webdata_server.jobs.requests import stored
from webdata_server.resources.base import Call, Context, Operation, Pending, dump, find_job, start_job
from webdata_server.scrape import threat

__all__ = ["OPERATIONS"]


def _job(ctx: Context, call: Call) -> Job:
    return find_job(ctx, call, call.path["jobId"], JobKind.AGENT)


def start(ctx: Context, call: Call) -> Pending:
    body: models.AgentRequest = call.body
    threat.check_override(call.caller.team, body.threat_protection)
    request = stored(body)
    job = start_job(ctx, call, kind=JobKind.AGENT, request=request, units=1)
    return Pending(job, lambda job: dump(models.AgentStartResponse(success=True, id=job.id)))


def status(ctx: Context, call: Call) -> dict[str, Any]:
    job = _job(ctx, call)
    result = job.result or {}
    return dump(
        models.AgentStatusResponse(
            success=job.status != JobStatus.FAILED,
            id=job.id,
            status=job.status,
            data=result.get("data"),
            error=job.error,
            expires_at=iso(job.expires_at),
            credits_used=job.credits_used,
        )
    )


def cancel(ctx: Context, call: Call) -> dict[str, Any]:
    ctx.jobs.cancel(_job(ctx, call))  # the rule (cancelAgent's x-transitions) is the job service's
    return dump(models.AgentCancelResponse(success=True))


OPERATIONS = [
    Operation("startAgent", models.AgentRequest, start, offload=False),
    Operation("getAgentStatus", None, status),
    Operation("cancelAgent", None, cancel),
]
