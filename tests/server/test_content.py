"""The content filters find by hand what they once found with CSS selectors (issue 59: soupsieve's
matching was a third of a page's render). The output must not change: each page of a sample of the
synthetic web, and pages written to catch the edges (no doctype, upper-case names, nested ads), is
filtered and converted both ways under every combination of the options, and compared byte for byte."""

from __future__ import annotations

import itertools
import re
from typing import Any
from urllib.parse import urljoin

import pytest
from webdata_server import content
from webdata_server.web import FetchContext, SyntheticWeb

# The selectors the filters used, and the code that used them (content.py before issue 59).
AD_SELECTORS = "[data-ad], .ad, .ads, .advert, .cookie-banner, #cookie-banner"


def _by_selectors(html: str, *, only_main: bool, include_tags: list[str] | None, exclude_tags: list[str] | None, block_ads: bool) -> Any:
    soup = content.parse_html(html)
    root: Any = soup.body or soup
    if include_tags:
        from bs4 import BeautifulSoup

        kept = [element for selector in dict.fromkeys(include_tags) for element in content._select(root, selector)]
        root = BeautifulSoup("", "html.parser")
        for element in content._outermost(kept):
            root.append(element.extract())
    for element in root(["script", "style", "noscript"]):
        element.decompose()
    if block_ads:
        for element in root.select(AD_SELECTORS):
            element.decompose()
    for selector in dict.fromkeys(exclude_tags or []):
        for element in content._select(root, selector):
            element.decompose()
    if only_main:
        for element in root.select("header, nav, footer, aside"):
            element.decompose()
        if not include_tags:
            root = root.select_one("main") or root
    return root


def _markdown_by_selectors(root: Any, base_url: str) -> str:
    for anchor in root.find_all("a", href=True):
        anchor["href"] = urljoin(base_url, str(anchor["href"]))
    for element in root.select("button, input"):
        element.decompose()
    return re.sub(r"\n{3,}", "\n\n", content._MARKDOWN.convert_soup(root)).strip() + "\n"


EDGES = [
    # No doctype (quirks mode in a browser), upper-case tags, classes and ids, ads nested in ads and in main.
    "<HTML><BODY><DIV CLASS='AD'>not an ad: classes are case-sensitive</DIV><div class='ad'>ad</div>"
    "<MAIN><p>kept<span data-ad>gone</span></p><Div ID='cookie-banner'>gone</Div><div id='Cookie-Banner'>kept</div></MAIN></BODY></HTML>",
    "<!doctype html><html><body><header>h</header><div class='x ads y'><div class='advert'>in</div></div>"
    "<nav>n</nav><main><aside>a</aside><p>text <input value='v'> <button>b</button></p><main>inner</main></main><footer>f</footer></body></html>",
    "<!doctype html><html><body><p class='cookie-banner ad'>both</p><p class=' ad '>spaced</p><p data-AD='1'>attribute case</p>"
    "<section><header>section header</header><p>body</p></section></body></html>",
    "<p>no html or body at all <a href='/x'>link</a><nav class='ad'>both</nav></p>",
]

OPTIONS = [
    {"only_main": only_main, "include_tags": include, "exclude_tags": exclude, "block_ads": block_ads}
    for only_main, include, exclude, block_ads in itertools.product((True, False), (None, ["main", "p"]), (None, [".x", "nav"]), (True, False))
]


def _pages() -> list[tuple[str, str]]:
    web = SyntheticWeb()
    context = FetchContext(headers={}, mobile=False, country="US", languages=[])
    urls = [
        f"https://{host}{path}"
        for host in ("example.com", "docs.example.com", "pages-100.check.example.com", "shop.example.org")
        for path in ("/", "/docs/1", "/blog/2", "/about")
    ]
    pages = [(url, web.fetch(url, context).html) for url in urls]
    return pages + [(f"https://edge{n}.example.com/", html) for n, html in enumerate(EDGES)]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}={'y' if v else 'n'}" for k, v in o.items()))
def test_the_filters_give_what_the_selectors_gave(options: dict[str, Any]) -> None:
    for url, html in _pages():
        before = _by_selectors(html, **options)
        after = content.filter_html(html, **options)
        assert str(after) == str(before), url
        assert content.to_markdown(after, url) == _markdown_by_selectors(before, url), url
