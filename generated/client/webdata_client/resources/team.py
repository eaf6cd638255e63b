"""Usage and billing of the authenticated team.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

import webdata_models as models

from .._base_client import AsyncClient, SyncClient
from ..api.team import get_concurrency as _get_concurrency
from ..api.team import get_credit_usage as _get_credit_usage
from ..api.team import get_historical_credit_usage as _get_historical_credit_usage
from ..api.team import get_historical_token_usage as _get_historical_token_usage
from ..api.team import get_queue_status as _get_queue_status
from ..api.team import get_token_usage as _get_token_usage

__all__ = ["AsyncTeam", "Team"]


class Team:
    """Usage and billing of the authenticated team."""

    def __init__(self, client: SyncClient) -> None:
        self._client = client

    def get_concurrency(self) -> models.ConcurrencyCheckResponse:
        """Read the team's running jobs and its concurrency limit.

        ``GET /v2/concurrency-check`` (getConcurrency).
        """
        return self._client._call(
            _get_concurrency.OPERATION, path={}, query={}, body=None, result=models.ConcurrencyCheckResponse
        )

    def get_credit_usage(self) -> models.CreditUsage:
        """Read the team's credit usage in the current billing period.

        ``GET /v2/team/credit-usage`` (getCreditUsage).
        """
        return self._client._call(
            _get_credit_usage.OPERATION, path={}, query={}, body=None, result=models.CreditUsageResponse
        ).data

    def get_historical_credit_usage(self, *, by_api_key: bool | None = None) -> models.HistoricalCreditUsageResponse:
        """Read the team's credit usage month by month.

        ``GET /v2/team/credit-usage/historical`` (getHistoricalCreditUsage).

        Args:
            by_api_key: When true, each month is broken down by API key.
        """
        return self._client._call(
            _get_historical_credit_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalCreditUsageResponse,
        )

    def get_historical_token_usage(self, *, by_api_key: str | None = None) -> models.HistoricalTokenUsageResponse:
        """Read the team's token usage month by month.

        ``GET /v2/team/token-usage/historical`` (getHistoricalTokenUsage).

        Args:
            by_api_key: Taken as the official SDKs send it (`true`), whatever its value; no effect (the answer is not broken down by key).
        """
        return self._client._call(
            _get_historical_token_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalTokenUsageResponse,
        )

    def get_queue_status(self) -> models.QueueStatusResponse:
        """Read the team's scrape queue.

        ``GET /v2/team/queue-status`` (getQueueStatus).
        """
        return self._client._call(
            _get_queue_status.OPERATION, path={}, query={}, body=None, result=models.QueueStatusResponse
        )

    def get_token_usage(self) -> models.TokenUsage:
        """Read the team's token usage in the current billing period.

        ``GET /v2/team/token-usage`` (getTokenUsage).
        """
        return self._client._call(
            _get_token_usage.OPERATION, path={}, query={}, body=None, result=models.TokenUsageResponse
        ).data


class AsyncTeam:
    """Usage and billing of the authenticated team."""

    def __init__(self, client: AsyncClient) -> None:
        self._client = client

    async def get_concurrency(self) -> models.ConcurrencyCheckResponse:
        """Read the team's running jobs and its concurrency limit.

        ``GET /v2/concurrency-check`` (getConcurrency).
        """
        return await self._client._call(
            _get_concurrency.OPERATION, path={}, query={}, body=None, result=models.ConcurrencyCheckResponse
        )

    async def get_credit_usage(self) -> models.CreditUsage:
        """Read the team's credit usage in the current billing period.

        ``GET /v2/team/credit-usage`` (getCreditUsage).
        """
        return (
            await self._client._call(
                _get_credit_usage.OPERATION, path={}, query={}, body=None, result=models.CreditUsageResponse
            )
        ).data

    async def get_historical_credit_usage(
        self, *, by_api_key: bool | None = None
    ) -> models.HistoricalCreditUsageResponse:
        """Read the team's credit usage month by month.

        ``GET /v2/team/credit-usage/historical`` (getHistoricalCreditUsage).

        Args:
            by_api_key: When true, each month is broken down by API key.
        """
        return await self._client._call(
            _get_historical_credit_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalCreditUsageResponse,
        )

    async def get_historical_token_usage(self, *, by_api_key: str | None = None) -> models.HistoricalTokenUsageResponse:
        """Read the team's token usage month by month.

        ``GET /v2/team/token-usage/historical`` (getHistoricalTokenUsage).

        Args:
            by_api_key: Taken as the official SDKs send it (`true`), whatever its value; no effect (the answer is not broken down by key).
        """
        return await self._client._call(
            _get_historical_token_usage.OPERATION,
            path={},
            query={"byApiKey": by_api_key},
            body=None,
            result=models.HistoricalTokenUsageResponse,
        )

    async def get_queue_status(self) -> models.QueueStatusResponse:
        """Read the team's scrape queue.

        ``GET /v2/team/queue-status`` (getQueueStatus).
        """
        return await self._client._call(
            _get_queue_status.OPERATION, path={}, query={}, body=None, result=models.QueueStatusResponse
        )

    async def get_token_usage(self) -> models.TokenUsage:
        """Read the team's token usage in the current billing period.

        ``GET /v2/team/token-usage`` (getTokenUsage).
        """
        return (
            await self._client._call(
                _get_token_usage.OPERATION, path={}, query={}, body=None, result=models.TokenUsageResponse
            )
        ).data
