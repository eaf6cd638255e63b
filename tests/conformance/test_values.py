"""The values the suite generates for valid requests stay within what the seed allows (no false alarm
from the suite's own choices), and its conventions that are not rules of the contract are off."""

from __future__ import annotations

import tomllib
from importlib.resources import files
from types import SimpleNamespace
from typing import Any

from schemathesis.generation import GenerationMode
from webdata_conformance.hooks import map_case
from webdata_conformance.values import COUNTRIES, LANGUAGES, realistic


def test_the_service_s_country_codes() -> None:
    assert len(COUNTRIES) == 250 and {"US", "DE", "JP", "GB", "XK"} <= set(COUNTRIES)
    assert all(len(code) == 2 and code.isupper() for code in COUNTRIES)
    assert "AA" not in COUNTRIES and "ZZ" not in COUNTRIES
    assert {"en", "en-US", "de-DE", "ja-JP"} <= set(LANGUAGES)


def test_a_location_anywhere_in_a_body_gets_a_real_country_and_languages() -> None:
    body: dict[str, Any] = {
        "url": "https://example.com",
        "location": {"country": "AA", "languages": ["\x00", "fr-FR"]},
        "scrapeOptions": {"location": {"country": "DE"}},
        "sources": [{"type": "web", "location": "Berlin"}],  # search's location is a place name: kept
    }
    found = realistic(body)
    assert found["location"]["country"] in COUNTRIES
    assert found["location"]["languages"][0] in LANGUAGES and found["location"]["languages"][1] == "fr-FR"
    assert found["scrapeOptions"]["location"] == {"country": "DE"}
    assert found["sources"] == body["sources"] and found["url"] == body["url"]
    assert realistic(body) == found  # a function of what was generated: a run stays a function of its seed
    assert body["location"]["country"] == "AA"  # the generated value is not changed in place


def test_only_valid_requests_are_made_realistic() -> None:
    def case(mode: GenerationMode) -> SimpleNamespace:
        return SimpleNamespace(meta=SimpleNamespace(generation=SimpleNamespace(mode=mode)), body={"location": {"country": "AA"}})

    assert map_case(None, case(GenerationMode.POSITIVE)).body["location"]["country"] in COUNTRIES
    # A negative case is meant to be wrong: kept as generated.
    assert map_case(None, case(GenerationMode.NEGATIVE)).body["location"]["country"] == "AA"


def test_the_405_convention_is_off_by_default() -> None:
    config = tomllib.loads(files("webdata_conformance").joinpath("schemathesis.toml").read_text(encoding="utf-8"))
    assert config["checks"]["unsupported_method"] == {"enabled": False}
