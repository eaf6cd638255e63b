"""What ``Webdata`` and ``AsyncWebdata`` are besides their resources: options, connections, closing.

``SyncClient`` and ``AsyncClient`` hold the options (``resolve_options``), the HTTP client and the
transport, and the calls the resources make (``_call``, ``_upload``, ``_follow``); the client stage
writes ``Webdata`` and ``AsyncWebdata`` as their subclasses with one resource per tag of the
contract (``_webdata.py``), each created on first use and kept (``_resource``).

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

import functools
import json
import os
import ssl
import weakref
from collections.abc import Callable, Mapping
from typing import Any, Self, TypeVar, cast

import httpx

from .client import AsyncTransport, ClientOptions, FileInput, SyncTransport, changed, resolve_options, upload_part
from .types import Operation

__all__ = ["AsyncClient", "SyncClient"]

T = TypeVar("T")
R = TypeVar("R")


def _trust() -> ssl.SSLContext:
    """The TLS context httpx makes by default (``SSL_CERT_FILE`` or ``SSL_CERT_DIR``, else certifi's
    bundle), made once per process for each setting of those variables and shared by the clients
    made without an ``http_client``: loading the bundle took ~45 ms, paid again by every client."""
    return _trust_for(os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))


@functools.lru_cache(maxsize=4)
def _trust_for(cert_file: str | None, cert_dir: str | None) -> ssl.SSLContext:
    return httpx.create_ssl_context()


class SyncClient:
    """The synchronous client of the Web Data Service API v2 (``Webdata``), without its resources.

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
        self._http = http_client or httpx.Client(timeout=self.options.timeout, verify=_trust())
        self._parent: SyncClient | None = None
        self._resources: dict[Any, Any] = {}
        if self._owns_http:
            # A script that never closes the client still returns its connections when it is dropped.
            weakref.finalize(self, self._http.close)
        self._transport = SyncTransport(self.options, self._http)

    def _resource(self, kind: Callable[[SyncClient], R]) -> R:
        """The client's resource of class ``kind``, made on first use."""
        found = self._resources.get(kind)
        if found is None:
            found = self._resources[kind] = kind(self)
        return cast(R, found)

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> Self:
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
        copy = type(self)(http_client=self._http, _options=options)
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

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient:
    """The asynchronous client of the Web Data Service API v2 (``AsyncWebdata``), without its resources.

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
        self._sockets = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self.options.timeout, verify=_trust())
        self._parent: AsyncClient | None = None
        self._resources: dict[Any, Any] = {}
        # An event loop's connections cannot be closed from a finalizer: ``async with`` or ``close``.
        self._transport = AsyncTransport(self.options, self._http)

    def _resource(self, kind: Callable[[AsyncClient], R]) -> R:
        """The client's resource of class ``kind``, made on first use."""
        found = self._resources.get(kind)
        if found is None:
            found = self._resources[kind] = kind(self)
        return cast(R, found)

    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> Self:
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
        copy = type(self)(http_client=self._http, _options=options)
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

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
