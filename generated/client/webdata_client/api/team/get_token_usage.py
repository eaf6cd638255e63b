from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_error import FailureError
from ...models.token_usage_response import TokenUsageResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v2/team/token-usage",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FailureError | TokenUsageResponse | None:
    if response.status_code == 200:
        response_200 = TokenUsageResponse.from_dict(response.json())

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
) -> Response[FailureError | TokenUsageResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[FailureError | TokenUsageResponse]:
    """Read the team's token usage in the current billing period

     Plan and remaining tokens of the authenticated team, 15 tokens per credit, covering all endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | TokenUsageResponse]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> FailureError | TokenUsageResponse | None:
    """Read the team's token usage in the current billing period

     Plan and remaining tokens of the authenticated team, 15 tokens per credit, covering all endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | TokenUsageResponse
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[FailureError | TokenUsageResponse]:
    """Read the team's token usage in the current billing period

     Plan and remaining tokens of the authenticated team, 15 tokens per credit, covering all endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | TokenUsageResponse]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> FailureError | TokenUsageResponse | None:
    """Read the team's token usage in the current billing period

     Plan and remaining tokens of the authenticated team, 15 tokens per credit, covering all endpoints.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | TokenUsageResponse
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
