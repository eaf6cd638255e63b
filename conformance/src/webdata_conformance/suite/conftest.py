"""The suite's fixtures beyond the plugin's (webdata_conformance.plugin): short names for the scenarios."""

from __future__ import annotations

import pytest

from webdata_conformance.plugin import Settings
from webdata_conformance.target import Target


@pytest.fixture(scope="session")
def target(webdata_target: Target) -> Target:
    return webdata_target


@pytest.fixture(scope="session")
def settings(webdata_settings: Settings) -> Settings:
    return webdata_settings
