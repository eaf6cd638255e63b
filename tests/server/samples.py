"""A valid request for every operation, and how to create a job of each kind."""

from __future__ import annotations

from typing import Any

# operationId -> (path parameters, JSON body); ids are filled in by the tests that need real ones.
SAMPLES: dict[str, tuple[dict[str, str], Any]] = {
    "startExtract": ({}, {"urls": ["https://example.com/*"], "prompt": "title"}),
    "getExtractStatus": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "scrapeUrl": ({}, {"url": "https://example.com"}),
    "startBatchScrape": ({}, {"urls": ["https://example.com/a"]}),
    "getBatchScrapeStatus": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "cancelBatchScrape": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "startAgent": ({}, {"prompt": "find the price"}),
    "getAgentStatus": ({"jobId": "00000000-0000-4000-8000-000000000000"}, None),
    "cancelAgent": ({"jobId": "00000000-0000-4000-8000-000000000000"}, None),
    "listAgents": ({}, None),
    "getAgentTrace": ({"jobId": "00000000-0000-4000-8000-000000000000"}, None),
    "getAgentSnapshot": ({"jobId": "00000000-0000-4000-8000-000000000000", "snapshotId": "00000000-0000-4000-8000-000000000000"}, None),
    "getAgentThread": ({"threadId": "00000000-0000-4000-8000-000000000000"}, None),
    "submitFeedback": ({}, {"endpoint": "map", "jobId": "00000000-0000-4000-8000-000000000000", "rating": "bad", "note": "x"}),
    "submitSearchFeedback": ({"jobId": "00000000-0000-4000-8000-000000000000"}, {"rating": "bad", "querySuggestions": "x"}),
    "startCrawl": ({}, {"url": "https://example.com"}),
    "getActiveCrawls": ({}, None),
    "getOngoingCrawls": ({}, None),
    "getCrawlStatus": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "cancelCrawl": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "getCrawlErrors": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "getBatchScrapeErrors": ({"id": "00000000-0000-4000-8000-000000000000"}, None),
    "getConcurrency": ({}, None),
    "previewCrawlParams": ({}, {"url": "https://example.com", "prompt": "the blog"}),
    "mapUrl": ({}, {"url": "https://example.com", "limit": 3}),
    "searchWeb": ({}, {"query": "coffee", "limit": 2}),
    "getTokenUsage": ({}, None),
    "getCreditUsage": ({}, None),
    "getHistoricalCreditUsage": ({}, None),
    "getHistoricalTokenUsage": ({}, None),
    # An upload (multipart/form-data): tests/server/test_parse.py sends its files.
    "parseFile": ({}, None),
    "getParseFormats": ({}, None),
    "createMonitor": ({}, {"name": "m", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}]}),
    "listMonitors": ({}, None),
    "getMonitor": ({"monitorId": "00000000-0000-4000-8000-000000000000"}, None),
    "updateMonitor": ({"monitorId": "00000000-0000-4000-8000-000000000000"}, {"status": "paused"}),
    "deleteMonitor": ({"monitorId": "00000000-0000-4000-8000-000000000000"}, None),
    "runMonitor": ({"monitorId": "00000000-0000-4000-8000-000000000000"}, None),
    "listMonitorChecks": ({"monitorId": "00000000-0000-4000-8000-000000000000"}, None),
    "getMonitorCheck": ({"monitorId": "00000000-0000-4000-8000-000000000000", "checkId": "00000000-0000-4000-8000-000000000000"}, None),
    "getQueueStatus": ({}, None),
    "interactWithScrape": ({"jobId": "00000000-0000-4000-8000-000000000000"}, {"code": "await page.title()"}),
    "stopInteraction": ({"jobId": "00000000-0000-4000-8000-000000000000"}, None),
    "createBrowser": ({}, {"ttl": 60}),
    "listBrowsers": ({}, None),
    "executeBrowser": ({"sessionId": "00000000-0000-4000-8000-000000000000"}, {"code": "agent-browser get url", "language": "bash"}),
    "deleteBrowser": ({"sessionId": "00000000-0000-4000-8000-000000000000"}, None),
    "createInteractSession": ({}, {"ttl": 60}),
    "listInteractSessions": ({}, None),
    "executeInteractSession": ({"sessionId": "00000000-0000-4000-8000-000000000000"}, {"code": "agent-browser get url", "language": "bash"}),
    "deleteInteractSession": ({"sessionId": "00000000-0000-4000-8000-000000000000"}, None),
}

# kind -> (start operation, status operation, cancel operation or None, path parameter name)
JOB_KINDS: dict[str, tuple[str, str, str | None, str]] = {
    "extract": ("startExtract", "getExtractStatus", None, "id"),
    "batch_scrape": ("startBatchScrape", "getBatchScrapeStatus", "cancelBatchScrape", "id"),
    "agent": ("startAgent", "getAgentStatus", "cancelAgent", "jobId"),
    "crawl": ("startCrawl", "getCrawlStatus", "cancelCrawl", "id"),
}
