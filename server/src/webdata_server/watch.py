"""The x-watch protocol on the crawl and batch scrape status paths (spec: getCrawlStatus,
getBatchScrapeStatus; spec/EXTENSIONS.md): a WebSocket that sends the job as it progresses.

Messages: ``catchup`` (the status when the socket opens, or a terminal state), ``document`` (each
new page), ``done`` (the completed status), ``error``. Every store read runs in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from webdata_server.domain import TERMINAL, JobKind, JobStatus
from webdata_server.ingress import bearer_key
from webdata_server.resources import Context
from webdata_server.resources.base import job_status

__all__ = ["watch_endpoint"]

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
        sent_documents = 0
        first = True
        try:
            while True:
                job = await run_in_threadpool(ctx.advance, job)
                status = job_status(job)
                documents = status.get("data", [])
                if job.status == JobStatus.COMPLETED:
                    await websocket.send_json({"type": "done", "data": status})
                    break
                if first or job.status in TERMINAL:
                    await websocket.send_json({"type": "catchup", "data": status})
                    first = False
                    if job.status in TERMINAL:
                        break
                for document in documents[sent_documents:]:
                    await websocket.send_json({"type": "document", "data": document})
                sent_documents = len(documents)
                await asyncio.sleep(ctx.settings.worker_interval)
                refreshed = await run_in_threadpool(ctx.store.jobs.get, job.id, team_id=job.team_id, kind=kind)
                if refreshed is None:
                    break
                job = refreshed
            await websocket.close(code=_DONE)
        except WebSocketDisconnect:
            return

    return watch
