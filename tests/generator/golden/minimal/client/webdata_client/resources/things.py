"""The things operations.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.things import create_thing as _create_thing
from ..client import request_body

__all__ = ["AsyncThings", "Things"]


class Things:
    """The things operations."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def __call__(
        self, name: str, *, shape: models.Shape | Mapping[str, Any] | None = None, size: int | None = None
    ) -> models.Thing:
        """Create a thing.

        ``POST /v2/things`` (createThing).
        """
        return self._client._call(
            _create_thing.OPERATION,
            path={},
            query={},
            body=request_body(models.Thing, {"name": name, "shape": shape, "size": size}),
            result=models.Thing,
        )


class AsyncThings:
    """The things operations."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def __call__(
        self, name: str, *, shape: models.Shape | Mapping[str, Any] | None = None, size: int | None = None
    ) -> models.Thing:
        """Create a thing.

        ``POST /v2/things`` (createThing).
        """
        return await self._client._call(
            _create_thing.OPERATION,
            path={},
            query={},
            body=request_body(models.Thing, {"name": name, "shape": shape, "size": size}),
            result=models.Thing,
        )
