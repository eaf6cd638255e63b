"""Handle 401, 402, 429, 400 and 404 (WEBDATA_POOR_KEY has no credits, WEBDATA_LIMITED_KEY 1 request a minute)."""

import os
from collections.abc import Callable

from webdata_client import APIStatusError, Webdata

calls: list[Callable[[], object]] = [
    lambda: Webdata(api_key="wd-wrong").team.get_token_usage(),
    lambda: Webdata(api_key=os.environ["WEBDATA_POOR_KEY"]).scrape("https://example.com"),
    lambda: [Webdata(api_key=os.environ["WEBDATA_LIMITED_KEY"], max_retries=0).team.get_token_usage() for _ in range(2)],
    lambda: Webdata().agent.get_status("not-a-job-id"),
    lambda: Webdata().crawl.get_status("3f1c2a9e-8b7d-4c6e-9f01-23456789abcd"),
]
for call in calls:
    try:
        call()
    except APIStatusError as error:  # RateLimitError (429) has retry_after too
        print(error.status_code, type(error).__name__, error)
