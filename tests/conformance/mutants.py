"""Deliberately broken variants of a server, for the suite's self-test.

Each mutant is a reverse proxy in front of a correct server (the reference server, run as its own
process): it alters requests on the way in or answers on the way out, never code inside the
server. The proxy runs with uvicorn on a free port of 127.0.0.1 in a thread and is stopped after.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import httpx
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from webdata_conformance.client import operations_by_id
from webdata_conformance.contract import resolved

__all__ = ["CLASS_OF", "MUTANTS", "Mutant", "running_mutant"]


@dataclass
class Exchange:
    """One request through the proxy, editable by a mutant."""

    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: Any
    status: int = 0
    response: Any = None
    response_headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Mutant:
    """A named way to be wrong: a request edit, an answer edit, or both."""

    name: str
    fault: str
    request: Any = None  # (Exchange, context) -> None, or a short-circuit answer
    response: Any = None  # (Exchange, context) -> None


def _json_body(exchange: Exchange) -> dict[str, Any] | None:
    return exchange.body if isinstance(exchange.body, dict) else None


def _wrong_default(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/extract" and body is not None:
        body.setdefault("ignoreInvalidURLs", False)


def _bound_not_enforced(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if body is None:
        return
    for holder in (body, body.get("scrapeOptions")):
        if isinstance(holder, dict) and isinstance(holder.get("timeout"), int):
            holder["timeout"] = min(max(holder["timeout"], 1000), 300000)


def _wrong_status(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "DELETE" and exchange.path.startswith("/v2/agent/") and exchange.status == 400:
        exchange.status = 404


def _wrong_text(exchange: Exchange, context: dict[str, Any]) -> None:
    if isinstance(exchange.response, dict) and exchange.response.get("error") == "Batch scrape job not found.":
        exchange.response["error"] = "Batch scrape job not found"


def _extract_refusal_text(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/extract" and exchange.status == 400 and isinstance(exchange.response, dict):
        exchange.response["error"] = "Invalid input"


def _missing_field(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/team/token-usage" and isinstance(exchange.response, dict):
        exchange.response.get("data", {}).pop("remainingTokens", None)


def _extra_status(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/extract" and exchange.method == "POST" and exchange.status == 200:
        exchange.status = 202


def _auth_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    header = exchange.headers.get("authorization", "")
    if header != f"Bearer {context['api_key']}" and header != f"Bearer {context.get('second_api_key')}":
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _other_team_visible(exchange: Exchange, context: dict[str, Any]) -> None:
    second = context.get("second_api_key")
    if (
        second
        and exchange.method == "GET"
        and exchange.headers.get("authorization") == f"Bearer {second}"
        and re.match(r"^/v2/(extract|agent|crawl|batch/scrape)/[0-9a-f-]{36}$", exchange.path)
    ):
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _cancel_does_not_cancel(exchange: Exchange, context: dict[str, Any]) -> Any:
    authorized = exchange.headers.get("authorization") == f"Bearer {context['api_key']}"
    if authorized and exchange.method == "DELETE" and re.match(r"^/v2/agent/[0-9a-f-]{36}$", exchange.path):
        return 200, {"success": True}
    return None


def _miss_served_as_hit(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and body.get("lockdown") is True:
        body.pop("lockdown")


def _wrong_charge(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and body.get("lockdown") is True:
        context["repeat"] = True  # the proxy sends it twice: charged twice


def _missing_invalid_urls(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/extract" and isinstance(exchange.response, dict) and exchange.response.get("invalidURLs") == []:
        del exchange.response["invalidURLs"]


def _second_cancel_accepted(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "DELETE" and exchange.path.startswith("/v2/agent/") and exchange.status == 409:
        exchange.status, exchange.response = 200, {"success": True}


def _crawl_cancel_refused(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "DELETE" and exchange.path.startswith("/v2/crawl/") and exchange.status == 200:
        exchange.status, exchange.response = 409, {"success": False, "error": "Crawl already ended"}


def _batch_cancel_is_a_no_op(exchange: Exchange, context: dict[str, Any]) -> Any:
    authorized = exchange.headers.get("authorization") == f"Bearer {context['api_key']}"
    if authorized and exchange.method == "DELETE" and re.match(r"^/v2/batch/scrape/[0-9a-f-]{36}$", exchange.path):
        return 200, {"status": "cancelled"}
    return None


def _agent_start_twice(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and exchange.path == "/v2/agent":
        context["repeat"] = True


def _scrape_charged_twice(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and not body.get("lockdown") and body.get("minAge") is None:
        context["repeat"] = True


def _min_age_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None:
        body.pop("minAge", None)


def _unknown_key_on_reads(exchange: Exchange, context: dict[str, Any]) -> None:
    header = exchange.headers.get("authorization", "")
    known = (f"Bearer {context['api_key']}", f"Bearer {context.get('second_api_key')}")
    if exchange.method == "GET" and header.startswith("Bearer ") and header not in known:
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _active_crawls_leak(exchange: Exchange, context: dict[str, Any]) -> None:
    second = context.get("second_api_key")
    if second and exchange.path == "/v2/crawl/active" and exchange.headers.get("authorization") == f"Bearer {second}":
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _error_code_dropped(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/scrape" and exchange.status == 404 and isinstance(exchange.response, dict):
        exchange.response.pop("code", None)


def _text_content_type(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/team/credit-usage":
        exchange.response_headers = {k: v for k, v in exchange.response_headers.items() if k.lower() != "content-type"}
        exchange.response_headers["content-type"] = "text/plain"


def _preview_starts_a_crawl(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and exchange.path == "/v2/crawl/params-preview":
        context["repeat_as"] = ("POST", "/v2/scrape", {"url": "https://example.com/preview-side-effect", "maxAge": 0})


def _huge_timeout_accepted(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and isinstance(body.get("timeout"), int) and body["timeout"] > 300000:
        body["timeout"] = 300000


def _threat_scan_skipped(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and isinstance(body.get("threatProtection"), dict):
        body.pop("threatProtection")


def _pdf_flat_charge(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and ".pdf" in str(body.get("url")) and "parsers" not in body:
        body["parsers"] = []


def _injection_check_free(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None:
        for item in body.get("formats") or []:
            if isinstance(item, dict):
                item.pop("checkPromptInjection", None)


def _foreign_cancel(exchange: Exchange, context: dict[str, Any]) -> None:
    second = context.get("second_api_key")
    if second and exchange.method == "DELETE" and exchange.headers.get("authorization") == f"Bearer {second}":
        exchange.headers["authorization"] = f"Bearer {context['api_key']}"


def _bad_id_crashes(exchange: Exchange, context: dict[str, Any]) -> Any:
    if exchange.path.startswith("/v2/agent/") and not re.match(r"^/v2/agent/[0-9a-f-]{36}$", exchange.path):
        return 500, {"success": False, "error": "An unexpected error occurred on the server."}
    return None


def _no_agent_routes(exchange: Exchange, context: dict[str, Any]) -> Any:
    # A framework's page for a route it does not have, as a server without agent support answers.
    if exchange.path.startswith("/v2/agent"):
        return 404, f"<!DOCTYPE html><html><body><pre>Cannot {exchange.method} {exchange.path}</pre></body></html>"
    return None


_SERVER_FAILURE = {"success": False, "error": "An unexpected error occurred on the server."}


def _job_id_unchecked(exchange: Exchange, context: dict[str, Any]) -> None:
    # A crawl id that is not a UUID looked up anyway: not found, instead of refused as malformed.
    if exchange.path.startswith("/v2/crawl/") and exchange.status == 400 and "Invalid job ID" in str(exchange.response):
        exchange.status, exchange.response = 404, {"success": False, "error": "Job not found"}


def _preview_without_credits(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/crawl/params-preview" and exchange.status == 402:
        exchange.status, exchange.response = 200, {"success": True, "data": {"url": "https://example.com"}}


def _slow_page_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/scrape" and exchange.status == 408:
        exchange.status, exchange.response = 500, dict(_SERVER_FAILURE)


def _oversized_body_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/scrape" and exchange.status == 413:
        exchange.status, exchange.response = 500, dict(_SERVER_FAILURE)


def _no_usage_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/team/token-usage" and exchange.status == 404:
        exchange.status, exchange.response = 500, {"success": False, "error": "Internal server error while fetching token usage"}


def _entitlement_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.status == 403 and isinstance(exchange.response, dict) and exchange.response.get("code") == "THREAT_PROTECTION_NOT_ENABLED":
        exchange.status, exchange.response = 500, dict(_SERVER_FAILURE)


def _long_url_refused(exchange: Exchange, context: dict[str, Any]) -> Any:
    body = _json_body(exchange)
    if body is not None and isinstance(body.get("url"), str) and len(body["url"]) > 2048:
        return 400, {
            "success": False,
            "code": "BAD_REQUEST",
            "error": "Invalid URL",
            "details": [{"code": "custom", "path": ["url"], "message": "Invalid URL"}],
        }
    return None


def _many_headers_crash(exchange: Exchange, context: dict[str, Any]) -> Any:
    body = _json_body(exchange)
    if body is not None and isinstance(body.get("headers"), dict) and len(body["headers"]) > 50:
        return 500, dict(_SERVER_FAILURE)
    return None


def _override_field_dropped(field_name: str) -> Any:
    def mutate(exchange: Exchange, context: dict[str, Any]) -> None:
        body = _json_body(exchange)
        override = body.get("threatProtection") if body is not None and exchange.path == "/v2/scrape" else None
        if isinstance(override, dict):
            override.pop(field_name, None)

    return mutate


def _overrides_not_disabled(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.status == 403 and isinstance(exchange.response, dict) and exchange.response.get("code") == "THREAT_PROTECTION_OVERRIDES_DISABLED":
        exchange.status, exchange.response = 500, dict(_SERVER_FAILURE)


def _enforcement_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.status == 403 and isinstance(exchange.response, dict) and exchange.response.get("code") == "THREAT_PROTECTION_ENFORCED":
        exchange.status, exchange.response = 500, dict(_SERVER_FAILURE)


@cache
def _declared_fields() -> dict[tuple[str, str], set[str]]:
    """(method, path) -> the properties its JSON request body declares, read from the bundle the suite uses."""
    found = {}
    for operation in operations_by_id().values():
        schema = resolved(operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema"))
        if isinstance(schema, dict):
            found[(operation["method"], operation["path"])] = set(schema.get("properties", {}))
    return found


def _unknown_keys_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    declared = _declared_fields().get((exchange.method, exchange.path))
    if body is not None and declared is not None:
        for key in [k for k in body if k not in declared]:
            del body[key]


def _scheme_less_refused(exchange: Exchange, context: dict[str, Any]) -> Any:
    body = _json_body(exchange)
    if body is not None and isinstance(body.get("url"), str) and "://" not in body["url"]:
        return 400, {
            "success": False,
            "code": "BAD_REQUEST",
            "error": "Bad Request",
            "details": [{"code": "invalid_string", "path": ["url"], "message": "Invalid url"}],
        }
    return None


def _cache_across_location(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None:
        body.pop("location", None)
        body.pop("mobile", None)


def _store_in_cache_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None:
        body.pop("storeInCache", None)


def _long_prompt_fails(exchange: Exchange, context: dict[str, Any]) -> Any:
    body = _json_body(exchange)
    if body is not None and len(str(body.get("prompt") or "")) > 5000:
        return 500, {"error": "An unexpected error occurred on the server."}
    return None


def _depth(node: Any) -> int:
    if isinstance(node, dict):
        return 1 + max(map(_depth, node.values()), default=0)
    if isinstance(node, list):
        return 1 + max(map(_depth, node), default=0)
    return 0


def _deep_body_refused(exchange: Exchange, context: dict[str, Any]) -> Any:
    body = _json_body(exchange)
    if body is not None and _depth(body) > 16:
        return 400, {"success": False, "error": "Bad Request", "details": [{"code": "invalid_body", "message": "The body nests too deep", "path": []}]}
    return None


def _crawl_filters_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/crawl" and body is not None:
        body.pop("includePaths", None)
        body.pop("excludePaths", None)


def _idempotency_key_dropped(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and exchange.path == "/v2/crawl":
        exchange.headers.pop("x-idempotency-key", None)


def _map_limit_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/map" and body is not None:
        body.pop("limit", None)
        body.pop("includeSubdomains", None)


def _search_formats_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/search" and body is not None:
        body.pop("scrapeOptions", None)


def _map_sitemap_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/map" and body is not None and body.get("sitemap") == "only":
        body["sitemap"] = "include"


def _map_keeps_queries(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/map" and body is not None:
        body["ignoreQueryParameters"] = False


def _map_timeout_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/map" and body is not None:
        body.pop("timeout", None)


def _search_domains_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/search" and body is not None:
        body.pop("includeDomains", None)
        body.pop("excludeDomains", None)


def _search_keeps_invalid(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "POST" and exchange.path == "/v2/search" and body is not None:
        body.pop("ignoreInvalidURLs", None)


def _parse_max_pages_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/parse" and isinstance(exchange.body, bytes):
        exchange.body = re.sub(rb'"maxPages":\s*\d+,?\s*', b"", exchange.body)


def _parse_marker_before_page_1(exchange: Exchange, context: dict[str, Any]) -> None:
    data = exchange.response.get("data") if exchange.path == "/v2/parse" and isinstance(exchange.response, dict) else None
    if isinstance(data, dict) and "<!-- page 2 -->" in str(data.get("markdown", "")):
        data["markdown"] = "<!-- page 1 -->\n\n" + data["markdown"]


def _scraped(exchange: Exchange) -> dict[str, Any] | None:
    data = exchange.response.get("data") if exchange.path == "/v2/scrape" and isinstance(exchange.response, dict) else None
    return data if isinstance(data, dict) else None


def _attributes_drop_last(exchange: Exchange, context: dict[str, Any]) -> None:
    data = _scraped(exchange)
    if data is not None and isinstance(data.get("attributes"), list) and data["attributes"]:
        data["attributes"].pop()


def _highlights_paraphrased(exchange: Exchange, context: dict[str, Any]) -> None:
    data = _scraped(exchange)
    if data is not None and isinstance(data.get("highlights"), str) and data["highlights"]:
        data["highlights"] = "\n".join(f"In short, {line.lower()}" for line in data["highlights"].splitlines())


def _format_combinations_accepted(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    formats = body.get("formats") if exchange.path == "/v2/scrape" and body is not None else None
    if not isinstance(formats, list):
        return
    kinds = [f if isinstance(f, str) else f.get("type") for f in formats if isinstance(f, str | dict)]
    if "rawBase64" in kinds:
        body["formats"] = ["rawBase64"]  # type: ignore[index]
    elif "json" in kinds and "deterministicJson" in kinds:
        body["formats"] = [f for f in formats if (f if isinstance(f, str) else f.get("type")) != "deterministicJson"]  # type: ignore[index]
    elif "attributes" in formats:
        body["formats"] = [{"type": "attributes", "selectors": []} if f == "attributes" else f for f in formats]  # type: ignore[index]


def _audio_unsupported_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/scrape" and exchange.status == 422:
        exchange.status, exchange.response = (
            500,
            {"success": False, "code": "UNKNOWN_ERROR", "error": "An unexpected error occurred. Please contact help@firecrawl.com for help."},
        )


def _answers_free(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and isinstance(body.get("formats"), list):
        body["formats"] = [f for f in body["formats"] if not (isinstance(f, dict) and f.get("type") in ("question", "highlights", "query"))]


def _parse_takes_any_file(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/parse" and isinstance(exchange.body, bytes):
        exchange.body = exchange.body.replace(b'filename="archive.7z"', b'filename="archive.txt"').replace(b"application/x-7z-compressed", b"text/plain")


def _parse_formats_lie(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/parse/formats" and isinstance(exchange.response, dict):
        for item in exchange.response.get("data", {}).get("formats", []):
            item["available"] = True


def _parse_unreadable_crashes(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/parse" and exchange.status == 422:
        exchange.status, exchange.response = 500, {"success": False, "error": "An unexpected error occurred on the server."}


_MONITOR = re.compile(r"^/v2/monitor/[^/]+$")


def _monitor_cron_not_normalised(exchange: Exchange, context: dict[str, Any]) -> None:
    data = exchange.response.get("data") if exchange.path.startswith("/v2/monitor") and isinstance(exchange.response, dict) else None
    if isinstance(data, dict) and isinstance(data.get("schedule"), dict) and exchange.method in ("POST", "GET"):
        data["schedule"]["cron"] = "every 6 hours"


def _monitor_run_makes_nothing(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path.endswith("/checks") and isinstance(exchange.response, dict):
        exchange.response["data"] = []


def _monitor_paused_runs(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.method == "PATCH" and _MONITOR.match(exchange.path) and body is not None and body.get("status") == "paused":
        body["status"] = "active"


def _monitor_delete_keeps(exchange: Exchange, context: dict[str, Any]) -> Any:
    if exchange.method == "DELETE" and _MONITOR.match(exchange.path):
        return 200, {"success": True}
    return None


_INTERACT = re.compile(r"^/v2/scrape/[^/]+/interact$")
_EXECUTE = re.compile(r"^/v2/browser/[^/]+/execute$")
_RAN = {"success": True, "stdout": "", "result": "2", "stderr": "", "exitCode": 0, "killed": False}


def _interact_foreign_allowed(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and (_INTERACT.match(exchange.path) or _EXECUTE.match(exchange.path)) and exchange.status == 403:
        exchange.status, exchange.response = 200, dict(_RAN)


def _ended_session_runs(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and (_INTERACT.match(exchange.path) or _EXECUTE.match(exchange.path)) and exchange.status == 410:
        exchange.status, exchange.response = 200, dict(_RAN)


def _session_credits_misreported(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "DELETE" and exchange.path.startswith("/v2/browser/") and isinstance(exchange.response, dict):
        if isinstance(exchange.response.get("creditsBilled"), int):
            exchange.response["creditsBilled"] += 1


def _session_unpaid_opens(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.method == "POST" and (_INTERACT.match(exchange.path) or exchange.path == "/v2/browser") and exchange.status == 402:
        exchange.status, exchange.response = 200, {**_RAN, "id": "00000000-0000-4000-8000-000000000000"}


def _profile_many_writers(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    profile = body.get("profile") if exchange.method == "POST" and exchange.path == "/v2/browser" and body is not None else None
    if isinstance(profile, dict):
        profile["saveChanges"] = False  # every session only reads: none is refused as a second writer


def _monitor_summary_off(exchange: Exchange, context: dict[str, Any]) -> None:
    data = exchange.response.get("data") if "/checks/" in exchange.path and isinstance(exchange.response, dict) else None
    if isinstance(data, dict) and isinstance(data.get("summary"), dict) and data.get("status") not in ("queued", "running"):
        data["summary"]["totalPages"] += 1


def _agent_snapshot_stale(exchange: Exchange, context: dict[str, Any]) -> None:
    if "/snapshots/" in exchange.path and isinstance(exchange.response, dict) and isinstance(exchange.response.get("snapshot"), str):
        exchange.response["snapshot"] = "{}"  # the artifact as it stood before the agent read anything


def _feedback_refunds_twice(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path.endswith("/feedback") and isinstance(exchange.response, dict) and exchange.response.pop("alreadySubmitted", None):
        exchange.response["creditsRefunded"] = 1  # as if the repeat were a new rating


def _paper_primary_id_unknown(exchange: Exchange, context: dict[str, Any]) -> Any:
    reference = exchange.path.removeprefix("/v2/search/research/papers/")
    if reference != exchange.path and "/" not in reference and not reference.isdigit():
        return 404, {"success": False, "error": "Paper not found"}  # only the canonical id resolves
    return None


def _developer_k_ignored(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/search/developer" and isinstance(exchange.response, dict) and exchange.response.get("results"):
        exchange.response["results"] = exchange.response["results"] * 2  # as if k were not applied


def _developer_results_dropped(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/search/developer" and isinstance(exchange.response, dict) and len(exchange.response.get("results") or []) > 10:
        exchange.response["results"] = exchange.response["results"][:10]  # charged for more results than it answers


def _tool_search_charged(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/search" and isinstance(exchange.response, dict) and set(exchange.response.get("data") or {}) == {"tools"}:
        exchange.response["creditsUsed"] = 1  # as if discovery were a search's result


def _alexandria_replay_reruns(exchange: Exchange, context: dict[str, Any]) -> None:
    body = _json_body(exchange)
    if exchange.path == "/v2/scrape" and body is not None and "alexandria" in body:
        exchange.headers.pop("x-request-id", None)  # every request a new run: a retry runs and bills again


def _alexandria_conflict_accepted(exchange: Exchange, context: dict[str, Any]) -> None:
    if exchange.path == "/v2/scrape" and exchange.status == 409:
        calls = (_json_body(exchange) or {}).get("alexandria")
        calls = calls if isinstance(calls, list) else [calls]
        exchange.status = 200  # another payload under a used id runs anyway
        exchange.response = {
            "success": True,
            "scrape_id": "00000000-0000-4000-8000-000000000409",
            "data": {"alexandria": [{"provider": c["provider"], "capability": c["capability"], "creditsCost": 0, "data": {}} for c in calls], "creditsCost": 0},
        }


_CALLS = {"token-usage": 0}


def _rate_limited_without_retry_after(exchange: Exchange, context: dict[str, Any]) -> Any:
    if exchange.path == "/v2/team/token-usage" and exchange.headers.get("authorization") == f"Bearer {context['api_key']}":
        _CALLS["token-usage"] += 1
        if _CALLS["token-usage"] % 3 == 0:
            return 429, {"success": False, "error": "Request rate limit exceeded. Please wait and try again later."}
    return None


MUTANTS = [
    Mutant("wrong-default", "extract's ignoreInvalidURLs defaults to false", request=_wrong_default),
    Mutant("bound-not-enforced", "scrape timeout outside 1000..300000 is clamped and accepted", request=_bound_not_enforced),
    Mutant("wrong-status", "agent cancel with a malformed id answers 404 instead of 400", response=_wrong_status),
    Mutant("wrong-error-text", "unknown batch scrape answers a different text", response=_wrong_text),
    Mutant("missing-field", "token usage omits remainingTokens", response=_missing_field),
    Mutant("undeclared-status", "extract start answers 202", response=_extra_status),
    Mutant("auth-ignored", "requests without a valid key run as the first team", request=_auth_ignored),
    Mutant("other-team-visible", "the second team reads the first team's jobs", request=_other_team_visible),
    Mutant("cancel-does-not-cancel", "agent cancel answers success without cancelling", request=_cancel_does_not_cancel),
    Mutant("miss-served-as-hit", "a lockdown request fetches fresh instead of missing", request=_miss_served_as_hit),
    Mutant("wrong-charge", "a lockdown scrape is charged twice", request=_wrong_charge),
    Mutant("missing-invalid-urls", "extract omits an empty invalidURLs", response=_missing_invalid_urls),
    Mutant("second-cancel-accepted", "cancelling a finished agent answers 200 instead of 409", response=_second_cancel_accepted),
    Mutant("crawl-cancel-refused", "cancelling a running crawl answers 409 as if it had ended", response=_crawl_cancel_refused),
    Mutant("batch-cancel-no-op", "batch scrape cancel answers cancelled without cancelling", request=_batch_cancel_is_a_no_op),
    Mutant("agent-start-twice", "starting an agent starts (and charges) two", request=_agent_start_twice),
    Mutant("scrape-charged-twice", "a plain scrape is fetched and charged twice", request=_scrape_charged_twice),
    Mutant("min-age-ignored", "minAge is ignored: a fresh page is served instead of 404", request=_min_age_ignored),
    Mutant("unknown-key-reads", "GET requests with an unknown key run as the first team", request=_unknown_key_on_reads),
    Mutant("active-crawls-leak", "the second team's active crawls list the first team's", request=_active_crawls_leak),
    Mutant("error-code-dropped", "a scrape 404 omits its code (SCRAPE_NO_CACHED_DATA...)", response=_error_code_dropped),
    Mutant("text-content-type", "credit usage is served as text/plain", response=_text_content_type),
    Mutant("preview-charged", "a crawl params preview also scrapes a page (and charges it)", request=_preview_starts_a_crawl),
    Mutant("timeout-upper-clamped", "a scrape timeout above 300000 is clamped instead of refused", request=_huge_timeout_accepted),
    Mutant("threat-scan-skipped", "threatProtection mode normal is ignored: no scan, no charge", request=_threat_scan_skipped),
    Mutant("pdf-flat-charge", "a PDF is returned as base64 at a flat credit instead of parsed per page", request=_pdf_flat_charge),
    Mutant("injection-check-free", "checkPromptInjection is ignored: no check, no charge", request=_injection_check_free),
    Mutant("foreign-cancel", "the second team can cancel the first team's jobs", request=_foreign_cancel),
    Mutant("bad-id-crashes", "an agent id that is not a UUID crashes the server (500)", request=_bad_id_crashes),
    Mutant("429-without-retry-after", "every third token usage read is rate limited with no Retry-After", request=_rate_limited_without_retry_after),
    Mutant("extract-refusal-text", "an extract refused as invalid answers 'Invalid input', not the seed's text", response=_extract_refusal_text),
    Mutant("no-agent-routes", "the agent operations are missing: a framework's HTML 404 page", request=_no_agent_routes),
    Mutant("unknown-keys-ignored", "a body's unknown keys are dropped instead of refused", request=_unknown_keys_ignored),
    Mutant("scheme-less-refused", "a URL without a scheme is refused instead of taken as http", request=_scheme_less_refused),
    Mutant("cache-across-location", "the cached copy is served whatever the location or mobile asked", request=_cache_across_location),
    Mutant("store-in-cache-ignored", "storeInCache false is ignored: the page is cached anyway", request=_store_in_cache_ignored),
    Mutant("long-prompt-fails", "a prompt over 5,000 characters crashes the server (500)", request=_long_prompt_fails),
    Mutant("deep-body-refused", "a body nested deeper than 16 levels (a JSON Schema of nested records) is refused (400)", request=_deep_body_refused),
    Mutant("crawl-filters-ignored", "a crawl's includePaths and excludePaths are ignored", request=_crawl_filters_ignored),
    Mutant("idempotency-key-ignored", "a crawl start's x-idempotency-key is ignored: a retry starts a second crawl", request=_idempotency_key_dropped),
    Mutant("job-id-unchecked", "a crawl id that is not a UUID is looked up (404) instead of refused (400)", response=_job_id_unchecked),
    Mutant("preview-without-credits", "a team without credits gets a crawl params preview (200) instead of 402", response=_preview_without_credits),
    Mutant("slow-page-crashes", "a page slower than the scrape's timeout answers 500 instead of 408", response=_slow_page_crashes),
    Mutant("oversized-body-crashes", "a scrape body over the limit answers 500 instead of 413", response=_oversized_body_crashes),
    Mutant("no-usage-crashes", "token usage of a team without a plan answers 500 instead of 404", response=_no_usage_crashes),
    Mutant("entitlement-crashes", "a threatProtection override without the entitlement answers 500 instead of 403", response=_entitlement_crashes),
    Mutant("blacklist-ignored", "a scrape's threatProtection blacklist is ignored", request=_override_field_dropped("blacklist")),
    Mutant("whitelist-ignored", "a scrape's threatProtection whitelist is ignored", request=_override_field_dropped("whitelist")),
    Mutant("risk-threshold-ignored", "a scrape's riskScoreThreshold is ignored", request=_override_field_dropped("riskScoreThreshold")),
    Mutant(
        "failure-policy-ignored",
        "a scrape's failurePolicy is ignored: an unreachable classifier always allows",
        request=_override_field_dropped("failurePolicy"),
    ),
    Mutant("overrides-not-disabled", "an override when overrides are disabled answers 500 instead of 403", response=_overrides_not_disabled),
    Mutant("enforcement-ignored", "mode off under enforced protection answers 500 instead of 403", response=_enforcement_ignored),
    Mutant("long-url-refused", "a URL over 2,048 characters is refused as invalid (the contract allows 8,192)", request=_long_url_refused),
    Mutant("many-headers-crash", "a scrape with more than 50 headers crashes the server (500)", request=_many_headers_crash),
    Mutant("map-limit-ignored", "a map ignores limit and includeSubdomains", request=_map_limit_ignored),
    Mutant("search-formats-ignored", "a search ignores scrapeOptions: results come back unscraped", request=_search_formats_ignored),
    Mutant("map-sitemap-only-ignored", "a map with sitemap only lists the site's pages too", request=_map_sitemap_ignored),
    Mutant("map-keeps-queries", "a map keeps query strings although ignoreQueryParameters is true by default", request=_map_keeps_queries),
    Mutant("map-timeout-ignored", "a map ignores its timeout: timeout 1 answers 200", request=_map_timeout_ignored),
    Mutant("search-domains-ignored", "a search ignores includeDomains and excludeDomains", request=_search_domains_ignored),
    Mutant("search-keeps-invalid", "a search ignores ignoreInvalidURLs: blocked results stay", request=_search_keeps_invalid),
    Mutant("parse-max-pages-ignored", "a parse ignores the PDF parser's maxPages: every page is parsed and charged", request=_parse_max_pages_ignored),
    Mutant("parse-marker-before-page-1", "a parse with pageMarkers puts a marker before page 1", response=_parse_marker_before_page_1),
    Mutant("parse-takes-any-file", "a parse takes a file of a kind it does not list (a .7z archive)", request=_parse_takes_any_file),
    Mutant("parse-unreadable-crashes", "a truncated PDF crashes the parse (500) instead of 422", response=_parse_unreadable_crashes),
    Mutant("parse-formats-lie", "the parse formats mark every kind available, images and legacy Word too", response=_parse_formats_lie),
    Mutant("monitor-cron-not-normalised", "a monitor's schedule in words is read back as it was written, not as cron", response=_monitor_cron_not_normalised),
    Mutant("monitor-run-makes-nothing", "a monitor's run makes no check its list shows", response=_monitor_run_makes_nothing),
    Mutant("monitor-paused-runs", "pausing a monitor leaves it active: it runs", request=_monitor_paused_runs),
    Mutant("monitor-delete-keeps", "deleting a monitor answers success and keeps it", request=_monitor_delete_keeps),
    Mutant("monitor-summary-off", "a check's totalPages counts one page more than its parts", response=_monitor_summary_off),
    Mutant("feedback-refunds-twice", "a second rating of a search is taken as new and says it refunds", response=_feedback_refunds_twice),
    Mutant("agent-snapshot-stale", "an agent run's last snapshot is not its result", response=_agent_snapshot_stale),
    Mutant("interact-foreign-allowed", "code runs in another team's scrape session or browser session", response=_interact_foreign_allowed),
    Mutant("ended-session-runs", "a stopped browser session still runs code", response=_ended_session_runs),
    Mutant("session-credits-misreported", "a stopped session reports one credit more than it billed", response=_session_credits_misreported),
    Mutant("profile-many-writers", "two open sessions save to the same profile", request=_profile_many_writers),
    Mutant("session-unpaid-opens", "a session the team cannot pay for opens", response=_session_unpaid_opens),
    Mutant("attributes-drop-last", "the attributes format answers one entry fewer than the selectors asked", response=_attributes_drop_last),
    Mutant("highlights-paraphrased", "highlights are reworded instead of quoted from the page", response=_highlights_paraphrased),
    Mutant(
        "format-combinations-accepted",
        "rawBase64 beside markdown, json beside deterministicJson and the attributes shorthand are taken",
        request=_format_combinations_accepted,
    ),
    Mutant("audio-unsupported-crashes", "the audio format of a page without media answers 500 instead of 422", response=_audio_unsupported_crashes),
    Mutant("answers-free", "question, highlights and query are answered (or not) without their 4 credits", request=_answers_free),
    Mutant("paper-primary-id-unknown", "a paper is found by its paperId only, not by the primaryId a search named", request=_paper_primary_id_unknown),
    Mutant("developer-k-ignored", "a developer search answers more results than k", response=_developer_k_ignored),
    Mutant("developer-results-dropped", "a developer search charges for results it does not answer", response=_developer_results_dropped),
    Mutant("tool-search-charged", "a search for tools alone charges a credit", response=_tool_search_charged),
    Mutant("alexandria-replay-reruns", "an alexandria retry with the same x-request-id runs (and bills) again", request=_alexandria_replay_reruns),
    Mutant("alexandria-conflict-accepted", "other calls under a used x-request-id run instead of 409", response=_alexandria_conflict_accepted),
]

# The requirement class whose tests catch each mutant: the self-test runs that class alone against
# it (webdata-conformance --class), and the per-class detection table counts it there. A shape fault
# of token usage is the billing class's to catch: its tests are the ones that read token usage.
CLASS_OF = {
    "wrong-default": "core",
    "bound-not-enforced": "core",
    "wrong-status": "jobs",
    "wrong-error-text": "jobs",
    "missing-field": "billing",
    "undeclared-status": "core",
    "auth-ignored": "core",
    "other-team-visible": "tenancy",
    "cancel-does-not-cancel": "jobs",
    "miss-served-as-hit": "cache",
    "wrong-charge": "billing",
    "missing-invalid-urls": "core",
    "second-cancel-accepted": "jobs",
    "agent-snapshot-stale": "jobs",
    "paper-primary-id-unknown": "pages",
    "developer-k-ignored": "pages",
    "developer-results-dropped": "billing",
    "tool-search-charged": "pages",
    "alexandria-replay-reruns": "pages",
    "alexandria-conflict-accepted": "pages",
    "feedback-refunds-twice": "billing",
    "crawl-cancel-refused": "jobs",
    "batch-cancel-no-op": "jobs",
    "agent-start-twice": "billing",
    "scrape-charged-twice": "billing",
    "min-age-ignored": "cache",
    "unknown-key-reads": "core",
    "active-crawls-leak": "tenancy",
    "error-code-dropped": "cache",
    "text-content-type": "core",
    "preview-charged": "billing",
    "timeout-upper-clamped": "core",
    "threat-scan-skipped": "threat",
    "pdf-flat-charge": "pages",
    "injection-check-free": "billing",
    "foreign-cancel": "tenancy",
    "bad-id-crashes": "jobs",
    "429-without-retry-after": "billing",
    "extract-refusal-text": "core",
    "no-agent-routes": "core",
    "unknown-keys-ignored": "core",
    "scheme-less-refused": "core",
    "cache-across-location": "cache",
    "store-in-cache-ignored": "cache",
    "long-prompt-fails": "core",
    "deep-body-refused": "core",
    "crawl-filters-ignored": "pages",
    "idempotency-key-ignored": "jobs",
    "job-id-unchecked": "jobs",
    "preview-without-credits": "limits",
    "slow-page-crashes": "limits",
    "oversized-body-crashes": "limits",
    "no-usage-crashes": "limits",
    "entitlement-crashes": "threat",
    "blacklist-ignored": "threat",
    "whitelist-ignored": "threat",
    "risk-threshold-ignored": "threat",
    "failure-policy-ignored": "threat",
    "overrides-not-disabled": "threat",
    "enforcement-ignored": "threat",
    "long-url-refused": "core",
    "many-headers-crash": "core",
    "map-limit-ignored": "pages",
    "search-formats-ignored": "pages",
    "parse-max-pages-ignored": "parse",
    "parse-marker-before-page-1": "parse",
    "parse-takes-any-file": "parse",
    "parse-formats-lie": "parse",
    "parse-unreadable-crashes": "parse",
    "monitor-cron-not-normalised": "monitor",
    "monitor-run-makes-nothing": "monitor",
    "monitor-paused-runs": "monitor",
    "monitor-delete-keeps": "monitor",
    "monitor-summary-off": "monitor",
    "map-sitemap-only-ignored": "pages",
    "map-keeps-queries": "pages",
    "map-timeout-ignored": "pages",
    "search-domains-ignored": "pages",
    "search-keeps-invalid": "pages",
    "interact-foreign-allowed": "interact",
    "ended-session-runs": "interact",
    "session-credits-misreported": "interact",
    "profile-many-writers": "interact",
    "session-unpaid-opens": "interact",
    "attributes-drop-last": "formats",
    "highlights-paraphrased": "formats",
    "format-combinations-accepted": "formats",
    "audio-unsupported-crashes": "formats",
    "answers-free": "billing",
}


def _proxy(upstream: str, mutant: Mutant, context: dict[str, Any]) -> Starlette:
    client = httpx.AsyncClient(base_url=upstream, timeout=60)

    async def forward(request: Request) -> Response:
        raw = await request.body()
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = raw
        exchange = Exchange(request.method, request.url.path, request.url.query, {k.lower(): v for k, v in request.headers.items()}, body)
        local = dict(context)
        if mutant.request is not None:
            answer = mutant.request(exchange, local)
            if answer is not None:
                status, payload = answer
                if isinstance(payload, str):
                    return Response(payload, status_code=status, media_type="text/html")
                return Response(json.dumps(payload), status_code=status, media_type="application/json")
        # Host is kept, as a reverse proxy keeps it: the server's links (a status page's `next`)
        # then name the proxy's origin, the one the suite calls.
        headers = {k: v for k, v in exchange.headers.items() if k != "content-length"}
        if isinstance(exchange.body, (dict, list)):
            content: bytes | None = json.dumps(exchange.body).encode()
        else:  # raw bytes (a multipart upload), as sent or as the mutant edited them
            content = exchange.body if isinstance(exchange.body, bytes) else (raw if exchange.body is not None else None)
        # The path as the client sent it (still percent-encoded): a decoded control character is
        # not a URL httpx will send, and the proxy must not answer for the server.
        path = request.scope.get("raw_path", b"").decode("latin-1") or exchange.path
        url = path + (f"?{exchange.query}" if exchange.query else "")
        upstream_response = await client.request(exchange.method, url, content=content, headers=headers)
        if local.get("repeat"):
            upstream_response = await client.request(exchange.method, url, content=content, headers=headers)
        if local.get("repeat_as"):
            method, path, extra = local["repeat_as"]
            await client.request(method, path, content=json.dumps(extra).encode(), headers={**headers, "content-type": "application/json"})
        exchange.status = upstream_response.status_code
        exchange.response_headers = {
            k: v for k, v in upstream_response.headers.items() if k.lower() not in ("content-length", "content-encoding", "transfer-encoding")
        }
        try:
            exchange.response = upstream_response.json()
        except ValueError:
            exchange.response = upstream_response.content
        if mutant.response is not None:
            mutant.response(exchange, local)
        payload = json.dumps(exchange.response).encode() if not isinstance(exchange.response, bytes) else exchange.response
        return Response(payload, status_code=exchange.status, headers=exchange.response_headers)

    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE"]
    return Starlette(routes=[Route("/{path:path}", forward, methods=methods)])


@contextmanager
def running_mutant(mutant: Mutant, *, upstream: str, api_key: str, second_api_key: str | None) -> Iterator[str]:
    """Serve ``mutant`` in front of ``upstream``; yields the proxy's base URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    app = _proxy(upstream, mutant, {"api_key": api_key, "second_api_key": second_api_key})
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the mutant proxy did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
