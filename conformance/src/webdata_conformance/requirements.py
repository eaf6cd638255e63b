"""The requirements the suite tests: each one MUST sentence with its seed section, under a class.

A scenario names its requirement with ``@pytest.mark.requirement("JOBS-02")``; a Schemathesis check
(``checks.py``) with ``REQUIREMENT_OF_CHECK``. ``webdata-conformance --requirements`` prints the
document (REQUIREMENTS.md in the suite's source is that output).

Classes (after the OGC test suites): a server claims all of them; a class whose fixtures are not
configured is skipped with the reason, and a requirement the server knowingly breaks can be listed
as a deviation (reported, still run, not a failure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webdata_conformance.contract import bundle, operations_by_id, resolved

__all__ = ["CLASSES", "FAILURE_CODE_OF_CHECK", "REQUIREMENTS", "REQUIREMENTS_OF_CHECK", "Requirement", "contract_requirements", "document", "fixed_cost"]


@dataclass(frozen=True)
class Requirement:
    id: str
    cls: str
    text: str  # one MUST sentence
    source: str  # the seed's section, or "inferred"
    # The operations whose answers decide it: it passes only when an answer of each was examined
    # by a test or check that held (empty: any answer, as for CORE-01).
    operations: tuple[str, ...] = ()


def _body_properties(op: dict[str, Any]) -> set[str]:
    """The request body's property names, and those of its scrapeOptions."""
    body = resolved(op.get("requestBody"))
    schema = resolved((body or {}).get("content", {}).get("application/json", {}).get("schema"))
    names: set[str] = set()
    # A body of several forms (a scrape: a URL, or alexandria calls) takes what any form takes.
    forms = [resolved(member) for member in (schema or {}).get("oneOf", [])]
    for part in [schema, *(schema or {}).get("allOf", []), *forms]:
        properties = resolved(part or {}).get("properties", {})
        names |= set(properties)
        options = resolved(properties.get("scrapeOptions", {}))
        for inner in [options, *options.get("allOf", [])]:
            names |= set(resolved(inner).get("properties", {}))
    return names


def _open_body(operation_id: str) -> bool:
    """Whether the operation's body schema takes keys it does not name (``additionalProperties:
    true``: the browser bodies, whose service schemas drop unknown keys)."""
    schema = resolved(resolved(operations_by_id()[operation_id].get("requestBody"))["content"]["application/json"]["schema"])
    return schema.get("additionalProperties") is True


def every(*, documenting: int | None = None, body: bool = False, taking: str | None = None) -> tuple[str, ...]:
    """The operations (sorted ids) that document a status, take a body, or take a body property."""
    found = []
    for op_id, op in sorted(operations_by_id().items()):
        if documenting is not None and str(documenting) not in op.get("responses", {}):
            continue
        if (body or taking) and "application/json" not in (resolved(op.get("requestBody")) or {}).get("content", {}):
            continue
        if taking and taking not in _body_properties(op):
            continue
        found.append(op_id)
    return tuple(found)


_SCRAPE = ("scrapeUrl",)
_JOB_STARTS = ("startAgent", "startBatchScrape", "startCrawl", "startExtract")
_CHECKED_IDS = (
    "cancelAgent",
    "getAgentTrace",
    "cancelBatchScrape",
    "cancelCrawl",
    "getAgentStatus",
    "getBatchScrapeStatus",
    "getCrawlErrors",
    "getCrawlStatus",
    "getExtractStatus",
)


CLASSES: dict[str, str] = {
    "core": "Any server: the contract's shapes and statuses, authentication, the seed's error texts and bounds.",
    "tenancy": "Needs a key of a second team (--second-api-key): one team never sees another's jobs.",
    "jobs": "Job life cycles: cancellation and the states it leads to.",
    "cache": "The cache rules of scrape: maxAge, minAge, lockdown.",
    "billing": "Credit charges, read from token usage; needs a team used by nothing else (--isolated-usage).",
    "threat": "Threat protection; needs a team entitled to it.",
    "pages": "Behaviours that need pages with known properties, named in the configuration file ([pages]).",
    "limits": "Refusals a client cannot provoke alone: they need the teams, pages and limits named in the configuration file ([fixtures]).",
    "parse": "File uploads (POST /v2/parse) with the small files the suite ships: any server that claims parse.",
    "monitor": "Monitors (/v2/monitor): their schedules, runs, pauses, deletion and checks' summaries; any server that claims monitors.",
    "interact": "Browser sessions (interact, /v2/browser): ownership, ended sessions, billing once by duration, one profile writer; tenancy and billing need --second-api-key and --isolated-usage.",
    "formats": "The scrape formats after branding (attributes, highlights, question, the combinations the service refuses) on any page of any server.",
}

_ALL = [
    Requirement(
        "CORE-01",
        "core",
        "Every answer MUST have a status the contract documents for its operation, a body its schema accepts and the headers it marks required.",
        "contract",
    ),
    Requirement("CORE-02", "core", "Every operation MUST answer 401 without a key and with an unknown key.", "§5", operations=every()),
    Requirement("CORE-03", "core", "Where the seed gives an error's text, the error body MUST carry exactly that text.", "§7"),
    Requirement("CORE-04", "core", "A scrape timeout outside 1000..300000 ms MUST be refused with 400.", "§2.2, §8", operations=_SCRAPE),
    Requirement(
        "CORE-05",
        "core",
        "An extract MUST drop and list invalid URLs in invalidURLs when ignoreInvalidURLs is true (the default) and refuse them with 400 when it is false, with no invalidURLs then.",
        "§2.1, §2.6",
        operations=("startExtract",),
    ),
    Requirement(
        "CORE-06",
        "core",
        "A request body with a key the operation does not take MUST be refused with 400, on every operation with a body.",
        "contract (additionalProperties false); inferred: the service's v2 request schemas are strict",
        operations=tuple(op for op in every(body=True) if not _open_body(op)),
    ),
    Requirement(
        "CORE-07",
        "core",
        "A URL without a scheme MUST be taken as http: a scrape of example.com MUST succeed as a scrape of http://example.com (its metadata.url); its sourceURL MAY name the URL as sent.",
        "inferred: the service's v2 URL schema prepends http://; its scrape controller keeps the URL as sent for sourceURL (unnormalizedSourceURL)",
        operations=_SCRAPE,
    ),
    Requirement(
        "CORE-08",
        "core",
        "Valid requests at the sizes users send MUST be answered without a 5xx: a 10,000-character prompt, 1,000 URLs, 50 actions, a JSON Schema nested 20 levels deep.",
        "§2.1, §2.4, §8; inferred: the service's bounds (at most 50 actions)",
        operations=("scrapeUrl", "startBatchScrape", "startExtract"),
    ),
    Requirement(
        "CORE-09",
        "core",
        "A request with any one array, string or open object of its body at the contract's documented maximum (maxItems, maxLength, maxProperties) MUST be answered without a 5xx and MUST NOT be refused as invalid (400) or too large (413).",
        "contract (the request-bounds rule: every such value has a documented maximum)",
        operations=every(body=True),
    ),
    Requirement(
        "TEN-01",
        "tenancy",
        "A job of another team MUST answer exactly as an unknown id, and MUST NOT be listed among the caller's active crawls.",
        "§5.3",
        operations=(*_JOB_STARTS, "getActiveCrawls"),
    ),
    Requirement(
        "JOBS-01",
        "jobs",
        'A cancelled batch scrape MUST read back as cancelled, and cancelling an unknown one MUST answer 404 "Batch scrape job not found."',
        "§3, §7",
        operations=("cancelBatchScrape",),
    ),
    Requirement(
        "JOBS-02",
        "jobs",
        'Cancelling a running agent MUST answer success and leave it cancelled; a second cancel MUST answer 409 "Agent already finished" and change nothing; a jobId that is not a UUID MUST answer 400.',
        "§3, §7",
        operations=("cancelAgent",),
    ),
    Requirement(
        "JOBS-03",
        "jobs",
        "A crawl start whose x-idempotency-key was used before MUST answer 409 and MUST NOT start a crawl.",
        "inferred: the service's idempotency middleware on POST /v2/crawl",
        operations=("startCrawl",),
    ),
    Requirement(
        "JOBS-04",
        "jobs",
        'The status and cancel paths of every job, and crawl errors, MUST answer 400 "Invalid job ID format. Job ID must be a valid UUID." to an id that is not a UUID.',
        "§7 (the text); inferred: the service's validateJobIdParam on those paths",
        operations=_CHECKED_IDS,
    ),
    Requirement(
        "JOBS-05",
        "jobs",
        "The trace of an agent run that ended MUST count its events from 0 in time order, end with run.finished whose outcome is the run's state, finish every tool call it started, and, for a completed run, its last artifact snapshot MUST be the run's result (data, or message in chat mode).",
        "inferred: firecrawl-py 4.55 and firecrawl-js 4.42 trace types (schemaVersion 1: producerSequence, run.finished outcome, artifact.updated snapshots read with getAgentSnapshot)",
        operations=("getAgentTrace", "getAgentSnapshot"),
    ),
    Requirement(
        "CRAWL-01",
        "jobs",
        "A crawl MUST return at most limit pages, and with maxDiscoveryDepth 0 no page but its start URL.",
        "inferred: the service's crawler (WebCrawler.filterLinks of apps/api: at the maximum discovery depth every link found is dropped, so depth 0 visits no linked page). Whether the start page itself is kept is not required: the API reference says depth 0 crawls the start page, while the newest stored scrape-worker.ts (c40bc3e) checks the start page with filterLinks([url], 1, maxDepth), without ignoreDiscoveryDepth, which drops it too (the August 2025 build answers no page)",
        operations=("getCrawlStatus",),
    ),
    Requirement(
        "CRAWL-02",
        "jobs",
        "The pages of a crawl's status, read from the first through each next, MUST join into all its completed pages with no URL twice, each next being a URL of the server's own origin.",
        "inferred: paging of the service's crawl status; both official SDKs follow next",
        operations=("getCrawlStatus",),
    ),
    Requirement(
        "CRAWL-03",
        "jobs",
        "A crawl's completed count MUST never decrease between two reads of its status.",
        "inferred: the service's crawl status",
        operations=("getCrawlStatus",),
    ),
    Requirement(
        "CRAWL-04",
        "pages",
        "Every page a crawl returns, except its start URL, MUST have a path that one of includePaths matches and none of excludePaths does (regular expressions searched in the path).",
        "inferred: WebCrawler.filterLinks of apps/api",
        operations=("getCrawlStatus",),
    ),
    Requirement("CACHE-01", "cache", "A scrape with minAge and no cached copy MUST answer 404 SCRAPE_NO_CACHED_DATA.", "§2.2", operations=_SCRAPE),
    Requirement(
        "CACHE-02",
        "cache",
        "A lockdown scrape MUST answer 404 SCRAPE_LOCKDOWN_CACHE_MISS with nothing cached and MUST serve the cached copy once there is one.",
        "§2.2",
        operations=_SCRAPE,
    ),
    Requirement(
        "CACHE-03",
        "cache",
        "A cached copy MUST NOT be served to a scrape that asks for another location or for the mobile page: such a scrape MUST report cacheState miss.",
        "§2.2.2; inferred: the service keys its cache by location and mobile",
        operations=_SCRAPE,
    ),
    Requirement(
        "CACHE-04",
        "cache",
        "A scrape with storeInCache false MUST leave no copy a later request can be served from: a lockdown scrape of the URL after it MUST miss.",
        "§2.2",
        operations=_SCRAPE,
    ),
    Requirement(
        "CACHE-05",
        "cache",
        "A scrape with actions or headers MUST NOT be stored (they force storeInCache off): a lockdown scrape of the URL after it MUST miss.",
        "§2.2",
        operations=_SCRAPE,
    ),
    Requirement(
        "CACHE-06",
        "cache",
        "A scrape with maxAge 0 MUST NOT be served a cached copy: it MUST report cacheState miss even right after the URL was scraped.",
        "§2.2",
        operations=_SCRAPE,
    ),
    Requirement("BILL-01", "billing", "A lockdown miss MUST cost 1 credit and a lockdown hit 5.", "§8", operations=_SCRAPE),
    Requirement("BILL-02", "billing", "checkPromptInjection MUST add 4 credits to a scrape.", "§8", operations=_SCRAPE),
    Requirement("BILL-03", "billing", "Token usage MUST fall by 15 tokens per credit charged.", "§2.7", operations=("startAgent",)),
    Requirement("THREAT-01", "threat", "Threat-protection mode normal MUST add 2 credits per URL scanned.", "§8", operations=_SCRAPE),
    Requirement(
        "THREAT-02",
        "threat",
        "A threatProtection override from a team without the Threat Protection entitlement MUST be refused with 403 by every operation that takes one.",
        "§2.5, §5, §7",
        operations=every(taking="threatProtection"),
    ),
    Requirement(
        "THREAT-03",
        "threat",
        "A URL whose domain is on the request's blacklist (plain, or a *. glob for its subdomains) or whose TLD is in blockedTlds MUST be refused with 403, and a domain on the whitelist MUST be allowed whatever else would block it.",
        "§2.5",
        operations=_SCRAPE,
    ),
    Requirement(
        "THREAT-04",
        "threat",
        "With mode normal and riskScoreThreshold 0 every URL MUST be refused with 403 (every verdict is at or above 0).",
        "§2.5",
        operations=_SCRAPE,
    ),
    Requirement(
        "THREAT-05",
        "threat",
        "When the organization disabled request overrides, a request carrying threatProtection MUST be refused with 403.",
        "§2.5",
        operations=every(taking="threatProtection"),
    ),
    Requirement(
        "THREAT-06",
        "threat",
        "When protection is enforced for the team, mode off MUST be refused with 403, and mode normal accepted.",
        "§2.5",
        operations=_SCRAPE,
    ),
    Requirement(
        "THREAT-07",
        "threat",
        "When the classifier cannot be reached, mode normal with failurePolicy closed MUST refuse the URL with 403, and failurePolicy open MUST allow it.",
        "§2.5",
        operations=_SCRAPE,
    ),
    Requirement(
        "PARSE-01",
        "parse",
        "A PDF of N pages parsed with maxPages M MUST give min(N, M) pages (numPages, the pages array) and be charged 1 credit for each (creditsUsed).",
        "§2.2.1, §8",
        operations=("parseFile",),
    ),
    Requirement(
        "PARSE-02",
        "parse",
        "With pageMarkers, a parsed PDF's markdown MUST join its pages with a blank line, ---, <!-- page N --> and a blank line, numbered from 2 in order, with no marker before page 1.",
        "§2.2.1",
        operations=("parseFile",),
    ),
    Requirement(
        "PARSE-03",
        "parse",
        "A file of a kind parse does not take MUST be refused with 400 and code UNSUPPORTED_FILE_TYPE, and an option a file cannot have with 400 and code PARSE_UNSUPPORTED_OPTIONS.",
        "inferred: the service's parse route and controller",
        operations=("parseFile",),
    ),
    Requirement(
        "PARSE-04",
        "parse",
        "Every extension GET /v2/parse/formats lists MUST pass parse's type check when the format is available and be refused with UNSUPPORTED_FILE_TYPE when it is not.",
        "inferred: the service's parse-formats tests",
        operations=("getParseFormats", "parseFile"),
    ),
    Requirement(
        "PARSE-05",
        "parse",
        "A file whose content cannot be read as its kind (a truncated PDF) MUST be refused with 422 and code PARSE_FILE_UNREADABLE, within the request's time, and charge nothing.",
        "inferred: the contract's ParseUnreadable answer",
        operations=("parseFile",),
    ),
    Requirement(
        "MON-01",
        "monitor",
        "A monitor created with a schedule in words MUST read back (create, get) with that schedule as its five-field cron and its time zone.",
        "§1; inferred: the service's monitorScheduleSchema (text normalised to cron) and serializeMonitor",
        operations=("createMonitor", "getMonitor"),
    ),
    Requirement(
        "MON-02",
        "monitor",
        "Running a monitor MUST create a manual check (runMonitor's id, trigger manual) that its checks list and getMonitorCheck show.",
        "§1; inferred: the service's runMonitorController",
        operations=("runMonitor", "listMonitorChecks", "getMonitorCheck"),
    ),
    Requirement(
        "MON-03",
        "monitor",
        "A paused monitor MUST NOT run: updateMonitor with status paused reads back paused, and runMonitor answers 409 until it is resumed.",
        "§1; inferred: the service's runMonitorController (409 for a paused monitor)",
        operations=("updateMonitor", "runMonitor"),
    ),
    Requirement(
        "MON-04",
        "monitor",
        "A deleted monitor MUST be gone: reading it, its checks or one check, running or deleting it again answers 404 and the team's list leaves it out.",
        "§1; inferred: the service's deleteMonitorController",
        operations=("deleteMonitor", "getMonitor", "listMonitors", "listMonitorChecks", "getMonitorCheck"),
    ),
    Requirement(
        "MON-05",
        "monitor",
        "An ended check's summary MUST add up: totalPages equals same + changed + new + removed + error, and its pages number totalPages.",
        "§1, §2.3; inferred: the service's reconcileRunningMonitorChecks",
        operations=("getMonitorCheck",),
    ),
    Requirement("PAGES-01", "pages", "A PDF parsed to markdown MUST cost 1 credit per page, and a flat 1 credit with parsers [].", "§8", operations=_SCRAPE),
    Requirement(
        "LIMIT-01",
        "limits",
        "A team with no credits left MUST be refused with 402 by every operation that documents 402.",
        '§7 (active crawls: "Payment required to access this resource."); inferred: the service checks credits on those routes',
        # Interact looks its scrape up before the credits (404 for a scrape the team does not have,
        # as the service): its 402 is INT-05's, with a team that can pay for the scrape.
        operations=tuple(op for op in every(documenting=402) if op != "interactWithScrape"),
    ),
    Requirement("LIMIT-02", "limits", "A team over its rate limit MUST be refused with 429, with Retry-After, by every operation.", "§7", operations=every()),
    Requirement(
        "MAP-01",
        "pages",
        "A map MUST return at most limit links, each on the requested site's domain or, unless includeSubdomains is false, one of its subdomains.",
        "inferred: the service's v2 map controller (getMapResults: isSameDomain, isSameSubdomain, slice to limit)",
        operations=("mapUrl",),
    ),
    Requirement(
        "SEARCH-01",
        "pages",
        "A search MUST return at most limit results of each source, and a web result asked with scrapeOptions formats MUST carry those formats, or, when the blocklist refuses its URL, say so in metadata.error.",
        "inferred: the service's v2 search controller (limit per source; scrapeSearchResult)",
        operations=("searchWeb",),
    ),
    Requirement(
        "MAP-02",
        "pages",
        "A map with sitemap only MUST list only URLs that the site's sitemap declares.",
        "inferred: the service's v2 map controller (sitemap only: the sitemap's URLs alone, no index or page links)",
        operations=("mapUrl",),
    ),
    Requirement(
        "MAP-03",
        "pages",
        "A map with ignoreQueryParameters true (the default) MUST list no link with a query string and no link twice.",
        "inferred: the service's v2 map request schema (ignoreQueryParameters default true) and map controller (query strings removed, then duplicates)",
        operations=("mapUrl",),
    ),
    Requirement(
        "MAP-04",
        "pages",
        "A map whose timeout is shorter than the map takes (timeout 1 ms) MUST answer 408 with code MAP_TIMEOUT.",
        "inferred: the service's v2 map controller (MapTimeoutError: 408 MAP_TIMEOUT, nothing billed); recorded against its August 2025 build with timeout 1 (issue 56)",
        operations=("mapUrl",),
    ),
    Requirement(
        "SEARCH-03",
        "pages",
        "A search whose only source is alexandria MUST answer the tools it found in data.tools and no other source, each naming its provider, capability and description, and MUST cost nothing (creditsUsed 0).",
        "inferred: the service's search controller (wantsTools, isToolsOnlySearch: no search credits) and search/alexandria.ts (DiscoveredTool); firecrawl-py 4.55 SearchData.tools",
        operations=("searchWeb",),
    ),
    Requirement(
        "ALEX-01",
        "pages",
        "An alexandria run retried with the same x-request-id and the same calls MUST answer the first run's answer (its scrape_id and results); the same id with other calls MUST be refused with 409, and a call naming a provider the server does not have MUST make the whole request 404 with nothing run.",
        "inferred: the service's newest source, services/alexandria/retrieve.ts (charge id sha256(team, x-request-id); a completed run replays; another payload under the id is 409) and access.ts (404 unknown_provider before any execution)",
        operations=("scrapeUrl",),
    ),
    Requirement(
        "INDEX-01",
        "pages",
        "A paper a research paper search returns MUST be found by its paperId and by its primaryId as the same paper, a read of it with a query and k MUST answer at most k passages, and its related papers MUST NOT include the seed.",
        "inferred: firecrawl-js 4.42 research types (PaperResult: paperId canonical, primaryId the cite/fetch identifier; ReadPaperResponse passages; SimilarPapersResponse); the service's paperSchema (k with query)",
        operations=("searchPapers", "getPaper", "similarPapers"),
    ),
    Requirement(
        "INDEX-02",
        "pages",
        "A developer search MUST return at most k results, each with at most passages passages; a government search MUST return at most k results, positioned 1, 2, 3, ... in order.",
        "inferred: the service's developerSearchSchema and gov search schema (k, passages); firecrawl-py 4.55 DeveloperSearchRequest and GovSearchRequest",
        operations=("searchDeveloper", "searchGov"),
    ),
    Requirement(
        "SEARCH-04",
        "pages",
        "A search with includeDomains MUST return only web results on those domains or their subdomains, and one with excludeDomains none on them.",
        "inferred: firecrawl-py 4.55 SearchRequest include_domains and exclude_domains and the service's newest searchRequestSchema (includeDomains, excludeDomains; not both)",
        operations=("searchWeb",),
    ),
    Requirement(
        "SEARCH-02",
        "pages",
        "A search with ignoreInvalidURLs MUST NOT return a web result whose URL the service's blocklist refuses.",
        "inferred: the service's v2 search controller (ignoreInvalidURLs filters web results with isUrlBlocked); the contract's x-blocklist",
        operations=("searchWeb",),
    ),
    Requirement(
        "LIMIT-03",
        "limits",
        "A team without usage information MUST get 404 from token usage and credit usage.",
        "§7",
        operations=("getCreditUsage", "getTokenUsage"),
    ),
    Requirement("LIMIT-04", "limits", "A scrape whose page does not load within its timeout MUST answer 408.", "§2.2", operations=_SCRAPE),
    Requirement(
        "INT-01",
        "interact",
        "Interact on another team's scrape MUST be refused with 403 Forbidden., and on a scrape id nobody has with 404; another team's standalone session likewise 403.",
        "§1 (interact); inferred: controllers/v2/scrape-browser.ts and controllers/v2/browser.ts (scrape.team_id / session.team_id checks)",
        operations=("interactWithScrape", "executeBrowser"),
    ),
    Requirement(
        "INT-02",
        "interact",
        "A session that has ended MUST answer 410 to every further run, interact and standalone alike, and stopping it again MUST succeed without a second charge.",
        "§1; inferred: controllers/v2/scrape-browser.ts and controllers/v2/browser.ts (410 Browser session has been destroyed.), lib/browser-lifecycle.ts stopBrowserSession",
        operations=("interactWithScrape", "stopInteraction", "executeBrowser", "deleteBrowser"),
    ),
    Requirement(
        "INT-03",
        "interact",
        "A browser session MUST be billed once, when it ends, by its duration: creditsBilled of the stop equals what the team's usage fell by, at least one minute's credits (2), and nothing is charged while it is open.",
        "inferred: lib/browser-billing.ts (2 credits a minute, 7 once a prompt ran, at least one minute), lib/browser-lifecycle.ts settleBrowserSession (billed once); x-credits per minute",
        operations=("createBrowser", "executeBrowser", "deleteBrowser"),
    ),
    Requirement(
        "INT-04",
        "interact",
        "Only one open session MAY write a profile: a second saveChanges session on the same profile MUST answer 409 while the first is open, and a saveChanges false session MUST open.",
        "§2.2.3 (saveChanges: only one saving session at a time); inferred: controllers/v2/scrape-browser.ts (409 text)",
        operations=("createBrowser",),
    ),
    Requirement(
        "INT-05",
        "interact",
        "A browser session whose whole ttl the team cannot pay at the base rate MUST be refused with 402 before anything is opened or billed.",
        "inferred: controllers/v2/scrape-browser.ts createSessionForScrape and lib/browser-lifecycle.ts createBrowserSession (the ttl's credits checked first, 402 naming them)",
        operations=("interactWithScrape", "createBrowser"),
    ),
    Requirement(
        "FMT-01",
        "formats",
        "An attributes format MUST answer one entry per selector, in the order asked, each naming its selector and attribute, with values only of elements that have the attribute.",
        "inferred: controllers/v2/types.ts attributesFormatWithOptions and Document.attributes; scrapeURL/transformers/performAttributes",
        operations=_SCRAPE,
    ),
    Requirement(
        "FMT-02",
        "formats",
        "Every line of a highlights answer MUST be quoted from the page: it occurs in the page's markdown.",
        "inferred: scrapeURL/transformers/query.ts performDirectQuoteQuery (lines selected by index, assembled from the page's own sentences)",
        operations=_SCRAPE,
    ),
    Requirement(
        "FMT-03",
        "formats",
        "A combination of formats the service refuses MUST be refused with 400: rawBase64 beside another format, json beside deterministicJson, and the attributes shorthand (no selectors).",
        "inferred: controllers/v2/types.ts baseScrapeOptions (formats refinements; attributesFormatWithOptions requires selectors)",
        operations=_SCRAPE,
    ),
    Requirement(
        "FMT-04",
        "formats",
        "The audio format on a URL that is not a media page MUST be refused with 422 and code SCRAPE_AUDIO_UNSUPPORTED_URL.",
        "inferred: scraper/scrapeURL/transformers/audio.ts (AudioUnsupportedUrlError), lib/error getHttpStatusForErrorCode (422)",
        operations=_SCRAPE,
    ),
    Requirement(
        "BILL-06",
        "billing",
        "A developer search MUST cost 2 credits per ten results it returns, rounded up, and nothing when it returns none.",
        "inferred: the service's research controller (SEARCH_CREDITS_PER_TEN_RESULTS 2, Math.ceil(results / 10), billed only when positive)",
        operations=("searchDeveloper",),
    ),
    Requirement(
        "BILL-07",
        "billing",
        "An alexandria run MUST cost the sum of its results' creditsCost (data.creditsCost), and its replay (the same x-request-id and calls) MUST cost nothing.",
        "inferred: services/alexandria/retrieve.ts (the receipt's creditsCost is the sum of the results'; a completed run is replayed, never executed or billed again)",
        operations=("scrapeUrl",),
    ),
    Requirement(
        "BILL-05",
        "billing",
        "A search rated within the feedback window MUST give back the credits its answer says it refunded, at most what the search cost; a second rating of it MUST answer alreadySubmitted, creditsRefunded 0, and give nothing back.",
        "inferred: the service's recordEndpointFeedback (one feedback per job, duplicate answered alreadySubmitted with no refund) and refund policy",
        operations=("submitSearchFeedback",),
    ),
    Requirement(
        "BILL-04",
        "billing",
        "A question format and a highlights format MUST each add 4 credits to a scrape; question and the deprecated query together add 4 once.",
        "inferred: lib/scrape-billing (question or query +4, highlights +4); x-credits on the formats' type",
        operations=_SCRAPE,
    ),
    Requirement(
        "LIMIT-05",
        "limits",
        "A body larger than the server reads MUST be refused with 413 by every operation that takes a body.",
        "inferred: the service's body size limit",
        operations=every(documenting=413),
    ),
    Requirement(
        "LIMIT-06",
        "limits",
        "Feedback on a request older than the feedback window MUST be refused with 409 FEEDBACK_WINDOW_EXPIRED (search feedback too), while feedback on a fresh one is recorded.",
        "inferred: the service's recordEndpointFeedback (validateJob: FEEDBACK_MAX_AGE_SEC, SEARCH_FEEDBACK_MAX_AGE_SEC)",
        operations=("submitFeedback", "submitSearchFeedback"),
    ),
]


def contract_requirements(bundle: dict[str, Any]) -> list[Requirement]:
    """Requirements the contract states in its extensions, one per operation that carries them:
    ``x-transitions`` (class jobs) and ``x-credits`` with a fixed cost per request or per page of a
    scrape (class billing). A transition or charge added to the spec is a requirement, and is tested
    (suite/test_contract_rules.py), with no new test code."""
    found = []
    for path, item in bundle.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            route = f"{method.upper()} {path}"
            rules = op.get("x-transitions") or []
            if rules:
                said = "; ".join(
                    f"from {'/'.join(r['from'])} it answers {r['status']} and the job is {'unchanged' if r['to'] == 'unchanged' else r['to']}" for r in rules
                )
                found.append(
                    Requirement(
                        f"X-TRANS-{op['operationId']}", "jobs", f"{route} MUST follow its x-transitions: {said}.", _source(op, rules), (op["operationId"],)
                    )
                )
            cost = fixed_cost(op)
            if cost is not None:
                found.append(
                    Requirement(
                        f"X-CREDITS-{op['operationId']}",
                        "billing",
                        f"{route} MUST cost {cost} credit(s) (x-credits).",
                        _source(op, op["x-credits"]),
                        (op["operationId"],),
                    )
                )
    return found


def fixed_cost(operation: dict[str, Any]) -> int | None:
    """The credits of an operation whose x-credits are base rules per request, or per page of a
    synchronous scrape (one page); None where the cost depends on a job's progress."""
    rules = operation.get("x-credits") or []
    if not rules or any(r.get("effect") != "base" or r.get("when") != "always" for r in rules):
        return None
    synchronous = not operation["operationId"].startswith("start")
    if all(r.get("per") == "request" or (r.get("per") == "page" and synchronous) for r in rules):
        return sum(int(r["credits"]) for r in rules)
    return None


def _source(operation: dict[str, Any], rules: list[dict[str, Any]]) -> str:
    notes = sorted({str(r["x-source"]) for r in rules if "x-source" in r})
    return "; ".join(notes) if notes else str(operation.get("x-source", "contract"))


_ALL += contract_requirements(bundle())
REQUIREMENTS: dict[str, Requirement] = {r.id: r for r in _ALL}

# The Schemathesis checks that test requirements of their own: the suite's (checks.py) and the
# built-in ignored_auth; the other built-in checks test CORE-01. A check's answers count for a
# requirement only where they are answers of the requirement's operations.
REQUIREMENTS_OF_CHECK: dict[str, tuple[str, ...]] = {
    "seed_error_texts": ("CORE-03",),
    "ignored_auth": ("CORE-02",),  # reported as ST401 "Authentication not enforced"
    "TenantIsolation": ("TEN-01",),
    "cancel_transitions": ("JOBS-01", "JOBS-02"),  # batch scrape cancels, agent cancels
    "extract_invalid_urls": ("CORE-05",),
}


# How Schemathesis' output names a failure of a built-in check (custom checks are named by name).
FAILURE_CODE_OF_CHECK: dict[str, str] = {"ignored_auth": "ST401"}


def document() -> str:
    """The requirements document, in markdown: every requirement by class, with its id."""
    lines = ["# Requirements of webdata-conformance", "", "Generated by `webdata-conformance --requirements`. Do not edit.", ""]
    for cls, description in CLASSES.items():
        lines += [f"## {cls}", "", description, "", "| id | requirement | source |", "|---|---|---|"]
        lines += [f"| {r.id} | {r.text} | {r.source} |" for r in _ALL if r.cls == cls]
        lines.append("")
    return "\n".join(lines)
