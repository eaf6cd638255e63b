"""What every operation checks before its handler runs, in this order: authentication (401), rate
limit (429), body size (413), content type and JSON (400), nesting depth (400), validation against
the bundle's schema (unknown keys where the contract closes an object), the service's rules across
scrape options (``rules.py``) and the generated model (400).
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import defaultdict, deque
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from webdata_server.domain import Caller, Team
from webdata_server.errors import BodyTooLarge, InvalidRequest, MalformedJson, RateLimited, Unauthenticated, issue
from webdata_server.operations import Route
from webdata_server.rules import ModelT, issues_of_schema, normalized, scrape_option_issues, webhook_issues
from webdata_server.store import Store

__all__ = ["MAX_JSON_DEPTH", "Gate", "RateLimiter", "bearer_key", "checked", "json_depth", "read_json"]

# Arrays and objects nested inside each other, at most (documented in the README); a JSON Schema
# in `schema` needs far fewer, and every recursive step of validation stays well inside Python's stack.
MAX_JSON_DEPTH = 64
# Bodies longer than this (bytes) have their size bounds checked before the full validation.
BOUNDS_FIRST_OVER = 16 * 1024


def json_depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if depth <= MAX_JSON_DEPTH:  # deeper is refused anyway: stop counting
            stack.extend((child, depth + 1) for child in children)
    return deepest


def bearer_key(headers: Mapping[str, str]) -> str:
    """The key of an ``Authorization: Bearer <key>`` header, or ''."""
    scheme, _, key = headers.get("authorization", "").partition(" ")
    return key.strip() if scheme.lower() == "bearer" else ""


def read_json(raw: bytes) -> Any:
    """``json.loads(raw, parse_float=_number)`` without ``NaN`` or ``Infinity``, with the decoder
    built once (``json.loads`` builds one per call when given a hook)."""
    text = raw.decode(json.detect_encoding(raw), "surrogatepass")
    if text.startswith("\ufeff"):
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return _DECODER.decode(text)


def _number(text: str) -> float | int:
    """A JSON number with a fraction or an exponent, as ``json.loads`` reads a body: an int when it
    has no fraction (``3.0``, ``1e3``). JSON Schema's ``integer`` accepts ``3.0``; the models'
    strict integers do not (nor ``"3"``, which the schema refuses first); a number field takes
    the int just as well, and validation reads the two alike."""
    value = float(text)
    return int(value) if value.is_integer() else value


def _not_json(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (RFC 8259): the service's parser refuses
    them, where Python's reads them as floats."""
    raise ValueError(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_float=_number, parse_constant=_not_json)


class RateLimiter:
    """Requests per minute per team, over a sliding 60-second window (in memory, by design)."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def retry_after(self, team: Team) -> int | None:
        """None when the request may go ahead (and is counted); else seconds to wait."""
        if team.rate_limit_per_minute <= 0:
            return None
        now = time.monotonic()
        with self._lock:
            hits = self._hits[team.id]
            while hits and now - hits[0] >= 60:
                hits.popleft()
            if len(hits) >= team.rate_limit_per_minute:
                return max(1, math.ceil(60 - (now - hits[0])))
            hits.append(now)
            return None


class Gate:
    """The checks, over the store (keys) and the rate limiter; each body by its route's checks
    (:class:`~webdata_server.operations.Route`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rate = RateLimiter()

    def admit(self, headers: Mapping[str, str]) -> Caller:
        """The caller of a request with these headers; refuses an unknown key or a spent rate limit."""
        key = bearer_key(headers)
        caller = self.store.teams.authenticate(key) if key else None
        if caller is None:
            raise Unauthenticated()
        wait = self.rate.retry_after(caller.team)
        if wait is not None:
            raise RateLimited(retry_after=wait)
        return caller

    def body(self, route: Route[Any], model: type[BaseModel], raw: bytes, *, too_large: bool, media_type: str) -> BaseModel:
        """The request body as the operation's model (``raw`` was cut short when ``too_large``); a
        body of another form of the operation (a key of ``route.variants`` in it) by that form's
        checks, as the handler's model of it (``Operation.forms``)."""
        if too_large:
            raise BodyTooLarge()
        if media_type != "application/json":
            raise InvalidRequest(details=[issue([], "Content-Type must be application/json", "invalid_body")])
        too_deep = InvalidRequest(details=[issue([], f"The body nests deeper than {MAX_JSON_DEPTH} levels", "invalid_body")])
        try:
            # A float without a fraction is read as an int (see _number), as it is parsed.
            payload = read_json(raw)
        except (ValueError, UnicodeDecodeError):
            raise MalformedJson(details=[issue([], "The body is not valid JSON", "invalid_body")]) from None
        except RecursionError:
            raise too_deep from None
        # Each level needs its own bracket: a body with few of them cannot nest too deeply.
        if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and json_depth(payload) > MAX_JSON_DEPTH:
            # Validation and rendering recurse: a deeper body would exhaust the stack, not be a request.
            raise too_deep
        operation = route.operation
        if route.variants and isinstance(payload, dict) and operation is not None:
            for key, form in route.variants.items():
                if key in payload:
                    # The table checked that the handler has a model for each of the contract's forms.
                    route, model = form, operation.forms[key]
                    break
        return checked(payload, model, route, size=len(raw))


def checked(payload: Any, model: type[ModelT], route: Route[Any], *, size: int) -> ModelT:
    """A decoded JSON value (a body, or a parse upload's options) as ``model``, by the route's
    checks: the contract's schema (its compiled ``gate`` admits a valid one at once), the service's
    rules across scrape options and webhooks, then the model; a 400 naming every problem otherwise."""
    validator, bounds, gate = route.validator, route.bounds, route.gate
    assert validator is not None, f"{route.operation_id} takes no JSON to check"
    if gate is None or not gate(payload):
        # An oversized list or string is refused before the full validation, which would walk it
        # (100,000 formats: half a minute); a small body cannot hold one that costs much, and the
        # extra pass would cost it as much as the validation itself.
        problems = list(bounds.iter_errors(payload)) if bounds is not None and size > BOUNDS_FIRST_OVER else []
        problems = sorted(problems or validator.iter_errors(payload), key=lambda e: list(map(str, e.absolute_path)))
        if problems:
            raise InvalidRequest(details=issues_of_schema(problems[:20]))
    broken = scrape_option_issues(payload, route.scrape_options_at, route.countries, answers_at_once=route.operation_id == "searchWeb") + webhook_issues(
        payload
    )
    if broken:
        raise InvalidRequest(details=broken)
    try:
        # Unknown keys of the objects the contract leaves open are dropped, as the service drops them.
        # The scheme is given after validation: the contract's maxLength bounds the URL as sent.
        return normalized(model.model_validate(payload, extra="ignore"), route.gives_scheme)
    except ValidationError as invalid:
        errors = invalid.errors(include_url=False, include_context=False, include_input=False)
        raise InvalidRequest(details=[issue(list(e["loc"]), e["msg"], "invalid_type" if e["type"] == "missing" else e["type"]) for e in errors]) from None
