"""The service's blocklist of sites it does not scrape (social networks and a few others).

The contract carries it (``x-blocklist`` on ``SearchRequest.ignoreInvalidURLs``: domains, allowed
keywords, message; from the service's ``blocklist.ts``). The rule is the service's
``isUrlBlocked``: a URL whose text contains one of the allowed keywords (``privacy``, ``help``,
``blog``, ...) is never blocked; otherwise its registrable domain is blocked when it is a listed
domain, a subdomain of one, or another top-level domain of a listed name (``facebook.de`` for
``facebook.com``).

This server uses it where the service does in search: ``ignoreInvalidURLs`` drops blocked web
results, and a blocked result asked with formats is returned with the scrape error in its
metadata (status 403) instead of a document. Where the double does not apply it yet (the 403 the
service's middleware gives a blocked ``url`` on scrape, crawl and map) is listed in the server's
README, with the other deviations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webdata_server.contract import Contract

__all__ = ["Blocklist"]

# Public suffixes of two labels the rule must see as one suffix (a small, sufficient subset).
_TWO_LABEL_SUFFIXES = frozenset({"co.uk", "com.au", "co.jp", "com.br", "co.in", "com.mx", "co.kr", "com.tr"})


def _registrable(host: str) -> str | None:
    """The registrable domain of ``host``, or None for a host without one."""
    labels = [label for label in host.lower().strip(".").split(".") if label]
    if len(labels) < 2:
        return None
    suffix_len = 2 if ".".join(labels[-2:]) in _TWO_LABEL_SUFFIXES and len(labels) >= 3 else 1
    return ".".join(labels[-(suffix_len + 1) :])


@dataclass(frozen=True)
class Blocklist:
    """The sites the service does not scrape, and its message for them."""

    domains: tuple[str, ...]
    allowed_keywords: tuple[str, ...]
    message: str

    @classmethod
    def from_contract(cls, contract: Contract) -> Blocklist:
        prop: dict[str, Any] = contract.document["components"]["schemas"]["SearchRequest"]["properties"]["ignoreInvalidURLs"]
        data = prop["x-blocklist"]
        return cls(tuple(data["domains"]), tuple(k.lower() for k in data["allowedKeywords"]), str(data["message"]))

    def blocks(self, url: str) -> bool:
        """True when the service would not scrape ``url`` (its ``isUrlBlocked``, without team flags)."""
        lowered = url.strip().lower()
        if any(keyword in lowered for keyword in self.allowed_keywords):
            return False
        try:
            host = urlsplit(lowered if "://" in lowered else f"http://{lowered}").hostname or ""
        except ValueError:
            return False
        domain = _registrable(host)
        if domain is None:
            return False
        if domain in self.domains or any(domain.endswith("." + blocked) for blocked in self.domains):
            return True
        name = domain.split(".")[0]
        return any(blocked.startswith(name + ".") and blocked != domain for blocked in self.domains)
