"""The shape of every site of the synthetic web: which pages link where, what robots.txt forbids,
what sitemap.xml lists. Pure functions of the URL, so a crawl's result can be predicted (the
server's README draws the site) and the same crawl always finds the same pages.

A host's site is a tree. ``/`` links to four sections (``/about``, ``/blog``, ``/docs``,
``/pricing``); below them every page of depth ``d < D`` has three children ``<page>/1`` … ``/3``.
``D`` is 3 unless the host's first label is ``depth-N`` (``depth-6.example.com``: N from 0 to 8).
Besides the tree, pages link to:

- every page: home, the four sections, ``#top`` (a fragment of itself); below depth 1 its parent
  and its siblings;
- home: ``/about/`` and ``/docs/index.html`` (the same pages as ``/about`` and ``/docs``, written
  differently), ``/private`` (disallowed by robots.txt), ``/assets/logo.png`` (a file, never
  crawled), ``https://status.<host>/`` (a subdomain; not from a ``status.`` host itself) and
  ``https://partner.example.org/`` (another site);
- ``/blog``: ``/blog?page=2`` (the same listing with a query);
- ``/docs``: ``/docs/broken`` (a page whose server cannot be reached).

``/sitemap.xml`` lists home, the sections, their children and two pages no link reaches,
``/landing/spring`` and ``/landing/summer``; ``/robots.txt`` disallows ``/private``.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["CHILDREN", "SECTIONS", "links_of", "robots_txt", "site_depth", "sitemap_urls", "sitemap_xml"]

SECTIONS = ("about", "blog", "docs", "pricing")
CHILDREN = 3
_DEFAULT_DEPTH = 3
_DEPTH_LABEL = re.compile(r"^depth-(\d)$")
_ORPHANS = ("/landing/spring", "/landing/summer")
PARTNER = "https://partner.example.org/"


def site_depth(host: str) -> int:
    """How deep the host's tree goes (``depth-N`` as the first label sets it)."""
    found = _DEPTH_LABEL.match(host.split(".", 1)[0])
    return min(int(found.group(1)), 8) if found else _DEFAULT_DEPTH


def _segments(path: str) -> list[str]:
    return [s for s in path.split("/") if s]


def in_tree(host: str, path: str) -> bool:
    """Whether ``path`` is a page of the host's tree (home, a section, or a numbered descendant)."""
    parts = _segments(path)
    if not parts:
        return True
    if parts[0] not in SECTIONS or len(parts) > site_depth(host):
        return False
    return all(p.isdigit() and 1 <= int(p) <= CHILDREN for p in parts[1:])


def links_of(url: str) -> list[str]:
    """The links of the page at ``url``, in the order they appear on it (absolute URLs)."""
    parts = urlsplit(url)
    scheme, host = parts.scheme or "https", parts.hostname or "unknown"
    origin = f"{scheme}://{parts.netloc or host}"
    path = "/" + "/".join(_segments(parts.path))
    segments = _segments(path)
    links = [f"{origin}/"] + [f"{origin}/{s}" for s in SECTIONS] + [f"{origin}{path}#top"]
    depth = len(segments)
    if depth >= 2:
        parent = "/" + "/".join(segments[:-1])
        links.append(origin + parent)
        links += [f"{origin}{parent}/{k}" for k in range(1, CHILDREN + 1) if str(k) != segments[-1]]
    if in_tree(host, path) and depth < site_depth(host) and depth >= 1:
        links += [f"{origin}{path}/{k}" for k in range(1, CHILDREN + 1)]
    if depth == 0:
        links += [f"{origin}/about/", f"{origin}/docs/index.html", f"{origin}/private", f"{origin}/assets/logo.png"]
        if not host.startswith("status."):
            links.append(f"{scheme}://status.{host}/")
        links.append(PARTNER)
    if path == "/blog":
        links.append(f"{origin}/blog?page=2")
    if path == "/docs":
        links.append(f"{origin}/docs/broken")
    return links


def robots_txt(host: str) -> str:
    return f"User-agent: *\nDisallow: /private\n\nSitemap: https://{host}/sitemap.xml\n"


def sitemap_urls(origin: str) -> list[str]:
    """What ``<origin>/sitemap.xml`` lists: home, sections, their children, and two orphans."""
    host = urlsplit(origin).hostname or ""
    base = origin.rstrip("/")
    urls = [f"{base}/"]
    for section in SECTIONS:
        urls.append(f"{base}/{section}")
        if site_depth(host) >= 2:
            urls += [f"{base}/{section}/{k}" for k in range(1, CHILDREN + 1)]
    return urls + [base + orphan for orphan in _ORPHANS]


def sitemap_xml(origin: str) -> str:
    entries = "".join(f"<url><loc>{url}</loc></url>" for url in sitemap_urls(origin))
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>'
