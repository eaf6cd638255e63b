"""The resources of ``Webdata`` and ``AsyncWebdata``, one per tag of the contract.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from .agent import Agent, AsyncAgent
from .batch_scrape import AsyncBatchScrape, BatchScrape
from .browser import AsyncBrowser, Browser
from .crawl import AsyncCrawl, Crawl
from .extract import AsyncExtract, Extract
from .feedback import AsyncFeedback, Feedback
from .indexes import AsyncIndexes, Indexes
from .interact import AsyncInteract, Interact
from .map import AsyncMap, Map
from .monitors import AsyncMonitors, Monitors
from .parse import AsyncParse, Parse
from .scrape import AsyncScrape, Scrape
from .search import AsyncSearch, Search
from .team import AsyncTeam, Team

__all__ = [
    "Agent",
    "AsyncAgent",
    "AsyncBatchScrape",
    "AsyncBrowser",
    "AsyncCrawl",
    "AsyncExtract",
    "AsyncFeedback",
    "AsyncIndexes",
    "AsyncInteract",
    "AsyncMap",
    "AsyncMonitors",
    "AsyncParse",
    "AsyncScrape",
    "AsyncSearch",
    "AsyncTeam",
    "BatchScrape",
    "Browser",
    "Crawl",
    "Extract",
    "Feedback",
    "Indexes",
    "Interact",
    "Map",
    "Monitors",
    "Parse",
    "Scrape",
    "Search",
    "Team",
]
