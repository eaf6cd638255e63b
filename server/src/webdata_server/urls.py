"""URL validation: http(s) URLs with a host, whose host and path may use globs (extract, batch scrape)."""

from __future__ import annotations

from urllib.parse import urlsplit

__all__ = ["is_valid_url", "split_urls"]


def is_valid_url(url: str) -> bool:
    """True for an ``http(s)`` URL with a host; hosts and paths may contain ``*`` globs."""
    if not isinstance(url, str) or not url or any(ch.isspace() for ch in url) or len(url) > 2048:
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def split_urls(urls: list[str]) -> tuple[list[str], list[str]]:
    """(valid, invalid), each in the order given."""
    valid = [u for u in urls if is_valid_url(u)]
    invalid = [u for u in urls if not is_valid_url(u)]
    return valid, invalid
