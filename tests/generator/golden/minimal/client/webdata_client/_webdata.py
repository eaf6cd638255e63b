"""``Webdata`` and ``AsyncWebdata``: the clients, with one resource per tag of the contract.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from ._base_client import AsyncClient, SyncClient
from .resources import AsyncThings, Things

__all__ = ["AsyncWebdata", "Webdata"]


class Webdata(SyncClient):
    """The synchronous client of the Web Data Service API v2: its resources are ``things``.

    Its options (key, base URL, timeouts, retries) and how it closes: ``SyncClient``.
    """

    @property
    def things(self) -> Things:
        """The things operations."""
        return self._resource(Things)


class AsyncWebdata(AsyncClient):
    """The asynchronous client of the Web Data Service API v2: its resources are ``things``.

    Its options (key, base URL, timeouts, retries) and how it closes: ``AsyncClient``.
    """

    @property
    def things(self) -> AsyncThings:
        """The things operations."""
        return self._resource(AsyncThings)
