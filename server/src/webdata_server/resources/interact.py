"""/v2/scrape/{jobId}/interact: code or a prompt in the browser session of a scrape, and its end."""

from __future__ import annotations

from typing import Any

import webdata_models as models

from webdata_server.errors import BrowserRefused, InvalidJobId
from webdata_server.interact.sessions import session_links
from webdata_server.resources.base import _UUID, Call, Context, Operation, Pending, dump
from webdata_server.resources.browser import execute_answer

__all__ = ["OPERATIONS"]

# The session a scrape's first call makes when the body does not say (the service's defaults).
DEFAULT_TTL, DEFAULT_ACTIVITY_TTL = 600, 300


def _scrape_id(call: Call) -> str:
    scrape_id = call.path["jobId"]
    if not _UUID.match(scrape_id):
        raise InvalidJobId()
    return scrape_id.lower()


def run(ctx: Context, call: Call) -> Pending:
    body: models.InteractRequest = call.body
    scrape_id = _scrape_id(call)
    team = ctx.store.browsers.scrape_team(scrape_id)
    if team is None:
        raise BrowserRefused("jobNotFound")
    if team != call.caller.team.id:
        raise BrowserRefused("forbidden")
    sessions = ctx.sessions
    session = sessions.of_scrape(scrape_id)
    if session is None and body.existing_session_id:
        session = sessions.adopt(call.caller, body.existing_session_id, scrape_id)
    if session is None:
        scrape = ctx.store.browsers.scrape(scrape_id)
        if scrape is None:  # forgotten meanwhile (its retention ended)
            raise BrowserRefused("jobNotFound")
        profile = scrape.options.get("profile")
        session = sessions.open(
            call.caller,
            ttl=int(body.ttl or DEFAULT_TTL),
            activity_ttl=int(body.activity_ttl or DEFAULT_ACTIVITY_TTL),
            stream_web_view=True,
            profile=(str(profile["name"]), bool(profile.get("saveChanges", True))) if isinstance(profile, dict) and profile.get("name") else None,
            interact=True,
            scrape=scrape,
        )
    if session.team_id != call.caller.team.id:
        raise BrowserRefused("forbidden")
    if not session.active:
        raise BrowserRefused("destroyed")
    code = body.code if body.code else None
    ran = sessions.execute(session, code=code, prompt=body.prompt, language=body.language, timeout_s=float(body.timeout))
    links = session_links(call.base_url(), session.id)

    def then(written: bool) -> dict[str, Any]:
        outcome = ran.outcome(written)
        return {"success": not outcome.failed, "sessionId": session.id, **links} | execute_answer(outcome, interact=True)

    return Pending(ran.written, then)


def stop(ctx: Context, call: Call) -> dict[str, Any]:
    scrape_id = _scrape_id(call)
    session = ctx.store.browsers.of_scrape(scrape_id)
    if session is None:
        raise BrowserRefused("sessionNotFound")
    if session.team_id != call.caller.team.id:
        raise BrowserRefused("forbidden")
    ended = ctx.sessions.stop(session)
    answer = models.BrowserDeleteResponse(success=True, session_duration_ms=ended.duration_ms, cleanup_queued=True)
    if ended.now:
        answer.credits_billed = ended.credits
    return dump(answer)


OPERATIONS = [
    Operation("interactWithScrape", models.InteractRequest, run, runs=True),
    Operation("stopInteraction", None, stop),
]
