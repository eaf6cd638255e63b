"""The formats step's memo: the same content under the same rendering options is rendered once."""

from __future__ import annotations

from typing import Any

import pytest
import webdata_models as models
from webdata_server.config import read_bundle
from webdata_server.contract import Contract
from webdata_server.errors import PromptInjection
from webdata_server.pricing import Pricing
from webdata_server.scrape import Renderer, fetch_context
from webdata_server.web import Page, SyntheticWeb


def _request(**options: Any) -> models.ScrapeRequest:
    return models.ScrapeRequest.model_validate({"url": "https://memo.example.com/a", **options})


@pytest.fixture
def renderer() -> Renderer:
    return Renderer(Pricing.from_contract(Contract.load(read_bundle())))


def _page(url: str = "https://memo.example.com/a") -> Page:
    return SyntheticWeb().fetch(url, fetch_context(_request()))


def test_same_content_and_options_render_once(renderer: Renderer) -> None:
    first = renderer.render(_page(), _request(formats=["markdown", "links"]))
    first.fresh_document()["metadata"]["cacheState"] = "changed by one request"
    again = renderer.render(_page(), _request(formats=["markdown", "links"], maxAge=0, storeInCache=False))
    assert (renderer.misses, renderer.hits) == (1, 1)  # maxAge and storeInCache do not change a render
    assert again is first and "cacheState" not in again.document["metadata"]  # copies given out never write back
    assert "markdown" in again.document and again.document["links"]


def test_other_content_or_rendering_options_render_again(renderer: Renderer) -> None:
    renderer.render(_page(), _request())
    renderer.render(_page(), _request(onlyMainContent=False))
    renderer.render(_page("https://memo.example.com/b"), _request())
    changing = SyntheticWeb()  # a page whose content changes at every fetch
    context = fetch_context(_request())
    one = renderer.render(changing.fetch("https://memo.example.com/changing", context), _request(url="https://memo.example.com/changing"))
    two = renderer.render(changing.fetch("https://memo.example.com/changing", context), _request(url="https://memo.example.com/changing"))
    assert renderer.hits == 0 and renderer.misses == 5
    assert one.document["markdown"] != two.document["markdown"]


def test_pages_changed_by_actions_and_refusals_are_never_kept(renderer: Renderer) -> None:
    page = _page()
    renderer.render(page, _request(), html=page.html.replace("</body>", "<p>clicked</p></body>"))
    renderer.render(page, _request(), html=page.html)
    assert renderer.hits == renderer.misses == 0
    injected = _page("https://memo.example.com/prompt-injection")
    options = _request(url=injected.url, formats=[{"type": "json", "prompt": "x", "checkPromptInjection": True}])
    for _ in range(2):
        with pytest.raises(PromptInjection) as refused:
            renderer.render(injected, options)
        assert [c.credits for c in refused.value.charges] == [Pricing.from_contract(Contract.load(read_bundle())).injection_check]
