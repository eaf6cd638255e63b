"""POST /v2/scrape and the pages of batch scrapes and crawls: threat protection, the pipeline of
steps, and the memoised formats renderer."""

from webdata_server.scrape.pipeline import ScrapePipeline, fetch_context
from webdata_server.scrape.render import Renderer, format_objects

__all__ = ["Renderer", "ScrapePipeline", "fetch_context", "format_objects"]
