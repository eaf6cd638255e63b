"""The ``firecrawl`` provider's ``find-tools`` capability: the catalogue browsed level by level
(categories, providers, groups, tools) or looked up (a query, page URLs, capability ids), paged,
each item with the ``next`` call that goes one level down (a tool's runs it). Free.

A group is a provider's capabilities that share the first segment of their name
(``sec-filings/filings``); a category is a provider's field (``finance``).
"""

from __future__ import annotations

from typing import Any

from webdata_server.alexandria.catalogue import CAPABILITIES, PROVIDERS, Capability, Provider, by_domain, discover, tool
from webdata_server.alexandria.records import CallFailed

__all__ = ["OPTIONS", "find_tools"]

# Each option and the JSON type it takes (the lists: of texts).
OPTIONS: dict[str, str] = {
    "query": "string",
    "urls": "array",
    "providers": "array",
    "categories": "array",
    "groups": "array",
    "capabilities": "array",
    "level": "string",
    "expand": "array",
    "limit": "integer",
    "offset": "integer",
}
LEVELS = ("categories", "providers", "groups", "tools")
EXPANSIONS = ("options", "response", "examples")
DEFAULT_LIMIT = 20


def _invalid(message: str) -> CallFailed:
    return CallFailed("invalid_options", message, 400)


def _next(**options: Any) -> dict[str, Any]:
    return {"provider": "firecrawl", "capability": "find-tools", "options": options}


def category_id(provider: Provider) -> str:
    return provider.category.split()[0].lower()


def _group(capability: Capability) -> str:
    return f"{capability.provider}/{capability.capability.split('/')[0]}"


def _checked(options: dict[str, Any]) -> dict[str, Any]:
    for name, value in options.items():
        kind = OPTIONS.get(name)
        if kind is None:
            raise _invalid(f"Unknown option '{name}'. find-tools takes: {', '.join(OPTIONS)}.")
        if kind == "array" and not (isinstance(value, list) and value and all(isinstance(v, str) and v for v in value)):
            raise _invalid(f"Option '{name}' must be a non-empty list of texts.")
        if kind == "string" and not (isinstance(value, str) and value.strip()):
            raise _invalid(f"Option '{name}' must be a non-empty text.")
        if kind == "integer" and (isinstance(value, bool) or not isinstance(value, int)):
            raise _invalid(f"Option '{name}' must be an integer.")
    if options.get("level") is not None and options["level"] not in LEVELS:
        raise _invalid(f"Option 'level' must be one of {', '.join(LEVELS)}.")
    if any(e not in EXPANSIONS for e in options.get("expand", [])):
        raise _invalid(f"Option 'expand' takes {', '.join(EXPANSIONS)}.")
    if not 1 <= options.get("limit", DEFAULT_LIMIT) <= 100:
        raise _invalid("Option 'limit' must be between 1 and 100.")
    if options.get("offset", 0) < 0:
        raise _invalid("Option 'offset' must be 0 or more.")
    return options


def _tools(options: dict[str, Any]) -> list[Capability]:
    """The capabilities every selector given keeps (a query ranks them)."""
    found = list(CAPABILITIES)
    if "query" in options:
        found = discover(options["query"], 100)
    if "urls" in options:
        served = {c.id for url in options["urls"] for c in by_domain(url)}
        found = [c for c in found if c.id in served]
    if "categories" in options:
        providers = {p.id for p in PROVIDERS if category_id(p) in options["categories"]}
        found = [c for c in found if c.provider in providers]
    if "providers" in options:
        found = [c for c in found if c.provider in options["providers"]]
    if "groups" in options:
        found = [c for c in found if _group(c) in options["groups"]]
    if "capabilities" in options:
        found = [c for c in found if c.id in options["capabilities"] or c.capability in options["capabilities"]]
    return found


def _example(capability: Capability) -> dict[str, str]:
    values = {o.name: (o.enum[0] if o.enum else f"<{o.name}>") for o in capability.options if o.required}
    call = {"provider": capability.provider, "capability": capability.capability, "options": values}
    return {"python": f"firecrawl.scrape(alexandria={call!r})", "node": f"await firecrawl.scrapeAlexandria([{call!r}])"}


def _tool_item(capability: Capability, expand: list[str]) -> dict[str, Any]:
    item = tool(capability, "full" if expand else "summary", matched_by=[], matched_urls=[])
    item.pop("matchedBy")
    item.pop("matchedUrls")
    if "options" not in expand:
        item.pop("options", None)
        item.pop("requiresOneOf", None)
    if "response" not in expand:
        item.pop("response", None)
    if "examples" in expand:
        item["examples"] = _example(capability)
    item["execute"] = {"provider": capability.provider, "capability": capability.capability}
    return item


def find_tools(options: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` of a find-tools call: ``{level, items, total, next}``, or :class:`CallFailed`."""
    options = _checked(dict(options))
    selects_tools = any(k in options for k in ("query", "urls", "providers", "groups", "capabilities"))
    level = options.get("level") or ("tools" if selects_tools else "providers" if "categories" in options else "categories")
    tools = _tools(options)
    if level == "categories":
        by_category: dict[str, list[Provider]] = {}
        for provider in PROVIDERS:
            if provider.id in {c.provider for c in tools}:
                by_category.setdefault(category_id(provider), []).append(provider)
        items = [
            {"id": cid, "name": providers[0].category, "providers": len(providers), "next": _next(categories=[cid])}
            for cid, providers in sorted(by_category.items())
        ]
    elif level == "providers":
        items = [
            {
                "id": p.id,
                "name": p.name,
                "description": p.about,
                "category": category_id(p),
                "tools": sum(c.provider == p.id for c in tools),
                "next": _next(providers=[p.id]),
            }
            for p in PROVIDERS
            if any(c.provider == p.id for c in tools)
        ]
    elif level == "groups":
        groups: dict[str, list[Capability]] = {}
        for capability in tools:
            groups.setdefault(_group(capability), []).append(capability)
        items = [
            {"id": gid, "name": gid.split("/")[1], "provider": members[0].provider, "tools": len(members), "next": _next(groups=[gid])}
            for gid, members in sorted(groups.items())
        ]
    else:
        # A capability asked for by id shows its whole contract unless expand says otherwise.
        expand = options.get("expand", list(EXPANSIONS) if "capabilities" in options else [])
        items = [_tool_item(c, expand) for c in tools]
    offset, limit = options.get("offset", 0), options.get("limit", DEFAULT_LIMIT)
    more = offset + limit < len(items)
    return {
        "level": level,
        "items": items[offset : offset + limit],
        "total": len(items),
        "next": _next(**{**options, "level": level, "offset": offset + limit}) if more else None,
    }
