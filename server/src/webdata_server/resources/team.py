"""/v2/team: token and credit usage of the current billing period, credit and token usage by month, and the
team's running jobs against its concurrency limit (/v2/concurrency-check) and its queue (/v2/team/queue-status)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import webdata_models as models

from webdata_server.domain import Team, iso, month_bounds, now_utc
from webdata_server.errors import InvalidRequest, NoUsageInformation
from webdata_server.resources.base import Call, Context, Operation, dump, remaining_tokens

__all__ = ["OPERATIONS"]


# Token and credit usage are written as their models dump them (tests/server/test_billing.py
# compares): a usage read is the cheapest request there is, and making and dumping its model was
# about a tenth of it (benchmarks/README.md).


def _period_usage(ctx: Context, call: Call) -> tuple[str, str, int, int]:
    """(period start, period end, plan tokens, remaining tokens) of the caller's team, the bounds
    as the models write them, from the period's running balance (one indexed row, whatever the
    ledger holds)."""
    team = call.caller.team
    if team.plan_tokens is None:
        raise NoUsageInformation()
    moment = now_utc()
    start, end = team.current_period(moment)
    period = (iso(start), iso(end), team.plan_tokens)
    # The balance changes only with a commit: read once per commit, for the period and plan.
    remaining = ctx.usage.get(ctx.store.db.commits, team.id, period, lambda: remaining_tokens(ctx, team, moment))
    return *_period_as_dumped(period[0], period[1]), team.plan_tokens, remaining


@lru_cache(maxsize=64)
def _period_as_dumped(start: str, end: str) -> tuple[str, str]:
    """A billing period's bounds as the models write them (their datetimes' JSON form)."""
    dumped = models.TokenUsage(billing_period_start=start, billing_period_end=end, plan_tokens=0, remaining_tokens=0).model_dump(mode="json", by_alias=True)
    return dumped["billingPeriodStart"], dumped["billingPeriodEnd"]


def token_usage(ctx: Context, call: Call) -> dict[str, Any]:
    start, end, plan, remaining = _period_usage(ctx, call)
    return {"data": {"billingPeriodEnd": end, "billingPeriodStart": start, "planTokens": plan, "remainingTokens": remaining}, "success": True}


def credit_usage(ctx: Context, call: Call) -> dict[str, Any]:
    # The same balance as token usage, in credits (rounded down).
    start, end, plan, remaining = _period_usage(ctx, call)
    rate = ctx.pricing.tokens_per_credit
    return {"data": {"billingPeriodEnd": end, "billingPeriodStart": start, "planCredits": plan // rate, "remainingCredits": remaining // rate}, "success": True}


def concurrency(ctx: Context, call: Call) -> dict[str, Any]:
    # The team's running jobs against its plan's limit (0: the plan sets none).
    team = call.caller.team
    return dump(models.ConcurrencyCheckResponse(success=True, concurrency=ctx.store.jobs.count_active(team.id), max_concurrency=team.max_concurrency))


def queue_status(ctx: Context, call: Call) -> dict[str, Any]:
    """The team's queue, as the service counts it: each page still to scrape, each running extract
    and agent job and each open browser session is a job; as many run as the plan's concurrency
    allows (all, with no limit), the rest wait."""
    team = call.caller.team
    # Its counts change only with a commit: read once per commit, not once per request (they sum
    # every active job of the team: 16,000 running extract jobs made each answer ~5 ms).
    return ctx.queues.get(ctx.store.db.commits, team.id, team.max_concurrency, lambda: _queue_status(ctx, team))


def _queue_status(ctx: Context, team: Team) -> dict[str, Any]:
    queued = ctx.store.jobs.queued_work(team.id) + ctx.store.browsers.count_active(team.id)
    limit = team.max_concurrency
    active = min(queued, limit) if limit > 0 else queued
    last = ctx.store.browsers.last_success(team.id)
    body = dump(
        models.QueueStatusResponse(
            success=True,
            jobs_in_queue=queued,
            active_jobs_in_queue=active,
            waiting_jobs_in_queue=queued - active,
            max_concurrency=limit,
            most_recent_success=iso(last) if last is not None else None,
        )
    )
    body.setdefault("mostRecentSuccess", None)  # null before the first success, as the service says it
    return body


def _by_api_key(call: Call) -> bool:
    raw = call.query.get("byApiKey", "false")
    if raw not in ("true", "false"):
        raise InvalidRequest()
    return raw == "true"


def _months(ctx: Context, call: Call, *, by_key: bool) -> list[tuple[str, str, str | None, int]]:
    """(start, end, key or None, credits) of every calendar month since the team was created,
    oldest first, per key when ``by_key``."""
    team = call.caller.team
    usage = ctx.store.ledger.monthly(team.id, by_key=by_key)
    keys: list[str | None] = list(ctx.store.teams.key_ids(team.id)) if by_key else [None]
    found = []
    month_start, _ = month_bounds(team.created_at)
    last_start, _ = month_bounds(now_utc())
    while month_start <= last_start:
        _, month_end = month_bounds(month_start)
        month = month_start.strftime("%Y-%m")
        found += [(iso(month_start), iso(month_end), key, usage.get((month, key), 0)) for key in keys]
        month_start = month_end
    return found


def historical(ctx: Context, call: Call) -> dict[str, Any]:
    periods = [
        models.CreditUsagePeriod(start_date=start, end_date=end, total_credits=credits, credits_used=credits, api_key=key)
        for start, end, key, credits in _months(ctx, call, by_key=_by_api_key(call))
    ]
    return dump(models.HistoricalCreditUsageResponse(success=True, periods=periods))


def historical_tokens(ctx: Context, call: Call) -> dict[str, Any]:
    # The query (byApiKey, which the SDKs send) is not read, as the service's controller reads none.
    rate = ctx.pricing.tokens_per_credit
    periods = [
        models.TokenUsagePeriod(start_date=start, end_date=end, tokens_used=credits * rate) for start, end, _, credits in _months(ctx, call, by_key=False)
    ]
    return dump(models.HistoricalTokenUsageResponse(success=True, periods=periods))


OPERATIONS = [
    Operation("getTokenUsage", None, token_usage, offload=False),
    Operation("getCreditUsage", None, credit_usage, offload=False),
    Operation("getHistoricalCreditUsage", None, historical),
    Operation("getHistoricalTokenUsage", None, historical_tokens),
    Operation("getConcurrency", None, concurrency, offload=False),
    Operation("getQueueStatus", None, queue_status, offload=False),
]
