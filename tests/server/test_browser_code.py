"""The page model and the code it is driven by, without HTTP: node in its engine, each language's
subset, what is refused and how, and a property test that no code, command or prompt runs
unbounded or raises. Runs here are the worker's own function called in the test's process (the
code is the tests'); hostile code goes through the pool's worker processes (test_interact_sandbox)."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webdata_server.browser import agent
from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageState, Query
from webdata_server.interact import worker
from webdata_server.interact.pool import Sandbox
from webdata_server.web import SyntheticWeb

WEB = SyntheticWeb()


def run_code(page: BrowserPage, code: str, language: str, timeout_s: float) -> Outcome:
    outcome: Outcome = worker.run(page, {"language": language, "code": code, "timeout_ms": int(timeout_s * 1000)})
    return outcome


def _page(url: str = "https://shop.example.com/app/login") -> BrowserPage:
    page = BrowserPage(PageState(), web=WEB)
    page.goto(url)
    return page


@pytest.mark.parametrize(
    ("code", "result"),
    [
        ("1 + 2 * 3", "7"),
        ("'a' + `b${1 + 1}`", "ab2"),
        ("const xs = [1, 2, 3]; xs.map(x => x * 2).join('-')", "2-4-6"),
        ("let n = 0; for (const x of [1, 2, 3]) { n += x } n", "6"),
        ("if (1 > 2) { 'no' } else { 'yes' }", ""),
        ("typeof page.title", "function"),
        ("let i = 0; while (i < 3) { i++ } i", "3"),
        ("const {a, b = 2} = {a: 1}; const [x, ...rest] = [3, 4, 5]; a + b + x + rest.length", "8"),
        ("async function t() { return (await page.title()).length } await t()", "7"),
        ("let r; try { await page.click('#nope', {timeout: 100}) } catch (e) { r = e.name + ': ' + e.message.split(':')[0] } r", "TimeoutError: page.click"),
        ("(await Promise.all([page.title(), page.locator('input').count()])).join(' / ')", "Sign in / 2"),
        ("await page.$$eval('input', els => els.map(e => e.placeholder))", '["Username","Password"]'),
        ("await page.evaluate(() => { document.cookie = 'probe=42'; return document.cookie })", "probe=42"),
        ("Array.from(await page.locator('nav a').all()).length", "4"),
        ("const out = []; for (const a of await page.locator('nav a').all()) { out.push(await a.innerText()) } out.join()", "Account,Products,Cart,Search"),
        ("await new Promise(r => setTimeout(r, 500)); 'later'", "later"),
        ("for (let i = 0; i < 2; i++) console.log(i)", ""),
        ("JSON.stringify({a: [1, true, null]})", '{"a":[1,true,null]}'),
        ("await page.evaluate(() => document.title)", "Sign in"),
        ("await page.evaluate('document.querySelectorAll(\"input\").length')", "2"),
        ("await page.locator('nav a').count()", "4"),
        ("await page.locator('nav a').nth(1).textContent()", "Products"),
        ("await page.getByRole('link', {name: 'Cart'}).getAttribute('href')", "/app/cart"),
        ("const t = await page.title(); t.toUpperCase()", "SIGN IN"),
        ("null ?? 'fallback'", "fallback"),
        ("[1, 2].includes(2) && !false", "true"),
    ],
)
def test_node_subset(code: str, result: str) -> None:
    outcome = run_code(_page(), code, "node", 30)
    assert (outcome.exit_code, outcome.result, outcome.stderr) == (0, result, "")


@pytest.mark.parametrize(
    ("code", "result"),
    [
        ("[s.strip() for s in [' a ', 'b ']]", '["a", "b"]'),
        ("links = [await a.inner_text() for a in await page.locator('nav a').all()]\n', '.join(links)", "Account, Products, Cart, Search"),
        ("try:\n    await page.click('#nope', timeout=100)\nexcept TimeoutError as e:\n    print('timed out')\n'ok'", "ok"),
        ("async def title():\n    return (await page.title()).upper()\nawait title()", "SIGN IN"),
        ("i = 0\nwhile i < 3:\n    i += 1\ni", "3"),
        ("f'{3.14159:.2f}|{1234567:,}|{\"x\":>3}'", "3.14|1,234,567|  x"),
        ("page.locator('nav a').first.text_content()", "Account"),
        ("await page.evaluate('() => document.title')", "Sign in"),
        ("for n in [1, 2]:\n    print(n)\n'done'", "done"),
        ("await page.title()", "Sign in"),
        ("print(f'{len(await page.locator(\"input\").all_text_contents())} inputs')\npage.url", "https://shop.example.com/app/login"),
        ("total = 0\nfor n in [1, 2, 3]:\n    total += n\ntotal", "6"),
        ("import json\njson.dumps({'a': 1})", '{"a": 1}'),
        ("await page.get_by_placeholder('Username').fill('ada')\nawait page.input_value('#username')", "ada"),
        ("'yes' if await page.is_visible('#sign-in') else 'no'", "yes"),
    ],
)
def test_python_subset(code: str, result: str) -> None:
    outcome = run_code(_page(), code, "python", 30)
    assert (outcome.exit_code, outcome.result, outcome.stderr) == (0, result, ""), outcome


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("require('fs')", "ReferenceError: require is not defined"),
        ("process.exit(0)", "ReferenceError: process is not defined"),
        ("await fetch('https://example.com')", "ReferenceError: fetch is not defined"),
        # The engine loads no module, from its own library or from the disk (the test's own file).
        ("await import('os')", "could not load module 'os'"),
        (f"await import({__file__!r})", "could not load module"),
        ("typeof std + typeof os + typeof scriptArgs + typeof WebAssembly === 'undefined'.repeat(4) ? null.x : 1", "TypeError"),
        ("page.route('**', r => r)", "page.route is not supported by the reference server"),
        ("await page.evaluate(() => fetch('/'))", "fetch is not defined"),
        ("await page.click('#missing')", "Timeout 30000ms exceeded"),
        ("await page.locator('nav a').click()", 'strict mode violation: locator("nav a") resolved to 4 elements'),
        ("const f = x => f(x); f(1)", "Maximum call stack size exceeded"),
        ("const = ;", "SyntaxError"),
        ("undefined.x", "TypeError"),
    ],
)
def test_errors_answer_as_node_and_playwright_do(code: str, message: str) -> None:
    outcome = run_code(_page(), code, "node", 30)
    assert outcome.exit_code == 1 and message in outcome.stderr, outcome


def test_the_last_expression_is_the_result_and_lines_are_kept() -> None:
    """The code runs unchanged but for its last top-level expression statement (tree-sitter finds
    it): a string as is, anything else as JSON, nothing after a statement that is no expression."""
    assert run_code(_page(), "const a = 1\n// a comment\na + 1 // the value", "node", 30).result == "2"
    assert run_code(_page(), "({a: [1, 'x']})", "node", 30).result == '{"a":[1,"x"]}'
    assert run_code(_page(), "let a = 1;", "node", 30).result == ""
    thrown = run_code(_page(), "\n\nthrow new Error('third line')", "node", 30)
    assert thrown.stderr.startswith("Error: third line") and ":3:" in thrown.stderr, thrown


def test_bash_commands_and_their_exit_codes() -> None:
    page = _page("https://shop.example.com/app/cart")
    outcome = run_code(page, "agent-browser click '.add-to-cart' && agent-browser get text '#cart-count'; echo done", "bash", 30)
    assert (outcome.stdout, outcome.exit_code) == ("1\ndone\n", 0)
    assert page.local_storage()["cart"] == '["sku-1"]'
    failed = run_code(page, "agent-browser click '#none' && echo never", "bash", 30)
    assert failed.exit_code == 1 and "never" not in failed.stdout and "#none" in failed.stderr
    missing = run_code(page, "curl https://example.com", "bash", 30)
    assert missing.exit_code == 127 and missing.stderr == "bash: curl: command not found\n"
    piped = run_code(page, "agent-browser get url | cat", "bash", 30)
    assert piped.exit_code == 2 and "'|' is not supported" in piped.stderr


def test_snapshot_refs_address_elements_until_the_page_changes() -> None:
    page = _page()
    snapshot = page.snapshot(interactive=True)
    assert snapshot.splitlines()[4:] == ['- textbox "Username" [ref=e5]', '- textbox "Password" [ref=e6]', '- button "Sign in" [ref=e7]']
    page.fill(Query("ref", "e5"), "ada")
    page.fill(Query("ref", "e6"), "wrong")
    page.click(Query("ref", "e7"))
    assert "Wrong username or password." in page.content()
    outcome = run_code(page, "agent-browser click @e7", "bash", 30)
    assert outcome.exit_code == 1 and "take a snapshot first" in outcome.stderr


def test_the_wizard_listing_and_search_pages() -> None:
    page = _page("https://a.example.com/app/wizard")
    page.fill(Query("css", "#name"), "Ada")
    page.click(Query("css", "#next"))
    page.fill(Query("css", "#email"), "ada@example.com")
    page.press("Enter")
    assert page.inner_text(Query("css", "#review")) == "Name: Ada. Email: ada@example.com."
    page.click(Query("css", "#submit"))
    assert page.inner_text(Query("css", "#thanks")) == "Thank you, Ada! We will write to ada@example.com."
    page.back()
    assert page.url.endswith("step=3&name=Ada&email=ada%40example.com")
    listing = _page("https://a.example.com/app/listing")
    for _ in range(2):
        listing.click(Query("css", "#next"))
    assert listing.title() == "Products, page 3 of 3" and not listing.find(Query("css", "#next"))
    search = _page("https://a.example.com/app/search")
    search.fill(Query("css", "#q"), "espresso")
    search.press("Enter")
    assert [e.get_text() for e in search.find(Query("css", "#results a"))] == ["espresso: result 1", "espresso: result 2", "espresso: result 3"]


def test_prompts() -> None:
    page = _page()
    signed = agent.follow(page, "Log in as ada with password secret")
    assert signed.output == "Signed in as ada; the page is now 'Account'." and signed.exit_code == 0
    cart = agent.follow(_page("https://a.example.com/app/cart"), "Add the coffee grinder to the cart; then how many items are in the cart?")
    assert cart.output == "Added 'coffee grinder' to the cart; it holds 1 item(s). The cart holds 1 item(s)."
    blocked = agent.follow(_page(), "Go to https://evil.example/")
    assert blocked.exit_code == 1 and blocked.stderr.startswith("Blocked: opening new tabs/URLs is not allowed.")


_PIECES = [
    *"page.()'\"`{}[];,=+-*/!?&|<>$ \n\tabcdefxyz0123456789#@",
    "await ",
    "const ",
    "for ",
    "of ",
    "=> ",
    "agent-browser ",
    "click ",
    "print(",
    "page.click(",
]
_CODE = st.lists(st.sampled_from(_PIECES), max_size=120).map("".join)


_SANDBOX: list[Sandbox] = []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=_CODE, language=st.sampled_from(["node", "python", "bash"]))
def test_no_code_runs_unbounded_or_raises(code: str, language: str) -> None:
    """Random text in each language (which may well be a loop that never ends: node is the whole
    language) runs in a worker, which the pool kills at the run's timeout."""
    if not _SANDBOX:
        _SANDBOX.append(Sandbox(WEB))
    state = json.dumps(_page().save().to_json())
    started = time.monotonic()
    ran = _SANDBOX[0].run(team="t", session="random", version=0, state=state, language=language, code=code, prompt=None, timeout_s=1, indexed=True)
    assert time.monotonic() - started < 1 + 1 + 2
    assert ran.outcome.exit_code in (0, 1, 2, 127, 137), ran.outcome


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prompt=st.text(max_size=400))
def test_no_prompt_runs_unbounded_or_raises(prompt: str) -> None:
    started = time.monotonic()
    outcome = agent.follow(_page("https://a.example.com/app/listing"), prompt)
    assert time.monotonic() - started < 2.0
    assert outcome.exit_code in (0, 1)


def test_a_goto_to_no_url_python_reads_is_the_runs_error() -> None:
    """``http://[x`` raised from urljoin inside the run, a server error; it is the page's error."""
    outcome = run_code(_page(), "await page.goto('http://[x/y')", "node", 5.0)
    assert outcome.exit_code == 1 and "invalid URL" in outcome.stderr, outcome
