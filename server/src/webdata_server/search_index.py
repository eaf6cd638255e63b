"""The search index of the synthetic web: a fixed corpus of topic sites, indexed with SQLite's FTS5
and ranked with ``bm25()``, so the same query always gives the same results.

The corpus is :data:`SITES`: each site's home, its four sections and their children (the synthetic
tree of :mod:`webdata_server.site` to depth 2: 17 pages a site). A page is indexed by its title (host
and path, as a scrape reads it) and by its site's topic and the section's name. A query matches a
page when one of its words does (words are letters and digits; ``OR`` between them), ranked by
bm25 and then by URL. Web results are the pages; news results are the pages under ``/blog`` (each
dated from its URL) that match, then the other ``/blog`` pages of the sites that match, so a query
that finds a site finds its news; image results are the pages' hero images (``/images/hero.png``, 1200 x 630).
Categories label results by their host: ``github`` for ``github.example.com``, ``research`` for
``research`` or ``arxiv`` hosts, ``pdf`` for a URL ending in ``.pdf``.

Beside each site's pages the index holds one community thread about its topic on a social site
(``https://www.reddit.com/r/<site name without dashes>/``, titled ``<topic's name> - r/<name>``,
indexed with the words of the site's home page, so it ranks right after it), as a real search mixes
them in: the service does not scrape such
sites (:mod:`webdata_server.blocklist`), which is what ``ignoreInvalidURLs`` is for.

The index lives in an in-memory database of its own (a few hundred rows, built at start in
milliseconds), read under a lock.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from dataclasses import dataclass

from webdata_server import site
from webdata_server.web import page_title

__all__ = ["SITES", "SearchHit", "SearchIndex", "category_of"]

# (host, topic): the synthetic web's sites that search knows.
SITES: tuple[tuple[str, str], ...] = (
    ("python-tutorials.example.com", "Python tutorials: functions, classes, async and packaging"),
    ("rust-guide.example.com", "A Rust guide: ownership, borrowing and lifetimes"),
    ("coffee-recipes.example.com", "Coffee recipes: espresso, pour-over and cold brew"),
    ("climate-news.example.com", "Climate news: science, policy and energy"),
    ("travel-japan.example.com", "Travel in Japan: Tokyo, Kyoto and rail passes"),
    ("travel-france.example.com", "Travel in France: Paris, the capital of France, Lyon and the Riviera"),
    ("gardening.example.com", "Gardening: vegetables, soil and compost"),
    ("web-scraping.example.com", "Web scraping and crawling with Firecrawl: markdown for LLMs"),
    ("github.example.com", "Open source code: repositories, issues and pull requests"),
    ("arxiv-research.example.org", "Research papers: machine learning, transformers and diffusion models"),
    ("example.com", "Example Domain: the synthetic web's default site"),
)
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class SearchHit:
    """One indexed page that matched."""

    url: str
    title: str
    description: str
    host: str
    section: str


def category_of(url: str) -> str | None:
    """The category the service's labels would give ``url`` (None: none)."""
    lowered = url.lower()
    host = lowered.split("/")[2] if lowered.count("/") >= 2 else lowered
    if host == "github.example.com" or host.endswith(".github.example.com"):
        return "github"
    if "research" in host or "arxiv" in host:
        return "research"
    if lowered.split("?")[0].endswith(".pdf"):
        return "pdf"
    return None


def news_date(url: str) -> str:
    """A date in 2026 drawn from the URL (the same URL, the same date)."""
    digest = hashlib.sha256(url.encode()).digest()
    return f"2026-{digest[0] % 12 + 1:02d}-{digest[1] % 28 + 1:02d}"


class SearchIndex:
    """The corpus in an FTS5 table; :meth:`search` ranks it."""

    def __init__(self, rows: list[tuple[str, str, str, str, str, str, str]] | None = None) -> None:
        """The synthetic web's corpus, or ``rows`` of (url, title, words, title shown, host,
        section, description) (saved pages: :mod:`webdata_server.localweb`)."""
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()
        self._db.execute(
            "CREATE VIRTUAL TABLE pages USING fts5(url UNINDEXED, title, topic, shown UNINDEXED, host UNINDEXED, section UNINDEXED, description UNINDEXED)"
        )
        if rows is None:
            rows = self._synthetic()
        self._db.executemany("INSERT INTO pages (url, title, topic, shown, host, section, description) VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    @staticmethod
    def _synthetic() -> list[tuple[str, str, str, str, str, str, str]]:
        rows = []
        for host, topic in SITES:
            origin = f"https://{host}"
            pages = [u for u in site.sitemap_urls(origin) if site.in_tree(host, u[len(origin) :])]
            for url in pages:
                path = url[len(origin) :]
                section = path.strip("/").split("/")[0] if path.strip("/") else "home"
                title = page_title(url)
                rows.append((url, title, f"{topic} {section}", title, host, section, f"{topic} — {section}"))
            # The community thread: the home page's words, so it ranks right after the home page.
            name, thread = topic.split(":")[0], f"https://www.reddit.com/r/{host.split('.')[0].replace('-', '')}/"
            shown = f"{name} - r/{thread.split('/')[4]}"
            rows.append((thread, page_title(f"{origin}/"), f"{topic} home", shown, "www.reddit.com", "community", f"{topic} — community discussion"))
        return rows

    def section(self, host: str, section: str) -> list[SearchHit]:
        """The pages of ``host``'s ``section`` (its news: ``blog``), in URL order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT url, shown, description, host, section FROM pages WHERE host = ? AND section = ? ORDER BY url", (host, section)
            ).fetchall()
        return [SearchHit(*row) for row in rows]

    def search(self, query: str, *, limit: int) -> list[SearchHit]:
        """The pages matching any word of ``query``, most relevant first, at most ``limit``."""
        words = _WORD.findall(query.lower())[:64]
        if not words:
            return []
        expression = " OR ".join('"' + word.replace('"', '""') + '"' for word in dict.fromkeys(words))
        with self._lock:
            rows = self._db.execute(
                "SELECT url, shown, description, host, section FROM pages WHERE pages MATCH ? ORDER BY bm25(pages), url LIMIT ?",
                (expression, limit),
            ).fetchall()
        return [SearchHit(*row) for row in rows]
