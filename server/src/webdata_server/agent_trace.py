"""What an agent run did, step by step: its trace (the events of GET /v2/agent/{jobId}/trace) and
the snapshots of its result as it grew (GET /v2/agent/{jobId}/snapshots/{snapshotId}).

The reference server's agent works the same way on every run, so its steps are a function of the
job: it plans; when given no URL it searches the synthetic web's index for the prompt and reads the
first three hits; it reads each page (a ``scrape`` tool call, its title in the result), the result
growing by a share of its fields after each page (a ``partial`` snapshot); it checks the result and
finishes with it (an ``update`` snapshot that is the job's ``data``, or its ``message`` in chat
mode). The steps are spread evenly over the job's time, from its creation to when it finishes, so
a running job's trace shows the steps whose time has come and grows as the clock moves; a cancelled
job's stops at the cancel with ``run.cancel_requested``; a failed one (a ``[fail]`` prompt) ends
with ``error.occurred``. Every id is derived from the job's, so each read of a trace gives the same
events.
"""

from __future__ import annotations

import json
import math
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import webdata_models as models

from webdata_server.domain import Job, JobStatus, iso
from webdata_server.jobs.requests import typed, valid_urls
from webdata_server.jobs.results import job_result

__all__ = ["Trace", "live_sessions", "trace_of"]

_PAGES = 10  # pages an agent reads at most
_HITS = 3  # search hits it reads when given no URL
_VIEWPORT = {"width": 1280, "height": 800}
_ORCHESTRATOR = {"id": "orchestrator", "role": "orchestrator", "name": "orchestrator"}
_BROWSER = {"id": "browser-1", "role": "browser", "name": "browser", "parentId": "orchestrator"}


@dataclass
class Trace:
    """The events of a run whose time has come, the snapshots they name (id to content) and the
    browser session open at that time, if any."""

    events: list[dict[str, Any]] = field(default_factory=list)
    snapshots: dict[str, str] = field(default_factory=dict)
    open_session: str | None = None


@dataclass
class _Step:
    agent: dict[str, str]
    type: str
    fields: dict[str, Any]
    snapshot: str | None = None  # the content of the snapshot an artifact.updated event names


def _id(job: Job, name: str) -> str:
    return str(uuid.uuid5(uuid.UUID(job.id), name))


def _result(job: Job) -> tuple[Any, str | None]:
    """(data, message) the run ends with when it succeeds."""
    status, result, _, _ = job_result(job)
    if status != JobStatus.COMPLETED or not isinstance(result, dict):
        return None, None
    return result.get("data"), result.get("message")


def _plan(job: Job, search: Callable[[str, int], list[str]], title_of: Callable[[str], str]) -> list[_Step]:
    request = typed(job, models.AgentRequest)
    chat = request.mode == "chat"
    steps = [
        _Step(_ORCHESTRATOR, "run.started", {}),
        _Step(_ORCHESTRATOR, "agent.started", {}),
        _Step(_ORCHESTRATOR, "progress.reported", {"phase": "planning", "message": f"Planning how to answer: {request.prompt[:200]}"}),
    ]
    kind = "text" if chat else "json"
    artifact = {"kind": kind, "artifactId": _id(job, "artifact"), "path": "$"}

    def snapshot(change: str, content: str, **extra: Any) -> _Step:
        number = sum(1 for s in steps if s.snapshot is not None)
        fields = {"artifact": {**artifact, "snapshotId": _id(job, f"snapshot-{number}"), "change": change, **extra}}
        return _Step(_ORCHESTRATOR, "artifact.updated", fields, snapshot=content)

    steps.append(snapshot("init", "" if chat else "{}"))
    urls = valid_urls(list(request.urls or []))[:_PAGES]
    if not urls:
        call = _id(job, "tool-search")
        query = request.prompt[:400]
        urls = search(query, _HITS)
        steps.append(_Step(_ORCHESTRATOR, "tool_call.started", {"toolCallId": call, "toolName": "search", "parameters": {"query": query, "limit": _HITS}}))
        steps.append(_Step(_ORCHESTRATOR, "tool_call.finished", {"toolCallId": call, "toolName": "search", "result": {"urls": urls}}))
    data, message = _result(job)
    keys = list(data) if isinstance(data, dict) else []
    session = _id(job, "browser-session")
    if urls:
        steps.append(_Step(_BROWSER, "browser.session.started", {"sessionId": session}))
    shown = 0
    for number, url in enumerate(urls, start=1):
        call = _id(job, f"tool-scrape-{number}")
        steps.append(_Step(_BROWSER, "tool_call.started", {"toolCallId": call, "toolName": "scrape", "parameters": {"url": url}}))
        steps.append(
            _Step(_BROWSER, "tool_call.finished", {"toolCallId": call, "toolName": "scrape", "result": {"url": url, "statusCode": 200, "title": title_of(url)}})
        )
        steps.append(_Step(_ORCHESTRATOR, "progress.reported", {"phase": "working", "message": f"Read {url} ({number} of {len(urls)})"}))
        upto = math.ceil(len(keys) * number / len(urls))
        if not chat and data is not None and upto > shown:
            part = {key: data[key] for key in keys[:upto]}
            steps.append(snapshot("partial", json.dumps(part), changedFields=keys[shown:upto], itemCount=upto, sourceToolCallId=call))
            shown = upto
    if urls:
        steps.append(_Step(_BROWSER, "browser.session.finished", {"sessionId": session}))
    steps.append(_Step(_ORCHESTRATOR, "progress.reported", {"phase": "finalizing", "message": "Checking the result against the request"}))
    if data is not None or message is not None:
        final = message if chat else json.dumps(data)
        steps.append(snapshot("update", final or "", **({} if chat else {"itemCount": len(keys)})))
    return steps


def _ending(job: Job) -> list[_Step]:
    """The last steps, by how the run ended (none while it runs)."""
    if job.status == JobStatus.COMPLETED:
        return [
            _Step(_ORCHESTRATOR, "agent.finished", {"outcome": "succeeded", "error": None}),
            _Step(_ORCHESTRATOR, "run.finished", {"outcome": "succeeded", "error": None}),
        ]
    if job.status == JobStatus.FAILED:
        error = {"code": "internal", "source": "agent", "retryable": False, "message": job.error or "The run failed."}
        return [
            _Step(_ORCHESTRATOR, "error.occurred", {"error": error}),
            _Step(_ORCHESTRATOR, "agent.finished", {"outcome": "failed", "error": error}),
            _Step(_ORCHESTRATOR, "run.finished", {"outcome": "failed", "error": error}),
        ]
    if job.status == JobStatus.CANCELLED:
        error = {"code": "cancelled", "source": "system", "retryable": False, "message": "The run was cancelled."}
        return [
            _Step(_ORCHESTRATOR, "run.cancel_requested", {"reason": "user"}),
            _Step(_ORCHESTRATOR, "agent.finished", {"outcome": "cancelled", "error": error}),
            _Step(_ORCHESTRATOR, "run.finished", {"outcome": "cancelled", "error": error}),
        ]
    return []


def trace_of(job: Job, now: datetime, *, search: Callable[[str, int], list[str]], title_of: Callable[[str], str]) -> Trace:
    """The trace of the agent job ``job`` as it stands at ``now``."""
    planned = _plan(job, search, title_of)
    start, end = job.created_at, job.finishes_at
    span = max((end - start).total_seconds(), 0.0)
    # Each planned step at its share of the job's time; the ending steps when the job ended.
    moments = [start + (end - start) * (n / max(len(planned), 1)) for n in range(len(planned))]
    ended_at = job.updated_at if job.status == JobStatus.CANCELLED else end
    timed = list(zip(planned, moments, strict=True))
    if job.active:
        steps = [(step, moment) for step, moment in timed if moment <= now]
    elif job.status == JobStatus.CANCELLED:
        steps = [(step, moment) for step, moment in timed if moment <= ended_at]
        opened = [s.fields["sessionId"] for s, _ in steps if s.type == "browser.session.started"]
        closed = {s.fields["sessionId"] for s, _ in steps if s.type == "browser.session.finished"}
        steps += [(_Step(_BROWSER, "browser.session.finished", {"sessionId": sid}), ended_at) for sid in opened if sid not in closed]
    else:
        steps = timed  # a finished run did every step
    steps += [(step, ended_at) for step in _ending(job)]
    trace = Trace()
    started: dict[str, datetime] = {}
    for sequence, (step, moment) in enumerate(steps):
        fields = dict(step.fields)
        if step.type == "browser.session.started":
            started[fields["sessionId"]] = moment
            trace.open_session = fields["sessionId"]
        elif step.type == "browser.session.finished":
            fields["durationMs"] = int((moment - started[fields["sessionId"]]).total_seconds() * 1000)
            trace.open_session = None
        elif step.type == "agent.finished":
            fields["durationMs"] = int((moment - start).total_seconds() * 1000) if span else 0
        if step.snapshot is not None:
            trace.snapshots[fields["artifact"]["snapshotId"]] = step.snapshot
        trace.events.append(
            {
                "schemaVersion": 1,
                "eventId": _id(job, f"event-{sequence}"),
                "runId": job.id,
                "occurredAt": iso(moment),
                "producerSequence": sequence,
                "agent": step.agent,
                "type": step.type,
                **fields,
            }
        )
    return trace


def live_sessions(trace: Trace, base_url: str) -> list[dict[str, Any]]:
    """The run's open browser session with its live view address (there is no browser behind it on
    the reference server, as for interact's sessions)."""
    if trace.open_session is None:
        return []
    return [{"id": trace.open_session, "liveViewUrl": f"{base_url.rstrip('/')}/v2/browser/{trace.open_session}/live", "viewport": dict(_VIEWPORT)}]
