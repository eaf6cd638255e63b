"""The formats step: a page and the request's options in, the document's formats out.

Rendering is a pure function of the page's content and the options that shape the output, so
its result is kept in a bounded in-memory memo keyed by both: a cache hit, or a fresh fetch of a
page whose content has not changed, is not parsed and converted again. Pages changed by actions
are never memoised (their HTML is the request's own).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import threading
from dataclasses import dataclass
from html import escape as html_escape
from typing import Any
from urllib.parse import urlsplit

import webdata_models as models
from pydantic import TypeAdapter

from webdata_server import content, linear, page_markdown, structured
from webdata_server.domain import Charge
from webdata_server.errors import AudioUnsupported, PromptInjection
from webdata_server.extraction import fits_schema, value_for_schema
from webdata_server.files import PdfPageText
from webdata_server.memo import Memo, weight
from webdata_server.pricing import Pricing
from webdata_server.web import INJECTION, Page

__all__ = ["Rendered", "Renderer", "colors_of", "extract_from", "format_objects", "pdf_parsing"]

# Options that decide whether and where a page is fetched, cached, billed or logged, not what
# its document says: left out of the memo's key. Everything else (a field added later too) is in.
_NOT_RENDERING = set(
    {
        "max_age",
        "min_age",
        "store_in_cache",
        "lockdown",
        "threat_protection",
        "zero_data_retention",
        "profile",
        "audit_metadata",
        "headers",
        "timeout",
        "wait_for",
    }
)
_MEMO_SIZE = 512
# The renders kept, in bytes (a page with screenshots weighs megabytes: 512 of them held 3.8 GB).
_MEMO_BYTES = 128 * 1024 * 1024


@functools.cache
def _format() -> TypeAdapter[models.Format]:
    """The validator of a format object, built on first use (not on every server's start)."""
    return TypeAdapter(models.Format)


def format_objects(items: list[models.FormatItem]) -> list[Any]:
    """Every format as its object: a string shorthand means ``{type: <name>}`` (seed §2.3, and
    ``CompatFormatName`` for the names beyond the seed's six)."""
    objects = []
    for item in items:
        objects.append(_format().validate_python({"type": item}) if isinstance(item, str) else item)
    return objects


def colors_of(page: Page) -> dict[str, str]:
    colors: dict[str, str] = content.branding(page.html)["colors"] if page.html else {}
    return colors


def extract_from(schema: dict[str, Any] | None, page: Page) -> Any:
    """Deterministic schema-guided extraction: fields named like page facts take them."""
    facts = {"title": page.title, "url": page.url, "language": page.language, "status": page.status}
    schema = schema or {"type": "object", "properties": {"title": {"type": "string"}}}
    value = value_for_schema(schema, "json", urlsplit(page.url).hostname or "")
    if isinstance(value, dict):
        for key in value:
            if key in facts and isinstance(value[key], type(facts[key])):
                kept = value[key]
                value[key] = facts[key]
                if not fits_schema(value, schema):  # a fact the schema does not allow (a pattern, a bound)
                    value[key] = kept
    return value


def _weight(rendered: Rendered) -> int:
    return weight(rendered.document) + len(rendered.markdown)


@dataclass(frozen=True)
class Rendered:
    """What the formats step produces: the document (no per-request metadata yet), the credits the
    page costs (base, or the PDF rule), the credits of checks that ran, a warning, the markdown and
    the changeTracking format (change tracking compares the markdown with history)."""

    document: dict[str, Any]
    page_credits: int
    check_credits: int = 0
    warning: str | None = None
    markdown: str = ""
    # The changeTracking format asked for, if any (the next step compares with history).
    tracking: models.ChangeTrackingFormat | None = None
    # Credits of the formats that add to a page's price (question, highlights, audio, video).
    format_credits: int = 0

    def fresh_document(self) -> dict[str, Any]:
        """A copy the caller may add to (top-level keys and metadata); nested values are shared."""
        return {**self.document, "metadata": dict(self.document["metadata"])}


class Renderer:
    """Formats of a page under a request's options, memoised by content and options."""

    def __init__(self, pricing: Pricing, *, memo_size: int = _MEMO_SIZE, memo_bytes: int = _MEMO_BYTES) -> None:
        self.pricing = pricing
        self._memo: Memo[tuple[str, str], Rendered] = Memo(entries=memo_size, max_bytes=memo_bytes, weigh=_weight)
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def render(self, page: Page, options: models.ScrapeRequest, *, html: str | None = None) -> Rendered:
        """The formats of ``page`` (or of ``html``, the page after actions, never memoised).

        Raises :class:`PromptInjection` (owing the check) when the request (or its JSON format) asks
        for the check and the page fails it.
        """
        if html is not None:
            return self._render(page, html, options)
        key = (_page_digest(page), json.dumps(options.model_dump(mode="json", exclude=_NOT_RENDERING, exclude_none=True), sort_keys=True))
        found = self._memo.get(key)
        if found is not None:
            with self._lock:
                self.hits += 1
            return found
        found = self._render(page, page.html, options)
        with self._lock:
            self.misses += 1
        self._memo.put(key, found)
        return found

    def _render(self, page: Page, html: str, options: models.ScrapeRequest) -> Rendered:
        metadata: dict[str, Any] = {
            "sourceURL": options.url,
            "url": page.url,
            "statusCode": page.status,
            "title": page.title,
            "contentType": page.content_type,
            "proxyUsed": "enhanced" if options.proxy == "enhanced" else "basic",
        }
        if not page.is_pdf and page.content_type == "text/html":
            # What the page says of itself: language only when it declares one, as the service.
            metadata |= content.head_metadata(html)
        if page.status >= 400:
            metadata["error"] = f"The target answered {page.status}."
        document: dict[str, Any] = {"metadata": metadata}
        formats = format_objects(options.formats or ["markdown"])
        kinds = {f.type for f in formats}
        if page.is_pdf:
            return Rendered(document, self._pdf(page, options, document, formats), format_credits=self.pricing.format_credits(kinds))
        json_format = next((f for f in formats if isinstance(f, models.JsonFormat)), None)
        # Asked at the top level (firecrawl-py 4.53) or on the json format (the seed's place): one check.
        asked = bool(options.check_prompt_injection) or (json_format is not None and bool(json_format.check_prompt_injection))
        checks = self.pricing.injection_check if asked else 0
        if checks and INJECTION in html:
            # Refused, and the check that found it is billed (an exception: never memoised).
            raise PromptInjection().with_charges(Charge("scrapeUrl", checks))

        root, filtered, markdown = self._content(html, page.url, options, formats, kinds)
        warning = None
        if options.only_clean_content:
            markdown, warning = content.clean_markdown(markdown)
        if options.remove_base64_images:
            markdown = content.remove_base64_images(markdown)
        if options.redact_pii is not False:
            markdown = content.redact(markdown, options.redact_pii)

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
            document["json"] = extract_from(json_format.schema, page)
        deterministic = next((f for f in formats if isinstance(f, models.DeterministicJsonFormat)), None)
        if deterministic is not None:
            document["json"] = extract_from(deterministic.schema, page)
        warnings = [
            *self._answers(document, formats, markdown, options),
            *self._read(document, formats, kinds, html, root, page.url),
            *([warning] if warning else []),
        ]
        screenshot = next((f for f in formats if isinstance(f, models.ScreenshotFormat)), None)
        if screenshot is not None:
            viewport = (screenshot.viewport.width, screenshot.viewport.height) if screenshot.viewport else None
            width, height = content.screenshot_size(viewport=viewport, full_page=bool(screenshot.full_page), mobile=bool(options.mobile))
            document["screenshot"] = content.screenshot_data_url(
                title=page.title, width=width, height=height, quality=screenshot.quality or 80, colors=colors_of(page)
            )
        tracking = next((f for f in formats if isinstance(f, models.ChangeTrackingFormat)), None)
        base = self.pricing.deterministic_json if deterministic is not None else self.pricing.base["scrapeUrl"]
        return Rendered(document, base, checks, " ".join(warnings) or None, markdown, tracking, self.pricing.format_credits(kinds))

    @staticmethod
    def _content(html: str, url: str, options: models.ScrapeRequest, formats: list[Any], kinds: set[str]) -> tuple[Any, str, str]:
        """The filtered page (bs4's element: None when nothing reads it), its HTML (when the html
        format is asked) and its markdown. Where only the markdown is read, without tag filters,
        it is made without bs4 (:mod:`webdata_server.page_markdown`, the same bytes) unless the
        page holds what that path leaves to this one."""
        plain = not options.include_tags and not options.exclude_tags and "html" not in kinds
        if plain and not any(isinstance(f, models.AttributesFormat) and f.selectors for f in formats):
            markdown = page_markdown.markdown(html, url, only_main=options.only_main_content, block_ads=options.block_ads)
            if markdown is not None:
                return None, "", markdown
        root = content.filter_html(
            html, only_main=options.only_main_content, include_tags=options.include_tags, exclude_tags=options.exclude_tags, block_ads=options.block_ads
        )
        filtered = str(root) if "html" in kinds else ""
        return root, filtered, content.to_markdown(root, url)

    @staticmethod
    def _read(document: dict[str, Any], formats: list[Any], kinds: set[str], html: str, root: Any, url: str) -> list[str]:
        """The formats read from the page's data (:mod:`webdata_server.structured`): attributes from
        the cleaned page ``root``, product, menu and media from its HTML; the service's warnings of
        those with nothing to give. Raises :class:`AudioUnsupported` for audio of a page without media."""
        warnings = []
        # The page's JSON-LD, read once for the product and the menu.
        data = structured.json_ld(html) if "product" in kinds or "menu" in kinds else []
        chosen = next((f for f in formats if isinstance(f, models.AttributesFormat)), None)
        if chosen is not None and chosen.selectors:
            document["attributes"], cut = structured.attributes(root, chosen.selectors, structured.Allowance(len(html)))
            warnings += [cut] if cut else []
        menu_format = next((f for f in formats if isinstance(f, models.MenuFormat)), None)
        if menu_format is not None:
            allowance = structured.Allowance(len(html))
            menu = structured.menu(data, url, modifiers=bool(menu_format.modifiers), allowance=allowance)
            if menu is not None:
                document["menu"] = menu
                warnings += [cut] if (cut := allowance.warning("menu", "items or sections")) else []
            else:
                warnings.append(structured.NO_MENU)
        if "product" in kinds:
            allowance = structured.Allowance(len(html))
            found = structured.product(data, url, allowance)
            if found is not None:
                document["product"] = found
                warnings += [cut] if (cut := allowance.warning("product", "variants or images")) else []
            else:
                warnings.append(structured.NO_PRODUCT)
        if "audio" in kinds or "video" in kinds:
            allowance = structured.Allowance(len(html))
            media = structured.media(html, url, allowance)
            if "audio" in kinds:
                if not media.any:
                    raise AudioUnsupported()
                document["audio"] = media.audio[0] if media.audio else media.videos[0]["url"]
            if "video" in kinds and media.videos:
                document["video"] = media.videos[0]["url"]
                document["videos"] = media.videos
                warnings += [cut] if (cut := allowance.warning("video", "videos or audio sources")) else []
        return warnings

    @staticmethod
    def _answers(document: dict[str, Any], formats: list[Any], markdown: str, options: models.ScrapeRequest) -> list[str]:
        """The question (or deprecated query) and highlights formats, from the page's markdown
        alone (:mod:`webdata_server.structured`); the warnings of those that could not run, in the
        service's words (transformers/query.ts)."""
        asked = next((f for f in formats if isinstance(f, models.QuestionFormat | models.QueryFormat)), None)
        quoting = next((f for f in formats if isinstance(f, models.HighlightsFormat)), None)
        if asked is None and quoting is None:
            return []
        if options.zero_data_retention:
            return ["Query mode is not supported with zero data retention."]
        if not markdown.strip():
            return ["Query was skipped because the markdown content is empty."]
        if isinstance(asked, models.QuestionFormat):
            document["answer"] = structured.answer(markdown, asked.question)
        elif isinstance(asked, models.QueryFormat):
            direct = asked.mode == "directQuote"
            document["answer"] = structured.highlights(markdown, asked.prompt) if direct else structured.answer(markdown, asked.prompt)
        if quoting is not None:
            document["highlights"] = structured.highlights(markdown, quoting.query)
        return []

    def _pdf(self, page: Page, options: models.ScrapeRequest, document: dict[str, Any], formats: list[Any]) -> int:
        """PDF parsing (seed §2.2.1); returns the credits it costs. The pages are the file's own
        text where the page was read from a real file (an upload, a fetched PDF), else the
        synthetic web's one line per page."""
        parsed, parser = pdf_parsing(options.parsers)
        kinds = {f.type for f in formats}
        if "rawBase64" in kinds:
            document["rawBase64"] = base64.b64encode(page.raw).decode()
        if not parsed:
            # Not parsed: the file itself, base64-encoded, stands where the markdown would (as the service does).
            if "markdown" in kinds:
                document["markdown"] = base64.b64encode(page.raw).decode()
            return self.pricing.pdf_base64
        count = page.pdf_pages if parser is None or parser.max_pages is None else min(page.pdf_pages, parser.max_pages)
        mode = parser.mode if parser is not None else "auto"
        if page.pdf_text:
            laid = [_laid_out(text, _body_size(page.pdf_text)) for text in page.pdf_text[:count]]
        else:
            laid = [[("text", f"Page {n} of {page.title}.", None)] for n in range(1, count + 1)]
        texts = ["\n\n".join(_as_markdown(kind, content) for kind, content, _ in blocks) for blocks in laid]
        if parser is not None and parser.page_markers:
            # §2.2.1: a blank line, a horizontal rule, an HTML comment with the page number, a blank line.
            markdown = texts[0] + "".join(f"\n\n---\n<!-- page {n} -->\n\n{text}" for n, text in enumerate(texts[1:], start=2))
        else:
            markdown = "\n\n".join(texts)
        empty = [n for n, text in enumerate(texts, start=1) if not text]
        if empty:
            which = ", ".join(map(str, empty))
            reason = "mode fast extracts embedded text only" if mode == "fast" else "the reference server has no OCR engine"
            document["warning"] = f"Page {which} has no text layer and {reason}: its markdown is empty."
        document["markdown"] = markdown
        document["metadata"]["numPages"] = count
        if parser is not None and parser.pages:
            document["pages"] = [{"pageNumber": n, "markdown": text} for n, text in enumerate(texts, start=1)]
        if parser is not None and parser.blocks:
            sizes = [(t.width, t.height) for t in page.pdf_text] if page.pdf_text else [(612.0, 792.0)] * count
            document["blocks"] = [_blocks(n, laid[n - 1], markdown, mode, sizes[n - 1]) for n in range(1, count + 1)]
        if "html" in kinds:
            document["html"] = "\n".join(f"<p>{html_escape(part)}</p>" for part in markdown.split("\n\n") if part and not part.startswith("---"))
        if "links" in kinds:
            document["links"] = list(dict.fromkeys(_URL.findall(markdown)))
        if "summary" in kinds:
            document["summary"] = content.summary(markdown)
        json_format = next((f for f in formats if isinstance(f, models.JsonFormat | models.DeterministicJsonFormat)), None)
        if json_format is not None:
            document["json"] = extract_from(json_format.schema, page)
        if "audio" in kinds:
            raise AudioUnsupported()
        warnings = self._answers(document, formats, markdown, options)
        if warnings:
            document["warning"] = " ".join([*warnings, *([document["warning"]] if "warning" in document else [])])
        return self.pricing.pdf_per_page * count


def pdf_parsing(parsers: Any) -> tuple[bool, models.PdfParser | None]:
    """Whether a PDF is parsed under a request's ``parsers`` (the name ``pdf`` or a PDF parser's
    options; otherwise it is returned base64-encoded), and those options (None: the defaults)."""
    listed = list(parsers)
    parser = next((p for p in listed if isinstance(p, models.PdfParser)), None)
    return parser is not None or "pdf" in listed, parser


_URL = linear.fixed(r"https?://[^\s<>()\]\[\"']+[^\s<>()\]\[\"'.,;:]")
# A block of a PDF page: (type, its text, its box (x0, y0, x1, y1) in points; None when synthetic).
Block = tuple[str, str, "tuple[float, float, float, float] | None"]


def _body_size(pages: tuple[PdfPageText, ...]) -> float:
    """The font size most of the document's text is set in (by characters)."""
    weight: dict[float, int] = {}
    for text in pages:
        for line in text.lines:
            weight[line.size] = weight.get(line.size, 0) + len(line.text)
    return max(weight, key=lambda size: weight[size]) if weight else 12.0


def _laid_out(text: PdfPageText, body: float) -> list[Block]:
    """The page's lines gathered into blocks: a line in a larger font than the body's is a title
    (the first one on page 1, at 1.5 times) or a section header; consecutive lines of one size with
    less than a line and a half between them are one paragraph."""
    blocks: list[list[Any]] = []
    for line in text.lines:
        kind = "text"
        if line.size >= body * 1.5 and text.number == 1 and not blocks:
            kind = "title"
        elif line.size >= body * 1.15:
            kind = "section_header"
        last = blocks[-1] if blocks else None
        if last is not None and kind == "text" and last[0] == "text" and abs(last[3] - line.size) < 0.5 and last[2][1] - line.box[3] < line.size * 1.6:
            last[1] += " " + line.text
            last[2] = (min(last[2][0], line.box[0]), line.box[1], max(last[2][2], line.box[2]), last[2][3])
            continue
        blocks.append([kind, line.text, line.box, line.size])
    return [(kind, words, box) for kind, words, box, _ in blocks]


def _as_markdown(kind: str, text: str) -> str:
    return {"title": "# ", "section_header": "## "}.get(kind, "") + text


def _page_digest(page: Page) -> str:
    """Everything a render reads of the page, hashed."""
    digest = hashlib.blake2b(page.raw, digest_size=20)
    digest.update(page.html.encode())
    digest.update(json.dumps([page.url, page.status, page.content_type, page.title, page.pdf_pages, page.language]).encode())
    return digest.hexdigest()


def _blocks(number: int, blocks: list[Block], markdown: str, mode: str, size: tuple[float, float]) -> dict[str, Any]:
    """Typed layout blocks of one page (seed §2.2.1): boxes normalised to the page (0 to 1, origin
    at the top left), reading order, the span of each block's text in the markdown, confidence."""
    width, height = size
    ocr = {"fast": None, "auto": 0.97, "ocr": 0.93}[mode]
    confidence = {"layout": 0.99} | ({"ocr": ocr} if ocr is not None else {})
    items = []
    # The page's text starts after its marker (or the previous page's text): spans are looked for from there.
    marker = markdown.find(f"<!-- page {number} -->")
    cursor = max(marker, 0)
    for order, (kind, text, box) in enumerate(blocks):
        if box is None:  # synthetic: one line across the page's top
            normalised = [0.1, 0.05 + 0.07 * order, 0.9, 0.1 + 0.07 * order]
        else:
            x0, y0, x1, y1 = box
            normalised = [round(min(max(v, 0.0), 1.0), 4) for v in (x0 / width, (height - y1) / height, x1 / width, (height - y0) / height)]
        item: dict[str, Any] = {"id": f"p{number}-b{order}", "type": kind, "bbox": normalised, "content": text, "readingOrder": order, "confidence": confidence}
        start = markdown.find(text, cursor)
        if start >= 0:
            item["markdownSpan"] = [start, start + len(text)]
            cursor = start + len(text)
        items.append(item)
    return {"pageNumber": number, "width": width, "height": height, "status": "ok", "items": items}
