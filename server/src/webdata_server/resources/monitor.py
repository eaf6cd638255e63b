"""/v2/monitor: create, list, read, change (pause, resume), delete and run monitors; their checks.

The monitors' life and checks are the monitor service's (:mod:`webdata_server.jobs.monitors`);
the handlers check the path and query, and shape the answers.
"""

from __future__ import annotations

import re
from typing import Any

import webdata_models as models

from webdata_server.errors import InvalidRequest, issue
from webdata_server.resources.base import Call, Context, Operation

__all__ = ["OPERATIONS"]

# The monitor controller's id check (its schema library's uuid: any version, no variant rule),
# not the job paths' (base._UUID, the uuid package's validate): each refuses with its own words.
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_CHECK_STATUSES = ("queued", "running", "completed", "failed", "partial", "skipped_overlap", "skipped_no_credits")
_PAGE_STATUSES = ("same", "new", "changed", "removed", "error")


def _id(call: Call, name: str) -> str:
    value = call.path[name]
    if not _UUID.match(value):
        raise InvalidRequest(details=[issue([name], "Invalid UUID", "invalid_format")])
    return value.lower()


def _number(call: Call, name: str, *, default: int, low: int, high: int | None) -> int:
    text = call.query.get(name)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise InvalidRequest(details=[issue([name], f"Invalid input: expected number, received {text!r}", "invalid_type")]) from None
    if value < low or (high is not None and value > high):
        raise InvalidRequest(
            details=[
                issue(
                    [name], f"{name} must be between {low} and {high}" if high else f"{name} must be at least {low}", "too_small" if value < low else "too_big"
                )
            ]
        )
    # No team has 2**62 monitors or pages: an offset beyond reads past the end, as any offset past
    # the last does, instead of overflowing SQLite's 64-bit integers.
    return min(value, 2**62)


def _status(call: Call, allowed: tuple[str, ...]) -> str | None:
    value = call.query.get("status")
    if value is not None and value not in allowed:
        raise InvalidRequest(details=[issue(["status"], f"Invalid option: expected one of {'|'.join(allowed)}", "invalid_value")])
    return value


def create(ctx: Context, call: Call) -> dict[str, Any]:
    return {"success": True, "data": ctx.monitors.create(call.caller, call.body)}


def list_monitors(ctx: Context, call: Call) -> dict[str, Any]:
    limit = _number(call, "limit", default=25, low=1, high=100)
    offset = _number(call, "offset", default=0, low=0, high=None)
    return {"success": True, "data": ctx.monitors.of_team(call.caller.team.id, limit=limit, offset=offset)}


def get(ctx: Context, call: Call) -> dict[str, Any]:
    return {"success": True, "data": ctx.monitors.get(call.caller.team.id, _id(call, "monitorId"))}


def update(ctx: Context, call: Call) -> dict[str, Any]:
    return {"success": True, "data": ctx.monitors.update(call.caller, _id(call, "monitorId"), call.body)}


def delete(ctx: Context, call: Call) -> dict[str, Any]:
    ctx.monitors.delete(call.caller.team.id, _id(call, "monitorId"))
    return {"success": True}


def run(ctx: Context, call: Call) -> dict[str, Any]:
    check = ctx.monitors.run(call.caller.team.id, _id(call, "monitorId"))
    return {"success": True, "id": check["id"], "data": check}


def checks(ctx: Context, call: Call) -> dict[str, Any]:
    monitor_id = _id(call, "monitorId")
    limit = _number(call, "limit", default=25, low=1, high=100)
    offset = _number(call, "offset", default=0, low=0, high=None)
    status = _status(call, _CHECK_STATUSES)
    return {"success": True, "data": ctx.monitors.checks(call.caller.team.id, monitor_id, limit=limit, offset=offset, status=status)}


def check(ctx: Context, call: Call) -> dict[str, Any]:
    monitor_id, check_id = _id(call, "monitorId"), _id(call, "checkId")
    limit = _number(call, "limit", default=25, low=1, high=100)
    skip = _number(call, "skip", default=0, low=0, high=None)
    status = _status(call, _PAGE_STATUSES)
    found, pages, more = ctx.monitors.check_detail(call.caller.team.id, monitor_id, check_id, skip=skip, limit=limit, status=status)
    data: dict[str, Any] = {**found, "pages": pages}
    body: dict[str, Any] = {"success": True, "data": data}
    if more:
        suffix = f"&status={status}" if status else ""
        data["next"] = body["next"] = call.url_for(f"/v2/monitor/{monitor_id}/checks/{check_id}?skip={skip + len(pages)}&limit={limit}{suffix}")
    return body


OPERATIONS = [
    Operation("createMonitor", models.MonitorCreateRequest, create),
    Operation("listMonitors", None, list_monitors),
    Operation("getMonitor", None, get),
    Operation("updateMonitor", models.MonitorUpdateRequest, update),
    Operation("deleteMonitor", None, delete),
    Operation("runMonitor", None, run),
    Operation("listMonitorChecks", None, checks),
    Operation("getMonitorCheck", None, check),
]
