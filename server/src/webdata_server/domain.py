"""The server's vocabulary: teams, callers, jobs with their kinds and states, charges, and time.

Nothing here knows about HTTP or SQL; every other module speaks these types.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

__all__ = [
    "ACTIVE",
    "TERMINAL",
    "Caller",
    "Charge",
    "Job",
    "JobKind",
    "JobStatus",
    "Team",
    "iso",
    "month_bounds",
    "now_utc",
    "parse_iso",
]


class JobKind(StrEnum):
    """What a job does; each kind has its own endpoints and its own initial state."""

    EXTRACT = "extract"
    BATCH_SCRAPE = "batch_scrape"
    CRAWL = "crawl"
    AGENT = "agent"

    @property
    def initial_status(self) -> JobStatus:
        """Seed §3: extract and agent jobs start `processing`, batch scrapes and crawls `scraping`."""
        return JobStatus.PROCESSING if self in (JobKind.EXTRACT, JobKind.AGENT) else JobStatus.SCRAPING


class JobStatus(StrEnum):
    """The states of seed §3 (the spec's ``x-states``)."""

    PROCESSING = "processing"
    SCRAPING = "scraping"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"


ACTIVE = frozenset({JobStatus.PROCESSING, JobStatus.SCRAPING})
TERMINAL = frozenset({JobStatus.COMPLETED, JobStatus.FAILED, JobStatus.CANCELLED})


def now_utc() -> datetime:
    return datetime.now(UTC)


@functools.lru_cache(maxsize=1024)  # a request formats the same instants several times, and every period's bounds
def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with milliseconds and a Z, as every timestamp of the API."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def month_bounds(moment: datetime) -> tuple[datetime, datetime]:
    """First instant of the calendar month (UTC) and first instant of the next."""
    start = moment.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (start + timedelta(days=32)).replace(day=1)
    return start, end


@dataclass(frozen=True)
class Team:
    """A team and its plan."""

    id: str
    name: str
    plan_tokens: int | None
    period_start: datetime
    period_end: datetime
    rate_limit_per_minute: int
    max_concurrency: int
    tp_enabled: bool
    tp_enforced: bool
    tp_overrides_disabled: bool
    created_at: datetime

    def current_period(self, moment: datetime) -> tuple[datetime, datetime]:
        """The billing period containing ``moment``: the configured one rolled forward by its length."""
        length = self.period_end - self.period_start
        start = self.period_start
        if moment >= start and length.total_seconds() > 0:
            steps = int((moment - start) / length)
            start = start + steps * length
        return start, start + length


@dataclass(frozen=True)
class Caller:
    """Who is asking: the team and the public identifier of the key used (key_…), never the secret."""

    team: Team
    key_id: str


@dataclass(frozen=True)
class Charge:
    """Credits one request owes for one operation; ``job_id`` when the charge starts a job."""

    operation: str
    credits: int
    job_id: str | None = None


@dataclass(frozen=True)
class Job:
    """A job of any kind."""

    id: str
    team_id: str
    key_id: str
    kind: JobKind
    status: JobStatus
    url: str | None
    request: dict[str, Any]
    result: Any
    total: int
    completed: int
    credits_used: int
    error: str | None
    created_at: datetime
    updated_at: datetime
    finishes_at: datetime

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    @property
    def expires_at(self) -> datetime:
        """Results are kept a day after the job was created."""
        return self.created_at + timedelta(days=1)
