"""The contract in every common YAML parser (issue 75 item 5): PyYAML's pure-Python loader failed
at an unquoted ``?`` inside a flow mapping (``{prompt: What is the title of the page?}``), which
libyaml accepts. A contract is read by many tools (Redocly, Spectral and Prism read YAML with
JavaScript parsers): PyYAML with and without libyaml and ruamel.yaml must read the same document,
and the JavaScript parser Redocly and Spectral use (js-yaml) does too (tests/server/test_sdk_js.py,
where the node packages are installed)."""

from __future__ import annotations

import json
from typing import Any

import yaml
from ruamel.yaml import YAML

from tests.conftest import ROOT

SPEC = ROOT / "spec" / "openapi.yaml"


def as_json(document: Any) -> str:
    """A parsed document as canonical JSON (what every tool reads the contract as)."""
    return json.dumps(document, sort_keys=True, ensure_ascii=False, default=str)


def test_the_contract_reads_the_same_in_pyyaml_pure_and_libyaml_and_ruamel() -> None:
    text = SPEC.read_text(encoding="utf-8")
    with_libyaml = as_json(yaml.load(text, Loader=yaml.CSafeLoader))
    assert as_json(yaml.load(text, Loader=yaml.SafeLoader)) == with_libyaml  # the pure-Python loader
    assert as_json(YAML(typ="safe", pure=True).load(text)) == with_libyaml  # YAML 1.2, as the JavaScript parsers
    assert as_json(YAML(typ="rt").load(text)) == with_libyaml  # round-trip: what an editor tool keeps
