"""The numbers and names the controls take: each in its range (a number outside answers 400, never
a 500 from a datetime, a sleep or a counter past what it can hold), a mistyped operation answered
with the ones it may mean."""

from __future__ import annotations

import difflib
import math
import re
from datetime import UTC, datetime
from typing import Any

__all__ = [
    "LATEST",
    "MAX_ADVANCE_SECONDS",
    "MAX_COUNT",
    "MAX_DELAY_SECONDS",
    "MAX_PLAN_TOKENS",
    "MAX_TEAM_NAME_CHARS",
    "FaultError",
    "camel",
    "number",
    "suggestions",
    "whole",
]


class FaultError(ValueError):
    """A control call that cannot be done: a fault the service could not produce (an unknown
    operation, a status the operation never answers), a number out of its range."""


MAX_ADVANCE_SECONDS = 100 * 366 * 24 * 3600  # a hundred years of the manual clock in one move
MAX_DELAY_SECONDS = 600.0  # a fault's delay: the longest a client's timeout waits here
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # the clock's end: jobs, keys and retention add up to years to it
MAX_PLAN_TOKENS = 10**15  # a team's tokens a period (null: no limit)
MAX_TEAM_NAME_CHARS = 200
MAX_COUNT = 1_000_000  # a fault's times and after, an answer's Retry-After


def number(body: dict[str, Any], name: str, default: Any, *, high: float, integer: bool = False, low: float = 0) -> Any:
    """``body[name]`` (or ``default`` when absent or null), a finite number within [low, high]."""
    value = body.get(name)
    if value is None:
        return default
    span = f"from {_shown(low)} to {_shown(high)}"
    if isinstance(value, bool) or not isinstance(value, int | float) or (integer and isinstance(value, float) and not value.is_integer()):
        raise FaultError(f"{name}: a {'whole ' if integer else ''}number {span}")
    if (isinstance(value, float) and not math.isfinite(value)) or not low <= value <= high:  # an int of any size compares exactly
        raise FaultError(f"{name}: {value!r} is out of range: {span}")
    return int(value) if integer else float(value)


def _shown(bound: float) -> str:
    return f"{int(bound):,}" if float(bound).is_integer() else f"{bound:g}"


def whole(value: str | None, default: int, name: str) -> int:
    if value is None:
        return default
    if not value.isdigit():
        raise FaultError(f"{name}: a whole number, 0 or more")
    return int(value)


def _words(name: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name)}


def suggestions(name: str, known: list[str]) -> list[str]:
    """The operationIds a mistyped ``name`` may mean: those spelled alike (difflib) and those
    sharing one of its words (``crawlUrls``: ``startCrawl``, ``getCrawlStatus``), likest first."""
    words = _words(name)
    alike = set(difflib.get_close_matches(name, known, n=3, cutoff=0.5)) | {k for k in known if words & _words(k)}
    return sorted(alike, key=lambda k: (-len(words & _words(k)), -difflib.SequenceMatcher(None, name.lower(), k.lower()).ratio()))[:5]


def camel(values: dict[str, Any]) -> dict[str, Any]:
    """The keys of a record as the control endpoints answer them (``team_id``: ``teamId``)."""
    return {re.sub(r"_(\w)", lambda m: m.group(1).upper(), k): v for k, v in values.items()}
