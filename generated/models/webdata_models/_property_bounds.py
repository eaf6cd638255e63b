"""Schema name -> (minProperties, maxProperties), None where the schema sets no bound: read by ``_bounds``.

Written by the generator's models stage from the bundle. Do not edit.
"""

PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {
    "AgentExchange": (None, 32),
    "HeaderMap": (None, 100),
    "MonitorCrawlOptions": (None, 64),
    "MonitorFormatObject": (None, 16),
    "MonitorIgnoredOptions": (None, 64),
    "MonitorScrapeOptions": (None, 64),
    "MonitorUpdateRequest": (1, None),
    "WaitAction": (2, 2),
    "WebhookHeaders": (None, 20),
    "WebhookMetadata": (None, 32),
}
