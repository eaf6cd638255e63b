"""Every item of seed §2 and §7, with the spec element that encodes it: a missing one fails by name.

Each row is (seed item, JSON pointer into the bundle, expected value). ``PRESENT`` only asks
that the element exists (patterns are exercised by test_payloads); ``ABSENT`` that it does not.
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.load import resolve_pointer

PRESENT = object()
ABSENT = object()
S = "/components/schemas"
SO = f"{S}/ScrapeOptions/properties"
ER = f"{S}/ExtractRequest/properties"
TP = f"{S}/ThreatProtectionOverride/properties"
PDF = f"{S}/PdfParser/properties"


def _op(path: str, method: str) -> str:
    return "/paths/" + path.replace("/", "~1") + "/" + method


def _example(response: str, name: str) -> str:
    return f"/components/responses/{response}/content/application~1json/examples/{name}/value/error"


ROWS: list[tuple[str, str, Any]] = [
    # §2.1 Extract request
    ("§2.1 urls required", f"{S}/ExtractRequest/required", ["urls"]),
    ("§2.1 urls array of uri strings (format checked per ignoreInvalidURLs)", f"{ER}/urls/items/x-format", "uri"),
    ("§2.1 prompt string", f"{ER}/prompt/type", "string"),
    ("§2.1 schema object", f"{ER}/schema/type", "object"),
    ("§2.1 enableWebSearch default false", f"{ER}/enableWebSearch/default", False),
    ("§2.1 ignoreSitemap default false", f"{ER}/ignoreSitemap/default", False),
    ("§2.1 includeSubdomains default true", f"{ER}/includeSubdomains/default", True),
    ("§2.1 showSources default false", f"{ER}/showSources/default", False),
    ("§2.1 scrapeOptions is ScrapeOptions", f"{ER}/scrapeOptions/$ref", "#/components/schemas/ScrapeOptions"),
    ("§2.1 ignoreInvalidURLs default true", f"{ER}/ignoreInvalidURLs/default", True),
    ("§2.1 threatProtection", f"{ER}/threatProtection/$ref", "#/components/schemas/ThreatProtectionOverride"),
    ("§2.1 body is application/json", _op("/v2/extract", "post") + "/requestBody/content/application~1json/schema/$ref", "#/components/schemas/ExtractRequest"),
    # §2.2 ScrapeOptions
    ("§2.2 all fields optional", f"{S}/ScrapeOptions/required", ABSENT),
    ("§2.2 formats array of Format", f"{SO}/formats/items/$ref", "#/components/schemas/FormatItem"),
    ("§2.2 onlyMainContent default true", f"{SO}/onlyMainContent/default", True),
    ("§2.2 onlyCleanContent default false", f"{SO}/onlyCleanContent/default", False),
    ("§2.2 includeTags array of string", f"{SO}/includeTags/items/type", "string"),
    ("§2.2 excludeTags array of string", f"{SO}/excludeTags/items/type", "string"),
    ("§2.2 maxAge default 2 days", f"{SO}/maxAge/default", 172800000),
    ("§2.2 maxAge at least 0", f"{SO}/maxAge/minimum", 0),
    ("§2.2 minAge at least 0", f"{SO}/minAge/minimum", 0),
    ("§2.2 headers object of strings", "/components/schemas/HeaderMap/additionalProperties/type", "string"),
    ("§2.2 waitFor default 0", f"{SO}/waitFor/default", 0),
    ("§2.2 waitFor at least 0", f"{SO}/waitFor/minimum", 0),
    ("§2.2 mobile default false", f"{SO}/mobile/default", False),
    ("§2.2 skipTlsVerification default true", f"{SO}/skipTlsVerification/default", True),
    ("§2.2 timeout default 60000", f"{SO}/timeout/default", 60000),
    ("§2.2 timeout minimum 1000", f"{SO}/timeout/minimum", 1000),
    ("§2.2 timeout maximum 300000", f"{SO}/timeout/maximum", 300000),
    ("§2.2 parsers default [pdf]", f"{SO}/parsers/default", ["pdf"]),
    ("§2.2 parsers items string or object", f"{SO}/parsers/items/$ref", "#/components/schemas/ParserItem"),
    ("§2.2 parsers charges", f"{SO}/parsers/x-credits/0/per", "pdf-page"),
    ("§2.2 empty parsers flat 1 credit", f"{SO}/parsers/x-credits/1", {"effect": "replace", "credits": 1, "per": "file", "when": "pdf-base64"}),
    ("§2.2 actions array of Action", f"{SO}/actions/items/$ref", "#/components/schemas/Action"),
    ("§2.2 location default country US", f"{SO}/location/default", {"country": "US"}),
    ("§2.2 removeBase64Images default true", f"{SO}/removeBase64Images/default", True),
    ("§2.2 blockAds default true", f"{SO}/blockAds/default", True),
    ("§2.2 proxy enum", f"{SO}/proxy/enum", ["basic", "enhanced", "auto"]),
    ("§2.2 proxy default auto", f"{SO}/proxy/default", "auto"),
    ("§2.2 proxy no surcharge", f"{SO}/proxy/x-credits/0/credits", 0),
    ("§2.2 storeInCache default true", f"{SO}/storeInCache/default", True),
    ("§2.2 lockdown default false", f"{SO}/lockdown/default", False),
    ("§2.2 lockdown 5 credits on hit", f"{SO}/lockdown/x-credits/0", {"effect": "replace", "credits": 5, "per": "request", "when": "lockdown-hit"}),
    ("§2.2 lockdown 1 credit on miss", f"{SO}/lockdown/x-credits/1", {"effect": "replace", "credits": 1, "per": "request", "when": "lockdown-miss"}),
    ("§2.2 lockdown maxAge 2 years", f"{SO}/maxAge/x-lockdown-default", 2 * 365 * 24 * 3600 * 1000),
    ("§2.2 redactPII default false", f"{SO}/redactPII/default", False),
    ("§2.2 redactPII boolean or object", f"{SO}/redactPII/oneOf/1/$ref", "#/components/schemas/RedactPIIOptions"),
    ("§2.2 profile", f"{SO}/profile/$ref", "#/components/schemas/Profile"),
    ("§2.2 threatProtection", f"{SO}/threatProtection/$ref", "#/components/schemas/ThreatProtectionOverride"),
    ("§2.2 auditMetadata username", f"{S}/AuditMetadata/properties/username/type", "string"),
    # §2.2.1 PDF parser object
    ("§2.2.1 type required", f"{S}/PdfParser/required", ["type"]),
    ("§2.2.1 type pdf", f"{PDF}/type/const", "pdf"),
    ("§2.2.1 mode enum", f"{PDF}/mode/enum", ["fast", "auto", "ocr"]),
    ("§2.2.1 mode default auto", f"{PDF}/mode/default", "auto"),
    ("§2.2.1 maxPages minimum 1", f"{PDF}/maxPages/minimum", 1),
    ("§2.2.1 maxPages maximum 10000", f"{PDF}/maxPages/maximum", 10000),
    ("§2.2.1 pages default false", f"{PDF}/pages/default", False),
    ("§2.2.1 blocks default false", f"{PDF}/blocks/default", False),
    ("§2.2.1 pageMarkers default false", f"{PDF}/pageMarkers/default", False),
    ("§2.2.1 no other properties", f"{S}/PdfParser/additionalProperties", False),
    ("§2.2.1 string form pdf", f"{S}/PdfParserName/enum", ["pdf"]),
    ("§2.2.1 pages field of the document", f"{S}/Document/properties/pages/items/$ref", "#/components/schemas/PdfPage"),
    ("§2.2.1 page objects carry pageNumber and markdown", f"{S}/PdfPage/required", ["pageNumber", "markdown"]),
    ("§2.2.1 blocks field of the document", f"{S}/Document/properties/blocks/items/$ref", "#/components/schemas/PdfPageBlocks"),
    # §2.2.2 location
    ("§2.2.2 country pattern", f"{S}/Location/properties/country/pattern", "^[A-Z]{2}$"),
    ("§2.2.2 country default US", f"{S}/Location/properties/country/default", "US"),
    ("§2.2.2 languages array of string", f"{S}/Location/properties/languages/items/type", "string"),
    # §2.2.3 profile
    ("§2.2.3 name required", f"{S}/Profile/required", ["name"]),
    ("§2.2.3 name length 1", f"{S}/Profile/properties/name/minLength", 1),
    ("§2.2.3 name length 128", f"{S}/Profile/properties/name/maxLength", 128),
    ("§2.2.3 saveChanges default true", f"{S}/Profile/properties/saveChanges/default", True),
    # §2.3 Format
    ("§2.3 discriminated by type", f"{S}/Format/discriminator/propertyName", "type"),
    ("§2.3 markdown", f"{S}/Format/discriminator/mapping/markdown", "#/components/schemas/MarkdownFormat"),
    ("§2.3 summary", f"{S}/Format/discriminator/mapping/summary", "#/components/schemas/SummaryFormat"),
    ("§2.3 html", f"{S}/Format/discriminator/mapping/html", "#/components/schemas/HtmlFormat"),
    ("§2.3 rawHtml", f"{S}/Format/discriminator/mapping/rawHtml", "#/components/schemas/RawHtmlFormat"),
    ("§2.3 rawBase64", f"{S}/Format/discriminator/mapping/rawBase64", "#/components/schemas/RawBase64Format"),
    ("§2.3 links", f"{S}/Format/discriminator/mapping/links", "#/components/schemas/LinksFormat"),
    ("§2.3 images", f"{S}/Format/discriminator/mapping/images", "#/components/schemas/ImagesFormat"),
    ("§2.3 screenshot", f"{S}/Format/discriminator/mapping/screenshot", "#/components/schemas/ScreenshotFormat"),
    ("§2.3 json", f"{S}/Format/discriminator/mapping/json", "#/components/schemas/JsonFormat"),
    ("§2.3 changeTracking", f"{S}/Format/discriminator/mapping/changeTracking", "#/components/schemas/ChangeTrackingFormat"),
    ("§2.3 branding", f"{S}/Format/discriminator/mapping/branding", "#/components/schemas/BrandingFormat"),
    ("§2.3 screenshot fullPage default false", f"{S}/ScreenshotFormat/properties/fullPage/default", False),
    ("§2.3 screenshot quality 1", f"{S}/ScreenshotFormat/properties/quality/minimum", 1),
    ("§2.3 screenshot quality 100", f"{S}/ScreenshotFormat/properties/quality/maximum", 100),
    ("§2.3 viewport width and height required", f"{S}/Viewport/required", ["width", "height"]),
    ("§2.3 viewport integers", f"{S}/Viewport/properties/width/type", "integer"),
    # firecrawl-py sends null for the unset ones (x-compat): null means absent.
    ("§2.3 json schema object", f"{S}/JsonFormat/properties/schema/type", ["object", "null"]),
    ("§2.3 json prompt", f"{S}/JsonFormat/properties/prompt/type", ["string", "null"]),
    ("§2.3 checkPromptInjection default false", f"{S}/JsonFormat/properties/checkPromptInjection/default", False),
    ("§2.3 checkPromptInjection +4 credits", f"{S}/JsonFormat/properties/checkPromptInjection/x-credits/0/credits", 4),
    ("§2.3 changeTracking modes", f"{S}/ChangeTrackingFormat/properties/modes/items/enum", ["git-diff", "json"]),
    ("§2.3 changeTracking schema", f"{S}/ChangeTrackingFormat/properties/schema/type", "object"),
    ("§2.3 changeTracking prompt", f"{S}/ChangeTrackingFormat/properties/prompt/type", "string"),
    ("§2.3 changeTracking tag string or null", f"{S}/ChangeTrackingFormat/properties/tag/type", ["string", "null"]),
    ("§2.3 changeTracking tag default null", f"{S}/ChangeTrackingFormat/properties/tag/default", None),
    ("§2.3 string shorthand", f"{S}/BasicFormatName/enum", ["markdown", "html", "rawHtml", "links", "summary", "images"]),
    # §2.4 Action
    ("§2.4 discriminated by type", f"{S}/Action/discriminator/propertyName", "type"),
    *[
        (f"§2.4 {kind}", f"{S}/Action/discriminator/mapping/{kind}", f"#/components/schemas/{name}")
        for kind, name in [
            ("wait", "WaitAction"),
            ("screenshot", "ScreenshotAction"),
            ("click", "ClickAction"),
            ("write", "WriteAction"),
            ("press", "PressAction"),
            ("scroll", "ScrollAction"),
            ("scrape", "ScrapeAction"),
            ("executeJavascript", "ExecuteJavascriptAction"),
            ("pdf", "PdfAction"),
        ]
    ],
    ("§2.4 wait milliseconds at least 1", f"{S}/WaitAction/properties/milliseconds/minimum", 1),
    ("§2.4 wait selector string", f"{S}/WaitAction/properties/selector/type", "string"),
    ("§2.4 wait no other properties", f"{S}/WaitAction/additionalProperties", False),
    ("§2.4 wait exactly one of the two", f"{S}/WaitAction/maxProperties", 2),
    ("§2.4 wait exactly one of the two (at least)", f"{S}/WaitAction/minProperties", 2),
    ("§2.4 screenshot fullPage default false", f"{S}/ScreenshotAction/properties/fullPage/default", False),
    ("§2.4 screenshot quality 1", f"{S}/ScreenshotAction/properties/quality/minimum", 1),
    ("§2.4 screenshot quality 100", f"{S}/ScreenshotAction/properties/quality/maximum", 100),
    ("§2.4 screenshot viewport", f"{S}/ScreenshotAction/properties/viewport/$ref", "#/components/schemas/Viewport"),
    ("§2.4 screenshots in actions.screenshots", f"{S}/ActionResults/properties/screenshots/items/type", "string"),
    ("§2.4 click selector required", f"{S}/ClickAction/required", ["type", "selector"]),
    ("§2.4 click all default false", f"{S}/ClickAction/properties/all/default", False),
    ("§2.4 write text required", f"{S}/WriteAction/required", ["type", "text"]),
    ("§2.4 press key required", f"{S}/PressAction/required", ["type", "key"]),
    ("§2.4 scroll direction", f"{S}/ScrollAction/properties/direction/enum", ["up", "down"]),
    ("§2.4 scroll default down", f"{S}/ScrollAction/properties/direction/default", "down"),
    ("§2.4 scroll selector", f"{S}/ScrollAction/properties/selector/type", "string"),
    ("§2.4 scrape returns url and html", f"{S}/ActionResults/properties/scrapes/items/required", ["url", "html"]),
    ("§2.4 executeJavascript script required", f"{S}/ExecuteJavascriptAction/required", ["type", "script"]),
    ("§2.4 pdf format", f"{S}/PdfAction/properties/format/enum", ["A0", "A1", "A2", "A3", "A4", "A5", "A6", "Letter", "Legal", "Tabloid", "Ledger"]),
    ("§2.4 pdf format default Letter", f"{S}/PdfAction/properties/format/default", "Letter"),
    ("§2.4 pdf landscape default false", f"{S}/PdfAction/properties/landscape/default", False),
    ("§2.4 pdf scale default 1", f"{S}/PdfAction/properties/scale/default", 1),
    ("§2.4 pdfs in actions.pdfs", f"{S}/ActionResults/properties/pdfs/items/type", "string"),
    # §2.5 ThreatProtectionOverride
    ("§2.5 mode enum", f"{TP}/mode/enum", ["off", "normal"]),
    ("§2.5 mode normal +2 per URL", f"{TP}/mode/x-credits/0", {"effect": "add", "credits": 2, "per": "url", "when": "threat-scan"}),
    ("§2.5 riskScoreThreshold 0", f"{TP}/riskScoreThreshold/minimum", 0),
    ("§2.5 riskScoreThreshold 100", f"{TP}/riskScoreThreshold/maximum", 100),
    ("§2.5 blacklist at most 1000", f"{TP}/blacklist/maxItems", 1000),
    ("§2.5 blacklist domain format", f"{TP}/blacklist/items/$ref", "#/components/schemas/DomainPattern"),
    ("§2.5 whitelist at most 1000", f"{TP}/whitelist/maxItems", 1000),
    ("§2.5 whitelist domain format", f"{TP}/whitelist/items/$ref", "#/components/schemas/DomainPattern"),
    ("§2.5 domain pattern", f"{S}/DomainPattern/pattern", PRESENT),
    ("§2.5 blockedTlds at most 1000", f"{TP}/blockedTlds/maxItems", 1000),
    ("§2.5 blockedTlds lowercase, no leading dot", f"{TP}/blockedTlds/items/pattern", PRESENT),
    ("§2.5 failurePolicy", f"{TP}/failurePolicy/enum", ["open", "closed"]),
    (
        "§2.5 403 without entitlement",
        "/components/responses/ScrapeForbidden/content/application~1json/examples/notEntitled/value/code",
        "THREAT_PROTECTION_NOT_ENABLED",
    ),
    (
        "§2.5 403 with overrides disabled",
        "/components/responses/ScrapeForbidden/content/application~1json/examples/overridesDisabled/value/code",
        "THREAT_PROTECTION_OVERRIDES_DISABLED",
    ),
    (
        "§2.5 off refused when enforced",
        "/components/responses/ScrapeForbidden/content/application~1json/examples/enforced/value/code",
        "THREAT_PROTECTION_ENFORCED",
    ),
    # §2.6 Extract response
    ("§2.6 success", f"{S}/ExtractResponse/properties/success/type", "boolean"),
    ("§2.6 id", f"{S}/ExtractResponse/properties/id/type", "string"),
    ("§2.6 invalidURLs nullable array", f"{S}/ExtractResponse/properties/invalidURLs/type", ["array", "null"]),
    ("§2.6 invalidURLs optional (absent when false)", f"{S}/ExtractResponse/required", ["success", "id"]),
    # §2.7 Token usage
    ("§2.7 fields", f"{S}/TokenUsage/required", ["billingPeriodStart", "billingPeriodEnd", "planTokens", "remainingTokens"]),
    ("§2.7 billingPeriodStart ISO 8601", f"{S}/TokenUsage/properties/billingPeriodStart/format", "date-time"),
    ("§2.7 billingPeriodEnd ISO 8601", f"{S}/TokenUsage/properties/billingPeriodEnd/format", "date-time"),
    ("§2.7 planTokens integer", f"{S}/TokenUsage/properties/planTokens/type", "integer"),
    ("§2.7 remainingTokens integer", f"{S}/TokenUsage/properties/remainingTokens/type", "integer"),
    ("§2.7 15 tokens per credit", "/info/x-tokens-per-credit", 15),
    ("§2.7 response wraps data", f"{S}/TokenUsageResponse/required", ["success", "data"]),
    # §2.8 Credit usage period
    ("§2.8 startDate ISO 8601", f"{S}/CreditUsagePeriod/properties/startDate/format", "date-time"),
    ("§2.8 endDate ISO 8601", f"{S}/CreditUsagePeriod/properties/endDate/format", "date-time"),
    ("§2.8 apiKey string", f"{S}/CreditUsagePeriod/properties/apiKey/type", "string"),
    ("§2.8 totalCredits integer", f"{S}/CreditUsagePeriod/properties/totalCredits/type", "integer"),
    ("§2.8 byApiKey query parameter", _op("/v2/team/credit-usage/historical", "get") + "/parameters/0/name", "byApiKey"),
    ("§2.8 response wraps periods", f"{S}/HistoricalCreditUsageResponse/required", ["success", "periods"]),
    # §2.9 Active crawl
    ("§2.9 fields", f"{S}/ActiveCrawl/required", ["id", "teamId", "url", "options"]),
    ("§2.9 id UUID", f"{S}/ActiveCrawl/properties/id/format", "uuid"),
    ("§2.9 options.scrapeOptions", f"{S}/ActiveCrawlOptions/properties/scrapeOptions/$ref", "#/components/schemas/ScrapeOptions"),
    ("§2.9 response wraps crawls", f"{S}/ActiveCrawlsResponse/required", ["success", "crawls"]),
    # §7 Errors
    ("§7 extract invalid input", _example("ExtractInvalidInput", "invalidInput"), "Invalid input data."),
    ("§7 extract 400", _op("/v2/extract", "post") + "/responses/400/$ref", "#/components/responses/ExtractInvalidInput"),
    ("§7 extract server failure", _example("ExtractServerError", "serverFailure"), "An unexpected error occurred on the server."),
    ("§7 extract 500", _op("/v2/extract", "post") + "/responses/500/$ref", "#/components/responses/ExtractServerError"),
    ("§7 token usage none", _example("TokenUsageNotFound", "noUsage"), "Could not find token usage information"),
    ("§7 token usage server failure", _example("TokenUsageServerError", "serverFailure"), "Internal server error while fetching token usage"),
    ("§7 active crawls payment", _example("PaymentRequired", "paymentRequired"), "Payment required to access this resource."),
    ("§7 active crawls 402", _op("/v2/crawl/active", "get") + "/responses/402/$ref", "#/components/responses/PaymentRequired"),
    ("§7 active crawls rate limited", _example("RateLimited", "rateLimited"), "Request rate limit exceeded. Please wait and try again later."),
    ("§7 active crawls 429", _op("/v2/crawl/active", "get") + "/responses/429/$ref", "#/components/responses/RateLimited"),
    ("§7 active crawls server failure", _example("ServerError", "serverFailure"), "An unexpected error occurred on the server."),
    ("§7 historical server failure", _example("HistoricalUsageServerError", "serverFailure"), "Internal server error while fetching historical credit usage"),
    ("§7 batch unknown job", _example("BatchScrapeNotFound", "unknownJob"), "Batch scrape job not found."),
    ("§7 batch server failure", _example("BatchScrapeServerError", "serverFailure"), "An unexpected error occurred on the server."),
    ("§7 agent id not a UUID", _example("JobIdBadRequest", "invalidJobId"), "Invalid job ID format. Job ID must be a valid UUID."),
    ("§7 agent unknown job", _example("AgentNotFound", "unknownJob"), "Agent job not found"),
    ("§7 agent finished", _example("AgentAlreadyFinished", "alreadyFinished"), "Agent already finished"),
    ("§7 with success false", f"{S}/FailureError/properties/success/const", False),
    ("§7 error string", f"{S}/Error/properties/error/type", "string"),
    ("§7 SCRAPE_NO_CACHED_DATA on 404", f"{S}/ScrapeNotFoundError/properties/code/enum/0", "SCRAPE_NO_CACHED_DATA"),
    ("§7 SCRAPE_LOCKDOWN_CACHE_MISS on 404", f"{S}/ScrapeNotFoundError/properties/code/enum/1", "SCRAPE_LOCKDOWN_CACHE_MISS"),
    ("§7 SCRAPE_PROMPT_INJECTION_DETECTED on 403", f"{S}/ScrapeForbiddenError/properties/code/enum/0", "SCRAPE_PROMPT_INJECTION_DETECTED"),
    ("§7 coded 404 on scrape", _op("/v2/scrape", "post") + "/responses/404/$ref", "#/components/responses/ScrapeNotFound"),
    ("§7 coded 403 on scrape", _op("/v2/scrape", "post") + "/responses/403/$ref", "#/components/responses/ScrapeForbidden"),
    # §3 transitions and §5 auth
    ("§3 batch cancel → cancelled", _op("/v2/batch/scrape/{id}", "delete") + "/x-transitions/0/to", "cancelled"),
    (
        "§3 agent cancel running → cancelled",
        _op("/v2/agent/{jobId}", "delete") + "/x-transitions/0",
        {"from": ["processing"], "to": "cancelled", "status": 200},
    ),
    ("§3 agent cancel finished → unchanged", _op("/v2/agent/{jobId}", "delete") + "/x-transitions/1/to", "unchanged"),
    ("§5 bearer scheme", "/components/securitySchemes/bearerAuth/scheme", "bearer"),
    ("§5 every endpoint", "/security/0/bearerAuth", []),
]


@pytest.mark.parametrize(("item", "pointer", "expected"), ROWS, ids=[row[0] for row in ROWS])
def test_seed_item_is_encoded(bundle: dict[str, Any], item: str, pointer: str, expected: Any) -> None:
    if expected is ABSENT:
        with pytest.raises(KeyError):
            resolve_pointer(bundle, pointer)
        return
    try:
        value = resolve_pointer(bundle, pointer)
    except (KeyError, IndexError) as missing:
        pytest.fail(f"{item}: nothing at {pointer} ({missing})")
    if expected is not PRESENT:
        assert value == expected, f"{item}: {pointer} is {value!r}"
