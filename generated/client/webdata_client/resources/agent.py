"""Autonomous data gathering jobs.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models
from pydantic import BaseModel

from .._base_client import AsyncClient, SyncClient
from ..api.agent import cancel_agent as _cancel_agent
from ..api.agent import get_agent_snapshot as _get_agent_snapshot
from ..api.agent import get_agent_status as _get_agent_status
from ..api.agent import get_agent_thread as _get_agent_thread
from ..api.agent import get_agent_trace as _get_agent_trace
from ..api.agent import list_agents as _list_agents
from ..api.agent import start_agent as _start_agent
from ..client import alast_status, awatch_job, last_status, request_body, watch_job
from ..types import JobSpec

__all__ = ["AsyncAgent", "Agent"]

_AGENT_JOB = JobSpec(
    status_path="/v2/agent/{id}",
    terminal=("completed", "failed", "cancelled"),
    failures=("failed", "cancelled"),
    pages=False,
    socket=False,
)


class Agent:
    """Autonomous data gathering jobs."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def cancel(self, id: str | UUID) -> models.AgentCancelResponse:
        """Cancel an agent job.

        ``DELETE /v2/agent/{jobId}`` (cancelAgent).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return self._client._call(
            _cancel_agent.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentCancelResponse
        )

    def get_snapshot(self, id: str | UUID, snapshot_id: str | UUID) -> models.AgentSnapshotResponse:
        """Read an artifact as it stood at one step of a run.

        ``GET /v2/agent/{jobId}/snapshots/{snapshotId}`` (getAgentSnapshot).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            snapshot_id: A `snapshotId` of the run's trace.
        """
        return self._client._call(
            _get_agent_snapshot.OPERATION,
            path={"jobId": id, "snapshotId": snapshot_id},
            query={},
            body=None,
            result=models.AgentSnapshotResponse,
        )

    def get_status(self, id: str | UUID) -> models.AgentStatusResponse:
        """Read an agent job's status and result.

        ``GET /v2/agent/{jobId}`` (getAgentStatus).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return self._client._call(
            _get_agent_status.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentStatusResponse
        )

    def get_thread(self, id: str | UUID, *, include_data: bool | None = None) -> models.AgentThreadResponse:
        """Read a conversation with the agent and its runs.

        ``GET /v2/agent/threads/{threadId}`` (getAgentThread).

        Args:
            id: The thread's id, as the start and status of its runs answer it.
            include_data: `true` inlines each succeeded run's data.
        """
        return self._client._call(
            _get_agent_thread.OPERATION,
            path={"threadId": id},
            query={"includeData": include_data},
            body=None,
            result=models.AgentThreadResponse,
        )

    def get_trace(self, id: str | UUID, *, live_view: bool | None = None) -> models.AgentTraceResponse:
        """Read what an agent run did, step by step.

        ``GET /v2/agent/{jobId}/trace`` (getAgentTrace).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            live_view: `true` adds the run's open browser sessions with their live view addresses.
        """
        return self._client._call(
            _get_agent_trace.OPERATION,
            path={"jobId": id},
            query={"liveView": live_view},
            body=None,
            result=models.AgentTraceResponse,
        )

    def list(self, *, before: str | None = None) -> models.AgentListResponse:
        """List the team's agent runs.

        ``GET /v2/agent`` (listAgents).

        Args:
            before: Only runs created before this Unix time in milliseconds.
        """
        return self._client._call(
            _list_agents.OPERATION, path={}, query={"before": before}, body=None, result=models.AgentListResponse
        )

    def start(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
    ) -> models.AgentStartResponse:
        """Start an agent job.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            zero_data_retention: Keep nothing of the request or its result after answering; accepted, the reference server keeps the job as any other.
        """
        return self._client._call(
            _start_agent.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AgentRequest,
                {
                    "prompt": prompt,
                    "audit_metadata": audit_metadata,
                    "effort": effort,
                    "exchange": exchange,
                    "integration": integration,
                    "location": location,
                    "max_credits": max_credits,
                    "mode": mode,
                    "model": model,
                    "origin": origin,
                    "schema": schema,
                    "strict_constrain_to_urls": strict_constrain_to_urls,
                    "thread_id": thread_id,
                    "threat_protection": threat_protection,
                    "urls": urls,
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            result=models.AgentStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> Iterator[models.AgentStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.agent.watch(id): print(status.status)``: the
        last status is the terminal one, with its result.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
        """
        return watch_job(
            self._client._transport,
            _AGENT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.AgentStatusResponse,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=self._client._sockets,
        )

    def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Wait until the job reaches a terminal state and return that status (its result).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(id, poll_interval=poll_interval, max_wait=max_wait, raise_on_failure=raise_on_failure)
        return last_status(watched, on_status)

    def __call__(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Start an agent job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            zero_data_retention: Keep nothing of the request or its result after answering; accepted, the reference server keeps the job as any other.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = self.start(
            prompt=prompt,
            audit_metadata=audit_metadata,
            effort=effort,
            exchange=exchange,
            integration=integration,
            location=location,
            max_credits=max_credits,
            mode=mode,
            model=model,
            origin=origin,
            schema=schema,
            strict_constrain_to_urls=strict_constrain_to_urls,
            thread_id=thread_id,
            threat_protection=threat_protection,
            urls=urls,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
        )
        return self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions


class AsyncAgent:
    """Autonomous data gathering jobs."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def cancel(self, id: str | UUID) -> models.AgentCancelResponse:
        """Cancel an agent job.

        ``DELETE /v2/agent/{jobId}`` (cancelAgent).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return await self._client._call(
            _cancel_agent.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentCancelResponse
        )

    async def get_snapshot(self, id: str | UUID, snapshot_id: str | UUID) -> models.AgentSnapshotResponse:
        """Read an artifact as it stood at one step of a run.

        ``GET /v2/agent/{jobId}/snapshots/{snapshotId}`` (getAgentSnapshot).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            snapshot_id: A `snapshotId` of the run's trace.
        """
        return await self._client._call(
            _get_agent_snapshot.OPERATION,
            path={"jobId": id, "snapshotId": snapshot_id},
            query={},
            body=None,
            result=models.AgentSnapshotResponse,
        )

    async def get_status(self, id: str | UUID) -> models.AgentStatusResponse:
        """Read an agent job's status and result.

        ``GET /v2/agent/{jobId}`` (getAgentStatus).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
        """
        return await self._client._call(
            _get_agent_status.OPERATION, path={"jobId": id}, query={}, body=None, result=models.AgentStatusResponse
        )

    async def get_thread(self, id: str | UUID, *, include_data: bool | None = None) -> models.AgentThreadResponse:
        """Read a conversation with the agent and its runs.

        ``GET /v2/agent/threads/{threadId}`` (getAgentThread).

        Args:
            id: The thread's id, as the start and status of its runs answer it.
            include_data: `true` inlines each succeeded run's data.
        """
        return await self._client._call(
            _get_agent_thread.OPERATION,
            path={"threadId": id},
            query={"includeData": include_data},
            body=None,
            result=models.AgentThreadResponse,
        )

    async def get_trace(self, id: str | UUID, *, live_view: bool | None = None) -> models.AgentTraceResponse:
        """Read what an agent run did, step by step.

        ``GET /v2/agent/{jobId}/trace`` (getAgentTrace).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            live_view: `true` adds the run's open browser sessions with their live view addresses.
        """
        return await self._client._call(
            _get_agent_trace.OPERATION,
            path={"jobId": id},
            query={"liveView": live_view},
            body=None,
            result=models.AgentTraceResponse,
        )

    async def list(self, *, before: str | None = None) -> models.AgentListResponse:
        """List the team's agent runs.

        ``GET /v2/agent`` (listAgents).

        Args:
            before: Only runs created before this Unix time in milliseconds.
        """
        return await self._client._call(
            _list_agents.OPERATION, path={}, query={"before": before}, body=None, result=models.AgentListResponse
        )

    async def start(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
    ) -> models.AgentStartResponse:
        """Start an agent job.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            zero_data_retention: Keep nothing of the request or its result after answering; accepted, the reference server keeps the job as any other.
        """
        return await self._client._call(
            _start_agent.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AgentRequest,
                {
                    "prompt": prompt,
                    "audit_metadata": audit_metadata,
                    "effort": effort,
                    "exchange": exchange,
                    "integration": integration,
                    "location": location,
                    "max_credits": max_credits,
                    "mode": mode,
                    "model": model,
                    "origin": origin,
                    "schema": schema,
                    "strict_constrain_to_urls": strict_constrain_to_urls,
                    "thread_id": thread_id,
                    "threat_protection": threat_protection,
                    "urls": urls,
                    "webhook": webhook,
                    "zero_data_retention": zero_data_retention,
                },
            ),
            result=models.AgentStartResponse,
        )

    def watch(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
    ) -> AsyncIterator[models.AgentStatusResponse]:
        """The job's status each time it changes, until a terminal state (completed, failed, cancelled).

        ``for status in client.agent.watch(id): print(status.status)``: the
        last status is the terminal one, with its result.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
        """
        return awatch_job(
            self._client._transport,
            _AGENT_JOB,
            str(id),
            poll=lambda: self.get_status(id),
            result=models.AgentStatusResponse,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=self._client._sockets,
        )

    async def wait(
        self,
        id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Wait until the job reaches a terminal state and return that status (its result).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.

        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends failed or cancelled raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: The job's id, as its start returned it.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        watched = self.watch(id, poll_interval=poll_interval, max_wait=max_wait, raise_on_failure=raise_on_failure)
        return await alast_status(watched, on_status)

    async def __call__(
        self,
        prompt: str,
        *,
        audit_metadata: models.AuditMetadata | Mapping[str, Any] | None = None,
        effort: Literal["low", "medium", "high"] | None = None,
        exchange: models.AgentExchange | Mapping[str, Any] | None = None,
        integration: str | None = None,
        location: models.Location | Mapping[str, Any] | None = None,
        max_credits: int | None = None,
        mode: Literal["extract", "chat"] | None = None,
        model: str | None = None,
        origin: str | None = None,
        schema: Mapping[str, Any] | type[BaseModel] | None = None,
        strict_constrain_to_urls: bool | None = None,
        thread_id: str | None = None,
        threat_protection: models.ThreatProtectionOverride | Mapping[str, Any] | None = None,
        urls: Sequence[str] | None = None,
        webhook: models.AgentWebhook | Mapping[str, Any] | None = None,
        zero_data_retention: bool | None = None,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.AgentStatusResponse], object] | None = None,
    ) -> models.AgentStatusResponse:
        """Start an agent job, then ``wait`` for it to end; returns the terminal status.

        ``POST /v2/agent`` (startAgent).

        Args:
            prompt: What to find.
            audit_metadata: Audit information attached to the request.
            effort: How hard the agent tries; accepted.
            exchange: Options forwarded to the agent's tool exchange (the service owns every default); accepted, no effect on the synthetic result.
            integration: The integration the request came through, if any (a name of the service's integrations enum, or any name starting with `_`, as its newest source takes them in apps/api/src/utils/integration.ts); recorded, no effect.
            location: Emulated location; an appropriate proxy is used where available and language and timezone are emulated.
            max_credits: Credits the agent may spend at most.
            mode: The agent's mode; accepted.
            model: The agent model to run; the reference server has one.
            origin: Who sent the request (the official SDKs send their name and version); recorded, no effect.
            schema: JSON Schema of the result (a pydantic model class is taken too).
            strict_constrain_to_urls: Visit only the pages of urls.
            thread_id: Continues an earlier conversation; accepted.
            threat_protection: Per-request override of the team's threat-protection policy; supplied fields replace the team's for this request only.
            urls: Pages to start from (or to stay on.
            webhook: Where the events of an agent or extract job are posted: `<kind>.started` when it starts, `<kind>.completed`, `<kind>.failed` or `<kind>.cancelled` when it ends (`events` filters them; `action` is accepted, and the synthetic jobs take no actions).
            zero_data_retention: Keep nothing of the request or its result after answering; accepted, the reference server keeps the job as any other.
            poll_interval: Seconds between two reads of the status while polling (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.
            on_status: Called with each status as it changes, the last one too.
        """
        started = await self.start(
            prompt=prompt,
            audit_metadata=audit_metadata,
            effort=effort,
            exchange=exchange,
            integration=integration,
            location=location,
            max_credits=max_credits,
            mode=mode,
            model=model,
            origin=origin,
            schema=schema,
            strict_constrain_to_urls=strict_constrain_to_urls,
            thread_id=thread_id,
            threat_protection=threat_protection,
            urls=urls,
            webhook=webhook,
            zero_data_retention=zero_data_retention,
        )
        return await self.wait(
            str(started.id),
            poll_interval=poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            on_status=on_status,
        )

    start_and_wait = __call__  # the name of earlier versions
