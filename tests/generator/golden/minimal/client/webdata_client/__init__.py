"""Typed client of the Web Data Service API v2, generated from its OpenAPI contract.

    from webdata_client import Webdata

    client = Webdata(api_key="...", base_url="http://127.0.0.1:3002")
    page = client.scrape("https://example.com", formats=["markdown", "links"])
    print(page.markdown)

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from . import errors, formats, models
from ._webdata import AsyncWebdata, Webdata
from .client import DEFAULT_BASE_URL, DEFAULT_TIMEOUT, VERSION
from .errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ConflictError,
    ExecutionFailedError,
    GoneError,
    InternalServerError,
    InvalidRequestError,
    JobFailedError,
    JobTimeoutError,
    NotFoundError,
    PayloadTooLargeError,
    PaymentRequiredError,
    PermissionDeniedError,
    RateLimitError,
    RequestTimeoutError,
    UnexpectedResponseError,
    UnsafeNextLinkError,
    WebdataError,
)
from .sessions import AsyncBrowserSession, BrowserSession

__version__ = VERSION

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_TIMEOUT",
    "APIConnectionError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncBrowserSession",
    "AsyncWebdata",
    "AuthenticationError",
    "BadRequestError",
    "BrowserSession",
    "ConfigurationError",
    "ConflictError",
    "ExecutionFailedError",
    "GoneError",
    "InternalServerError",
    "InvalidRequestError",
    "JobFailedError",
    "JobTimeoutError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PaymentRequiredError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestTimeoutError",
    "UnexpectedResponseError",
    "UnsafeNextLinkError",
    "Webdata",
    "WebdataError",
    "errors",
    "formats",
    "models",
]
