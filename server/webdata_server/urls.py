"""URL validation for extract and batch scrape: http(s) URLs whose host and path may use globs."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["is_valid_url", "split_urls"]

_LABEL = re.compile(r"^(\*|[A-Za-z0-9*]([A-Za-z0-9*-]{0,61}[A-Za-z0-9*])?)$")


def is_valid_url(url: str) -> bool:
    """True for ``http(s)://host[:port]/path`` where host labels and path may contain ``*``."""
    if not isinstance(url, str) or not url or any(ch.isspace() for ch in url) or len(url) > 2048:
        return False
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username is not None:
        return False
    host = parts.hostname
    if port is not None and not 0 < port < 65536:
        return False
    labels = host.rstrip(".").split(".")
    if host.startswith("[") or not all(_LABEL.match(label) for label in labels):
        return False
    # A bare name is only a host with a dot, or localhost, as the public service requires.
    return len(labels) > 1 or host == "localhost"


def split_urls(urls: list[str]) -> tuple[list[str], list[str]]:
    """(valid, invalid), each in the order given."""
    valid = [u for u in urls if is_valid_url(u)]
    invalid = [u for u in urls if not is_valid_url(u)]
    return valid, invalid
