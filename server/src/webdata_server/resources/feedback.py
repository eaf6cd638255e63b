"""/v2/feedback and /v2/search/{jobId}/feedback: a team's rating of a search, scrape, parse or map it
ran, recorded once per request, with the service's refunds (:mod:`webdata_server.feedback`) billed
as negative ledger rows in the same unit."""

from __future__ import annotations

import sqlite3
import uuid
from typing import Any

import webdata_models as models

from webdata_server import feedback
from webdata_server.domain import now_utc
from webdata_server.errors import FeedbackRefused, InvalidRequest, issue
from webdata_server.resources.base import Call, Context, Operation, Pending, check_job_id
from webdata_server.store.feedback import Feedback, RatedJob
from webdata_server.store.ledger import LedgerEntry

__all__ = ["OPERATIONS"]

LEDGER_OPERATION = "feedbackRefund"  # a refund's ledger rows (negative credits)
_ALREADY = "Feedback was already submitted for this job; no additional refund issued."


def _checked(body: dict[str, Any], *, search_only: bool) -> None:
    found = feedback.problems(body, search_only=search_only)
    if found:
        raise InvalidRequest(details=[issue([], message) for message in found])


def _record(ctx: Context, call: Call, *, endpoint: str, job_id: str, body: dict[str, Any]) -> Pending:
    caller = call.caller
    search = endpoint == "search"
    job = ctx.store.feedback.job(team_id=caller.team.id, endpoint=endpoint, job_id=job_id)
    if job is None:
        raise FeedbackRefused("searchNotFound" if search else "jobNotFound", error=f"{endpoint} job not found for this team.")
    moment, window = now_utc(), ctx.settings.feedback_window
    if (moment - job.created_at).total_seconds() > window:
        raise FeedbackRefused("windowExpired", error=f"Feedback must be submitted within {window:g} seconds of the job.")
    rating = str(body["rating"])
    desired = feedback.desired_refund(job.refund_class, job.credits, rating)
    cap = feedback.daily_cap(endpoint)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)

    def unit(tx: sqlite3.Connection) -> dict[str, Any]:
        before = Feedback.refunded_since(tx, caller.team.id, day)
        given = Feedback.given(tx, team_id=caller.team.id, endpoint=endpoint, job_id=job.id)
        if given is not None:
            return {
                "success": True,
                "feedbackId": given,
                "creditsRefunded": 0,
                "alreadySubmitted": True,
                "creditsRefundedToday": before,
                "dailyRefundCap": cap,
                "warning": _ALREADY,
            }
        refunded = min(desired, max(0, cap - before))
        feedback_id = str(uuid.uuid4())
        Feedback.record(tx, feedback_id=feedback_id, job=job, rating=rating, body=body, refunded=refunded, moment=moment)
        if refunded:
            ctx.store.ledger.add(tx, [LedgerEntry(caller.team.id, caller.key_id, LEDGER_OPERATION, -refunded, moment, job.id)])
        today = before + refunded
        answer: dict[str, Any] = {"success": True, "feedbackId": feedback_id, "creditsRefunded": refunded, "creditsRefundedToday": today, "dailyRefundCap": cap}
        if (desired > 0 and refunded == 0) or (cap > 0 and today >= cap):
            answer["dailyCapReached"] = True
            answer["warning"] = (
                f"Daily refund cap of {cap} credits reached for this team (UTC day). Feedback was recorded; further /feedback calls today will not refund credits."
            )
        return answer

    return Pending(ctx.store.submit(unit), lambda answer: dict(answer))


def submit(ctx: Context, call: Call) -> Pending:
    if isinstance(call.body, models.AlexandriaFeedbackRequest):
        return submit_alexandria(ctx, call)
    request: models.EndpointFeedbackRequest = call.body
    body = request.model_dump(mode="json", by_alias=True, exclude_unset=True)
    _checked(body, search_only=False)
    return _record(ctx, call, endpoint=str(body["endpoint"]), job_id=str(body["jobId"]), body=body)


def submit_alexandria(ctx: Context, call: Call) -> Pending:
    """Feedback on an Alexandria session: no job, no window, no refund; recorded for the journal."""
    body = call.body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    problems = feedback.alexandria_problems(body)
    if problems:
        raise InvalidRequest(details=[issue(path, message, code) for path, message, code in problems])
    caller, moment = call.caller, now_utc()
    feedback_id = str(uuid.uuid4())
    session = RatedJob(feedback_id, caller.team.id, "alexandria", 0, "alexandria", moment)
    cap = feedback.daily_cap("alexandria")
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)

    def unit(tx: sqlite3.Connection) -> dict[str, Any]:
        Feedback.record(tx, feedback_id=feedback_id, job=session, rating=str(body["rating"]), body=body, refunded=0, moment=moment)
        return {
            "success": True,
            "feedbackId": feedback_id,
            "creditsRefunded": 0,
            "creditsRefundedToday": Feedback.refunded_since(tx, caller.team.id, day),
            "dailyRefundCap": cap,
        }

    return Pending(ctx.store.submit(unit), lambda answer: dict(answer))


def submit_search(ctx: Context, call: Call) -> Pending:
    job_id = call.path["jobId"]
    check_job_id(job_id)
    request: models.SearchFeedbackRequest = call.body
    body = request.model_dump(mode="json", by_alias=True, exclude_unset=True)
    _checked(body, search_only=True)
    return _record(ctx, call, endpoint="search", job_id=job_id, body=body)


OPERATIONS = [
    Operation("submitFeedback", models.EndpointFeedbackRequest, submit, offload=False, forms={"requestedWebsite": models.AlexandriaFeedbackRequest}),
    Operation("submitSearchFeedback", models.SearchFeedbackRequest, submit_search, offload=False),
]
