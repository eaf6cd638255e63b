"""The service's blocklist rule (``isUrlBlocked``), with the contract's ``x-blocklist``: listed
domains, their subdomains and other top-level domains of a listed name, except URLs with an
allowed keyword."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from webdata_server.blocklist import Blocklist
from webdata_server.contract import Contract

BLOCKLIST = Blocklist.from_contract(Contract(json.loads(files("webdata_models").joinpath("openapi.json").read_text())))


@pytest.mark.parametrize(
    "url",
    [
        "https://www.reddit.com/r/python/",
        "https://reddit.com",
        "http://m.facebook.com/some.page",
        "https://facebook.de/page",
        "https://www.linkedin.co.uk/in/someone",
        "youtube.com/watch?v=1",
        "HTTPS://X.COM/someone",
    ],
)
def test_blocked(url: str) -> None:
    assert BLOCKLIST.blocks(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/",
        "https://coffee-recipes.example.com/blog",
        "https://www.reddit.com/help/contact",  # an allowed keyword
        "https://www.facebook.com/privacy/policy",
        "https://developers.facebook.com/docs",
        "https://notreddit.com/",
        "https://reddit.example.com/",
        "not a url",
        "https://localhost/",
    ],
)
def test_not_blocked(url: str) -> None:
    assert not BLOCKLIST.blocks(url)


def test_the_message_is_the_services() -> None:
    assert BLOCKLIST.message.startswith("This website is no longer supported")
