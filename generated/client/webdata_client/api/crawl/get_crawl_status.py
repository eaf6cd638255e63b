from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_error import FailureError
from ...models.job_status_response import JobStatusResponse
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v2/crawl/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FailureError | JobStatusResponse | None:
    if response.status_code == 200:
        response_200 = JobStatusResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = FailureError.from_dict(response.json())

        return response_400

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
) -> Response[FailureError | JobStatusResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[FailureError | JobStatusResponse]:
    """Read a crawl's status and documents

     The same path also accepts a WebSocket upgrade (`x-watch`): the official SDKs' watchers
    receive the crawl's progress as messages instead of polling. Authenticate with the
    `Authorization` header, or with the API key as the WebSocket subprotocol (what browsers
    and firecrawl-js send). Messages are JSON objects with a `type`: `catchup` (the current
    status body, sent first), `document` (one new document), `done` (the final status body,
    when the job completed) and `error` (`error` names the reason; the socket then closes). A
    job that ends cancelled or failed gets a `catchup` with that status before the close.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | JobStatusResponse]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> FailureError | JobStatusResponse | None:
    """Read a crawl's status and documents

     The same path also accepts a WebSocket upgrade (`x-watch`): the official SDKs' watchers
    receive the crawl's progress as messages instead of polling. Authenticate with the
    `Authorization` header, or with the API key as the WebSocket subprotocol (what browsers
    and firecrawl-js send). Messages are JSON objects with a `type`: `catchup` (the current
    status body, sent first), `document` (one new document), `done` (the final status body,
    when the job completed) and `error` (`error` names the reason; the socket then closes). A
    job that ends cancelled or failed gets a `catchup` with that status before the close.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | JobStatusResponse
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[FailureError | JobStatusResponse]:
    """Read a crawl's status and documents

     The same path also accepts a WebSocket upgrade (`x-watch`): the official SDKs' watchers
    receive the crawl's progress as messages instead of polling. Authenticate with the
    `Authorization` header, or with the API key as the WebSocket subprotocol (what browsers
    and firecrawl-js send). Messages are JSON objects with a `type`: `catchup` (the current
    status body, sent first), `document` (one new document), `done` (the final status body,
    when the job completed) and `error` (`error` names the reason; the socket then closes). A
    job that ends cancelled or failed gets a `catchup` with that status before the close.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | JobStatusResponse]
    """

    kwargs = _get_kwargs(
        id=id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> FailureError | JobStatusResponse | None:
    """Read a crawl's status and documents

     The same path also accepts a WebSocket upgrade (`x-watch`): the official SDKs' watchers
    receive the crawl's progress as messages instead of polling. Authenticate with the
    `Authorization` header, or with the API key as the WebSocket subprotocol (what browsers
    and firecrawl-js send). Messages are JSON objects with a `type`: `catchup` (the current
    status body, sent first), `document` (one new document), `done` (the final status body,
    when the job completed) and `error` (`error` names the reason; the socket then closes). A
    job that ends cancelled or failed gets a `catchup` with that status before the close.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | JobStatusResponse
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
