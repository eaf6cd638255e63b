"""Memos bounded by bytes as well as entries (issue 57 item 6: 512 renders held 3.8 GB, 256 maps 1.8 GB)."""

from __future__ import annotations

import webdata_models as models
from webdata_server.config import read_bundle
from webdata_server.contract import Contract
from webdata_server.memo import Memo, weight
from webdata_server.pricing import Pricing
from webdata_server.scrape import Renderer, fetch_context
from webdata_server.web import SyntheticWeb


def test_a_memo_keeps_its_bytes_under_its_bound_dropping_the_least_recently_used() -> None:
    memo: Memo[str, str] = Memo(entries=100, max_bytes=1000)
    for key in "abcd":
        memo.put(key, "x" * 200)
    assert memo.get("a") == "x" * 200  # a is now the most recently used
    memo.put("e", "y" * 200)  # 1,000 bytes: still all five
    memo.put("f", "z" * 200)  # b, the least recently used, leaves
    assert memo.get("b") is None and memo.get("a") is not None and memo.bytes == 1000
    memo.put("huge", "h" * 251)  # over a quarter of the budget: not kept, nothing pushed out
    assert "huge" not in memo and len(memo) == 5


def test_a_memo_keeps_at_most_its_entries() -> None:
    memo: Memo[int, str] = Memo(entries=3, max_bytes=10**6)
    for key in range(10):
        memo.put(key, "v")
    assert len(memo) == 3 and memo.get(9) == "v" and memo.get(0) is None


def test_weight_counts_the_characters_a_value_holds() -> None:
    assert (
        weight({"markdown": "abc", "links": ["https://a", "https://b"], "metadata": {"n": 1}})
        == len("markdown") + 3 + len("links") + 18 + len("metadata") + 1 + 8
    )


def test_the_render_memo_stays_within_its_bytes_after_pages_with_screenshots() -> None:
    renderer = Renderer(Pricing.from_contract(Contract.load(read_bundle())), memo_bytes=4 * 1024 * 1024)
    formats = [{"type": "screenshot", "fullPage": True, "quality": 100}, "markdown", "html", "rawHtml"]
    for number in range(40):
        request = models.ScrapeRequest.model_validate({"url": f"https://shots-{number}.example.com/", "formats": formats})
        rendered = renderer.render(SyntheticWeb().fetch(request.url, fetch_context(request)), request)
        assert rendered.document["screenshot"].startswith("data:image/jpeg")
    assert 0 < renderer._memo.bytes <= 4 * 1024 * 1024
    assert 1 < len(renderer._memo) < 40  # the newest kept, the oldest gone
