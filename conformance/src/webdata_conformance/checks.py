"""The suite's own checks, shaped like Schemathesis' built-in ones: ``check(ctx, response, case)``.

Each enforces a rule of the seed that schema validation cannot see, and names its section. They
run on every response of the fuzzing phases (registered by ``webdata_conformance.hooks``) and
on the purposeful requests of ``test_scenarios.py``. Follow-up requests go to the target named
by BASE_URL with API_KEY (and SECOND_API_KEY for tenant isolation).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

import httpx

from webdata_conformance.contract import bundle

__all__ = [
    "CHECKS",
    "auth_enforced",
    "cancel_transitions",
    "extract_invalid_urls",
    "seed_error_texts",
    "tenant_isolation",
]

UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"


@cache
def operations() -> dict[str, dict[str, Any]]:
    """'METHOD /path' -> operation (with its operationId)."""
    return {
        f"{method.upper()} {path}": op
        for path, item in bundle()["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = bundle()
        for token in node["$ref"][2:].split("/"):
            target = target[token.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def operation_id(case: Any) -> str | None:
    """The operationId a case targets (None for methods the contract does not define there)."""
    operation = operations().get(f"{case.method.upper()} {case.operation.path}")
    return str(operation["operationId"]) if operation else None


def _client() -> httpx.Client:
    return httpx.Client(base_url=os.environ["BASE_URL"], timeout=30)


def _auth(key: str | None = None) -> dict[str, str]:
    return {"Authorization": f"Bearer {key or os.environ['API_KEY']}"}


def _json(response: Any) -> Any:
    try:
        return response.json()
    except ValueError:
        return None


def seed_error_texts(ctx: Any, response: Any, case: Any) -> bool | None:
    """§7: where the seed gives an error's text, the body carries exactly that text."""
    operation = operations().get(f"{case.method.upper()} {case.operation.path}")
    documented = operation["responses"].get(str(response.status_code)) if operation else None
    if documented is None:
        return None  # an undocumented status is status_code_conformance's finding
    component = _resolve(documented)
    media = component.get("content", {}).get("application/json", {})
    schema = _resolve(media.get("schema", {}))
    if "§7" not in component.get("x-source", "") or "code" in schema.get("properties", {}):
        return None
    texts = sorted({example["value"]["error"] for example in media.get("examples", {}).values()})
    body = _json(response)
    error = body.get("error") if isinstance(body, dict) else None
    assert operation is not None  # a documented status implies a known operation
    assert error in texts, f"§7: {operation['operationId']} answered {response.status_code} with error {error!r}; the seed's text is one of {texts}"
    return True


_AUTH_SEEN: set[str] = set()


def auth_enforced(ctx: Any, response: Any, case: Any) -> bool | None:
    """§5: every operation answers 401 without a key and with an unknown key (checked once per operation)."""
    label = f"{case.method.upper()} {case.operation.path}"
    if label in _AUTH_SEEN or label not in operations() or response.status_code >= 400:
        return None
    _AUTH_SEEN.add(label)
    request = response.request
    headers = {k: v for k, v in request.headers.items() if k.lower() not in ("authorization", "content-length")}
    with _client() as client:
        for variant, extra in (("no key", {}), ("an unknown key", {"Authorization": "Bearer wd-conformance-unknown-key"})):
            replay = client.request(request.method, request.url, content=request.body, headers={**headers, **extra})
            assert replay.status_code == 401, f"§5: {label} with {variant} answered {replay.status_code}, not 401"
    return True


# start operationId -> [(status or cancel operation, method, path template)]
_FOLLOW_UPS = {
    "startExtract": [("GET", "/v2/extract/{id}")],
    "startBatchScrape": [("GET", "/v2/batch/scrape/{id}"), ("DELETE", "/v2/batch/scrape/{id}")],
    "startAgent": [("GET", "/v2/agent/{id}"), ("DELETE", "/v2/agent/{id}")],
    "startCrawl": [("GET", "/v2/crawl/{id}"), ("DELETE", "/v2/crawl/{id}")],
}


def tenant_isolation(ctx: Any, response: Any, case: Any) -> bool | None:
    """§5.3: another team's job answers 404 exactly like an unknown id; active crawls show only the caller's."""
    second = os.environ.get("SECOND_API_KEY")
    name = operation_id(case)
    if not second or name not in _FOLLOW_UPS or response.status_code != 200:
        return None
    job_id = (_json(response) or {}).get("id")
    if not job_id:
        return None
    with _client() as client:
        for method, template in _FOLLOW_UPS[name]:
            if method == "DELETE":
                continue  # cancelling with the other key would change the job if isolation is broken twice
            foreign = client.request(method, template.format(id=job_id), headers=_auth(second))
            unknown = client.request(method, template.format(id=UNKNOWN_ID), headers=_auth(second))
            assert foreign.status_code == 404, f"§5.3: {method} {template} of another team's job answered {foreign.status_code}, not 404"
            assert _json(foreign) == _json(unknown), f"§5.3: another team's job is distinguishable from an unknown one: {_json(foreign)} vs {_json(unknown)}"
        if name == "startCrawl":
            listed = client.get("/v2/crawl/active", headers=_auth(second))
            ids = [c.get("id") for c in (_json(listed) or {}).get("crawls", [])]
            assert job_id not in ids, "§5.3: another team's crawl is listed in GET /v2/crawl/active"
    return True


def cancel_transitions(ctx: Any, response: Any, case: Any) -> bool | None:
    """§3: a cancelled batch scrape or agent job reads back as cancelled; a second agent cancel is refused."""
    name = operation_id(case)
    if response.status_code != 200 or name not in ("cancelAgent", "cancelBatchScrape"):
        return None
    path = case.formatted_path
    with _client() as client:
        status = client.get(path, headers=_auth())
        state = (_json(status) or {}).get("status")
        assert state == "cancelled", f"§3: after {name} answered 200, GET {path} reports status {state!r}"
        if name == "cancelAgent":
            again = client.delete(path, headers=_auth())
            refused = again.status_code == 409 and (_json(again) or {}).get("error") == "Agent already finished"
            assert refused, f"§3: a second cancel of agent job {path} answered {again.status_code} {again.text}, not 409 'Agent already finished'"
            after = (_json(client.get(path, headers=_auth())) or {}).get("status")
            assert after == "cancelled", f"§3: a refused second cancel changed the state to {after!r}"
    return True


def extract_invalid_urls(ctx: Any, response: Any, case: Any) -> bool | None:
    """§2.1, §2.6: invalidURLs is an array when ignoreInvalidURLs is true (the default), absent when false."""
    if operation_id(case) != "startExtract" or response.status_code != 200 or not isinstance(case.body, dict):
        return None
    body = _json(response) or {}
    if case.body.get("ignoreInvalidURLs", True) is False:
        assert "invalidURLs" not in body, "§2.6: invalidURLs present although ignoreInvalidURLs was false"
    else:
        assert isinstance(body.get("invalidURLs"), list), f"§2.6: invalidURLs missing or not an array with ignoreInvalidURLs true: {body}"
    return True


CHECKS = [seed_error_texts, auth_enforced, tenant_isolation, cancel_transitions, extract_invalid_urls]
