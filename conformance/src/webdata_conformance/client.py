"""A small HTTP client for the scenarios: calls operations by operationId, checks every answer
against the bundle (documented status, body schema, required headers), and puts a curl command in
every failure."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from webdata_conformance.contract import at, bundle, operations_by_id, pointer_token, resolved

__all__ = [
    "CALLER_REFUSED",
    "EXPECTATIONS",
    "Answer",
    "ConformanceClient",
    "ContractViolation",
    "Expectations",
    "Multipart",
    "NotImplementedByServer",
    "Unmet",
    "contract_problems",
    "operations_by_id",
    "refuses_feature",
    "require_feature",
]


class ContractViolation(AssertionError):
    """An answer the contract or the seed does not allow; ``answer`` is the exchange that showed it,
    ``requirement`` the one it breaks when that is not the requirement of the test that saw it (an
    answer outside the contract breaks CORE-01 whichever scenario sent the request)."""

    def __init__(self, message: str, *, answer: Answer | None = None, requirement: str | None = None) -> None:
        super().__init__(message)
        self.answer = answer
        self.requirement = requirement


# Answers that say the caller may not do what a test needs (its key, its team's credits, its
# entitlements, its rate): a precondition of the test, not the server breaking the rule under test.
UNMET_STATUSES = (401, 402, 403, 429)
# Of those, the ones that refuse the caller whatever the request (a 403 can be the rule under test).
CALLER_REFUSED = (401, 402, 429)


class Unmet(Exception):
    """A precondition of the test did not hold (``answer`` shows why): its requirement is not verified."""

    def __init__(self, message: str, answer: Answer) -> None:
        super().__init__(message)
        self.answer = answer


class NotImplementedByServer(Exception):
    """The server refused a feature the test needs as something it does not take (an unknown-key
    400 naming ``feature``): the requirement cannot be verified on this server, which is said once,
    with the answer, instead of as a string of unrelated failures."""

    def __init__(self, feature: str, answer: Answer) -> None:
        super().__init__(f"{feature} is not implemented by this server: {answer.operation_id} refused it with {answer.status} {_short(answer.body)}")
        self.feature = feature
        self.answer = answer


def _short(body: Any, limit: int = 200) -> str:
    text = body if isinstance(body, str) else json.dumps(body)
    return text if len(text) <= limit else text[:limit] + "…"


def refuses_feature(answer: Answer, *names: str) -> bool:
    """Whether ``answer`` is a 400 that refuses one of ``names`` as a key the server does not take
    (its error or details name it), rather than refusing the request for another reason."""
    if answer.status != 400 or isinstance(answer.body, str):
        return False
    said = json.dumps(answer.body)
    return any(f'"{name}"' in said or f"'{name}'" in said or f" {name}" in said for name in names)


def require_feature(answer: Answer, feature: str, *names: str) -> Answer:
    """``answer``, unless it refuses ``feature`` (or one of its keys ``names``) as unknown: then the
    test stops with :class:`NotImplementedByServer`."""
    if refuses_feature(answer, feature, *names):
        raise NotImplementedByServer(feature, answer)
    return answer


@cache
def _registry() -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(bundle(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:bundle", resource)
    return registry


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
    caller: str = "the key"  # whose key sent it ("the key", "the second key", a fixture's name)
    problems: list[str] = field(default_factory=list)  # how it departs from the contract (CORE-01)

    def fail(self, message: str, *, requirement: str | None = None) -> ContractViolation:
        return ContractViolation(
            f"{message}\n  answer: {self.status} {json.dumps(self.body)[:500]}\n  reproduce: {self.reproduce}", answer=self, requirement=requirement
        )

    def require(self, condition: bool, message: str) -> None:
        """What the test needs before it can check its rule (a job started, a page read): where this
        answer says the caller may not (401, 402, 403, 429), the requirement cannot be verified
        (:class:`Unmet`); any other wrong answer fails like :meth:`expect`."""
        if not condition and self.status in UNMET_STATUSES:
            raise Unmet(message, self)
        self.expect(condition, message)

    def expect(self, condition: bool, message: str, *, over: Iterable[Answer] = ()) -> None:
        """Assert one rule about this answer, or about it and the answers ``over`` (a rule over many
        operations): counted, and the operations of the answers it looked at noted as exercised (a
        test that reached none verified nothing; a requirement over several operations needs each).

        A rule broken by an answer that refuses the caller itself (401, 402 or 429 to a request sent
        with a key: the key is not accepted, its team cannot pay, it is rate limited) is not the
        server breaking the rule: it raises :class:`Unmet` (not verified), not a failure."""
        EXPECTATIONS.assertions += 1
        EXPECTATIONS.operations.add(self.operation_id)
        EXPECTATIONS.operations.update(answer.operation_id for answer in over)
        if not condition:
            if self.refuses_caller:
                raise Unmet(message, self)
            raise self.fail(message)

    @property
    def refuses_caller(self) -> bool:
        """Whether this answer refuses the caller itself (see :meth:`expect`) rather than judging the request."""
        return self.status in CALLER_REFUSED and self.caller not in ("no key", "an unknown key")


@dataclass
class Expectations:
    """What the running scenario's assertions looked at (the plugin resets it before each test and
    reads it after): how many were reached, and the operations of the answers they examined."""

    assertions: int = 0
    operations: set[str] = field(default_factory=set)
    # The last answer the test received, for a verdict when a precondition does not hold.
    last: Answer | None = None

    def reset(self) -> None:
        self.assertions, self.operations, self.last = 0, set(), None


EXPECTATIONS = Expectations()


@dataclass(frozen=True)
class Multipart:
    """A multipart/form-data body (a parse upload): the ``file`` part and text fields beside it."""

    filename: str
    content: bytes
    content_type: str = "application/octet-stream"
    fields: dict[str, str] = field(default_factory=dict)

    def described(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.fields.items())
        return f"multipart/form-data: file {self.filename} ({self.content_type}, {len(self.content)} bytes)" + (f", {shown}" if shown else "")


@dataclass
class ConformanceClient:
    """Calls one target with one key."""

    base_url: str
    api_key: str | None
    # Told of every answer (the plugin counts the statuses observed).
    observer: Callable[[Answer], None] | None = None
    # Whose key this is, for messages ("the key", "the second key").
    label: str = "the key"
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
        feature: tuple[str, ...] = (),
        **path: str,
    ) -> Answer:
        """One call; ``content`` sends raw bytes as the body instead of ``json_body``; ``retry``
        False answers a 429 as it came instead of waiting out its Retry-After; ``feature`` (its
        name, then keys of it) the feature the request needs: an answer refusing it as unknown
        raises :class:`NotImplementedByServer`, whatever its shape."""
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
        upload = json_body if isinstance(json_body, Multipart) else None
        for _ in range(4 if retry else 1):
            if content is not None:
                response = self._http.request(operation["method"], url, content=content, headers=headers)
            elif upload is not None:
                files = {"file": (upload.filename, upload.content, upload.content_type)}
                response = self._http.request(operation["method"], url, files=files, data=upload.fields, headers=headers)
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
        if upload is not None:
            sent = f"{operation['method']} {url}\n{upload.described()}"
            reproduce = curl(operation["method"], url, headers=headers, body=None)
            reproduce += f" -F 'file=@{upload.filename};type={upload.content_type}'" + "".join(
                f" -F {shlex.quote(f'{k}={v}')}" for k, v in upload.fields.items()
            )
        else:
            sent = f"{operation['method']} {url}" + (f"\n{json.dumps(json_body, indent=2)}" if json_body is not None else "")
            reproduce = curl(operation["method"], url, headers=headers, body=json_body)
        if content is not None:
            sent += f"\n<a body of {len(content)} bytes>"
            reproduce += f" -H 'Content-Type: application/json' --data-binary @<a file of {len(content)} bytes>"
        caller = self.label if key == "" else ("no key" if not chosen else "an unknown key" if chosen == "wd-conformance-unknown-key" else "a fixture key")
        answer = Answer(operation_id, response.status_code, body, response.headers, reproduce, sent, caller=caller)
        answer.problems = contract_problems(operation_id, answer.status, answer.body, answer.headers)
        EXPECTATIONS.last = answer
        if self.observer is not None:
            self.observer(answer)
        if feature:
            require_feature(answer, *feature)
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
