"""Turning a page into the document's formats, deterministically (no LLM anywhere).

HTML filters (onlyMainContent, includeTags/excludeTags, blockAds), markdown by markdownify,
removeBase64Images, the onlyCleanContent boilerplate pass, links, images, summary, branding from
the page's CSS, PII redaction, and real images (Pillow) and PDFs for screenshots and the pdf action.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from html import unescape
from typing import Any

from webdata_server import linear, urls
from webdata_server.web import minimal_pdf

__all__ = [
    "BASE64_PLACEHOLDER",
    "CLEAN_LIMIT",
    "SCREENSHOT_PIXELS_MAX",
    "branding",
    "clean_markdown",
    "conversion_key",
    "filter_html",
    "head_metadata",
    "images",
    "is_ad",
    "links",
    "pdf_data_url",
    "readable_number",
    "redact",
    "remove_base64_images",
    "screenshot_data_url",
    "screenshot_size",
    "summary",
    "tidy",
    "to_markdown",
]

BASE64_PLACEHOLDER = "<Base64-Image-Removed>"
# Over this many characters the onlyCleanContent pass is skipped with a warning (the public
# service's cleaning model has an output limit; this stands in for it).
CLEAN_LIMIT = 100_000
# What block_ads removes: any element with a data-ad attribute, one of these classes, or this id
# (the CSS selector "[data-ad], .ad, .ads, .advert, .cookie-banner, #cookie-banner", matched by hand
# in one walk: soupsieve's matching was a third of a page's render; tests/server/test_content.py
# compares the two).
_AD_CLASSES = frozenset({"ad", "ads", "advert", "cookie-banner"})
_AD_ID = "cookie-banner"
# What the filters remove by tag name (page_markdown reads the same): always, what only_main
# removes, and the elements no markdown is made of.
UNRENDERED = ("script", "style", "noscript")
NOT_MAIN = ("header", "nav", "footer", "aside")
CONTROLS = ("button", "input")
_BOILERPLATE = re.compile(r"(cookie|newsletter|share this|share on|breadcrumb|^home ›|comments?\b|related (posts|articles)|advertisement)", re.IGNORECASE)
_PAPER = {"A0": (2384, 3370), "A1": (1684, 2384), "A2": (1191, 1684), "A3": (842, 1191), "A4": (595, 842), "A5": (420, 595), "A6": (298, 420),
          "Letter": (612, 792), "Legal": (612, 1008), "Tabloid": (792, 1224), "Ledger": (1224, 792)}  # fmt: skip


def parse_html(html: str) -> Any:
    """A page's document (:func:`webdata_server.dom.parse_html`: bs4 is imported on the first)."""
    from webdata_server import dom

    return dom.parse_html(html)


def filter_html(html: str, *, only_main: bool, include_tags: list[str] | None, exclude_tags: list[str] | None, block_ads: bool) -> Any:
    """The element the content formats are made from, in the service's order: ``includeTags``
    keeps only what they match in the whole page, then scripts and styles go, then ads,
    ``excludeTags``, and last what is not main content (header, nav, footer, aside). Without
    ``includeTags``, main content is also narrowed to the page's ``<main>`` when it has one.

    One parse: :func:`to_markdown` takes the returned element (take ``str()`` of it first for the
    html format, since the markdown step edits it)."""
    soup = parse_html(html)
    root: Any = soup.body or soup
    if include_tags:
        kept = [element for selector in dict.fromkeys(include_tags) for element in _select(root, selector)]  # each selector once
        from bs4 import BeautifulSoup  # imported by the parse above

        root = BeautifulSoup("", "html.parser")
        for element in _outermost(kept):
            root.append(element.extract())
    for element in root(list(UNRENDERED)):
        element.decompose()
    if block_ads:
        for element in _ads(root):
            element.decompose()
    for selector in dict.fromkeys(exclude_tags or []):
        for element in _select(root, selector):
            element.decompose()
    if only_main:
        for element in root.find_all(list(NOT_MAIN)):
            element.decompose()
        if not include_tags:
            root = root.find("main") or root
    return root


def _ads(root: Any) -> list[Any]:
    """The elements under ``root`` that block_ads removes, in page order."""
    return [element for element in root.find_all(True) if is_ad(element.attrs)]


def is_ad(attrs: Mapping[str, Any]) -> bool:
    """Whether block_ads removes an element with these attributes (its class a list, as bs4 reads
    it, or the attribute's text)."""
    classes = attrs.get("class") or ()
    if isinstance(classes, str):
        classes = classes.split()
    return "data-ad" in attrs or attrs.get("id") == _AD_ID or not _AD_CLASSES.isdisjoint(classes)


def _outermost(elements: list[Any]) -> list[Any]:
    """The elements in page order, once each, without those inside another of them."""
    chosen = {id(e) for e in elements}
    unique = list({id(e): e for e in elements}.values())
    return [e for e in unique if not any(id(parent) in chosen for parent in e.parents)]


@lru_cache(maxsize=1)
def _markdown() -> Any:
    """The markdown converter (markdownify imports bs4: made on the first page converted).

    markdownify's, but for a tag named after one of its attributes that is not a conversion
    (``<soup>``, ``<fn-cache>``): it called that attribute and failed; here such a tag is one it
    has no conversion for."""
    from markdownify import MarkdownConverter

    class Converter(MarkdownConverter):
        def get_conv_fn(self, tag_name: str) -> Any:  # not in markdownify's stubs
            if conversion_key(tag_name) in _NOT_CONVERSIONS:
                return None
            return MarkdownConverter.get_conv_fn(self, tag_name)  # type: ignore[attr-defined]

    return Converter(heading_style="ATX", bullets="-")


_CONVERT_NAME = re.compile(r"[\[\]:-]")
_NOT_CONVERSIONS = frozenset({"soup", "fn_cache"})


def conversion_key(tag_name: str) -> str:
    """The ``<x>`` of the markdownify attribute ``convert_<x>`` a tag of this name is converted
    with (what it looks up; page_markdown reads the same)."""
    return _CONVERT_NAME.sub("_", tag_name.lower())


def tidy(markdown: str) -> str:
    """A markdown's blank lines at most one in a row, stripped, ending in one newline."""
    return re.sub(r"\n{3,}", "\n\n", markdown).strip() + "\n"


# The number attributes markdownify reads with int(): an ol's start, a cell's colspan.
_NUMBERS = {"ol": "start", "td": "colspan", "th": "colspan"}


def readable_number(value: str | None) -> bool:
    """Whether ``value`` is a number attribute the markdown reads (digits ``int`` takes, not too
    many for it); any other is read as absent (markdownify failed on ``colspan="²"``)."""
    return value is not None and value.isdecimal() and len(value) <= 4000


def _select(root: Any, selector: str) -> list[Any]:
    from soupsieve import SelectorSyntaxError

    try:
        return list(root.select(selector))
    except (SelectorSyntaxError, ValueError, NotImplementedError):  # an invalid selector matches nothing
        return []


def to_markdown(root: Any, base_url: str) -> str:
    """Markdown of the element :func:`filter_html` returned, with links made absolute (edits it)."""
    for anchor in root.find_all("a", href=True):
        anchor["href"] = urls.as_written(base_url, str(anchor["href"]))
    for element in root.find_all(list(CONTROLS)):
        element.decompose()
    for element in root.find_all(list(_NUMBERS)):
        attribute = _NUMBERS[element.name]
        if attribute in element.attrs and not readable_number(str(element[attribute])):
            del element[attribute]
    return tidy(_markdown().convert_soup(root))


def head_metadata(html: str) -> dict[str, Any]:
    """What the page declares about itself, as the service's metadata: ``language`` (its html
    ``lang``, only when it has one), ``description`` (its meta description) and
    ``ogLocaleAlternate`` (its og:locale:alternate values, [] when none)."""
    found: dict[str, Any] = {"ogLocaleAlternate": []}
    body = html.lower().find("<body")
    head = html[:body] if body >= 0 else html[:20_000]
    for tag, raw in _head_tags(head):
        attributes = {name.lower(): unescape(value.strip("\"'")) for name, value in _attributes(raw)}
        if tag.lower() == "html":
            if attributes.get("lang"):
                found["language"] = attributes["lang"]
            continue
        key = (attributes.get("name") or attributes.get("property") or "").lower()
        if key == "description" and "content" in attributes:
            found["description"] = attributes["content"]
        elif key == "og:locale:alternate" and "content" in attributes:
            found["ogLocaleAlternate"].append(attributes["content"])
    return found


# head_metadata's two scans, by hand in one pass each (what RE2 found with the patterns
# (?i)<(html|meta)\b([^>]*)> and ([a-zA-Z:-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+), whose
# wrapper's per-match steps were a tenth of a page's render; tests/server/test_content.py compares).
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")  # RE2's \b is ASCII
_NAME_RUN = re.compile(r"[a-zA-Z:-]+")
_SPACES = re.compile(r"[\t\n\f\r ]*")  # RE2's \s
_BARE_VALUE = re.compile(r"[^\t\n\f\r >]+")


def _head_tags(head: str) -> list[tuple[str, str]]:
    """Each ``<html ...>`` and ``<meta ...>`` tag (any case): its name as written and the text
    up to its ``>``, left to right, none inside another."""
    tags = []
    position = 0
    while (start := head.find("<", position)) >= 0:
        name = head[start + 1 : start + 5]
        if name.lower() in ("html", "meta") and head[start + 5 : start + 6] not in _WORD:
            end = head.find(">", start + 5)
            if end < 0:
                break  # no tag ends after this one
            tags.append((name, head[start + 5 : end]))
            position = end + 1
        else:
            position = start + 1
    return tags


def _attributes(raw: str) -> list[tuple[str, str]]:
    """``name = value`` pairs of a tag's text (a value quoted or bare), left to right. A name is a
    whole run of its characters: where a run is not followed by ``=`` and a value, no part of it
    begins a pair either, and the scan goes on after it."""
    pairs = []
    position = 0
    while (run := _NAME_RUN.search(raw, position)) is not None:
        after = _SPACES.match(raw, run.end()).end()  # type: ignore[union-attr]
        if raw[after : after + 1] == "=":
            start = _SPACES.match(raw, after + 1).end()  # type: ignore[union-attr]
            end = _value_end(raw, start)
            if end is not None:
                pairs.append((run.group(), raw[start:end]))
                position = end
                continue
        position = run.end()
    return pairs


def _value_end(raw: str, start: int) -> int | None:
    """Where the value at ``start`` ends: a quoted one at its closing quote, else at whitespace."""
    quote = raw[start : start + 1]
    if quote in ('"', "'"):
        closing = raw.find(quote, start + 1)
        if closing >= 0:
            return closing + 1
    bare = _BARE_VALUE.match(raw, start)
    return bare.end() if bare is not None else None


def remove_base64_images(markdown: str) -> str:
    """Base64 images keep their alt text; the data URL becomes a placeholder: each
    ``![alt](data:...)`` (the alt without ``]``, the URL up to the first ``)``), left to right, as
    RE2 replaced ``!\\[([^\\]]*)\\]\\(data:[^)]*\\)`` (its wrapper's substitution was a twentieth of
    a crawled page's render; ``tests/server/test_content.py`` compares). One pass: the ``]`` after
    a ``![`` is found once for every ``![`` before it."""
    if "](data:" not in markdown:
        return markdown  # nothing to replace (most pages)
    parts: list[str] = []
    done = 0  # what is copied
    position = 0
    closing = -1  # the first "]" at or after the last search
    while (start := markdown.find("![", position)) >= 0:
        if closing < start + 2:
            closing = markdown.find("]", start + 2)
            if closing < 0:
                break  # no image ends after this one
        if markdown.startswith("(data:", closing + 1):
            end = markdown.find(")", closing + 7)
            if end < 0:
                break  # nor any image after this one
            parts += (markdown[done:start], "![", markdown[start + 2 : closing], "](", BASE64_PLACEHOLDER, ")")
            done = position = end + 1
        else:
            position = start + 1
    parts.append(markdown[done:])
    return "".join(parts)


def clean_markdown(markdown: str) -> tuple[str, str | None]:
    """(markdown, warning): drop boilerplate lines, keep headings, lists, tables, code, images, links."""
    if len(markdown) > CLEAN_LIMIT:
        return markdown, f"onlyCleanContent skipped: the markdown is longer than {CLEAN_LIMIT} characters; the original is kept."
    kept, in_code = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        structural = in_code or line.lstrip().startswith(("#", "-", "*", "|", "!", "1."))
        if structural or not _BOILERPLATE.search(line):
            kept.append(line)
    return tidy("\n".join(kept)), None


def links(html: str, base_url: str) -> list[str]:
    soup = parse_html(html)
    found = [urls.as_written(base_url, str(a["href"])) for a in soup.find_all("a", href=True)]
    return list(dict.fromkeys(found))


def images(html: str, base_url: str) -> list[str]:
    soup = parse_html(html)
    found = [urls.as_written(base_url, str(img["src"])) for img in soup.find_all("img", src=True)]
    return list(dict.fromkeys(found))


def summary(markdown: str) -> str:
    """The first two sentences of prose."""
    prose = " ".join(line for line in markdown.splitlines() if line and not line.startswith(("#", "-", "|", "!", "`")))
    sentences = re.split(r"(?<=[.!?])\s+", prose)
    return " ".join(sentences[:2]).strip()


def _css_rules(css: str) -> dict[str, str]:
    """``selector { body }`` pairs of a style sheet in one pass, a later rule of a selector winning:
    the selector is the text since the last brace before a ``{``, the body what follows up to the
    next ``}``. A ``{`` with no ``}`` after it ends the sheet."""
    rules: dict[str, str] = {}
    position = 0
    while (opening := css.find("{", position)) >= 0:
        closing = css.find("}", opening + 1)
        if closing < 0:
            break
        selector = css[position:opening]
        selector = selector[selector.rfind("}") + 1 :]
        if selector:
            rules[selector] = css[opening + 1 : closing]
            position = closing + 1
        else:
            position = opening + 1
    return rules


def branding(raw_html: str) -> dict[str, Any]:
    """Colours and fonts from the page's CSS."""
    css = " ".join(style.get_text() for style in parse_html(raw_html).find_all("style"))
    rules = _css_rules(css)

    def prop(selector_part: str, name: str) -> str | None:
        for selector, body in rules.items():
            if selector_part in (part.strip() for part in selector.split(",")):
                for declaration in body.split(";"):
                    key, colon, value = declaration.partition(":")
                    if colon and key.strip() == name and value.strip():
                        return value.strip()
        return None

    colors = {
        key: value
        for key, value in (
            ("primary", prop("h1", "color")),
            ("accent", prop("a", "color")),
            ("text", prop("body", "color")),
            ("background", prop("body", "background")),
        )
        if value
    }
    families = []
    for selector in ("body", "h1"):
        family = prop(selector, "font-family")
        if family:
            families.append({"family": family.split(",")[0].strip("'\" ")})
    background = colors.get("background", "#ffffff").lstrip("#")
    dark = len(background) == 6 and sum(int(background[i : i + 2], 16) for i in (0, 2, 4)) < 384
    return {"colorScheme": "dark" if dark else "light", "colors": colors, "fonts": families}


# Linear-time patterns (the markdown is the page's): \w and \d written as the Unicode classes
# Python's re gave them; a name after "Contact: " is the group the replacement covers.
_PII = {
    "EMAIL": linear.fixed(r"[\p{L}\p{N}_.+-]+@[\p{L}\p{N}_-]+\.[\p{L}\p{N}_.-]+"),
    "PHONE": linear.fixed(r"\+?\p{Nd}[\p{Nd}\s().-]{7,}\p{Nd}"),
    "FINANCIAL": linear.fixed(r"\b(?:\d{4}[ -]?){3}\d{4}\b"),
    "SECRET": linear.fixed(r"\b(?:sk|pk|api|key)[-_][A-Za-z0-9]{16,}\b"),
    "PERSON": linear.fixed(r"Contact: ([A-Z][a-z]+ [A-Z][a-z]+)"),
}


def redact(markdown: str, options: Any) -> str:
    """Replace personal data; ``options`` is True or a RedactPIIOptions model."""
    entities = getattr(options, "entities", None) or list(_PII)
    style = getattr(options, "replace_style", None) or "tag"
    # Card numbers first: the phone pattern would otherwise take them.
    for kind in ("FINANCIAL", "EMAIL", "SECRET", "PERSON", "PHONE"):
        if kind in entities:
            markdown = _PII[kind].sub(_replacement(kind, style), markdown)
    return markdown


def _replacement(kind: str, style: str) -> Callable[[linear.Match], str]:
    def replace(match: linear.Match) -> str:
        # A pattern with a group replaces that group alone (the text before it is context).
        whole = match.group(0)
        kept = whole[: match.start(1) - match.start(0)] if match.groups() else ""
        found = whole[len(kept) :]
        return kept + {"tag": f"<{kind}>", "mask": "*" * len(found), "remove": ""}[style]

    return replace


# The distinct screenshots (size and quality) one request may ask for, in pixels: two of the largest
# (4096 x 8192); identical screenshots are drawn once. What each drawing costs in time and memory.
SCREENSHOT_PIXELS_MAX = 2 * 4096 * 8192
# All the screenshots of one request, identical ones each time, in pixels: fifty full-page shots of
# the default viewport fit (each is a copy in the answer). What the answer's size follows.
SCREENSHOT_PIXELS_TOTAL_MAX = 300_000_000
# A full-page screenshot of a synthetic page is this tall (at least its viewport).
FULL_PAGE_HEIGHT = 3000


def screenshot_size(*, viewport: tuple[int, int] | None, full_page: bool, mobile: bool) -> tuple[int, int]:
    """(width, height) in pixels of a screenshot of a synthetic page: the viewport (by default a
    desktop's 1920 x 1080 or a phone's 390 x 844), the whole page when ``full_page``; at most 4096 x 8192."""
    width, height = viewport or ((390, 844) if mobile else (1920, 1080))
    if full_page:
        height = max(height, FULL_PAGE_HEIGHT)
    return max(1, min(width, 4096)), max(1, min(height, 8192))


def screenshot_data_url(*, title: str, width: int, height: int, quality: int, colors: dict[str, str]) -> str:
    """A real JPEG of the page at the given size and quality, as a data URL. The same page at the
    same size and quality is drawn once: fifty screenshot actions cost one drawing, not fifty."""
    return _screenshot(title, max(1, min(width, 4096)), max(1, min(height, 8192)), max(1, min(quality, 100)), tuple(sorted(colors.items())))


@lru_cache(maxsize=16)
def _screenshot(title: str, width: int, height: int, quality: int, palette: tuple[tuple[str, str], ...]) -> str:
    from PIL import Image, ImageDraw  # imported on the first drawing: a test that takes no screenshot does not wait for it

    colors = dict(palette)
    image = Image.new("RGB", (width, height), colors.get("background", "#ffffff"))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, width - 1, min(height, 64) - 1], fill=colors.get("primary", "#336699"))
    draw.text((16, 80), title, fill=colors.get("text", "#000000"))
    if width > 32:  # content bars need room for their margins
        for row in range(120, height, 48):
            draw.rectangle([16, row, width - 16, min(row + 24, height - 1)], fill=colors.get("accent", "#999999"))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=quality)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode()


def pdf_data_url(*, title: str, paper: str, landscape: bool, scale: float) -> str:
    """A PDF of the page in the given paper format, as a data URL."""
    width, height = _PAPER.get(paper, _PAPER["Letter"])
    if landscape:
        width, height = height, width
    return "data:application/pdf;base64," + base64.b64encode(minimal_pdf([f"{title} (scale {scale:g})"], width=width, height=height)).decode()
