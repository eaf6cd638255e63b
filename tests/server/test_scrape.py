"""The scrape rules the server implements so far (seed §2.2, §2.3, §2.5, §8): cache rules, PDF
parsing charges, prompt-injection checks and threat protection, each with its exact credit delta."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from webdata_server.store import Store

from tests.server.conftest import Api, Server


def _used(server: Server, api: Api) -> int:
    return sum(row["credits"] for row in server.store.ledger.rows(api.team_id))


def _scrape(server: Server, api: Api, body: dict[str, Any]) -> tuple[int, dict[str, Any], int]:
    """(status, body, credits charged by this call)."""
    before = _used(server, api)
    response = api("scrapeUrl", json=body)
    return response.status_code, response.json(), _used(server, api) - before


def test_fresh_then_cached(server: Server) -> None:
    url = "https://example.com/cache"
    status, first, credits = _scrape(server, server.api, {"url": url})
    assert (status, first["data"]["metadata"]["cacheState"], credits) == (200, "miss", 1)
    _, second, credits = _scrape(server, server.api, {"url": url})
    assert (second["data"]["metadata"]["cacheState"], credits) == ("hit", 1)
    assert second["data"]["markdown"] == first["data"]["markdown"]
    _, third, _ = _scrape(server, server.api, {"url": url, "maxAge": 0})
    assert third["data"]["metadata"]["cacheState"] == "miss"


@pytest.mark.parametrize("extra", [{"storeInCache": False}, {"headers": {"Cookie": "a=b"}}, {"actions": [{"type": "wait", "milliseconds": 5}]}])
def test_nothing_stored_when_not_allowed(server: Server, extra: dict[str, Any]) -> None:
    url = "https://example.com/private"
    _scrape(server, server.api, {"url": url, **extra})
    status, body, _ = _scrape(server, server.api, {"url": url, "minAge": 1})
    assert (status, body["code"]) == (404, "SCRAPE_NO_CACHED_DATA")


def test_min_age(server: Server) -> None:
    url = "https://example.com/min-age"
    status, body, credits = _scrape(server, server.api, {"url": url, "minAge": 1})
    assert (status, body["success"], body["code"], credits) == (404, False, "SCRAPE_NO_CACHED_DATA", 0)
    _scrape(server, server.api, {"url": url})
    status, body, _ = _scrape(server, server.api, {"url": url, "minAge": 1})
    assert status == 200 and body["data"]["metadata"]["cacheState"] == "hit"
    status, body, _ = _scrape(server, server.api, {"url": url, "minAge": 3_600_000})
    assert (status, body["code"]) == (404, "SCRAPE_NO_CACHED_DATA")


def test_lockdown_miss_then_hit(server: Server) -> None:
    url = "https://example.com/locked"
    status, body, credits = _scrape(server, server.api, {"url": url, "lockdown": True})
    assert (status, body["code"], credits) == (404, "SCRAPE_LOCKDOWN_CACHE_MISS", 1)
    _scrape(server, server.api, {"url": url})
    status, body, credits = _scrape(server, server.api, {"url": url, "lockdown": True})
    assert (status, body["data"]["metadata"]["cacheState"], credits) == (200, "hit", 5)


def test_pdf_is_billed_per_page(server: Server) -> None:
    status, body, credits = _scrape(server, server.api, {"url": "https://example.com/report.pdf?pages=4"})
    assert (status, body["data"]["metadata"]["numPages"], credits) == (200, 4, 4)
    status, body, credits = _scrape(
        server, server.api, {"url": "https://example.com/cap.pdf?pages=9", "parsers": [{"type": "pdf", "maxPages": 2, "pages": True}]}
    )
    assert credits == 2 and [p["pageNumber"] for p in body["data"]["pages"]] == [1, 2]


def test_pdf_without_parsers_is_base64_at_a_flat_credit(server: Server) -> None:
    status, body, credits = _scrape(server, server.api, {"url": "https://example.com/raw.pdf?pages=7", "parsers": []})
    assert (status, credits) == (200, 1)
    # As the service: the file's base64 stands in the markdown; rawBase64 only when asked for.
    assert base64.b64decode(body["data"]["markdown"]).startswith(b"%PDF-") and "rawBase64" not in body["data"]
    status, body, credits = _scrape(server, server.api, {"url": "https://example.com/raw.pdf?pages=7", "parsers": [], "formats": ["rawBase64"], "maxAge": 0})
    assert (status, credits) == (200, 1) and base64.b64decode(body["data"]["rawBase64"]).startswith(b"%PDF-") and "markdown" not in body["data"]
    # rawBase64 is taken only alone (the service's rule), so it never sits beside the markdown.
    status, body, _ = _scrape(server, server.api, {"url": "https://example.com/raw.pdf?pages=7", "parsers": [], "formats": ["markdown", "rawBase64"]})
    assert status == 400 and body["error"] == "The rawBase64 format cannot be combined with other formats"


def test_page_markers(server: Server) -> None:
    _, body, _ = _scrape(server, server.api, {"url": "https://example.com/m.pdf?pages=3", "parsers": [{"type": "pdf", "pageMarkers": True}]})
    markdown = body["data"]["markdown"]
    assert not markdown.startswith("---")
    assert markdown.count("\n\n---\n<!-- page ") == 2 and "<!-- page 2 -->\n\n" in markdown and "<!-- page 3 -->" in markdown


def test_prompt_injection_check(server: Server) -> None:
    check = {"formats": [{"type": "json", "checkPromptInjection": True}]}
    status, _, credits = _scrape(server, server.api, {"url": "https://example.com/clean", **check})
    assert (status, credits) == (200, 1 + 4)
    status, body, credits = _scrape(server, server.api, {"url": "https://example.com/prompt-injection", **check})
    assert (status, body["code"], credits) == (403, "SCRAPE_PROMPT_INJECTION_DETECTED", 4)
    status, _, credits = _scrape(server, server.api, {"url": "https://example.com/prompt-injection-2", "formats": [{"type": "json"}]})
    assert (status, credits) == (200, 1)


def test_prompt_injection_check_at_the_top_level(server: Server) -> None:
    """firecrawl-py 4.53 sends checkPromptInjection beside the formats (the json format's field is
    deprecated there): the same check, the same price, with any format."""
    status, _, credits = _scrape(server, server.api, {"url": "https://example.com/clean-top", "checkPromptInjection": True})
    assert (status, credits) == (200, 1 + 4)
    status, body, credits = _scrape(server, server.api, {"url": "https://example.com/prompt-injection-top", "checkPromptInjection": True})
    assert (status, body["code"], credits) == (403, "SCRAPE_PROMPT_INJECTION_DETECTED", 4)
    both = {"checkPromptInjection": True, "formats": [{"type": "json", "checkPromptInjection": True}]}
    status, _, credits = _scrape(server, server.api, {"url": "https://example.com/clean-both", **both})
    assert (status, credits) == (200, 1 + 4)  # one check, charged once
    status, _, credits = _scrape(server, server.api, {"url": "https://example.com/prompt-injection-3", "checkPromptInjection": None})
    assert (status, credits) == (200, 1)  # null is false


def test_threat_protection(server: Server) -> None:
    api = server.api_for(server.tenant(tp_enabled=True))
    normal = {"threatProtection": {"mode": "normal"}}
    assert _scrape(server, api, {"url": "https://example.com/a", **normal})[2] == 1 + 2
    status, body, credits = _scrape(server, api, {"url": "https://malware.example.com", **normal})
    assert (status, body["code"], credits) == (403, "THREAT_PROTECTION_URL_BLOCKED", 2)
    assert _scrape(server, api, {"url": "https://bad.example.net/x", "threatProtection": {"blacklist": ["*.example.net"]}})[0] == 403
    assert _scrape(server, api, {"url": "https://x.zip/y", "threatProtection": {"blockedTlds": ["zip"]}})[0] == 403
    allowed = {"blacklist": ["malware.example.com"], "whitelist": ["malware.example.com"], "mode": "normal"}
    assert _scrape(server, api, {"url": "https://malware.example.com/z", "threatProtection": allowed})[0:3:2] == (200, 1)


def test_threat_protection_entitlement(server: Server) -> None:
    override = {"url": "https://example.com", "threatProtection": {"mode": "normal"}}
    assert server.api("scrapeUrl", json=override).json()["code"] == "THREAT_PROTECTION_NOT_ENABLED"
    disabled = server.api_for(server.tenant(tp_enabled=True, tp_overrides_disabled=True))
    assert disabled("scrapeUrl", json=override).json()["code"] == "THREAT_PROTECTION_OVERRIDES_DISABLED"
    enforced = server.api_for(server.tenant(tp_enabled=True, tp_enforced=True))
    off = enforced("scrapeUrl", json={"url": "https://example.com", "threatProtection": {"mode": "off"}})
    assert (off.status_code, off.json()["code"]) == (403, "THREAT_PROTECTION_ENFORCED")


def test_a_min_age_beyond_any_date_finds_nothing(server: Server) -> None:
    # Found by the conformance suite's fuzzing (seed 102): minAge 905266212455183104 overflowed a date.
    url = "https://example.com/ancient"
    _scrape(server, server.api, {"url": url})
    status, body, _ = _scrape(server, server.api, {"url": url, "minAge": 905266212455183104})
    assert (status, body["code"]) == (404, "SCRAPE_NO_CACHED_DATA")


def _copies(server: Server, url: str) -> int:
    row = server.store.db.read_one("SELECT COUNT(*) AS n FROM scrape_cache WHERE url LIKE ?", (url + "%",))
    return int(row["n"]) if row else 0


def test_the_cache_keeps_a_bounded_number_of_copies_the_newest_winning(server: Server) -> None:
    url = "https://example.com/often"
    scrape_ids = []
    for _ in range(12):
        status, body, _ = _scrape(server, server.api, {"url": url, "maxAge": 0})
        assert status == 200 and body["data"]["metadata"]["cacheState"] == "miss"
        scrape_ids.append(body["data"]["metadata"]["scrapeId"])
    assert _copies(server, url) == server.settings.cache_copies == 5
    # maxAge reads the newest copy, as before the bound.
    _, hit, _ = _scrape(server, server.api, {"url": url})
    assert hit["data"]["metadata"]["cacheState"] == "hit"
    # A second set of options is a page of its own, with its own copies.
    _scrape(server, server.api, {"url": url, "maxAge": 0, "mobile": True})
    assert _copies(server, url) == 6


def test_the_cache_bound_keeps_the_newest_copies_under_a_tag(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one copy"):
        Store(tmp_path / "none.sqlite3", cache_copies=0)
    store = Store(tmp_path / "cache.sqlite3", cache_copies=2)
    try:
        start = datetime(2026, 1, 1, tzinfo=UTC)
        for minute in range(4):
            moment = start + timedelta(minutes=minute)
            store.write(partial(store.pages.put, url="https://a.example/", document=json.dumps({"n": minute}), moment=moment, tag="v"))
        store.write(lambda tx: store.pages.put(tx, "https://a.example/", json.dumps({"n": "other"}), start, "w"))
        assert (store.pages.copies("https://a.example/", "v"), store.pages.copies("https://a.example/", "w")) == (2, 1)
        newest = store.pages.newest("https://a.example/", "v")
        older = store.pages.newest("https://a.example/", "v", not_after=start + timedelta(minutes=2, seconds=30))
        assert newest is not None and newest[0] == {"n": 3}
        assert older is not None and older[0] == {"n": 2}
        assert store.pages.newest("https://a.example/", "v", not_after=start + timedelta(minutes=1)) is None  # dropped by the bound
    finally:
        store.close()


def test_serve_refuses_a_cache_of_no_copies(capsys: pytest.CaptureFixture[str]) -> None:
    from webdata_server.__main__ import main

    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--cache-copies", "0"])
    assert stopped.value.code == 2
    assert "--cache-copies: expected a whole number of at least 1, got '0'" in capsys.readouterr().err
