"""POST /v2/crawl/params-preview: crawl options derived from a natural-language prompt by rules, no LLM.

The rules, applied to the lower-cased prompt (each independent; every match contributes):

| phrase in the prompt | option |
|---|---|
| "only (the) /path" , "only under /path", "just /path" | includePaths ["^/path(/.*)?$"] |
| "/path" after include, crawl, in, under, from, within | includePaths |
| "/path" after exclude, skip, ignore, except, without, not, avoid | excludePaths |
| words blog, docs, documentation, pricing, careers, news, products after those verbs | the same as "/word" |
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
_INCLUDE_VERBS = r"(?:include|including|crawl|crawling|in|under|from|within|only|just|scrape|scraping)"
_SECTION_WORDS = ("blog", "docs", "documentation", "pricing", "careers", "news", "products", "api", "guides", "changelog")
_PATH = r"(/[a-z0-9][a-z0-9\-_/.]*)"
_NUMBER = r"(\d{1,6})"


def _path_pattern(path: str) -> str:
    path = path.rstrip("/.") or "/"
    return "^" + re.escape(path).replace("\\-", "-") + "(/.*)?$"


def _collect(prompt: str, verbs: str) -> list[str]:
    found: list[str] = []
    for match in re.finditer(rf"\b{verbs}\s+(?:the\s+|any\s+|all\s+)?(?:pages?\s+(?:in|under)\s+)?{_PATH}", prompt):
        found.append(match.group(1))
    words = "|".join(_SECTION_WORDS)
    for match in re.finditer(rf"\b{verbs}\s+(?:the\s+|any\s+|all\s+)?({words})\b", prompt):
        found.append("/" + match.group(1))
    return found


def derive_crawl_options(*, url: str, prompt: str) -> dict[str, Any]:
    """The options the rules above give for ``prompt`` (only options a rule set), plus ``url``."""
    text = " ".join(prompt.lower().split())
    options: dict[str, Any] = {"url": url}

    excluded = _collect(text, _EXCLUDE_VERBS)
    included = [p for p in _collect(text, _INCLUDE_VERBS) if p not in excluded]
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
