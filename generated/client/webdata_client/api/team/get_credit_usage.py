from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.credit_usage_response import CreditUsageResponse
from ...models.failure_error import FailureError
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v2/team/credit-usage",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreditUsageResponse | FailureError | None:
    if response.status_code == 200:
        response_200 = CreditUsageResponse.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = FailureError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = FailureError.from_dict(response.json())

        return response_404

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
) -> Response[CreditUsageResponse | FailureError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CreditUsageResponse | FailureError]:
    """Read the team's credit usage in the current billing period

     Plan and remaining credits of the authenticated team in the current billing period: the
    same ledger as token usage, counted in credits (one credit is 15 tokens).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreditUsageResponse | FailureError]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> CreditUsageResponse | FailureError | None:
    """Read the team's credit usage in the current billing period

     Plan and remaining credits of the authenticated team in the current billing period: the
    same ledger as token usage, counted in credits (one credit is 15 tokens).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreditUsageResponse | FailureError
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CreditUsageResponse | FailureError]:
    """Read the team's credit usage in the current billing period

     Plan and remaining credits of the authenticated team in the current billing period: the
    same ledger as token usage, counted in credits (one credit is 15 tokens).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreditUsageResponse | FailureError]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> CreditUsageResponse | FailureError | None:
    """Read the team's credit usage in the current billing period

     Plan and remaining credits of the authenticated team in the current billing period: the
    same ledger as token usage, counted in credits (one credit is 15 tokens).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreditUsageResponse | FailureError
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
