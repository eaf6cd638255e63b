"""The suite's own checks, shaped like Schemathesis' built-in ones: ``check(ctx, response, case)``.

Each enforces a rule of the seed that schema validation cannot see, and names its section. They
run on every response of the Schemathesis run, registered by ``webdata_conformance.hooks`` (which
the suite's ``schemathesis.toml`` names as its ``hooks``). A check that needs a follow-up request
builds it as a case of the contract's operation and sends it the way Schemathesis sends its own
probes: through the run's transport and settings (TLS, timeouts, proxy), recorded as a child of
the case it checks, so a failure's reproducer shows it. Authentication is Schemathesis' own
``ignored_auth`` check; the second team's key (tenant isolation) comes from SECOND_API_KEY in the
Schemathesis process's environment.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from webdata_conformance.contract import bundle, operations_by_id, resolved
from webdata_conformance.own_bounds import only_own_bounds_broken, only_undeclared_query_added

__all__ = [
    "CHECKS",
    "TenantIsolation",
    "cancel_transitions",
    "examining",
    "extract_invalid_urls",
    "negative_data_rejection",
    "seed_error_texts",
    "seed_text_problem",
    "seed_texts",
]

UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"


@contextmanager
def examining(check: str, operation: str | None) -> Iterator[None]:
    """Around the assertions of ``check`` on an answer of ``operation``: notes, in the log named by
    WEBDATA_CONFORMANCE_EXAMINED, that it examined that answer (before any assertion, so a failing
    answer counts) and, when an assertion fails, that it failed there. A requirement counts only
    the answers of its own operations (``Requirement.operations``); a check that examined none
    verified nothing."""
    _log(check, operation, "examined")
    try:
        yield
    except AssertionError:
        _log(check, operation, "failed")
        raise


def _log(check: str, operation: str | None, what: str) -> None:
    log = os.environ.get("WEBDATA_CONFORMANCE_EXAMINED")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{check} {operation or '?'} {what}\n")


@cache
def operations() -> dict[str, dict[str, Any]]:
    """'METHOD /path' -> operation (with its operationId)."""
    return {
        f"{method.upper()} {path}": op
        for path, item in bundle()["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }


def operation_id(case: Any) -> str | None:
    """The operationId a case targets (None for methods the contract does not define there)."""
    operation = operations().get(f"{case.method.upper()} {case.operation.path}")
    return str(operation["operationId"]) if operation else None


def follow_up(ctx: Any, parent: Any, operation_id: str, *, key: str | None = None, **path_parameters: str) -> Any:
    """Send a request to the contract's ``operation_id`` as part of checking ``parent``: with the
    run's transport settings and headers (its key unless ``key`` is given), recorded as the
    parent's child. ``ctx.internals`` is how Schemathesis' built-in checks send probes; without it
    (another Schemathesis version) the request is still sent, only not recorded."""
    internals = getattr(ctx, "internals", None)
    kwargs = dict(getattr(internals, "transport_kwargs", None) or {})
    headers = dict(kwargs.pop("headers", None) or {})
    if key is not None:
        headers = {name: value for name, value in headers.items() if name.lower() != "authorization"}
        headers["Authorization"] = f"Bearer {key}"
    probe = parent.operation.schema.find_operation_by_id(operation_id).Case(path_parameters=path_parameters)
    if internals is not None:
        internals.record_case(parent_id=parent.id, case=probe)
    response = probe.call(headers=headers, **kwargs)
    if internals is not None:
        internals.record_response(case_id=probe.id, response=response)
    return response


def _json(response: Any) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def seed_texts(operation_id: str, status: int) -> list[str] | None:
    """§7: the error texts the seed gives for an operation's answer of ``status`` (None: it gives none)."""
    operation = operations_by_id().get(operation_id)
    documented = operation["responses"].get(str(status)) if operation else None
    if documented is None:
        return None  # an undocumented status is status_code_conformance's finding
    component = resolved(documented)
    media = component.get("content", {}).get("application/json", {})
    if component.get("x-seed-texts") is not True:  # the contract marks the seed's own texts (spec/EXTENSIONS.md)
        return None
    return sorted({example["value"]["error"] for example in media.get("examples", {}).values()})


def seed_text_problem(operation_id: str, status: int, body: Any) -> str | None:
    """§7: how an answer's error text departs from the seed's (None: it agrees, or the seed gives no
    text there, or the body is not a JSON error: a page of a missing route is CORE-01's finding)."""
    texts = seed_texts(operation_id, status)
    if texts is None or not isinstance(body, dict) or body.get("error") in texts:
        return None
    return f"§7: {operation_id} answered {status} with error {body.get('error')!r}; the seed's text is one of {texts}"


def seed_error_texts(ctx: Any, response: Any, case: Any) -> bool | None:
    """§7: where the seed gives an error's text, the body carries exactly that text."""
    name = operation_id(case)
    if name is None or seed_texts(name, response.status_code) is None or not isinstance(_json(response), dict):
        return None
    with examining("seed_error_texts", name):
        problem = seed_text_problem(name, response.status_code, _json(response))
        assert problem is None, problem
    return True


# start operationId -> (the status operation of its job, that operation's path parameter)
_STATUS_OF = {
    "startExtract": ("getExtractStatus", "id"),
    "startBatchScrape": ("getBatchScrapeStatus", "id"),
    "startAgent": ("getAgentStatus", "jobId"),
    "startCrawl": ("getCrawlStatus", "id"),
}
# cancel operationId -> the status operation of the same path
_CANCELLED_BY = {"cancelAgent": "getAgentStatus", "cancelBatchScrape": "getBatchScrapeStatus"}


class TenantIsolation:
    """§5.3: another team's job answers 404 exactly like an unknown id; active crawls show only the caller's.

    A class-based check, so its state lives as long as one run: it probes the first
    ``jobs_per_operation`` jobs each start operation creates (set it in the ``[checks.TenantIsolation]``
    table of the Schemathesis configuration; 0 probes every job). Isolation is a property of the
    server, not of one job's options, and probing each of the hundreds of jobs a run starts would
    double the cost of every start. Only reads: cancelling with the other key would change the job
    if isolation were broken."""

    def __init__(self, jobs_per_operation: int = 5) -> None:
        self.jobs_per_operation = jobs_per_operation
        self.probed: dict[str, set[str]] = {}  # operationId -> ids of the cases probed (a replay probes again)

    def after_response(self, ctx: Any, response: Any, case: Any) -> bool | None:
        second = os.environ.get("SECOND_API_KEY")
        name = operation_id(case)
        if not second or name not in _STATUS_OF or response.status_code != 200:
            return None
        body = _json(response)
        job_id = body.get("id") if isinstance(body, dict) else None
        if not isinstance(job_id, str) or not job_id:
            return None
        probed = self.probed.setdefault(name, set())
        if case.id not in probed:
            if self.jobs_per_operation and len(probed) >= self.jobs_per_operation:
                return None
            probed.add(case.id)
        status, parameter = _STATUS_OF[name]
        with examining("TenantIsolation", name):
            foreign = follow_up(ctx, case, status, key=second, **{parameter: job_id})
            unknown = follow_up(ctx, case, status, key=second, **{parameter: UNKNOWN_ID})
            assert foreign.status_code == 404, f"§5.3: {status} of another team's job answered {foreign.status_code}, not 404"
            assert _json(foreign) == _json(unknown), f"§5.3: another team's job is distinguishable from an unknown one: {_json(foreign)} vs {_json(unknown)}"
        if name == "startCrawl":
            listing = follow_up(ctx, case, "getActiveCrawls", key=second)
            listed = _json(listing)
            crawls = listed.get("crawls") if isinstance(listed, dict) else None
            if listing.status_code != 200 or not isinstance(crawls, list):
                return True  # the other team cannot read its active crawls: that part is not examined
            with examining("TenantIsolation", "getActiveCrawls"):
                ids = [c.get("id") for c in crawls if isinstance(c, dict)]
                assert job_id not in ids, "§5.3: another team's crawl is listed by getActiveCrawls"
        return True


def cancel_transitions(ctx: Any, response: Any, case: Any) -> bool | None:
    """§3: a cancelled batch scrape (JOBS-01) or agent job (JOBS-02) reads back as cancelled; a second
    agent cancel is refused. Each answer is noted under its own operation, so an agent verdict comes
    only from agent cancels."""
    name = operation_id(case)
    if response.status_code != 200 or name not in _CANCELLED_BY:
        return None
    job = {parameter: str(value) for parameter, value in (case.path_parameters or {}).items()}
    with examining("cancel_transitions", name):
        state = (_json(follow_up(ctx, case, _CANCELLED_BY[name], **job)) or {}).get("status")
        assert state == "cancelled", f"§3: after {name} answered 200, {_CANCELLED_BY[name]} reports status {state!r}"
        if name == "cancelAgent":
            again = follow_up(ctx, case, "cancelAgent", **job)
            refused = again.status_code == 409 and (_json(again) or {}).get("error") == "Agent already finished"
            assert refused, f"§3: a second cancel of agent job {job} answered {again.status_code} {again.text}, not 409 'Agent already finished'"
            after = (_json(follow_up(ctx, case, "getAgentStatus", **job)) or {}).get("status")
            assert after == "cancelled", f"§3: a refused second cancel changed the state to {after!r}"
    return True


def extract_invalid_urls(ctx: Any, response: Any, case: Any) -> bool | None:
    """§2.1, §2.6: invalidURLs is an array when ignoreInvalidURLs is true (the default), absent when false."""
    if operation_id(case) != "startExtract" or response.status_code != 200 or not isinstance(case.body, dict):
        return None
    body = _json(response) or {}
    with examining("extract_invalid_urls", "startExtract"):
        if case.body.get("ignoreInvalidURLs", True) is False:
            assert "invalidURLs" not in body, "§2.6: invalidURLs present although ignoreInvalidURLs was false"
        else:
            assert isinstance(body.get("invalidURLs"), list), f"§2.6: invalidURLs missing or not an array with ignoreInvalidURLs true: {body}"
    return True


def _negates_beyond_query(meta: Any, operation: dict[str, Any]) -> bool:
    """Whether the case's generation may have negated more than its query: its path or body, or
    headers and cookies the operation declares (Schemathesis marks a location negative whenever it
    tried to negate it, so the flag of a location with nothing declared says nothing)."""
    declared = {resolved(parameter).get("in") for parameter in operation.get("parameters", [])}
    components = getattr(meta, "components", None) or {}
    for location, info in components.items():
        where = str(getattr(location, "value", location))
        if getattr(getattr(info, "mode", None), "is_negative", False) and (where in ("path", "body") or (where in ("header", "cookie") and where in declared)):
            return True
    return False


def negative_data_rejection(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schemathesis' own check of the same name (a request the contract calls invalid is refused),
    asked only of what every server must refuse: a request over nothing but the reference server's
    own bounds (``webdata_conformance.own_bounds``) is valid data for the service, which sets none,
    and one whose only fault is a query parameter the operation does not declare is read as if it
    were not there (by the service and the reference server alike); a server that takes either is
    not failed for it. It keeps the built-in's name, so its configuration
    (``[checks.negative_data_rejection]``, per operation too) applies unchanged."""
    from schemathesis.specs.openapi.checks import negative_data_rejection as built_in

    meta = getattr(case, "meta", None)
    negative = meta is not None and meta.generation.mode.is_negative
    name = operation_id(case)
    body = case.body if isinstance(case.body, dict | list | str | int | float | bool) else None
    if negative and name is not None and only_own_bounds_broken(name, body, case.query):
        return None
    if negative and name is not None and not _negates_beyond_query(meta, operations_by_id()[name]) and only_undeclared_query_added(name, body, case.query):
        return None  # an undeclared query parameter, which servers ignore (Schemathesis' own exclusion misses some)
    result: bool | None = built_in(ctx, response, case)
    return result


CHECKS: list[Any] = [seed_error_texts, TenantIsolation, cancel_transitions, extract_invalid_urls]
