"""The client: ``Webdata`` (sync) and ``AsyncWebdata``, one resource per tag of the contract.

Written by the generator's ``client`` stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from typing import Any, TypeVar, cast

import httpx
import webdata_models as models

from .client import (
    AsyncTransport,
    ClientOptions,
    FileInput,
    SyncTransport,
    changed,
    request_body,
    resolve_options,
    upload_part,
)
from .types import Operation

T = TypeVar("T")
from .api.things import create_thing as _create_thing

__all__ = ["AsyncWebdata", "Webdata"]


class Things:
    """The things operations."""

    def __init__(self, client: Webdata) -> None:
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


class Webdata:
    """The synchronous client of the Web Data Service API v2.

    ``api_key`` falls back to ``WEBDATA_API_KEY`` (then ``FIRECRAWL_API_KEY``); ``base_url`` to
    ``WEBDATA_BASE_URL`` (then ``FIRECRAWL_API_URL``), then to the contract's server. ``timeout`` is
    per request (seconds or an ``httpx.Timeout``); ``max_retries`` bounds retries (a connection
    that could not be made and a 429 are retried for every method; a 408, a 5xx, a timeout or a
    connection lost after sending only for GET and DELETE: a POST that may have started a job or
    been charged is never sent twice) and ``max_retry_wait`` the seconds of one wait before a retry
    (a longer ``Retry-After`` is cut to it); ``poll_interval`` is how often waiting polls a job.
    Use ``with_options`` to change them for some calls only.

    ``with Webdata() as client:`` (or ``client.close()``) closes its connections when done; a
    client that is simply dropped closes them when it is collected.
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        poll_interval: float = 2.0,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
        _options: ClientOptions | None = None,
    ) -> None:
        self.options = _options or resolve_options(
            api_key,
            base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            headers=default_headers,
        )
        self._owns_http = http_client is None
        # Jobs are watched over the contract's WebSocket only with connections of our own: a client
        # passed in may hold a proxy, a transport or hooks the socket would bypass.
        self._sockets = http_client is None
        self._http = http_client or httpx.Client(timeout=self.options.timeout)
        self._parent: Webdata | None = None
        if self._owns_http:
            # A script that never closes the client still returns its connections when it is dropped.
            weakref.finalize(self, self._http.close)
        self._transport = SyncTransport(self.options, self._http)
        self._things = Things(self)

    @property
    def things(self) -> Things:
        """The things operations."""
        return self._things

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> Webdata:
        """A client sharing this one's connections, with some options changed: ``client.with_options(max_retries=5).scrape(...)``."""
        options = changed(
            self.options,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            backoff=backoff,
            max_backoff=max_backoff,
        )
        copy = Webdata(http_client=self._http, _options=options)
        copy._owns_http = False
        copy._sockets = self._sockets
        copy._parent = self  # the connections' owner lives as long as a copy uses them
        return copy

    def _call(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Any,
        result: type[T],
        headers: Mapping[str, Any] | None = None,
    ) -> T:
        request = self._transport.build(operation, path=path, query=query, body=body, headers=headers)
        return cast(T, self._transport.send(operation, request, result))

    def _upload(
        self,
        operation: Operation,
        *,
        file: FileInput,
        filename: str | None,
        content_type: str | None,
        options: Mapping[str, Any],
        result: type[T],
    ) -> T:
        with upload_part(file, filename, content_type) as part:
            request = self._transport.build_upload(
                operation, part=part, fields={"options": json.dumps(options, separators=(",", ":"))}
            )
            return cast(T, self._transport.send(operation, request, result))

    def _follow(self, link: str, *, result: type[T]) -> T:
        return cast(T, self._transport.send(None, self._transport.follow(link), result))

    def close(self) -> None:
        """Close the connections, unless the HTTP client was passed in."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Webdata:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncThings:
    """The things operations."""

    def __init__(self, client: AsyncWebdata) -> None:
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


class AsyncWebdata:
    """The asynchronous client of the Web Data Service API v2.

    ``api_key`` falls back to ``WEBDATA_API_KEY`` (then ``FIRECRAWL_API_KEY``); ``base_url`` to
    ``WEBDATA_BASE_URL`` (then ``FIRECRAWL_API_URL``), then to the contract's server. ``timeout`` is
    per request (seconds or an ``httpx.Timeout``); ``max_retries`` bounds retries (a connection
    that could not be made and a 429 are retried for every method; a 408, a 5xx, a timeout or a
    connection lost after sending only for GET and DELETE: a POST that may have started a job or
    been charged is never sent twice) and ``max_retry_wait`` the seconds of one wait before a retry
    (a longer ``Retry-After`` is cut to it); ``poll_interval`` is how often waiting polls a job.
    Use ``with_options`` to change them for some calls only.

    Use it in ``async with AsyncWebdata() as client:``, or ``await client.close()`` when done:
    its connections belong to an event loop and cannot be closed when the client is dropped.
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        poll_interval: float = 2.0,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
        _options: ClientOptions | None = None,
    ) -> None:
        self.options = _options or resolve_options(
            api_key,
            base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            headers=default_headers,
        )
        self._owns_http = http_client is None
        # Jobs are watched over the contract's WebSocket only with connections of our own: a client
        # passed in may hold a proxy, a transport or hooks the socket would bypass.
        self._sockets = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self.options.timeout)
        self._parent: AsyncWebdata | None = None
        self._transport = AsyncTransport(self.options, self._http)
        self._things = AsyncThings(self)

    @property
    def things(self) -> AsyncThings:
        """The things operations."""
        return self._things

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> AsyncWebdata:
        """A client sharing this one's connections, with some options changed: ``client.with_options(max_retries=5).scrape(...)``."""
        options = changed(
            self.options,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            backoff=backoff,
            max_backoff=max_backoff,
        )
        copy = AsyncWebdata(http_client=self._http, _options=options)
        copy._owns_http = False
        copy._sockets = self._sockets
        copy._parent = self  # the connections' owner lives as long as a copy uses them
        return copy

    async def _call(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        body: Any,
        result: type[T],
        headers: Mapping[str, Any] | None = None,
    ) -> T:
        request = self._transport.build(operation, path=path, query=query, body=body, headers=headers)
        return cast(T, await self._transport.send(operation, request, result))

    async def _upload(
        self,
        operation: Operation,
        *,
        file: FileInput,
        filename: str | None,
        content_type: str | None,
        options: Mapping[str, Any],
        result: type[T],
    ) -> T:
        with upload_part(file, filename, content_type) as part:
            request = self._transport.build_upload(
                operation, part=part, fields={"options": json.dumps(options, separators=(",", ":"))}
            )
            return cast(T, await self._transport.send(operation, request, result))

    async def _follow(self, link: str, *, result: type[T]) -> T:
        return cast(T, await self._transport.send(None, self._transport.follow(link), result))

    async def close(self) -> None:
        """Close the connections, unless the HTTP client was passed in."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncWebdata:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
