"""Standalone browser sessions, driven by code.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.browser import create_browser as _create_browser
from ..api.browser import delete_browser as _delete_browser
from ..api.browser import execute_browser as _execute_browser
from ..api.browser import list_browsers as _list_browsers
from ..client import request_body
from ..sessions import AsyncBrowserSession, BrowserSession

__all__ = ["AsyncBrowser", "Browser"]


class Browser:
    """Standalone browser sessions, driven by code."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def create(
        self,
        *,
        activity_ttl: int | None = None,
        integration: str | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        record_session: bool | None = None,
        stream_web_view: bool | None = None,
        ttl: int | None = None,
    ) -> models.BrowserCreateResponse:
        """Start a browser session.

        ``POST /v2/browser`` (createBrowser).

        Args:
            activity_ttl: Seconds without a call after which the session ends.
            integration: The integration the request came through; recorded.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            record_session: Whether the session is recorded for replay; accepted (the reference server records nothing).
            stream_web_view: Whether the live view streams; recorded.
            ttl: Seconds the session lives.
        """
        return self._client._call(
            _create_browser.OPERATION,
            path={},
            query={},
            body=request_body(
                models.BrowserCreateRequest,
                {
                    "activity_ttl": activity_ttl,
                    "integration": integration,
                    "profile": profile,
                    "record_session": record_session,
                    "stream_web_view": stream_web_view,
                    "ttl": ttl,
                },
            ),
            result=models.BrowserCreateResponse,
        )

    def session(
        self,
        *,
        activity_ttl: int | None = None,
        integration: str | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        record_session: bool | None = None,
        stream_web_view: bool | None = None,
        ttl: int | None = None,
    ) -> BrowserSession:
        """Start a browser session (createBrowser), as a context manager: ``with client.browser.session() as session:``
        runs code with ``session.run(code)`` (executeBrowser) and stops the session when the block is left
        (deleteBrowser), whatever happens inside. A failed run is returned (``check=True`` raises ``ExecutionFailedError``).

        ``POST /v2/browser`` (createBrowser).

        Args:
            activity_ttl: Seconds without a call after which the session ends.
            integration: The integration the request came through; recorded.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            record_session: Whether the session is recorded for replay; accepted (the reference server records nothing).
            stream_web_view: Whether the live view streams; recorded.
            ttl: Seconds the session lives.
        """
        created = self.create(
            activity_ttl=activity_ttl,
            integration=integration,
            profile=profile,
            record_session=record_session,
            stream_web_view=stream_web_view,
            ttl=ttl,
        )
        return BrowserSession(str(created.id or ""), run=self.execute, stop=self.delete, created=created)

    def delete(self, id: str | UUID) -> models.BrowserDeleteResponse:
        """Stop a browser session.

        ``DELETE /v2/browser/{sessionId}`` (deleteBrowser).

        Args:
            id: The browser session's id (`id` of `POST /v2/browser`); an unknown id answers 404.
        """
        return self._client._call(
            _delete_browser.OPERATION, path={"sessionId": id}, query={}, body=None, result=models.BrowserDeleteResponse
        )

    def execute(
        self,
        id: str | UUID,
        code: str,
        *,
        language: Literal["python", "node", "bash"] | None = None,
        origin: str | None = None,
        timeout: int | None = None,
    ) -> models.BrowserExecuteResponse:
        """Run code in a browser session.

        ``POST /v2/browser/{sessionId}/execute`` (executeBrowser).

        Args:
            id: The browser session's id (`id` of `POST /v2/browser`); an unknown id answers 404.
            code: The code to run (at most 100,000 UTF-8 bytes).
            language: The language of `code`.
            origin: Who sent the request; recorded.
            timeout: Seconds the run may take.
        """
        return self._client._call(
            _execute_browser.OPERATION,
            path={"sessionId": id},
            query={},
            body=request_body(
                models.BrowserExecuteRequest, {"code": code, "language": language, "origin": origin, "timeout": timeout}
            ),
            result=models.BrowserExecuteResponse,
        )

    def list(self, *, status: Literal["active", "destroyed", "error"] | None = None) -> models.BrowserListResponse:
        """List the team's browser sessions.

        ``GET /v2/browser`` (listBrowsers).

        Args:
            status: Only the sessions in this state.
        """
        return self._client._call(
            _list_browsers.OPERATION, path={}, query={"status": status}, body=None, result=models.BrowserListResponse
        )


class AsyncBrowser:
    """Standalone browser sessions, driven by code."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def create(
        self,
        *,
        activity_ttl: int | None = None,
        integration: str | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        record_session: bool | None = None,
        stream_web_view: bool | None = None,
        ttl: int | None = None,
    ) -> models.BrowserCreateResponse:
        """Start a browser session.

        ``POST /v2/browser`` (createBrowser).

        Args:
            activity_ttl: Seconds without a call after which the session ends.
            integration: The integration the request came through; recorded.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            record_session: Whether the session is recorded for replay; accepted (the reference server records nothing).
            stream_web_view: Whether the live view streams; recorded.
            ttl: Seconds the session lives.
        """
        return await self._client._call(
            _create_browser.OPERATION,
            path={},
            query={},
            body=request_body(
                models.BrowserCreateRequest,
                {
                    "activity_ttl": activity_ttl,
                    "integration": integration,
                    "profile": profile,
                    "record_session": record_session,
                    "stream_web_view": stream_web_view,
                    "ttl": ttl,
                },
            ),
            result=models.BrowserCreateResponse,
        )

    def session(
        self,
        *,
        activity_ttl: int | None = None,
        integration: str | None = None,
        profile: models.Profile | Mapping[str, Any] | None = None,
        record_session: bool | None = None,
        stream_web_view: bool | None = None,
        ttl: int | None = None,
    ) -> AsyncBrowserSession:
        """Start a browser session (createBrowser), as a context manager: ``async with client.browser.session() as session:``
        runs code with ``session.run(code)`` (executeBrowser) and stops the session when the block is left
        (deleteBrowser), whatever happens inside. A failed run is returned (``check=True`` raises ``ExecutionFailedError``).

        ``POST /v2/browser`` (createBrowser).

        Args:
            activity_ttl: Seconds without a call after which the session ends.
            integration: The integration the request came through; recorded.
            profile: Persistent browser storage (cookies, localStorage) shared by the team's scrapes and sessions with the same name.
            record_session: Whether the session is recorded for replay; accepted (the reference server records nothing).
            stream_web_view: Whether the live view streams; recorded.
            ttl: Seconds the session lives.
        """
        return AsyncBrowserSession(
            None,
            run=self.execute,
            stop=self.delete,
            start=functools.partial(
                self.create,
                activity_ttl=activity_ttl,
                integration=integration,
                profile=profile,
                record_session=record_session,
                stream_web_view=stream_web_view,
                ttl=ttl,
            ),
        )

    async def delete(self, id: str | UUID) -> models.BrowserDeleteResponse:
        """Stop a browser session.

        ``DELETE /v2/browser/{sessionId}`` (deleteBrowser).

        Args:
            id: The browser session's id (`id` of `POST /v2/browser`); an unknown id answers 404.
        """
        return await self._client._call(
            _delete_browser.OPERATION, path={"sessionId": id}, query={}, body=None, result=models.BrowserDeleteResponse
        )

    async def execute(
        self,
        id: str | UUID,
        code: str,
        *,
        language: Literal["python", "node", "bash"] | None = None,
        origin: str | None = None,
        timeout: int | None = None,
    ) -> models.BrowserExecuteResponse:
        """Run code in a browser session.

        ``POST /v2/browser/{sessionId}/execute`` (executeBrowser).

        Args:
            id: The browser session's id (`id` of `POST /v2/browser`); an unknown id answers 404.
            code: The code to run (at most 100,000 UTF-8 bytes).
            language: The language of `code`.
            origin: Who sent the request; recorded.
            timeout: Seconds the run may take.
        """
        return await self._client._call(
            _execute_browser.OPERATION,
            path={"sessionId": id},
            query={},
            body=request_body(
                models.BrowserExecuteRequest, {"code": code, "language": language, "origin": origin, "timeout": timeout}
            ),
            result=models.BrowserExecuteResponse,
        )

    async def list(
        self, *, status: Literal["active", "destroyed", "error"] | None = None
    ) -> models.BrowserListResponse:
        """List the team's browser sessions.

        ``GET /v2/browser`` (listBrowsers).

        Args:
            status: Only the sessions in this state.
        """
        return await self._client._call(
            _list_browsers.OPERATION, path={}, query={"status": status}, body=None, result=models.BrowserListResponse
        )
