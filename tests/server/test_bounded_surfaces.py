"""Issue 73's surfaces, each re-sent as found and then as a property: structured data on a page,
a folder of pages, a WARC and the test controls' bodies. For every input: no 500, time and memory
within the documented bounds, and a cheap request beside it answered within 1 s."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from webdata_server import structured

from tests.server.conftest import Latency, LiveServer

SLACK = 4096  # the document's envelope around a format's answer (metadata, the warning)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    server = LiveServer(database=tmp_path_factory.mktemp("bounded") / "live.sqlite3", options=("--control", "--clock", "auto"))
    server.start()
    key = str(httpx.post(server.base_url + "/__webdata/teams", json={"planTokens": 10**9}).json()["apiKey"])
    yield server, key
    server.stop()


def _scrape(live: tuple[LiveServer, str], url: str, html: str, formats: list[Any]) -> httpx.Response:
    server, key = live
    put = httpx.put(server.base_url + "/__webdata/pages", json={"url": url, "html": html}, timeout=60)
    assert put.status_code == 200, put.text
    return httpx.post(
        server.base_url + "/v2/scrape", json={"url": url, "formats": formats, "maxAge": 0}, headers={"Authorization": f"Bearer {key}"}, timeout=120
    )


def _menu_page(items: int) -> str:
    menu = {
        "@type": "Menu",
        "name": "M",
        "hasMenuSection": [{"@type": "MenuSection", "name": "s", "hasMenuItem": [{"@type": "MenuItem", "name": f"i{n}"} for n in range(items)]}],
    }
    return f'<html><head><script type="application/ld+json">{json.dumps(menu)}</script></head><body><p>menu</p></body></html>'


def _video_page(title: int, videos: int) -> str:
    return f"<html><head><title>{'T' * title}</title></head><body>" + "".join(f'<video src="/v{n}.mp4"></video>' for n in range(videos)) + "</body></html>"


def _links_page(links: int) -> str:
    return "<html><body><main>" + "".join(f'<a href="/{n}" class="c">x</a>' for n in range(links)) + "</main></body></html>"


@pytest.mark.parametrize(
    ("name", "html", "formats", "field", "said"),
    [
        ("menu", _menu_page(48_000), [{"type": "menu"}], "menu", "The menu format's answer was cut"),  # 26.5 MB from 6.7 MB before
        ("video", _video_page(100_000, 10_000), ["video"], "videos", "The video format's answer was cut"),  # 1 GB from 420 KB before
        (
            "attributes",
            _links_page(50_000),
            [{"type": "attributes", "selectors": [{"selector": "a", "attribute": "href"}] * 100}],
            "attributes",
            "of its 100 selectors",
        ),
    ],
)
def test_a_structured_answer_is_bounded_by_its_page(live: tuple[LiveServer, str], name: str, html: str, formats: list[Any], field: str, said: str) -> None:
    with Latency(live[0].base_url, live[1]) as beside:
        answer = _scrape(live, f"https://bounded.test/{name}", html, formats)
    assert answer.status_code == 200, answer.text[:500]
    data = answer.json()["data"]
    size = len(json.dumps(data[field], ensure_ascii=False, separators=(",", ":")))
    assert size <= structured.ANSWER_MULTIPLE * len(html) + structured.ANSWER_SLACK_CHARS + SLACK, (size, len(html))
    assert said in data["warning"], data["warning"]
    assert beside.slowest < 1.0 and beside.statuses == {200}, beside.slowest
