"""URL validation: http(s) URLs with a host, whose host and path may use globs (extract, batch scrape)."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urljoin, urlsplit

__all__ = ["as_written", "is_loopback", "is_valid_url", "joined", "split_urls", "url_problem", "with_scheme"]

_TLD = re.compile(r"\.([a-z]{2,}|xn--[a-z0-9-]+|\*)$", re.IGNORECASE)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_SPACE = re.compile(r"\s")  # what str.isspace calls a space, anywhere


def joined(base: str, link: str) -> str | None:
    """``link`` (as a page writes it) made absolute against ``base``; None where Python cannot read
    it as a URL (``http://[x``: urljoin raises, and a page's link must not fail its render)."""
    try:
        return urljoin(base, link)
    except ValueError:
        return None


def as_written(base: str, link: str) -> str:
    """A page's link made absolute, or as the page wrote it where it is no URL Python reads (what a
    format shows of such a link: the markdown, links, images, structured data)."""
    found = joined(base, link)
    return link if found is None else found


def with_scheme(url: str) -> str:
    """``url`` with ``http://`` in front when it has no scheme, as the service reads URLs."""
    return url if _SCHEME.match(url) else f"http://{url}"


def url_problem(url: str) -> str | None:
    """Why the service would refuse ``url`` (None when it would not): an ``http(s)`` URL with a
    host that has a top-level domain (or is an IP address or localhost); hosts and paths may
    contain ``*`` globs."""
    if not isinstance(url, str) or not url or _SPACE.search(url):
        return "Invalid URL"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return "Invalid URL"
    if parts.scheme not in ("http", "https"):
        return "URL uses unsupported protocol"
    host = parts.hostname or ""
    if not host:
        return "Invalid URL"
    if not (_TLD.search(host) or host == "localhost" or _is_ip(host)):
        return "URL must have a valid top-level domain or be a valid path"
    return None


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` is this machine by address (127.0.0.0/8, ::1) or the name ``localhost``:
    a name that merely begins with ``127.`` (``127.public.test``) is someone else's."""
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_valid_url(url: str) -> bool:
    """True when the service would take ``url`` (:func:`url_problem`)."""
    return url_problem(url) is None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def split_urls(urls: list[str]) -> tuple[list[str], list[str]]:
    """(valid, invalid), each in the order given: the valid ones with a scheme (http when they had
    none), the invalid ones as they were given."""
    valid: list[str] = []
    invalid: list[str] = []
    for url in urls:
        full = with_scheme(url)
        if is_valid_url(full):
            valid.append(full)
        else:
            invalid.append(url)
    return valid, invalid
