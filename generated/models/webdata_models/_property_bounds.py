"""Schema name -> (minProperties, maxProperties), None where the schema sets no bound; schema name ->
the field sets of which at least one must be present (an ``anyOf`` of ``required`` lists): read by
``_bounds``.

Written by the generator's models stage from the bundle. Do not edit.
"""

PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {
    "AgentExchange": (None, 32),
    "AlexandriaOptions": (None, 64),
    "BrowserCreateRequest": (None, 64),
    "BrowserExecuteRequest": (None, 64),
    "HeaderMap": (None, 100),
    "InteractRequest": (None, 64),
    "MonitorCrawlOptions": (None, 64),
    "MonitorFormatObject": (None, 16),
    "MonitorIgnoredOptions": (None, 64),
    "MonitorScrapeOptions": (None, 64),
    "MonitorUpdateRequest": (1, None),
    "WaitAction": (2, 2),
    "WebhookHeaders": (None, 20),
    "WebhookMetadata": (None, 32),
}

REQUIRED_ANY: dict[str, list[list[str]]] = {"InteractRequest": [["code"], ["prompt"]]}
