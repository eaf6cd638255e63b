from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_error import FailureError
from ...models.historical_credit_usage_response import HistoricalCreditUsageResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    by_api_key: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["byApiKey"] = by_api_key

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v2/team/credit-usage/historical",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FailureError | HistoricalCreditUsageResponse | None:
    if response.status_code == 200:
        response_200 = HistoricalCreditUsageResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = FailureError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = FailureError.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = FailureError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = FailureError.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[FailureError | HistoricalCreditUsageResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    by_api_key: bool | Unset = False,
) -> Response[FailureError | HistoricalCreditUsageResponse]:
    """Read the team's credit usage month by month

    Args:
        by_api_key (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | HistoricalCreditUsageResponse]
    """

    kwargs = _get_kwargs(
        by_api_key=by_api_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    by_api_key: bool | Unset = False,
) -> FailureError | HistoricalCreditUsageResponse | None:
    """Read the team's credit usage month by month

    Args:
        by_api_key (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | HistoricalCreditUsageResponse
    """

    return sync_detailed(
        client=client,
        by_api_key=by_api_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    by_api_key: bool | Unset = False,
) -> Response[FailureError | HistoricalCreditUsageResponse]:
    """Read the team's credit usage month by month

    Args:
        by_api_key (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | HistoricalCreditUsageResponse]
    """

    kwargs = _get_kwargs(
        by_api_key=by_api_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    by_api_key: bool | Unset = False,
) -> FailureError | HistoricalCreditUsageResponse | None:
    """Read the team's credit usage month by month

    Args:
        by_api_key (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | HistoricalCreditUsageResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            by_api_key=by_api_key,
        )
    ).parsed
