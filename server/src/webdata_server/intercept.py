"""The service's own address answered by a reference server on this machine, inside a block: the
official SDKs' default (``https://api.firecrawl.dev``), so code that names no address, or cannot
(clients built from a key only), is tested unchanged. moto's ``mock_aws`` is the model.

How: for the block, the clients' own sending steps take a request for a service host to the
server's address instead, the path and query kept (``https`` becomes ``http``, ``wss`` ``ws``):

- requests (``HTTPAdapter.send``), urllib3 (``PoolManager.urlopen``);
- httpx, sync and async (``HTTPTransport.handle_request``, ``AsyncHTTPTransport.handle_async_request``,
  the transports every client uses unless given another);
- aiohttp (``ClientSession._request``);
- WebSockets (``websockets.connect``: firecrawl-py's watchers).

Any other host is untouched. And so that nothing reaches the real service from a client this list
misses, resolving a service host's name fails inside the block (``socket.getaddrinfo``), naming
this module. Nested blocks take the innermost server; the patches are the process's, as
responses' and respx's are.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import os
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

__all__ = ["SERVICE_HOSTS", "serving"]

# The addresses the official SDKs use when given none (firecrawl-py, firecrawl-js, the MCP server).
SERVICE_HOSTS = frozenset({"api.firecrawl.dev"})

_lock = threading.RLock()  # a client imported inside a block is patched under it
_targets: list[tuple[str, frozenset[str]]] = []  # (the server's address, the hosts it answers), innermost last
_undo: list[Callable[[], None]] = []


def _rewrite(url: str) -> str | None:
    """``url`` at the innermost block's server when its host is a service host, else None."""
    if not _targets:
        return None
    target, hosts = _targets[-1]
    parts = urlsplit(url)
    if (parts.hostname or "").lower() not in hosts:
        return None
    scheme = "ws" if parts.scheme in ("ws", "wss") else "http"
    return urlunsplit((scheme, urlsplit(target).netloc, parts.path, parts.query, parts.fragment))


def _served_host() -> str:
    return urlsplit(_targets[-1][0]).netloc


def _patch(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    original = owner.__dict__[name] if name in owner.__dict__ else getattr(owner, name)
    setattr(owner, name, make(original))
    _undo.append(lambda: setattr(owner, name, original))


def _requests(adapters: Any) -> None:
    def requests_send(original: Any) -> Any:
        def send(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
            moved = _rewrite(request.url)
            if moved is not None:
                request.url = moved
                if not args:  # the environment's proxies were chosen for the service's address: none for this machine's
                    kwargs["proxies"] = {}
            return original(self, request, *args, **kwargs)

        return send

    _patch(adapters.HTTPAdapter, "send", requests_send)


def _urllib3(urllib3: Any) -> None:
    def urllib3_urlopen(original: Any) -> Any:
        def urlopen(self: Any, method: str, url: str, *args: Any, **kwargs: Any) -> Any:
            return original(self, method, _rewrite(url) or url, *args, **kwargs)

        return urlopen

    _patch(urllib3.PoolManager, "urlopen", urllib3_urlopen)


def _httpx(httpx: Any) -> None:
    def moved_request(request: Any) -> None:
        moved = _rewrite(str(request.url))
        if moved is not None:
            request.url = httpx.URL(moved)
            request.headers["Host"] = _served_host()

    def httpx_sync(original: Any) -> Any:
        def handle_request(self: Any, request: Any) -> Any:
            moved_request(request)
            return original(self, request)

        return handle_request

    def httpx_async(original: Any) -> Any:
        async def handle_async_request(self: Any, request: Any) -> Any:
            moved_request(request)
            return await original(self, request)

        return handle_async_request

    _patch(httpx.HTTPTransport, "handle_request", httpx_sync)
    _patch(httpx.AsyncHTTPTransport, "handle_async_request", httpx_async)


def _aiohttp(aiohttp: Any) -> None:
    def aiohttp_request(original: Any) -> Any:
        async def _request(self: Any, method: str, str_or_url: Any, *args: Any, **kwargs: Any) -> Any:
            return await original(self, method, _rewrite(str(str_or_url)) or str_or_url, *args, **kwargs)

        return _request

    _patch(aiohttp.ClientSession, "_request", aiohttp_request)


def _websockets(websockets: Any) -> None:
    def websockets_connect(original: Any) -> Any:
        def connect(uri: str, *args: Any, **kwargs: Any) -> Any:
            return original(_rewrite(uri) or uri, *args, **kwargs)

        return connect

    _patch(websockets, "connect", websockets_connect)


# Each client, patched where it is defined: now if it is imported, else when it is (a test that
# never uses aiohttp does not pay its import, a quarter of a second).
_CLIENTS: dict[str, Callable[[Any], None]] = {
    "requests.adapters": _requests,
    "urllib3": _urllib3,
    "httpx": _httpx,
    "aiohttp": _aiohttp,
    "websockets": _websockets,
}


class _Patching(importlib.abc.Loader):
    """A client module's loader, which patches it once loaded (inside a block)."""

    def __init__(self, loader: Any, name: str) -> None:
        self.loader, self.name = loader, name

    def create_module(self, spec: Any) -> Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: Any) -> None:
        self.loader.exec_module(module)
        with _lock:
            if _targets:
                _CLIENTS[self.name](module)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds a client module as the other finders do, with :class:`_Patching` as its loader."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name not in _CLIENTS:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _Patching(spec.loader, name)
                return spec
        return None


_finder = _Finder()


def _install() -> None:
    """The patches, once for the outermost block: of the clients imported, and of those imported
    inside the block when they are; and the name guard."""
    for name, patch in _CLIENTS.items():
        module = sys.modules.get(name)
        if module is not None:
            patch(module)
    sys.meta_path.insert(0, _finder)
    _undo.append(lambda: sys.meta_path.remove(_finder) if _finder in sys.meta_path else None)

    def guarded(original: Any) -> Any:
        def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            name = host.decode() if isinstance(host, bytes) else str(host or "")
            if _targets and name.lower() in _targets[-1][1]:
                raise socket.gaierror(
                    socket.EAI_NONAME,
                    f"{name} is served by the reference server in this block (webdata_server.intercept), and this client is not one it"
                    " knows: give it the server's address (base_url) instead",
                )
            return original(host, *args, **kwargs)

        return getaddrinfo

    _patch(socket, "getaddrinfo", guarded)


@contextlib.contextmanager
def serving(base_url: str, *, hosts: frozenset[str] | set[str] = SERVICE_HOSTS, api_key: str | None = None) -> Iterator[None]:
    """Within the block, requests for ``hosts`` (the service's own address) go to ``base_url``;
    with ``api_key``, ``FIRECRAWL_API_KEY`` is that key too (clients that read their key from the
    environment). Any other host is untouched."""
    with _lock:
        if not _targets:
            _install()
        _targets.append((base_url, frozenset(h.lower() for h in hosts)))
    saved = os.environ.get("FIRECRAWL_API_KEY")
    if api_key is not None:
        os.environ["FIRECRAWL_API_KEY"] = api_key
    try:
        yield
    finally:
        if api_key is not None:
            if saved is None:
                os.environ.pop("FIRECRAWL_API_KEY", None)
            else:
                os.environ["FIRECRAWL_API_KEY"] = saved
        with _lock:
            _targets.pop()
            if not _targets:
                while _undo:
                    _undo.pop()()
