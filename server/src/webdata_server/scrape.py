"""POST /v2/scrape: every scrape option of seed §2.2–§2.5 over a pluggable web source.

Order of work: threat-protection entitlement, cache-only modes (lockdown, minAge), threat scan,
fetch (or cached page younger than maxAge), timeout, actions, prompt-injection check, content
filters, formats, change tracking, caching, charge. Charges come from the bundle's ``x-credits``:
the base cost per page, replaced by the lockdown (hit 5 / miss 1) or PDF (per page / flat) rules,
plus the prompt-injection check (+4) and the threat-protection scan (+2 per URL).
"""

from __future__ import annotations

import base64
import difflib
import hashlib
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import webdata_models as models

from webdata_server import content
from webdata_server.actions import ActionError, run_actions
from webdata_server.errors import ApiError
from webdata_server.jobs import value_for_schema
from webdata_server.store import InsufficientCredits, iso, now_utc
from webdata_server.web import INJECTION, FetchContext, FetchRefused, Page

if TYPE_CHECKING:
    from webdata_server.app import Call, Service

__all__ = ["Scraper"]


def _page_from(data: dict[str, Any]) -> Page:
    return Page(**{**data, "raw": base64.b64decode(data["raw"])})


def _page_data(page: Page) -> dict[str, Any]:
    return {**asdict(page), "raw": base64.b64encode(page.raw).decode()}


def _fetch_context(options: models.ScrapeRequest) -> FetchContext:
    """What a fetch must emulate for these options: headers, device, country and languages."""
    location = options.location
    return FetchContext(
        headers=options.headers or {},
        mobile=options.mobile,
        country=location.country if location else "US",
        languages=(location.languages if location else None) or [],
    )


def format_objects(items: list[models.FormatItem]) -> list[Any]:
    """Every format as its object: a string shorthand means ``{type: <name>}`` (seed §2.3, and
    ``CompatFormatName`` for the names beyond the seed's six)."""
    objects = []
    for item in items:
        value = item.root.root
        objects.append(models.Format.model_validate({"type": value}).root if isinstance(value, str) else value)
    return objects


class Scraper:
    """The scrape operation's rules, over the service's store, contract and web source."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.store = service.store
        self.web = service.web
        contract = service.contract
        self.lockdown_rules = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "lockdown")}
        self.parser_rules = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "parsers")}
        self.injection_credits = sum(r.credits for r in contract.option_credits("JsonFormat", "checkPromptInjection"))
        self.scan_credits = sum(r.credits for r in contract.option_credits("ThreatProtectionOverride", "mode"))
        properties = contract.document["components"]["schemas"]["ScrapeOptions"]["properties"]
        self.lockdown_max_age = int(properties["maxAge"]["x-lockdown-default"])
        self.default_max_age = int(properties["maxAge"]["default"])
        self.base = contract.base_credits("scrapeUrl")[0]

    # -- charges, threat protection, cache -------------------------------------------------
    def _charge(self, call: Call, credits: int) -> None:
        try:
            self.store.charge(
                team=call.team, key_id=call.key_id, operation=call.operation_id, credits=credits, tokens_per_credit=self.service.tokens_per_credit
            )
        except InsufficientCredits:
            raise self.service.error(call.operation_id, 402) from None

    def _threat_scan(self, call: Call, url: str, override: models.ThreatProtectionOverride | None) -> int:
        """Credits of the scan; raises 403 when a rule or the classifier blocks the URL."""
        team = call.team
        mode = override.mode if override and override.mode else ("normal" if team.tp_enabled and team.tp_enforced else "off")
        host = (urlsplit(url).hostname or "").lower()
        rules = override or models.ThreatProtectionOverride()

        def matches(patterns: list[models.DomainPattern] | None) -> bool:
            for pattern in patterns or []:
                text = pattern.root.lower()
                if host == text or (text.startswith("*.") and host.endswith(text[1:])):
                    return True
            return False

        if matches(rules.whitelist):
            return 0  # the whitelist overrides every other rule, the scan included
        if matches(rules.blacklist) or any(host == tld.root or host.endswith("." + tld.root) for tld in rules.blockedTlds or []):
            raise self.service.error(call.operation_id, 403, "urlBlocked")
        if mode != "normal":
            return 0
        if self.service.settings.threat_classifier_down:
            if (rules.failurePolicy or "open") == "closed":
                raise self.service.error(call.operation_id, 403, "urlBlocked")
            return 0  # nothing was scanned, so nothing is charged
        score = 95 if ("malware" in host or "phishing" in host) else 10
        threshold = rules.riskScoreThreshold if rules.riskScoreThreshold is not None else 50
        if score >= threshold:
            self._charge(call, self.scan_credits)
            raise self.service.error(call.operation_id, 403, "urlBlocked")
        return self.scan_credits

    def _cached(self, url: str, *, younger_than: int | None = None, older_than: int | None = None) -> tuple[Page, datetime] | None:
        now = now_utc()
        for data, fetched_at in self.store.cached_documents(url):
            age = (now - fetched_at).total_seconds() * 1000
            if (younger_than is None or age < younger_than) and (older_than is None or age >= older_than):
                return _page_from(data), fetched_at
        return None

    # -- the operation ---------------------------------------------------------------------
    def scrape(self, call: Call, options: models.ScrapeRequest) -> dict[str, Any]:
        """The document for ``options.url``; raises ApiError for every documented refusal."""
        url = options.url
        self.service.check_threat_protection(call, options.threatProtection)
        self.store.log_scrape(team_id=call.team.id, key_id=call.key_id, url=None if options.lockdown else url, options=options)
        max_age = options.maxAge if "maxAge" in options.model_fields_set else (self.lockdown_max_age if options.lockdown else self.default_max_age)

        cached: tuple[Page, datetime] | None
        extra = 0
        if options.lockdown:
            cached = self._cached(url, younger_than=max_age)
            if cached is None:
                self._charge(call, self.lockdown_rules["lockdown-miss"])
                raise self.service.error(call.operation_id, 404, "lockdownCacheMiss")
        elif options.minAge is not None:
            cached = self._cached(url, older_than=options.minAge)
            if cached is None:
                raise self.service.error(call.operation_id, 404, "noCachedData")
        else:
            extra += self._threat_scan(call, url, options.threatProtection)
            cached = self._cached(url, younger_than=max_age) if max_age > 0 else None

        if cached is not None:
            page, fetched_at = cached
        else:
            context = _fetch_context(options)
            try:
                page = self.web.fetch(url, context)
            except FetchRefused as refused:
                raise self.service.error(call.operation_id, 400, details=[{"msg": str(refused)}]) from None
            fetched_at = now_utc()
            if page.delay_ms + options.waitFor > options.timeout:
                raise self.service.error(call.operation_id, 408)

        document, credits, warning = self._render(call, page, options)
        if options.lockdown:
            credits = self.lockdown_rules["lockdown-hit"]
        credits += extra + document.pop("_extra_credits", 0)
        if cached is None and options.storeInCache and not options.actions and not options.headers:
            self.store.cache_document(url, _page_data(page))
        metadata = document["metadata"]
        metadata.update(cacheState="hit" if cached else "miss", creditsUsed=credits)
        if cached:
            metadata["cachedAt"] = iso(fetched_at)
        if warning:
            document["warning"] = warning
        self._charge(call, credits)
        return document

    def render_for_job(self, url: str, options: dict[str, Any]) -> dict[str, Any]:
        """The document of one page of a batch scrape or crawl (charged when the job started).

        A page that cannot be scraped under the options yields a document whose metadata says why.
        """
        try:
            request = models.ScrapeRequest.model_validate({**options, "url": url})
            page = self.web.fetch(url, _fetch_context(request))
            document, _, warning = self._render(None, page, request)
        except (ApiError, FetchRefused, ValueError) as failure:
            reason = failure.body.get("error") if isinstance(failure, ApiError) else str(failure)
            return {"metadata": {"sourceURL": url, "url": url, "statusCode": getattr(failure, "status", 500), "error": str(reason)}}
        document.pop("_extra_credits", None)
        if warning:
            document["warning"] = warning
        return document

    def _render(self, call: Call | None, page: Page, options: models.ScrapeRequest) -> tuple[dict[str, Any], int, str | None]:
        """(document, base credits, warning) for a page under the request's options."""
        language = options.location.languages[0] if options.location and options.location.languages else page.language
        metadata: dict[str, Any] = {
            "sourceURL": options.url,
            "url": page.url,
            "statusCode": page.status,
            "title": page.title,
            "contentType": page.content_type,
            "language": language,
            "scrapeId": hashlib.sha256(f"{page.url}{now_utc().isoformat()}".encode()).hexdigest()[:32],
            "proxyUsed": "enhanced" if options.proxy == "enhanced" else "basic",
        }
        if page.status >= 400:
            metadata["error"] = f"The target answered {page.status}."
        document: dict[str, Any] = {"metadata": metadata}
        if page.is_pdf:
            credits = self._pdf(page, options, document)
            return document, credits, None

        html = page.html
        if options.actions:
            try:
                run = run_actions(options.actions, html=html, url=page.url, title=page.title, colors=self._colors(page), mobile=options.mobile)
            except ActionError as error:
                raise self.service.error("scrapeUrl", 400, details=[{"msg": str(error)}]) from None
            if page.delay_ms + options.waitFor + run.waited_ms > options.timeout:
                raise self.service.error("scrapeUrl", 408)
            html = run.html
            document["actions"] = run.results

        formats = format_objects(options.formats or [models.FormatItem(models.BasicFormatName("markdown"))])
        kinds = {f.type for f in formats}
        json_format = next((f for f in formats if isinstance(f, models.JsonFormat)), None)
        if json_format is not None and json_format.checkPromptInjection:
            document["_extra_credits"] = self.injection_credits
            if INJECTION in html:
                if call is not None:
                    self._charge(call, self.injection_credits)
                raise self.service.error("scrapeUrl", 403, "promptInjection")

        filtered = content.filter_html(
            html, only_main=options.onlyMainContent, include_tags=options.includeTags, exclude_tags=options.excludeTags, block_ads=options.blockAds
        )
        markdown = content.to_markdown(filtered, page.url)
        warning = None
        if options.onlyCleanContent:
            markdown, warning = content.clean_markdown(markdown)
        if options.removeBase64Images:
            markdown = content.remove_base64_images(markdown)
        redaction = options.redactPII
        if redaction is not False:
            markdown = content.redact(markdown, redaction)

        if "markdown" in kinds or "changeTracking" in kinds:
            document["markdown"] = markdown
        if "html" in kinds:
            document["html"] = filtered
        if "rawHtml" in kinds:
            document["rawHtml"] = page.html
        if "rawBase64" in kinds:
            document["rawBase64"] = base64.b64encode(page.raw).decode()
        if "links" in kinds:
            document["links"] = content.links(html, page.url)
        if "images" in kinds:
            document["images"] = content.images(html, page.url)
        if "summary" in kinds:
            document["summary"] = content.summary(markdown)
        if "branding" in kinds:
            document["branding"] = content.branding(page.html)
        if json_format is not None:
            document["json"] = self._extract(json_format.schema_, page)
        screenshot = next((f for f in formats if isinstance(f, models.ScreenshotFormat)), None)
        if screenshot is not None:
            viewport = screenshot.viewport or models.Viewport(width=390 if options.mobile else 1920, height=844 if options.mobile else 1080)
            height = max(viewport.height, 3000) if screenshot.fullPage else viewport.height
            document["screenshot"] = content.screenshot_data_url(
                title=page.title, width=viewport.width, height=height, quality=screenshot.quality or 80, colors=self._colors(page)
            )
        tracking = next((f for f in formats if isinstance(f, models.ChangeTrackingFormat)), None)
        if tracking is not None:
            document["changeTracking"] = self._change_tracking(tracking, options.url, markdown, page)
        return document, self.base, warning

    @staticmethod
    def _colors(page: Page) -> dict[str, str]:
        colors: dict[str, str] = content.branding(page.html)["colors"] if page.html else {}
        return colors

    def _extract(self, schema: dict[str, Any] | None, page: Page) -> Any:
        """Deterministic schema-guided extraction: fields named like page facts take them."""
        facts = {"title": page.title, "url": page.url, "language": page.language, "status": page.status}
        schema = schema or {"type": "object", "properties": {"title": {"type": "string"}}}
        value = value_for_schema(schema, "json", urlsplit(page.url).hostname or "")
        if isinstance(value, dict):
            for key in value:
                if key in facts and isinstance(value[key], type(facts[key])):
                    value[key] = facts[key]
        return value

    def _change_tracking(self, tracking: models.ChangeTrackingFormat, url: str, markdown: str, page: Page) -> dict[str, Any]:
        """Compare with the previous version of the same URL and tag, then record this one."""
        tag = tracking.tag
        history_tag = "changeTracking:" + (tag or "")
        previous = self.store.cached_documents(url, history_tag)
        extraction = self._extract(tracking.schema_, page) if "json" in (tracking.modes or []) else None
        result: dict[str, Any] = {"visibility": "visible", "tag": tag, "previousScrapeAt": None}
        if not previous:
            result["changeStatus"] = "new"
        else:
            (before, fetched_at) = previous[0]
            result["previousScrapeAt"] = iso(fetched_at)
            result["changeStatus"] = "same" if before["markdown"] == markdown else "changed"
            if "git-diff" in (tracking.modes or ["git-diff"]):
                diff = difflib.unified_diff(before["markdown"].splitlines(), markdown.splitlines(), "previous", "current", lineterm="")
                result["diff"] = {"text": "\n".join(diff)}
            if extraction is not None:
                old = before.get("json") or {}
                result["json"] = {k: {"previous": old.get(k), "current": v} for k, v in (extraction or {}).items() if old.get(k) != v}
        self.store.cache_document(url, {"markdown": markdown, "json": extraction}, history_tag)
        return result

    def _pdf(self, page: Page, options: models.ScrapeRequest, document: dict[str, Any]) -> int:
        """PDF parsing (seed §2.2.1); returns the credits it costs."""
        parsers = [p.root for p in options.parsers]
        parser = next((p for p in parsers if isinstance(p, models.PdfParser)), None)
        if parser is None and not any(isinstance(p, models.PdfParserName) for p in parsers):
            document["rawBase64"] = base64.b64encode(page.raw).decode()
            return self.parser_rules["pdf-base64"]
        count = page.pdf_pages if parser is None or parser.maxPages is None else min(page.pdf_pages, parser.maxPages)
        texts = [f"Page {n} of {page.title}." for n in range(1, count + 1)]
        if parser is not None and parser.pageMarkers:
            # §2.2.1: a blank line, a horizontal rule, an HTML comment with the page number, a blank line.
            markdown = texts[0] + "".join(f"\n\n---\n<!-- page {n} -->\n\n{text}" for n, text in enumerate(texts[1:], start=2))
        else:
            markdown = "\n\n".join(texts)
        document["markdown"] = markdown
        document["metadata"]["numPages"] = count
        if parser is not None and parser.pages:
            document["pages"] = [{"pageNumber": n, "markdown": text} for n, text in enumerate(texts, start=1)]
        if parser is not None and parser.blocks:
            mode = parser.mode
            document["blocks"] = [self._blocks(n, text, markdown, mode) for n, text in enumerate(texts, start=1)]
        return self.parser_rules["pdf-parsed"] * count

    @staticmethod
    def _blocks(number: int, text: str, markdown: str, mode: str) -> dict[str, Any]:
        start = markdown.find(text)
        ocr = {"fast": None, "auto": 0.97, "ocr": 0.93}[mode]
        confidence = {"layout": 0.99} | ({"ocr": ocr} if ocr is not None else {})
        items = [
            {
                "id": f"p{number}-b0",
                "type": "section_header",
                "bbox": [0.1, 0.05, 0.9, 0.1],
                "content": f"Page {number}",
                "readingOrder": 0,
                "confidence": confidence,
            },
            {
                "id": f"p{number}-b1",
                "type": "text",
                "bbox": [0.1, 0.12, 0.9, 0.2],
                "content": text,
                "markdownSpan": [start, start + len(text)],
                "readingOrder": 1,
                "confidence": confidence,
            },
        ]
        return {"pageNumber": number, "width": 612, "height": 792, "status": "ok", "items": items}
