"""Browser sessions bound to a scrape, driven by code or a prompt.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from typing import Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.interact import interact_with_scrape as _interact_with_scrape
from ..api.interact import stop_interaction as _stop_interaction
from ..client import request_body
from ..sessions import AsyncBrowserSession, BrowserSession

__all__ = ["AsyncInteract", "Interact"]


class Interact:
    """Browser sessions bound to a scrape, driven by code or a prompt."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def run(
        self,
        id: str | UUID,
        *,
        activity_ttl: float | None = None,
        code: str | None = None,
        existing_session_id: str | None = None,
        integration: str | None = None,
        language: Literal["python", "node", "bash"] | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        timeout: float | None = None,
        ttl: float | None = None,
    ) -> models.BrowserExecuteResponse:
        """Run code or a prompt in the browser session of a scrape.

        ``POST /v2/scrape/{jobId}/interact`` (interactWithScrape).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
            activity_ttl: Seconds without a call after which the session ends, when this call makes it (default 300).
            code: The code to run: Playwright with a `page` (node, python) or agent-browser commands (bash).
            existing_session_id: An open session of the team (from POST /v2/browser) to adopt for this scrape instead of making one.
            integration: The integration the request came through; recorded.
            language: The language of `code`.
            origin: Who sent the request; recorded.
            prompt: What the browser agent should do.
            timeout: Seconds the run may take; a run over it is killed (`killed` true).
            ttl: Seconds the session lives, when this call makes it (default 600).
        """
        return self._client._call(
            _interact_with_scrape.OPERATION,
            path={"jobId": id},
            query={},
            body=request_body(
                models.InteractRequest,
                {
                    "activity_ttl": activity_ttl,
                    "code": code,
                    "existing_session_id": existing_session_id,
                    "integration": integration,
                    "language": language,
                    "origin": origin,
                    "prompt": prompt,
                    "timeout": timeout,
                    "ttl": ttl,
                },
            ),
            result=models.BrowserExecuteResponse,
        )

    def session(self, id: str | UUID) -> BrowserSession:
        """The session of ``id`` as a context manager: ``with client.interact.session(id) as session:``
        runs with ``session.run(code=..., prompt=...)`` (interactWithScrape) and stops the session when the block is left
        (stopInteraction). A failed run is returned (``check=True`` raises ``ExecutionFailedError``).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
        """
        return BrowserSession(str(id), run=self.run, stop=self.stop)

    def stop(self, id: str | UUID) -> models.BrowserDeleteResponse:
        """Stop the browser session of a scrape.

        ``DELETE /v2/scrape/{jobId}/interact`` (stopInteraction).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
        """
        return self._client._call(
            _stop_interaction.OPERATION, path={"jobId": id}, query={}, body=None, result=models.BrowserDeleteResponse
        )


class AsyncInteract:
    """Browser sessions bound to a scrape, driven by code or a prompt."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def run(
        self,
        id: str | UUID,
        *,
        activity_ttl: float | None = None,
        code: str | None = None,
        existing_session_id: str | None = None,
        integration: str | None = None,
        language: Literal["python", "node", "bash"] | None = None,
        origin: str | None = None,
        prompt: str | None = None,
        timeout: float | None = None,
        ttl: float | None = None,
    ) -> models.BrowserExecuteResponse:
        """Run code or a prompt in the browser session of a scrape.

        ``POST /v2/scrape/{jobId}/interact`` (interactWithScrape).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
            activity_ttl: Seconds without a call after which the session ends, when this call makes it (default 300).
            code: The code to run: Playwright with a `page` (node, python) or agent-browser commands (bash).
            existing_session_id: An open session of the team (from POST /v2/browser) to adopt for this scrape instead of making one.
            integration: The integration the request came through; recorded.
            language: The language of `code`.
            origin: Who sent the request; recorded.
            prompt: What the browser agent should do.
            timeout: Seconds the run may take; a run over it is killed (`killed` true).
            ttl: Seconds the session lives, when this call makes it (default 600).
        """
        return await self._client._call(
            _interact_with_scrape.OPERATION,
            path={"jobId": id},
            query={},
            body=request_body(
                models.InteractRequest,
                {
                    "activity_ttl": activity_ttl,
                    "code": code,
                    "existing_session_id": existing_session_id,
                    "integration": integration,
                    "language": language,
                    "origin": origin,
                    "prompt": prompt,
                    "timeout": timeout,
                    "ttl": ttl,
                },
            ),
            result=models.BrowserExecuteResponse,
        )

    def session(self, id: str | UUID) -> AsyncBrowserSession:
        """The session of ``id`` as a context manager: ``async with client.interact.session(id) as session:``
        runs with ``session.run(code=..., prompt=...)`` (interactWithScrape) and stops the session when the block is left
        (stopInteraction). A failed run is returned (``check=True`` raises ``ExecutionFailedError``).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
        """
        return AsyncBrowserSession(str(id), run=self.run, stop=self.stop)

    async def stop(self, id: str | UUID) -> models.BrowserDeleteResponse:
        """Stop the browser session of a scrape.

        ``DELETE /v2/scrape/{jobId}/interact`` (stopInteraction).

        Args:
            id: The scrape's id (its document's `metadata.scrapeId`, a UUID); anything else answers 400 "Invalid job ID format.
        """
        return await self._client._call(
            _stop_interaction.OPERATION, path={"jobId": id}, query={}, body=None, result=models.BrowserDeleteResponse
        )
