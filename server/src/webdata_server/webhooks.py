"""Webhook delivery: the events of a job carrying ``webhook`` are POSTed to its receiver, in order.

The body is the contract's ``WebhookEvent`` (``success``, ``type`` such as ``crawl.page``, ``id``
of the job, ``webhookId`` of the delivery, ``data``, ``error``, ``metadata``); the request carries
the webhook's ``headers``. ``events`` filters by the part after the dot (``page``) or the full
type. Each job has its own queue and sender on the event loop, so a slow or failing receiver
delays only its own job's events: a delivery that fails (an error, a timeout or a status outside
2xx) is retried ``retries`` times with doubling backoff, then dropped with a warning. Every delivery
goes through the one outbound guard (:mod:`webdata_server.outbound`): its ``Reach`` is the server's
``--allow-local-webhooks`` (loopback only by default on a loopback host; link-local and metadata
addresses never), so a shared server cannot be pointed at its own network.
Deliveries are kept in memory: a restart loses those not yet made.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from webdata_server.domain import Job
from webdata_server.outbound import OutboundGuard, OutboundRefused, Reach, Resolver, system_resolver

if TYPE_CHECKING:
    import httpx

    from webdata_server.controls import Controls

__all__ = ["MAX_EVENT_BYTES", "WebhookDispatcher", "encode_event", "webhook_config"]

_log = logging.getLogger("webdata_server.webhooks")

# The largest event body sent: an event whose documents would make it larger goes out without them
# (``data`` empty, ``error`` saying so); the job's status has them. The contract bounds metadata and
# headers, which every event of a job repeats.
MAX_EVENT_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class _Config:
    url: str
    headers: dict[str, str]
    metadata: dict[str, Any] | None
    events: list[str] | None


def webhook_config(value: Any) -> _Config | None:
    """A job's ``webhook`` option (a URL or an object) as a configuration."""
    if isinstance(value, str):
        return _Config(value, {}, None, None)
    if isinstance(value, dict) and isinstance(value.get("url"), str):
        headers = value.get("headers") or {}
        return _Config(value["url"], {str(k): str(v) for k, v in headers.items()}, value.get("metadata"), value.get("events"))
    return None


def _wanted(config: _Config, event: str) -> bool:
    if not config.events:
        return True
    return event in config.events or event.split(".", 1)[1] in config.events


def encode_event(body: dict[str, Any]) -> bytes:
    """The event as JSON, at most :data:`MAX_EVENT_BYTES` (see there)."""
    content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    if len(content) <= MAX_EVENT_BYTES:
        return content
    trimmed = {**body, "data": [], "error": f"The event's documents exceed {MAX_EVENT_BYTES // 2**20} MiB: read them from the job's status"}
    return json.dumps(trimmed, ensure_ascii=False, separators=(",", ":")).encode()


class WebhookDispatcher:
    """Queues events per job (from any thread) and delivers them on the event loop."""

    def __init__(
        self,
        *,
        reach: Reach,
        timeout: float = 10.0,
        retries: int = 3,
        backoff: float = 1.0,
        resolver: Resolver = system_resolver,
        controls: Controls | None = None,
    ) -> None:
        self.guard = OutboundGuard(reach, resolver=resolver)
        # With test controls: every event lands in their inbox, only receivers on this machine are
        # sent to, and the retries' backoff runs on the controls' clock.
        self.controls = controls
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queues: dict[str, asyncio.Queue[dict[str, Any] | None]] = {}
        self._senders: set[asyncio.Task[None]] = set()
        self._client: httpx.AsyncClient | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()

    async def close(self) -> None:
        for task in list(self._senders):
            task.cancel()
        await asyncio.gather(*self._senders, return_exceptions=True)
        if self._client is not None:
            await self._client.aclose()

    def submit(self, job: Job, event: str, payload: dict[str, Any]) -> None:
        """Queue ``event`` of ``job`` (safe from any thread); nothing when the job has no webhook
        or its filter leaves the event out."""
        self.send(job.team_id, job.id, job.request.get("webhook"), event, payload)

    def send(self, team_id: str, subject_id: str, webhook: Any, event: str, payload: dict[str, Any]) -> None:
        """Queue ``event`` of the job or monitor check ``subject_id`` for ``webhook`` (a URL or a
        webhook object), after the earlier events of the same subject (safe from any thread)."""
        config = webhook_config(webhook)
        if config is None or self._loop is None or not _wanted(config, event):
            return
        body = {"success": payload.get("success", True), "type": event, "id": subject_id, "webhookId": str(uuid.uuid4()), "data": payload.get("data", [])}
        if payload.get("error"):
            body["error"] = payload["error"]
        if config.metadata is not None:
            body["metadata"] = config.metadata
        message = {"config": config, "body": body, "final": event.split(".", 1)[1] in ("completed", "failed", "cancelled", "check.completed")}
        if self.controls is not None and not self.controls.capture(url=config.url, headers=config.headers, body=body, team_id=team_id, job_id=subject_id):
            return
        self._loop.call_soon_threadsafe(self._enqueue, subject_id, message)

    def _enqueue(self, job_id: str, message: dict[str, Any]) -> None:
        queue = self._queues.get(job_id)
        if queue is None:
            queue = self._queues[job_id] = asyncio.Queue()
            task = asyncio.create_task(self._send_all(job_id, queue))
            self._senders.add(task)
            task.add_done_callback(self._senders.discard)
        queue.put_nowait(message)

    async def _send_all(self, job_id: str, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        while True:
            message = await queue.get()
            if message is None:
                return
            try:
                await self._deliver(message["config"], message["body"], job_id)
            except Exception:  # one event that cannot be sent never ends the job's sender
                _log.exception("webhook %s to %s not sent", message["body"].get("type"), _short(message["config"].url))
            finally:
                if self.controls is not None:
                    self.controls.delivered(job_id)
            if message["final"] and queue.empty():
                self._queues.pop(job_id, None)
                return

    async def _deliver(self, config: _Config, body: dict[str, Any], job_id: str | None = None) -> None:
        import httpx  # on the first delivery (a server that sends none never imports it)

        if self._client is None:  # made on the first delivery, on the loop: its TLS context took ~45 ms of every start
            self._client = httpx.AsyncClient(timeout=self.timeout, follow_redirects=False)
        content = encode_event(body)
        # Latin-1, as HTTP carries header values (the contract refuses anything else at the start).
        given = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in config.headers.items() if name.lower() != "host"]
        if not any(name.lower() == b"content-type" for name, _ in given):
            given.insert(0, (b"Content-Type", b"application/json"))
        for attempt in range(self.retries + 1):
            try:
                response = await self.guard.post(self._client, config.url, content=content, headers=given)
                if 200 <= response.status_code < 300:
                    return
                problem = f"status {response.status_code}"
            except OutboundRefused as refused:
                # The advice only where it helps: a receiver on this machine or the private network.
                advice = " (loopback and private receivers: serve --allow-local-webhooks)" if refused.non_public else ""
                _log.warning("webhook to %s not sent: %s%s", _short(config.url), _short(str(refused)), advice)
                return
            except (httpx.HTTPError, httpx.InvalidURL, ValueError, UnicodeError) as error:
                problem = type(error).__name__
            if attempt < self.retries:
                if self.controls is not None:
                    await self.controls.sleep(self.backoff * 2**attempt, job_id=job_id)
                else:
                    await asyncio.sleep(self.backoff * 2**attempt)
        _log.warning("webhook %s to %s dropped after %d attempts (%s)", body["type"], _short(config.url), self.retries + 1, problem)


def _short(text: str, limit: int = 200) -> str:
    """A URL (or a message quoting one) as a log line carries it: its first ``limit`` characters."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"
