"""webdata_models keeps every construct of the spec: defaults, bounds, closed objects, unions."""

from __future__ import annotations

from typing import Any

import pytest
import webdata_models as models
from pydantic import BaseModel, ValidationError

from tests.spec.schemas import errors
from tests.spec.test_payloads import INVALID, VALID

# The smallest valid instance of every component that declares a default.
MINIMAL: dict[str, dict[str, Any]] = {
    "ScrapeOptions": {},
    "ExtractRequest": {"urls": []},
    "ScrapeRequest": {"url": "https://example.com"},
    "BatchScrapeRequest": {"urls": []},
    "CrawlOptions": {},
    "CrawlRequest": {"url": "https://example.com"},
    "CrawlParamsPreviewData": {"url": "https://example.com"},
    "AgentRequest": {"prompt": "p"},
    "Location": {},
    "Profile": {"name": "p"},
    "PdfParser": {"type": "pdf"},
    "ScreenshotFormat": {"type": "screenshot"},
    "JsonFormat": {"type": "json"},
    "ChangeTrackingFormat": {"type": "changeTracking"},
    "ScreenshotAction": {"type": "screenshot"},
    "ClickAction": {"type": "click", "selector": "a"},
    "ScrollAction": {"type": "scroll"},
    "PdfAction": {"type": "pdf"},
}


def _defaults(bundle: dict[str, Any], name: str) -> dict[str, Any]:
    """Property -> default, following allOf into the components it extends."""
    schema = bundle["components"]["schemas"][name]
    found: dict[str, Any] = {}
    for member in schema.get("allOf", []):
        if "$ref" in member:
            found |= _defaults(bundle, member["$ref"].rsplit("/", 1)[1])
        found |= {k: v["default"] for k, v in member.get("properties", {}).items() if "default" in v}
    found |= {k: v["default"] for k, v in schema.get("properties", {}).items() if "default" in v}
    return found


def test_minimal_instances_cover_every_component_with_defaults(bundle: dict[str, Any]) -> None:
    with_defaults = {name for name in bundle["components"]["schemas"] if _defaults(bundle, name)}
    assert with_defaults == set(MINIMAL)


@pytest.mark.parametrize("name", sorted(MINIMAL))
def test_defaults_survive(bundle: dict[str, Any], name: str) -> None:
    instance = getattr(models, name).model_validate(MINIMAL[name])
    dumped = instance.model_dump(mode="json", by_alias=True)
    for prop, default in _defaults(bundle, name).items():
        value = dumped[prop]
        if isinstance(default, dict):  # a nested model also dumps its unset optional fields as None
            value = {k: v for k, v in value.items() if v is not None}
        assert value == default, f"{name}.{prop}"
    assert errors(name, instance.model_dump(mode="json", by_alias=True, exclude_none=True)) == []


def test_scrape_options_defaults_as_the_seed_states_them() -> None:
    options = models.ScrapeOptions()
    assert options.timeout == 60000
    assert options.maxAge == 172800000
    assert [p.root.root for p in options.parsers if isinstance(p.root, models.PdfParserName)] == ["pdf"]
    assert options.proxy == "auto"
    assert options.location is not None and options.location.country == "US"
    assert (options.onlyMainContent, options.removeBase64Images, options.blockAds, options.skipTlsVerification, options.storeInCache) == (True,) * 5
    assert (options.onlyCleanContent, options.mobile, options.lockdown, options.redactPII, options.waitFor) == (False, False, False, False, 0)


MIXED = {
    "formats": [
        "markdown",
        {"type": "screenshot", "fullPage": True, "quality": 80, "viewport": {"width": 1280, "height": 800}},
        {"type": "json", "schema": {"type": "object", "properties": {"title": {"type": "string"}}}},
    ],
    "parsers": ["pdf", {"type": "pdf", "mode": "ocr", "maxPages": 3}],
}


def test_mixed_unions_round_trip() -> None:
    options = models.ScrapeOptions.model_validate(MIXED)
    formats = [item.root for item in options.formats or []]
    assert isinstance(formats[0], models.BasicFormatName) and formats[0].root == "markdown"
    assert isinstance(formats[1], models.Format) and isinstance(formats[1].root, models.ScreenshotFormat)
    assert isinstance(formats[2], models.Format) and isinstance(formats[2].root, models.JsonFormat)
    assert isinstance(options.parsers[1].root, models.PdfParser) and options.parsers[1].root.mode == "ocr"
    dumped = options.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert dumped == MIXED
    assert errors("ScrapeOptions", dumped) == []


def test_discriminator_picks_the_variant_and_names_it_in_errors() -> None:
    action = models.Action.model_validate({"type": "click", "selector": "#go"})
    assert isinstance(action.root, models.ClickAction)
    with pytest.raises(ValidationError) as raised:
        models.Action.model_validate({"type": "click"})
    assert "click.selector" in str(raised.value).replace("\n", " ").replace(" ", ".")


@pytest.mark.parametrize(("label", "component", "instance"), INVALID, ids=[case[0] for case in INVALID])
def test_models_reject_what_the_schema_rejects(label: str, component: str, instance: Any) -> None:
    model: type[BaseModel] = getattr(models, component)
    with pytest.raises(ValidationError):
        model.model_validate(instance)


@pytest.mark.parametrize("label", sorted(VALID))
def test_models_accept_and_return_what_the_schema_accepts(label: str) -> None:
    component, instance = VALID[label]
    model: type[BaseModel] = getattr(models, component)
    dumped = model.model_validate(instance).model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert errors(component, dumped) == []
    known = {k: v for k, v in instance.items() if k in dumped}
    assert dumped == known
