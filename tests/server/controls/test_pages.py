"""Replaced pages alone (webdata_server.controls.pages): within their byte budget, the oldest first out."""

from __future__ import annotations

import pytest
from webdata_server.controls import pages
from webdata_server.controls.pages import ReplacedPages
from webdata_server.controls.values import FaultError


def test_text_becomes_paragraphs_under_its_title_and_none_restores() -> None:
    replaced = ReplacedPages()
    assert replaced.set("https://example.com/a", text="First <b>.\n\nSecond.", title="A") == []
    html = replaced.get("https://example.com/a")
    assert html is not None and "<title>A</title>" in html and "<p>First &lt;b&gt;.</p><p>Second.</p>" in html
    assert "https://example.com/a" in replaced
    replaced.set("https://example.com/a")
    assert replaced.get("https://example.com/a") is None and replaced.clear() == []  # restored: nothing left to forget


def test_the_oldest_pages_leave_beyond_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "EDITED_BYTES", 250)
    replaced = ReplacedPages()
    assert replaced.set("https://a.test/", html="a" * 100) == []
    assert replaced.set("https://b.test/", html="b" * 100) == []
    assert replaced.set("https://c.test/", html="c" * 100) == ["https://a.test/"]
    assert replaced.clear() == ["https://a.test/", "https://b.test/", "https://c.test/"]  # every URL replaced since: their cached copies go
    with pytest.raises(FaultError, match="a replaced page holds at most"):
        replaced.set("https://d.test/", html="d" * (pages.CONTROL_BODY_BYTES + 1))
