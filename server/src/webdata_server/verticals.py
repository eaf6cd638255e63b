"""Pages of the synthetic web that carry structured data, on any host, generated from the URL:

| path | page |
|---|---|
| ``/products/<slug>`` | a shop's product page: schema.org ``Product`` (JSON-LD) and the same facts in its text |
| ``/menu`` | a restaurant's menu page: schema.org ``Restaurant`` with its ``Menu`` (JSON-LD) and the same in its text |
| ``/media/<slug>`` or ``/watch`` | a media page: a ``<video>`` and an ``<audio>`` element, og:video and og:audio |

Every figure is a function of the host and the slug (a digest), so a user can predict it from the
tables in the server README; the product, menu and media formats read these pages the way they read
any page (:mod:`webdata_server.structured`), never from this module.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from html import escape
from urllib.parse import urlsplit

__all__ = ["MENU_SECTIONS", "MenuFacts", "ProductFacts", "is_vertical", "menu_facts", "page", "product_facts"]

_CATEGORIES = ("Footwear", "Outdoor", "Kitchen", "Electronics", "Books", "Apparel")
_SIZES = ("S", "M", "L")
# The menu every restaurant of the synthetic web serves: (section, [(item, description, dietary, calories)]).
MENU_SECTIONS: tuple[tuple[str, tuple[tuple[str, str, tuple[str, ...], int], ...]], ...] = (
    (
        "Starters",
        (
            ("Tomato Soup", "Roasted tomatoes, basil and cream.", ("vegetarian",), 220),
            ("Crispy Calamari", "Lemon aioli.", (), 410),
        ),
    ),
    (
        "Mains",
        (
            ("Mushroom Risotto", "Arborio rice, porcini and parmesan.", ("vegetarian", "gluten-free"), 640),
            ("Grilled Salmon", "With new potatoes and greens.", ("gluten-free",), 580),
            ("Chickpea Curry", "Coconut, spinach and rice.", ("vegan", "gluten-free"), 520),
        ),
    ),
    (
        "Desserts",
        (("Chocolate Tart", "Dark chocolate and sea salt.", ("vegetarian",), 450),),
    ),
)


def is_vertical(path: str) -> bool:
    """Whether the synthetic web serves a structured page at ``path``."""
    return _product_slug(path) is not None or path.rstrip("/") == "/menu" or _media_slug(path) is not None


def page(url: str) -> str:
    """The HTML of the structured page at ``url`` (:func:`is_vertical` is true of its path)."""
    parts = urlsplit(url)
    path = parts.path or "/"
    if _product_slug(path) is not None:
        return _product_page(url)
    if path.rstrip("/") == "/menu":
        return _menu_page(url)
    return _media_page(url, _media_slug(path) or "clip")


def _product_slug(path: str) -> str | None:
    parts = [p for p in path.split("/") if p]
    return parts[1] if len(parts) == 2 and parts[0] == "products" else None


def _media_slug(path: str) -> str | None:
    parts = [p for p in path.split("/") if p]
    if len(parts) == 2 and parts[0] == "media":
        return parts[1]
    return "watch" if parts == ["watch"] else None


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def _brand(host: str) -> str:
    """The name a host trades under: its registered label, capitalised (``shop.acme.com``: Acme)."""
    labels = [label for label in host.split(".") if label]
    name = labels[-2] if len(labels) >= 2 else (labels[0] if labels else "shop")
    return name.replace("-", " ").title()


def _words(slug: str) -> str:
    return " ".join(word.capitalize() for word in slug.replace("_", "-").split("-") if word) or slug


@dataclass(frozen=True)
class ProductFacts:
    """What a product page says: its title, brand and category, its price and the sale's original
    price (cents, 0 when not on sale), its sizes with whether each is in stock, its SKU stem, images."""

    title: str
    brand: str
    category: str
    cents: int
    original_cents: int
    sizes: list[tuple[str, bool]]
    sku: str
    images: list[str]


def product_facts(url: str) -> ProductFacts:
    """What the product page at ``url`` says (a function of its host and slug)."""
    parts = urlsplit(url)
    host, slug = parts.hostname or "unknown", _product_slug(parts.path or "/") or "item"
    digest = _digest(f"{host}/{slug}")
    cents = (19 + digest[0] % 180) * 100 + 99
    on_sale = digest[1] % 3 == 0
    out_of_stock = _SIZES[digest[2] % len(_SIZES)] if digest[3] % 2 == 0 else None
    return ProductFacts(
        title=_words(slug),
        brand=_brand(host),
        category=_CATEGORIES[digest[4] % len(_CATEGORIES)],
        cents=cents,
        original_cents=cents + 2000 if on_sale else 0,
        sizes=[(size, size != out_of_stock) for size in _SIZES],
        sku=slug.replace("-", "")[:3].upper() or "SKU",
        images=[f"https://{host}/images/products/{slug}-{n}.jpg" for n in (1, 2)],
    )


def _money(cents: int) -> str:
    return f"${cents // 100}.{cents % 100:02d}"


def _product_page(url: str) -> str:
    facts = product_facts(url)
    host = urlsplit(url).hostname or "unknown"
    cents, original, images, sizes = facts.cents, facts.original_cents, facts.images, facts.sizes
    title, brand, sku = facts.title, facts.brand, facts.sku
    offers = []
    for size, in_stock in sizes:
        offer: dict[str, object] = {
            "@type": "Offer",
            "sku": f"{sku}-{size}",
            "name": f"{title} - {size}",
            "price": f"{cents / 100:.2f}",
            "priceCurrency": "USD",
            "availability": "https://schema.org/InStock" if in_stock else "https://schema.org/OutOfStock",
            "additionalProperty": [{"@type": "PropertyValue", "name": "size", "value": size}],
        }
        if original:
            offer["priceSpecification"] = {
                "@type": "UnitPriceSpecification",
                "priceType": "https://schema.org/StrikethroughPrice",
                "price": f"{original / 100:.2f}",
                "priceCurrency": "USD",
            }
        offers.append(offer)
    data = {
        "@context": "https://schema.org",
        "@type": "Product",
        "name": title,
        "brand": {"@type": "Brand", "name": brand},
        "category": facts.category,
        "description": f"The {title} by {brand}.",
        "url": url,
        "image": images,
        "offers": offers,
    }
    rows = "".join(
        f'<li class="variant" data-sku="{escape(sku)}-{size}" data-size="{size}">Size {size}: {"in stock" if in_stock else "out of stock"}</li>'
        for size, in_stock in sizes
    )
    was = f' <s class="was">{_money(original)}</s>' if original else ""
    gallery = "".join(f'<img class="product-image" src="{escape(src)}" alt="{escape(title)} photo {n}">' for n, src in enumerate(images, start=1))
    return (
        f'<!DOCTYPE html><html lang="en-US"><head><title>{escape(title)} | {escape(brand)}</title>'
        f'<meta name="description" content="The {escape(title)} by {escape(brand)}.">'
        f'<meta property="og:type" content="product">'
        f'<script type="application/ld+json">{_json(data)}</script></head><body>'
        f'<header class="site-header"><a href="https://{host}/">{escape(brand)}</a></header>'
        f'<main><h1 class="product-title">{escape(title)}</h1>'
        f"<p>Brand: {escape(brand)}</p><p>Category: {escape(facts.category)}</p>"
        f'<p class="price" data-price="{cents / 100:.2f}">Price: {_money(cents)}{was}</p>'
        f"<p>The {escape(title)} by {escape(brand)}.</p>"
        f'<h2>Sizes</h2><ul class="variants">{rows}</ul>{gallery}'
        f'<a class="buy" href="https://{host}/cart?add={escape(sku)}">Add to cart</a></main>'
        f"<footer>© 2026 {escape(host)}</footer></body></html>"
    )


@dataclass(frozen=True)
class MenuFacts:
    """What a menu page says: the restaurant's name and each dish's price (cents)."""

    name: str
    prices: dict[str, int]


def menu_facts(url: str) -> MenuFacts:
    """What the menu page at ``url`` says (a function of its host)."""
    host = urlsplit(url).hostname or "unknown"
    prices = {}
    for _, items in MENU_SECTIONS:
        for name, *_rest in items:
            digest = _digest(f"{host}/{name}")
            prices[name] = (6 + digest[0] % 20) * 100 + (50 if digest[1] % 2 else 0)
    return MenuFacts(f"{_brand(host)} Kitchen", prices)


def _menu_page(url: str) -> str:
    host = urlsplit(url).hostname or "unknown"
    facts = menu_facts(url)
    name, prices = facts.name, facts.prices
    diets = {"vegetarian": "https://schema.org/VegetarianDiet", "vegan": "https://schema.org/VeganDiet", "gluten-free": "https://schema.org/GlutenFreeDiet"}
    sections = []
    body = []
    for section, items in MENU_SECTIONS:
        entries = []
        rows = []
        for item, description, dietary, calories in items:
            entries.append(
                {
                    "@type": "MenuItem",
                    "name": item,
                    "description": description,
                    "offers": {"@type": "Offer", "price": f"{prices[item] / 100:.2f}", "priceCurrency": "USD"},
                    "suitableForDiet": [diets[d] for d in dietary],
                    "nutrition": {"@type": "NutritionInformation", "calories": f"{calories} calories"},
                }
            )
            marks = f' <span class="dietary">({", ".join(dietary)})</span>' if dietary else ""
            rows.append(f'<li class="menu-item"><h3>{escape(item)}</h3><p>{escape(description)}</p><p class="price">{_money(prices[item])}</p>{marks}</li>')
        sections.append({"@type": "MenuSection", "name": section, "hasMenuItem": entries})
        body.append(f'<section class="menu-section"><h2>{escape(section)}</h2><ul>{"".join(rows)}</ul></section>')
    data = {
        "@context": "https://schema.org",
        "@type": "Restaurant",
        "name": name,
        "servesCuisine": "Modern European",
        "address": {"@type": "PostalAddress", "streetAddress": "1 Market Street", "addressLocality": "Springfield", "addressCountry": "US"},
        "hasMenu": {"@type": "Menu", "name": "Dinner", "hasMenuSection": sections},
    }
    return (
        f'<!DOCTYPE html><html lang="en-US"><head><title>Menu | {escape(name)}</title>'
        f'<meta name="description" content="The dinner menu of {escape(name)}.">'
        f'<script type="application/ld+json">{_json(data)}</script></head><body>'
        f'<header class="site-header"><a href="https://{host}/">{escape(name)}</a></header>'
        f"<main><h1>Dinner menu</h1>{''.join(body)}</main><footer>© 2026 {escape(host)}</footer></body></html>"
    )


def _media_page(url: str, slug: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or "unknown"
    title = _words(slug)
    video, audio, poster = (f"https://{host}/media/files/{slug}.{ext}" for ext in ("mp4", "mp3", "jpg"))
    return (
        f'<!DOCTYPE html><html lang="en-US"><head><title>{escape(title)} | {escape(host)}</title>'
        f'<meta name="description" content="Watch {escape(title)}.">'
        f'<meta property="og:type" content="video.other"><meta property="og:title" content="{escape(title)}">'
        f'<meta property="og:video" content="{escape(video)}"><meta property="og:audio" content="{escape(audio)}">'
        f'<meta property="og:image" content="{escape(poster)}"></head><body>'
        f"<main><h1>{escape(title)}</h1>"
        f'<video controls width="1280" height="720" poster="{escape(poster)}" title="{escape(title)}"><source src="{escape(video)}" type="video/mp4"></video>'
        f'<p>Listen to the soundtrack:</p><audio controls><source src="{escape(audio)}" type="audio/mpeg"></audio>'
        f"<p>{escape(title)}, a synthetic recording of three minutes.</p></main>"
        f"<footer>© 2026 {escape(host)}</footer></body></html>"
    )


def _json(data: object) -> str:
    """JSON for a script element (``</`` cannot close it)."""
    return json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
