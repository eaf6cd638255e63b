"""Ratings of a search, scrape, parse or map the team ran, with the service's refunds (shapes from the public service).

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.feedback import submit_feedback as _submit_feedback
from ..api.feedback import submit_search_feedback as _submit_search_feedback
from ..client import request_body

__all__ = ["AsyncFeedback", "Feedback"]


class Feedback:
    """Ratings of a search, scrape, parse or map the team ran, with the service's refunds (shapes from the public service)."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def alexandria(
        self,
        endpoint: Literal["alexandria"],
        rating: Literal["good", "partial", "bad"],
        rationale: str,
        requested_website: models.AlexandriaRequestedWebsite | Mapping[str, Any],
        *,
        capability_feedback: Sequence[models.AlexandriaCapabilityFeedback | Mapping[str, Any]] | None = None,
        integration: str | None = None,
        objective: str | None = None,
        origin: str | None = None,
        provider_feedback: Sequence[models.AlexandriaProviderFeedback | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Feedback on an Alexandria session; an unknown key is refused.

        ``POST /v2/feedback`` (submitFeedback).

        Args:
            endpoint: Always `alexandria`: feedback on a session, not on one request.
            rating: How well the session served: `good`, `partial` or `bad`.
            rationale: Why this rating.
            requested_website: The website the user needed data from, and what they needed of it.
            capability_feedback: Capabilities that were missing.
            integration: The integration the feedback came through; recorded.
            objective: What the session set out to do.
            origin: Who sent the feedback; recorded.
            provider_feedback: Providers that were missing.
        """
        return self._client._call(
            _submit_feedback.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AlexandriaFeedbackRequest,
                {
                    "endpoint": endpoint,
                    "rating": rating,
                    "rationale": rationale,
                    "requested_website": requested_website,
                    "capability_feedback": capability_feedback,
                    "integration": integration,
                    "objective": objective,
                    "origin": origin,
                    "provider_feedback": provider_feedback,
                },
            ),
            result=models.FeedbackResponse,
        )

    def submit(
        self,
        endpoint: Literal["search", "scrape", "parse", "map"],
        job_id: str,
        rating: Literal["good", "partial", "bad"],
        *,
        integration: str | None = None,
        issues: Sequence[models.FeedbackIssueCode] | None = None,
        metadata: Mapping[str, Any] | None = None,
        missing_content: Sequence[models.FeedbackMissingContent | Mapping[str, Any]] | None = None,
        note: str | None = None,
        origin: str | None = None,
        page_numbers: Sequence[int] | None = None,
        query_suggestions: str | None = None,
        tags: Sequence[models.FeedbackIssueCode] | None = None,
        url: str | None = None,
        valuable_sources: Sequence[models.FeedbackValuableSource | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Rate a search, scrape, parse or map the team ran.

        ``POST /v2/feedback`` (submitFeedback).

        Args:
            endpoint: The operation that ran.
            job_id: The request's id: a search's or map's `id`, a scrape's or parse's `metadata.scrapeId`.
            rating: How good the answer was: `good`, `partial` or `bad`.
            integration: The integration the feedback came through; recorded.
            issues: What went wrong, as short codes (`missing_content`, `blocked`).
            metadata: Small endpoint-specific details: at most 8 KB as JSON.
            missing_content: What the answer lacked.
            note: At most 4.
            origin: Who sent the feedback; recorded.
            page_numbers: The pages of a document the feedback is about (from 1).
            query_suggestions: A query that would have found it.
            tags: Labels of your own.
            url: The page the feedback is about (http or https).
            valuable_sources: Results worth having.
        """
        return self._client._call(
            _submit_feedback.OPERATION,
            path={},
            query={},
            body=request_body(
                models.EndpointFeedbackRequest,
                {
                    "endpoint": endpoint,
                    "job_id": job_id,
                    "rating": rating,
                    "integration": integration,
                    "issues": issues,
                    "metadata": metadata,
                    "missing_content": missing_content,
                    "note": note,
                    "origin": origin,
                    "page_numbers": page_numbers,
                    "query_suggestions": query_suggestions,
                    "tags": tags,
                    "url": url,
                    "valuable_sources": valuable_sources,
                },
            ),
            result=models.FeedbackResponse,
        )

    def submit_search(
        self,
        id: str | UUID,
        rating: Literal["good", "partial", "bad"],
        *,
        integration: str | None = None,
        missing_content: Sequence[models.FeedbackMissingContent | Mapping[str, Any]] | None = None,
        origin: str | None = None,
        query_suggestions: str | None = None,
        valuable_sources: Sequence[models.FeedbackValuableSource | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Rate a search the team ran.

        ``POST /v2/search/{jobId}/feedback`` (submitSearchFeedback).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            rating: How good the answer was: `good`, `partial` or `bad`.
            integration: The integration the feedback came through; recorded.
            missing_content: What the results lacked.
            origin: Who sent the feedback; recorded.
            query_suggestions: A query that would have found it.
            valuable_sources: Results worth having.
        """
        return self._client._call(
            _submit_search_feedback.OPERATION,
            path={"jobId": id},
            query={},
            body=request_body(
                models.SearchFeedbackRequest,
                {
                    "rating": rating,
                    "integration": integration,
                    "missing_content": missing_content,
                    "origin": origin,
                    "query_suggestions": query_suggestions,
                    "valuable_sources": valuable_sources,
                },
            ),
            result=models.FeedbackResponse,
        )


class AsyncFeedback:
    """Ratings of a search, scrape, parse or map the team ran, with the service's refunds (shapes from the public service)."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def alexandria(
        self,
        endpoint: Literal["alexandria"],
        rating: Literal["good", "partial", "bad"],
        rationale: str,
        requested_website: models.AlexandriaRequestedWebsite | Mapping[str, Any],
        *,
        capability_feedback: Sequence[models.AlexandriaCapabilityFeedback | Mapping[str, Any]] | None = None,
        integration: str | None = None,
        objective: str | None = None,
        origin: str | None = None,
        provider_feedback: Sequence[models.AlexandriaProviderFeedback | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Feedback on an Alexandria session; an unknown key is refused.

        ``POST /v2/feedback`` (submitFeedback).

        Args:
            endpoint: Always `alexandria`: feedback on a session, not on one request.
            rating: How well the session served: `good`, `partial` or `bad`.
            rationale: Why this rating.
            requested_website: The website the user needed data from, and what they needed of it.
            capability_feedback: Capabilities that were missing.
            integration: The integration the feedback came through; recorded.
            objective: What the session set out to do.
            origin: Who sent the feedback; recorded.
            provider_feedback: Providers that were missing.
        """
        return await self._client._call(
            _submit_feedback.OPERATION,
            path={},
            query={},
            body=request_body(
                models.AlexandriaFeedbackRequest,
                {
                    "endpoint": endpoint,
                    "rating": rating,
                    "rationale": rationale,
                    "requested_website": requested_website,
                    "capability_feedback": capability_feedback,
                    "integration": integration,
                    "objective": objective,
                    "origin": origin,
                    "provider_feedback": provider_feedback,
                },
            ),
            result=models.FeedbackResponse,
        )

    async def submit(
        self,
        endpoint: Literal["search", "scrape", "parse", "map"],
        job_id: str,
        rating: Literal["good", "partial", "bad"],
        *,
        integration: str | None = None,
        issues: Sequence[models.FeedbackIssueCode] | None = None,
        metadata: Mapping[str, Any] | None = None,
        missing_content: Sequence[models.FeedbackMissingContent | Mapping[str, Any]] | None = None,
        note: str | None = None,
        origin: str | None = None,
        page_numbers: Sequence[int] | None = None,
        query_suggestions: str | None = None,
        tags: Sequence[models.FeedbackIssueCode] | None = None,
        url: str | None = None,
        valuable_sources: Sequence[models.FeedbackValuableSource | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Rate a search, scrape, parse or map the team ran.

        ``POST /v2/feedback`` (submitFeedback).

        Args:
            endpoint: The operation that ran.
            job_id: The request's id: a search's or map's `id`, a scrape's or parse's `metadata.scrapeId`.
            rating: How good the answer was: `good`, `partial` or `bad`.
            integration: The integration the feedback came through; recorded.
            issues: What went wrong, as short codes (`missing_content`, `blocked`).
            metadata: Small endpoint-specific details: at most 8 KB as JSON.
            missing_content: What the answer lacked.
            note: At most 4.
            origin: Who sent the feedback; recorded.
            page_numbers: The pages of a document the feedback is about (from 1).
            query_suggestions: A query that would have found it.
            tags: Labels of your own.
            url: The page the feedback is about (http or https).
            valuable_sources: Results worth having.
        """
        return await self._client._call(
            _submit_feedback.OPERATION,
            path={},
            query={},
            body=request_body(
                models.EndpointFeedbackRequest,
                {
                    "endpoint": endpoint,
                    "job_id": job_id,
                    "rating": rating,
                    "integration": integration,
                    "issues": issues,
                    "metadata": metadata,
                    "missing_content": missing_content,
                    "note": note,
                    "origin": origin,
                    "page_numbers": page_numbers,
                    "query_suggestions": query_suggestions,
                    "tags": tags,
                    "url": url,
                    "valuable_sources": valuable_sources,
                },
            ),
            result=models.FeedbackResponse,
        )

    async def submit_search(
        self,
        id: str | UUID,
        rating: Literal["good", "partial", "bad"],
        *,
        integration: str | None = None,
        missing_content: Sequence[models.FeedbackMissingContent | Mapping[str, Any]] | None = None,
        origin: str | None = None,
        query_suggestions: str | None = None,
        valuable_sources: Sequence[models.FeedbackValuableSource | Mapping[str, Any]] | None = None,
    ) -> models.FeedbackResponse:
        """Rate a search the team ran.

        ``POST /v2/search/{jobId}/feedback`` (submitSearchFeedback).

        Args:
            id: UUID of the agent job; anything else answers 400 "Invalid job ID format.
            rating: How good the answer was: `good`, `partial` or `bad`.
            integration: The integration the feedback came through; recorded.
            missing_content: What the results lacked.
            origin: Who sent the feedback; recorded.
            query_suggestions: A query that would have found it.
            valuable_sources: Results worth having.
        """
        return await self._client._call(
            _submit_search_feedback.OPERATION,
            path={"jobId": id},
            query={},
            body=request_body(
                models.SearchFeedbackRequest,
                {
                    "rating": rating,
                    "integration": integration,
                    "missing_content": missing_content,
                    "origin": origin,
                    "query_suggestions": query_suggestions,
                    "valuable_sources": valuable_sources,
                },
            ),
            result=models.FeedbackResponse,
        )
