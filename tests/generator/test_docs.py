"""The reference page: content from the bundle, examples that run against the reference server,
and the page itself in a real headless Chromium (Debian's, installed by the set-up when absent)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from generator.docs import code_samples, render_page, state_machines
from generator.readme import operations
from tests.chromium import chromium
from tests.conftest import ROOT
from tests.server.conftest import LiveServer

ARTIFACTS = ROOT / "reports" / "docs"


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    document: dict[str, Any] = json.loads((ROOT / "generated" / "openapi.json").read_text())
    return document


@pytest.fixture(scope="module")
def page(bundle: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("docs") / "index.html"
    path.write_text(render_page(bundle))
    return path


def test_every_operation_and_schema_has_a_linked_section(bundle: dict[str, Any], page: Path) -> None:
    text = page.read_text()
    for operation in operations(bundle):
        assert f'id="op-{operation["id"]}"' in text and f'href="#op-{operation["id"]}"' in text
    for name in bundle["components"]["schemas"]:
        assert f'id="schema-{name}"' in text and f'href="#schema-{name}"' in text
    assert "<script src" not in text and '<link rel="stylesheet"' not in text, "the page must be self-contained"


def test_the_contract_specifics_are_shown(bundle: dict[str, Any], page: Path) -> None:
    text = page.read_text()
    # Every documented error text, and the seed citation of every operation.
    for path_item in bundle["paths"].values():
        for operation in path_item.values():
            assert operation["x-source"].replace('"', "&quot;") in text
    for response in bundle["components"]["responses"].values():
        for example in response.get("content", {}).get("application/json", {}).get("examples", {}).values():
            error = example["value"].get("error")
            if error:
                assert json.dumps(error)[1:-1].replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;") in text
    assert "SCRAPE_LOCKDOWN_CACHE_MISS" in text and "SCRAPE_PROMPT_INJECTION_DETECTED" in text
    assert "Options that change the cost" in text and "checkPromptInjection" in text
    assert len(state_machines(bundle)) == 3 and text.count("<svg") >= 6


def _job_for(api: httpx.Client, path: str) -> str | None:
    starts = {
        "/v2/extract/": ("/v2/extract", {"urls": ["https://example.com"], "prompt": "title"}),
        "/v2/batch/scrape/": ("/v2/batch/scrape", {"urls": ["https://example.com/a"]}),
        "/v2/agent/": ("/v2/agent", {"prompt": "find"}),
        "/v2/crawl/": ("/v2/crawl", {"url": "https://example.com", "limit": 2}),
    }
    for prefix, (start, body) in starts.items():
        if path.startswith(prefix) and "{" in path:
            return str(api.post(start, json=body).json()["id"])
    return None


@pytest.fixture
def live_server(tmp_path: Path) -> Any:
    server = LiveServer(database=tmp_path / "docs.sqlite3")
    yield server
    server.stop()


def test_every_example_runs_against_the_reference_server(bundle: dict[str, Any], live_server: LiveServer) -> None:
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "docs", "--plan-tokens", "1500000"))["apiKey"]
    curl = shutil.which("curl")
    ran_samples = 0
    with httpx.Client(base_url=live_server.base_url, headers={"Authorization": f"Bearer {key}"}, timeout=30) as api:
        for item in operations(bundle):
            operation = bundle["paths"][item["path"]][item["method"].lower()]
            for name, samples in code_samples(bundle, operation, item["method"].lower(), item["path"]).items():
                if "lockdown" in name:
                    # Lockdown serves the cache only: the page must have been scraped first.
                    page_url = json.loads(samples["curl"].split("-d '", 1)[1].rstrip("'"))["url"]
                    assert api.post("/v2/scrape", json={"url": page_url}).status_code == 200
                env = {**os.environ, "BASE_URL": live_server.base_url, "API_KEY": key, "JOB_ID": _job_for(api, item["path"]) or ""}
                python = subprocess.run([sys.executable, "-c", samples["python"]], env=env, capture_output=True, text=True, check=False, timeout=60)
                assert python.returncode == 0 and python.stdout.startswith("200 "), f"{item['id']} {name} (Python): {python.stdout}{python.stderr}"
                if curl is not None:
                    env["JOB_ID"] = _job_for(api, item["path"]) or ""
                    shell = samples["curl"] + " -o /dev/null -w '%{http_code}'"
                    ran = subprocess.run(["bash", "-c", shell], env=env, capture_output=True, text=True, check=False, timeout=60)
                    assert ran.stdout == "200", f"{item['id']} {name} (curl): {ran.stdout} {ran.stderr}"
                ran_samples += 1
    assert ran_samples >= len(operations(bundle))


# -- a real browser --------------------------------------------------------------------------


class _Tab:
    """A minimal Chrome DevTools Protocol session over one page."""

    def __init__(self, socket: Any) -> None:
        self.socket, self.next_id = socket, 0
        self.events: list[dict[str, Any]] = []

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), 30))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            self.events.append(message)

    async def js(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def errors(self) -> list[str]:
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                found.append(json.dumps(params.get("exceptionDetails", {}))[:300])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                found.append(json.dumps(params.get("args", []))[:300])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                found.append(params["entry"].get("text", ""))
        return found


async def _browse(chromium: str, page: Path, screenshot: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="webdata-chromium-", ignore_cleanup_errors=True) as profile:
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"]
        flags += ["--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1400,1000"]
        process = subprocess.Popen([chromium, *flags, "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + 30
            while not port_file.exists() or not port_file.read_text().strip():
                assert time.monotonic() < deadline and process.poll() is None, "chromium did not open its DevTools port"
                await asyncio.sleep(0.1)
            port = port_file.read_text().split()[0]
            async with httpx.AsyncClient() as client:
                targets = (await client.get(f"http://127.0.0.1:{port}/json/list")).json()
            target = next(t for t in targets if t.get("type") == "page")
            async with websockets.connect(target["webSocketDebuggerUrl"], max_size=None) as socket:
                tab = _Tab(socket)
                for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
                    await tab.call(domain)
                await tab.call("Page.navigate", url=page.as_uri())
                for _ in range(100):
                    if await tab.js("document.readyState") == "complete":
                        break
                    await asyncio.sleep(0.1)
                report: dict[str, Any] = {}
                report["nav"] = await tab.js("[...document.querySelectorAll('nav a')].map(a => a.getAttribute('href'))")
                report["broken"] = await tab.js(
                    "[...document.querySelectorAll('a[href^=\"#\"]')].map(a => a.getAttribute('href')).filter(h => !document.getElementById(h.slice(1)))"
                )
                report["sections"] = await tab.js("[...document.querySelectorAll('section[id]')].map(s => s.id)")
                await tab.js("(() => { const i = document.getElementById('search'); i.value = 'token usage'; i.dispatchEvent(new Event('input')); })()")
                report["search"] = await tab.js("[...document.querySelectorAll('nav a[data-search]:not(.hidden)')].map(a => a.getAttribute('href'))")
                await tab.js("document.getElementById('search').dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}))")
                report["hash"] = await tab.js("location.hash")
                report["python_tab"] = await tab.js(
                    "(() => { const box = document.querySelector('#op-startExtract .samples'); box.querySelector('[data-tab=python]').click();"
                    " return box.querySelector('[data-lang=python]').hidden === false && box.querySelector('[data-lang=curl]').hidden === true; })()"
                )
                await tab.js(
                    "(() => { const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new Event('input')); location.hash = ''; window.scrollTo(0, 0); })()"
                )
                await tab.call("Emulation.setDeviceMetricsOverride", width=1400, height=1000, deviceScaleFactor=1, mobile=False)
                shot = await tab.call("Page.captureScreenshot", format="png")
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                screenshot.write_bytes(base64.b64decode(shot["data"]))
                await asyncio.sleep(0.2)
                report["errors"] = tab.errors()
                return report
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.mark.slow
def test_the_page_in_a_headless_browser(bundle: dict[str, Any], page: Path) -> None:
    browser = chromium()
    screenshot = ARTIFACTS / "reference-page.png"
    report = asyncio.run(_browse(browser, page, screenshot))
    assert report["errors"] == [], f"console errors: {report['errors']}"
    assert report["broken"] == [], f"links to nothing: {report['broken']}"
    expected = {f"#op-{o['id']}" for o in operations(bundle)} | {f"#schema-{name}" for name in bundle["components"]["schemas"]}
    assert expected <= set(report["nav"]), f"not reachable from the navigation: {sorted(expected - set(report['nav']))}"
    assert {f"op-{o['id']}" for o in operations(bundle)} <= set(report["sections"])
    assert "#op-getTokenUsage" in report["search"] and len(report["search"]) < 5, report["search"]
    assert report["hash"] == "#op-getTokenUsage", "Enter in the search box jumps to the first match"
    assert report["python_tab"] is True
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and screenshot.stat().st_size > 20_000
