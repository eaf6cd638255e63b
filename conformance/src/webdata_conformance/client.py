"""A small HTTP client for the scenarios: calls operations by operationId, checks every answer
against the bundle (documented status, body schema, required headers), and puts a curl command in
every failure."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from webdata_conformance.contract import at, bundle, pointer_token, resolved

__all__ = ["Answer", "ConformanceClient", "ContractViolation", "contract_problems", "operations_by_id"]


class ContractViolation(AssertionError):
    """An answer the contract or the seed does not allow; ``answer`` is the exchange that showed it,
    ``requirement`` the one it breaks when that is not the requirement of the test that saw it (an
    answer outside the contract breaks CORE-01 whichever scenario sent the request)."""

    def __init__(self, message: str, *, answer: Answer | None = None, requirement: str | None = None) -> None:
        super().__init__(message)
        self.answer = answer
        self.requirement = requirement


@cache
def _registry() -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(bundle(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:bundle", resource)
    return registry


@cache
def operations_by_id() -> dict[str, dict[str, Any]]:
    return {
        op["operationId"]: {**op, "method": method.upper(), "path": path}
        for path, item in bundle()["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "operationId" in op
    }


def curl(method: str, url: str, *, headers: dict[str, str], body: Any) -> str:
    """A curl command reproducing a request (the key shown as $API_KEY)."""
    parts = ["curl", "-X", method, shlex.quote(url)]
    for name, value in headers.items():
        if name.lower() == "authorization" and value.startswith("Bearer "):
            value = "Bearer $API_KEY" if value != "Bearer wd-conformance-unknown-key" else value
            parts += ["-H", f'"Authorization: {value}"']
        else:
            parts += ["-H", shlex.quote(f"{name}: {value}")]
    if body is not None:
        parts += ["-H", "'Content-Type: application/json'", "-d", shlex.quote(json.dumps(body))]
    return " ".join(parts)


@dataclass
class Answer:
    """A response with the request that produced it."""

    operation_id: str
    status: int
    body: Any
    headers: httpx.Headers
    reproduce: str
    request: str = ""  # method, URL and body as sent (the key left out)
    problems: list[str] = field(default_factory=list)  # how it departs from the contract (CORE-01)

    def fail(self, message: str, *, requirement: str | None = None) -> ContractViolation:
        return ContractViolation(
            f"{message}\n  answer: {self.status} {json.dumps(self.body)[:500]}\n  reproduce: {self.reproduce}", answer=self, requirement=requirement
        )

    def expect(self, condition: bool, message: str) -> None:
        """Assert one rule about this answer (counted: a test that reached none verified nothing)."""
        EXPECTATIONS[0] += 1
        if not condition:
            raise self.fail(message)


# Assertions reached by the running scenario (the plugin resets it before each test and reads it after).
EXPECTATIONS = [0]


@dataclass
class ConformanceClient:
    """Calls one target with one key."""

    base_url: str
    api_key: str | None
    # Told of every answer (the plugin counts the statuses observed).
    observer: Callable[[Answer], None] | None = None
    # The jobs this client started (operation id, job id), so that a scenario can wait for them to end.
    started: list[tuple[str, str]] = field(default_factory=list)
    # One connection pool for every call (a client per call costs a TLS context and a connection each).
    _http: httpx.Client | None = field(default=None, init=False, repr=False)

    def call(
        self,
        operation_id: str,
        *,
        json_body: Any = None,
        query: dict[str, Any] | None = None,
        key: str | None = "",
        headers: dict[str, str] | None = None,
        content: bytes | None = None,
        retry: bool = True,
        **path: str,
    ) -> Answer:
        """One call; ``content`` sends raw bytes as the body instead of ``json_body``; ``retry``
        False answers a 429 as it came instead of waiting out its Retry-After."""
        operation = operations_by_id()[operation_id]
        url = self.base_url + operation["path"].format(**{k: quote(v, safe="") for k, v in path.items()})
        if query:
            url += "?" + urlencode(query)
        chosen = self.api_key if key == "" else key
        headers = ({"Authorization": f"Bearer {chosen}"} if chosen else {}) | (headers or {})
        if self._http is None:
            self._http = httpx.Client(timeout=60)
        if content is not None:
            headers = {"Content-Type": "application/json"} | headers
        for _ in range(4 if retry else 1):
            if content is not None:
                response = self._http.request(operation["method"], url, content=content, headers=headers)
            else:
                response = self._http.request(operation["method"], url, json=json_body, headers=headers)
            # A rate-limited request is retried after the Retry-After the server asks for.
            if not retry or response.status_code != 429 or not response.headers.get("retry-after", "").isdigit():
                break
            time.sleep(min(int(response.headers["retry-after"]), 60))
        try:
            body = response.json()
        except ValueError:
            body = response.text
        sent = f"{operation['method']} {url}" + (f"\n{json.dumps(json_body, indent=2)}" if json_body is not None else "")
        reproduce = curl(operation["method"], url, headers=headers, body=json_body)
        if content is not None:
            sent += f"\n<a body of {len(content)} bytes>"
            reproduce += f" -H 'Content-Type: application/json' --data-binary @<a file of {len(content)} bytes>"
        answer = Answer(operation_id, response.status_code, body, response.headers, reproduce, sent)
        answer.problems = contract_problems(operation_id, answer.status, answer.body, answer.headers)
        if self.observer is not None:
            self.observer(answer)
        if operation["method"] == "POST" and response.status_code == 200 and isinstance(body, dict) and isinstance(body.get("id"), str):
            self.started.append((operation_id, body["id"]))
        if answer.problems:
            raise answer.fail("; ".join(answer.problems[:5]), requirement="CORE-01")
        return answer


@cache
def _validator(pointer: str) -> Draft202012Validator:
    """A validator of the schema at ``pointer`` in the bundle (its ``$ref``s resolved in the bundle)."""
    return Draft202012Validator({"$ref": "urn:bundle#" + quote(pointer, safe="/~")}, registry=_registry())


def contract_problems(operation_id: str, status: int, body: Any, headers: Mapping[str, str] | None = None) -> list[str]:
    """How an answer departs from the bundle: an undocumented status, a body its schema refuses, or
    (when ``headers`` are given) a header the response marks required missing or not of its schema."""
    operation = operations_by_id()[operation_id]
    if str(status) not in operation["responses"]:
        return [f"{operation_id} answered undocumented status {status}"]
    pointer = f"/paths/{pointer_token(operation['path'])}/{operation['method'].lower()}/responses/{status}"
    response = at(pointer)
    if "$ref" in response:
        pointer = response["$ref"][1:]
        response = at(pointer)
    validator = _validator(pointer + "/content/application~1json/schema")
    problems = [f"{operation_id} {status} body at {'/'.join(map(str, e.absolute_path)) or '/'}: {e.message}" for e in validator.iter_errors(body)]
    if headers is not None:
        media = (headers.get("content-type") or "").split(";", 1)[0].strip().lower()
        documented = sorted(response.get("content", {}))
        if documented and media not in documented:
            problems.append(f"{operation_id} {status} Content-Type is {media or 'missing'}, the contract documents {', '.join(documented)}")
        for name, header in response.get("headers", {}).items():
            where = header["$ref"][1:] if "$ref" in header else f"{pointer}/headers/{pointer_token(name)}"
            problems += _header_problems(f"{operation_id} {status}", name, where, headers.get(name))
    return problems


def _header_problems(where: str, name: str, pointer: str, value: str | None) -> list[str]:
    """How header ``name`` (declared at ``pointer``) departs from its declaration; ``value`` None if absent."""
    header = at(pointer)
    if value is None:
        return [f"{where} lacks the required header {name}"] if header.get("required") else []
    kind = resolved(header.get("schema", {})).get("type")
    # A header is text; an integer or number schema reads it as one (simple style, RFC 9110).
    parsed: Any = value
    if kind in ("integer", "number"):
        try:
            parsed = int(value) if kind == "integer" else float(value)
        except ValueError:
            return [f"{where} header {name}: {value!r} is not {'an integer' if kind == 'integer' else 'a number'}"]
    return [f"{where} header {name}: {e.message}" for e in _validator(pointer + "/schema").iter_errors(parsed)]
