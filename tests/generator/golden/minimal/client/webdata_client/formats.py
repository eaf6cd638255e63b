"""Formats in one call each: the format objects of ``webdata_models``, made short.

    from webdata_client import Webdata, formats

    page = client.scrape(
        "https://shop.example.com/products/trail-runner",
        formats=["markdown", "product", formats.question("What does it cost?"), formats.attributes({"li.variant": "data-sku"})],
    )
    print(page.answer, page.product.variants[0].price, page.attributes[0].values)

A format without fields is its name (``"markdown"``, ``"product"``, ``"menu"``, ``"audio"``,
``"video"``, ``"branding"``). Every function here returns the model, so a mistake (an empty question,
a selector that is not a string) raises ``pydantic.ValidationError`` where it is written.

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

import webdata_models as models

__all__ = ["attributes", "change_tracking", "deterministic_json", "highlights", "json", "question", "screenshot"]


def question(text: str) -> models.QuestionFormat:
    """Ask the page a question; the answer is the document's ``answer`` (+4 credits)."""
    return models.QuestionFormat(type="question", question=text)


def highlights(query: str) -> models.HighlightsFormat:
    """The lines of the page that answer ``query``, quoted exactly: the document's ``highlights`` (+4 credits)."""
    return models.HighlightsFormat(type="highlights", query=query)


def attributes(selectors: Mapping[str, str] | Iterable[tuple[str, str]]) -> models.AttributesFormat:
    """Attribute values by CSS selector, ``{selector: attribute}`` (or pairs, to read one selector
    twice): the document's ``attributes`` holds one entry per selector, in order."""
    pairs = selectors.items() if isinstance(selectors, Mapping) else selectors
    return models.AttributesFormat(
        type="attributes", selectors=[models.AttributeSelector(selector=s, attribute=a) for s, a in pairs]
    )


def json(
    schema: Mapping[str, Any] | None = None, *, prompt: str | None = None, check_prompt_injection: bool | None = None
) -> models.JsonFormat:
    """Structured data by a JSON Schema and/or a prompt: the document's ``json``."""
    fields: dict[str, Any] = {"type": "json"}
    if schema is not None:
        fields["schema"] = dict(schema)
    if prompt is not None:
        fields["prompt"] = prompt
    if check_prompt_injection is not None:
        fields["checkPromptInjection"] = check_prompt_injection
    return models.JsonFormat.model_validate(fields)


def deterministic_json(
    schema: Mapping[str, Any] | None = None, *, prompt: str | None = None
) -> models.DeterministicJsonFormat:
    """As :func:`json`, by a reusable extractor (10 credits a page; not together with ``json``)."""
    fields: dict[str, Any] = {"type": "deterministicJson"}
    if schema is not None:
        fields["schema"] = dict(schema)
    if prompt is not None:
        fields["prompt"] = prompt
    return models.DeterministicJsonFormat.model_validate(fields)


def screenshot(
    *, full_page: bool | None = None, quality: int | None = None, viewport: tuple[int, int] | None = None
) -> models.ScreenshotFormat:
    """A screenshot; ``viewport`` as ``(width, height)``."""
    fields: dict[str, Any] = {"type": "screenshot"}
    if full_page is not None:
        fields["fullPage"] = full_page
    if quality is not None:
        fields["quality"] = quality
    if viewport is not None:
        fields["viewport"] = {"width": viewport[0], "height": viewport[1]}
    return models.ScreenshotFormat.model_validate(fields)


def change_tracking(
    *modes: Literal["git-diff", "json"],
    tag: str | None = None,
    schema: Mapping[str, Any] | None = None,
    prompt: str | None = None,
) -> models.ChangeTrackingFormat:
    """Differences against the URL's previous version under ``tag`` (needs ``"markdown"`` beside it)."""
    fields: dict[str, Any] = {"type": "changeTracking"}
    if modes:
        fields["modes"] = list(modes)
    if tag is not None:
        fields["tag"] = tag
    if schema is not None:
        fields["schema"] = dict(schema)
    if prompt is not None:
        fields["prompt"] = prompt
    return models.ChangeTrackingFormat.model_validate(fields)
