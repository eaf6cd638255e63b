"""The markdown made without bs4 (issue 59: bs4's tree and markdownify's walk of it were most of a
cold crawl's time) is the markdown the bs4 path makes, byte for byte, or none at all (the render
then takes the bs4 path): over the synthetic web's pages of every kind and thousands of pages of
random markup, under each combination of the options it serves."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from markdownify import MarkdownConverter
from webdata_server import content, dom, page_markdown
from webdata_server.web import FetchContext, SyntheticWeb

from tests.server.markup import random_markup

FLAGS = list(itertools.product((True, False), (True, False)))


def _slow(html: str, url: str, only_main: bool, block_ads: bool) -> str:
    root = content.filter_html(html, only_main=only_main, include_tags=None, exclude_tags=None, block_ads=block_ads)
    return content.to_markdown(root, url)


def _synthetic() -> list[tuple[str, str]]:
    web = SyntheticWeb()
    contexts = [
        FetchContext(headers={}, mobile=False, country="US", languages=[]),
        FetchContext(headers={"User-Agent": "a_b*c <x>"}, mobile=True, country="DE", languages=["fr-FR"]),
    ]
    urls = [
        f"https://{host}{path}"
        for host in ("example.com", "docs.example.com", "pages-100.check.example.com", "shop.example.org", "my_site.example.com")
        for path in ("/", "/docs/1", "/blog/2?x=1&y=2", "/about", "/prompt-injection", "/personal-data", "/changing")
    ]
    structured = ("/products/trail-shoe", "/menu", "/media/clip", "/watch", "/robots.txt", "/sitemap.xml")
    applications = ("/app/login", "/app/account", "/app/wizard", "/app/listing", "/app/listing?page=3", "/app/cart", "/app/search?q=shoe")
    urls += [f"https://shop.example.com{path}" for path in (*structured, *applications)]
    pages = []
    for context in contexts:
        for url in urls:
            page = web.fetch(url, context)
            if page.html:
                pages.append((url, page.html))
    return pages


def test_every_synthetic_page_is_made_without_bs4_and_the_same() -> None:
    pages = _synthetic()
    assert len(pages) >= 70
    for url, html in pages:
        for only_main, block_ads in FLAGS:
            fast = page_markdown.markdown(html, url, only_main=only_main, block_ads=block_ads)
            assert fast is not None, url
            assert fast == _slow(html, url, only_main, block_ads), (url, only_main, block_ads)


# Markup for the random pages: every element markdownify converts (and some it does not), the
# filters' names and attributes, text markdown escapes or collapses, and what a parser recovers from.
_NAMES = ["div", "p", "span", "a", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "pre", "code", "kbd",
          "samp", "textarea", "script", "style", "noscript", "b", "strong", "em", "i", "del", "s", "sub", "sup", "q", "h1", "h2", "h3", "h6",
          "h7", "h0", "hr", "br", "img", "blockquote", "dl", "dt", "dd", "figcaption", "figure", "main", "nav", "header", "footer", "aside",
          "article", "section", "button", "input", "select", "option", "form", "head", "body", "html", "title", "meta", "list", "soup",
          "fn-cache", "x-y", "svg:rect", "font", "center", "label", "video", "source", "svg", "path", "math", "template", "iframe", "P", "TABLE",
          "Li", "br/", "object", "embed", "wbr", "details", "summary", "abbr", "mark", "small", "u", "tt", "var", "cite", "dfn"]  # fmt: skip
_ATTRIBUTES = [" class='ad'", " class='x ads'", " class='advert y'", " class=' cookie-banner '", " class='AD'", " id='cookie-banner'", " id=x",
               " data-ad", " data-ad=''", " href='/p?q=1&amp;r'", " href=''", " href='https://other.example.org/a_b'", " href='a_b'",
               " title='t \"q\"'", " src='/i.png'", " alt='A *b*'", " colspan=2", " colspan='0'", " colspan='x'", " colspan='²'",
               " start=3", " start='½'", " start=''", " poster='/p.jpg'", " src=''"]  # fmt: skip
_TEXTS = ["text", " ", "\n", "\n  \t", "a &lt; b &amp; c", "  two  spaces ", "é", "\r\n", "x\ny", "*star*", "_under_", "`tick`", "``", "a_b",
          "\xa0", " \xa0 ", "1. item", "# hash", "- dash", "&nbsp;", "&amp;lt;", "tab\there", "line\n\n\nline", "&#0;", "&#x110000;", "&bogus;", "&#128512;",
          "\x00", "\x0b", "\u2028", "<meta charset=utf-8>", "<a href=/x>", "<img src=x alt=y/>", "<td colspan=3>", "<p/>", "</br>"]  # fmt: skip


_DECLARATIONS = ["<!-- c -->", "<!---->", "<!-- \n -->", "<!--x-->", "<?pi x?>", "<?>", "<![CDATA[ d ]]>", "<![endif]-->",
                 "<!--[if IE]><p>x</p><![endif]-->", "<!doctype html>", "<?xml version='1.0'?>"]  # fmt: skip


def _random_page(rng: random.Random) -> str:
    return random_markup(
        rng,
        names=_NAMES,
        attributes=_ATTRIBUTES,
        texts=_TEXTS,
        declarations=_DECLARATIONS,
        strays=["", "/", "!", "a"],
        longest=80,
        shares=(0.38, 0.58, 0.9, 0.96),
        doctype_first=0.5,
    )


def test_random_markup_gives_the_same_markdown_or_none() -> None:
    rng = random.Random(5959)  # noqa: S311 (markup for a test, not a secret)
    made = 0
    for n in range(2500):
        html = _random_page(rng)
        url = f"https://r{n}.example.com/a/b"
        only_main, block_ads = FLAGS[n % len(FLAGS)]
        fast = page_markdown.markdown(html, url, only_main=only_main, block_ads=block_ads)
        if fast is not None:
            made += 1
            assert fast == _slow(html, url, only_main, block_ads), html
    assert made > 1500  # the random pages are mostly what this path models, not handed back


@pytest.mark.parametrize(
    "html",
    [
        "<p>a</p><!DOCTYPE html><p>b</p>",
        "<p>a</p><!DOCTYPE html>",
        "<ul><li><main><p>x</p></main></li></ul>",
        "<pre><main>x</main></pre>",
        "<div>" * 230 + "deep" + "</div>" * 230,
        "<main>" + "<span>" * 198 + "<b>x</b>" + "</span>" * 198 + "</main>",
    ],
)
def test_what_it_does_not_model_is_handed_back(html: str) -> None:
    assert page_markdown.markdown(html, "https://e.example.com/", only_main=True, block_ads=True) is None
    _slow(html, "https://e.example.com/", True, True)  # which the bs4 path makes


@pytest.mark.parametrize(
    "html",
    [
        "<?php echo 1 ?><p>x</p>",
        "<p>a<?pi x?>b</p>",
        "<p>a<![CDATA[ b ]]>c</p>",
        "<?xml version='1.0'?><!-- c --><!DOCTYPE html><html><body><p>x</p></body></html>",
        "<!--[if lte IE 9]><div>old</div><![endif]--><main><p>new</p></main>",
        "<main>" + "<span>" * 150 + "<b>x</b>" + "</span>" * 150 + "</main>",
    ],
)
def test_what_the_parser_makes_a_comment_of_is_modelled(html: str) -> None:
    """Processing instructions, CDATA and conditional comments are comments in lxml's HTML tree,
    as in bs4's; nesting short of the bound is modelled too."""
    fast = page_markdown.markdown(html, "https://e.example.com/", only_main=True, block_ads=True)
    assert fast is not None and fast == _slow(html, "https://e.example.com/", True, True)


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        # Names markdownify read as its own attributes and failed on.
        ("<p>a <soup>b</soup> c</p>", "a b c\n"),
        ("<p>a <fn-cache>b</fn-cache></p>", "a b\n"),
        # Numbers Python's int() does not read are absent.
        ("<table><tr><td colspan='²'>a</td><td>b</td></tr></table>", "|  |  |\n| --- | --- |\n| a | b |\n"),
        ("<ol start='½'><li>a</li></ol>", "1. a\n"),
        ("<ol start='" + "9" * 5000 + "'><li>a</li></ol>", "1. a\n"),
        ("<ol start='٣'><li>a</li></ol>", "3. a\n"),
    ],
)
def test_markup_markdownify_failed_on_converts_on_both_paths(html: str, expected: str) -> None:
    page = f"<html><body><main>{html}</main></body></html>"
    assert _slow(page, "https://e.example.com/", True, True) == expected
    assert page_markdown.markdown(page, "https://e.example.com/", only_main=True, block_ads=True) == expected


def test_it_knows_every_conversion_markdownify_has() -> None:
    """A markdownify with a conversion this path does not know would convert a tag both differently
    (the random pages might not hold it): its conversions are the ones this path was written for."""
    names = {name.removeprefix("convert_") for name in dir(MarkdownConverter) if name.startswith("convert_")}
    names |= {name.removeprefix("convert_") for name in vars(MarkdownConverter(heading_style="ATX")) if name.startswith("convert_")}
    known = page_markdown._CONVERSIONS | content._NOT_CONVERSIONS | {"hN"}
    assert names == known


def test_its_nesting_bound_is_the_parse_s() -> None:
    assert page_markdown._MAX_DEPTH == dom.MAX_DEPTH


def test_a_render_of_markdown_alone_takes_this_path(monkeypatch: Any) -> None:
    """The renderer asks this path first for a page's markdown, and the bs4 path only for what it
    hands back or when the html format or a tag filter needs bs4's element."""
    from webdata_server.scrape import render

    calls: list[str] = []
    monkeypatch.setattr(page_markdown, "markdown", _counting(page_markdown.markdown, calls, "fast"))
    monkeypatch.setattr(content, "filter_html", _counting(content.filter_html, calls, "slow"))
    web = SyntheticWeb()
    page = web.fetch("https://e.example.com/a", FetchContext(headers={}, mobile=False, country="US", languages=[]))
    renderer = render.Renderer(_pricing())
    import webdata_models as models

    plain = renderer.render(page, models.ScrapeRequest(url=page.url))
    assert calls == ["fast"]
    calls.clear()
    both = renderer.render(page, models.ScrapeRequest(url=page.url, formats=["markdown", "html"]))
    assert calls == ["slow"]
    assert both.markdown == plain.markdown
    calls.clear()
    renderer.render(page, models.ScrapeRequest(url=page.url, exclude_tags=["nav"]))
    assert calls == ["slow"]


def _counting(function: Any, calls: list[str], label: str) -> Any:
    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(label)
        return function(*args, **kwargs)

    return counted


def _pricing() -> Any:
    from webdata_server.config import read_bundle
    from webdata_server.contract import Contract
    from webdata_server.pricing import Pricing

    return Pricing.from_contract(Contract.load(read_bundle()))


@pytest.mark.parametrize("base", ["https://e.example.com/a/b?q=1", "http://e.example.com/", "ftp://e.example.com/x", "https://other.example.org"])
def test_links_naming_their_host_join_as_urljoin_joins_them(base: str) -> None:
    """A link that names its host is joined once per scheme (the page's base reads no further)."""
    from urllib.parse import urljoin, urlsplit

    hrefs = ["https://h.example.com/p?x#f", "http://h.example.com/../a/./b", "//cdn.example.com/i.png", "HTTPS://H.example.com/", "https:///nohost",
             "https://h.example.com/?", "https://h.example.com#", "/root", "rel/x", "?q", "#top", "mailto:a@b.c", "javascript:void(0)", "", "https:"]  # fmt: skip
    scheme = urlsplit(base).scheme
    for href in hrefs:
        joined = page_markdown._with_host(scheme, href)
        assert (urljoin(base, href) if joined is None else joined) == urljoin(base, href), href
