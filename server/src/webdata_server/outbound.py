"""The one guard every request the server makes on a user's behalf goes through: page fetches with
``--web real``, robots.txt and sitemaps, and webhook deliveries.

A URL's host is resolved once; every address it resolves to is checked; the connection goes to the
checked address itself (the URL is rewritten to it, the ``Host`` header and TLS server name keep the
name), so a name that answers differently the second time (DNS rebinding) changes nothing.
Redirects are followed one hop at a time, each hop through the same check. The service does the
same at connect time (``safeFetch`` in its public source).

What an address may be (:class:`Reach`):

- by default, only global unicast addresses: never loopback, private (RFC 1918, unique-local
  ``fc00::/7``), link-local (``169.254.0.0/16``, ``fe80::/10``), shared/CGNAT (``100.64.0.0/10``, where
  one cloud keeps its metadata service), unspecified, multicast, reserved or documentation ranges;
- with ``loopback``, also ``127.0.0.0/8`` and ``::1`` (a developer's own receiver on this machine);
- with ``private``, also the private ranges (a receiver on the developer's network).

IPv6 forms that carry an IPv4 address (mapped ``::ffff:a.b.c.d``, NAT64 ``64:ff9b::/96``, 6to4
``2002::/16``, Teredo) are judged by the IPv4 address they carry. Link-local, CGNAT and the cloud
metadata addresses are never reachable, whatever the flags.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from webdata_server import urls

if TYPE_CHECKING:  # the server needs httpx only for its first real fetch or webhook
    import httpx

__all__ = ["MAX_REDIRECTS", "OutboundGuard", "OutboundRefused", "Reach", "Resolver", "system_resolver"]

# Hops a fetch follows before it gives up (browsers stop at 20; the service's fetch at 10).
MAX_REDIRECTS = 10

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
# host -> the addresses it resolves to (strings, as getaddrinfo gives them)
Resolver = Callable[[str], list[str]]

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_SHARED = ipaddress.ip_network("100.64.0.0/10")
# Cloud metadata services outside the link-local and shared ranges (AWS's IPv6 endpoint).
_METADATA = {ipaddress.ip_address("fd00:ec2::254")}


class OutboundRefused(Exception):
    """The target may not be reached from this server (its message says why); ``non_public``:
    because it resolves to a loopback, private or reserved address (a reach setting could allow
    some), not because it cannot be resolved or is not a URL."""

    def __init__(self, message: str, *, non_public: bool = False) -> None:
        super().__init__(message)
        self.non_public = non_public


def system_resolver(host: str) -> list[str]:
    """The host's addresses from the system's resolver (``getaddrinfo``)."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise OutboundRefused(f"cannot resolve {host}") from error
    return [str(info[4][0]) for info in infos]


def _carried(ip: Address) -> Address:
    """The IPv4 address an IPv6 form carries, else the address itself."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return ip.ipv4_mapped
        if ip in _NAT64:
            return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        if ip.sixtofour is not None:
            return ip.sixtofour
        if ip.teredo is not None:
            return ip.teredo[1]
    return ip


@dataclass(frozen=True)
class Reach:
    """Which non-global addresses may be reached beside the global ones."""

    loopback: bool = False
    private: bool = False

    def problem(self, address: str) -> str | None:
        """Why ``address`` may not be reached (None when it may)."""
        try:
            ip = _carried(ipaddress.ip_address(address.split("%", 1)[0]))
        except ValueError:
            return f"{address} is not an IP address"
        if ip.is_loopback:  # (before the reserved ranges: ::1 lies in ::/8)
            return None if self.loopback else f"{ip} is a loopback address"
        if ip in _METADATA or ip.is_link_local or ip in _SHARED or ip.is_unspecified or ip.is_multicast or ip.is_reserved:
            return f"{ip} is a link-local, shared, multicast or reserved address"
        if ip.is_global:
            return None
        if ip.is_private and self.private:
            return None
        return f"{ip} is a private or non-global address"


@dataclass(frozen=True)
class _Pinned:
    """A request to one checked address, for the URL that named it."""

    url: str  # the URL with its host replaced by the address
    headers: dict[str, str]
    extensions: dict[str, Any]


class OutboundGuard:
    """Resolves, checks and pins every outbound request (see the module's docstring)."""

    def __init__(self, reach: Reach, *, resolver: Resolver = system_resolver) -> None:
        self.reach = reach
        self.resolver = resolver

    def pin(self, url: str) -> _Pinned:
        """The request for ``url`` to its checked address; :class:`OutboundRefused` when its scheme is
        not http(s), its host does not resolve, or any address it resolves to may not be reached."""
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise OutboundRefused(f"{url} is not an http(s) URL with a host")
        host = parts.hostname
        try:
            literal: Address | None = ipaddress.ip_address(host)
        except ValueError:
            literal = None
        addresses = [str(literal)] if literal is not None else self.resolver(host)
        if not addresses:
            raise OutboundRefused(f"cannot resolve {host}")
        for address in addresses:
            problem = self.reach.problem(address)
            if problem is not None:
                raise OutboundRefused(f"{host} resolves to a non-public address: {problem}", non_public=True)
        chosen = ipaddress.ip_address(addresses[0].split("%", 1)[0])
        try:
            port = parts.port
        except ValueError as error:
            raise OutboundRefused(f"{url} has an invalid port") from error
        netloc = f"[{chosen}]" if chosen.version == 6 else str(chosen)
        if port is not None:
            netloc += f":{port}"
        host_header = f"[{host}]" if literal is not None and literal.version == 6 else host
        if port is not None:
            host_header += f":{port}"
        extensions = {"sni_hostname": host} if parts.scheme == "https" and literal is None else {}
        return _Pinned(urlunsplit((parts.scheme, netloc, parts.path, parts.query, "")), {"Host": host_header}, extensions)

    def get(self, client: httpx.Client, url: str, *, headers: dict[str, str] | None = None, follow: bool = False) -> httpx.Response:
        """GET ``url`` through the guard; with ``follow``, redirects too, each hop checked. The
        response's ``url`` is the pinned one: read the final URL from :meth:`followed`."""
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            pinned = self.pin(current)
            response = client.get(pinned.url, headers={**(headers or {}), **pinned.headers}, extensions=pinned.extensions, follow_redirects=False)
            if not (follow and response.is_redirect and "location" in response.headers):
                return response
            response.close()
            location = urls.joined(current, response.headers["location"])
            if location is None:
                raise OutboundRefused(f"{url} redirected to {response.headers['location']!r}, which is no URL")
            current = location
        raise OutboundRefused(f"{url} redirected more than {MAX_REDIRECTS} times")

    async def post(self, client: httpx.AsyncClient, url: str, *, content: bytes, headers: list[tuple[bytes, bytes]]) -> httpx.Response:
        """POST ``content`` to ``url`` through the guard (no redirects); the name is resolved off the loop."""
        pinned = await asyncio.get_running_loop().run_in_executor(None, self.pin, url)
        own = [(name.encode(), value.encode()) for name, value in pinned.headers.items()]
        return await client.post(pinned.url, content=content, headers=[*headers, *own], extensions=pinned.extensions)
