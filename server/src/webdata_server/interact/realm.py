"""The page's realm: ``page.evaluate`` (and ``$eval``, ``$$eval``, ``locator.evaluate``,
``waitForFunction``) run their function in a fresh engine whose globals are the page's
(:file:`document.js`), reading and writing the page model through one host call. The function's
argument and its value cross as JSON, as Playwright serialises them."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from webdata_server.browser.page import BrowserPage, PageError, Query, element_text
from webdata_server.interact.budget import JS_MEMORY_BYTES, OUTPUT_CHARS, Budget, Spent
from webdata_server.interact.engine import CURRENT, new_context, script

if TYPE_CHECKING:
    from bs4 import Tag

__all__ = ["evaluate"]


class _Document:
    """The host side of :file:`document.js`: elements are their place in the page's document."""

    def __init__(self, page: BrowserPage, budget: Budget) -> None:
        self.page = page
        self.budget = budget
        self._elements: list[Tag] | None = None
        self._places: dict[int, int] = {}

    def elements(self) -> list[Tag]:
        if self._elements is None:
            self._elements = self.page.elements()
            self._places = {id(e): n for n, e in enumerate(self._elements)}
        return self._elements

    def place(self, element: Any) -> int | None:
        self.elements()
        return self._places.get(id(element)) if element is not None else None

    def changed(self) -> None:
        self._elements = None

    def at(self, index: int) -> Tag:
        elements = self.elements()
        if not isinstance(index, int) or not 0 <= index < len(elements):
            raise PageError("the element is no longer attached to the page")
        return elements[index]

    def host(self, op: str, args_json: str) -> str:
        try:
            self.budget.check(self.page.waited_ms)
            value = getattr(self, f"op_{op}")(*json.loads(args_json))
            return json.dumps({"v": value}, ensure_ascii=False)
        except Spent as spent:
            return _spend(spent)
        except MemoryError:
            return _spend(Spent("memory", "the worker's address space"))
        except PageError as error:
            name = "QuotaExceededError" if str(error).startswith("QuotaExceededError") else "Error"
            return json.dumps({"e": str(error), "n": name})
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            return json.dumps({"e": str(error), "n": "TypeError"})

    # -- reading ------------------------------------------------------------------------------
    def op_query(self, scope: int | None, selector: str, all_: bool) -> list[int]:
        from soupsieve import SelectorSyntaxError

        root: Any = self.page.soup if scope is None else self.at(scope)
        try:
            found = root.select(selector) if all_ else [x for x in [root.select_one(selector)] if x is not None]
        except (SelectorSyntaxError, ValueError, NotImplementedError):
            raise PageError(f"Failed to execute 'querySelector' on 'Document': '{selector}' is not a valid selector.") from None
        return [p for p in (self.place(e) for e in found) if p is not None]

    def op_closest(self, index: int, selector: str) -> int | None:
        import soupsieve

        try:
            return self.place(soupsieve.closest(selector, self.at(index)))
        except (soupsieve.SelectorSyntaxError, ValueError, NotImplementedError):
            raise PageError(f"Failed to execute 'closest' on 'Element': '{selector}' is not a valid selector.") from None

    def op_matches(self, index: int, selector: str) -> bool:
        import soupsieve

        try:
            return bool(soupsieve.match(selector, self.at(index)))
        except (soupsieve.SelectorSyntaxError, ValueError, NotImplementedError):
            raise PageError(f"Failed to execute 'matches' on 'Element': '{selector}' is not a valid selector.") from None

    def op_contains(self, index: int, other: int) -> bool:
        inner = self.at(other)
        return any(parent is self.at(index) for parent in inner.parents)

    def op_get(self, index: int, prop: str) -> Any:
        element = self.at(index)
        if prop == "tagName":
            return str(element.name).upper()
        if prop in ("textContent", "innerText", "innerHTML", "outerHTML"):
            return element_text(element, prop)
        if prop == "value":
            return self.page.value_of(element)
        if prop == "checked":
            return element.has_attr("checked")
        if prop in ("href", "src"):
            raw = element.get(prop)
            if raw is None:
                return ""
            from webdata_server import urls

            return urls.joined(self.page.url, str(raw)) or str(raw)
        if prop == "attributes":
            return {k: " ".join(v) if isinstance(v, list) else str(v) for k, v in element.attrs.items()}
        if prop == "children":
            return [p for p in (self.place(c) for c in element.find_all(True, recursive=False)) if p is not None]
        if prop == "parent":
            return self.place(element.parent) if element.parent is not None and element.parent.name != "[document]" else None
        if prop in ("next", "previous"):
            sibling = element.find_next_sibling(True) if prop == "next" else element.find_previous_sibling(True)
            return self.place(sibling)
        raise TypeError(f"unknown property {prop}")

    def op_attr(self, index: int, name: str) -> str | None:
        value = self.at(index).get(name.lower())
        if value is None:
            return None
        return " ".join(value) if isinstance(value, list) else str(value)

    def op_doc(self, prop: str) -> Any:
        page = self.page
        if prop == "url":
            return page.url
        if prop == "title":
            return page.title()
        if prop == "cookie":
            return "; ".join(f"{k}={v}" for k, v in page.cookies_for(page.url).items())
        if prop == "location":
            from urllib.parse import urlsplit

            parts = urlsplit(page.url)
            origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else "null"
            return {
                "origin": origin, "host": parts.netloc, "hostname": parts.hostname or "", "pathname": parts.path or "/",
                "search": f"?{parts.query}" if parts.query else "", "hash": f"#{parts.fragment}" if parts.fragment else "",
                "protocol": f"{parts.scheme}:",
            }  # fmt: skip
        if prop in ("html", "body", "head"):
            found = page.soup.find(prop)
            return self.place(found)
        if prop == "focus":
            return page.state.focus
        raise TypeError(f"unknown property document.{prop}")

    def op_storage(self, action: str, key: str = "", value: str = "") -> Any:
        jar = self.page.local_storage()
        if action == "get":
            return jar.get(key)
        if action == "keys":
            return list(jar)
        if action == "set":
            self.page.set_item(key, value)
        elif action == "remove":
            self.page.remove_item(key)
        elif action == "clear":
            self.page.clear_storage()
        return None

    # -- writing ------------------------------------------------------------------------------
    def op_set(self, index: int, prop: str, value: Any) -> None:
        element = self.at(index)
        self.page.set_property(element, prop, value)
        self.changed()

    def op_setAttr(self, index: int, name: str, value: str | None) -> None:
        self.page.set_attribute(self.at(index), name.lower(), value)

    def op_insert(self, index: int, where: str, html: str) -> None:
        self.page.insert_html(self.at(index), where, html)
        self.changed()

    def op_remove(self, index: int) -> None:
        self.page.remove_element(self.at(index))
        self.changed()

    def op_click(self, index: int) -> None:
        self.page.click(Query("index", str(index)))
        self.changed()

    def op_focus(self, index: int) -> None:
        self.page.focus(Query("index", str(index)))

    def op_submit(self, index: int) -> None:
        self.page.submit(self.at(index))
        self.changed()

    def op_navigate(self, url: str) -> None:
        self.page.goto(url)
        self.changed()

    def op_setCookie(self, text: str) -> None:
        self.page.set_cookie_string(text)

    def op_setTitle(self, title: str) -> None:
        self.page.set_title(title)
        self.changed()

    def op_scroll(self, direction: str) -> None:
        self.page.scroll(direction)
        self.changed()


def _spend(spent: Spent) -> str:
    if CURRENT:
        CURRENT[0].spend(spent)
    raise spent


def evaluate(page: BrowserPage, budget: Budget, source: dict[str, str], arg: Any, subject: dict[str, Any] | None) -> Any:
    """The function (``source["fn"]``) or expression (``source["expr"]``) evaluated in the page's
    realm with ``arg`` (and, for a locator's or ``$eval``'s, the element or elements first)."""
    import quickjs  # type: ignore[import-untyped]

    document = _Document(page, budget)
    context = new_context(JS_MEMORY_BYTES // 2)
    context.add_callable("__dom", document.host)
    outcome: dict[str, Any] = {}

    def settle(ok: bool, value: str) -> None:
        outcome["ok"], outcome["value"] = ok, value

    context.add_callable("__done", settle)
    try:
        context.eval(script("document.js"))
        argument = json.dumps(arg)
        if "fn" in source:
            call = f"(\n{source['fn']}\n)"
            if subject is None:
                invoke = f"{call}({argument})"
            elif "element" in subject:
                invoke = f"{call}(__element({int(subject['element'])}), {argument})"
            else:
                invoke = f"{call}(NodeList.from({json.dumps(subject['elements'])}.map(__element)), {argument})"
        else:
            # Playwright: a string is an expression; if its value is a function, it is called.
            invoke = f"((f) => typeof f === 'function' ? f({argument}) : f)((0, eval)({json.dumps(source['expr'])}))"
        context.eval(
            "Promise.resolve().then(() => " + invoke + ").then("
            "(v) => __done(true, v === undefined ? 'undefined' : JSON.stringify(v, (k, x) => x instanceof Element ? {} : x) ?? 'undefined'),"
            "(e) => __done(false, e instanceof Error ? `${e.name}: ${e.message}` : String(e)));"
        )
        while context.execute_pending_job():
            budget.check(page.waited_ms)
    except Spent:
        raise
    except quickjs.JSException as error:
        if CURRENT and CURRENT[0].spent is not None:
            raise CURRENT[0].spent from None
        text = str(error).strip()
        if "out of memory" in text:
            raise Spent("memory", f"{JS_MEMORY_BYTES // (2 * 1024 * 1024)} MiB of the page's JavaScript heap") from None
        raise PageError(f"page.evaluate: {text.splitlines()[0]}") from None
    finally:
        del context
    if not outcome:
        raise PageError("page.evaluate: the function's promise never settled")
    text = outcome["value"]
    if not outcome["ok"]:
        raise PageError(f"page.evaluate: {text}")
    if len(text) > OUTPUT_CHARS:
        raise Spent("output", "page.evaluate's value")
    return None if text == "undefined" else json.loads(text)
