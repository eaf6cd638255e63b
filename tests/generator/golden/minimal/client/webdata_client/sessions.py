"""Browser sessions as context managers: ``with client.browser.session() as s:`` and
``with client.interact.session(scrape_id) as s:`` stop the session when the block is left (its
billing ends there), whatever happens inside.

A run that fails (code that throws, a prompt the agent cannot carry out, a timeout) is an answer,
not an HTTP error: ``run`` returns it, with ``success``/``exit_code``/``stderr`` saying so, as
``subprocess.run`` returns a failed process. ``check=True`` raises :class:`ExecutionFailedError`
(with the answer as ``result``) instead, as ``subprocess.run(check=True)`` does. HTTP refusals
(an ended session's 410, a 402, a 429) raise the client's usual ``APIStatusError`` subclasses.

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from types import TracebackType
from typing import Any

import webdata_models as models

from .errors import ExecutionFailedError

__all__ = ["AsyncBrowserSession", "BrowserSession", "failed"]


def failed(result: models.BrowserExecuteResponse) -> bool:
    """Whether a run failed: interact says ``success: false``; a standalone session's execute says
    ``success: true`` and carries the failure in ``exit_code``, ``killed`` and ``error``."""
    return not result.success or bool(result.exit_code) or bool(result.killed) or result.error is not None


def _checked(result: models.BrowserExecuteResponse, check: bool) -> models.BrowserExecuteResponse:
    if check and failed(result):
        raise ExecutionFailedError(result)
    return result


class BrowserSession:
    """One browser session: ``run`` code (or, on interact, a prompt) in it, ``stop`` it once.
    ``run`` and ``stop`` are the resource's operations, called with the session's id first."""

    def __init__(
        self,
        id: str,
        *,
        run: Callable[..., models.BrowserExecuteResponse],
        stop: Callable[[str], models.BrowserDeleteResponse],
        created: models.BrowserCreateResponse | None = None,
    ) -> None:
        self.id = id
        self.created = created  # the create answer (standalone sessions): cdp_url, expires_at
        self.stopped: models.BrowserDeleteResponse | None = None
        self._run = run
        self._stop = stop

    def run(self, code: str | None = None, *, check: bool = False, **options: Any) -> models.BrowserExecuteResponse:
        """Runs ``code`` (``language``, ``timeout``; interact also takes ``prompt``); ``check=True``
        raises :class:`ExecutionFailedError` when the run failed."""
        given = {name: value for name, value in options.items() if value is not None}
        if code is not None:
            given["code"] = code
        return _checked(self._run(self.id, **given), check)

    execute = run

    def stop(self) -> models.BrowserDeleteResponse:
        """Ends the session (once: a second call answers the first stop's answer)."""
        if self.stopped is None:
            self.stopped = self._stop(self.id)
        return self.stopped

    def __enter__(self) -> BrowserSession:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"BrowserSession(id={self.id!r}, stopped={self.stopped is not None})"


class AsyncBrowserSession:
    """:class:`BrowserSession` for ``AsyncWebdata``: ``async with client.browser.session() as s``
    (or ``s = await client.browser.session()``) makes the session on entering (``start``), then
    ``await s.run(...)``; leaving the block stops it."""

    def __init__(
        self,
        id: str | None,
        *,
        run: Callable[..., Awaitable[models.BrowserExecuteResponse]],
        stop: Callable[[str], Awaitable[models.BrowserDeleteResponse]],
        start: Callable[[], Awaitable[models.BrowserCreateResponse]] | None = None,
    ) -> None:
        self.id = id or ""
        self.created: models.BrowserCreateResponse | None = None
        self.stopped: models.BrowserDeleteResponse | None = None
        self._run = run
        self._stop = stop
        self._start = start

    async def open(self) -> AsyncBrowserSession:
        """Makes the session if it is not made yet (``async with`` and ``await`` call it)."""
        if self._start is not None and self.created is None:
            self.created = await self._start()
            self.id = str(self.created.id or "")
        return self

    def __await__(self) -> Generator[Any, None, AsyncBrowserSession]:
        return self.open().__await__()

    async def run(
        self, code: str | None = None, *, check: bool = False, **options: Any
    ) -> models.BrowserExecuteResponse:
        await self.open()
        given = {name: value for name, value in options.items() if value is not None}
        if code is not None:
            given["code"] = code
        return _checked(await self._run(self.id, **given), check)

    execute = run

    async def stop(self) -> models.BrowserDeleteResponse:
        await self.open()
        if self.stopped is None:
            self.stopped = await self._stop(self.id)
        return self.stopped

    async def __aenter__(self) -> AsyncBrowserSession:
        return await self.open()

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.stop()

    def __repr__(self) -> str:
        return f"AsyncBrowserSession(id={self.id!r}, stopped={self.stopped is not None})"
