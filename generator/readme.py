"""The README of each generated distribution, written from the bundle (part of stage ``package``)."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["client_readme", "models_readme", "operations"]


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()).strip("_")


def operations(bundle: dict[str, Any]) -> list[dict[str, str]]:
    """Every operation in path order: operationId, method, path, tag and summary."""
    found = []
    for path, item in bundle.get("paths", {}).items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                tags = operation.get("tags") or ["default"]
                found.append({"id": operation["operationId"], "method": method.upper(), "path": path, "tag": tags[0], "summary": operation.get("summary", "")})
    return found


def _header(name: str, bundle: dict[str, Any], what: str) -> list[str]:
    info = bundle.get("info", {})
    return [
        f"# {name}",
        "",
        f"{what} for the {info.get('title', 'API')} (contract version {info.get('version', '?')}), generated from its OpenAPI 3.1",
        "document by webdata-api's build. Do not edit: the code changes only through the contract, the",
        "generator's configuration or its templates, and a change of code always comes with a new version.",
        "",
        "```sh",
        f"pip install {name}",
        "```",
        "",
    ]


def models_readme(name: str, bundle: dict[str, Any]) -> str:
    """README of ``webdata-models``: what it holds and how to validate and dump for the wire."""
    schemas = sorted((bundle.get("components") or {}).get("schemas") or {})
    lines = _header(name, bundle, "Pydantic v2 models")
    lines += [
        "```python",
        "from webdata_models import ScrapeOptions",
        "",
        'options = ScrapeOptions.model_validate({"formats": ["markdown"], "timeout": 30000})',
        "options.timeout                                            # 30000",
        'options.model_dump(mode="json", by_alias=True, exclude_unset=True)  # what the caller set',
        "```",
        "",
        'Every default, bound, pattern and enum of the contract is enforced; scalars are strict (`"5"` is',
        "not an integer). A property named `schema` is the attribute `schema_`: dump with `by_alias=True`.",
        "",
        "## The contract itself",
        "",
        "The bundled OpenAPI document ships inside the package, so tools read exactly the contract the",
        "models were generated from:",
        "",
        "```python",
        "import json",
        "from importlib.resources import files",
        "",
        'contract = json.loads(files("webdata_models").joinpath("openapi.json").read_text(encoding="utf-8"))',
        "```",
        "",
        f"## Models ({len(schemas)})",
        "",
        ", ".join(f"`{schema}`" for schema in schemas),
        "",
    ]
    return "\n".join(lines)


def client_readme(name: str, bundle: dict[str, Any]) -> str:
    """README of ``webdata-client``: quick start and every operation with the function that calls it."""
    lines = _header(name, bundle, "A typed HTTP client (sync and async, on httpx)")
    lines += [
        "## Quick start",
        "",
        "```python",
        "from webdata_client import AuthenticatedClient",
        "from webdata_client.api.team import get_token_usage",
        "",
        'client = AuthenticatedClient(base_url="http://127.0.0.1:3002", token="<API key>")',
        "with client:",
        "    usage = get_token_usage.sync(client=client)",
        "    detailed = get_token_usage.sync_detailed(client=client)  # status code, headers, parsed body",
        "```",
        "",
        "Each operation is a module with `sync`, `sync_detailed`, `asyncio` and `asyncio_detailed`.",
        "`sync` returns the parsed body of any documented status (the error models included);",
        "`sync_detailed` also gives the status code and headers.",
        "",
        "## Operations",
        "",
        "| operation | HTTP | module |",
        "|---|---|---|",
    ]
    for operation in operations(bundle):
        module = f"webdata_client.api.{_snake(operation['tag'])}.{_snake(operation['id'])}"
        lines.append(f"| {operation['summary'] or operation['id']} | `{operation['method']} {operation['path']}` | `{module}` |")
    lines.append("")
    return "\n".join(lines)
