"""Three scrapes at once with the async client (firecrawl-py)."""

import asyncio
import os

from firecrawl import AsyncFirecrawl


async def main() -> None:
    client = AsyncFirecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
    pages = await asyncio.gather(*(client.scrape(f"https://example.com/{name}") for name in ("a", "b", "c")))
    for page in pages:
        print(page.metadata.source_url if page.metadata else None, page.metadata.status_code if page.metadata else None)


asyncio.run(main())
