"""What each capability of the catalogue answers when it is run (``POST /v2/scrape`` with an
``alexandria`` call): fixed synthetic records, listed here and in the server README ("Alexandria"),
so that a run's answer can be predicted. Options are checked against the capability's contract
first; a call that cannot run answers an ``error`` instead of ``data`` (and costs nothing).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from webdata_server.alexandria.catalogue import Capability

__all__ = ["CallFailed", "records"]


@dataclass
class CallFailed(Exception):
    """A call that did not run: its ``error`` (``invalid_options`` 400, ``not_found`` 404)."""

    code: str
    message: str
    status: int


def _invalid(message: str) -> CallFailed:
    return CallFailed("invalid_options", message, 400)


_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "array": (list,)}


def checked_options(capability: Capability, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` as the capability's contract takes them, or :class:`CallFailed`."""
    declared = {o.name: o for o in capability.options}
    for name in options:
        if name not in declared:
            raise _invalid(f"Unknown option '{name}'. {capability.id} takes: {', '.join(declared)}.")
    for option in capability.options:
        value = options.get(option.name)
        if value is None:
            if option.required:
                raise _invalid(f"Missing option '{option.name}'.")
            continue
        kinds = _TYPES[option.type]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise _invalid(f"Option '{option.name}' must be {'an' if option.type[0] in 'aeiou' else 'a'} {option.type}.")
        if option.enum and value not in option.enum:
            raise _invalid(f"Option '{option.name}' must be one of {', '.join(option.enum)}.")
    for group in capability.requires_one_of:
        if not any(options.get(name) is not None for name in group):
            raise _invalid(f"Give one of the options {', '.join(group)}.")
    return options


COMPANIES: dict[str, dict[str, str]] = {
    "ACME": {"name": "Acme Corporation", "ticker": "ACME", "industry": "Industrial machinery", "headquarters": "Springfield, IL", "fiscalYearEnd": "12-31"},
    "EXMP": {"name": "Example Holdings Inc.", "ticker": "EXMP", "industry": "Software", "headquarters": "Austin, TX", "fiscalYearEnd": "06-30"},
}
# Each company's filings, newest first: (form, filed, period).
_FILINGS: tuple[tuple[str, str, str | None], ...] = (
    ("10-Q", "2026-11-05", "2026-Q3"),
    ("8-K", "2026-09-14", None),
    ("10-Q", "2026-08-06", "2026-Q2"),
    ("10-Q", "2026-05-07", "2026-Q1"),
    ("10-K", "2026-02-26", "2025-FY"),
    ("8-K", "2026-01-20", None),
    ("10-Q", "2025-11-06", "2025-Q3"),
    ("10-Q", "2025-08-07", "2025-Q2"),
)
PACKAGES: dict[str, dict[str, dict[str, Any]]] = {
    "npm": {
        "left-pad": {"name": "left-pad", "version": "1.3.0", "license": "WTFPL", "weeklyDownloads": 1204311, "dependencies": []},
        "crawlkit": {"name": "crawlkit", "version": "4.2.1", "license": "MIT", "weeklyDownloads": 58210, "dependencies": ["undici", "cheerio"]},
    },
    "pypi": {
        "fastparse": {"name": "fastparse", "version": "2.0.3", "license": "MIT", "requiresPython": ">=3.9", "monthlyDownloads": 310442},
        "crawlkit": {"name": "crawlkit", "version": "4.2.0", "license": "MIT", "requiresPython": ">=3.10", "monthlyDownloads": 88020},
    },
}
PRODUCTS: tuple[dict[str, Any], ...] = (
    {
        "name": "Acme Anvil",
        "sku": "ACME-100",
        "url": "https://shop.acme.com/products/anvil",
        "price": 49.0,
        "currency": "USD",
        "inStock": True,
        "variants": ["50 kg", "100 kg"],
    },
    {
        "name": "Example Widget",
        "sku": "EX-200",
        "url": "https://shop.example.com/products/widget",
        "price": 12.5,
        "currency": "EUR",
        "inStock": False,
        "variants": ["red", "blue"],
    },
)


def _company(options: dict[str, Any]) -> dict[str, str]:
    wanted = str(options["company"]).strip().lower()
    for company in COMPANIES.values():
        if wanted in (company["ticker"].lower(), company["name"].lower(), company["name"].split()[0].lower()):
            return company
    raise CallFailed("not_found", f"No company matches '{options['company']}'.", 404)


def _filings(options: dict[str, Any]) -> list[dict[str, Any]]:
    company = _company(options)
    limit = options.get("limit", 5)
    if not 1 <= limit <= 20:
        raise _invalid("Option 'limit' must be between 1 and 20.")
    found = [
        {"form": form, "filedAt": filed, "period": period, "url": f"https://sec-filings.example.com/{company['ticker']}/{form}/{filed}"}
        for form, filed, period in _FILINGS
        if options.get("form") in (None, form)
    ]
    return found[:limit]


def _package(registry: str, options: dict[str, Any]) -> dict[str, Any]:
    found = PACKAGES[registry].get(str(options["name"]).strip().lower())
    if found is None:
        raise CallFailed("not_found", f"No {registry} package is named '{options['name']}'.", 404)
    return found


def _product(options: dict[str, Any]) -> dict[str, Any]:
    url = str(options.get("url") or "").rstrip("/")
    for product in PRODUCTS:
        if options.get("sku") == product["sku"] or (url and url == product["url"]):
            return {k: v for k, v in product.items() if k != "url"}
    raise CallFailed("not_found", "No product matches that URL or SKU.", 404)


def _day(text: Any, name: str) -> date:
    try:
        return date.fromisoformat(str(text))
    except ValueError:
        raise _invalid(f"Option '{name}' must be a date (YYYY-MM-DD).") from None


_SEASON = (2.0, 4.0, 8.0, 13.0, 17.0, 21.0, 24.0, 23.0, 19.0, 14.0, 8.0, 3.0)


def _days(options: dict[str, Any]) -> list[dict[str, Any]]:
    start, end = _day(options["start"], "start"), _day(options["end"], "end")
    if end < start or (end - start).days > 30:
        raise _invalid("Option 'end' must be on or after 'start' and at most 30 days after it.")
    city = str(options["city"]).strip()
    out = []
    for n in range((end - start).days + 1):
        day = start + timedelta(days=n)
        seed = hashlib.sha256(f"{city.lower()}|{day.isoformat()}".encode()).digest()
        # The month's usual high (north of the equator) and the day's own swing of up to 6 degrees.
        high = round(_SEASON[day.month - 1] + seed[0] % 60 / 10, 1)
        out.append({"date": day.isoformat(), "highC": high, "lowC": round(high - 4 - seed[1] % 50 / 10, 1), "precipitationMm": round(seed[2] % 120 / 10, 1)})
    return out


def records(capability: Capability, options: dict[str, Any]) -> tuple[Any, int]:
    """(data, records) of running ``capability`` with ``options``, or :class:`CallFailed`."""
    options = checked_options(capability, options)
    match capability.id:
        case "sec-filings/filings/search":
            filings = _filings(options)
            return {"filings": filings}, len(filings)
        case "sec-filings/company/profile":
            return {"company": _company(options)}, 1
        case "package-registry/npm/package":
            return {"package": _package("npm", options)}, 1
        case "package-registry/pypi/package":
            return {"package": _package("pypi", options)}, 1
        case "shop-catalog/product/lookup":
            return {"product": _product(options)}, 1
        case "weather-history/daily/history":
            days = _days(options)
            return {"days": days}, len(days)
    raise AssertionError(f"no records for {capability.id}")  # every capability of the catalogue has a case
