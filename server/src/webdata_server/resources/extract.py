"""/v2/extract: start an extraction job over URLs, and read its status."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.domain import JobKind, JobStatus, iso
from webdata_server.errors import InvalidRequest, issue
from webdata_server.jobs.requests import stored
from webdata_server.resources.base import Call, Context, Operation, Pending, dump, find_job, start_job
from webdata_server.scrape import threat
from webdata_server.urls import split_urls

__all__ = ["OPERATIONS"]


def start(ctx: Context, call: Call) -> Pending:
    body: models.ExtractRequest = call.body
    valid, invalid = split_urls(body.urls)
    if invalid and not body.ignore_invalid_urls:
        raise InvalidRequest(details=[issue(["urls", body.urls.index(u)], "Invalid URL", "invalid_string") for u in invalid])
    if body.schema is not None:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError

        try:
            Draft202012Validator.check_schema(body.schema)
        except SchemaError:
            raise InvalidRequest(details=[issue(["schema"], "Invalid JSON schema.")]) from None
    team = call.caller.team
    threat.check_override(team, body.threat_protection)
    if body.scrape_options is not None:
        threat.check_override(team, body.scrape_options.threat_protection)
    request = stored(body)
    # §2.6: invalidURLs only when ignoreInvalidURLs is true, an empty array when none.
    listed = {"invalidURLs": invalid} if body.ignore_invalid_urls else {}
    job = start_job(ctx, call, kind=JobKind.EXTRACT, request=request, units=len(valid))
    return Pending(job, lambda job: dump(models.ExtractResponse(success=True, id=job.id, **listed)))


def status(ctx: Context, call: Call) -> dict[str, Any]:
    job = find_job(ctx, call, call.path["id"], JobKind.EXTRACT)
    result = job.result or {}
    return dump(
        models.ExtractStatusResponse(
            success=job.status != JobStatus.FAILED,
            id=job.id,
            status=job.status,
            data=result.get("data"),
            sources=result.get("sources"),
            error=job.error,
            expires_at=iso(job.expires_at),
            credits_used=job.credits_used,
            tokens_used=job.credits_used * ctx.pricing.tokens_per_credit,
        )
    )


OPERATIONS = [
    Operation("startExtract", models.ExtractRequest, start, offload=False),
    Operation("getExtractStatus", None, status),
]
