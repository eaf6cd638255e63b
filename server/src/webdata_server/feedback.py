"""The service's feedback policy, from its public source (``endpointFeedbackSchema``,
``recordEndpointFeedback``, ``feedback_refund_v1``): which ratings are substantive, what a rating
refunds and how much a team is refunded a day. How long a request may be rated is the server's
``feedback_window`` setting (120 seconds, the service's).

Pure functions: :mod:`webdata_server.resources.feedback` reads the request and writes the feedback.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

__all__ = ["Policy", "alexandria_problems", "daily_cap", "desired_refund", "problems", "scrape_refund_class"]

_DAILY_CAP = 50  # FEEDBACK_DAILY_CAP_CREDITS
_SEARCH_DAILY_CAP = 100  # SEARCH_FEEDBACK_DAILY_CAP_CREDITS

SUBSTANTIVE = "Feedback must include at least one substantive signal: issues, note, sources, missingContent, querySuggestions, url, or pageNumbers."
SEARCH_SUBSTANTIVE = (
    "Feedback must be substantive. 'good' requires at least one valuableSources entry; 'partial' requires valuableSources or"
    " at least one missingContent entry; 'bad' requires at least one missingContent entry or querySuggestions."
)
GENERIC_SEARCH_SUBSTANTIVE = "Search " + SEARCH_SUBSTANTIVE[0].lower() + SEARCH_SUBSTANTIVE[1:]
_METADATA_BYTES = 8 * 1024


@dataclass(frozen=True)
class Policy:
    """A refund class's refund: ``flat`` credits, or ``percent`` of the cost capped at ``cap``, for
    the ``ratings`` it refunds."""

    ratings: tuple[str, ...]
    flat: int = 0
    percent: float = 0.0
    cap: int = 0


_POLICIES = {
    "search": Policy(("good", "partial", "bad"), flat=1),
    "map": Policy(("partial", "bad"), flat=1),
    "scrape_basic": Policy(("partial", "bad"), flat=1),
    "parse": Policy(("partial", "bad"), percent=0.25, cap=10),
    "scrape_pdf": Policy(("partial", "bad"), percent=0.25, cap=10),
    "scrape_json": Policy(("partial", "bad"), percent=0.25, cap=5),
    "scrape_addon": Policy(("partial", "bad"), percent=0.25, cap=5),
}


def _lists(options: dict[str, Any], key: str, value: str) -> bool:
    items = options.get(key)
    return isinstance(items, list) and any(item == value or (isinstance(item, dict) and item.get("type") == value) for item in items)


def scrape_refund_class(options: dict[str, Any]) -> str:
    """A scrape's refund class from its request as sent: a PDF parser, a json format, a screenshot
    or actions, else a plain scrape."""
    if _lists(options, "parsers", "pdf"):
        return "scrape_pdf"
    if _lists(options, "formats", "json"):
        return "scrape_json"
    if _lists(options, "formats", "screenshot") or options.get("actions"):
        return "scrape_addon"
    return "scrape_basic"


def desired_refund(refund_class: str, credits: int, rating: str) -> int:
    """What the rating would refund before the daily cap: never more than the request cost."""
    policy = _POLICIES[refund_class]
    if credits <= 0 or rating not in policy.ratings:
        return 0
    if policy.flat:
        return min(policy.flat, credits)
    return min(math.ceil(credits * policy.percent), policy.cap, credits)


def daily_cap(endpoint: str) -> int:
    return _SEARCH_DAILY_CAP if endpoint == "search" else _DAILY_CAP


def _search_substantive(body: dict[str, Any]) -> bool:
    sources, missing, suggestions = bool(body.get("valuableSources")), bool(body.get("missingContent")), bool(body.get("querySuggestions"))
    return {"good": sources, "partial": sources or missing, "bad": missing or suggestions}.get(body.get("rating", ""), False)


def _trimmed(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def problems(body: dict[str, Any], *, search_only: bool) -> list[str]:
    """The rules of the service's schema that a body valid for the contract's shapes breaks, in the
    service's words (strings are trimmed first, as its schema trims them)."""
    body = {key: _trimmed(value) for key, value in body.items()}
    found = []
    metadata = body.get("metadata")
    if metadata is not None:
        if len(json.dumps(metadata, separators=(",", ":"), ensure_ascii=False).encode("utf-8")) > _METADATA_BYTES:
            found.append("metadata must be 8KB or smaller")
    if search_only:
        if not _search_substantive(body):
            found.append(SEARCH_SUBSTANTIVE)
        return found
    signals = ("issues", "tags", "note", "valuableSources", "missingContent", "querySuggestions", "url", "pageNumbers")
    if not any(body.get(name) for name in signals):
        found.append(SUBSTANTIVE)
    if body.get("endpoint") == "search" and not _search_substantive(body):
        found.append(GENERIC_SEARCH_SUBSTANTIVE)
    return found


# (path, message, zod code) of a rule an Alexandria session's feedback breaks.
Problem = tuple[list[str | int], str, str]


def _blank_texts(value: Any, path: list[str | int]) -> list[Problem]:
    """The texts that are blank once trimmed (the service's schema trims, then wants 1 character)."""
    if isinstance(value, str):
        return [(path, "String must contain at least 1 character(s)", "too_small")] if not value.strip() else []
    if isinstance(value, dict):
        return [found for key, inner in value.items() for found in _blank_texts(inner, [*path, key])]
    if isinstance(value, list):
        return [found for index, inner in enumerate(value) for found in _blank_texts(inner, [*path, index])]
    return []


def alexandria_problems(body: dict[str, Any]) -> list[Problem]:
    """The rules of firecrawl-mcp's session feedback schema that a body of the contract's shapes
    breaks: no blank text (origin and integration aside), and a requested capability says what it
    should do."""
    found = _blank_texts({key: value for key, value in body.items() if key not in ("origin", "integration")}, [])
    for index, entry in enumerate(body.get("capabilityFeedback") or []):
        if entry["issue"] == "new_capability_request" and "requestedFunctionality" not in entry:
            found.append((["capabilityFeedback", index, "requestedFunctionality"], "Required for new_capability_request", "custom"))
    return found
