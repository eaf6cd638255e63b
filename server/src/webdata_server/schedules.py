"""A monitor's schedule: five-field cron, the words the service reads as cron, and the next run.

The service's rules (its ``monitoring/cron.ts``), as a user meets them: ``text`` is one of
``every N minutes`` (N dividing 60, optionally ``starting at :MM``), ``hourly`` / ``every hour``
(optionally ``at :MM``), ``every N hours`` (N dividing 24), ``daily`` / ``every day`` (optionally
``at H[:MM][am|pm]``), ``weekly`` / ``every week``; a cron has five fields of numbers, ``*``,
lists, ranges and steps (day of week 0-7, 7 being Sunday); the next run is the first minute after
now that matches in the schedule's time zone, and two runs must be at least 5 minutes apart.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = ["MIN_INTERVAL", "Cron", "ScheduleError", "next_run", "runs_per_month", "text_to_cron", "validate"]

MIN_INTERVAL = timedelta(minutes=5)
_SEARCH_LIMIT = timedelta(days=366)


class ScheduleError(ValueError):
    """A schedule that cannot run; the message is the service's."""


def _start_minute(value: str | None) -> int:
    if value is None:
        return 0
    minute = int(value)
    if not 0 <= minute <= 59:
        raise ScheduleError("Schedule start minute must be between 0 and 59")
    return minute


def text_to_cron(text: str) -> str:
    """The cron of a schedule in words, or :class:`ScheduleError` with the service's message."""
    words = re.sub(r"\s+", " ", re.sub(r"[.,]", "", text.strip().lower()))
    found = re.fullmatch(r"every (\d+) (?:minutes?|mins?)(?: (?:starting|start)(?: at| on)? :?(\d{1,2}))?", words)
    if found:
        interval = int(found[1])
        if not 0 < interval <= 60:
            raise ScheduleError("Minute interval must be between 1 and 60")
        if 60 % interval:
            raise ScheduleError("Minute interval must divide evenly into 60")
        start = _start_minute(found[2])
        return f"*/{interval} * * * *" if start == 0 else f"{start}-59/{interval} * * * *"
    found = re.fullmatch(r"(?:hourly|every hour)(?: (?:at|starting at) :?(\d{1,2}))?", words)
    if found:
        return f"{_start_minute(found[1])} * * * *"
    found = re.fullmatch(r"every (\d+) (?:hours?|hrs?)", words)
    if found:
        interval = int(found[1])
        if not 0 < interval <= 24:
            raise ScheduleError("Hour interval must be between 1 and 24")
        if 24 % interval:
            raise ScheduleError("Hour interval must divide evenly into 24")
        return f"0 */{interval} * * *"
    found = re.fullmatch(r"(?:daily|every day)(?: at (\d{1,2})(?::(\d{2}))?\s*(am|pm)?)?", words)
    if found:
        hour = 0 if found[1] is None else int(found[1])
        minute = 0 if found[2] is None else int(found[2])
        if found[3] is not None:
            if not 1 <= hour <= 12:
                raise ScheduleError("Daily schedule hour with am/pm must be between 1 and 12")
            hour = (0 if hour == 12 else hour) if found[3] == "am" else (12 if hour == 12 else hour + 12)
        if not 0 <= hour <= 23:
            raise ScheduleError("Daily schedule hour must be between 0 and 23")
        if not 0 <= minute <= 59:
            raise ScheduleError("Daily schedule minute must be between 0 and 59")
        return f"{minute} {hour} * * *"
    if words in ("weekly", "every week"):
        return "0 0 * * 0"
    raise ScheduleError("Unsupported schedule text. Try phrases like 'every 30 minutes', 'hourly', or 'daily at 9:00'")


def _field(text: str, low: int, high: int, name: str) -> frozenset[int]:
    """The values of one cron field; a refusal names the field, its text and its range (the
    service's "Invalid cron field", made to say which)."""
    values: set[int] = set()
    named = f'{name} "{text}" (allowed: {low}-{high}, *, lists, ranges and steps)'
    for part in text.split(","):
        span, _, step_text = part.partition("/")
        try:
            step = int(step_text) if step_text else 1
            if span == "*":
                start, end = low, high
            elif "-" in span:
                first, last = span.split("-", 1)
                start, end = int(first), int(last)
            else:
                start = end = int(span)
        except ValueError:
            raise ScheduleError(f"Invalid cron field: {named}") from None
        if step <= 0:
            raise ScheduleError(f'Invalid cron step: {name} "{text}" (a step is a whole number of at least 1)')
        if start < low or end > high or start > end:
            raise ScheduleError(f"Invalid cron field: {named}")
        values.update(range(start, end + 1, step))
    return frozenset(values)


@dataclass(frozen=True)
class Cron:
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]  # 0 = Sunday

    @classmethod
    def parse(cls, text: str) -> Cron:
        parts = text.split()
        if len(parts) != 5:
            raise ScheduleError("Cron expression must contain five fields")
        weekdays = _field(parts[4], 0, 7, "day-of-week")
        if 7 in weekdays:
            weekdays = (weekdays - {7}) | {0}
        return cls(
            _field(parts[0], 0, 59, "minute"),
            _field(parts[1], 0, 23, "hour"),
            _field(parts[2], 1, 31, "day-of-month"),
            _field(parts[3], 1, 12, "month"),
            weekdays,
        )

    def day_matches(self, local: datetime) -> bool:
        return local.day in self.days and local.month in self.months and (local.isoweekday() % 7) in self.weekdays


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ScheduleError(f"Invalid monitor schedule timezone: {name}") from None


def next_run(cron: str, after: datetime, zone: str = "UTC") -> datetime:
    """The first whole minute strictly after ``after`` that matches ``cron`` in ``zone`` (UTC)."""
    spec, tz = Cron.parse(cron), _zone(zone)
    candidate = after.astimezone(UTC).replace(second=0, microsecond=0) + timedelta(minutes=1)
    limit = candidate + _SEARCH_LIMIT
    while candidate < limit:
        local = candidate.astimezone(tz)
        if not spec.day_matches(local):
            candidate += timedelta(minutes=(60 - local.minute) if local.hour == 23 else (23 * 60 - local.hour * 60 - local.minute))
            continue
        if local.hour not in spec.hours:
            candidate += timedelta(minutes=60 - local.minute)
            continue
        if local.minute in spec.minutes:
            return candidate
        later = [m for m in spec.minutes if m > local.minute]
        candidate += timedelta(minutes=(min(later) - local.minute) if later else (60 - local.minute))
    raise ScheduleError("Cron expression did not produce a run within one year")


def validate(cron: str, zone: str, now: datetime) -> tuple[datetime, timedelta, timedelta | None]:
    """(the next run, the interval between the next two, the shortest interval of all:
    :func:`shortest_interval`), or :class:`ScheduleError` for a schedule
    that cannot run or that ever runs more often than every 5 minutes: every interval over a whole
    period of the expression is held to the minimum, not only the next two (``0-53,58-59 * * * *``
    made at 12:52 runs at 12:58, then 12:59)."""
    first = next_run(cron, now, zone)
    interval = next_run(cron, first, zone) - first
    shortest = shortest_interval(Cron.parse(cron))
    if interval < MIN_INTERVAL or (shortest is not None and shortest < MIN_INTERVAL):
        raise ScheduleError("Monitor schedule must not run more often than every 5 minutes")
    return first, interval, shortest


def shortest_interval(spec: Cron) -> timedelta | None:
    """The shortest time between two runs of ``spec`` on the wall clock of its zone: between two
    times of one day, and from a day's last run to the next day's first when two consecutive days
    both run; None when it runs once (a single time on days never consecutive)."""
    times = sorted(hour * 60 + minute for hour in spec.hours for minute in spec.minutes)
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    if times and _consecutive_days(spec):
        gaps.append(times[0] + 24 * 60 - times[-1])
    return timedelta(minutes=min(gaps)) if gaps else None


def _consecutive_days(spec: Cron) -> bool:
    """Whether two consecutive days both match the day fields: eight years of days, which holds
    every weekday on every date of a leap year's calendar."""
    day = datetime(2000, 1, 1, tzinfo=UTC)
    matched = False
    for _ in range(8 * 366):
        now_matches = spec.day_matches(day)
        if matched and now_matches:
            return True
        matched = now_matches
        day += timedelta(days=1)
    return False


def runs_per_month(interval: timedelta) -> int:
    return math.ceil(timedelta(days=30) / interval)
