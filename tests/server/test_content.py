"""The content filters find by hand what they once found with CSS selectors (issue 59: soupsieve's
matching was a third of a page's render), and the parsed page answers lookups by plain tag name
with a walk of its elements, not bs4's matching rules. The output must not change: each page of a
sample of the synthetic web, and pages written to catch the edges (no doctype, upper-case names,
nested ads), is filtered and converted both ways (CSS selectors on bs4's own classes) under every
combination of the options, and compared byte for byte; and each lookup is compared with bs4's."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup, Tag
from bs4.builder._lxml import LXMLTreeBuilder
from webdata_server import content, dom, linear, web
from webdata_server.web import FetchContext, SyntheticWeb

from tests.server.markup import random_markup

# The selectors the filters used, and the code that used them (content.py before issue 59).
AD_SELECTORS = "[data-ad], .ad, .ads, .advert, .cookie-banner, #cookie-banner"


def _parse_plain(html: str) -> Any:
    """content.parse_html with bs4's own classes (its lookups by name through bs4's matching), its
    own lxml builder, and the nesting walked on every page."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dom, "_Soup", BeautifulSoup)
        patch.setattr(dom, "_Tag", Tag)
        patch.setattr(dom, "_HTMLBuilder", LXMLTreeBuilder)
        patch.setattr(dom, "_IMPLIED_LEVELS", 10**9)
        return content.parse_html(html)


def _by_selectors(html: str, *, only_main: bool, include_tags: list[str] | None, exclude_tags: list[str] | None, block_ads: bool) -> Any:
    soup = _parse_plain(html)
    root: Any = soup.body or soup
    if include_tags:
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
    return re.sub(r"\n{3,}", "\n\n", content._markdown().convert_soup(root)).strip() + "\n"


EDGES = [
    # No doctype (quirks mode in a browser), upper-case tags, classes and ids, ads nested in ads and in main.
    "<HTML><BODY><DIV CLASS='AD'>not an ad: classes are case-sensitive</DIV><div class='ad'>ad</div>"
    "<MAIN><p>kept<span data-ad>gone</span></p><Div ID='cookie-banner'>gone</Div><div id='Cookie-Banner'>kept</div></MAIN></BODY></HTML>",
    "<!doctype html><html><body><header>h</header><div class='x ads y'><div class='advert'>in</div></div>"
    "<nav>n</nav><main><aside>a</aside><p>text <input value='v'> <button>b</button></p><main>inner</main></main><footer>f</footer></body></html>",
    "<!doctype html><html><body><p class='cookie-banner ad'>both</p><p class=' ad '>spaced</p><p data-AD='1'>attribute case</p>"
    "<section><header>section header</header><p>body</p></section></body></html>",
    "<p>no html or body at all <a href='/x'>link</a><nav class='ad'>both</nav></p>",
    # Namespaced names and attributes, entities, comments, a processing instruction, CDATA, and
    # more nesting than MAX_DEPTH (the walk that bounds it).
    "<!doctype html><html xmlns:svg='http://www.w3.org/2000/svg' lang='en'><body><svg:svg><svg:rect xlink:href='#a' x='1'/></svg:svg>"
    "<p title='a &amp; b'>x &lt; y<!-- a comment --><?php echo 1 ?></p><![CDATA[ raw ]]><main>"
    + "<div>" * 230
    + "deep"
    + "</div>" * 230
    + "</main></body></html>",
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


LOOKUPS: list[tuple[Any, dict[str, Any]]] = [
    ("a", {"href": True}),
    ("title", {}),
    ("pre", {}),
    (["button", "input"], {}),
    (["script", "style", "noscript"], {}),
    (("h1", "h2"), {}),
    (True, {}),
    (True, {"id": True}),
    (None, {}),
    (None, {"id": True}),
    # bs4's own: a prefixed name, a pattern, an attribute value, a class.
    ("svg:rect", {}),
    (re.compile("^h[1-6]$"), {}),
    ("a", {"href": "/x"}),
    ("div", {"class_": "ad"}),
]


def _shown(soup: Any, found: Any) -> list[str]:
    """Each element found, by its name and place in the document (walked without a lookup)."""
    place = {id(element): n for n, element in enumerate(e for e in soup.descendants if isinstance(e, Tag))}
    return [f"{element.name}#{place.get(id(element), 'soup')}" if element is not None else "-" for element in (found if isinstance(found, list) else [found])]


@pytest.mark.parametrize("lookup", LOOKUPS, ids=lambda lookup: repr(lookup))
def test_lookups_by_name_find_what_bs4_finds(lookup: tuple[Any, dict[str, Any]]) -> None:
    name, keywords = lookup
    for url, html in _pages():
        fast, plain = content.parse_html(html), _parse_plain(html)
        assert type(fast.body or fast) is not type(plain.body or plain)  # the two ways really differ
        for look in (
            lambda soup: soup.find_all(name, **keywords),
            lambda soup: soup.find(name, **keywords),
            lambda soup: soup.find_all(name, limit=2, **keywords),
            lambda soup: soup(name, recursive=False, **keywords),
            lambda soup: (soup.body or soup).find_all(name, **keywords),
        ):
            assert _shown(fast, look(fast)) == _shown(plain, look(plain)), url
        fast_elements = [e for e in fast.descendants if isinstance(e, Tag)]
        plain_elements = [e for e in plain.descendants if isinstance(e, Tag)]
        for fast_element, plain_element in zip(fast_elements, plain_elements, strict=True):
            assert _shown(fast, fast_element.find_parent(name, **keywords)) == _shown(plain, plain_element.find_parent(name, **keywords)), url
            assert _shown(fast, fast_element.find_parents(name, **keywords)) == _shown(plain, plain_element.find_parents(name, **keywords)), url
            for sibling in ("find_previous_sibling", "find_next_sibling", "find_previous_siblings", "find_next_siblings"):
                found_fast = getattr(fast_element, sibling)(name, **keywords)
                assert _shown(fast, found_fast) == _shown(plain, getattr(plain_element, sibling)(name, **keywords)), url


def _random_page(rng: random.Random) -> str:
    """Markup a parser must recover from: tags opened and closed anywhere (void, raw-text and
    whitespace-keeping ones among them), attributes bs4 splits into lists, text of every kind of
    whitespace, comments, doctypes, processing instructions, CDATA and stray ``<``."""
    names = ["div", "p", "span", "a", "ul", "li", "table", "tr", "td", "pre", "textarea", "script", "style", "template", "b", "h1", "main", "nav", "br", "img",
             "meta", "head", "body", "html", "title", "form", "input", "button", "select", "option", "svg:rect", "x-y"]  # fmt: skip
    attributes = [" class='a  b'", " class=' ad '", " id=x", " href='/p?q=1&amp;r'", " rel='nofollow noopener'", " data-ad", " charset=utf-8",
                  " content='text/html; charset=x' http-equiv=Content-Type", " headers='h1 h2'"]  # fmt: skip
    texts = ["text", " ", "\n", "\n  \t", "a &lt; b &amp; c", "  two  spaces ", "é", "\r\n", "x\ny"]
    declarations = ["<!-- c -->", "<!doctype html>", "<?pi x?>", "<![CDATA[ d ]]>"]
    return random_markup(
        rng, names=names, attributes=attributes, texts=texts, declarations=declarations, strays=["", "/", "!"], longest=60, shares=(0.35, 0.55, 0.85, 0.92)
    )


_LINKS = ("parent", "next_element", "previous_element", "next_sibling", "previous_sibling")


def _tree(soup: Any) -> list[list[Any]]:
    """Every node of a parsed page in document order: its class, text or name, attributes (with
    their types), bs4's per-element settings, and each of its links as the place of the node it
    points to."""
    nodes: list[Any] = []
    stack = [soup]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(reversed(getattr(node, "contents", [])))
    place = {id(node): n for n, node in enumerate(nodes)}
    rows: list[list[Any]] = []
    for node in nodes:
        kind = next(c.__name__ for c in type(node).__mro__ if c.__module__.startswith("bs4"))
        row: list[Any]
        if isinstance(node, Tag):
            row = [kind, node.name, node.prefix, node.namespace, node._namespaces, {k: (v, type(v).__name__) for k, v in node.attrs.items()}]
            row += [type(node.attrs).__name__, node.attribute_value_list_class.__name__, node.hidden, node.can_be_empty_element, node.known_xml]
            row += [
                sorted(c.__name__ for c in node.interesting_string_types or ()),
                node.sourceline,
                node.sourcepos,
                sorted(node.preserve_whitespace_tags or ()),
            ]
            row += [node.cdata_list_attributes, node.parser_class is not None]
        else:
            row = [kind, str(node), node.hidden]
        rows.append(row + [place.get(id(getattr(node, link)), "outside" if getattr(node, link) is not None else None) for link in _LINKS])
    return rows


def test_the_parse_builds_the_tree_bs4_builds() -> None:
    """The parse makes its elements and strings itself (issue 59: bs4's generic steps were most of
    a page's parse): every node, attribute, setting and link is the one bs4's own parse makes,
    over the sample pages and 600 pages of random markup."""
    rng = random.Random(59)  # noqa: S311 (markup for a test, not a secret)
    pages = [html for _, html in _pages()] + [_random_page(rng) for _ in range(600)]
    for html in pages:
        fast, plain = content.parse_html(html), _parse_plain(html)
        assert type(fast) is not type(plain)
        assert _tree(fast) == _tree(plain), html


# head_metadata's scans as RE2 made them (content.py before issue 59's hand scan).
_HEAD_TAG = linear.fixed(r"(?i)<(html|meta)\b([^>]*)>")
_ATTRIBUTE = linear.fixed(r"""([a-zA-Z:-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")
_HEAD_TOKENS = ["<", ">", "<meta", "<META", "<html", "<Html", "<htmlx", "<meta-", "<metaé", "<body", "=", " = ", '"', "'", "name", "content",
                "property", "lang", "description", "og:locale:alternate", "data-x", "a1", "é", " ", "\t", "\n", "\x0b", "\xa0", "x", "&amp;",
                "&#x41;", "-", ":"]  # fmt: skip


def test_the_head_is_read_as_the_patterns_read_it() -> None:
    rng = random.Random(1959)  # noqa: S311 (markup for a test, not a secret)
    pages = [html for _, html in _pages()]
    pages += ["".join(rng.choice(_HEAD_TOKENS) for _ in range(rng.randint(1, 40))) for _ in range(4000)]
    for html in pages:
        lowered = html.lower()
        head = html[: lowered.find("<body")] if "<body" in lowered else html[:20_000]
        assert content._head_tags(head) == [tuple(found) for found in _HEAD_TAG.findall(head)], head
        for _, raw in content._head_tags(head):
            assert content._attributes(raw) == [tuple(found) for found in _ATTRIBUTE.findall(raw)], raw


_BASE64_IMAGE = linear.fixed(r"!\[([^\]]*)\]\(data:[^)]*\)")
_IMAGE_TOKENS = ["!", "[", "]", "(", ")", "![", "](", "](data:", "(data:", "data:", "alt", "x", " ", "\n", "é", "![a](data:x)", "![](data:)"]


def test_base64_images_are_replaced_as_the_pattern_replaced_them() -> None:
    rng = random.Random(64)  # noqa: S311 (text for a test, not a secret)
    texts = [html for _, html in _pages()] + ["".join(rng.choice(_IMAGE_TOKENS) for _ in range(rng.randint(1, 30))) for _ in range(5000)]
    replaced = 0
    for text in texts:
        expected = _BASE64_IMAGE.sub(lambda m: f"![{m.group(1)}]({content.BASE64_PLACEHOLDER})", text)
        assert content.remove_base64_images(text) == expected, text
        replaced += expected != text
    assert replaced > 1000


def test_a_link_python_cannot_read_is_no_page_for_the_crawl_and_no_error() -> None:
    page = '<a href="http://[x/y">bad</a><a href="/ok">ok</a>'
    assert web.links_in(page, "https://e.example.com/a") == ["https://e.example.com/ok"]
