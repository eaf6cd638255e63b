"""The Alexandria catalogue of the reference server: a few synthetic data providers, each with its
capabilities' published contracts (options, response, price), found by a search with the
``alexandria`` source (semantically: the query's words in a capability's name, description and
category) or by the domain of a result (``domainTools``).

Every provider, capability and price is listed here and in the server README ("Alexandria").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from webdata_server.indexes import rank

__all__ = ["BY_ID", "CAPABILITIES", "PROVIDERS", "Capability", "Provider", "by_domain", "discover", "tool"]


@dataclass(frozen=True)
class Provider:
    id: str
    name: str
    category: str
    about: str
    domains: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    name: str
    type: str
    description: str
    required: bool = False
    enum: tuple[str, ...] = ()


@dataclass(frozen=True)
class Capability:
    provider: str
    capability: str
    name: str
    description: str
    when_to_use: str
    credits: int
    per_record: bool
    options: tuple[Option, ...]
    about: str  # what the response holds
    key: str  # the response field with the records
    fields: tuple[tuple[str, str], ...]
    requires_one_of: tuple[tuple[str, ...], ...] = field(default=())

    @property
    def id(self) -> str:
        return f"{self.provider}/{self.capability}"


PROVIDERS: tuple[Provider, ...] = (
    Provider("sec-filings", "SEC filings", "finance and filings", "Company filings and profiles from a synthetic securities register."),
    Provider(
        "package-registry",
        "Package registry",
        "package registries and developer data",
        "Packages of npm and PyPI: versions, licenses, downloads.",
        ("npmjs.com", "pypi.org"),
    ),
    Provider(
        "shop-catalog", "Shop catalog", "retail and prices", "Products of the synthetic shops: prices, variants, stock.", ("shop.acme.com", "shop.example.com")
    ),
    Provider("weather-history", "Weather history", "places and weather", "Daily weather history of cities.", ("climate-news.example.com",)),
)

CAPABILITIES: tuple[Capability, ...] = (
    Capability(
        "sec-filings",
        "filings/search",
        "Search company filings",
        "Annual, quarterly and current reports (10-K, 10-Q, 8-K) of a company, newest first.",
        "You need a company's filings with their dates and form types, not a web page about them.",
        1,
        True,
        (
            Option("company", "string", "The company's name or ticker.", required=True),
            Option("form", "string", "Only this form type.", enum=("10-K", "10-Q", "8-K")),
            Option("limit", "integer", "At most this many filings (default 5, at most 20)."),
        ),
        "The company's filings, newest first.",
        "filings",
        (("form", "string"), ("filedAt", "string"), ("period", "string"), ("url", "string")),
    ),
    Capability(
        "sec-filings",
        "company/profile",
        "Company profile",
        "A company's name, ticker, industry, headquarters and fiscal year end.",
        "You need a company's registered facts (ticker, industry, fiscal year) in one record.",
        2,
        False,
        (Option("company", "string", "The company's name or ticker.", required=True),),
        "One company.",
        "company",
        (("name", "string"), ("ticker", "string"), ("industry", "string"), ("headquarters", "string"), ("fiscalYearEnd", "string")),
    ),
    Capability(
        "package-registry",
        "npm/package",
        "npm package",
        "An npm package's latest version, license, weekly downloads and dependencies.",
        "You need exact version, license or download figures of a JavaScript package.",
        1,
        False,
        (Option("name", "string", "The package's name.", required=True),),
        "One package.",
        "package",
        (("name", "string"), ("version", "string"), ("license", "string"), ("weeklyDownloads", "integer"), ("dependencies", "array")),
    ),
    Capability(
        "package-registry",
        "pypi/package",
        "PyPI package",
        "A Python package's latest version, license, supported Python versions and monthly downloads.",
        "You need exact version, license or download figures of a Python package.",
        1,
        False,
        (Option("name", "string", "The package's name.", required=True),),
        "One package.",
        "package",
        (("name", "string"), ("version", "string"), ("license", "string"), ("requiresPython", "string"), ("monthlyDownloads", "integer")),
    ),
    Capability(
        "shop-catalog",
        "product/lookup",
        "Product lookup",
        "A shop product's price, currency, variants and stock, by its page URL or its SKU.",
        "You need the same price and stock fields across several product pages.",
        1,
        False,
        (Option("url", "string", "The product page's URL."), Option("sku", "string", "The product's SKU.")),
        "One product.",
        "product",
        (("name", "string"), ("sku", "string"), ("price", "number"), ("currency", "string"), ("inStock", "boolean"), ("variants", "array")),
        requires_one_of=(("url", "sku"),),
    ),
    Capability(
        "weather-history",
        "daily/history",
        "Daily weather history",
        "Daily high and low temperatures and precipitation of a city between two dates (at most 31 days).",
        "You need exact past weather figures for a place and dates.",
        1,
        True,
        (
            Option("city", "string", "The city.", required=True),
            Option("start", "string", "First day (YYYY-MM-DD).", required=True),
            Option("end", "string", "Last day (YYYY-MM-DD), at most 30 days after start.", required=True),
        ),
        "One record a day.",
        "days",
        (("date", "string"), ("highC", "number"), ("lowC", "number"), ("precipitationMm", "number")),
    ),
)
_BY_PROVIDER = {p.id: p for p in PROVIDERS}
BY_ID = {c.id: c for c in CAPABILITIES}  # each capability by its "provider/capability"


def tool(capability: Capability, detail: str, *, matched_by: list[str], matched_urls: list[str]) -> dict[str, Any]:
    """A discovered tool as search answers it: ``compact`` (provider, capability, description),
    ``summary`` (and its name, price and the call that runs it) or ``full`` (and its contract)."""
    found: dict[str, Any] = {
        "id": capability.id,
        "provider": capability.provider,
        "capability": capability.capability,
        "description": capability.description,
        "matchedBy": matched_by,
        "matchedUrls": matched_urls,
    }
    if detail == "compact":
        return found
    found |= {
        "name": capability.name,
        "creditsCost": capability.credits,
        "perRecord": capability.per_record,
        "whenToUse": capability.when_to_use,
        "next": {"provider": capability.provider, "capability": capability.capability, "options": {}},
    }
    if detail == "full":
        found["options"] = [
            {"name": o.name, "type": o.type, "required": o.required, "description": o.description, **({"enum": list(o.enum)} if o.enum else {})}
            for o in capability.options
        ]
        if capability.requires_one_of:
            found["requiresOneOf"] = [list(group) for group in capability.requires_one_of]
        found["response"] = {"about": capability.about, "key": capability.key, "fields": [{"name": n, "type": t} for n, t in capability.fields]}
    return found


def _text(capability: Capability) -> str:
    provider = _BY_PROVIDER[capability.provider]
    return f"{capability.name} {capability.description} {capability.when_to_use} {provider.name} {provider.category}"


def discover(query: str, limit: int) -> list[Capability]:
    """The capabilities a query finds, most relevant first (at most ``limit``, at most 24)."""
    return [c for c, _ in rank(query, CAPABILITIES, _text, lambda c: c.id)][: min(limit, 24)]


def by_domain(url: str) -> list[Capability]:
    """The capabilities of the providers that serve ``url``'s site."""
    host = url.split("/")[2].split(":")[0].lower().removeprefix("www.") if "://" in url else ""
    providers = {p.id for p in PROVIDERS if any(host == d or host.endswith("." + d) for d in p.domains)}
    return [c for c in CAPABILITIES if c.provider in providers]
