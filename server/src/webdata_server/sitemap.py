"""What ``POST /v2/map`` lists: a site's URLs from its sitemap and from the pages the index holds,
filtered as the service's map filters them (its ``getMapResults``).

On the synthetic web the index is the site itself: every page a crawl of the host could reach by
following links (:func:`webdata_server.site.links_of`), breadth first from its home page, so map and
crawl agree on what a site contains; robots.txt is not consulted (the service's map does not read
it for its results). With ``--web real`` the index is the start page's own links.

The order is the service's: the index's pages, then the sitemap's entries, duplicates dropped; with
``search``, the links that match it first (most relevant first: more of the search's words in the
URL, then in the title), the others after them in their order. Then the filters: same domain (a
subdomain only with ``includeSubdomains``), under the start URL's path when it has one beyond
``/`` (``filterByPath``, unless ``allowExternalLinks``), query strings dropped under
``ignoreQueryParameters``, fragments always; files (images, styles, archives) are no pages; at most
``limit``. Work is bounded by ``limit``: the walk stops once it has that many pages.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from webdata_server.crawler import FILE_EXTENSIONS, bare_host, similar_key
from webdata_server.web import page_title

__all__ = ["MapOptions", "map_site"]

# The crawler's files, and PDFs: a map lists pages (a crawl scrapes a PDF it finds).
_NOT_PAGES = (*FILE_EXTENSIONS, ".pdf")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class MapOptions:
    """The map request's options that decide its links (defaults as the contract's)."""

    search: str | None = None
    sitemap: str = "include"
    include_subdomains: bool = True
    ignore_query_parameters: bool = True
    limit: int = 5000
    filter_by_path: bool = True
    allow_external_links: bool = False
    deduplicate_similar_urls: bool = True
    use_index: bool = True


class _Filter:
    def __init__(self, start: str, options: MapOptions) -> None:
        parts = urlsplit(start)
        self.options = options
        self.host = bare_host((parts.hostname or "").lower())
        path = parts.path or "/"
        self.path = path if options.filter_by_path and not options.allow_external_links and len(path) > 1 else None
        self._normal: dict[str, str | None] = {}

    def normal(self, url: str) -> str | None:
        """The URL as the map lists it, or None when the map leaves it out (each URL worked out once
        per map: the walk meets most of them several times)."""
        if url in self._normal:
            return self._normal[url]
        self._normal[url] = listed = self._normalize(url)
        return listed

    def _normalize(self, url: str) -> str | None:
        parts = urlsplit(url)
        host = bare_host((parts.hostname or "").lower())
        if parts.scheme not in ("http", "https") or parts.path.lower().endswith(_NOT_PAGES):
            return None
        if host != self.host and not (self.options.include_subdomains and host.endswith("." + self.host)):
            return None
        if self.path is not None and not (parts.path or "/").startswith(self.path):
            return None
        query = "" if self.options.ignore_query_parameters else parts.query
        return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))

    def key(self, url: str) -> str:
        return similar_key(url) if self.options.deduplicate_similar_urls else url


def _relevance(link: dict[str, str], words: list[str]) -> tuple[int, int]:
    """(words found in the URL, words found in the title): higher is more relevant."""
    text = link["url"].lower()
    title = (link.get("title") or page_title(link["url"])).lower()
    return sum(w in text for w in words), sum(w in title for w in words)


def map_site(
    start: str,
    options: MapOptions,
    *,
    links_of: Callable[[str], list[str]],
    sitemap_of: Callable[[str], list[str]],
    index_start: Callable[[str], str] | None = None,
    canonical: Callable[[str], str] | None = None,
    describe: Callable[[str], dict[str, str] | None] | None = None,
) -> list[dict[str, str]]:
    """The map of ``start``: ``{url, title, description}`` for each page the index holds, ``{url}``
    for a sitemap entry it does not. ``links_of(url)`` gives a page's links, ``sitemap_of(origin)``
    the site's sitemap entries; ``index_start(start)`` where the index walk begins (default: the
    site's home page). Pages not of the synthetic web: ``canonical(url)`` the one URL of the page a
    link reaches (listed once however links write it), ``describe(url)`` what the page says of
    itself (its title and description; None: no such page, left out)."""
    keep = _Filter(start, options)
    parts = urlsplit(start)
    origin = f"{parts.scheme}://{parts.netloc}"
    found: dict[str, dict[str, str]] = {}

    def add(url: str, *, indexed: bool) -> None:
        listed = keep.normal(canonical(url) if canonical is not None else url)
        if listed is None or len(found) >= options.limit:
            return
        key = keep.key(listed)
        if key in found:
            return
        if describe is not None:
            details = describe(listed)
            if details is not None:
                found[key] = {"url": listed, **details}
        else:
            found[key] = {"url": listed, "title": page_title(listed), "description": f"Synthetic page for {listed}"} if indexed else {"url": listed}

    if options.sitemap != "only" and options.use_index:
        # Breadth first over the site's links, each page once, until the limit is reached.
        first = index_start(start) if index_start else f"{origin}/"
        queue: deque[str] = deque([first, start])
        visited: set[str] = set()
        budget = 4 * options.limit + 64  # pages whose links are read: bounded by what is asked for
        while queue and len(found) < options.limit and budget > 0:
            bare = queue.popleft().partition("#")[0]
            if bare in visited:
                continue
            visited.add(bare)
            add(bare, indexed=True)
            if keep.normal(bare) is None and bare != first:
                continue  # out of the map's scope: its links are not the site's
            budget -= 1
            queue.extend(link for link in links_of(bare) if link.partition("#")[0] not in visited)
    if options.sitemap != "skip":
        for url in sitemap_of(origin):
            add(url, indexed=options.sitemap == "include" and options.use_index)
    links = list(found.values())
    if options.search:
        words = _WORD.findall(options.search.lower())
        ranked = [(score, n, link) for n, link in enumerate(links) if (score := _relevance(link, words)) != (0, 0)]
        ranked.sort(key=lambda item: (-item[0][0], -item[0][1], item[1]))
        matching = {id(link) for _, _, link in ranked}
        links = [link for _, _, link in ranked] + [link for link in links if id(link) not in matching]
    return links[: options.limit]
