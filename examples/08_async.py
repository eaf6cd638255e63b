"""Three scrapes at once with the async client."""

import asyncio

from webdata_client import AsyncWebdata


async def main() -> None:
    async with AsyncWebdata() as client:
        pages = await asyncio.gather(*(client.scrape(f"https://example.com/{name}") for name in ("a", "b", "c")))
    for page in pages:
        print(page.metadata.source_url, page.metadata.status_code)


asyncio.run(main())
