"""node code in a real JavaScript engine (QuickJS, through the ``quickjs-ng`` binding), inside the
worker process (:mod:`.worker`), never the server's.

The code runs as written: the whole language (async functions, destructuring, classes, ``try``,
``while``, ``Promise.all``, generators, regular expressions...). The engine has no files, network,
processes or environment: its only way out is one host call, through which the host objects of
:file:`prelude.js` (``page``, ``context``, locators, ``keyboard``, ``mouse``, ``console``) reach the
page model. ``page.evaluate`` and its kin run their function in a second, fresh engine, the page's
own realm (:file:`document.js`: ``document``, ``window``, ``location``, ``localStorage``, elements),
so a function sees the page, never the node code's variables, as in a browser.

Top-level ``await`` works; the value of the last top-level expression statement is ``result``
(tree-sitter finds it: the code is otherwise run unchanged, so a syntax error is the engine's own).
"""

from __future__ import annotations

import fnmatch
import json
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageError, Query, element_text, text_of
from webdata_server.interact.budget import JS_MEMORY_BYTES, OUTPUT_CHARS, Budget, Spent
from webdata_server.interact.engine import CURRENT, new_context, script
from webdata_server.interact.realm import evaluate

if TYPE_CHECKING:
    from bs4 import Tag

__all__ = ["program", "run_node", "run_python"]

DEFAULT_TIMEOUT_MS = 30_000  # Playwright's default for an action or a wait
_HEAP = f"{JS_MEMORY_BYTES // (1024 * 1024)} MiB of JavaScript heap"
# Set by the worker: ends a run whose budget passed inside a host call (never returns).
STOP: Callable[[Spent, BrowserPage], None] | None = None


@cache
def _parser() -> Any:
    import tree_sitter
    import tree_sitter_javascript

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_javascript.language()))


def program(code: str) -> str:
    """``code`` as the body of an async function whose value is the code's last top-level
    expression statement: the line numbers of the code are kept."""
    raw = code.encode("utf-8")
    tree = _parser().parse(raw)
    body = code
    if not tree.root_node.has_error:
        statements = [n for n in tree.root_node.children if n.type not in ("comment", "empty_statement", "hash_bang_line")]
        last = statements[-1] if statements else None
        if last is not None and last.type == "expression_statement" and last.named_children:
            expression = last.named_children[0]
            start, end = expression.start_byte, expression.end_byte
            body = (raw[:start] + b"return (" + raw[start:end] + b"\n);" + raw[last.end_byte :]).decode("utf-8")
    return "globalThis.__main = (async () => {" + body + "\n})();"


def _answer(value: Any) -> str:
    return json.dumps({"v": value}, ensure_ascii=False)


def _error(message: str, name: str = "Error") -> str:
    return json.dumps({"e": message, "n": name}, ensure_ascii=False)


class _Run:
    """One node run: the engine, the page, what was printed, how it ended."""

    def __init__(self, page: BrowserPage, budget: Budget) -> None:
        self.page = page
        self.budget = budget
        self.out: list[str] = []
        self.err: list[str] = []
        self.sizes = {"stdout": 0, "stderr": 0}
        self.settled: tuple[bool, str] | None = None
        self.spent: Spent | None = None

    # -- the host call ------------------------------------------------------------------------
    def host(self, op: str, args_json: str) -> str:
        """The one way out of the engine. Never raises into the engine: a page error is the
        answer ``{e}``; a budget passed raises :class:`Spent`, which the caller's stop turns into
        the run's end (the worker then leaves the process: nothing of the engine runs on)."""
        try:
            self.budget.check(self.page.waited_ms)
            args = json.loads(args_json)
            method: Callable[..., Any] | None = getattr(self, f"op_{op}", None)
            if method is None:
                return _error(f"{op} is not supported by the reference server", "TypeError")
            return _answer(method(*args))
        except Spent as spent:
            return self.spend(spent)
        except MemoryError:
            return self.spend(Spent("memory", "the worker's address space"))
        except _Timeout as timeout:
            return _error(str(timeout), "TimeoutError")
        except PageError as error:
            return _error(str(error))
        except (TypeError, ValueError, KeyError, IndexError) as error:
            return _error(f"{op}: {error}", "TypeError")

    def spend(self, spent: Spent) -> str:
        """A budget passed inside a host call: the run ends here. In the worker, :data:`STOP`
        answers the run and leaves the process (an exception would go back into the engine, where
        code could catch it); elsewhere (a test calling :func:`run_node`) the engine is told to
        stop and the run answers it once it has."""
        spent.partial = _partial(self)
        if STOP is not None:
            STOP(spent, self.page)
        self.spent = self.spent or spent
        return json.dumps({"stop": spent.which})

    # -- output -------------------------------------------------------------------------------
    def op_print(self, stream: str, line: str) -> None:
        self.op_write(stream, line + "\n")

    def op_write(self, stream: str, text: str) -> None:
        """Text as written (python's ``print`` with its ``end``), within the same budget."""
        target = self.out if stream == "stdout" else self.err
        self.sizes[stream] += len(text)
        if self.sizes[stream] > OUTPUT_CHARS:
            room = OUTPUT_CHARS - (self.sizes[stream] - len(text))
            if room > 0:
                target.append(text[:room])
            raise Spent("output", stream)
        target.append(text)

    def op_settle(self, ok: bool, shown: str) -> None:
        self.settled = (bool(ok), str(shown))

    # -- the page -----------------------------------------------------------------------------
    def op_url(self) -> str:
        return self.page.url

    def op_title(self) -> str:
        return self.page.title()

    def op_content(self) -> str:
        return self.page.content()

    def op_goto(self, url: str, options: dict[str, Any]) -> dict[str, Any]:
        self.page.goto(str(url))
        return {"url": self.page.url, "status": 200}

    def op_reload(self) -> None:
        self.page.reload()

    def op_goBack(self) -> None:
        self.page.back()

    def op_setContent(self, html: str) -> None:
        self.page.set_content(html)

    def op_wait(self, milliseconds: float) -> None:
        self.page.wait(int(max(0, min(float(milliseconds), 10**9))))
        self.budget.check(self.page.waited_ms)

    def _waited(self, options: Any, what: str) -> _Timeout:
        timeout = options.get("timeout") if isinstance(options, dict) else None
        milliseconds = int(timeout) if isinstance(timeout, int | float) and timeout > 0 else DEFAULT_TIMEOUT_MS
        self.page.wait(milliseconds)
        self.budget.check(self.page.waited_ms)
        return _Timeout(f"{what}: Timeout {milliseconds}ms exceeded.")

    def op_waitForURL(self, wanted: Any, options: dict[str, Any]) -> None:
        url = self.page.url
        if isinstance(wanted, dict):
            matched = re.search(str(wanted.get("re", "")), url) is not None
        else:
            matched = url == wanted or fnmatch.fnmatchcase(url, str(wanted).replace("**", "*")) or str(wanted).replace("**", "") in url
        if not matched:
            raise self._waited(options, f"page.waitForURL: waiting for navigation to {wanted!r} (the page is at {url})")

    def op_waitForSelector(self, selector: str, options: dict[str, Any]) -> int | None:
        found = self.page.find(Query("css", selector))
        state = str(options.get("state") or "visible")
        if state in ("hidden", "detached"):
            if found:
                raise self._waited(options, f"page.waitForSelector: waiting for locator({selector!r}) to be {state}")
            return None
        if not found:
            raise self._waited(options, f"page.waitForSelector: waiting for locator({selector!r}) to be {state}")
        return self._index_of(found[0])

    def op_screenshot(self, options: dict[str, Any]) -> str:
        return self.page.screenshot(full_page=bool(options.get("fullPage")))

    def op_pdf(self, options: dict[str, Any]) -> str:
        return self.page.pdf(landscape=bool(options.get("landscape")))

    def op_keyboard(self, kind: str, text: str) -> None:
        if kind == "type":
            self.page.type(None, text)
        else:
            self.page.press(text)

    def op_scroll(self, direction: str) -> None:
        self.page.scroll(direction)

    # -- the context --------------------------------------------------------------------------
    def op_cookies(self, urls: list[str]) -> list[dict[str, Any]]:
        hosts = {u.split("/")[2].split(":")[0].lower() for u in urls if isinstance(u, str) and "://" in u}
        return [
            {"name": n, "value": v, "domain": host, "path": "/", "expires": -1, "httpOnly": False, "secure": False, "sameSite": "Lax"}
            for host, jar in sorted(self.page.state.cookies.items())
            if not hosts or host in hosts
            for n, v in sorted(jar.items())
        ]

    def op_addCookies(self, cookies: Any) -> None:
        if not isinstance(cookies, list):
            raise TypeError("browserContext.addCookies: cookies: expected array")
        for cookie in cookies:
            if not isinstance(cookie, dict) or "name" not in cookie or "value" not in cookie:
                raise TypeError("browserContext.addCookies: cookies[0]: expected object with name and value")
            url = cookie.get("url")
            host = str(cookie.get("domain") or "").lstrip(".") or (str(url).split("/")[2] if isinstance(url, str) and "://" in url else "")
            if not host:
                raise PageError("browserContext.addCookies: Cookie should have a url or a domain/path pair")
            self.page.add_cookie(host.lower(), str(cookie["name"]), str(cookie["value"]))

    def op_clearCookies(self, options: dict[str, Any]) -> None:
        self.page.clear_cookies(name=options.get("name") if isinstance(options, dict) else None)

    def op_storageState(self) -> dict[str, Any]:
        origins = [{"origin": o, "localStorage": [{"name": k, "value": v} for k, v in jar.items()]} for o, jar in self.page.state.storage.items() if jar]
        return {"cookies": self.op_cookies([]), "origins": origins}

    # -- locators -----------------------------------------------------------------------------
    def _index_of(self, element: Tag) -> int:
        return self.page.index_of(element)

    def resolve(self, steps: list[dict[str, Any]]) -> tuple[list[Tag], str]:
        """The elements a locator's steps find, in document order, and its description."""
        found: list[Tag] | None = None
        described: list[str] = []
        for step in steps:
            described.append(str(step.get("d", "")))
            if "q" in step:
                q = step["q"]
                matched = self.page.find(Query(str(q["kind"]), str(q["value"]), name=q.get("name"), exact=bool(q.get("exact"))))
                if found is not None:
                    scope = {id(e) for e in found}
                    matched = [e for e in matched if any(id(parent) in scope for parent in e.parents)]
                found = matched
            elif "nth" in step:
                elements = found or []
                position = int(step["nth"])
                position = position if position >= 0 else len(elements) + position
                found = [elements[position]] if 0 <= position < len(elements) else []
            elif "hasText" in step:
                wanted = str(step["hasText"]).lower()
                found = [e for e in found or [] if wanted in text_of(e).lower()]
            elif "hasNotText" in step:
                unwanted = str(step["hasNotText"]).lower()
                found = [e for e in found or [] if unwanted not in text_of(e).lower()]
            elif "has" in step:
                inner = {id(e) for e in self.resolve(step["has"])[0]}
                found = [e for e in found or [] if any(id(d) in inner for d in e.descendants)]
            elif "and" in step:
                other = {id(e) for e in self.resolve(step["and"])[0]}
                found = [e for e in found or [] if id(e) in other]
        return found or [], ".".join(d for d in described if d) or "locator"

    def op_locator(self, steps: list[dict[str, Any]], action: str, args: list[Any], strict: bool) -> Any:
        elements, described = self.resolve(steps)
        prefix = "locator" if strict else "page"
        if action == "count":
            return len(elements)
        if action == "indexes":
            return [self._index_of(e) for e in elements]
        if action == "allTextContents":
            return [element_text(e, "textContent") for e in elements]
        if action == "allInnerTexts":
            return [text_of(e) for e in elements]
        if action in ("isVisible", "isHidden"):
            if strict and len(elements) > 1:
                raise PageError(f"{prefix}.{action}: Error: strict mode violation: {described} resolved to {len(elements)} elements")
            return bool(elements) == (action == "isVisible")
        options = next((a for a in reversed(args) if isinstance(a, dict)), {})
        if action == "waitFor":
            state = str(options.get("state") or "visible")
            present = bool(elements)
            if present != (state in ("visible", "attached")):
                raise self._waited(options, f"locator.waitFor: waiting for {described} to be {state}")
            return None
        if not elements:
            raise self._waited(options, f"{prefix}.{action}: waiting for {described}")
        if strict and len(elements) > 1:
            raise PageError(f"{prefix}.{action}: Error: strict mode violation: {described} resolved to {len(elements)} elements")
        element = elements[0]
        if action == "index":
            return self._index_of(element)
        target = Query("index", str(self._index_of(element)))
        return self._act(action, target, element, args)

    def _act(self, action: str, target: Query, element: Tag, args: list[Any]) -> Any:
        page = self.page
        first = args[0] if args else None
        if action in ("click", "dblclick", "tap"):
            page.click(target)
        elif action in ("fill", "clear"):
            page.fill(target, "" if action == "clear" else _string(first, f"locator.{action}", "value"))
        elif action in ("type", "pressSequentially"):
            page.type(target, _string(first, f"locator.{action}", "text"))
        elif action == "press":
            page.press(_string(first, "locator.press", "key"), target)
        elif action in ("check", "uncheck", "setChecked"):
            page.check(target, bool(first) if action == "setChecked" else action == "check")
        elif action == "selectOption":
            value = first[0] if isinstance(first, list) and first else first
            if isinstance(value, dict):
                value = value.get("value") or value.get("label")
            page.select_option(target, _string(value, "locator.selectOption", "value"))
            return [value]
        elif action == "focus":
            page.focus(target)
        elif action in ("textContent", "innerText", "innerHTML"):
            return element_text(element, action)
        elif action == "inputValue":
            return page.input_value(target)
        elif action == "getAttribute":
            return page.get_attribute(target, _string(first, "locator.getAttribute", "name"))
        elif action == "isChecked":
            return page.is_checked(target)
        elif action in ("isEnabled", "isDisabled"):
            return element.has_attr("disabled") == (action == "isDisabled")
        elif action == "isEditable":
            return not element.has_attr("disabled") and not element.has_attr("readonly")
        elif action == "setInputFiles":
            raise PageError("setInputFiles: the reference server's page model has no files to upload")
        # hover, blur, highlight, scrollIntoViewIfNeeded, dispatchEvent: the element exists; nothing changes.
        return None

    # -- page.evaluate ------------------------------------------------------------------------
    def op_evaluate(self, source: dict[str, str], arg: Any, steps: list[dict[str, Any]] | None, mode: str) -> Any:
        subject: Any = None
        if steps is not None:
            elements, described = self.resolve(steps)
            if mode in ("one", "first"):
                if not elements:
                    if mode == "first":
                        raise PageError(f"page.$eval: Error: failed to find element matching selector {described}")
                    raise self._waited({}, f"locator.evaluate: waiting for {described}")
                if mode == "one" and len(elements) > 1:
                    raise PageError(f"locator.evaluate: Error: strict mode violation: {described} resolved to {len(elements)} elements")
                subject = {"element": self._index_of(elements[0])}
            else:
                subject = {"elements": [self._index_of(e) for e in elements]}
        return evaluate(self.page, self.budget, source, arg, subject)


class _Timeout(Exception):
    """A wait ran out: Playwright's TimeoutError, its milliseconds counted in the run's waits."""


def _string(value: Any, call: str, name: str) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str):
        raise TypeError(f"{call}: {name}: expected string, got {type(value).__name__ if value is not None else 'undefined'}")
    return value


def _drain(context: Any, page: BrowserPage, budget: Budget, done: Callable[[], bool]) -> None:
    """Runs the engine's jobs, then its timers on the run's clock, until the run settles."""
    while True:
        while context.execute_pending_job():
            pass
        if done():
            return
        budget.check(page.waited_ms)
        if not context.eval("__nextTimer()"):
            return


def run_node(page: BrowserPage, code: str, budget: Budget) -> Outcome:
    """Runs ``code`` on ``page`` (see the module's docstring); a budget passed raises
    :class:`Spent` with what was printed kept in ``partial``."""
    return _run_js(page, program(code), budget, python=False)


def run_python(page: BrowserPage, code: str, budget: Budget) -> Outcome:
    """Runs python ``code`` on ``page``, translated (:mod:`.python`) into the same engine."""
    from webdata_server.interact.python import Unsupported, translate

    try:
        body = translate(code)
    except Unsupported as unsupported:
        message = str(unsupported)
        return Outcome(stderr=(message if message.startswith(("SyntaxError", "ModuleNotFoundError")) else f"Error: {message}") + "\n", exit_code=1)
    outcome = _run_js(page, "globalThis.__main = (async () => {\n" + body + "\n})();", budget, python=True)
    if outcome.stderr.startswith("ReferenceError: ") and " is not defined" in outcome.stderr:
        name = outcome.stderr.split(": ", 1)[1].split(" is not defined", 1)[0].removesuffix("$")
        outcome.stderr = f"NameError: name '{name}' is not defined\n"
    return outcome


def _dispatch(op: str, args_json: str) -> str:
    """The engine's host call, to the run under way (a context is made before its run)."""
    answer: str = CURRENT[0].host(op, args_json)
    return answer


def _prepared(python: bool) -> Any:
    """A fresh engine with the host objects in it (and python's semantics for python)."""
    context = new_context()
    context.add_callable("__host", _dispatch)
    if python:
        context.eval("globalThis.__PY = true;")
    context.eval(script("prelude.js"))
    if python:
        context.eval(script("python.js"))
    return context


# Engines made while the worker waits for its next run (evaluating the host objects is most of a
# short run's time): each is used by one run only, then dropped.
_SPARE: dict[bool, Any] = {}
_USED: list[Any] = []  # engines whose run is over, freed once the run is answered


def prepare(python: bool) -> None:
    """Frees the last run's engine and makes the next one now (the worker calls it once it has
    answered a run: neither is part of a run's time)."""
    _USED.clear()
    if python not in _SPARE:
        _SPARE[python] = _prepared(python)


def _run_js(page: BrowserPage, main: str, budget: Budget, *, python: bool) -> Outcome:
    import quickjs  # type: ignore[import-untyped]

    run = _Run(page, budget)
    CURRENT[:] = [run]
    context: Any = None
    try:
        try:
            context = _SPARE.pop(python, None) or _prepared(python)
            _USED.append(context)
            context.eval(main)
            context.eval("__main.then((v) => __settle(true, v), (e) => __settle(false, e));")
            _drain(context, page, budget, lambda: run.settled is not None or run.spent is not None)
            if run.spent is not None:
                raise run.spent
        except Spent as spent:
            spent.partial = _partial(run)
            raise
        except quickjs.JSException as error:  # a syntax error, or an error thrown outside the promise
            if run.spent is not None:
                raise run.spent from None
            text = str(error).strip()
            if "out of memory" in text or _heap_full(context):
                raise Spent("memory", _HEAP, partial=_partial(run)) from None
            run.settled = (False, text)
        except MemoryError:
            raise Spent("memory", "the worker's address space", partial=_partial(run)) from None
        if run.settled is None:  # awaits nothing will ever resolve: as node, the run is over
            run.settled = (True, "")
        ok, shown = run.settled
        if not ok and shown == "Uncaught null":
            # What QuickJS throws when its heap is too full to make the error (the code's own
            # `throw null` reads the same): said, since the run is then over for its memory.
            shown += f" (the engine throws null when its {JS_MEMORY_BYTES // (1024 * 1024)} MiB heap is exhausted)"
        if not ok and "out of memory" in shown:
            raise Spent("memory", _HEAP, partial=_partial(run))
        if ok and len(shown) > OUTPUT_CHARS:
            raise Spent("output", "result", partial=_partial(run, result=shown[:OUTPUT_CHARS]))
        outcome = _partial(run)
        if ok:
            outcome.result = shown
        else:
            outcome.exit_code = 1
            outcome.stderr += shown + "\n"
        return outcome
    finally:
        CURRENT.clear()


def _heap_full(context: Any) -> bool:
    """Whether the engine's heap is within a mebibyte of its limit (an error thrown then may be
    ``null``: there was no room to make it)."""
    try:
        memory = context.memory()
        return bool(memory["malloc_size"] > memory["malloc_limit"] - 1024 * 1024)
    except (AttributeError, KeyError, TypeError):
        return False


def _partial(run: _Run, result: str = "") -> Outcome:
    return Outcome(stdout="".join(run.out), stderr="".join(run.err), result=result)
