from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.crawl_params_preview_request import CrawlParamsPreviewRequest
from ...models.crawl_params_preview_response import CrawlParamsPreviewResponse
from ...models.failure_error import FailureError
from ...types import Response


def _get_kwargs(
    *,
    body: CrawlParamsPreviewRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/crawl/params-preview",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CrawlParamsPreviewResponse | FailureError | None:
    if response.status_code == 200:
        response_200 = CrawlParamsPreviewResponse.from_dict(response.json())

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
) -> Response[CrawlParamsPreviewResponse | FailureError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CrawlParamsPreviewRequest,
) -> Response[CrawlParamsPreviewResponse | FailureError]:
    """Preview the crawl options derived from a prompt

     Derives crawl options (paths, limits, depth, domain scope, sitemap use) from the natural-language
    `prompt` without starting a crawl.

    Args:
        body (CrawlParamsPreviewRequest): Body of POST /v2/crawl/params-preview.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrawlParamsPreviewResponse | FailureError]
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
    body: CrawlParamsPreviewRequest,
) -> CrawlParamsPreviewResponse | FailureError | None:
    """Preview the crawl options derived from a prompt

     Derives crawl options (paths, limits, depth, domain scope, sitemap use) from the natural-language
    `prompt` without starting a crawl.

    Args:
        body (CrawlParamsPreviewRequest): Body of POST /v2/crawl/params-preview.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrawlParamsPreviewResponse | FailureError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CrawlParamsPreviewRequest,
) -> Response[CrawlParamsPreviewResponse | FailureError]:
    """Preview the crawl options derived from a prompt

     Derives crawl options (paths, limits, depth, domain scope, sitemap use) from the natural-language
    `prompt` without starting a crawl.

    Args:
        body (CrawlParamsPreviewRequest): Body of POST /v2/crawl/params-preview.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CrawlParamsPreviewResponse | FailureError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CrawlParamsPreviewRequest,
) -> CrawlParamsPreviewResponse | FailureError | None:
    """Preview the crawl options derived from a prompt

     Derives crawl options (paths, limits, depth, domain scope, sitemap use) from the natural-language
    `prompt` without starting a crawl.

    Args:
        body (CrawlParamsPreviewRequest): Body of POST /v2/crawl/params-preview.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CrawlParamsPreviewResponse | FailureError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
