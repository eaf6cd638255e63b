"""The developer index: five GitHub repositories (their README, issues and pull requests, and one
packaged agent skill) and two documentation sources, searched with every filter of
``POST /v2/search/developer``.

A repository filter (``repos``, ``language``, ``topic``, ``license``, ``min_stars``,
``max_stars``, ``archived``, ``fork``) keeps repository entries that pass it and leaves documentation
out; ``sources`` keeps the entries of those documentation sources; given both, an entry passing
either is kept. ``types`` keeps those kinds (a skill file is a ``doc``), ``skills: "only"`` the
skill files. Results rank by the share of the query's words an entry holds (title, text, repository
name and topics), then by id; each carries its best ``passages`` sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webdata_server.indexes import corpus_sentences, corpus_words, rank, words

__all__ = ["DOC_SOURCES", "ENTRIES", "REPOS", "DeveloperQuery", "search"]


@dataclass(frozen=True)
class Repo:
    name: str  # owner/name
    language: str
    license: str | None  # SPDX id; None: the repository has none
    stars: int
    topics: tuple[str, ...]
    archived: bool = False
    fork: bool = False


@dataclass(frozen=True)
class Entry:
    id: str
    kind: str  # doc, issue, pull_request, readme
    url: str
    title: str
    text: str
    repo: Repo | None = None
    source: str | None = None  # a documentation source's id
    skill: bool = False


REPOS: tuple[Repo, ...] = (
    Repo("example-labs/fastparse", "Python", "MIT", 1840, ("parsing", "python", "json")),
    Repo("example-labs/rustls-lite", "Rust", "Apache-2.0", 5230, ("tls", "rust", "security")),
    Repo("crawlkit/crawlkit", "TypeScript", "MIT", 960, ("crawler", "scraping", "markdown")),
    Repo("oldco/legacy-scraper", "Python", None, 45, ("scraping",), archived=True),
    Repo("someone/fastparse", "Python", "MIT", 3, ("parsing", "python", "json"), fork=True),
)
DOC_SOURCES: dict[str, str] = {
    "python-docs": "https://docs.python.example.org",
    "rust-book": "https://rust-book.example.org",
}


def _repo(name: str) -> Repo:
    return next(r for r in REPOS if r.name == name)


def _gh(repo: str, kind: str, number: int | None, title: str, text: str, *, path: str = "", skill: bool = False) -> Entry:
    base = f"https://github.com/{repo}"
    if kind == "readme":
        return Entry(f"github:{repo}:readme", "readme", base + "#readme", title, text, repo=_repo(repo))
    if kind == "doc":
        return Entry(f"github:{repo}:{path}", "doc", f"{base}/blob/main/{path}", title, text, repo=_repo(repo), skill=skill)
    segment = "issues" if kind == "issue" else "pull"
    return Entry(f"github:{repo}:{segment}/{number}", kind, f"{base}/{segment}/{number}", title, text, repo=_repo(repo))


def _doc(source: str, path: str, title: str, text: str) -> Entry:
    return Entry(f"doc:{source}:{path}", "doc", f"{DOC_SOURCES[source]}/{path}", title, text, source=source)


ENTRIES: tuple[Entry, ...] = (
    _gh(
        "example-labs/fastparse",
        "readme",
        None,
        "fastparse: fast JSON and CSV parsing for Python",
        "fastparse parses JSON and CSV files in Python without loading them whole. It streams rows from disk. Install it with pip install fastparse.",
    ),
    _gh(
        "example-labs/fastparse",
        "issue",
        12,
        "Memory leak when parsing large JSON files",
        "Parsing a 2 GB JSON file grows memory until the process is killed. The streaming parser keeps every row in a list. Reproduced on Python 3.11 and 3.12.",
    ),
    _gh(
        "example-labs/fastparse",
        "pull_request",
        15,
        "Fix memory leak in the streaming JSON parser",
        "The streaming parser now yields rows instead of keeping them. Memory stays flat when parsing large JSON files. Closes the memory leak issue.",
    ),
    _gh(
        "example-labs/fastparse",
        "issue",
        21,
        "CSV parser fails on quoted newlines",
        "A quoted field that contains a newline ends the row early. The CSV parser should follow RFC 4180 for quoted fields.",
    ),
    _gh(
        "example-labs/rustls-lite",
        "readme",
        None,
        "rustls-lite: a small TLS library for Rust",
        "rustls-lite is a TLS 1.3 client and server library for Rust with no unsafe code. It verifies certificates with webpki.",
    ),
    _gh(
        "example-labs/rustls-lite",
        "issue",
        88,
        "Certificate verification error with self-signed certificates",
        "Connecting to a server with a self-signed certificate fails with UnknownIssuer. Add the certificate to the root store to trust it.",
    ),
    _gh(
        "example-labs/rustls-lite",
        "pull_request",
        90,
        "Support TLS session resumption in the client",
        "The client now stores TLS session tickets and resumes sessions, saving a round trip on reconnect.",
    ),
    _gh(
        "crawlkit/crawlkit",
        "readme",
        None,
        "crawlkit: crawl websites and convert pages to markdown",
        "crawlkit crawls a website from a start URL, follows links within the site and converts every page to markdown for LLMs. It respects robots.txt.",
    ),
    _gh(
        "crawlkit/crawlkit",
        "issue",
        7,
        "Crawler ignores robots.txt crawl-delay",
        "The crawler sends requests faster than the crawl-delay of robots.txt allows. It should wait between requests to the same host.",
    ),
    _gh(
        "crawlkit/crawlkit",
        "pull_request",
        9,
        "Honour crawl-delay from robots.txt",
        "The crawler now waits the crawl-delay robots.txt asks for between requests to one host.",
    ),
    _gh(
        "crawlkit/crawlkit",
        "doc",
        None,
        "Agent skill: crawl a site to markdown",
        "This agent skill crawls a website with crawlkit and returns its pages as markdown. Give it a start URL and a page limit.",
        path="skills/crawl-site/SKILL.md",
        skill=True,
    ),
    _gh(
        "oldco/legacy-scraper",
        "readme",
        None,
        "legacy-scraper: a web scraper (unmaintained)",
        "legacy-scraper scrapes web pages with regular expressions. This repository is archived; use a maintained crawler instead.",
    ),
    _gh(
        "oldco/legacy-scraper",
        "issue",
        3,
        "Scraper breaks on pages with JavaScript",
        "Pages that render their content with JavaScript come back empty because the scraper does not run a browser.",
    ),
    _gh("someone/fastparse", "readme", None, "fastparse (fork): JSON parsing experiments", "A fork of fastparse for experiments with JSON parsing in Python."),
    _doc(
        "python-docs",
        "library/json.html",
        "json: JSON encoder and decoder",
        "The json module parses JSON text into Python objects with json.loads and writes them with json.dumps. Large files can be read with json.load from a file object.",
    ),
    _doc(
        "python-docs",
        "library/asyncio.html",
        "asyncio: asynchronous I/O",
        "asyncio runs coroutines in an event loop. Use asyncio.run to start a program and asyncio.gather to run tasks concurrently.",
    ),
    _doc(
        "rust-book",
        "ch04-01-what-is-ownership.html",
        "What is ownership?",
        "Ownership is how Rust manages memory. Each value has one owner, and the value is dropped when its owner goes out of scope. Borrowing lends a reference without moving ownership.",
    ),
    _doc(
        "rust-book",
        "ch10-03-lifetime-syntax.html",
        "Validating references with lifetimes",
        "Lifetimes tell the Rust compiler how long references are valid, so that a borrow never outlives the value it points to.",
    ),
)


@dataclass(frozen=True)
class DeveloperQuery:
    query: str
    k: int = 10
    passages: int = 1
    types: tuple[str, ...] = ()
    repos: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    language: str | None = None
    topic: tuple[str, ...] = ()
    license: str | None = None
    min_stars: int | None = None
    max_stars: int | None = None
    archived: bool | None = None
    fork: bool | None = None
    skills: str | None = None

    @property
    def repo_filter(self) -> bool:
        return (
            bool(self.repos)
            or any(v is not None for v in (self.language, self.license, self.min_stars, self.max_stars, self.archived, self.fork))
            or bool(self.topic)
        )


def _repo_passes(q: DeveloperQuery, repo: Repo) -> bool:
    if q.repos and repo.name.lower() not in {r.lower() for r in q.repos}:
        return False
    if q.language is not None and repo.language.lower() != q.language.lower():
        return False
    if q.topic and not {t.lower() for t in q.topic} <= set(repo.topics):
        return False
    if q.license is not None and (repo.license or "").lower() != q.license.lower():
        return False
    if q.min_stars is not None and repo.stars < q.min_stars:
        return False
    if q.max_stars is not None and repo.stars > q.max_stars:
        return False
    if q.archived is not None and repo.archived != q.archived:
        return False
    return q.fork is None or repo.fork == q.fork


def _kept(q: DeveloperQuery, entry: Entry) -> bool:
    if q.types and entry.kind not in q.types:
        return False
    if q.skills == "only" and not entry.skill:
        return False
    by_repo = entry.repo is not None and q.repo_filter and _repo_passes(q, entry.repo)
    by_source = entry.source is not None and entry.source in q.sources
    if q.repo_filter or q.sources:
        return by_repo or by_source
    return True


def _text(entry: Entry) -> str:
    extra = f" {entry.repo.name.replace('/', ' ')} {' '.join(entry.repo.topics)}" if entry.repo else ""
    return f"{entry.title} {entry.text}{extra}"


def _passages(entry: Entry, query: str, count: int) -> list[dict[str, str]]:
    wanted = words(query)
    ordered = sorted(enumerate(corpus_sentences(entry.text)), key=lambda s: (-len(wanted & corpus_words(s[1])), s[0]))
    return [{"text": text, "citation_url": entry.url} for _, text in ordered[:count]]


def _license(entry: Entry) -> dict[str, Any] | None:
    if entry.repo is None:
        return None
    if entry.repo.license is None:
        return {"state": "known_absent", "spdx_id": None}
    return {"state": "licensed", "spdx_id": entry.repo.license}


def search(q: DeveloperQuery) -> dict[str, Any]:
    """The answer of a developer search: ``results``, and the status of each repository and source
    asked for (``repos``, ``sources``)."""
    kept = [e for e in ENTRIES if _kept(q, e)]
    hits = rank(q.query, kept, _text, lambda e: e.id)[: q.k]
    results = []
    for entry, _score in hits:
        result: dict[str, Any] = {"id": entry.id, "url": entry.url, "title": entry.title, "passages": _passages(entry, q.query, q.passages)}
        license = _license(entry)
        if license is not None:
            result["license"] = license
        results.append(result)
    answer: dict[str, Any] = {"success": True, "results": results}
    if q.repos:
        statuses = []
        for name in q.repos:
            repo = next((r for r in REPOS if r.name.lower() == name.lower()), None)
            kinds = {e.kind for e in ENTRIES if e.repo is repo} if repo else set()
            statuses.append(
                {
                    "repo": name,
                    "indexed": repo is not None,
                    "types": {"issue": "issue" in kinds, "pullRequest": "pull_request" in kinds, "readme": "readme" in kinds},
                }
            )
        answer["repos"] = statuses
    if q.sources:
        answer["sources"] = [{"source": s, "indexed": s in DOC_SOURCES} for s in q.sources]
    return answer
