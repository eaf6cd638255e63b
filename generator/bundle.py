"""Stage ``bundle``: the validated, linted spec as one deterministic JSON document.

``generated/openapi.json`` is what every tool consumes: the generators, the reference server
(which serves it at GET /openapi.json) and the conformance suite. Keys are sorted and the
text ends with a newline, so the same spec always gives the same bytes.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["BUNDLE_NAME", "render_bundle"]

BUNDLE_NAME = "openapi.json"


def render_bundle(spec: dict[str, Any]) -> str:
    """The bundle's text for a spec already validated and linted."""
    return json.dumps(spec, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
