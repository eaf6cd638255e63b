"""Which pages a crawl visits, and in what order: the crawl options applied to the links of the
pages it finds, breadth first from the start URL, as the public service applies them.

- The start URL is always visited (depth 0); when its own path fails ``excludePaths`` or
  ``includePaths`` it is visited for its links only, then dropped: an error of the crawl
  (:data:`SOURCE_NOT_ALLOWED`), no document, nothing charged, as the service's scrape worker
  drops it after queueing its links (:func:`start_page_allowed`). A ``limit`` of 0 or less
  visits the start page alone (the service queues it before reading the limit). With ``sitemap`` ``include`` (the default) or
  ``only``, the start site's sitemap entries are found at kickoff, at depth 1; with ``only`` no
  link is followed.
- A link found on a page of depth ``d`` has depth ``d + 1``; a page at ``maxDiscoveryDepth`` is
  not searched for links (``0``: the start page alone).
- A link is followed when: its scheme is http or https; it is not a file (images, styles,
  scripts, archives, media, fonts); its host is the start host (``www.`` aside), a subdomain of it
  only with ``allowSubdomains``, any other only with ``allowExternalLinks``; its path matches no
  ``excludePaths`` pattern and, when ``includePaths`` is given, one of them (regular expressions
  searched in the path, in linear time by RE2 as the service's crawler searches them with Rust's
  ``regex`` crate: a pattern that engine cannot run, a lookaround or a backreference, is dropped,
  as the service drops it; :mod:`webdata_server.linear`); its path starts with the start URL's path unless ``crawlEntireDomain``;
  it was not seen before; robots.txt of its site allows it unless ``ignoreRobotsTxt`` (a
  disallowed link is recorded, not visited); and fewer than ``limit`` pages are planned.
- Seen means: the same URL without its fragment, without its query under
  ``ignoreQueryParameters``, and, under ``deduplicateSimilarURLs`` (the default), ignoring the
  scheme, a ``www.`` prefix, a trailing slash and a trailing ``index.html``/``index.php``.
"""

from __future__ import annotations

import contextlib
import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

import webdata_models as models

from webdata_server import linear
from webdata_server.store.job_pages import PlannedPage
from webdata_server.web import sitemap_locations

if TYPE_CHECKING:
    from urllib.robotparser import RobotFileParser

__all__ = ["FILE_EXTENSIONS", "SOURCE_NOT_ALLOWED", "CrawlRules", "bare_host", "plan_crawl", "similar_key", "start_page_allowed"]

FILE_EXTENSIONS = (
    ".png", ".jpg", ".jpeg", ".gif", ".css", ".js", ".ico", ".svg", ".tiff", ".zip", ".exe", ".dmg", ".mp4", ".mp3",
    ".wav", ".pptx", ".xlsx", ".avi", ".flv", ".woff", ".ttf", ".woff2", ".webp", ".inc",
)  # fmt: skip
_INDEX = re.compile(r"/index\.(html?|php)$")


@dataclass(frozen=True)
class CrawlRules:
    """The crawl options that decide which pages are visited: a crawl request's (:meth:`from_model`,
    the contract's defaults applied by the model, so none is repeated here)."""

    include_paths: tuple[linear.Pattern, ...]
    exclude_paths: tuple[linear.Pattern, ...]
    max_discovery_depth: int | None
    limit: int
    crawl_entire_domain: bool
    allow_subdomains: bool
    allow_external_links: bool
    ignore_robots_txt: bool
    ignore_query_parameters: bool
    deduplicate_similar_urls: bool
    sitemap: str
    regex_on_full_url: bool

    @classmethod
    def from_model(cls, crawl: models.CrawlRequest) -> CrawlRules:
        """The rules of a crawl request (its defaults are the contract's, applied by the model).
        The request's patterns were checked as regular expressions when it was made; those RE2
        cannot run are dropped here, as the service's crawler drops those its engine refuses."""

        def patterns(values: list[str] | None) -> tuple[linear.Pattern, ...]:
            kept = []
            for value in values or []:
                if not value:
                    continue
                with contextlib.suppress(linear.Unsupported):
                    kept.append(linear.compile(value))
            return tuple(kept)

        return cls(
            include_paths=patterns(crawl.include_paths),
            exclude_paths=patterns(crawl.exclude_paths),
            max_discovery_depth=crawl.max_discovery_depth,
            limit=crawl.limit,
            crawl_entire_domain=crawl.crawl_entire_domain,
            allow_subdomains=crawl.allow_subdomains,
            allow_external_links=crawl.allow_external_links,
            ignore_robots_txt=crawl.ignore_robots_txt,
            ignore_query_parameters=crawl.ignore_query_parameters,
            deduplicate_similar_urls=crawl.deduplicate_similar_urls,
            sitemap=str(crawl.sitemap),
            regex_on_full_url=crawl.regex_on_full_url,
        )


def similar_key(url: str) -> str:
    """What makes two URLs the same page under ``deduplicateSimilarURLs``: host without ``www.``,
    path without a trailing slash or ``index.html``/``index.php``, and the query."""
    parts = urlsplit(url)
    path = _INDEX.sub("/", parts.path).rstrip("/")
    return f"{bare_host((parts.hostname or '').lower())}{path}?{parts.query}"


def bare_host(host: str) -> str:
    """``host`` without a leading ``www.``."""
    return host[4:] if host.startswith("www.") else host


@dataclass
class _Walk:
    start: str
    rules: CrawlRules
    read_text: Callable[[str], str | None]
    canonical: Callable[[str], str]
    planned: list[PlannedPage] = field(default_factory=list)
    visiting: int = 0  # the planned pages not blocked (``full`` is asked at every link offered)
    seen: set[str] = field(default_factory=set)
    robots: dict[str, RobotFileParser | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        parts = urlsplit(self.start)
        self.start_host = bare_host((parts.hostname or "").lower())
        self.start_path = parts.path or "/"

    @property
    def full(self) -> bool:
        return self.visiting >= self.rules.limit

    def plan(self, page: PlannedPage) -> None:
        self.planned.append(page)
        if not page.blocked:
            self.visiting += 1

    def normal(self, url: str) -> str:
        parts = urlsplit(url)
        query = "" if self.rules.ignore_query_parameters else parts.query
        return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", query, ""))

    def key(self, url: str) -> str:
        return similar_key(url) if self.rules.deduplicate_similar_urls else url

    def allowed_by_robots(self, url: str) -> bool:
        if self.rules.ignore_robots_txt:
            return True
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self.robots:
            text = self.read_text(origin + "/robots.txt")
            parser: RobotFileParser | None = None
            if text is not None:
                from urllib.robotparser import RobotFileParser  # with urllib.request: imported when a robots.txt is read

                parser = RobotFileParser()
                parser.parse(text.splitlines())
            self.robots[origin] = parser
        parser = self.robots[origin]
        return parser is None or parser.can_fetch("FirecrawlAgent", url)

    def in_scope(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or parts.path.lower().endswith(FILE_EXTENSIONS):
            return False
        host = bare_host((parts.hostname or "").lower())
        if host != self.start_host:
            subdomain = host.endswith("." + self.start_host)
            if not (self.rules.allow_subdomains if subdomain else self.rules.allow_external_links):
                return False
        if not start_page_allowed(url, self.rules):
            return False
        return self.rules.crawl_entire_domain or (parts.path or "/").startswith(self.start_path)

    def offer(self, url: str, *, depth: int, parent: int) -> None:
        """Plan ``url`` if the rules let it in (or record it as kept out by robots.txt)."""
        if self.full:
            return
        url = self.normal(self.canonical(url))
        key = self.key(url)
        if key in self.seen or not self.in_scope(url):
            return
        self.seen.add(key)
        self.plan(PlannedPage(url, depth, parent, blocked=not self.allowed_by_robots(url)))


# The service's words for a start page its crawl's own rules keep out (its scrape worker's check).
SOURCE_NOT_ALLOWED = "Source URL is not allowed by crawl configuration"


def start_page_allowed(url: str, rules: CrawlRules) -> bool:
    """Whether the crawl's path rules (``excludePaths``, ``includePaths``) let ``url`` in: the
    patterns searched in its path, or in the whole URL with ``regexOnFullURL``. Every page found
    is held to them; the start page too, though only to be dropped after its links were read."""
    target = url if rules.regex_on_full_url else (urlsplit(url).path or "/")
    if any(p.search(target) for p in rules.exclude_paths):
        return False
    return not rules.include_paths or any(p.search(target) for p in rules.include_paths)


def plan_crawl(
    start: str,
    rules: CrawlRules,
    *,
    links_of: Callable[[str], list[str]],
    read_text: Callable[[str], str | None],
    canonical: Callable[[str], str] = lambda url: url,
) -> list[PlannedPage]:
    """Every page the crawl visits, in visiting order (breadth first), and those robots.txt kept
    out (``blocked``). ``links_of`` gives a page's links (absolute); ``read_text`` a robots.txt or
    sitemap.xml (None when the site has none); ``canonical`` the one URL of the page a link reaches
    (saved pages: ``/a`` and ``a.html`` are one page, visited once)."""
    walk = _Walk(start, rules, read_text, canonical)
    first = start.split("#", 1)[0]  # visited as given; its normal form is what later links match
    walk.seen.add(walk.key(walk.normal(first)))
    walk.seen.add(walk.key(walk.normal(canonical(first))))
    walk.plan(PlannedPage(first, 0, -1))
    if rules.limit < 1:
        return walk.planned  # the service queues the start page before its limit is ever read
    can_descend = rules.max_discovery_depth is None or rules.max_discovery_depth > 0
    if rules.sitemap in ("include", "only") and can_descend:
        parts = urlsplit(first)
        xml = read_text(f"{parts.scheme}://{parts.netloc}/sitemap.xml")
        for location in sitemap_locations(xml or ""):
            walk.offer(location, depth=1, parent=-1)
    if rules.sitemap == "only":
        return walk.planned
    queue = deque(i for i, p in enumerate(walk.planned) if not p.blocked)
    while queue and not walk.full:
        seq = queue.popleft()
        page = walk.planned[seq]
        if rules.max_discovery_depth is not None and page.depth >= rules.max_discovery_depth:
            continue
        before = len(walk.planned)
        for link in links_of(page.url):
            walk.offer(link, depth=page.depth + 1, parent=seq)
        queue.extend(i for i in range(before, len(walk.planned)) if not walk.planned[i].blocked)
    return walk.planned
