"""The specialised indexes: developer (repositories, issues, pull requests, documentation), government (US law) and research papers (shapes from the public service).

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.indexes import discover_catalogue as _discover_catalogue
from ..api.indexes import get_paper as _get_paper
from ..api.indexes import search_developer as _search_developer
from ..api.indexes import search_developer_by_query as _search_developer_by_query
from ..api.indexes import search_gov as _search_gov
from ..api.indexes import search_gov_by_query as _search_gov_by_query
from ..api.indexes import search_papers as _search_papers
from ..api.indexes import similar_papers as _similar_papers
from ..client import request_body

__all__ = ["AsyncIndexes", "Indexes"]


class Indexes:
    """The specialised indexes: developer (repositories, issues, pull requests, documentation), government (US law) and research papers (shapes from the public service)."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def catalogue_categories(self) -> models.CatalogueCategories:
        """The categories of the Alexandria catalogue.

        ``GET /exchange/discover`` (discoverCatalogue).
        """
        return self._client._call(
            _discover_catalogue.OPERATION, path={}, query={}, body=None, result=models.CatalogueCategories
        )

    def developer(
        self,
        query: str,
        *,
        archived: bool | Literal["true", "false"] | None = None,
        fork: bool | Literal["true", "false"] | None = None,
        integration: str | None = None,
        k: int | str | None = None,
        language: str | None = None,
        license: str | None = None,
        max_stars: int | str | None = None,
        min_stars: int | str | None = None,
        origin: str | None = None,
        passages: int | str | None = None,
        repos: str | Sequence[str] | None = None,
        skills: Literal["only"] | None = None,
        sources: str | Sequence[str] | None = None,
        topic: str | Sequence[str] | None = None,
        types: str | Sequence[str] | None = None,
    ) -> models.DeveloperSearchResponse:
        """Search the developer index (repositories, issues, pull requests, READMEs, documentation).

        ``POST /v2/search/developer`` (searchDeveloper).

        Args:
            query: What to look for.
            archived: Archived repositories only (true) or none (false); `"true"`/`"false"` as text too.
            fork: Forks only (true) or none (false); `"true"`/`"false"` as text too.
            integration: The integration the request came through; recorded, no effect.
            k: At most this many results, 1 to 100 (default 10); digits as text too.
            language: A repository's primary language (GitHub Linguist name, any case).
            license: A repository's SPDX license id (any case).
            max_stars: Repositories with at most this many stars; digits as text too.
            min_stars: Repositories with at least this many stars; digits as text too.
            origin: Who sent the request; recorded.
            passages: Passages per result, 1 to 5 (default 1); digits as text too.
            repos: GitHub repositories (`owner/name`, any case), one text or a list; their status is answered in `repos`.
            skills: `only`: packaged agent-skill files only.
            sources: Documentation source ids, one text or a list; their status is answered in `sources`.
            topic: Repository topics that must all match, one text or a list.
            types: Kinds of result: `doc`, `issue`, `pull_request`, `readme` (default all); another text matches nothing; one text or a list.
        """
        return self._client._call(
            _search_developer.OPERATION,
            path={},
            query={},
            body=request_body(
                models.DeveloperSearchRequest,
                {
                    "query": query,
                    "archived": archived,
                    "fork": fork,
                    "integration": integration,
                    "k": k,
                    "language": language,
                    "license": license,
                    "max_stars": max_stars,
                    "min_stars": min_stars,
                    "origin": origin,
                    "passages": passages,
                    "repos": repos,
                    "skills": skills,
                    "sources": sources,
                    "topic": topic,
                    "types": types,
                },
            ),
            result=models.DeveloperSearchResponse,
        )

    def developer_by_query(
        self,
        query: str,
        *,
        k: int | None = None,
        passages: int | None = None,
        types: Sequence[str] | None = None,
        repos: Sequence[str] | None = None,
        sources: Sequence[str] | None = None,
        language: str | None = None,
        topic: Sequence[str] | None = None,
        license: str | None = None,
        min_stars: int | None = None,
        max_stars: int | None = None,
        archived: Literal["true", "false"] | None = None,
        fork: Literal["true", "false"] | None = None,
        skills: Literal["only"] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.DeveloperSearchResponse:
        """Search the developer index, the parameters in the query (as firecrawl-mcp sends them).

        ``GET /v2/search/developer`` (searchDeveloperByQuery).

        Args:
            query: What to look for.
            k: At most this many results, 1 to 100 (default 10).
            passages: Passages per result, 1 to 5 (default 1).
            types: Kinds of result (`doc`, `issue`, `pull_request`, `readme`); repeat for more.
            repos: GitHub repositories (`owner/name`); repeat for more.
            sources: Documentation source ids; repeat for more.
            language: A repository's primary language.
            topic: Repository topics that must all match; repeat for more.
            license: A repository's SPDX license id.
            min_stars: Repositories with at least this many stars.
            max_stars: Repositories with at most this many stars.
            archived: `true`: archived repositories only; `false`: none.
            fork: `true`: forks only; `false`: none.
            skills: `only`: packaged agent-skill files only.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return self._client._call(
            _search_developer_by_query.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "passages": passages,
                "types": types,
                "repos": repos,
                "sources": sources,
                "language": language,
                "topic": topic,
                "license": license,
                "min_stars": min_stars,
                "max_stars": max_stars,
                "archived": archived,
                "fork": fork,
                "skills": skills,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.DeveloperSearchResponse,
        )

    def get_paper(
        self,
        id: str | UUID,
        *,
        query: str | None = None,
        k: int | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.PaperResponse:
        """Inspect a paper, or read the passages of its body that match a query.

        ``GET /v2/search/research/papers/{paperId}`` (getPaper).

        Args:
            id: A paper: its `paperId`, an id key (`arxiv:<id>`, `pmid:<id>`, `pmcid:<id>`, `doi:<doi>`), a bare arXiv id or an arXiv URL.
            query: What to look for inside the paper; makes the call a read.
            k: At most this many passages (default 4); only with `query`.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return self._client._call(
            _get_paper.OPERATION,
            path={"paperId": id},
            query={"query": query, "k": k, "origin": origin, "integration": integration},
            body=None,
            result=models.PaperResponse,
        )

    def gov(
        self,
        query: str,
        *,
        cites: str | None = None,
        court: str | None = None,
        court_type: Literal[
            "federal-supreme",
            "federal-appellate",
            "federal-district",
            "federal-bankruptcy",
            "federal-special",
            "military",
            "state-supreme",
            "state-appellate",
            "state-trial",
            "state-special",
            "state-attorney-general",
        ]
        | None = None,
        domain: str | None = None,
        integration: str | None = None,
        jurisdiction: str | None = None,
        k: int | str | None = None,
        origin: str | None = None,
    ) -> models.GovSearchResponse:
        """Search the government index of US primary law and regulatory material.

        ``POST /v2/search/gov`` (searchGov).

        Args:
            query: What to look for.
            cites: A printed citation (`42 U.S.C.
            court: A CourtListener court id (`scotus`, `ca9`, `nysd`).
            court_type: A type of court.
            domain: Pages of one site (`irs.gov`) and its subdomains.
            integration: The integration the request came through; recorded, no effect.
            jurisdiction: `us` (federal), or `us-` and a state or territory code (`us-ca`).
            k: At most this many results, 1 to 100 (default 10); digits as text too.
            origin: Who sent the request; recorded.
        """
        return self._client._call(
            _search_gov.OPERATION,
            path={},
            query={},
            body=request_body(
                models.GovSearchRequest,
                {
                    "query": query,
                    "cites": cites,
                    "court": court,
                    "court_type": court_type,
                    "domain": domain,
                    "integration": integration,
                    "jurisdiction": jurisdiction,
                    "k": k,
                    "origin": origin,
                },
            ),
            result=models.GovSearchResponse,
        )

    def gov_by_query(
        self,
        query: str,
        *,
        k: int | None = None,
        jurisdiction: str | None = None,
        court: str | None = None,
        court_type: Literal[
            "federal-supreme",
            "federal-appellate",
            "federal-district",
            "federal-bankruptcy",
            "federal-special",
            "military",
            "state-supreme",
            "state-appellate",
            "state-trial",
            "state-special",
            "state-attorney-general",
        ]
        | None = None,
        cites: str | None = None,
        domain: str | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.GovSearchResponse:
        """Search the government index, the parameters in the query.

        ``GET /v2/search/gov`` (searchGovByQuery).

        Args:
            query: What to look for.
            k: At most this many results, 1 to 100 (default 10).
            jurisdiction: `us`, or `us-` and a state code.
            court: A CourtListener court id.
            court_type: A type of court.
            cites: A printed citation or a citation id the page must cite.
            domain: Pages of one site and its subdomains.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return self._client._call(
            _search_gov_by_query.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "jurisdiction": jurisdiction,
                "court": court,
                "courtType": court_type,
                "cites": cites,
                "domain": domain,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.GovSearchResponse,
        )

    def search_papers(
        self,
        query: str,
        *,
        k: int | None = None,
        authors: Sequence[str] | None = None,
        categories: Sequence[str] | None = None,
        from_: str | None = None,
        to: str | None = None,
        sort: Literal["relevance", "date_desc"] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.SearchPapersResponse:
        """Search the research paper index.

        ``GET /v2/search/research/papers`` (searchPapers).

        Args:
            query: What to look for.
            k: At most this many papers (default 40).
            authors: Author names (case-insensitive substrings); all must match.
            categories: arXiv-style subject categories (`q-bio.GN`); all must match.
            from_: Created on or after this date.
            to: Created on or before this date.
            sort: `relevance` (default) or `date_desc`.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return self._client._call(
            _search_papers.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "authors": authors,
                "categories": categories,
                "from": from_,
                "to": to,
                "sort": sort,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.SearchPapersResponse,
        )

    def similar_papers(
        self,
        id: str | UUID,
        intent: str,
        *,
        mode: Literal["similar", "citers", "references"] | None = None,
        k: int | None = None,
        rerank: Literal["true", "false"] | None = None,
        anchor: Sequence[str] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.SimilarPapersResponse:
        """Papers related to a seed paper through the citation graph.

        ``GET /v2/search/research/papers/{paperId}/similar`` (similarPapers).

        Args:
            id: A paper: its `paperId`, an id key (`arxiv:<id>`, `pmid:<id>`, `pmcid:<id>`, `doi:<doi>`), a bare arXiv id or an arXiv URL.
            intent: What the related papers are for; ranks them.
            mode: `similar` (default), `citers` or `references`.
            k: At most this many papers (default 40).
            rerank: `true` weighs the intent more.
            anchor: More seed papers (ids as for the seed).
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return self._client._call(
            _similar_papers.OPERATION,
            path={"paperId": id},
            query={
                "intent": intent,
                "mode": mode,
                "k": k,
                "rerank": rerank,
                "anchor": anchor,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.SimilarPapersResponse,
        )


class AsyncIndexes:
    """The specialised indexes: developer (repositories, issues, pull requests, documentation), government (US law) and research papers (shapes from the public service)."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def catalogue_categories(self) -> models.CatalogueCategories:
        """The categories of the Alexandria catalogue.

        ``GET /exchange/discover`` (discoverCatalogue).
        """
        return await self._client._call(
            _discover_catalogue.OPERATION, path={}, query={}, body=None, result=models.CatalogueCategories
        )

    async def developer(
        self,
        query: str,
        *,
        archived: bool | Literal["true", "false"] | None = None,
        fork: bool | Literal["true", "false"] | None = None,
        integration: str | None = None,
        k: int | str | None = None,
        language: str | None = None,
        license: str | None = None,
        max_stars: int | str | None = None,
        min_stars: int | str | None = None,
        origin: str | None = None,
        passages: int | str | None = None,
        repos: str | Sequence[str] | None = None,
        skills: Literal["only"] | None = None,
        sources: str | Sequence[str] | None = None,
        topic: str | Sequence[str] | None = None,
        types: str | Sequence[str] | None = None,
    ) -> models.DeveloperSearchResponse:
        """Search the developer index (repositories, issues, pull requests, READMEs, documentation).

        ``POST /v2/search/developer`` (searchDeveloper).

        Args:
            query: What to look for.
            archived: Archived repositories only (true) or none (false); `"true"`/`"false"` as text too.
            fork: Forks only (true) or none (false); `"true"`/`"false"` as text too.
            integration: The integration the request came through; recorded, no effect.
            k: At most this many results, 1 to 100 (default 10); digits as text too.
            language: A repository's primary language (GitHub Linguist name, any case).
            license: A repository's SPDX license id (any case).
            max_stars: Repositories with at most this many stars; digits as text too.
            min_stars: Repositories with at least this many stars; digits as text too.
            origin: Who sent the request; recorded.
            passages: Passages per result, 1 to 5 (default 1); digits as text too.
            repos: GitHub repositories (`owner/name`, any case), one text or a list; their status is answered in `repos`.
            skills: `only`: packaged agent-skill files only.
            sources: Documentation source ids, one text or a list; their status is answered in `sources`.
            topic: Repository topics that must all match, one text or a list.
            types: Kinds of result: `doc`, `issue`, `pull_request`, `readme` (default all); another text matches nothing; one text or a list.
        """
        return await self._client._call(
            _search_developer.OPERATION,
            path={},
            query={},
            body=request_body(
                models.DeveloperSearchRequest,
                {
                    "query": query,
                    "archived": archived,
                    "fork": fork,
                    "integration": integration,
                    "k": k,
                    "language": language,
                    "license": license,
                    "max_stars": max_stars,
                    "min_stars": min_stars,
                    "origin": origin,
                    "passages": passages,
                    "repos": repos,
                    "skills": skills,
                    "sources": sources,
                    "topic": topic,
                    "types": types,
                },
            ),
            result=models.DeveloperSearchResponse,
        )

    async def developer_by_query(
        self,
        query: str,
        *,
        k: int | None = None,
        passages: int | None = None,
        types: Sequence[str] | None = None,
        repos: Sequence[str] | None = None,
        sources: Sequence[str] | None = None,
        language: str | None = None,
        topic: Sequence[str] | None = None,
        license: str | None = None,
        min_stars: int | None = None,
        max_stars: int | None = None,
        archived: Literal["true", "false"] | None = None,
        fork: Literal["true", "false"] | None = None,
        skills: Literal["only"] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.DeveloperSearchResponse:
        """Search the developer index, the parameters in the query (as firecrawl-mcp sends them).

        ``GET /v2/search/developer`` (searchDeveloperByQuery).

        Args:
            query: What to look for.
            k: At most this many results, 1 to 100 (default 10).
            passages: Passages per result, 1 to 5 (default 1).
            types: Kinds of result (`doc`, `issue`, `pull_request`, `readme`); repeat for more.
            repos: GitHub repositories (`owner/name`); repeat for more.
            sources: Documentation source ids; repeat for more.
            language: A repository's primary language.
            topic: Repository topics that must all match; repeat for more.
            license: A repository's SPDX license id.
            min_stars: Repositories with at least this many stars.
            max_stars: Repositories with at most this many stars.
            archived: `true`: archived repositories only; `false`: none.
            fork: `true`: forks only; `false`: none.
            skills: `only`: packaged agent-skill files only.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return await self._client._call(
            _search_developer_by_query.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "passages": passages,
                "types": types,
                "repos": repos,
                "sources": sources,
                "language": language,
                "topic": topic,
                "license": license,
                "min_stars": min_stars,
                "max_stars": max_stars,
                "archived": archived,
                "fork": fork,
                "skills": skills,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.DeveloperSearchResponse,
        )

    async def get_paper(
        self,
        id: str | UUID,
        *,
        query: str | None = None,
        k: int | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.PaperResponse:
        """Inspect a paper, or read the passages of its body that match a query.

        ``GET /v2/search/research/papers/{paperId}`` (getPaper).

        Args:
            id: A paper: its `paperId`, an id key (`arxiv:<id>`, `pmid:<id>`, `pmcid:<id>`, `doi:<doi>`), a bare arXiv id or an arXiv URL.
            query: What to look for inside the paper; makes the call a read.
            k: At most this many passages (default 4); only with `query`.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return await self._client._call(
            _get_paper.OPERATION,
            path={"paperId": id},
            query={"query": query, "k": k, "origin": origin, "integration": integration},
            body=None,
            result=models.PaperResponse,
        )

    async def gov(
        self,
        query: str,
        *,
        cites: str | None = None,
        court: str | None = None,
        court_type: Literal[
            "federal-supreme",
            "federal-appellate",
            "federal-district",
            "federal-bankruptcy",
            "federal-special",
            "military",
            "state-supreme",
            "state-appellate",
            "state-trial",
            "state-special",
            "state-attorney-general",
        ]
        | None = None,
        domain: str | None = None,
        integration: str | None = None,
        jurisdiction: str | None = None,
        k: int | str | None = None,
        origin: str | None = None,
    ) -> models.GovSearchResponse:
        """Search the government index of US primary law and regulatory material.

        ``POST /v2/search/gov`` (searchGov).

        Args:
            query: What to look for.
            cites: A printed citation (`42 U.S.C.
            court: A CourtListener court id (`scotus`, `ca9`, `nysd`).
            court_type: A type of court.
            domain: Pages of one site (`irs.gov`) and its subdomains.
            integration: The integration the request came through; recorded, no effect.
            jurisdiction: `us` (federal), or `us-` and a state or territory code (`us-ca`).
            k: At most this many results, 1 to 100 (default 10); digits as text too.
            origin: Who sent the request; recorded.
        """
        return await self._client._call(
            _search_gov.OPERATION,
            path={},
            query={},
            body=request_body(
                models.GovSearchRequest,
                {
                    "query": query,
                    "cites": cites,
                    "court": court,
                    "court_type": court_type,
                    "domain": domain,
                    "integration": integration,
                    "jurisdiction": jurisdiction,
                    "k": k,
                    "origin": origin,
                },
            ),
            result=models.GovSearchResponse,
        )

    async def gov_by_query(
        self,
        query: str,
        *,
        k: int | None = None,
        jurisdiction: str | None = None,
        court: str | None = None,
        court_type: Literal[
            "federal-supreme",
            "federal-appellate",
            "federal-district",
            "federal-bankruptcy",
            "federal-special",
            "military",
            "state-supreme",
            "state-appellate",
            "state-trial",
            "state-special",
            "state-attorney-general",
        ]
        | None = None,
        cites: str | None = None,
        domain: str | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.GovSearchResponse:
        """Search the government index, the parameters in the query.

        ``GET /v2/search/gov`` (searchGovByQuery).

        Args:
            query: What to look for.
            k: At most this many results, 1 to 100 (default 10).
            jurisdiction: `us`, or `us-` and a state code.
            court: A CourtListener court id.
            court_type: A type of court.
            cites: A printed citation or a citation id the page must cite.
            domain: Pages of one site and its subdomains.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return await self._client._call(
            _search_gov_by_query.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "jurisdiction": jurisdiction,
                "court": court,
                "courtType": court_type,
                "cites": cites,
                "domain": domain,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.GovSearchResponse,
        )

    async def search_papers(
        self,
        query: str,
        *,
        k: int | None = None,
        authors: Sequence[str] | None = None,
        categories: Sequence[str] | None = None,
        from_: str | None = None,
        to: str | None = None,
        sort: Literal["relevance", "date_desc"] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.SearchPapersResponse:
        """Search the research paper index.

        ``GET /v2/search/research/papers`` (searchPapers).

        Args:
            query: What to look for.
            k: At most this many papers (default 40).
            authors: Author names (case-insensitive substrings); all must match.
            categories: arXiv-style subject categories (`q-bio.GN`); all must match.
            from_: Created on or after this date.
            to: Created on or before this date.
            sort: `relevance` (default) or `date_desc`.
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return await self._client._call(
            _search_papers.OPERATION,
            path={},
            query={
                "query": query,
                "k": k,
                "authors": authors,
                "categories": categories,
                "from": from_,
                "to": to,
                "sort": sort,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.SearchPapersResponse,
        )

    async def similar_papers(
        self,
        id: str | UUID,
        intent: str,
        *,
        mode: Literal["similar", "citers", "references"] | None = None,
        k: int | None = None,
        rerank: Literal["true", "false"] | None = None,
        anchor: Sequence[str] | None = None,
        origin: str | None = None,
        integration: str | None = None,
    ) -> models.SimilarPapersResponse:
        """Papers related to a seed paper through the citation graph.

        ``GET /v2/search/research/papers/{paperId}/similar`` (similarPapers).

        Args:
            id: A paper: its `paperId`, an id key (`arxiv:<id>`, `pmid:<id>`, `pmcid:<id>`, `doi:<doi>`), a bare arXiv id or an arXiv URL.
            intent: What the related papers are for; ranks them.
            mode: `similar` (default), `citers` or `references`.
            k: At most this many papers (default 40).
            rerank: `true` weighs the intent more.
            anchor: More seed papers (ids as for the seed).
            origin: Who sent the request (the SDKs send their name and version); recorded, no effect.
            integration: The integration the request came through (a name of the service's integrations enum, or any name starting with `_`); recorded, no effect.
        """
        return await self._client._call(
            _similar_papers.OPERATION,
            path={"paperId": id},
            query={
                "intent": intent,
                "mode": mode,
                "k": k,
                "rerank": rerank,
                "anchor": anchor,
                "origin": origin,
                "integration": integration,
            },
            body=None,
            result=models.SimilarPapersResponse,
        )
