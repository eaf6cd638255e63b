"""What the service checks in a request body beyond what a JSON Schema can say, and how a problem
is reported: as the service's (zod) issues, ``{code, path, message}``.

The rules come from the service's v2 request schemas (their refinements), and the contract states
each one in the description of the field it concerns (``spec/openapi.yaml``: ``formats``,
``waitFor``, ``actions``). Each gives its own message, which becomes the answer's ``error``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from webdata_server.content import SCREENSHOT_PIXELS_MAX, SCREENSHOT_PIXELS_TOTAL_MAX, screenshot_size
from webdata_server.errors import UNRECOGNIZED_KEYS, issue
from webdata_server.urls import with_scheme

if TYPE_CHECKING:
    from jsonschema import ValidationError

__all__ = ["ACTIONS_MAX", "ACTIONS_MAX_WAIT_MS", "issues_of_schema", "normalized", "scrape_option_issues", "webhook_issues"]

ACTIONS_MAX = 50
ACTIONS_MAX_WAIT_MS = 60_000
_CODES = {
    "type": "invalid_type",
    "required": "invalid_type",
    "minimum": "too_small",
    "exclusiveMinimum": "too_small",
    "minLength": "too_small",
    "minItems": "too_small",
    "minProperties": "too_small",
    "maximum": "too_big",
    "exclusiveMaximum": "too_big",
    "maxLength": "too_big",
    "maxItems": "too_big",
    "maxProperties": "too_big",
    "enum": "invalid_enum_value",
    "const": "invalid_literal",
    "pattern": "invalid_string",
    "format": "invalid_string",
    "oneOf": "invalid_union",
    "anyOf": "invalid_union",
}


# The bounds of a request body, in the words of the service's validator (zod); the issue names the
# field by its path.
_SIZE = {
    "maxItems": ("Too big", "<=", "array", "items"),
    "maxLength": ("Too big", "<=", "string", "characters"),
    "maxProperties": ("Too big", "<=", "object", "keys"),
    "minItems": ("Too small", ">=", "array", "items"),
    "minLength": ("Too small", ">=", "string", "characters"),
    "minProperties": ("Too small", ">=", "object", "keys"),
}
# Extract's URL list: the service's own bound and message (its v2 extract request schema).
EXTRACT_URLS_MAX = 10


def issues_of_schema(errors: Iterable[ValidationError]) -> list[dict[str, Any]]:
    """The service's issues for JSON Schema errors: unknown keys named in ``keys``, a missing field
    at its own path, the bound on actions with the service's message."""
    found = []
    for error in _chosen(errors):
        path: list[str | int] = list(error.absolute_path)
        message = _message_of(error) if error.validator in ("oneOf", "anyOf") else None
        if message is not None:
            found.append(issue(path, message))
            continue
        if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
            known = set((error.schema or {}).get("properties", {})) if isinstance(error.schema, dict) else set()
            keys = sorted(k for k in error.instance if k not in known)
            found.append(issue(path, UNRECOGNIZED_KEYS, "unrecognized_keys", keys=keys))
        elif error.validator == "required" and isinstance(error.instance, dict):
            found += [issue([*path, key], "Required", "invalid_type") for key in error.validator_value if key not in error.instance]
        elif error.validator == "maxItems" and path and path[-1] == "actions":
            found.append(issue(path, f"Number of actions cannot exceed {ACTIONS_MAX}"))
        elif error.validator == "maxItems" and path == ["urls"] and error.validator_value == EXTRACT_URLS_MAX:
            found.append(issue(path, f"Maximum of {EXTRACT_URLS_MAX} URLs allowed per request while in beta.", "too_big"))
        elif error.validator == "pattern" and _names_a_url(path):
            # The service's words (zod's url check), not the pattern: a regular expression says
            # nothing to the caller of a client.
            found.append(issue(path, "Invalid URL", "invalid_string", validation="regex"))
        elif error.validator in _SIZE:
            # jsonschema's own message quotes the whole value (a 10,000-URL list, a 1 MB string).
            word, relation, kind, unit = _SIZE[str(error.validator)]
            found.append(issue(path, f"{word}: expected {kind} to have {relation}{error.validator_value} {unit}", _CODES[str(error.validator)]))
        else:
            found.append(issue(path, _quoting_little(error), _CODES.get(str(error.validator), "invalid_value")))
    # Unknown keys first: the service names them before anything else is looked at.
    return sorted(found, key=lambda i: i["code"] != "unrecognized_keys")


def _names_a_url(path: list[str | int]) -> bool:
    """Whether the value at ``path`` is a URL: a field named ``url`` or ``...Url``, or an item of ``urls``."""
    names = [p for p in path if isinstance(p, str)]
    return bool(names) and (names[-1] == "urls" or names[-1].lower().endswith("url"))


# How much of a refused value a message quotes: a 1 MB value in is not a 1 MB answer out.
QUOTE_CHARS = 64


def _quoting_little(error: ValidationError) -> str:
    """jsonschema's message, with the value it quotes cut to its first :data:`QUOTE_CHARS` characters."""
    quoted = repr(error.instance)
    message = str(error.message)
    if len(quoted) > QUOTE_CHARS and quoted in message:
        message = message.replace(quoted, quoted[:QUOTE_CHARS] + "…", 1)
    return message if len(message) <= 4 * QUOTE_CHARS else message[: 4 * QUOTE_CHARS] + "…"


def _chosen(errors: Iterable[ValidationError]) -> list[ValidationError]:
    """The errors, with a union's failure replaced by the errors of the one variant the value
    meant (the one its ``type`` or its kind, string or object, selects), where exactly one is."""
    chosen: list[ValidationError] = []
    for error in errors:
        if error.validator in ("oneOf", "anyOf") and _message_of(error) is not None:
            chosen.append(error)  # a rule the service words itself (x-message): one issue, its words
            continue
        if error.validator in ("oneOf", "anyOf") and error.context:
            by_variant: dict[Any, list[ValidationError]] = {}
            for sub in error.context:
                by_variant.setdefault(sub.relative_schema_path[0], []).append(sub)
            meant = [subs for subs in by_variant.values() if not any(_not_this_variant(sub) for sub in subs)]
            if len(meant) == 1:
                chosen += _chosen(meant[0])
                continue
        chosen.append(error)
    return chosen


def _message_of(error: ValidationError) -> str | None:
    """The service's own words for a failed union of ``required`` lists (the ``x-message`` of one of
    its members, spec/EXTENSIONS.md), or None."""
    members = error.validator_value if isinstance(error.validator_value, list) else []
    return next((str(m["x-message"]) for m in members if isinstance(m, dict) and m.get("x-message")), None)


def _not_this_variant(error: ValidationError) -> bool:
    """Whether ``error`` says the value is another variant: a wrong ``type`` tag, or the wrong kind of value."""
    here = list(error.relative_path)
    return (error.validator in ("const", "enum") and here == ["type"]) or (error.validator == "type" and not here)


ModelT = TypeVar("ModelT", bound=BaseModel)


def normalized(body: ModelT, gives_scheme: bool) -> ModelT:
    """The validated body with its ``url`` given a scheme (http) where it had none, as the service
    does, on the operations whose body names one page by ``url`` (the table of operations says
    which: :attr:`~webdata_server.operations.Route.gives_scheme`; lists of URLs are read by
    urls.split_urls)."""
    if not gives_scheme:
        return body  # a model without ``url``: pydantic's attribute fallback is not free (benchmarks/README.md)
    url = getattr(body, "url", None)
    if isinstance(url, str) and with_scheme(url) != url:
        return body.model_copy(update={"url": with_scheme(url)})
    return body


# The service's words for a country its check does not take (the contract's x-values).
INVALID_COUNTRY = "Invalid country code. Please use a valid ISO 3166-1 alpha-2 country code."


def scrape_option_issues(
    payload: Any, where: tuple[str, ...] | None, countries: frozenset[str] = frozenset(), *, answers_at_once: bool = False
) -> list[dict[str, Any]]:
    """The service's rules across scrape options (after the schema accepted the body); ``where``
    the body carries them (``()``: at its top; None: nowhere) and ``countries`` the location codes
    it takes (the contract's ``x-values``; empty: any), from the table of operations. With
    ``answers_at_once`` (search) every result the body may ask for is scraped into one answer: its
    screenshots count once per result against one request's bound."""
    if where is None or not isinstance(payload, dict):
        return []
    options: Any = payload
    for key in where:
        options = options.get(key) if isinstance(options, dict) else None
    if not isinstance(options, dict):
        return []
    at: list[str | int] = list(where)
    found = []
    kinds = [f if isinstance(f, str) else f.get("type") for f in options.get("formats") or [] if isinstance(f, str | dict)]
    if kinds.count("screenshot") > 1:
        found.append(issue([*at, "formats"], "You may only specify one screenshot format"))
    if "changeTracking" in kinds and "markdown" not in kinds:
        found.append(issue([*at, "formats"], "The changeTracking format requires the markdown format to be specified as well"))
    if "json" in kinds and "deterministicJson" in kinds:
        found.append(issue([*at, "formats"], "Cannot specify both json and deterministicJson formats"))
    if "rawBase64" in kinds and len(kinds) > 1:
        found.append(issue([*at, "formats"], "The rawBase64 format cannot be combined with other formats"))
    wait_for = options.get("waitFor") or 0
    actions = options.get("actions")
    if isinstance(actions, list) and wait_for + _action_wait(actions) > ACTIONS_MAX_WAIT_MS:
        found.append(issue(at, f"Total wait time (waitFor + wait actions) cannot exceed {ACTIONS_MAX_WAIT_MS // 1000} seconds"))
    location = options.get("location")
    country = location.get("country") if isinstance(location, dict) else None
    if countries and isinstance(country, str) and country not in countries:
        found.append(issue([*at, "location", "country"], INVALID_COUNTRY))
    timeout = options.get("timeout")
    if wait_for and timeout and wait_for > timeout / 2:
        found.append(issue([*at, "waitFor"], "waitFor must not exceed half of timeout"))
    distinct, total = _screenshot_pixels(options)
    if answers_at_once:
        total *= _results_scraped(payload)
    if distinct > SCREENSHOT_PIXELS_MAX or total > SCREENSHOT_PIXELS_TOTAL_MAX:
        found.append(
            issue(
                at,
                f"The screenshots of one request may total at most {SCREENSHOT_PIXELS_TOTAL_MAX // 1_000_000} megapixels,"
                f" those of distinct size and quality {SCREENSHOT_PIXELS_MAX // 1_000_000} megapixels",
            )
        )
    return found


def _results_scraped(payload: dict[str, Any]) -> int:
    """How many results a search body may scrape at most: ``limit`` (default 5) of each scraped
    source (web and news; web when none is named)."""
    limit = payload.get("limit")
    sources = payload.get("sources")
    named = [s if isinstance(s, str) else s.get("type") for s in sources if isinstance(s, str | dict)] if isinstance(sources, list) else ["web"]
    return (limit if isinstance(limit, int) and limit > 0 else 5) * max(1, sum(kind in ("web", "news") for kind in named))


def _screenshot_pixels(options: dict[str, Any]) -> tuple[int, int]:
    """Pixels of the distinct screenshots (size and quality) the formats and actions ask for, and
    of all of them (identical ones each time)."""
    mobile = options.get("mobile") is True
    shots = [f for f in options.get("formats") or [] if isinstance(f, dict) and f.get("type") == "screenshot"]
    actions = options.get("actions")
    shots += [a for a in actions if isinstance(a, dict) and a.get("type") == "screenshot"] if isinstance(actions, list) else []
    distinct = set()
    total = 0
    for shot in shots:
        viewport = shot.get("viewport")
        size = None
        if isinstance(viewport, dict):
            width, height = viewport.get("width"), viewport.get("height")
            if not (isinstance(width, int) and isinstance(height, int)):
                continue
            size = (width, height)
        width, height = screenshot_size(viewport=size, full_page=shot.get("fullPage") is True, mobile=mobile)
        distinct.add((width, height, shot.get("quality")))
        total += width * height
    return sum(width * height for width, height, _ in distinct), total


# A header name is an HTTP token (RFC 9110 §5.1); webhook header names and metadata keys are at most this long.
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}")
_KEY_MAX = 256


def webhook_issues(payload: Any) -> list[dict[str, Any]]:
    """The webhook's header names and metadata keys, which the contract states but JSON Schema
    (propertyNames) cannot carry into the models: a name no HTTP request can carry is refused
    when the job starts, not found when its first event is sent."""
    webhook = payload.get("webhook") if isinstance(payload, dict) else None
    if not isinstance(webhook, dict):
        return []
    found = []
    for name in webhook.get("headers") or {}:
        if not _TOKEN.fullmatch(name):
            found.append(issue(["webhook", "headers", name[:64]], "A header name must be an HTTP token of at most 256 characters"))
    for key in webhook.get("metadata") or {}:
        if len(key) > _KEY_MAX:
            found.append(issue(["webhook", "metadata", key[:64]], f"A metadata key must be at most {_KEY_MAX} characters"))
    return found


def _action_wait(actions: list[Any]) -> int:
    """Milliseconds the wait actions add: their milliseconds, or 1 s for a wait on a selector."""
    total = 0
    for action in actions:
        if isinstance(action, dict) and action.get("type") == "wait":
            total += int(action.get("milliseconds") or 0) or (1000 if action.get("selector") else 0)
    return total
