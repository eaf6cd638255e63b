"""Scheduled checks of pages, sites and searches that report what changed.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.monitors import create_monitor as _create_monitor
from ..api.monitors import delete_monitor as _delete_monitor
from ..api.monitors import get_monitor as _get_monitor
from ..api.monitors import get_monitor_check as _get_monitor_check
from ..api.monitors import list_monitor_checks as _list_monitor_checks
from ..api.monitors import list_monitors as _list_monitors
from ..api.monitors import run_monitor as _run_monitor
from ..api.monitors import update_monitor as _update_monitor
from ..client import alast_status, awatch_job, last_status, request_body, watch_job
from ..types import JobSpec

__all__ = ["AsyncMonitors", "Monitors"]

_MONITORS_GET_CHECK_WAIT = JobSpec(
    status_path="/v2/monitor/{monitorId}/checks/{checkId}",
    terminal=("completed", "partial", "failed", "skipped_overlap", "skipped_no_credits"),
    failures=("failed",),
    pages=False,
    socket=False,
)


class Monitors:
    """Scheduled checks of pages, sites and searches that report what changed."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def create(
        self,
        name: str,
        schedule: models.MonitorScheduleInput | Mapping[str, Any],
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]],
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None = None,
    ) -> models.Monitor:
        """Create a monitor.

        ``POST /v2/monitor`` (createMonitor).

        Args:
            name: The monitor's name (emails and the dashboard show it).
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            webhook: Where a monitor's events are posted (`monitor.page`, `monitor.check.completed`).
        """
        return self._client._call(
            _create_monitor.OPERATION,
            path={},
            query={},
            body=request_body(
                models.MonitorCreateRequest,
                {
                    "name": name,
                    "schedule": schedule,
                    "targets": targets,
                    "goal": goal,
                    "judge_enabled": judge_enabled,
                    "notification": notification,
                    "origin": origin,
                    "retention_days": retention_days,
                    "webhook": webhook,
                },
            ),
            result=models.MonitorResponse,
        ).data

    def delete(self, id: str | UUID) -> models.MonitorDeleteResponse:
        """Delete a monitor.

        ``DELETE /v2/monitor/{monitorId}`` (deleteMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _delete_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorDeleteResponse
        )

    def get(self, id: str | UUID) -> models.Monitor:
        """Read a monitor.

        ``GET /v2/monitor/{monitorId}`` (getMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _get_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorResponse
        ).data

    def get_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        limit: int | None = None,
        skip: int | None = None,
        status: models.MonitorPageStatus | None = None,
    ) -> models.MonitorCheckDetailResponse:
        """Read a check with its pages, diffs and snapshots.

        ``GET /v2/monitor/{monitorId}/checks/{checkId}`` (getMonitorCheck).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            limit: At most this many pages (1 to 100, default 25).
            skip: How many pages to pass over.
            status: Only the pages in this state.
        """
        return self._client._call(
            _get_monitor_check.OPERATION,
            path={"monitorId": id, "checkId": check_id},
            query={"limit": limit, "skip": skip, "status": status},
            body=None,
            result=models.MonitorCheckDetailResponse,
        )

    def wait_for_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.MonitorCheckDetail], object] | None = None,
    ) -> models.MonitorCheckDetail:
        """Wait until ``get_check`` reads an ended status (completed, partial, failed, skipped_overlap, skipped_no_credits) and return it.

        ``on_status`` is called with each status as it changes (a progress display), the last one too.
        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). One that ends failed raises ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            poll_interval: Seconds between two reads (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when it ends in failure (default True); False returns it.
            on_status: Called with each status as it changes, the last one too.
        """

        def read() -> models.MonitorCheckDetail:
            return self.get_check(id, check_id).data

        statuses = watch_job(
            self._client._transport,
            _MONITORS_GET_CHECK_WAIT,
            str(check_id),
            poll=read,
            result=models.MonitorCheckDetail,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=False,
        )
        return last_status(statuses, on_status)

    def list(self, *, limit: int | None = None, offset: int | None = None) -> models.MonitorListResponse:
        """List the team's monitors.

        ``GET /v2/monitor`` (listMonitors).

        Args:
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
        """
        return self._client._call(
            _list_monitors.OPERATION,
            path={},
            query={"limit": limit, "offset": offset},
            body=None,
            result=models.MonitorListResponse,
        )

    def list_checks(
        self,
        id: str | UUID,
        *,
        limit: int | None = None,
        offset: int | None = None,
        status: models.MonitorCheckStatus | None = None,
    ) -> models.MonitorCheckListResponse:
        """List a monitor's checks.

        ``GET /v2/monitor/{monitorId}/checks`` (listMonitorChecks).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
            status: Only the checks in this state.
        """
        return self._client._call(
            _list_monitor_checks.OPERATION,
            path={"monitorId": id},
            query={"limit": limit, "offset": offset, "status": status},
            body=None,
            result=models.MonitorCheckListResponse,
        )

    def run(self, id: str | UUID) -> models.MonitorRunResponse:
        """Run a monitor's check now.

        ``POST /v2/monitor/{monitorId}/run`` (runMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self._client._call(
            _run_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorRunResponse
        )

    def update(
        self,
        id: str | UUID,
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        name: str | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        schedule: models.MonitorScheduleInput | Mapping[str, Any] | None = None,
        status: Literal["active", "paused"] | None = None,
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]] | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None | None = None,
    ) -> models.Monitor:
        """Change, pause or resume a monitor.

        ``PATCH /v2/monitor/{monitorId}`` (updateMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            name: The monitor's name (emails and the dashboard show it).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            status: paused stops scheduled checks; active resumes them.
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            webhook: The monitor's new webhook; null removes it.
        """
        return self._client._call(
            _update_monitor.OPERATION,
            path={"monitorId": id},
            query={},
            body=request_body(
                models.MonitorUpdateRequest,
                {
                    "goal": goal,
                    "judge_enabled": judge_enabled,
                    "name": name,
                    "notification": notification,
                    "origin": origin,
                    "retention_days": retention_days,
                    "schedule": schedule,
                    "status": status,
                    "targets": targets,
                    "webhook": webhook,
                },
            ),
            result=models.MonitorResponse,
        ).data

    def pause(self, id: str | UUID) -> models.Monitor:
        """Pause the monitor - its scheduled checks stop until it is resumed.

        ``update(id, status='paused')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self.update(id, status="paused")

    def resume(self, id: str | UUID) -> models.Monitor:
        """Resume the monitor - its checks run on its schedule again.

        ``update(id, status='active')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return self.update(id, status="active")


class AsyncMonitors:
    """Scheduled checks of pages, sites and searches that report what changed."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def create(
        self,
        name: str,
        schedule: models.MonitorScheduleInput | Mapping[str, Any],
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]],
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None = None,
    ) -> models.Monitor:
        """Create a monitor.

        ``POST /v2/monitor`` (createMonitor).

        Args:
            name: The monitor's name (emails and the dashboard show it).
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            webhook: Where a monitor's events are posted (`monitor.page`, `monitor.check.completed`).
        """
        return (
            await self._client._call(
                _create_monitor.OPERATION,
                path={},
                query={},
                body=request_body(
                    models.MonitorCreateRequest,
                    {
                        "name": name,
                        "schedule": schedule,
                        "targets": targets,
                        "goal": goal,
                        "judge_enabled": judge_enabled,
                        "notification": notification,
                        "origin": origin,
                        "retention_days": retention_days,
                        "webhook": webhook,
                    },
                ),
                result=models.MonitorResponse,
            )
        ).data

    async def delete(self, id: str | UUID) -> models.MonitorDeleteResponse:
        """Delete a monitor.

        ``DELETE /v2/monitor/{monitorId}`` (deleteMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self._client._call(
            _delete_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorDeleteResponse
        )

    async def get(self, id: str | UUID) -> models.Monitor:
        """Read a monitor.

        ``GET /v2/monitor/{monitorId}`` (getMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return (
            await self._client._call(
                _get_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorResponse
            )
        ).data

    async def get_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        limit: int | None = None,
        skip: int | None = None,
        status: models.MonitorPageStatus | None = None,
    ) -> models.MonitorCheckDetailResponse:
        """Read a check with its pages, diffs and snapshots.

        ``GET /v2/monitor/{monitorId}/checks/{checkId}`` (getMonitorCheck).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            limit: At most this many pages (1 to 100, default 25).
            skip: How many pages to pass over.
            status: Only the pages in this state.
        """
        return await self._client._call(
            _get_monitor_check.OPERATION,
            path={"monitorId": id, "checkId": check_id},
            query={"limit": limit, "skip": skip, "status": status},
            body=None,
            result=models.MonitorCheckDetailResponse,
        )

    async def wait_for_check(
        self,
        id: str | UUID,
        check_id: str | UUID,
        *,
        poll_interval: float | None = None,
        max_wait: float | None = 600.0,
        raise_on_failure: bool = True,
        on_status: Callable[[models.MonitorCheckDetail], object] | None = None,
    ) -> models.MonitorCheckDetail:
        """Wait until ``get_check`` reads an ended status (completed, partial, failed, skipped_overlap, skipped_no_credits) and return it.

        ``on_status`` is called with each status as it changes (a progress display), the last one too.
        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). One that ends failed raises ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            check_id: UUID of one of the monitor's checks; anything else answers 400.
            poll_interval: Seconds between two reads (default: the client's).
            max_wait: Seconds to wait at most (default 600; None: no deadline), then ``JobTimeoutError``.
            raise_on_failure: Raise ``JobFailedError`` when it ends in failure (default True); False returns it.
            on_status: Called with each status as it changes, the last one too.
        """

        async def read() -> models.MonitorCheckDetail:
            return (await self.get_check(id, check_id)).data

        statuses = awatch_job(
            self._client._transport,
            _MONITORS_GET_CHECK_WAIT,
            str(check_id),
            poll=read,
            result=models.MonitorCheckDetail,
            document=None,
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via="poll",
            sockets=False,
        )
        return await alast_status(statuses, on_status)

    async def list(self, *, limit: int | None = None, offset: int | None = None) -> models.MonitorListResponse:
        """List the team's monitors.

        ``GET /v2/monitor`` (listMonitors).

        Args:
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
        """
        return await self._client._call(
            _list_monitors.OPERATION,
            path={},
            query={"limit": limit, "offset": offset},
            body=None,
            result=models.MonitorListResponse,
        )

    async def list_checks(
        self,
        id: str | UUID,
        *,
        limit: int | None = None,
        offset: int | None = None,
        status: models.MonitorCheckStatus | None = None,
    ) -> models.MonitorCheckListResponse:
        """List a monitor's checks.

        ``GET /v2/monitor/{monitorId}/checks`` (listMonitorChecks).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            limit: At most this many items (1 to 100, default 25).
            offset: How many items to pass over.
            status: Only the checks in this state.
        """
        return await self._client._call(
            _list_monitor_checks.OPERATION,
            path={"monitorId": id},
            query={"limit": limit, "offset": offset, "status": status},
            body=None,
            result=models.MonitorCheckListResponse,
        )

    async def run(self, id: str | UUID) -> models.MonitorRunResponse:
        """Run a monitor's check now.

        ``POST /v2/monitor/{monitorId}/run`` (runMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self._client._call(
            _run_monitor.OPERATION, path={"monitorId": id}, query={}, body=None, result=models.MonitorRunResponse
        )

    async def update(
        self,
        id: str | UUID,
        *,
        goal: str | None = None,
        judge_enabled: bool | None = None,
        name: str | None = None,
        notification: models.MonitorNotification | Mapping[str, Any] | None = None,
        origin: str | None = None,
        retention_days: int | None = None,
        schedule: models.MonitorScheduleInput | Mapping[str, Any] | None = None,
        status: Literal["active", "paused"] | None = None,
        targets: Sequence[models.MonitorTarget | Mapping[str, Any]] | None = None,
        webhook: models.MonitorWebhook | Mapping[str, Any] | None | None = None,
    ) -> models.Monitor:
        """Change, pause or resume a monitor.

        ``PATCH /v2/monitor/{monitorId}`` (updateMonitor).

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
            goal: What matters in a change, for the judge (`judgeEnabled`, on by default when a goal is given).
            judge_enabled: Whether the judge rates each change against the goal (default: on when a goal is given).
            name: The monitor's name (emails and the dashboard show it).
            notification: Email summaries of checks with changes.
            origin: Where the request comes from (stored as the service stores it; no effect here).
            retention_days: Days a check is kept.
            schedule: When the monitor runs: exactly one of `cron` (five fields: minute, hour, day of month, month, day of week; `*`, lists, ranges and steps) or `text` (`every N minutes` with N dividing 60, optionally `starting at :MM`; `hourly` or `every hour`, optionally `at :MM`; `every N hours` with N dividing 24; `daily` or `every day`, optionally `at H[:MM][am|pm]`; `weekly` or `every week`), in `timezone` (an IANA name).
            status: paused stops scheduled checks; active resumes them.
            targets: What each check looks at (1 to 50 targets); each gets an `id` when it has none.
            webhook: The monitor's new webhook; null removes it.
        """
        return (
            await self._client._call(
                _update_monitor.OPERATION,
                path={"monitorId": id},
                query={},
                body=request_body(
                    models.MonitorUpdateRequest,
                    {
                        "goal": goal,
                        "judge_enabled": judge_enabled,
                        "name": name,
                        "notification": notification,
                        "origin": origin,
                        "retention_days": retention_days,
                        "schedule": schedule,
                        "status": status,
                        "targets": targets,
                        "webhook": webhook,
                    },
                ),
                result=models.MonitorResponse,
            )
        ).data

    async def pause(self, id: str | UUID) -> models.Monitor:
        """Pause the monitor - its scheduled checks stop until it is resumed.

        ``update(id, status='paused')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self.update(id, status="paused")

    async def resume(self, id: str | UUID) -> models.Monitor:
        """Resume the monitor - its checks run on its schedule again.

        ``update(id, status='active')``.

        Args:
            id: UUID of one of the team's monitors; another team's answers 404 as if it did not exist, anything but a UUID 400.
        """
        return await self.update(id, status="active")
