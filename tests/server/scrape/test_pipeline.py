"""A cached copy of a page (the scrape cache's row) gives the page back, field for field; its
bytes are kept only where they are not its HTML's (issue 59: a synthetic page's copy held its HTML
twice, once in base64), and a PDF's own text comes back as its text, not JSON's lists."""

from __future__ import annotations

import json

from webdata_server.files import PdfLine, PdfPageText
from webdata_server.scrape.pipeline import _page_data, _page_from
from webdata_server.web import FetchContext, Page, SyntheticWeb


def _roundtrip(page: Page) -> Page:
    return _page_from(json.loads(json.dumps(_page_data(page))))  # as the store writes and reads it


def test_an_html_page_is_kept_once_and_read_back_whole() -> None:
    page = SyntheticWeb().fetch("https://example.com/docs/1", FetchContext(headers={}, mobile=False, country="US", languages=[]))
    data = _page_data(page)
    assert "raw" not in data and data["html"] == page.html
    assert _roundtrip(page) == page


def test_bytes_that_are_not_the_html_are_kept_in_base64() -> None:
    pdf = SyntheticWeb().fetch("https://example.com/report.pdf?pages=2", FetchContext(headers={}, mobile=False, country="US", languages=[]))
    assert pdf.raw and pdf.html == ""
    assert _page_data(pdf)["raw"] and _roundtrip(pdf) == pdf
    read = Page(
        "https://example.com/f.pdf",
        200,
        "application/pdf",
        "",
        b"%PDF-",
        "f",
        pdf_pages=1,
        pdf_text=(PdfPageText(1, 612.0, 792.0, (PdfLine("Hi", 12.0, (72.0, 700.0, 90.0, 712.0)),)),),
    )
    assert _roundtrip(read) == read  # an upload's own text, as the PDF layout reads it
    latin = Page("https://example.com/", 200, "text/html", "café", "café".encode("latin-1"), "t")
    assert _roundtrip(latin).raw == "café".encode("latin-1")


def test_a_copy_written_before_keeps_reading() -> None:
    """Rows of a database written before the change carry the bytes; they read as they did."""
    page = Page("https://example.com/", 200, "text/html", "<p>x</p>", b"<p>x</p>", "t")
    old_row = {**_page_data(page), "raw": "PHA+eDwvcD4="}  # base64 of <p>x</p>
    assert _page_from(old_row) == page
