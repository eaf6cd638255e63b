"""/v2/map: the URLs of a site (the listing is :mod:`webdata_server.sitemap`'s)."""

from __future__ import annotations

import json
import sqlite3
import uuid
from functools import lru_cache
from typing import Any

import webdata_models as models

from webdata_server import site
from webdata_server.content import head_metadata
from webdata_server.domain import Charge, now_utc
from webdata_server.errors import InvalidRequest, PageTimedOut, issue
from webdata_server.memo import Memo
from webdata_server.resources.base import Call, Context, Encoded, Operation, Pending
from webdata_server.scrape import threat
from webdata_server.sitemap import MapOptions, map_site
from webdata_server.store.feedback import Feedback, RatedJob
from webdata_server.urls import url_problem, with_scheme
from webdata_server.web import FetchContext, FetchRefused, Page, canonical_url, links_in, load_ms, sitemap_locations

__all__ = ["OPERATIONS"]


def _options(body: models.MapRequest) -> MapOptions:
    return MapOptions(
        search=body.search,
        sitemap=body.sitemap,
        include_subdomains=body.include_subdomains,
        ignore_query_parameters=body.ignore_query_parameters,
        limit=body.limit,
        filter_by_path=body.filter_by_path,
        allow_external_links=body.allow_external_links,
        deduplicate_similar_urls=body.deduplicate_similar_urls,
        use_index=body.use_index,
    )


# A map's simulated time: 100 ms, and on the synthetic web its start page's load time (/slow?ms=N).
_MAP_MS = 100


def map_url(ctx: Context, call: Call) -> Pending:
    """Lists the site's links and charges the call (1 credit, plus a threat scan of the URL when one runs)."""
    body: models.MapRequest = call.body
    problem = url_problem(body.url)
    if problem is not None:
        raise InvalidRequest(details=[issue(["url"], problem)])
    team = call.caller.team
    threat.check_override(team, body.threat_protection)
    # A map takes 100 ms at least on any web (the synthetic web's slow start pages longer), so a
    # shorter timeout is the service's 408 on saved pages and the real web too.
    if body.timeout is not None and body.timeout < _MAP_MS + (load_ms(with_scheme(body.url)) if ctx.scraper.web.indexed else 0):
        raise PageTimedOut()  # the contract's 408 MAP_TIMEOUT of map; nothing charged, as the service
    scan = threat.scan(team, body.url, body.threat_protection, credits=ctx.pricing.threat_scan, classifier_down=ctx.scraper.classifier_down)
    web = ctx.scraper.web
    encoded: bytes | None = None
    if web.indexed:
        listed, encoded = _synthetic_map(body.url, _options(body))
        links = list(listed)
    else:
        # The real web or saved pages: the index is the pages' own links, and each listed page says
        # what it is (its title and description), each page read once.
        pages = _Pages(ctx)
        offline = bool(getattr(web, "offline", False))
        links = map_site(
            body.url,
            _options(body),
            # Saved pages cost no network: their map walks the site; the real web's reads the start page.
            links_of=lambda url: pages.links(url) if url == body.url or offline else [],
            sitemap_of=lambda origin: sitemap_locations(web.text(origin + "/sitemap.xml") or ""),
            index_start=lambda start: start,
            canonical=pages.canonical,
            # Saved pages: only those the folder or WARC holds (a link to another is no page of it);
            # the real web: what the pages read say, the others by their URL alone.
            describe=pages.describe if offline else pages.described,
        )
    charges = [Charge(call.operation_id, ctx.pricing.base[call.operation_id] + scan)]
    caller, moment = call.caller, now_utc()
    map_id = str(uuid.uuid4())  # the map's id, as the service's answer names it (its feedback needs it)
    rated = RatedJob(map_id, caller.team.id, "map", sum(c.credits for c in charges), "map", moment)

    def unit(tx: sqlite3.Connection) -> None:
        Feedback.job_ran(tx, rated)
        ctx.store.ledger.charge(tx, caller=caller, charges=charges, tokens_per_credit=ctx.pricing.tokens_per_credit, moment=moment)

    recorded = ctx.store.submit(unit)
    if encoded is not None:  # the memoised map's links, encoded once
        answer = Encoded(b'{"success":true,"id":"' + map_id.encode() + b'","links":' + encoded + b"}")
        return Pending(recorded, lambda _: answer)
    data: dict[str, Any] = {"success": True, "id": map_id, "links": links}
    return Pending(recorded, lambda _: data)


# The synthetic web's maps, a pure function of the URL and the options: memoised with their links'
# JSON (the links are never changed after they are made; an answer joins the encoded links to its
# id), the least recently used dropped beyond 256 maps or 64 MiB of links and their JSON (256 maps
# of the largest sites held 1.8 GB).
_MAPS: Memo[tuple[str, MapOptions], tuple[tuple[dict[str, str], ...], bytes]] = Memo(entries=256, max_bytes=64 * 1024 * 1024)


def _synthetic_map(url: str, options: MapOptions) -> tuple[tuple[dict[str, str], ...], bytes]:
    key = (url, options)
    found = _MAPS.get(key)
    if found is None:
        links = tuple(map_site(url, options, links_of=site.links_of, sitemap_of=site.sitemap_urls))
        found = (links, json.dumps(links, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode())
        _MAPS.put(key, found)
    return found


def _walks(ctx: Context, raw: bytes) -> bool:
    """Whether a map request may walk a site (then it runs in a worker thread): on the real web
    always; on the synthetic web unless its map is memoised. One that the gate will refuse, or
    whose map is memoised, only checks, reads and charges, on the loop."""
    if not ctx.scraper.web.indexed:
        return True
    key = _kept_key(raw) if len(raw) <= _KEPT_BODY else _map_key(raw)
    return key is not None and key not in _MAPS


# Bodies up to this size keep the memo key they give: a map asked again (an agent's loop, a test's
# step) is not read into its model twice before the gate reads it (benchmarks/README.md).
_KEPT_BODY = 2048


def _map_key(raw: bytes) -> tuple[str, MapOptions] | None:
    """The memo key of a map request's body; None for a body the gate will refuse."""
    try:
        body = models.MapRequest.model_validate_json(raw)
    except ValueError:
        return None
    return (body.url, _options(body))


_kept_key = lru_cache(maxsize=1024)(_map_key)


class _Pages:
    """The pages one map of the real web or saved pages reads, each once: their links (each by its
    page's one URL) and what they say of themselves."""

    def __init__(self, ctx: Context) -> None:
        self.web = ctx.scraper.web
        self._read: dict[str, Page | None] = {}
        self._canonical: dict[str, str] = {}  # saved pages look their files up: once a URL per map

    def canonical(self, url: str) -> str:
        if url not in self._canonical:
            self._canonical[url] = canonical_url(self.web, url)
        return self._canonical[url]

    def page(self, url: str) -> Page | None:
        if url not in self._read:
            try:
                self._read[url] = self.web.fetch(url, FetchContext(headers={}, mobile=False, country="US", languages=[]))
            except FetchRefused:
                self._read[url] = None
        return self._read[url]

    def links(self, url: str) -> list[str]:
        page = self.page(url)
        if page is None or not page.html or page.is_pdf:
            return []
        return [self.canonical(link) for link in links_in(page.html, page.url)]

    def describe(self, url: str) -> dict[str, str] | None:
        """The page's title and meta description; None when the web has no page there."""
        page = self.page(url)
        if page is None or page.status >= 400:
            return None
        details = {"title": page.title}
        description = head_metadata(page.html).get("description") if page.html else None
        if description:
            details["description"] = description
        return details

    def described(self, url: str) -> dict[str, str]:
        """What a page already read says of itself (the real web's map reads only its start page)."""
        return (self.describe(url) or {}) if url in self._read else {}


OPERATIONS = [Operation("mapUrl", models.MapRequest, map_url, offload=_walks, heavy=True)]
