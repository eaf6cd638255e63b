"""Every table of seed §2 as payloads: one valid per table, and for every bound, enum and
closed object an invalid one (bound ± 1, unknown value, extra property) that must fail."""

from __future__ import annotations

from typing import Any

import pytest

from tests.spec.schemas import errors

VIEWPORT = {"width": 1280, "height": 800}

# One valid payload per table (§2.1–§2.9), using every field the table lists.
VALID: dict[str, tuple[str, Any]] = {
    "§2.1 extract request": (
        "ExtractRequest",
        {
            "urls": ["https://example.com/*", "https://docs.example.com/page"],
            "prompt": "Find the pricing",
            "schema": {"type": "object", "properties": {"price": {"type": "number"}}},
            "enableWebSearch": False,
            "ignoreSitemap": False,
            "includeSubdomains": True,
            "showSources": True,
            "scrapeOptions": {"formats": ["markdown"]},
            "ignoreInvalidURLs": True,
            "threatProtection": {"mode": "normal"},
        },
    ),
    "§2.2 scrape options": (
        "ScrapeOptions",
        {
            "formats": ["markdown", "html", "rawHtml", "links", "summary", "images", {"type": "rawBase64"}],
            "onlyMainContent": True,
            "onlyCleanContent": False,
            "includeTags": ["article"],
            "excludeTags": ["nav"],
            "maxAge": 0,
            "minAge": 1,
            "headers": {"User-Agent": "test", "Cookie": "a=b"},
            "waitFor": 0,
            "mobile": False,
            "skipTlsVerification": True,
            "timeout": 60000,
            "parsers": ["pdf", {"type": "pdf", "mode": "ocr", "maxPages": 3}],
            "actions": [{"type": "wait", "milliseconds": 1}],
            "location": {"country": "DE", "languages": ["de-DE", "en"]},
            "removeBase64Images": True,
            "blockAds": True,
            "proxy": "enhanced",
            "storeInCache": False,
            "lockdown": False,
            "redactPII": {"mode": "fast", "entities": ["EMAIL"], "replaceStyle": "mask"},
            "profile": {"name": "shop", "saveChanges": False},
            "threatProtection": {"mode": "off"},
            "auditMetadata": {"username": "alice"},
        },
    ),
    "§2.2.1 pdf parser": ("PdfParser", {"type": "pdf", "mode": "fast", "maxPages": 10000, "pages": True, "blocks": True, "pageMarkers": True}),
    "§2.2.2 location": ("Location", {"country": "US", "languages": ["en-US"]}),
    "§2.2.3 profile": ("Profile", {"name": "x" * 128, "saveChanges": True}),
    "§2.3 screenshot format": ("Format", {"type": "screenshot", "fullPage": True, "quality": 100, "viewport": VIEWPORT}),
    "§2.3 json format": ("Format", {"type": "json", "schema": {"type": "object"}, "prompt": "p", "checkPromptInjection": True}),
    "§2.3 change tracking format": ("Format", {"type": "changeTracking", "modes": ["git-diff", "json"], "schema": {}, "prompt": "p", "tag": None}),
    "§2.3 branding format": ("Format", {"type": "branding"}),
    "§2.4 actions": (
        "ScrapeOptions",
        {
            "actions": [
                {"type": "wait", "selector": "#main"},
                {"type": "screenshot", "fullPage": False, "quality": 1, "viewport": VIEWPORT},
                {"type": "click", "selector": "button", "all": True},
                {"type": "write", "text": "hello"},
                {"type": "press", "key": "Enter"},
                {"type": "scroll", "direction": "up", "selector": "#list"},
                {"type": "scrape"},
                {"type": "executeJavascript", "script": "return 1"},
                {"type": "pdf", "format": "A4", "landscape": True, "scale": 0.5},
            ]
        },
    ),
    "§2.5 threat protection": (
        "ThreatProtectionOverride",
        {
            "mode": "normal",
            "riskScoreThreshold": 0,
            "blacklist": ["example.com", "*.example.com"],
            "whitelist": ["good.example.org"],
            "blockedTlds": ["zip", "co.uk"],
            "failurePolicy": "closed",
        },
    ),
    "§2.6 extract response": ("ExtractResponse", {"success": True, "id": "abc", "invalidURLs": []}),
    "§2.6 extract response without invalidURLs": ("ExtractResponse", {"success": True, "id": "abc"}),
    "§2.7 token usage": (
        "TokenUsage",
        {"billingPeriodStart": "2026-11-01T00:00:00Z", "billingPeriodEnd": "2026-12-01T00:00:00Z", "planTokens": 7500, "remainingTokens": 7485},
    ),
    "§2.8 credit usage period": (
        "CreditUsagePeriod",
        {"startDate": "2026-10-01T00:00:00Z", "endDate": "2026-10-31T23:59:59Z", "apiKey": "key_0123456789abcdef", "totalCredits": 12, "creditsUsed": 12},
    ),
    "§2.9 active crawl": (
        "ActiveCrawl",
        {
            "id": "6f1c1f40-6f5e-4e4b-9a57-0e7d1e6b8a11",
            "teamId": "team_1",
            "url": "https://example.com",
            "options": {"scrapeOptions": {"formats": ["markdown"]}},
        },
    ),
    "what the official SDKs send beyond the seed": (
        "ScrapeRequest",
        {"url": "https://example.com", "origin": "python-sdk@4", "integration": None, "fastMode": False, "zeroDataRetention": False},
    ),
    "a URL without a scheme (taken as http)": ("ScrapeRequest", {"url": "docs.example.com/guide"}),
}


@pytest.mark.parametrize("label", sorted(VALID))
def test_valid_payload(label: str) -> None:
    component, instance = VALID[label]
    assert errors(component, instance) == []


def _bound_cases() -> list[tuple[str, str, Any]]:
    """(label, component, instance) just outside every bound of the seed, with its edge inside."""
    cases: list[tuple[str, str, Any]] = []

    def edges(label: str, component: str, build: Any, low: int | None, high: int | None) -> None:
        if low is not None:
            cases.append((f"{label} = {low - 1}", component, build(low - 1)))
            assert errors(component, build(low)) == [], f"{label} = {low} must be valid"
        if high is not None:
            cases.append((f"{label} = {high + 1}", component, build(high + 1)))
            assert errors(component, build(high)) == [], f"{label} = {high} must be valid"

    edges("timeout", "ScrapeOptions", lambda v: {"timeout": v}, 1000, 300000)
    edges("maxAge", "ScrapeOptions", lambda v: {"maxAge": v}, 0, None)
    edges("minAge", "ScrapeOptions", lambda v: {"minAge": v}, 0, None)
    edges("waitFor", "ScrapeOptions", lambda v: {"waitFor": v}, 0, None)
    edges("pdf maxPages", "PdfParser", lambda v: {"type": "pdf", "maxPages": v}, 1, 10000)
    edges("profile name length", "Profile", lambda v: {"name": "n" * v}, 1, 128)
    edges("screenshot format quality", "ScreenshotFormat", lambda v: {"type": "screenshot", "quality": v}, 1, 100)
    edges("screenshot action quality", "ScreenshotAction", lambda v: {"type": "screenshot", "quality": v}, 1, 100)
    edges("riskScoreThreshold", "ThreatProtectionOverride", lambda v: {"riskScoreThreshold": v}, 0, 100)
    edges("wait milliseconds", "WaitAction", lambda v: {"type": "wait", "milliseconds": v}, 1, None)
    for field in ("blacklist", "whitelist"):
        edges(f"{field} items", "ThreatProtectionOverride", lambda v, f=field: {f: [f"d{i}.example.com" for i in range(v)]}, None, 1000)
    edges("blockedTlds items", "ThreatProtectionOverride", lambda v: {"blockedTlds": [f"t{i}" for i in range(v)]}, None, 1000)
    return cases


INVALID: list[tuple[str, str, Any]] = [
    *_bound_cases(),
    # types and required fields
    ("extract without urls", "ExtractRequest", {"prompt": "p"}),
    ("extract urls not an array", "ExtractRequest", {"urls": "https://example.com"}),
    ("extract flag not boolean", "ExtractRequest", {"urls": [], "showSources": "yes"}),
    ("profile without name", "Profile", {"saveChanges": True}),
    ("viewport without height", "ScreenshotFormat", {"type": "screenshot", "viewport": {"width": 10}}),
    ("click without selector", "ClickAction", {"type": "click"}),
    ("write without text", "WriteAction", {"type": "write"}),
    ("press without key", "PressAction", {"type": "press"}),
    ("executeJavascript without script", "ExecuteJavascriptAction", {"type": "executeJavascript"}),
    (
        "token usage missing remainingTokens",
        "TokenUsage",
        {"billingPeriodStart": "2026-11-01T00:00:00Z", "billingPeriodEnd": "2026-12-01T00:00:00Z", "planTokens": 1},
    ),
    (
        "token usage timestamp not ISO 8601",
        "TokenUsage",
        {"billingPeriodStart": "yesterday", "billingPeriodEnd": "2026-12-01T00:00:00Z", "planTokens": 1, "remainingTokens": 1},
    ),
    ("credit period without totalCredits", "CreditUsagePeriod", {"startDate": "2026-10-01T00:00:00Z", "endDate": "2026-10-31T00:00:00Z", "creditsUsed": 1}),
    ("active crawl id not a UUID", "ActiveCrawl", {"id": "nope", "teamId": "t", "url": "u", "options": {"scrapeOptions": {}}}),
    ("active crawl without scrapeOptions", "ActiveCrawl", {"id": "6f1c1f40-6f5e-4e4b-9a57-0e7d1e6b8a11", "teamId": "t", "url": "u", "options": {}}),
    ("extract response invalidURLs of numbers", "ExtractResponse", {"success": True, "id": "a", "invalidURLs": [1]}),
    # closed bodies (the service refuses a key it does not take)
    ("a scrape with a misspelt option", "ScrapeRequest", {"url": "https://example.com", "onlyMainContnet": True}),
    ("a crawl's scrape options with a crawl option", "CrawlRequest", {"url": "https://example.com", "scrapeOptions": {"limit": 2}}),
    ("a json format with a v1 field", "JsonFormat", {"type": "json", "mode": "llm"}),
    ("a scrape URL of another scheme", "ScrapeRequest", {"url": "ftp://example.com/file"}),
    # enums and consts
    ("unknown format string", "ScrapeOptions", {"formats": ["pdf"]}),
    ("a format name that does not exist", "ScrapeOptions", {"formats": ["pdfText"]}),
    ("a format with a required field has no string shorthand (location is not a format)", "ScrapeOptions", {"formats": ["location"]}),
    (
        "historical usage names a key by its identifier, not its secret",
        "CreditUsagePeriod",
        {
            "startDate": "2026-10-01T00:00:00Z",
            "endDate": "2026-10-31T23:59:59Z",
            "apiKey": "wd-0123456789abcdef0123456789abcdef",
            "totalCredits": 1,
            "creditsUsed": 1,
        },
    ),
    ("unknown format type", "ScrapeOptions", {"formats": [{"type": "extract"}]}),
    ("unknown proxy", "ScrapeOptions", {"proxy": "stealth"}),
    ("unknown parser string", "ScrapeOptions", {"parsers": ["docx"]}),
    ("unknown pdf mode", "PdfParser", {"type": "pdf", "mode": "slow"}),
    ("pdf parser type not pdf", "PdfParser", {"type": "docx"}),
    ("unknown change tracking mode", "ChangeTrackingFormat", {"type": "changeTracking", "modes": ["html"]}),
    ("unknown action type", "ScrapeOptions", {"actions": [{"type": "hover", "selector": "a"}]}),
    ("unknown scroll direction", "ScrollAction", {"type": "scroll", "direction": "left"}),
    ("unknown pdf action format", "PdfAction", {"type": "pdf", "format": "B5"}),
    ("threat mode outside off/normal", "ThreatProtectionOverride", {"mode": "strict"}),
    ("unknown failure policy", "ThreatProtectionOverride", {"failurePolicy": "maybe"}),
    ("unknown PII entity", "RedactPIIOptions", {"entities": ["SSN"]}),
    ("batch cancel status other than cancelled", "BatchScrapeCancelResponse", {"status": "completed"}),
    ("agent cancel success false", "AgentCancelResponse", {"success": False}),
    ("error body success true", "FailureError", {"success": True, "error": "x"}),
    ("unknown coded 404", "ScrapeNotFoundError", {"success": False, "code": "SCRAPE_OOPS", "error": "x"}),
    # patterns
    ("country lowercase", "Location", {"country": "us"}),
    ("country three letters", "Location", {"country": "USA"}),
    ("blacklist with protocol", "ThreatProtectionOverride", {"blacklist": ["https://example.com"]}),
    ("blacklist with path", "ThreatProtectionOverride", {"blacklist": ["example.com/path"]}),
    ("whitelist with port", "ThreatProtectionOverride", {"whitelist": ["example.com:8080"]}),
    ("wildcard in the middle", "ThreatProtectionOverride", {"whitelist": ["a.*.example.com"]}),
    ("blocked TLD uppercase", "ThreatProtectionOverride", {"blockedTlds": ["ZIP"]}),
    ("blocked TLD with leading dot", "ThreatProtectionOverride", {"blockedTlds": [".zip"]}),
    # closed objects
    ("pdf parser extra property", "PdfParser", {"type": "pdf", "dpi": 300}),
    ("wait with another property", "WaitAction", {"type": "wait", "milliseconds": 5, "timeout": 1}),
    ("wait with both milliseconds and selector", "WaitAction", {"type": "wait", "milliseconds": 5, "selector": "a"}),
    ("wait with neither", "WaitAction", {"type": "wait"}),
    ("change tracking tag not string", "ChangeTrackingFormat", {"type": "changeTracking", "tag": 3}),
    ("redactPII as a string", "ScrapeOptions", {"redactPII": "yes"}),
]


@pytest.mark.parametrize(("label", "component", "instance"), INVALID, ids=[case[0] for case in INVALID])
def test_invalid_payload(label: str, component: str, instance: Any) -> None:
    assert errors(component, instance), f"{label}: accepted by {component}"
