from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.extract_request import ExtractRequest
from ...models.extract_response import ExtractResponse
from ...models.failure_error import FailureError
from ...models.scrape_forbidden_error import ScrapeForbiddenError
from ...models.scrape_not_found_error import ScrapeNotFoundError
from ...types import Response


def _get_kwargs(
    *,
    body: ExtractRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/extract",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError | None:
    if response.status_code == 200:
        response_200 = ExtractResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = FailureError.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = FailureError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ExtractRequest,
) -> Response[Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError]:
    """Start an extract job

     Starts an asynchronous extract job over `urls` (glob format allowed) and returns its id.
    With `ignoreInvalidURLs` true (the default) invalid URLs are dropped and listed in
    `invalidURLs` (an empty array when none); with false an invalid URL fails the request
    with 400 "Invalid input data." and `invalidURLs` is absent. `schema`, when given, must be
    a valid JSON Schema (400 otherwise). The result is read with `getExtractStatus`.

    Args:
        body (ExtractRequest): Body of POST /v2/extract.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError]
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
    body: ExtractRequest,
) -> Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError | None:
    """Start an extract job

     Starts an asynchronous extract job over `urls` (glob format allowed) and returns its id.
    With `ignoreInvalidURLs` true (the default) invalid URLs are dropped and listed in
    `invalidURLs` (an empty array when none); with false an invalid URL fails the request
    with 400 "Invalid input data." and `invalidURLs` is absent. `schema`, when given, must be
    a valid JSON Schema (400 otherwise). The result is read with `getExtractStatus`.

    Args:
        body (ExtractRequest): Body of POST /v2/extract.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ExtractRequest,
) -> Response[Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError]:
    """Start an extract job

     Starts an asynchronous extract job over `urls` (glob format allowed) and returns its id.
    With `ignoreInvalidURLs` true (the default) invalid URLs are dropped and listed in
    `invalidURLs` (an empty array when none); with false an invalid URL fails the request
    with 400 "Invalid input data." and `invalidURLs` is absent. `schema`, when given, must be
    a valid JSON Schema (400 otherwise). The result is read with `getExtractStatus`.

    Args:
        body (ExtractRequest): Body of POST /v2/extract.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ExtractRequest,
) -> Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError | None:
    """Start an extract job

     Starts an asynchronous extract job over `urls` (glob format allowed) and returns its id.
    With `ignoreInvalidURLs` true (the default) invalid URLs are dropped and listed in
    `invalidURLs` (an empty array when none); with false an invalid URL fails the request
    with 400 "Invalid input data." and `invalidURLs` is absent. `schema`, when given, must be
    a valid JSON Schema (400 otherwise). The result is read with `getExtractStatus`.

    Args:
        body (ExtractRequest): Body of POST /v2/extract.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExtractResponse | FailureError | ScrapeForbiddenError | ScrapeNotFoundError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
