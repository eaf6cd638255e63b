"""The formats after branding, read from a page deterministically (no model anywhere):

- ``product``: the page's schema.org ``Product`` (JSON-LD, also inside ``@graph``) as a
  ``ProductProfile``: each offer a variant (its ``sku``, ``name``, price, availability, the
  ``additionalProperty`` values, a ``StrikethroughPrice`` as the sale's original price);
- ``menu``: the page's schema.org ``Menu`` (alone or as a ``Restaurant``'s ``hasMenu``) as a
  ``MenuProfile``;
- ``audio``, ``video``: the page's ``<audio>``/``<video>`` sources and og:audio/og:video;
- ``attributes``: values of an attribute of the elements a CSS selector matches;
- ``question``/``query`` (freeform) and ``highlights``/``query`` (directQuote): the lines of the page's
  markdown that share the most words with the question, quoted exactly.

A page without the data gets nothing (the caller adds the service's warning): nothing is made up.
"""

from __future__ import annotations

import json
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from webdata_server import urls

__all__ = ["Allowance", "Media", "answer", "attributes", "highlights", "json_ld", "media", "menu", "product"]

NO_PRODUCT = "No product found on this page; it does not appear to be a product page."
NO_MENU = "No menu found on this page; it does not appear to be a menu page."
NOT_ON_PAGE = "The page does not say."


def _document(html: str) -> Any:
    if not html.strip():
        return None
    import lxml.etree  # type: ignore[import-untyped]  # with the first page read (lxml's import is ~10 ms of a start)
    import lxml.html  # type: ignore[import-untyped]

    try:
        return lxml.html.document_fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return None


# What the structured formats read of a page's JSON-LD (issue 73: a 500,000-item list was read
# in quadratic time, 49.6 s a scrape; nesting 100,000 deep answered 500): past a bound the rest
# is not read, as a page's own size bounds its markdown.
MAX_JSON_LD_CHARS = 2 * 1024 * 1024  # a script's text, and all of a page's together
MAX_JSON_LD_ITEMS = 10_000  # objects found
MAX_JSON_LD_DEPTH = 64  # lists and @graph nesting followed


# What the structured formats answer (issue 73: a 6.7 MB menu page answered 26.5 MB, 420 KB of
# videos under a long title 1 GB, 100 selectors over one page 49 MB): each format's answer holds at
# most ANSWER_MULTIPLE times its page's characters plus ANSWER_SLACK_CHARS (room for a small page's
# ids and URLs); what does not fit is left out, in page order, and the document's warning says so.
ANSWER_MULTIPLE = 2
ANSWER_SLACK_CHARS = 64 * 1024
# The attributes format's work: a selector reads every element of the page, so the selectors run
# while the elements they read (page elements times selectors run) stay within this bound; the
# rest answer no values and the warning names how many ran.
MAX_ATTRIBUTE_READS = 200_000


class Allowance:
    """The characters a format's answer may still take (:data:`ANSWER_MULTIPLE` times the page's
    plus :data:`ANSWER_SLACK_CHARS`); ``take`` counts a part of the answer (as JSON) and says
    whether it fits; ``cut`` is the number of parts left out."""

    def __init__(self, page_chars: int) -> None:
        self.left = ANSWER_MULTIPLE * page_chars + ANSWER_SLACK_CHARS
        self.cut = 0

    def reserve(self, part: Any) -> None:
        """Counts a part the answer holds whatever its size (an entry per selector): its JSON, as
        the server writes it, and its comma."""
        self.left -= len(json.dumps(part, ensure_ascii=False, separators=(",", ":"))) + 1

    def take(self, part: Any) -> bool:
        """Counts ``part`` if the answer still has room; whether it fits (once a part did not, none
        after it does: what is left out is the end of the page's order)."""
        if self.left >= 0:
            self.reserve(part)
        if self.left < 0:
            self.cut += 1
            return False
        return True

    def warning(self, format_name: str, parts: str) -> str | None:
        """The document's warning when parts were left out, else None."""
        if not self.cut:
            return None
        return (
            f"The {format_name} format's answer was cut: {self.cut} {parts} left out, as an answer holds at most"
            f" {ANSWER_MULTIPLE} times its page's size plus {ANSWER_SLACK_CHARS // 1024} KiB (a bound of the reference server)."
        )


def json_ld(html: str) -> list[dict[str, Any]]:
    """Every JSON-LD object of the page, those inside ``@graph`` and lists included, in document
    order; a script that is not JSON (or nests deeper than the JSON reader goes) is skipped. Linear
    in the page, within :data:`MAX_JSON_LD_CHARS`, :data:`MAX_JSON_LD_ITEMS` and
    :data:`MAX_JSON_LD_DEPTH`."""
    document = _document(html)
    if document is None:
        return []
    found: list[dict[str, Any]] = []
    read = 0
    for script in document.iter("script"):
        if (script.get("type") or "").strip().lower() != "application/ld+json":
            continue
        text = script.text or ""
        read += len(text)
        if read > MAX_JSON_LD_CHARS:
            break
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            continue
        # In the order the page gives them: a list's items where the list stood, a @graph's after
        # the rest (a deque: no list spliced at its head).
        queue: deque[tuple[Any, int]] = deque([(data, 0)])
        while queue and len(found) < MAX_JSON_LD_ITEMS:
            item, depth = queue.popleft()
            if isinstance(item, list):
                if depth < MAX_JSON_LD_DEPTH:
                    queue.extendleft((child, depth + 1) for child in reversed(item[:MAX_JSON_LD_ITEMS]))
            elif isinstance(item, dict):
                found.append(item)
                graph = item.get("@graph")
                if isinstance(graph, list) and depth < MAX_JSON_LD_DEPTH:
                    queue.extend((child, depth + 1) for child in graph[:MAX_JSON_LD_ITEMS])
        if len(found) >= MAX_JSON_LD_ITEMS:
            break
    return found


def _types(item: dict[str, Any]) -> set[str]:
    kind = item.get("@type")
    kinds = kind if isinstance(kind, list) else [kind]
    return {str(k).rsplit("/", 1)[-1] for k in kinds if k}


def _text(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("name")
    if isinstance(value, list):
        value = value[0] if value else None
    return str(value).strip() if isinstance(value, str | int | float) and str(value).strip() else None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [] if value is None else [value]


def _price(amount: Any, currency: Any) -> dict[str, Any] | None:
    try:
        number = float(str(amount).replace(",", ""))
    except ValueError:
        return None
    price: dict[str, Any] = {"amount": number}
    if isinstance(currency, str) and currency:
        price["currency"] = currency
        symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(currency)
        price["formatted"] = f"{symbol}{number:,.2f}" if symbol else f"{number:,.2f} {currency}"
    return price


def _images(value: Any, base: str) -> list[dict[str, Any]]:
    images = []
    for image in _list(value):
        url = image.get("url") or image.get("contentUrl") if isinstance(image, dict) else image
        if isinstance(url, str) and url:
            entry: dict[str, Any] = {"url": urls.as_written(base, url)}
            if isinstance(image, dict) and isinstance(image.get("caption") or image.get("name"), str):
                entry["alt"] = image.get("caption") or image.get("name")
            images.append(entry)
    return images


def _availability(value: Any) -> dict[str, Any]:
    text = str(value or "https://schema.org/InStock").rsplit("/", 1)[-1]
    return {"inStock": text in ("InStock", "LimitedAvailability", "OnlineOnly", "InStoreOnly", "PreOrder", "PreSale"), "text": text}


def product(items: list[dict[str, Any]], url: str, allowance: Allowance | None = None) -> dict[str, Any] | None:
    """The product of the page at ``url`` whose JSON-LD objects are ``items`` (:func:`json_ld`) as
    a ``ProductProfile``; None when the page has no schema.org Product. Its images and variants
    within ``allowance``."""
    allowance = allowance or Allowance(MAX_JSON_LD_CHARS)
    item = next((i for i in items if _types(i) & {"Product", "ProductGroup"}), None)
    if item is None:
        return None
    title = _text(item.get("name"))
    if title is None:
        return None
    base = str(item.get("url") or url)
    profile: dict[str, Any] = {"title": title, "url": urls.as_written(url, base)}
    for key in ("brand", "category", "description"):
        value = _text(item.get(key))
        if value is not None:
            profile[key] = value
    allowance.take({**profile, "variants": [], "price": {}, "availability": {"inStock": False}})
    images = _images(item.get("image"), url)
    if images and allowance.take(images):
        profile["images"] = images
    offers: list[Any] = []
    for offer in _list(item.get("offers")):
        if isinstance(offer, dict) and "AggregateOffer" in _types(offer) and offer.get("offers"):
            offers += _list(offer.get("offers"))
        elif isinstance(offer, dict):
            offers.append(offer)
    for variant in _list(item.get("hasVariant")):
        if isinstance(variant, dict):
            offers += [
                {**o, "name": variant.get("name"), "sku": variant.get("sku") or o.get("sku")} for o in _list(variant.get("offers")) if isinstance(o, dict)
            ]
    profile["variants"] = [variant for variant in (_variant(offer, url) for offer in offers) if allowance.take(variant)]
    if profile["variants"]:
        first = profile["variants"][0]
        if "price" in first:
            profile["price"] = first["price"]
        profile["availability"] = {"inStock": any(v["availability"]["inStock"] for v in profile["variants"])}
    return profile


def _variant(offer: dict[str, Any], url: str) -> dict[str, Any]:
    variant: dict[str, Any] = {"availability": _availability(offer.get("availability"))}
    for key in ("sku", "name"):
        value = _text(offer.get(key))
        if value is not None:
            variant["sku" if key == "sku" else "title"] = value
    if "sku" in variant:
        variant["id"] = variant["sku"]
    price = _price(offer.get("price"), offer.get("priceCurrency"))
    if price is not None:
        variant["price"] = price
    values = {str(p.get("name")): p.get("value") for p in _list(offer.get("additionalProperty")) if isinstance(p, dict) and p.get("name")}
    if values:
        variant["values"] = values
    for spec in _list(offer.get("priceSpecification")):
        if isinstance(spec, dict) and str(spec.get("priceType", "")).endswith("StrikethroughPrice"):
            original = _price(spec.get("price"), spec.get("priceCurrency") or offer.get("priceCurrency"))
            if original is not None:
                variant["sale"] = {"originalPrice": original}
    images = _images(offer.get("image"), url)
    if images:
        variant["images"] = images
    return variant


_DIETS = {"VegetarianDiet": "vegetarian", "VeganDiet": "vegan", "GlutenFreeDiet": "gluten-free", "HalalDiet": "halal", "KosherDiet": "kosher",
          "LowLactoseDiet": "low-lactose", "DiabeticDiet": "diabetic", "LowFatDiet": "low-fat", "LowSaltDiet": "low-salt"}  # fmt: skip
_CALORIES = re.compile(r"(\d+(?:\.\d+)?)")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "item"


def menu(items: list[dict[str, Any]], url: str, *, modifiers: bool = False, allowance: Allowance | None = None) -> dict[str, Any] | None:
    """The menu of the page at ``url`` whose JSON-LD objects are ``items`` (:func:`json_ld`) as a
    ``MenuProfile``; None when the page has no schema.org Menu. Its sections and items within
    ``allowance``, in page order."""
    allowance = allowance or Allowance(MAX_JSON_LD_CHARS)
    merchant_data = next((i for i in items if _types(i) & {"Restaurant", "FoodEstablishment", "CafeOrCoffeeShop", "Bakery", "BarOrPub"}), None)
    found = merchant_data.get("hasMenu") if merchant_data is not None else None
    if not isinstance(found, dict):
        found = next((i for i in items if "Menu" in _types(i)), None)
    if not isinstance(found, dict):
        return None
    merchant: dict[str, Any] = {"name": _text((merchant_data or found).get("name")) or "Unknown", "type": "restaurant" if merchant_data is not None else None}
    if merchant_data is not None and isinstance(merchant_data.get("address"), dict):
        merchant["location"] = {k: v for k, v in merchant_data["address"].items() if not k.startswith("@")}
    allowance.take({"isMenu": True, "confidence": 0.5, "merchant": merchant, "currency": "XXX", "sections": [], "sourceUrl": url})
    currency: str | None = None
    sections = []
    for s_index, section in enumerate(s for s in _list(found.get("hasMenuSection")) if isinstance(s, dict)):
        name = _text(section.get("name")) or f"Section {s_index + 1}"
        section_id = _slug(name)
        entries: list[dict[str, Any]] = []
        section_entry: dict[str, Any] = {"id": section_id, "name": name, "items": entries}
        description = _text(section.get("description"))
        if description is not None:
            section_entry["description"] = description
        if not allowance.take(section_entry):
            continue
        sections.append(section_entry)
        for item in (i for i in _list(section.get("hasMenuItem")) if isinstance(i, dict)):
            item_name = _text(item.get("name"))
            if item_name is None:
                continue
            entry: dict[str, Any] = {"id": f"{section_id}/{_slug(item_name)}", "name": item_name}
            description = _text(item.get("description"))
            if description is not None:
                entry["description"] = description
            entry["images"] = _images(item.get("image"), url)
            offer = next((o for o in _list(item.get("offers")) if isinstance(o, dict)), {})
            price = _price(offer.get("price"), offer.get("priceCurrency"))
            if price is not None:
                entry["price"] = price
                currency = currency or price.get("currency")
            entry["availability"] = _availability(offer.get("availability"))
            entry["dietary"] = [_DIETS.get(str(d).rsplit("/", 1)[-1], str(d).rsplit("/", 1)[-1]) for d in _list(item.get("suitableForDiet"))]
            nutrition = item.get("nutrition")
            calories = _CALORIES.search(str(nutrition.get("calories", ""))) if isinstance(nutrition, dict) else None
            if calories:
                entry["calories"] = float(calories.group(1))
            entry["optionGroups"] = [option for option in _list(item.get("menuAddOn")) if isinstance(option, dict)] if modifiers else []
            entry["identifiers"] = {"merchantItemId": str(item["identifier"])} if item.get("identifier") else {}
            if isinstance(item.get("url"), str):
                entry["url"] = urls.as_written(url, item["url"])
            entry["sourceUrl"] = url
            if allowance.take(entry):
                entries.append(entry)
    return {"isMenu": True, "confidence": 1.0 if sections else 0.5, "merchant": merchant, "currency": currency, "sections": sections, "sourceUrl": url}


@dataclass(frozen=True)
class Media:
    """What a page carries: its audio sources and its videos (``VideoItem`` objects), in order."""

    audio: list[str] = field(default_factory=list)
    videos: list[dict[str, Any]] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(self.audio or self.videos)


def media(html: str, url: str, allowance: Allowance | None = None) -> Media:
    """The page's ``<audio>``/``<video>`` sources (``src`` or a ``<source>`` child) and its
    og:audio/og:video, absolute, each once, within ``allowance`` (each video repeats the page's
    title: a long title over many videos is what the bound is for)."""
    allowance = allowance or Allowance(len(html))
    document = _document(html)
    if document is None:
        return Media()
    title = (document.findtext(".//title") or "").strip() or None
    audio: list[str] = []
    videos: list[dict[str, Any]] = []
    seen: set[str] = set()

    def sources(element: Any) -> list[tuple[str, str | None]]:
        found = [(element.get("src"), element.get("type"))] if element.get("src") else []
        found += [(s.get("src"), s.get("type")) for s in element.iter("source") if s.get("src")]
        return [(urls.as_written(url, str(src)), kind) for src, kind in found]

    for element in document.iter("audio", "video"):
        for src, kind in sources(element):
            if src in seen:
                continue
            seen.add(src)
            if element.tag == "audio":
                if allowance.take(src):
                    audio.append(src)
                continue
            video: dict[str, Any] = {"url": src, "sourceURL": url, "source": "html", "kind": "file"}
            if kind:
                video["mimeType"] = kind
            if element.get("title") or title:
                video["title"] = element.get("title") or title
            if element.get("poster"):
                video["thumbnail"] = urls.as_written(url, element.get("poster"))
            for key in ("width", "height"):
                if (element.get(key) or "").isdigit():
                    video[key] = int(element.get(key))
            if allowance.take(video):
                videos.append(video)
    for meta in document.iter("meta"):
        prop, content = meta.get("property") or meta.get("name") or "", meta.get("content")
        if not content or prop not in ("og:audio", "og:video", "og:video:url", "og:audio:url"):
            continue
        src = urls.as_written(url, content)
        if src in seen:
            continue
        seen.add(src)
        if prop.startswith("og:audio"):
            if allowance.take(src):
                audio.append(src)
        else:
            video = {"url": src, "sourceURL": url, "source": "meta", "kind": "file"}
            if allowance.take(video):
                videos.append(video)
    return Media(audio, videos)


def attributes(root: Any, selectors: list[Any], allowance: Allowance | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """One entry per selector: the value of ``attribute`` on every element ``selector`` matches
    in ``root`` (a parsed page) that has it, in document order; a selector CSS cannot parse
    matches nothing. The selectors run while the elements they read stay within
    :data:`MAX_ATTRIBUTE_READS` and the values within ``allowance``; the warning, when either
    left something out, says what."""
    from soupsieve import SelectorSyntaxError  # with bs4, which parsed root

    elements_on_page = sum(1 for _ in root.find_all(True))
    allowance = allowance or Allowance(len(str(root)))
    for entry in selectors:  # an entry per selector, whatever its values: counted first
        allowance.reserve({"selector": entry.selector, "attribute": entry.attribute, "values": []})
    found = []
    ran = reads = 0
    for entry in selectors:
        selector, attribute = entry.selector, entry.attribute
        values: list[str] = []
        found.append({"selector": selector, "attribute": attribute, "values": values})
        if reads + elements_on_page > MAX_ATTRIBUTE_READS and ran:
            continue
        ran += 1
        reads += elements_on_page
        try:
            elements = root.select(selector)
        except (SelectorSyntaxError, ValueError, NotImplementedError):
            elements = []
        for element in elements:
            value = element.get(attribute)
            if value is None:
                continue
            text = " ".join(value) if isinstance(value, list) else str(value)
            if allowance.take(text):
                values.append(text)
    warnings = []
    if ran < len(selectors):
        warnings.append(
            f"The attributes format ran {ran} of its {len(selectors)} selectors: each reads the page's {elements_on_page} elements, and a"
            f" scrape's selectors read at most {MAX_ATTRIBUTE_READS:,} (a bound of the reference server); the rest answer no values."
        )
    cut = allowance.warning("attributes", "values")
    if cut:
        warnings.append(cut)
    return found, " ".join(warnings) or None


_WORD = re.compile(r"[a-z0-9]+(?:[.'][a-z0-9]+)*")
_STOP = frozenset(
    "a an and are as at be by can do does for from has have how i in is it its me my of on or page show tell that the their this to was what"
    " when where which who why will with you your give list find all any about there these those please say".split()
)  # fmt: skip


# A question's words that a page says otherwise (what a thing costs is its price).
_SYNONYMS = {"cost": "price", "much": "price", "priced": "price", "expensive": "price", "cheap": "price",
             "available": "stock", "availability": "stock", "eat": "menu", "dish": "menu"}  # fmt: skip


def _terms(text: str, *, asked: bool = False) -> set[str]:
    words = {_stem(word) for word in _WORD.findall(text.lower()) if word not in _STOP}
    return {_SYNONYMS.get(word, word) for word in words} if asked else words


def _stem(word: str) -> str:
    """A plural or a gerund's stem: ``sizes`` and ``size``, ``berries`` and ``berry``, ``shipping`` and ``ship``."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    return word


def lines_of(markdown: str) -> list[str]:
    """The page's lines as quoted: each non-empty markdown line, stripped of its surrounding spaces."""
    return [line.strip() for line in markdown.splitlines() if line.strip()]


def _ranked(markdown: str, question: str) -> list[tuple[int, int, str]]:
    """(score, position, line) of every line sharing a word with the question, best first."""
    wanted = _terms(question, asked=True)
    scored = []
    for position, line in enumerate(lines_of(markdown)):
        score = len(wanted & _terms(line))
        if score:
            scored.append((score, position, line))
    scored.sort(key=lambda entry: (-entry[0], entry[1]))
    return scored


def highlights(markdown: str, query: str) -> str:
    """The lines that answer ``query`` best (those sharing at least three fifths as many of its
    words as the best line), quoted exactly, in page order, one per line; empty when no line shares one."""
    ranked = _ranked(markdown, query)
    if not ranked:
        return ""
    floor = max(1, -(-ranked[0][0] * 3 // 5))
    kept = sorted((position, line) for score, position, line in ranked if score >= floor)
    return "\n".join(dict.fromkeys(line for _, line in kept))


def answer(markdown: str, question: str) -> str:
    """The page's line that shares the most words with ``question`` (the first such), quoted
    exactly; "The page does not say." when none shares one."""
    ranked = _ranked(markdown, question)
    return ranked[0][2] if ranked else NOT_ON_PAGE
