"""The synthetic extractor: a deterministic value for a JSON Schema, used by the json format of a
scrape (:mod:`webdata_server.scrape.render`) and by extract and agent results
(:mod:`webdata_server.jobs.results`). No language model: the same schema and page give the same value."""

from __future__ import annotations

from typing import Any

__all__ = ["value_for_schema"]


def value_for_schema(schema: Any, name: str, host: str) -> Any:
    """A deterministic instance of ``schema``: strings name their field and source, numbers count letters."""
    if not isinstance(schema, dict):
        return f"{name} from {host}"
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if schema.get("enum"):
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    if kind == "object" or "properties" in schema:
        return {prop: value_for_schema(sub, prop, host) for prop, sub in (schema.get("properties") or {}).items()}
    if kind == "array":
        return [value_for_schema(schema.get("items", {}), name, host)]
    if kind == "integer":
        return len(name)
    if kind == "number":
        return float(len(name))
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    return f"{name} from {host}"
