"""The structured formats read a page's JSON-LD in linear time, within their bounds (issue 73: a
500,000-item list took 49.6 s a scrape, nesting 100,000 deep answered 500), in the same order as
before: compared with the former reading over random documents."""

from __future__ import annotations

import json
import time
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from webdata_server import structured


def _former(html_scripts: list[Any]) -> list[dict[str, Any]]:
    """The former reading (quadratic: a list spliced at its head), for comparison."""
    found: list[dict[str, Any]] = []
    for data in html_scripts:
        stack = [data]
        while stack:
            item = stack.pop(0)
            if isinstance(item, list):
                stack[:0] = item
            elif isinstance(item, dict):
                found.append(item)
                if isinstance(item.get("@graph"), list):
                    stack.extend(item["@graph"])
    return found


def _page(*scripts: str) -> str:
    body = "".join(f'<script type="application/ld+json">{s}</script>' for s in scripts)
    return f"<html><head>{body}</head><body><p>x</p></body></html>"


_VALUES = st.recursive(
    st.one_of(st.integers(0, 9), st.text("ab", max_size=2)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["@type", "name", "@graph", "offers"]), inner, max_size=3),
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(scripts=st.lists(_VALUES, min_size=1, max_size=3))
def test_the_order_is_the_former_readings(scripts: list[Any]) -> None:
    assert structured.json_ld(_page(*(json.dumps(s) for s in scripts))) == _former(scripts)


def test_a_long_list_is_read_in_linear_time_and_bounded() -> None:
    items = json.dumps([{"@type": "Thing", "n": n} for n in range(500_000)])
    started = time.process_time()
    found = structured.json_ld(_page(items[: structured.MAX_JSON_LD_CHARS - 2].rsplit("},", 1)[0] + "}]"))
    assert time.process_time() - started < 5  # quadratic took 49.6 s of a scrape
    assert len(found) == structured.MAX_JSON_LD_ITEMS and found[0] == {"@type": "Thing", "n": 0}


def test_deep_nesting_and_oversized_scripts_are_skipped_not_a_500() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert structured.json_ld(_page(deep, json.dumps({"@type": "Product", "name": "kept"}))) == [{"@type": "Product", "name": "kept"}]
    nested = json.dumps({"@type": "A", "@graph": [[[[{"@type": "B"}]]]]})
    assert [i["@type"] for i in structured.json_ld(_page(nested))] == ["A", "B"]
    too_deep: Any = {"@type": "Deep"}
    for _ in range(structured.MAX_JSON_LD_DEPTH + 5):
        too_deep = [too_deep]
    assert structured.json_ld(_page(json.dumps(too_deep))) == []
    big = json.dumps({"@type": "Big", "text": "x" * (structured.MAX_JSON_LD_CHARS + 1)})
    assert structured.json_ld(_page(big)) == []
