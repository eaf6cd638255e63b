"""The results of extract and agent jobs: deterministic functions of the request, so a client sees
the same result every time (values from :mod:`webdata_server.extraction`).

A prompt containing ``[fail]`` makes an extract or agent job fail, so every state is reachable. An
agent run in chat mode answers with a ``message`` (the same data in words) instead of ``data``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import webdata_models as models

from webdata_server.domain import Job, JobKind, JobStatus
from webdata_server.extraction import value_for_schema
from webdata_server.jobs.requests import typed, valid_urls

__all__ = ["FAIL_MARKER", "job_result"]

FAIL_MARKER = "[fail]"


def _extracted(schema: Any, prompt: str | None, urls: list[str]) -> dict[str, Any]:
    host = urlsplit(urls[0]).hostname if urls else "no URL"
    if isinstance(schema, dict) and schema:
        data = value_for_schema(schema, "data", host or "")
        return data if isinstance(data, dict) else {"value": data}
    return {"summary": f"Extracted from {len(urls)} URL(s)", "prompt": prompt or "", "urls": urls}


def job_result(job: Job) -> tuple[JobStatus, Any, int, str | None]:
    """(final status, result, completed count, error) of an extract or agent job that ran its course."""
    if job.kind == JobKind.EXTRACT:
        extract = typed(job, models.ExtractRequest)
        if FAIL_MARKER in (extract.prompt or ""):
            return JobStatus.FAILED, None, 0, "The job failed as its prompt asked."
        urls = valid_urls(list(extract.urls))
        data = _extracted(extract.schema, extract.prompt, urls)
        result: dict[str, Any] = {"data": data}
        if extract.show_sources or extract.field__experimental_show_sources:
            result["sources"] = {field: urls for field in data}
        return JobStatus.COMPLETED, result, len(urls), None
    agent = typed(job, models.AgentRequest)
    if FAIL_MARKER in agent.prompt:
        return JobStatus.FAILED, None, 0, "The job failed as its prompt asked."
    data = _extracted(agent.schema, agent.prompt, list(agent.urls or []))
    if agent.mode == "chat":
        # A chat-mode run answers in words (its message) in place of data.
        return JobStatus.COMPLETED, {"message": f"Here is what I found: {json.dumps(data, sort_keys=True)}"}, 1, None
    return JobStatus.COMPLETED, {"data": data}, 1, None
