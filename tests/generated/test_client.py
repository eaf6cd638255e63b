"""webdata_client keeps the spec's unions and scalar defaults, and serialises what the spec accepts."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from webdata_client import models as client_models
from webdata_client.types import UNSET

from tests.generated.test_models import MINIMAL, MIXED, _defaults
from tests.spec.schemas import errors


def test_mixed_unions_round_trip() -> None:
    options = client_models.ScrapeOptions.from_dict(MIXED)
    assert isinstance(options.formats, list)
    assert options.formats[0] == client_models.BasicFormatName.MARKDOWN
    assert isinstance(options.formats[1], client_models.ScreenshotFormat)
    assert isinstance(options.formats[2], client_models.JsonFormat)
    assert isinstance(options.parsers, list) and isinstance(options.parsers[1], client_models.PdfParser)
    dumped = options.to_dict()
    # Scalar defaults are filled in on the way out; everything sent must still be valid.
    assert {k: dumped[k] for k in MIXED} == MIXED
    assert errors("ScrapeOptions", dumped) == []


def test_building_options_in_code() -> None:
    options = client_models.ScrapeOptions(
        formats=[
            client_models.BasicFormatName.LINKS,
            client_models.ScreenshotFormat(type_="screenshot", full_page=True, quality=80, viewport=client_models.Viewport(width=800, height=600)),
        ],
        actions=[client_models.WaitAction(type_="wait", milliseconds=250)],
        timeout=30000,
    )
    body = options.to_dict()
    assert body["formats"] == ["links", {"type": "screenshot", "fullPage": True, "quality": 80, "viewport": {"width": 800, "height": 600}}]
    assert body["actions"] == [{"type": "wait", "milliseconds": 250}]
    assert errors("ScrapeOptions", body) == []


@pytest.mark.parametrize("name", sorted(MINIMAL))
def test_scalar_defaults_survive(bundle: dict[str, Any], name: str) -> None:
    cls = getattr(client_models, name)
    parsed = cls.from_dict(MINIMAL[name])  # from_dict keeps absent keys UNSET; the constructor applies defaults
    required = {f.name: getattr(parsed, f.name) for f in attrs.fields(cls) if f.init and f.default is attrs.NOTHING}
    dumped = cls(**required).to_dict()
    for prop, default in _defaults(bundle, name).items():
        if isinstance(default, (list, dict)) or default is None:
            # openapi-python-client leaves non-scalar and null defaults to the server (ARCHITECTURE.md).
            assert prop not in dumped or dumped[prop] == default, f"{name}.{prop}"
        else:
            assert dumped[prop] == default, f"{name}.{prop}"
    assert errors(name, dumped) == []


def test_unset_is_not_sent() -> None:
    request = client_models.ExtractRequest(urls=["https://example.com/*"])
    assert request.prompt is UNSET
    assert "prompt" not in request.to_dict()
