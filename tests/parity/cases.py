"""The parity corpus: the requests sent to the service's build and replayed against the reference
server. Each case has a stable name (the recorded file and the deviations table refer to it).

- ``Exchange``: one request and its answer.
- ``JobRun``: a job start, then its status read until it ends (a crawl or batch scrape), or a
  cancel; the recorded sequence is the distinct statuses read and the final answer.

``BOUNDARY`` holds the conformance suite's own bodies at the contract's documented maxima (CORE-09,
made by the suite's generator, ``bodies_at_maxima``) and its deep JSON Schemas: the answers the
service gives them are where a suite that asks too much raises a false alarm
(``tests/parity/test_false_alarms.py``). They are recorded, not replayed: the suite's verdicts are
run over them offline.

The usage endpoints, authentication and idempotency keys are not here: the service's build runs
without its database (every request is one team; those answers are constant stubs or 500s), so a
recording of them would say nothing about the service.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["BOUNDARY", "CASES", "Exchange", "JobRun"]

SITE = "https://example.com"
UNKNOWN = "00000000-0000-4000-8000-000000000000"


@dataclass(frozen=True)
class Exchange:
    name: str
    method: str
    path: str
    body: Any = None
    raw: bytes | None = None  # a body sent as is (malformed JSON)
    cancels: str | None = None  # a job start: the path prefix its id is cancelled under once it answered


@dataclass(frozen=True)
class JobRun:
    name: str
    kind: str  # "crawl" or "batch/scrape"
    body: dict[str, Any]
    cancel: bool = False
    reads: list[str] = field(default_factory=list)


def _refusals() -> list[Exchange]:
    """Bodies the service's schemas refuse, one rule at a time."""
    bad: dict[str, list[tuple[str, dict[str, Any]]]] = {
        "/v2/scrape": [
            ("unknown-key", {"url": SITE, "onlyMainContnet": True}),
            ("no-url", {}),
            ("url-number", {"url": 3}),
            ("url-ftp", {"url": "ftp://example.com"}),
            ("url-no-tld", {"url": "http://localhostish"}),
            ("formats-string", {"url": SITE, "formats": "markdown"}),
            ("formats-unknown", {"url": SITE, "formats": ["pdfx"]}),
            ("two-screenshots", {"url": SITE, "formats": ["screenshot", "screenshot@fullPage"]}),
            ("change-tracking-alone", {"url": SITE, "formats": ["changeTracking"]}),
            ("timeout-negative", {"url": SITE, "timeout": -1}),
            ("timeout-string", {"url": SITE, "timeout": "5s"}),
            ("waitfor-string", {"url": SITE, "waitFor": "a"}),
            ("mobile-string", {"url": SITE, "mobile": "yes"}),
            ("only-main-number", {"url": SITE, "onlyMainContent": 1}),
            ("headers-list", {"url": SITE, "headers": ["a"]}),
            ("include-tags-string", {"url": SITE, "includeTags": "main"}),
            ("exclude-tags-number", {"url": SITE, "excludeTags": 3}),
            ("country-unknown", {"url": SITE, "location": {"country": "AA"}}),
            ("location-list", {"url": SITE, "location": []}),
            ("actions-object", {"url": SITE, "actions": {}}),
            ("action-unknown", {"url": SITE, "actions": [{"type": "dance"}]}),
            ("wait-both", {"url": SITE, "actions": [{"type": "wait", "milliseconds": 5, "selector": "#a"}]}),
            ("wait-too-long", {"url": SITE, "waitFor": 40000, "actions": [{"type": "wait", "milliseconds": 30000}]}),
            ("proxy-unknown", {"url": SITE, "proxy": "residential"}),
            ("screenshot-quality", {"url": SITE, "formats": [{"type": "screenshot", "quality": 0}]}),
            ("integration-unknown", {"url": SITE, "integration": "my-app"}),
            ("remove-base64-string", {"url": SITE, "removeBase64Images": "no"}),
            ("block-ads-string", {"url": SITE, "blockAds": "no"}),
            ("store-in-cache-string", {"url": SITE, "storeInCache": "no"}),
        ],
        "/v2/crawl": [
            ("unknown-key", {"url": SITE, "onlyMainContnet": True}),
            ("no-url", {}),
            ("limit-string", {"url": SITE, "limit": "ten"}),
            ("include-paths-string", {"url": SITE, "includePaths": "blog"}),
            ("exclude-paths-number", {"url": SITE, "excludePaths": 3}),
            ("sitemap-unknown", {"url": SITE, "sitemap": "sometimes"}),
            ("depth-string", {"url": SITE, "maxDiscoveryDepth": "two"}),
            ("webhook-number", {"url": SITE, "webhook": 3}),
            ("scrape-options-list", {"url": SITE, "scrapeOptions": []}),
            ("scrape-options-unknown-key", {"url": SITE, "scrapeOptions": {"onlyMainContnet": True}}),
            ("url-ftp", {"url": "ftp://example.com"}),
            ("allow-subdomains-string", {"url": SITE, "allowSubdomains": "yes"}),
        ],
        "/v2/batch/scrape": [
            ("unknown-key", {"urls": [f"{SITE}/a"], "onlyMainContnet": True}),
            ("no-urls", {}),
            ("urls-string", {"urls": SITE}),
            ("urls-numbers", {"urls": [1, 2]}),
            ("invalid-url", {"urls": [f"{SITE}/a", "not a url"]}),
            ("formats-string", {"urls": [f"{SITE}/a"], "formats": "markdown"}),
            ("max-concurrency-string", {"urls": [f"{SITE}/a"], "maxConcurrency": "two"}),
        ],
        "/v2/map": [
            ("unknown-key", {"url": SITE, "onlyMainContnet": True}),
            ("no-url", {}),
            ("limit-zero", {"url": SITE, "limit": 0}),
            ("limit-string", {"url": SITE, "limit": "ten"}),
            ("search-number", {"url": SITE, "search": 3}),
            ("sitemap-unknown", {"url": SITE, "sitemap": "sometimes"}),
            ("include-subdomains-string", {"url": SITE, "includeSubdomains": "yes"}),
        ],
        "/v2/search": [
            ("unknown-key", {"query": "coffee", "onlyMainContnet": True}),
            ("no-query", {}),
            ("query-number", {"query": 3}),
            ("limit-zero", {"query": "coffee", "limit": 0}),
            ("limit-too-high", {"query": "coffee", "limit": 101}),
            ("sources-unknown", {"query": "coffee", "sources": ["video"]}),
            ("scrape-options-list", {"query": "coffee", "scrapeOptions": []}),
        ],
        "/v2/extract": [
            ("unknown-key", {"urls": [SITE], "onlyMainContnet": True}),
            ("urls-string", {"urls": SITE}),
            ("prompt-number", {"urls": [SITE], "prompt": 3}),
            ("schema-string", {"urls": [SITE], "schema": "x"}),
            ("enable-web-search-string", {"urls": [SITE], "enableWebSearch": "yes"}),
        ],
        "/v2/crawl/params-preview": [
            ("unknown-key", {"url": SITE, "prompt": "the blog", "onlyMainContnet": True}),
            ("no-prompt", {"url": SITE}),
            ("prompt-number", {"url": SITE, "prompt": 3}),
        ],
    }
    found = [Exchange(f"refuse {path} {label}", "POST", path, body) for path, cases in bad.items() for label, body in cases]
    found += [Exchange(f"malformed json {path}", "POST", path, raw=b'{"url": ') for path in bad]
    return found


def _scrapes() -> list[Exchange]:
    asked: list[tuple[str, dict[str, Any]]] = [
        ("plain", {"url": f"{SITE}/docs/1"}),
        ("no-scheme", {"url": "example.com/docs/2"}),
        ("html", {"url": f"{SITE}/docs/3", "formats": ["html"]}),
        ("raw-html", {"url": f"{SITE}/docs/4", "formats": ["rawHtml"]}),
        ("links", {"url": f"{SITE}/docs/5", "formats": ["links"]}),
        ("markdown-and-links", {"url": f"{SITE}/docs/6", "formats": ["markdown", "links"]}),
        ("format-objects", {"url": f"{SITE}/docs/7", "formats": [{"type": "markdown"}, {"type": "links"}]}),
        ("not-main-content", {"url": f"{SITE}/blog/1", "onlyMainContent": False}),
        ("include-tags", {"url": f"{SITE}/blog/2", "includeTags": ["main"]}),
        ("exclude-tags", {"url": f"{SITE}/blog/3", "excludeTags": ["nav", "footer"]}),
        ("server-error-page", {"url": f"{SITE}/fail"}),
        ("location", {"url": f"{SITE}/pricing", "location": {"country": "DE"}}),
        ("integration-known", {"url": f"{SITE}/about", "integration": "dify"}),
        ("integration-underscore", {"url": f"{SITE}/about/team", "integration": "_my-app"}),
        ("zero-max-age", {"url": f"{SITE}/docs/8", "maxAge": 0}),
        ("store-in-cache-off", {"url": f"{SITE}/docs/9", "storeInCache": False}),
        ("timeout", {"url": f"{SITE}/docs/10", "timeout": 30000}),
        ("wait-for", {"url": f"{SITE}/docs/11", "waitFor": 100}),
        ("headers", {"url": f"{SITE}/docs/12", "headers": {"X-Test": "1"}}),
        ("other-host", {"url": "https://shop.example.org/products/1"}),
        ("json-schema-not-an-object", {"url": f"{SITE}/docs/13", "formats": [{"type": "json", "schema": "x"}]}),
    ]
    return [Exchange(f"scrape {label}", "POST", "/v2/scrape", body) for label, body in asked]


def _maps() -> list[Exchange]:
    asked: list[tuple[str, dict[str, Any]]] = [
        ("plain", {"url": SITE}),
        ("limit", {"url": SITE, "limit": 3}),
        ("search", {"url": SITE, "search": "docs"}),
        ("sitemap-only", {"url": SITE, "sitemap": "only"}),
        ("sitemap-skip", {"url": SITE, "sitemap": "skip"}),
        ("no-scheme", {"url": "example.com"}),
    ]
    return [Exchange(f"map {label}", "POST", "/v2/map", body) for label, body in asked]


def _reads() -> list[Exchange]:
    found = []
    for kind in ("crawl", "batch/scrape", "extract"):
        found.append(Exchange(f"read {kind} not-a-uuid", "GET", f"/v2/{kind}/not-a-uuid"))
        found.append(Exchange(f"read {kind} unknown", "GET", f"/v2/{kind}/{UNKNOWN}"))
    for kind in ("crawl", "batch/scrape"):
        found.append(Exchange(f"cancel {kind} not-a-uuid", "DELETE", f"/v2/{kind}/not-a-uuid"))
        found.append(Exchange(f"cancel {kind} unknown", "DELETE", f"/v2/{kind}/{UNKNOWN}"))
        found.append(Exchange(f"errors {kind} not-a-uuid", "GET", f"/v2/{kind}/not-a-uuid/errors"))
        found.append(Exchange(f"errors {kind} unknown", "GET", f"/v2/{kind}/{UNKNOWN}/errors"))
    found += [
        Exchange("active crawls", "GET", "/v2/crawl/active"),
        Exchange("route unknown", "GET", "/v2/nowhere"),
        Exchange("method put extract", "PUT", "/v2/extract"),
        Exchange("method get scrape", "GET", "/v2/scrape"),
    ]
    return found


_RUNS = [
    JobRun("crawl limit 3", "crawl", {"url": SITE, "limit": 3}),
    JobRun("crawl depth 1 no sitemap", "crawl", {"url": SITE, "sitemap": "skip", "maxDiscoveryDepth": 1, "limit": 10}),
    JobRun("crawl depth 0", "crawl", {"url": SITE, "maxDiscoveryDepth": 0}),
    JobRun("crawl start page kept out", "crawl", {"url": SITE, "includePaths": ["^/pricing$"], "sitemap": "skip", "limit": 5}),
    JobRun("crawl exclude paths", "crawl", {"url": SITE, "sitemap": "skip", "maxDiscoveryDepth": 1, "excludePaths": ["^/(about|blog)"], "limit": 10}),
    JobRun("crawl limit 0", "crawl", {"url": f"{SITE}/docs", "limit": 0}),
    JobRun("crawl from a path", "crawl", {"url": f"{SITE}/docs/1", "sitemap": "skip", "limit": 5}),
    JobRun("crawl cancelled", "crawl", {"url": SITE, "limit": 50, "sitemap": "skip"}, cancel=True),
    JobRun("batch three pages", "batch/scrape", {"urls": [f"{SITE}/a", f"{SITE}/b", f"{SITE}/c"]}),
    JobRun("batch invalid url ignored", "batch/scrape", {"urls": [f"{SITE}/d", "not a url"], "ignoreInvalidURLs": True}),
    JobRun("batch with formats", "batch/scrape", {"urls": [f"{SITE}/e", f"{SITE}/f"], "formats": ["markdown", "links"]}),
    JobRun("batch a failing page", "batch/scrape", {"urls": [f"{SITE}/g", f"{SITE}/fail"]}),
]

CASES: list[Exchange | JobRun] = [*_refusals(), *_scrapes(), *_maps(), *_reads(), *_RUNS]


# Where a boundary body's webhook points: a closed port of this machine (the service's delivery
# fails there, nothing leaves the machine; the recorder never reads it).
RECEIVER = "http://127.0.0.1:9"
# The reference server's [pages.form] (conformance/src/webdata_conformance/reference.toml): the
# synthetic web's form, which the browser stand-in serves the service too.
FORM = {"url": "https://example.com/form", "input": "#search"}
_JOBS = {"startCrawl": "/v2/crawl", "startBatchScrape": "/v2/batch/scrape"}


def _boundary() -> list[Exchange]:
    """CORE-09's bodies for every operation with a JSON body and no path parameter (those with one
    name a session, scrape or monitor of the caller's, which a recording cannot hold), as the suite
    makes them, and its deep JSON Schemas."""
    from webdata_conformance.client import operations_by_id
    from webdata_conformance.suite.test_bounds import DEEP_SCHEMA_BODIES, OPERATIONS, bodies_at_maxima

    found = []
    for operation_id in OPERATIONS:
        operation = operations_by_id()[operation_id]
        if "{" in operation["path"]:
            continue
        for location, body in bodies_at_maxima(operation_id, FORM, RECEIVER):
            found.append(Exchange(f"bound {operation_id} {location}", operation["method"], operation["path"], body, cancels=_JOBS.get(operation_id)))
    for operation_id, body in sorted(DEEP_SCHEMA_BODIES.items()):
        operation = operations_by_id()[operation_id]
        found.append(Exchange(f"deep schema {operation_id}", operation["method"], operation["path"], body))
    return found


BOUNDARY: list[Exchange] = _boundary()
