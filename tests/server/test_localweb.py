"""Your own pages as the web (issue 58 item 3; webdata_server.localweb): a folder of saved pages
and a WARC archive, served under their original URLs through scrape, crawl, map, search,
monitors and browser sessions; pages outside them are 404s unless the synthetic web fills in; `capture` saves real
pages once (here from a server on this machine) so a test replays them offline."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from webdata_server import running
from webdata_server.testing import Sandbox

from tests.conftest import ROOT

PAGES = {
    "index.html": '<html><head><title>Acme docs</title></head><body><h1>Acme</h1><a href="/guide">Guide</a> <a href="/api/">API</a></body></html>',
    "guide.html": '<html><head><title>Guide</title></head><body><p>Install the widget with pip.</p><a href="/api/errors.html">Errors</a></body></html>',
    "api/index.html": '<html><head><title>API</title></head><body><p>Endpoints of the widget service.</p><a href="/">Home</a></body></html>',
    "api/errors.html": "<html><head><title>Errors</title></head><body><p>Error 42 means the widget is on fire.</p></body></html>",
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    for name, html in PAGES.items():
        path = root / "docs.acme.test" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    return root


def _call(sandbox: Sandbox, path: str, body: Any) -> httpx.Response:
    return httpx.post(sandbox.base_url + path, json=body, headers={"Authorization": f"Bearer {sandbox.api_key}"}, timeout=60)


def test_a_crawl_over_a_folder_of_saved_pages_returns_exactly_those_pages(site: Path) -> None:
    with running(clock="auto", web=str(site)) as sandbox:
        crawled = sandbox.client.crawl("https://docs.acme.test", limit=100)
        urls = sorted(str(document.metadata.source_url) for document in crawled.data)
        # Each page once, by its one URL: the link written /api/errors.html reaches /api/errors.
        assert urls == ["https://docs.acme.test", "https://docs.acme.test/api/", "https://docs.acme.test/api/errors", "https://docs.acme.test/guide"]
        titles = {document.metadata.title for document in crawled.data}
        assert titles == {"Acme docs", "Guide", "API", "Errors"}
        scraped = _call(sandbox, "/v2/scrape", {"url": "https://docs.acme.test/guide", "formats": ["markdown"]}).json()["data"]
        assert "Install the widget with pip." in scraped["markdown"]
        missing = _call(sandbox, "/v2/scrape", {"url": "https://docs.acme.test/nowhere"}).json()["data"]
        assert missing["metadata"]["statusCode"] == 404
        links = [link["url"] for link in _call(sandbox, "/v2/map", {"url": "https://docs.acme.test"}).json()["links"]]
        assert set(links) >= {"https://docs.acme.test/guide", "https://docs.acme.test/api/errors"}
        found = _call(sandbox, "/v2/search", {"query": "widget fire"}).json()["data"]["web"]
        assert found[0]["url"] == "https://docs.acme.test/api/errors"


def test_a_changed_file_is_what_a_monitor_sees_change(site: Path) -> None:
    with running(web=str(site)) as sandbox:
        made = _call(
            sandbox, "/v2/monitor", {"name": "docs", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://docs.acme.test/guide"]}]}
        )
        monitor = made.json()["data"]["id"]
        auth = {"Authorization": f"Bearer {sandbox.api_key}"}

        def check() -> dict[str, Any]:
            run = httpx.post(f"{sandbox.base_url}/v2/monitor/{monitor}/run", headers=auth)
            sandbox.advance(sandbox.server.job_seconds)
            return dict(httpx.get(f"{sandbox.base_url}/v2/monitor/{monitor}/checks/{run.json()['id']}", headers=auth).json()["data"])

        assert check()["summary"]["new"] == 1
        assert check()["summary"]["same"] == 1
        (site / "docs.acme.test" / "guide.html").write_text(PAGES["guide.html"].replace("pip", "uv"), encoding="utf-8")
        assert check()["summary"]["changed"] == 1


def test_the_synthetic_web_fills_in_when_asked(site: Path) -> None:
    with running(web=str(site), web_fill=True) as sandbox:
        elsewhere = _call(sandbox, "/v2/scrape", {"url": "https://docs.example.com/pricing"}).json()["data"]
        assert elsewhere["metadata"]["statusCode"] == 200


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    folder = site / "docs.acme.test"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: _Handler(*a, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("name", ["site.warc", "site.warc.gz"])
def test_captured_pages_replay_offline_from_a_warc(served: str, tmp_path: Path, name: str) -> None:
    archive = tmp_path / name
    urls = [f"{served}/index.html", f"{served}/guide.html", f"{served}/api/errors.html"]
    base = [sys.executable, "-m", "webdata_server", "capture", *urls, "--out", str(archive)]
    refused = subprocess.run(base, capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert refused.returncode == 1 and "not saved" in refused.stdout  # loopback, through the outbound guard
    done = subprocess.run([*base, "--allow-private-fetch"], capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    with running(web=str(archive)) as sandbox:
        page = _call(sandbox, "/v2/scrape", {"url": f"{served}/guide.html", "formats": ["markdown"]}).json()["data"]
        assert "Install the widget with pip." in page["markdown"] and page["metadata"]["title"] == "Guide"
        assert _call(sandbox, "/v2/scrape", {"url": f"{served}/api/index.html"}).json()["data"]["metadata"]["statusCode"] == 404  # not captured


def test_serve_refuses_a_web_that_is_no_folder_or_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "webdata_server", "serve", "--db", str(tmp_path / "x.sqlite3"), "--web", str(tmp_path / "missing")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "neither synthetic, real, a folder of saved pages nor a WARC file" in done.stderr


def test_the_readme_example_runs_as_written(tmp_path: Path) -> None:
    import re

    text = (ROOT / "server" / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"<!-- saved-pages-example -->\n```python\n(.*?)```", text, flags=re.DOTALL)
    namespace: dict[str, Any] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - the README's own example, run as a reader would
    namespace["test_my_crawler_on_the_saved_site"](tmp_path)


def test_interact_and_a_browser_session_drive_the_saved_pages(site: Path) -> None:
    """Interact (issue 54) over your own pages: a scrape's session and a standalone session load and
    follow the folder's pages, as scrape and crawl do."""
    with running(web=str(site)) as sandbox:
        scraped = _call(sandbox, "/v2/scrape", {"url": "https://docs.acme.test/", "formats": ["markdown"]}).json()["data"]
        scrape_id = scraped["metadata"]["scrapeId"]
        code = "await page.click('a[href=\"/guide\"]'); await page.textContent('p')"
        ran = _call(sandbox, f"/v2/scrape/{scrape_id}/interact", {"code": code}).json()
        assert ran["success"] is True and ran["result"] == "Install the widget with pip.", {
            k: v for k, v in ran.items() if k in ("stderr", "result", "exitCode", "output")
        }
        session = _call(sandbox, "/v2/browser", {}).json()["id"]
        title = _call(
            sandbox,
            f"/v2/browser/{session}/execute",
            {"code": "agent-browser open https://docs.acme.test/api/errors.html && agent-browser get title", "language": "bash"},
        ).json()
        assert title["success"] is True and "Errors" in str(title.get("result") or title.get("stdout")), title
        httpx.delete(f"{sandbox.base_url}/v2/browser/{session}", headers={"Authorization": f"Bearer {sandbox.api_key}"})
        httpx.delete(f"{sandbox.base_url}/v2/scrape/{scrape_id}/interact", headers={"Authorization": f"Bearer {sandbox.api_key}"})


def test_paths_no_file_can_have_and_names_no_url_can_name_are_no_pages(site: Path) -> None:
    """Issue 73: a ``%00`` in a path and a 300-character segment answered 500; a file whose name
    is not UTF-8 made every search answer 500. Each is now no page (404), the name skipped with a
    warning, and search answers from the other pages."""
    import os

    odd = os.fsencode(site / "docs.acme.test") + b"/caf\xe9.html"
    with open(odd, "wb") as stream:
        stream.write(b"<html><head><title>Odd</title></head><body>widget</body></html>")
    big = site / "docs.acme.test" / "big.html"
    big.write_bytes(b"<html><body><p>" + b"w" * (10 * 1024 * 1024 + 500) + b"</p></body></html>")
    with running(clock="auto", web=str(site)) as sandbox:
        for path in ("/a%00b", "/" + "x" * 300, "/%2e%2e/%2e%2e/etc/passwd"):
            answer = _call(sandbox, "/v2/scrape", {"url": "https://docs.acme.test" + path, "formats": ["markdown"]})
            assert answer.status_code == 200 and answer.json()["data"]["metadata"]["statusCode"] == 404, (path, answer.text)
        found = _call(sandbox, "/v2/search", {"query": "widget fire"})
        assert found.status_code == 200 and found.json()["data"]["web"][0]["url"] == "https://docs.acme.test/api/errors"
        read = _call(sandbox, "/v2/scrape", {"url": "https://docs.acme.test/big.html", "formats": ["rawHtml"]})
        assert read.status_code == 200 and len(read.json()["data"]["rawHtml"]) <= 10 * 1024 * 1024


def test_a_warc_that_is_no_warc_is_one_line_naming_its_offset(tmp_path: Path) -> None:
    broken = tmp_path / "broken.warc"
    broken.write_bytes(b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 999999\r\n\r\n" + b"\x00\xff" * 100)
    done = subprocess.run(
        [sys.executable, "-m", "webdata_server", "serve", "--db", str(tmp_path / "x.sqlite3"), "--web", str(broken)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"webdata-server: --web {broken}: not a WARC file this server reads (at byte "), done.stderr


def test_a_warc_record_that_inflates_past_a_page_is_cut_at_the_bound(tmp_path: Path) -> None:
    import gzip
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter
    from webdata_server.localweb import MAX_PAGE_BYTES, LocalWeb

    archive = tmp_path / "bomb.warc.gz"
    body = b"<html><body>" + b"a" * (MAX_PAGE_BYTES * 3) + b"</body></html>"
    with archive.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html"), ("Content-Encoding", "gzip")], protocol="HTTP/1.1")
        payload = gzip.compress(body)
        assert len(payload) < MAX_PAGE_BYTES // 100  # a small record ...
        writer.write_record(writer.create_warc_record("https://bomb.test/", "response", payload=io.BytesIO(payload), http_headers=headers))
    web = LocalWeb(archive)
    saved = web._saved("https://bomb.test/")
    assert saved is not None and len(saved.body) == MAX_PAGE_BYTES  # ... that inflates past the bound is cut there


def test_own_pages_are_the_web_exactly(tmp_path: Path) -> None:
    """Issue 74 item 4: map, crawl, search and scrape list only the folder's pages, each once by its
    one URL whichever way links write it (b.html, /b, ./b), with the page's own title and
    description; nothing synthetic joins without --web-fill."""
    root = tmp_path / "site" / "mysite.test"
    (root / "docs").mkdir(parents=True)
    (root / "index.html").write_text(
        '<html><head><title>My Site</title><meta name="description" content="The home of my site."></head><body>'
        '<a href="a.html">A</a> <a href="/b">B</a> <a href="/b.html">B again</a> <a href="docs">Docs</a>'
        ' <a href="/missing">gone</a> <a href="https://example.com/">elsewhere</a></body></html>',
        encoding="utf-8",
    )
    (root / "a.html").write_text(
        '<html><head><title>Page A</title><meta name="description" content="All about A."></head><body><p>Alpha pricing plans.</p>'
        '<a href="/">home</a> <a href="b.html#top">b</a></body></html>',
        encoding="utf-8",
    )
    (root / "b.html").write_text('<html><head><title>Page B</title></head><body><p>Beta.</p><a href="./a">a</a></body></html>', encoding="utf-8")
    (root / "docs" / "index.html").write_text('<html><head><title>Docs</title></head><body><a href="guide.html">guide</a></body></html>', encoding="utf-8")
    (root / "docs" / "guide.html").write_text("<html><head><title>Guide</title></head><body><p>How to.</p></body></html>", encoding="utf-8")
    pages = {
        "https://mysite.test/": ("My Site", "The home of my site."),
        "https://mysite.test/a": ("Page A", "All about A."),
        "https://mysite.test/b": ("Page B", None),
        "https://mysite.test/docs/": ("Docs", None),
        "https://mysite.test/docs/guide": ("Guide", None),
    }
    with running(clock="auto", web=str(tmp_path / "site")) as sandbox:
        mapped = _call(sandbox, "/v2/map", {"url": "https://mysite.test", "limit": 100}).json()["links"]
        assert sorted(link["url"] for link in mapped) == sorted(pages)
        for link in mapped:
            title, description = pages[link["url"]]
            assert link["title"] == title and link.get("description") == description
        crawled = sandbox.client.crawl("https://mysite.test", limit=100)
        found_pages = {str(d.metadata.url): d.metadata for d in crawled.data}
        # The site's pages, each once; its broken link is followed as a crawl of a real site follows
        # it, a document with statusCode 404 (the page "is not among the saved pages").
        assert sorted(found_pages) == sorted([*pages, "https://mysite.test/missing"])
        assert {url: m.status_code for url, m in found_pages.items() if m.status_code != 200} == {"https://mysite.test/missing": 404}
        assert {m.title for url, m in found_pages.items() if url in pages} == {title for title, _ in pages.values()}
        found = _call(sandbox, "/v2/search", {"query": "alpha pricing"}).json()["data"]["web"]
        assert [(r["url"], r["title"], r["description"]) for r in found] == [("https://mysite.test/a", "Page A", "All about A.")]
        for spelling in ("https://mysite.test/b.html", "http://mysite.test/b", "https://mysite.test/b"):
            scraped = _call(sandbox, "/v2/scrape", {"url": spelling, "formats": ["markdown"]}).json()["data"]["metadata"]
            assert (scraped["sourceURL"], scraped["url"], scraped["title"], scraped["statusCode"]) == (spelling, "https://mysite.test/b", "Page B", 200)
        timed_out = _call(sandbox, "/v2/map", {"url": "https://mysite.test", "timeout": 1})
        assert timed_out.status_code == 408 and timed_out.json()["code"] == "MAP_TIMEOUT"  # a map takes longer than 1 ms on any web
    with running(clock="auto", web=str(tmp_path / "site"), web_fill=True) as sandbox:
        mapped = _call(sandbox, "/v2/map", {"url": "https://mysite.test", "limit": 100}).json()["links"]
        assert "https://mysite.test/missing" in [link["url"] for link in mapped]  # --web-fill: the synthetic page joins
