from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.failure_error import FailureError
from ...models.scrape_forbidden_error import ScrapeForbiddenError
from ...models.scrape_not_found_error import ScrapeNotFoundError
from ...models.scrape_request import ScrapeRequest
from ...models.scrape_response import ScrapeResponse
from ...types import Response


def _get_kwargs(
    *,
    body: ScrapeRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/scrape",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse | None:
    if response.status_code == 200:
        response_200 = ScrapeResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = FailureError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = FailureError.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = FailureError.from_dict(response.json())

        return response_402

    if response.status_code == 403:
        response_403 = ScrapeForbiddenError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ScrapeNotFoundError.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = FailureError.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = FailureError.from_dict(response.json())

        return response_413

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
) -> Response[FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScrapeRequest,
) -> Response[FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse]:
    """Scrape one URL

     Scrapes `url` with the scrape options given at the top level of the body and returns
    the document. Cache rules (`maxAge`, `minAge`, `storeInCache`, `lockdown`), PDF parsing,
    prompt-injection checks and threat protection follow `ScrapeOptions`.

    Args:
        body (ScrapeRequest): Body of POST /v2/scrape; scrape options sit at the top level.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ScrapeRequest,
) -> FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse | None:
    """Scrape one URL

     Scrapes `url` with the scrape options given at the top level of the body and returns
    the document. Cache rules (`maxAge`, `minAge`, `storeInCache`, `lockdown`), PDF parsing,
    prompt-injection checks and threat protection follow `ScrapeOptions`.

    Args:
        body (ScrapeRequest): Body of POST /v2/scrape; scrape options sit at the top level.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ScrapeRequest,
) -> Response[FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse]:
    """Scrape one URL

     Scrapes `url` with the scrape options given at the top level of the body and returns
    the document. Cache rules (`maxAge`, `minAge`, `storeInCache`, `lockdown`), PDF parsing,
    prompt-injection checks and threat protection follow `ScrapeOptions`.

    Args:
        body (ScrapeRequest): Body of POST /v2/scrape; scrape options sit at the top level.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ScrapeRequest,
) -> FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse | None:
    """Scrape one URL

     Scrapes `url` with the scrape options given at the top level of the body and returns
    the document. Cache rules (`maxAge`, `minAge`, `storeInCache`, `lockdown`), PDF parsing,
    prompt-injection checks and threat protection follow `ScrapeOptions`.

    Args:
        body (ScrapeRequest): Body of POST /v2/scrape; scrape options sit at the top level.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FailureError | ScrapeForbiddenError | ScrapeNotFoundError | ScrapeResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
