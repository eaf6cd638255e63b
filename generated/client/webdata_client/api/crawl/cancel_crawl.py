from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.crawl_cancel_response import CrawlCancelResponse
from ...models.failure_error import FailureError
from ...types import Response


def _get_kwargs(
    id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v2/crawl/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CrawlCancelResponse | FailureError | None:
    if response.status_code == 200:
        response_200 = CrawlCancelResponse.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = FailureError.from_dict(response.json())

        return response_409

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
) -> Response[CrawlCancelResponse | FailureError]:
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
) -> Response[CrawlCancelResponse | FailureError]:
    """Cancel a crawl

     Cancels a running crawl; a crawl that already ended answers 409 and stays as it was.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrawlCancelResponse | FailureError]
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
) -> CrawlCancelResponse | FailureError | None:
    """Cancel a crawl

     Cancels a running crawl; a crawl that already ended answers 409 and stays as it was.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrawlCancelResponse | FailureError
    """

    return sync_detailed(
        id=id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[CrawlCancelResponse | FailureError]:
    """Cancel a crawl

     Cancels a running crawl; a crawl that already ended answers 409 and stays as it was.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrawlCancelResponse | FailureError]
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
) -> CrawlCancelResponse | FailureError | None:
    """Cancel a crawl

     Cancels a running crawl; a crawl that already ended answers 409 and stays as it was.

    Args:
        id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrawlCancelResponse | FailureError
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
        )
    ).parsed
