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

# The files the upload examples name (report.pdf, memo.docx): the reference server ships them.
SAMPLE_FILES = ROOT / "server" / "src" / "webdata_server" / "samples"

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
            assert operation["x-source"].replace('"', "&quot;").replace("'", "&#x27;") in text
    for response in bundle["components"]["responses"].values():
        for example in response.get("content", {}).get("application/json", {}).get("examples", {}).values():
            error = example["value"].get("error")
            if error:
                assert json.dumps(error)[1:-1].replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;") in text
    assert "SCRAPE_LOCKDOWN_CACHE_MISS" in text and "SCRAPE_PROMPT_INJECTION_DETECTED" in text
    assert "Options that change the cost" in text and "checkPromptInjection" in text
    assert len(state_machines(bundle)) == 3 and text.count("<svg") >= 6


def test_the_page_carries_what_its_script_needs(bundle: dict[str, Any], page: Path) -> None:
    text = page.read_text()
    embedded = text.split('<script type="application/json" id="schemas-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(embedded.replace("<\\/", "</")) == bundle["components"]["schemas"]
    for operation in operations(bundle):
        assert f'id="try-{operation["id"]}"' in text, f"no Try it for {operation['id']}"
    # A field with an inside can be opened; a plain one cannot.
    assert 'data-field="scrapeOptions"' in text and 'data-field="formats"' in text and 'data-field="limit"' not in text
    assert '<select class="example">' in text  # scrapeUrl has two request examples
    assert 'id="theme"' in text and "prefers-color-scheme:dark" in text


def _ids_for(api: httpx.Client, path: str) -> dict[str, str]:
    """JOB_ID (and CHECK_ID) of a fresh job or monitor the example at ``path`` can use."""
    if path.startswith("/v2/monitor/"):
        body = {"name": "docs", "schedule": {"text": "hourly"}, "targets": [{"type": "scrape", "urls": ["https://example.com"]}]}
        monitor = str(api.post("/v2/monitor", json=body).json()["data"]["id"])
        ids = {"JOB_ID": monitor}
        if "{checkId}" in path:
            ids["CHECK_ID"] = str(api.post(f"/v2/monitor/{monitor}/run").json()["id"])
        return ids
    if path.startswith("/v2/scrape/"):  # interact: a scrape of the caller's (kept under its id) with a session
        scrape_id = str(api.post("/v2/scrape", json={"url": "https://shop.example.com/app/login"}).json()["data"]["metadata"]["scrapeId"])
        assert api.post(f"/v2/scrape/{scrape_id}/interact", json={"code": "1"}).status_code == 200
        return {"JOB_ID": scrape_id}
    if "{snapshotId}" in path:  # a snapshot the agent run's trace names (its first, soon after the start)
        job = str(api.post("/v2/agent", json={"prompt": "find", "urls": ["https://example.com"]}).json()["id"])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            shown = [e for e in api.get(f"/v2/agent/{job}/trace").json()["events"] if e["type"] == "artifact.updated"]
            if shown:
                return {"JOB_ID": job, "SNAPSHOT_ID": shown[0]["artifact"]["snapshotId"]}
            time.sleep(0.05)
        raise AssertionError("the agent run's trace named no snapshot")
    if path == "/v2/search/{jobId}/feedback":  # a search of the caller's, just run
        return {"JOB_ID": str(api.post("/v2/search", json={"query": "coffee", "limit": 2}).json()["id"])}
    if path.startswith("/v2/search/research/papers/"):  # a paper of the research index (server README "Indexes")
        return {"JOB_ID": "7001000002"}
    if path.startswith(("/v2/browser/", "/v2/interact/")):
        return {"JOB_ID": str(api.post("/v2/browser", json={}).json()["id"])}
    return {"JOB_ID": _job_for(api, path) or ""}


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


# Runs each Python example it is sent (a JSON line: its code and environment) as a script of its own
# would run (``__name__`` is ``__main__``, ``sys.exit`` ends it), in one interpreter for all of them:
# a fresh interpreter per example spent most of the test's time importing the client.
_EXAMPLE_RUNNER = r"""
import contextlib, io, json, os, sys, traceback
for line in sys.stdin:
    job = json.loads(line)
    os.environ.update(job["env"])
    out, err, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            exec(compile(job["code"], "<example>", "exec"), {"__name__": "__main__"})
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
    print(json.dumps({"returncode": code, "stdout": out.getvalue(), "stderr": err.getvalue()}), flush=True)
"""


class _Examples:
    """One interpreter that runs Python examples in turn (see ``_EXAMPLE_RUNNER``)."""

    def __init__(self, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _EXAMPLE_RUNNER], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=os.environ.copy()
        )

    def run(self, code: str, env: dict[str, str]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"code": code, "env": env}) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def test_every_example_runs_against_the_reference_server(bundle: dict[str, Any], live_server: LiveServer) -> None:
    live_server.start()
    examples = _Examples(SAMPLE_FILES)
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
                env = {**os.environ, "BASE_URL": live_server.base_url, "API_KEY": key, **_ids_for(api, item["path"])}
                if item["path"] == "/v2/feedback" and '"jobId"' in samples["curl"]:
                    # The example rates a scrape by its id: one of this team's, just run, in its place.
                    example_id = json.loads(samples["curl"].split("-d '", 1)[1].rstrip("'"))["jobId"]
                    scraped = str(api.post("/v2/scrape", json={"url": "https://example.com"}).json()["data"]["metadata"]["scrapeId"])
                    samples = {name: text.replace(example_id, scraped) for name, text in samples.items()}
                # Upload examples name a file of the working folder: the server's sample files are there.
                python = examples.run(samples["python"], {key: env[key] for key in env if key not in os.environ or os.environ[key] != env[key]})
                assert python["returncode"] == 0 and python["stdout"].startswith("200 "), f"{item['id']} {name} (Python): {python['stdout']}{python['stderr']}"
                if curl is not None:
                    env.update(_ids_for(api, item["path"]))
                    shell = samples["curl"] + " -o /dev/null -w '%{http_code}'"
                    ran = subprocess.run(["bash", "-c", shell], env=env, capture_output=True, text=True, check=False, timeout=60, cwd=SAMPLE_FILES)
                    assert ran.stdout == "200", f"{item['id']} {name} (curl): {ran.stdout} {ran.stderr}"
                ran_samples += 1
    examples.close()
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


# Opens ActiveCrawlsResponse.crawls, then options, scrapeOptions and formats inside each other: the
# fourth opened row sits inside three. Returns the fields opened and that depth.
_EXPAND_CHAIN = """(() => {
  let scope = document.getElementById('schema-ActiveCrawlsResponse');
  const opened = [];
  for (const field of ['crawls', 'options', 'scrapeOptions', 'formats']) {
    const button = [...scope.querySelectorAll('button.expand[data-field="' + field + '"]')].find(b => b.offsetParent !== null);
    if (!button) break;
    button.click();
    scope = button.closest('tr').nextElementSibling;
    opened.push(field);
  }
  let depth = 0;
  for (let e = scope.parentElement; e; e = e.parentElement) if (e.matches('tr.nested')) depth++;
  return {opened, depth, text: scope.textContent.includes('onlyMainContent') || scope.previousElementSibling.closest('table').textContent.includes('onlyMainContent')};
})()"""

# In the formats row opened last: the variants are tabs; the json one shows its own fields.
_SWITCH_TAB = """(() => {
  const rows = document.querySelectorAll('#schema-ActiveCrawlsResponse tr.nested');
  const box = rows[rows.length - 1].querySelector('.variants');
  const tabs = [...box.querySelector('.vtabs').children];
  const json = tabs.find(t => t.textContent === 'json');
  json.click();
  const panels = [...box.querySelectorAll(':scope > .vpanel')];
  const shown = panels.filter(p => !p.hidden);
  return {labels: tabs.map(t => t.textContent), shown: shown.length, prompt: shown[0].textContent.includes('prompt'), selected: json.getAttribute('aria-selected')};
})()"""

# At the current width: no two navigation labels overlap (a method and its text, or two links), the
# search box shows its whole placeholder, and nothing makes the page scroll sideways.
# Words of the tables' cells that a line break cuts in two ("st/at/us", "20/0"): tokens of 24
# characters or fewer, which fit any column of a wide window whole.
_CUT_WORDS = """(() => {
  const cut = [];
  // The tables of the page, not those a field's expansion nests inside a cell (a drill-down whose
  // depth has to fit: there a word may break anywhere).
  for (const cell of [...document.querySelectorAll('table td, table th')].filter(c => !c.closest('table').parentElement.closest('td'))) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('td, th') !== cell) continue;  // the text of a table nested in it
      for (const match of node.textContent.matchAll(/\\S+/g)) {
        if (match[0].length < 2 || match[0].length > 24) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size < 2) continue;
        // Where the word goes to the next line: between two letters or digits it is cut ("st/at/us");
        // after a hyphen, a slash or other punctuation is a break the typography allows (base64-/encoded).
        let top = null;
        for (let i = 0; i < match[0].length; i++) {
          const one = document.createRange();
          one.setStart(node, match.index + i);
          one.setEnd(node, match.index + i + 1);
          const rect = [...one.getClientRects()].find(r => r.width > 0);
          if (!rect) continue;
          if (top !== null && Math.round(rect.top) !== top && /[\\p{L}\\p{N}]/u.test(match[0][i - 1]) && /[\\p{L}\\p{N}]/u.test(match[0][i])) { cut.push(match[0]); break; }
          top = Math.round(rect.top);
        }
      }
    }
  }
  return [...new Set(cut)].slice(0, 20);
})()"""

_LAYOUT = """(() => {
  const problems = [];
  const links = [...document.querySelectorAll('nav a')];
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  links.forEach((a, i) => {
    const m = a.querySelector('.m'), t = a.querySelector('.t');
    if (m && t && overlap(m.getBoundingClientRect(), t.getBoundingClientRect())) problems.push('method over text: ' + a.textContent);
    if (i && overlap(links[i - 1].getBoundingClientRect(), a.getBoundingClientRect())) problems.push('links overlap: ' + a.textContent);
  });
  const input = document.getElementById('search'), style = getComputedStyle(input);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.font;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  if (ctx.measureText(input.placeholder).width > room) problems.push('placeholder cut: ' + input.placeholder);
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    const widest = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.scroll, pre'));
    const named = widest.slice(-1).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ': ' + (e.textContent || '').slice(0, 60));
    problems.push('page wider than the window: ' + document.documentElement.scrollWidth + ' (' + named.join('; ') + ')');
  }
  return problems;
})()"""


# A file chosen in the upload form, as a user picking one from disk would.
_CHOOSE_FILE = (
    " const f = d.querySelector('input[type=file]'), t = new DataTransfer();"
    " t.items.add(new File(['# Picked\\n\\nFrom the browser.\\n'], 'picked.md', {type: 'text/markdown'})); f.files = t.files;"
)


async def _try_it(tab: _Tab, operation: str, base_url: str, key: str, example: str | None = None, prefill: str = "") -> dict[str, Any]:
    """Fill the server and key, pick a request example, send the operation's form, wait for the answer."""
    pick = (
        f" const s = d.querySelector('select.example'); s.selectedIndex = [...s.options].findIndex(o => o.textContent === {json.dumps(example)});"
        " s.dispatchEvent(new Event('change'));"
        if example
        else ""
    )
    await tab.js(
        f"(() => {{ const b = document.getElementById('try-base'), k = document.getElementById('try-key');"
        f" b.value = {json.dumps(base_url)}; k.value = {json.dumps(key)}; b.dispatchEvent(new Event('change')); k.dispatchEvent(new Event('change'));"
        f" const d = document.getElementById('try-{operation}'); d.open = true;{pick}{prefill} d.querySelector('form').requestSubmit(); }})()"
    )
    body = None
    for _ in range(600):  # a scrape with a screenshot on a loaded machine takes seconds
        status = await tab.js(f"document.querySelector('#try-{operation} .answer-status').textContent")
        # The status is shown when the answer's head comes, its body once read: wait for both.
        body = await tab.js(f"document.querySelector('#try-{operation} .answer-body').textContent")
        if status and status[:1].isdigit() and body:
            break
        await asyncio.sleep(0.1)
    headers = await tab.js(f"document.querySelector('#try-{operation} .answer-headers').textContent")
    return {"status": status, "body": json.loads(body) if body else None, "headers": headers}


async def _background(tab: _Tab) -> tuple[int, int, int]:
    colour = await tab.js("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(part) for part in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])
    return red, green, blue


async def _browse(chromium: str, page: Path, screenshot: Path, base_url: str, key: str) -> dict[str, Any]:
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
                report["strong"] = await tab.js("[...document.querySelectorAll('nav a.strong:not(.hidden)')].map(a => a.getAttribute('href'))")
                # Full text: an error code, a field name, an error text find what holds them.
                report["found"] = {}
                for query in ("SCRAPE_LOCKDOWN_CACHE_MISS", "maxDiscoveryDepth", "agent already finished", "pageMarkers"):
                    await tab.js(
                        f"(() => {{ const i = document.getElementById('search'); i.value = {json.dumps(query)}; i.dispatchEvent(new Event('input')); }})()"
                    )
                    report["found"][query] = await tab.js("[...document.querySelectorAll('nav a[data-search]:not(.hidden)')].map(a => a.getAttribute('href'))")
                await tab.js("(() => { const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new Event('input')); })()")
                # Labels are never cut: each reads whole (wrapped), its full text also in its title.
                report["cut"] = await tab.js(
                    "[...document.querySelectorAll('nav a .t')].filter(t => t.scrollWidth > t.clientWidth + 1 || !t.closest('a').title.startsWith(t.textContent)).map(t => t.textContent)"
                )
                # A deep link to a field highlights that field's row, not its section.
                await tab.js("location.hash = '#schema-CrawlOptions-limit'")
                await asyncio.sleep(0.1)
                report["deep"] = await tab.js(
                    "(() => { const row = document.getElementById('schema-CrawlOptions-limit'), other = row.nextElementSibling || row.previousElementSibling;"
                    " const r = row.getBoundingClientRect(); return {target: document.querySelector(':target') === row,"
                    " highlighted: getComputedStyle(row).backgroundColor !== getComputedStyle(other).backgroundColor, visible: r.top >= 0 && r.top < innerHeight}; })()"
                )
                report["python_tab"] = await tab.js(
                    "(() => { const box = document.querySelector('#op-startExtract .samples'); box.querySelector('[data-tab=python]').click();"
                    " return box.querySelector('[data-lang=python]').hidden === false && box.querySelector('[data-lang=curl]').hidden === true; })()"
                )
                # Keyboard: from the search box down the matching links.
                await tab.js("(() => { const i = document.getElementById('search'); i.value = 'crawl'; i.dispatchEvent(new Event('input')); i.focus(); })()")
                await tab.js("document.getElementById('search').dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}))")
                first = await tab.js("document.activeElement.getAttribute('href')")
                await tab.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}))")
                second = await tab.js("document.activeElement.getAttribute('href')")
                visible = await tab.js("[...document.querySelectorAll('nav a[data-search]:not(.hidden)')].map(a => a.getAttribute('href'))")
                report["keyboard"] = (first, second, visible[:2])
                await tab.js(
                    "(() => { const i = document.getElementById('search'); i.value = ''; i.dispatchEvent(new Event('input')); location.hash = ''; window.scrollTo(0, 0); })()"
                )
                report["expanded"] = await tab.js(_EXPAND_CHAIN)
                report["variant"] = await tab.js(_SWITCH_TAB)
                report["try_get"] = await _try_it(tab, "getTokenUsage", base_url, key)
                report["try_post"] = await _try_it(tab, "scrapeUrl", base_url, key, example="markdownAndScreenshot")
                report["try_upload"] = await _try_it(tab, "parseFile", base_url, key, prefill=_CHOOSE_FILE)
                report["key_in_storage"] = await tab.js("sessionStorage.getItem('webdata-key') !== null && localStorage.getItem('webdata-key') === null")
                # Pictures of both for whoever reads the test's reports (not compared).
                for name, selector in (("try", "#try-scrapeUrl"), ("schema", "#schema-ActiveCrawlsResponse")):
                    await tab.js(f"document.querySelector('{selector}').scrollIntoView()")
                    shot = await tab.call("Page.captureScreenshot", format="png")
                    screenshot.parent.mkdir(parents=True, exist_ok=True)
                    screenshot.with_name(f"reference-page-{name}.png").write_bytes(base64.b64decode(shot["data"]))
                await tab.js("(() => { for (const id of ['try-base', 'try-key']) { const i = document.getElementById(id); i.value = i.defaultValue; } })()")
                await tab.js("document.querySelectorAll('details.try').forEach(d => d.open = false); window.scrollTo(0, 0)")
                report["layout"] = {}
                for width in (360, 1920, 1400):
                    await tab.call("Emulation.setDeviceMetricsOverride", width=width, height=1000, deviceScaleFactor=1, mobile=False)
                    await asyncio.sleep(0.1)
                    report["layout"][width] = await tab.js(_LAYOUT)
                    if width >= 1400:
                        report.setdefault("cut_words", {})[width] = await tab.js(_CUT_WORDS)
                    if width == 360:
                        # A field table at 360 px: each row stacked, its meaning as wide as the page allows.
                        report["narrow"] = await tab.js(
                            "(() => { const td = document.querySelector('#schema-CrawlOptions-limit td[data-label=meaning]'), table = td.closest('table');"
                            " return {meaning: td.getBoundingClientRect().width, scrolls: table.scrollWidth > table.clientWidth + 1}; })()"
                        )
                await tab.js("(() => { location.hash = ''; window.scrollTo(0, 0); })()")
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                report["light"] = await _background(tab)
                shot = await tab.call("Page.captureScreenshot", format="png")
                screenshot.write_bytes(base64.b64decode(shot["data"]))
                await tab.js("document.getElementById('theme').click()")
                report["switched"] = await _background(tab)
                shot = await tab.call("Page.captureScreenshot", format="png")
                screenshot.with_name(screenshot.stem + "-dark.png").write_bytes(base64.b64decode(shot["data"]))
                # Following the system: no choice made, a dark system setting gives the dark page.
                await tab.js("(() => { localStorage.removeItem('webdata-theme'); document.documentElement.removeAttribute('data-theme'); })()")
                await tab.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "dark"}])
                report["system_dark"] = await _background(tab)
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
def test_the_page_in_a_headless_browser(bundle: dict[str, Any], page: Path, live_server: LiveServer) -> None:
    browser = chromium()
    live_server.start()  # on loopback: it answers the page's CORS preflights (serve --cors-local)
    key = json.loads(live_server.admin("create-team", "--name", "browser", "--plan-tokens", "150000"))["apiKey"]
    screenshot = ARTIFACTS / "reference-page.png"
    report = asyncio.run(_browse(browser, page, screenshot, live_server.base_url, key))
    assert report["errors"] == [], f"console errors: {report['errors']}"
    assert report["broken"] == [], f"links to nothing: {report['broken']}"
    expected = {f"#op-{o['id']}" for o in operations(bundle)} | {f"#schema-{name}" for name in bundle["components"]["schemas"]}
    assert expected <= set(report["nav"]), f"not reachable from the navigation: {sorted(expected - set(report['nav']))}"
    assert {f"op-{o['id']}" for o in operations(bundle)} <= set(report["sections"])
    assert "#op-getTokenUsage" in report["search"], report["search"]
    # Strong matches: the links whose own name holds both words, the operation itself first.
    assert report["strong"][0] == "#op-getTokenUsage" and all("tokenusage" in href.lower() for href in report["strong"]), report["strong"]
    assert report["hash"] == "#op-getTokenUsage", "Enter in the search box jumps to the best match"
    found = report["found"]
    assert "#op-scrapeUrl" in found["SCRAPE_LOCKDOWN_CACHE_MISS"], found
    assert {"#op-startCrawl", "#schema-CrawlOptions"} <= set(found["maxDiscoveryDepth"]), found
    assert "#op-cancelAgent" in found["agent already finished"], found
    assert "#schema-PdfParser" in found["pageMarkers"], found
    assert report["cut"] == [], f"navigation labels cut: {report['cut']}"
    assert report["cut_words"] == {1400: [], 1920: []}, f"words of table cells cut by a line break: {report['cut_words']}"
    assert report["deep"] == {"target": True, "highlighted": True, "visible": True}, report["deep"]
    assert report["narrow"]["meaning"] > 250 and not report["narrow"]["scrolls"], report["narrow"]
    assert report["python_tab"] is True
    first, second, visible = report["keyboard"]
    assert [first, second] == visible, f"arrow keys from the search box: {report['keyboard']}"
    # Nested schemas in place: four rows opened inside each other, the last a union shown as tabs.
    assert report["expanded"]["opened"] == ["crawls", "options", "scrapeOptions", "formats"] and report["expanded"]["depth"] == 3, report["expanded"]
    assert report["expanded"]["text"], "the scrape options' own fields are shown in place"
    variant = report["variant"]
    assert {"json", "screenshot", "changeTracking"} <= set(variant["labels"]) and variant["shown"] == 1 and variant["prompt"], variant
    assert variant["selected"] == "true"
    # Try it, from the file opened from disk, against the live reference server.
    assert report["try_get"]["status"].startswith("200") and "remainingTokens" in report["try_get"]["body"]["data"], report["try_get"]
    assert "x-request-id" in report["try_get"]["headers"].lower() or "content-type" in report["try_get"]["headers"].lower()
    assert report["try_post"]["status"].startswith("200") and report["try_post"]["body"]["data"]["metadata"]["statusCode"] == 200, report["try_post"]
    upload = report["try_upload"]
    assert upload["status"].startswith("200") and upload["body"]["data"]["markdown"] == "# Picked\n\nFrom the browser.\n", upload
    assert upload["body"]["data"]["metadata"]["sourceURL"] == "picked.md"
    assert report["key_in_storage"] is True, "the key is kept for the tab's session only"
    for width, problems in report["layout"].items():
        assert problems == [], f"at {width} px: {problems}"
    # Dark mode: the switch, and the system setting when no choice was made.
    assert sum(report["light"]) > 600 and sum(report["switched"]) < 150 and sum(report["system_dark"]) < 150, report
    for shot in (screenshot, screenshot.with_name("reference-page-dark.png")):
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
