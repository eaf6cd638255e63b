"""The x-watch protocol on the crawl and batch scrape status paths (spec: getCrawlStatus,
getBatchScrapeStatus; spec/EXTENSIONS.md): a WebSocket that sends the job as it progresses.

Messages: ``catchup`` (the status when the socket opens, or a terminal state), ``document`` (each
page as it finishes, in order, with the job's ``progress``: status, completed, total, creditsUsed),
``done`` (the completed status), ``error``. Every store read runs in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from webdata_server.domain import TERMINAL, Job, JobKind, JobStatus
from webdata_server.ingress import bearer_key
from webdata_server.resources import Context

__all__ = ["watch_endpoint"]


def _catchup(ctx: Context, job: Job) -> tuple[dict[str, object], int]:
    """The status with every document finished so far, and how many pages that read."""
    body = ctx.jobs.engine.counted(job)
    documents: list[dict[str, object]] = []
    read = 0
    while True:
        more, after = ctx.jobs.engine.documents_after(job, read)
        if after == read:
            break
        documents += more
        read = after
    body["data"] = documents
    return body, read


def _progress(counted: dict[str, Any], sent: int) -> dict[str, object]:
    """Where the job stands, for a document message: its state and counters as a status read
    counts them (a failed page leaves both), never fewer pages completed than the documents sent."""
    completed = max(int(counted["completed"]), sent)
    return {"status": counted["status"], "completed": completed, "total": max(int(counted["total"]), completed), "creditsUsed": counted["creditsUsed"]}


# Close codes of the watch socket (RFC 6455 §7.4: 1000 normal, 1008 policy violation).
_DONE, _REFUSED = 1000, 1008


def _offered_key(websocket: WebSocket) -> tuple[str, str | None]:
    """The key a watcher offers, and the subprotocol to echo: firecrawl-py sends the
    Authorization header, firecrawl-js (like any browser) the key as the subprotocol."""
    key = bearer_key(websocket.headers)
    if key:
        return key, None
    offered = [p.strip() for p in websocket.headers.get("sec-websocket-protocol", "").split(",") if p.strip()]
    return (offered[0], offered[0]) if offered else ("", None)


# The watchers open now (their sockets' ids): a watcher ends when its job does, when its client
# goes away and when the server stops.
_OPEN: set[int] = set()


def open_watchers() -> int:
    """How many watch sockets are open."""
    return len(_OPEN)


async def _until_disconnect(websocket: WebSocket) -> None:
    """Read the client's side until it goes away (what it sends is ignored). A server that never
    reads would learn of a vanished client only from a failed send, which may never come while its
    job runs quietly; and the server's shutdown reaches a socket the same way."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


async def _follow(ctx: Context, websocket: WebSocket, job: Job, kind: JobKind, key: str) -> None:
    """Send the job as it progresses, then close; stop at once when ``key`` stops authenticating
    its team (revoked, or the team deleted), as a poll with it would be refused."""
    # catchup carries the status with every document finished so far (firecrawl-js ends on a
    # catchup of a finished job); each later document follows as its own message, and done
    # carries none (the SDKs' watchers gather catchup, document and done documents alike, so
    # each document is sent once).
    generation = ctx.store.db.auth.generation
    catchup, read = await run_in_threadpool(_catchup, ctx, job)
    sent = len(catchup["data"])  # type: ignore[arg-type]
    await websocket.send_json({"type": "catchup", "data": catchup})
    if job.status in TERMINAL and job.status != JobStatus.COMPLETED:
        await websocket.close(code=_DONE)
        return
    while True:
        documents, read = await run_in_threadpool(ctx.jobs.engine.documents_after, job, read)
        # The job read after its documents (a page's counters are written with it): each document
        # message says where the job stands, so a watcher's progress is the polled one (a crawl's
        # total as discovered, its credits) rather than one it guesses.
        refreshed = await run_in_threadpool(ctx.store.jobs.get, job.id, team_id=job.team_id, kind=kind)
        if refreshed is None:
            break
        job = refreshed
        counted = await run_in_threadpool(ctx.jobs.engine.counted, job) if documents else {}
        for document in documents:
            sent += 1
            await websocket.send_json({"type": "document", "data": document, "progress": _progress(counted, sent)})
        if read < job.completed:
            continue  # more finished pages than one read returns
        if job.status == JobStatus.COMPLETED:
            await websocket.send_json({"type": "done", "data": await run_in_threadpool(ctx.jobs.engine.counted, job)})
            break
        if job.status in TERMINAL:
            await websocket.send_json({"type": "catchup", "data": await run_in_threadpool(ctx.jobs.engine.counted, job)})
            break
        # On an auto clock a watcher moves the job one step (as a poll does); otherwise it waits.
        if not await run_in_threadpool(ctx.jobs.step_for, job.id):
            await asyncio.sleep(ctx.settings.worker_interval)
        if ctx.store.db.auth.generation != generation:
            generation = ctx.store.db.auth.generation
            caller = await run_in_threadpool(ctx.store.teams.authenticate, key)
            if caller is None or caller.team.id != job.team_id:
                await websocket.send_json({"type": "error", "error": "Unauthorized"})
                await websocket.close(code=_REFUSED)
                return
    await websocket.close(code=_DONE)


async def _first_to_end(scope: anyio.CancelScope, work: Callable[..., Awaitable[None]], *args: Any) -> None:
    try:
        await work(*args)
    except WebSocketDisconnect:
        pass  # the client went away in the middle of a send
    scope.cancel()


def watch_endpoint(context: Callable[[], Context], kind: JobKind) -> Callable[[WebSocket], Awaitable[None]]:
    async def watch(websocket: WebSocket) -> None:
        ctx = context()
        key, subprotocol = _offered_key(websocket)
        caller = await run_in_threadpool(ctx.store.teams.authenticate, key) if key else None
        await websocket.accept(subprotocol=subprotocol)
        job_id = websocket.path_params["id"]
        job = await run_in_threadpool(ctx.store.jobs.get, job_id, team_id=caller.team.id, kind=kind) if caller else None
        if caller is None or job is None:
            # The same answer for a bad key, an unknown job and another team's job.
            await websocket.send_json({"type": "error", "error": "Unauthorized" if caller is None else "Job not found"})
            await websocket.close(code=_REFUSED)
            return
        _OPEN.add(id(websocket))
        try:
            async with anyio.create_task_group() as group:
                # Whichever ends first ends the other: the job's course, or the client going away.
                group.start_soon(_first_to_end, group.cancel_scope, _follow, ctx, websocket, job, kind, key)
                group.start_soon(_first_to_end, group.cancel_scope, _until_disconnect, websocket)
        finally:
            _OPEN.discard(id(websocket))

    return watch
