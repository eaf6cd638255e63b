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

Sites of a size you choose: a host with a label ``pages-N`` (``pages-100.example.com``, N from 1
to 10,000) is a site of exactly N pages and nothing else: home (``/``) and ``/p/1`` … ``/p/<N-1>``,
page ``k`` linking to home and to its children ``/p/<10k+1>`` … ``/p/<10k+10>`` (those below N);
its sitemap lists the N pages. A crawl of it with a limit of N or more returns N documents. A
label ``failing-P`` (P from 0 to 100, on any host) makes P% of its pages other than home
unreachable, spread evenly (page ``k`` fails when ``(k+1)*P // 100`` exceeds ``k*P // 100``): a crawl
of ``pages-100.failing-10.example.com`` returns 90 documents and 10 errors.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["CHILDREN", "SECTIONS", "fails", "links_of", "robots_txt", "site_depth", "site_pages", "sitemap_urls", "sitemap_xml"]

SECTIONS = ("about", "blog", "docs", "pricing")
CHILDREN = 3
_DEFAULT_DEPTH = 3
_DEPTH_LABEL = re.compile(r"^depth-(\d)$")
_PAGES_LABEL = re.compile(r"^pages-(\d{1,5})$")
_FAILING_LABEL = re.compile(r"^failing-(\d{1,3})$")
MAX_SITE_PAGES = 10_000
SIZED_FANOUT = 10
_ORPHANS = ("/landing/spring", "/landing/summer")
PARTNER = "https://partner.example.org/"


def site_depth(host: str) -> int:
    """How deep the host's tree goes (``depth-N`` as the first label sets it)."""
    found = _DEPTH_LABEL.match(host.split(".", 1)[0])
    return min(int(found.group(1)), 8) if found else _DEFAULT_DEPTH


def _label(host: str, pattern: re.Pattern[str]) -> int | None:
    for label in host.lower().split("."):
        found = pattern.match(label)
        if found:
            return int(found.group(1))
    return None


def site_pages(host: str) -> int | None:
    """The page count a ``pages-N`` label gives the host (1 to 10,000); None for a tree site."""
    pages = _label(host, _PAGES_LABEL)
    return None if pages is None or not 1 <= pages <= MAX_SITE_PAGES else pages


def _sized_page(path: str, pages: int) -> int | None:
    """The number of the sized site's page at ``path`` (0 for home); None for no page of it."""
    parts = _segments(path)
    if not parts:
        return 0
    if len(parts) == 2 and parts[0] == "p" and parts[1].isdigit() and not parts[1].startswith("0") and int(parts[1]) < pages:
        return int(parts[1])
    return None


def fails(host: str, path: str) -> bool:
    """Whether the page at ``path`` cannot be reached: a ``failing-P`` label's share of the
    host's pages other than home (by their number on a sized site, else by a digest of the path)."""
    share = _label(host, _FAILING_LABEL)
    if not share or not _segments(path):
        return False
    share = min(share, 100)
    pages = site_pages(host)
    number = _sized_page(path, pages) if pages is not None else None
    if number is None:
        number = 1 + int.from_bytes(path.encode()[-4:].rjust(4, b"\0"), "big") % 100
    return ((number + 1) * share) // 100 > (number * share) // 100


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
    pages = site_pages(host)
    if pages is not None:
        number = _sized_page(path, pages)
        first = SIZED_FANOUT * (number or 0) + 1
        children = [] if number is None else [f"{origin}/p/{k}" for k in range(first, min(first + SIZED_FANOUT, pages))]
        return [f"{origin}/", *children]
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
    pages = site_pages(host)
    if pages is not None:
        return [f"{base}/"] + [f"{base}/p/{k}" for k in range(1, pages)]
    urls = [f"{base}/"]
    for section in SECTIONS:
        urls.append(f"{base}/{section}")
        if site_depth(host) >= 2:
            urls += [f"{base}/{section}/{k}" for k in range(1, CHILDREN + 1)]
    return urls + [base + orphan for orphan in _ORPHANS]


def sitemap_xml(origin: str) -> str:
    entries = "".join(f"<url><loc>{url}</loc></url>" for url in sitemap_urls(origin))
    return f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>'
