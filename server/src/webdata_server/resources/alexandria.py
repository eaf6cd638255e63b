"""/v2/scrape with ``alexandria`` calls: capabilities of the catalogue's data providers run in one
request (at most ten), each answering its records or its error, charged what the catalogue lists
(the server README's "Alexandria"); ``x-request-id`` makes a retry replay the first answer."""

from __future__ import annotations

import functools
import re
import uuid
from typing import Any

import webdata_models as models

from webdata_server.alexandria.runs import fingerprint
from webdata_server.domain import Charge, now_utc
from webdata_server.errors import AlexandriaRefused
from webdata_server.resources.base import Call, Context, Operation, Pending, WithHeaders

__all__ = ["OPERATIONS", "run"]

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


@functools.cache
def _known() -> frozenset[str]:
    """The providers a call may name (firecrawl: the catalogue's own find-tools). The catalogue is
    loaded by the first run or discovery, not with the server."""
    from webdata_server.alexandria.catalogue import PROVIDERS

    return frozenset({p.id for p in PROVIDERS} | {"firecrawl"})


def _result(call: dict[str, Any], moment: str) -> dict[str, Any]:
    """What one call answers: its records and price, or its error (no charge)."""
    from webdata_server.alexandria.catalogue import BY_ID
    from webdata_server.alexandria.find import find_tools
    from webdata_server.alexandria.records import CallFailed, records

    provider, capability = call["provider"], call["capability"]
    head = {"provider": provider, "capability": capability}
    try:
        if provider == "firecrawl":
            if capability != "find-tools":
                raise CallFailed("unknown_capability", f"Unknown capability {provider}/{capability}.", 404)
            data, count, credits = find_tools(call["options"]), 1, 0
        else:
            found = BY_ID.get(f"{provider}/{capability}")
            if found is None:
                raise CallFailed("unknown_capability", f"Unknown capability {provider}/{capability}.", 404)
            data, count = records(found, call["options"])
            credits = found.credits * count if found.per_record else found.credits
    except CallFailed as failed:
        return {**head, "creditsCost": 0, "error": {"code": failed.code, "message": failed.message, "status": failed.status}}
    return {**head, "creditsCost": credits, "data": data, "records": count, "upstreamStatus": 200, "recordedAt": moment}


def run(ctx: Context, call: Call) -> Any:
    body: models.AlexandriaScrapeRequest = call.body
    request_id = call.headers.get("x-request-id") or str(uuid.uuid4())
    if not _REQUEST_ID.match(request_id):
        raise AlexandriaRefused("invalidRequestId")
    sent = body.model_dump(mode="json", by_alias=True, exclude_none=True)["alexandria"]
    calls = [{"options": {}, **c} for c in (sent if isinstance(sent, list) else [sent])]
    if any(c["provider"] not in _known() for c in calls):
        raise AlexandriaRefused("unknownProvider")  # nothing runs, as the service's authorization refuses first
    team = call.caller.team.id
    calls_print = fingerprint(calls)
    earlier = ctx.runs.find(team, request_id)
    headers = {"x-request-id": request_id}
    if earlier is not None:
        if earlier[0] != calls_print:
            raise AlexandriaRefused("requestConflict")
        return WithHeaders(earlier[1], headers)  # a replay: the first answer, no second run or charge
    moment = now_utc()
    results = [_result(c, moment.isoformat().replace("+00:00", "Z")) for c in calls]
    credits = sum(r["creditsCost"] for r in results)
    answer = {"success": True, "scrape_id": str(uuid.uuid4()), "data": {"alexandria": results, "creditsCost": credits}}
    charges = [Charge("scrapeUrl", credits)] if credits else []
    recorded = ctx.scraper.record_many(call.caller, [], charges, moment)

    def kept(_: Any) -> WithHeaders:
        ctx.runs.keep(team, request_id, calls_print, answer)  # only a run that was paid for replays
        return WithHeaders(answer, headers)

    return Pending(recorded, kept)


@functools.cache
def _cohorts() -> list[dict[str, str]]:
    """The catalogue's categories: each id, its field and its providers' names (the catalogue is
    fixed: worked out once)."""
    from webdata_server.alexandria.catalogue import PROVIDERS
    from webdata_server.alexandria.find import category_id

    names: dict[str, list[str]] = {}
    about: dict[str, str] = {}
    for provider in PROVIDERS:
        names.setdefault(category_id(provider), []).append(provider.name)
        about[category_id(provider)] = provider.category
    return [{"cohort": c, "about": f"{about[c]}: {', '.join(listed)}"} for c, listed in sorted(names.items())]


def discover(ctx: Context, call: Call) -> dict[str, Any]:
    """GET /exchange/discover: the catalogue's categories, the top of find-tools' browsing."""
    return {"cohorts": _cohorts()}


OPERATIONS = [Operation("discoverCatalogue", None, discover, offload=False)]
