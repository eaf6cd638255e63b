"""``Webdata`` and ``AsyncWebdata``: the clients, with one resource per tag of the contract.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from ._base_client import AsyncClient, SyncClient
from .resources import (
    Agent,
    AsyncAgent,
    AsyncBatchScrape,
    AsyncBrowser,
    AsyncCrawl,
    AsyncExtract,
    AsyncFeedback,
    AsyncIndexes,
    AsyncInteract,
    AsyncMap,
    AsyncMonitors,
    AsyncParse,
    AsyncScrape,
    AsyncSearch,
    AsyncTeam,
    BatchScrape,
    Browser,
    Crawl,
    Extract,
    Feedback,
    Indexes,
    Interact,
    Map,
    Monitors,
    Parse,
    Scrape,
    Search,
    Team,
)

__all__ = ["AsyncWebdata", "Webdata"]


class Webdata(SyncClient):
    """The synchronous client of the Web Data Service API v2: its resources are ``agent``, ``batch_scrape``, ``browser``, ``crawl``, ``extract``, ``feedback``, ``indexes``, ``interact``, ``map``, ``monitors``, ``parse``, ``scrape``, ``search``, ``team``.

    Its options (key, base URL, timeouts, retries) and how it closes: ``SyncClient``.
    """

    @property
    def agent(self) -> Agent:
        """Autonomous data gathering jobs."""
        return self._resource(Agent)

    @property
    def batch_scrape(self) -> BatchScrape:
        """Many pages scraped as one asynchronous job."""
        return self._resource(BatchScrape)

    @property
    def browser(self) -> Browser:
        """Standalone browser sessions, driven by code."""
        return self._resource(Browser)

    @property
    def crawl(self) -> Crawl:
        """Whole sites, with natural-language prompts."""
        return self._resource(Crawl)

    @property
    def extract(self) -> Extract:
        """Structured data from pages."""
        return self._resource(Extract)

    @property
    def feedback(self) -> Feedback:
        """Ratings of a search, scrape, parse or map the team ran, with the service's refunds (shapes from the public service)."""
        return self._resource(Feedback)

    @property
    def indexes(self) -> Indexes:
        """The specialised indexes: developer (repositories, issues, pull requests, documentation), government (US law) and research papers (shapes from the public service)."""
        return self._resource(Indexes)

    @property
    def interact(self) -> Interact:
        """Browser sessions bound to a scrape, driven by code or a prompt."""
        return self._resource(Interact)

    @property
    def map(self) -> Map:
        """The URLs of a site, without scraping them."""
        return self._resource(Map)

    @property
    def monitors(self) -> Monitors:
        """Scheduled checks of pages, sites and searches that report what changed."""
        return self._resource(Monitors)

    @property
    def parse(self) -> Parse:
        """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""
        return self._resource(Parse)

    @property
    def scrape(self) -> Scrape:
        """One page as markdown, HTML, JSON and other formats."""
        return self._resource(Scrape)

    @property
    def search(self) -> Search:
        """Web, news and image results for a query, optionally scraped."""
        return self._resource(Search)

    @property
    def team(self) -> Team:
        """Usage and billing of the authenticated team."""
        return self._resource(Team)


class AsyncWebdata(AsyncClient):
    """The asynchronous client of the Web Data Service API v2: its resources are ``agent``, ``batch_scrape``, ``browser``, ``crawl``, ``extract``, ``feedback``, ``indexes``, ``interact``, ``map``, ``monitors``, ``parse``, ``scrape``, ``search``, ``team``.

    Its options (key, base URL, timeouts, retries) and how it closes: ``AsyncClient``.
    """

    @property
    def agent(self) -> AsyncAgent:
        """Autonomous data gathering jobs."""
        return self._resource(AsyncAgent)

    @property
    def batch_scrape(self) -> AsyncBatchScrape:
        """Many pages scraped as one asynchronous job."""
        return self._resource(AsyncBatchScrape)

    @property
    def browser(self) -> AsyncBrowser:
        """Standalone browser sessions, driven by code."""
        return self._resource(AsyncBrowser)

    @property
    def crawl(self) -> AsyncCrawl:
        """Whole sites, with natural-language prompts."""
        return self._resource(AsyncCrawl)

    @property
    def extract(self) -> AsyncExtract:
        """Structured data from pages."""
        return self._resource(AsyncExtract)

    @property
    def feedback(self) -> AsyncFeedback:
        """Ratings of a search, scrape, parse or map the team ran, with the service's refunds (shapes from the public service)."""
        return self._resource(AsyncFeedback)

    @property
    def indexes(self) -> AsyncIndexes:
        """The specialised indexes: developer (repositories, issues, pull requests, documentation), government (US law) and research papers (shapes from the public service)."""
        return self._resource(AsyncIndexes)

    @property
    def interact(self) -> AsyncInteract:
        """Browser sessions bound to a scrape, driven by code or a prompt."""
        return self._resource(AsyncInteract)

    @property
    def map(self) -> AsyncMap:
        """The URLs of a site, without scraping them."""
        return self._resource(AsyncMap)

    @property
    def monitors(self) -> AsyncMonitors:
        """Scheduled checks of pages, sites and searches that report what changed."""
        return self._resource(AsyncMonitors)

    @property
    def parse(self) -> AsyncParse:
        """Files a user uploads (PDF, Word, Excel, HTML, markdown, text) converted to a document."""
        return self._resource(AsyncParse)

    @property
    def scrape(self) -> AsyncScrape:
        """One page as markdown, HTML, JSON and other formats."""
        return self._resource(AsyncScrape)

    @property
    def search(self) -> AsyncSearch:
        """Web, news and image results for a query, optionally scraped."""
        return self._resource(AsyncSearch)

    @property
    def team(self) -> AsyncTeam:
        """Usage and billing of the authenticated team."""
        return self._resource(AsyncTeam)
