"""Every document of a folder to markdown (the sample files the server ships), with its page count
and cost; a file parse does not take is reported, not fatal."""

import os

from firecrawl import Firecrawl
from firecrawl.v2.types import PDFParser, ScrapeOptions
from firecrawl.v2.utils.error_handler import FirecrawlError
from webdata_server.samples import FOLDER

client = Firecrawl(api_key=os.environ["WEBDATA_API_KEY"], api_url=os.environ["WEBDATA_BASE_URL"])
for path in sorted(FOLDER.glob("*.*")):
    try:
        document = client.parse(str(path), options=ScrapeOptions(parsers=[PDFParser(max_pages=2)]))
    except FirecrawlError as refused:
        print(f"{path.name}: refused ({refused.status_code})")
        continue
    metadata = document.metadata
    first = (document.markdown or "").splitlines()[0]
    print(f"{path.name}: {metadata.num_pages or 1} page(s), {metadata.credits_used} credit(s), {first!r}")
