"""POST /v2/crawl/params-preview: crawl options derived from a natural-language prompt by rules, no LLM.

The rules, applied to the lower-cased prompt (each independent; every match contributes):

| phrase in the prompt | option |
|---|---|
| "/path" after include, crawl, scrape, extract, get, find, collect, gather, fetch, in, under, from, within, only, just | includePaths ["path/.*"] |
| "/path" after exclude, skip, ignore, except, without, not, no, avoid | excludePaths (wins over includePaths) |
| blog, docs, pricing, careers, news, products, api, guides, changelog after those verbs | the same as "/word" ("documentation" is "docs") |

Paths come out as the service's model writes them (firecrawl-py's own test of this operation expects
``blog/.*`` and ``docs/.*`` for "Extract all blog posts and documentation"): the path without its
leading slash, then ``/.*``; the crawl matches them anywhere in a URL's path, as the service does.

A verb governs every path and section word after it up to the next verb, comma, semicolon,
full stop or "but" ("exclude the blog and /login" excludes both).
| "N pages", "limit N", "up to N", "at most N", "max N", "first N" | limit N (1..100000) |
| "N levels deep", "depth N", "N links deep", "N clicks" | maxDiscoveryDepth N |
| "entire domain", "whole domain", "whole site", "entire site", "all pages", "everything" | crawlEntireDomain true |
| "subdomain(s)" (not after no/without/exclude) | allowSubdomains true |
| "external links", "other domains", "follow external" | allowExternalLinks true |
| "only (the) sitemap", "sitemap only", "just the sitemap" | sitemap only |
| "ignore/skip/without/no sitemap" | sitemap skip |
| "use/include/with (the) sitemap" | sitemap include |
| "ignore query parameters", "ignore query strings" | ignoreQueryParameters true |
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["derive_crawl_options"]

_EXCLUDE_VERBS = r"(?:exclude|excluding|skip|skipping|ignore|ignoring|except|without|not|avoid|avoiding|no)"
_INCLUDE_VERBS = r"(?:include|including|crawl|crawling|in|under|from|within|only|just|scrape|scraping|extract|extracting|get|find|collect|gather|fetch)"
_SECTION_WORDS = ("blog", "docs", "documentation", "pricing", "careers", "news", "products", "api", "guides", "changelog")
_SYNONYMS = {"/documentation": "/docs"}
_PATH = r"(/[a-z0-9][a-z0-9\-_/.]*)"
_NUMBER = r"(\d{1,9})"


def _path_pattern(path: str) -> str:
    path = _SYNONYMS.get(path.rstrip("/."), path.rstrip("/."))
    return re.escape(path.lstrip("/")).replace("\\-", "-").replace("\\/", "/") + "/.*" if path.strip("/") else ".*"


def _sections(prompt: str) -> tuple[list[str], list[str]]:
    """(included, excluded) paths: a verb governs the paths and section words that follow it,
    up to the next verb, comma, semicolon, full stop or "but"."""
    included: list[str] = []
    excluded: list[str] = []
    verbs = re.compile(rf"\b(?:(?P<exclude>{_EXCLUDE_VERBS})|(?P<include>{_INCLUDE_VERBS}))\b")
    targets = re.compile(rf"{_PATH}|\b({'|'.join(_SECTION_WORDS)})\b")
    for clause in re.split(r"[,;.]|\bbut\b", prompt):
        marks = list(verbs.finditer(clause))
        ends = [m.start() for m in marks[1:]] + ([len(clause)] if marks else [])
        for mark, end in zip(marks, ends, strict=True):
            segment = clause[mark.end() : end]
            found = [m.group(1) or "/" + m.group(2) for m in targets.finditer(segment)]
            (excluded if mark.group("exclude") else included).extend(found)
    return included, excluded


def derive_crawl_options(*, url: str, prompt: str) -> dict[str, Any]:
    """The options the rules above give for ``prompt`` (only options a rule set), plus ``url``."""
    text = " ".join(prompt.lower().split())
    options: dict[str, Any] = {"url": url}

    included, excluded = _sections(text)
    included = [p for p in included if p not in excluded]
    if included:
        options["includePaths"] = sorted({_path_pattern(p) for p in included})
    if excluded:
        options["excludePaths"] = sorted({_path_pattern(p) for p in excluded})

    limit = re.search(rf"\b(?:limit(?:\s+(?:of|to))?|up\s+to|at\s+most|max(?:imum)?(?:\s+of)?|first|no\s+more\s+than)\s+{_NUMBER}\b", text) or re.search(
        rf"\b{_NUMBER}\s+(?:pages?|urls?|results?)\b", text
    )
    if limit:
        options["limit"] = max(1, min(int(limit.group(1)), 100_000))

    depth = re.search(rf"\b{_NUMBER}\s+(?:levels?|links?|clicks?|hops?)\s*(?:deep)?\b", text) or re.search(rf"\bdepth(?:\s+of)?\s+{_NUMBER}\b", text)
    if depth:
        options["maxDiscoveryDepth"] = int(depth.group(1))

    if re.search(r"\b(?:entire|whole|full)\s+(?:domain|site|website)\b|\ball\s+pages\b|\beverything\b", text):
        options["crawlEntireDomain"] = True
    if re.search(r"\bsubdomains?\b", text) and not re.search(rf"\b{_EXCLUDE_VERBS}\s+(?:any\s+|the\s+)?subdomains?\b", text):
        options["allowSubdomains"] = True
    if re.search(r"\bexternal\s+(?:links?|sites?|domains?)\b|\bother\s+domains?\b|\bfollow\s+external\b", text) and not re.search(
        rf"\b{_EXCLUDE_VERBS}\s+(?:any\s+|the\s+)?external\b", text
    ):
        options["allowExternalLinks"] = True

    if re.search(r"\b(?:only|just)\s+(?:use\s+)?(?:the\s+)?sitemap\b|\bsitemap\s+only\b", text):
        options["sitemap"] = "only"
    elif re.search(rf"\b{_EXCLUDE_VERBS}\s+(?:the\s+)?sitemap\b", text):
        options["sitemap"] = "skip"
    elif re.search(r"\b(?:use|include|with|using)\s+(?:the\s+)?sitemap\b", text):
        options["sitemap"] = "include"

    if re.search(r"\bignor(?:e|ing)\s+query\s+(?:parameters|params|strings?)\b", text):
        options["ignoreQueryParameters"] = True
    return options
