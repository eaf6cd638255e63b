"""Handle 401, 402, 429, 400 and 404 (firecrawl-py; WEBDATA_POOR_KEY has no credits, WEBDATA_LIMITED_KEY 1 request a minute)."""

import os
from collections.abc import Callable

from firecrawl import Firecrawl
from firecrawl.v2.utils.error_handler import FirecrawlError, RateLimitError

url = os.environ["WEBDATA_BASE_URL"]
calls: list[Callable[[], object]] = [
    lambda: Firecrawl(api_key="wd-wrong", api_url=url).get_token_usage(),
    lambda: Firecrawl(api_key=os.environ["WEBDATA_POOR_KEY"], api_url=url).scrape("https://example.com"),
    lambda: [Firecrawl(api_key=os.environ["WEBDATA_LIMITED_KEY"], api_url=url, max_retries=1).get_token_usage() for _ in range(2)],
    lambda: Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=url).get_agent_status("not-a-job-id"),
    lambda: Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=url).get_crawl_status("3f1c2a9e-8b7d-4c6e-9f01-23456789abcd"),
]
for call in calls:
    try:
        call()
    except RateLimitError as error:
        print(error.status_code, "rate limited", error)
    except FirecrawlError as error:
        print(error.status_code, type(error).__name__, error)
    except Exception as error:  # not every status has a FirecrawlError (404 is a plain Exception)
        print(type(error).__name__, error)
