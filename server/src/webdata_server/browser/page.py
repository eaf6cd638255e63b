"""One page model for everything that acts on a page: a scrape's actions, interact's code and
prompts, and standalone sessions all drive a :class:`BrowserPage` through the same click, fill,
type, press, scroll, wait and navigate.

A page holds a live document (parsed with lxml, as every page of this server is), its URL and
history, the session's cookies (per host) and localStorage (per origin), the focused element and
the refs of its last snapshot (``@e1`` …). Its state is plain data (:class:`PageState`), kept by the
session between calls and in the store, so a session survives a restart.

What a page does when acted on is a browser's default behaviour (a link navigates, a submit button
or Enter in a form submits it, a checkbox toggles, an input takes focus) plus the little the
synthetic pages script: ``#load-more`` loads more content, ``#cookie-accept`` closes the cookie
banner, Enter in the ``#search`` box shows results, the first scroll down loads a lazy section, a
button with ``data-href`` navigates, and the app's pages (:mod:`webdata_server.browser.apps`). Time
spent waiting is counted, never slept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, TypeGuard
from urllib.parse import urljoin, urlsplit

from webdata_server import urls
from webdata_server.browser import apps
from webdata_server.content import parse_html, pdf_data_url, screenshot_data_url, screenshot_size
from webdata_server.script import evaluate
from webdata_server.web import FetchContext, FetchRefused, WebSource

if TYPE_CHECKING:  # bs4 is imported with the first page parsed (webdata_server.dom)
    from bs4 import BeautifulSoup, Tag

__all__ = ["BLANK", "BrowserPage", "PageError", "PageState", "Query", "bounded", "element_text", "text_of"]

BLANK = "<html><head></head><body></body></html>"
# Bounds of one page's life: a history this long drops its oldest entries; a document of more
# elements than this is not snapshotted whole.
MAX_HISTORY = 50
MAX_SNAPSHOT_LINES = 500
# What a page and its session keep, as browsers bound them: a call that would pass a bound fails
# naming it and stores nothing past it (the server README's interact table lists them).
MAX_DOCUMENT_CHARS = 5 * 1024 * 1024  # a page's markup, however it grows (load more, typing, innerHTML)
MAX_VALUE_CHARS = 524_288  # a form field's value (WebKit's and Chrome's longest input value)
MAX_COOKIE_CHARS = 4096  # a cookie's name and value (RFC 6265's minimum, every browser's limit)
MAX_COOKIES_PER_HOST = 180  # Chrome's per-domain limit
MAX_COOKIES = 3000  # Chrome keeps 3,300 in all; a session here, 3,000
MAX_ORIGIN_STORAGE_CHARS = 5 * 1024 * 1024  # localStorage per origin: browsers' 5 MiB, keys and values in UTF-16 units
MAX_STORED_CHARS = 10 * 1024 * 1024  # localStorage of every origin of a session together
_TEXT_INPUTS = {"", "text", "email", "password", "search", "tel", "url", "number"}


class PageError(Exception):
    """A page operation could not be performed: the message says which and why, as Playwright would."""


@dataclass
class PageState:
    """Everything a session remembers of its page, as plain data."""

    url: str = "about:blank"
    html: str = BLANK
    history: list[str] = field(default_factory=list)
    cookies: dict[str, dict[str, str]] = field(default_factory=dict)
    storage: dict[str, dict[str, str]] = field(default_factory=dict)
    focus: int | None = None
    refs: dict[str, int] = field(default_factory=dict)
    scrolled: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PageState:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


@dataclass(frozen=True)
class Query:
    """How a locator finds its elements: a CSS selector, a snapshot ref, or Playwright's
    ``getByText`` / ``getByRole`` / ``getByPlaceholder`` / ``getByLabel``."""

    kind: str  # css, ref, text, role, placeholder, label; index (an element already found)
    value: str
    name: str | None = None
    exact: bool = False

    def describe(self) -> str:
        if self.kind == "css":
            return f"locator({self.value!r})"
        if self.kind == "ref":
            return f"@{self.value}"
        if self.kind == "role":
            return f"getByRole({self.value!r}" + (f", {{ name: {self.name!r} }})" if self.name else ")")
        return f"getBy{self.kind.title()}({self.value!r})"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else url


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


def text_of(element: Any) -> str:
    """An element's text as a browser's ``innerText`` reads it here: its words, one space apart."""
    return " ".join(element.get_text(" ").split())


def element_text(element: Any, which: str) -> str:
    """An element's ``textContent``, ``innerText``, ``innerHTML`` or ``outerHTML``, as a locator
    and the page's own scripts read it."""
    if which == "textContent":
        return str(element.get_text())
    if which == "innerText":
        return text_of(element)
    if which == "innerHTML":
        return str(element.decode_contents())
    if which == "outerHTML":
        return str(element)
    raise ValueError(f"unknown text property {which}")


def _chars(jar: Mapping[str, str]) -> int:
    """The characters of a cookie jar's or a storage's keys and values."""
    return sum(len(k) + len(v) for k, v in jar.items())


class BrowserPage:
    """A live page over a :class:`PageState` (see the module's docstring)."""

    def __init__(self, state: PageState, *, web: WebSource | None = None, context: FetchContext | None = None) -> None:
        self.state = state
        self.web = web
        self.context = context or FetchContext(headers={}, mobile=False, country="US", languages=[])
        bounded(state)
        self.soup: BeautifulSoup = parse_html(state.html)
        self.size = len(state.html)  # the markup's size, grown by every change (never shrunk: a bound, not a count)
        self._stored: int | None = None
        self.waited_ms = 0
        # Whether the state changed since it was last saved (a read-only run writes nothing back).
        self.dirty = False

    # -- state ----------------------------------------------------------------------------------
    def save(self) -> PageState:
        """The state as it now is (the document serialised); the page is clean again."""
        self.state.html = str(self.soup)
        self.dirty = False
        return self.state

    @property
    def url(self) -> str:
        return self.state.url

    def title(self) -> str:
        title = self.soup.title
        return title.get_text() if title is not None else ""

    def content(self) -> str:
        return str(self.soup)

    def cookies_for(self, url: str) -> dict[str, str]:
        return dict(self.state.cookies.get(_host(url), {}))

    def local_storage(self) -> dict[str, str]:
        return self.state.storage.setdefault(_origin(self.state.url), {})

    def _elements(self) -> list[Tag]:
        return list(self.soup.find_all(True))

    def _index(self, element: Tag) -> int:
        for number, candidate in enumerate(self._elements()):
            if candidate is element:
                return number
        raise PageError("the element is no longer attached to the page")

    def _focused(self) -> Tag | None:
        if self.state.focus is None:
            return None
        elements = self._elements()
        return elements[self.state.focus] if 0 <= self.state.focus < len(elements) else None

    # -- finding --------------------------------------------------------------------------------
    def find(self, query: Query) -> list[Tag]:
        """The elements ``query`` matches, in document order."""
        if query.kind == "css":
            from soupsieve import SelectorSyntaxError

            try:
                return list(self.soup.select(query.value))
            except (SelectorSyntaxError, ValueError, NotImplementedError):
                raise PageError(f"{query.value!r} is not a valid selector") from None
        if query.kind == "index":  # an element the caller found already (by its place in the document)
            elements = self._elements()
            position = int(query.value)
            return [elements[position]] if 0 <= position < len(elements) else []
        if query.kind == "ref":
            index = self.state.refs.get(query.value.lstrip("@"))
            elements = self._elements()
            if index is None or not 0 <= index < len(elements):
                raise PageError(f"unknown ref @{query.value.lstrip('@')}: take a snapshot first (refs change when the page does)")
            return [elements[index]]
        if query.kind == "text":
            return self._by_text(query.value, exact=query.exact)
        if query.kind == "role":
            return [
                e
                for e in self._elements()
                if _role(e) == query.value and (query.name is None or _matches(_accessible_name(self.soup, e), query.name, query.exact))
            ]
        if query.kind == "placeholder":
            return [e for e in self._elements() if _matches(str(e.get("placeholder", "")), query.value, query.exact)]
        if query.kind == "label":
            found = []
            for label in self.soup.find_all("label"):
                if _matches(text_of(label), query.value, query.exact):
                    target = self.soup.find(id=str(label["for"])) if label.get("for") else label.find(["input", "textarea", "select"])
                    if _is_tag(target):
                        found.append(target)
            found += [e for e in self._elements() if _matches(str(e.get("aria-label", "")), query.value, query.exact)]
            return found
        raise PageError(f"unknown locator kind {query.kind!r}")

    def _by_text(self, text: str, *, exact: bool) -> list[Tag]:
        """The innermost elements whose text matches (a button's or link's own text first)."""
        matches = [e for e in self._elements() if e.name not in ("html", "head", "body", "script", "style", "title") and _matches(text_of(e), text, exact)]
        innermost = [e for e in matches if not any(child in matches for child in e.find_all(True))]
        return innermost

    def one(self, query: Query, action: str) -> Tag:
        found = self.find(query)
        if not found:
            raise PageError(f"{action}: no element matches {query.describe()}")
        return found[0]

    # -- navigation -----------------------------------------------------------------------------
    def goto(self, url: str, *, form: Mapping[str, str] | None = None, record: bool = True) -> None:
        """Loads ``url`` (relative to the current page) with the host's cookies; ``form`` posts it."""
        try:
            target = urljoin(self.state.url, url) if self.state.url != "about:blank" else url
            parts = urlsplit(target)
            hostname = parts.hostname
        except ValueError:  # no URL Python reads (http://[x): the run's error, not the server's
            raise PageError(f"page.goto: invalid URL {url!r}") from None
        if parts.scheme not in ("http", "https") or not hostname:
            if target == "about:blank":
                self._show("about:blank", BLANK, record=record)
                return
            raise PageError(f"page.goto: invalid URL {url!r}")
        if self.web is not None and self.web.indexed and apps.is_app(target) and (form is not None or apps.sets_cookies(target)):
            # A form sent to the app, or a page that sets cookies: the app answers (the web's fetch
            # carries neither); every other page comes through the web, replaced pages included.
            response = apps.respond(target, self.cookies_for(target), form)
            self._set_cookies(response.url, response.set_cookies)
            self._show(response.url, response.html, record=record)
            return
        if self.web is None:
            raise PageError(f"page.goto: cannot load {target} here")
        context = FetchContext(
            headers=self.context.headers,
            mobile=self.context.mobile,
            country=self.context.country,
            languages=self.context.languages,
            cookies=self.cookies_for(target),
        )
        try:
            page = self.web.fetch(target, context)
        except FetchRefused as refused:
            raise PageError(f"page.goto: net::ERR_CONNECTION_REFUSED at {target} ({refused})") from None
        self._show(page.url, page.html or BLANK, record=record)

    def _show(self, url: str, html: str, *, record: bool) -> None:
        self.dirty = True
        if record and self.state.url != "about:blank":
            self.state.history = [*self.state.history, self.state.url][-MAX_HISTORY:]
        if len(html) > MAX_DOCUMENT_CHARS:
            raise PageError(f"page: the document of {url} is larger than a page may be ({MAX_DOCUMENT_CHARS:,} characters)")
        self.state.url = url
        self.soup = parse_html(html)
        self.size = len(html)
        self.state.focus = None
        self.state.refs = {}
        self.state.scrolled = False
        apps.on_load(url, self.soup, self.local_storage())

    def back(self) -> None:
        if not self.state.history:
            return  # Playwright's goBack answers null when there is nothing to go back to
        previous = self.state.history[-1]
        self.state.history = self.state.history[:-1]
        self.goto(previous, record=False)

    def reload(self) -> None:
        self.goto(self.state.url, record=False)

    def _set_cookies(self, url: str, changes: Mapping[str, str | None]) -> None:
        self.dirty = True
        if not changes:
            return
        for name, value in changes.items():
            if value is None:
                jar = dict(self.state.cookies.get(_host(url), {}))
                jar.pop(name, None)
                self.state.cookies = {**self.state.cookies, _host(url): jar}
            else:
                self.add_cookie(_host(url), name, value)

    def add_cookie(self, host: str, name: str, value: str) -> None:
        """Sets a cookie of ``host``, within the cookie bounds (a cookie past them is refused)."""
        if len(name) + len(value) > MAX_COOKIE_CHARS:
            raise PageError(f"cookie {name[:40]!r}: a cookie's name and value are limited to {MAX_COOKIE_CHARS:,} characters")
        jar = dict(self.state.cookies.get(host, {}))
        if name not in jar:
            if len(jar) >= MAX_COOKIES_PER_HOST:
                raise PageError(f"cookie {name[:40]!r}: {host} has {MAX_COOKIES_PER_HOST} cookies, the most a host may keep")
            if sum(len(j) for j in self.state.cookies.values()) >= MAX_COOKIES:
                raise PageError(f"cookie {name[:40]!r}: the session has {MAX_COOKIES:,} cookies, the most it may keep")
        jar[name] = value
        self.dirty = True
        self.state.cookies = {**self.state.cookies, host: jar}

    def clear_cookies(self, name: str | None = None) -> None:
        self.dirty = True
        if name is None:
            self.state.cookies = {}
        else:
            self.state.cookies = {h: {k: v for k, v in jar.items() if k != name} for h, jar in self.state.cookies.items()}

    def set_cookie_string(self, text: str) -> None:
        """``document.cookie = "name=value; path=/; max-age=0"`` on the page's host."""
        pair, *attributes = text.split(";")
        name, _, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        expired = any(a.strip().lower().startswith(("max-age=0", "max-age=-", "expires=thu, 01 jan 1970")) for a in attributes)
        if not name:
            return
        if expired:
            self._set_cookies(self.state.url, {name: None})
        else:
            self.add_cookie(_host(self.state.url), name, value)

    # -- acting ---------------------------------------------------------------------------------
    def click(self, query: Query, *, all: bool = False, navigate: bool = True) -> None:
        """Clicks the first element ``query`` matches (every one with ``all``)."""
        self.dirty = True
        targets = self.find(query)
        if not targets and not all:
            raise PageError(f"click: no element matches {query.describe()}")
        for target in targets if all else targets[:1]:
            self._click(target, navigate=navigate)

    def _click(self, target: Tag, *, navigate: bool) -> None:
        navigate = navigate and self.web is not None  # a page with no web to go to stays where it is
        main = self.soup.select_one("main") or self.soup.body or self.soup
        if target.get("id") == "load-more":
            self.grow(30)
            main.append(_fragment("<p>More content loaded.</p>"))
            return
        if target.get("id") == "cookie-accept":
            banner = self.soup.select_one("#cookie-banner")
            if banner is not None:
                banner.decompose()
            return
        if apps.on_click(self.state.url, self.soup, target, self.local_storage()):
            return
        kind = str(target.get("type", "")).lower()
        if target.name in ("input", "textarea", "select") or target.get("contenteditable") is not None:
            if kind == "checkbox" or kind == "radio":
                self._toggle(target)
            elif kind == "submit" and navigate:
                self._submit_from(target)
            else:
                self.state.focus = self._index(target)
            return
        if not navigate:
            return
        if target.name == "a" and target.get("href"):
            href = str(target["href"])
            if not href.startswith(("#", "javascript:")):
                self.goto(href)
            return
        if target.get("data-href"):
            self.goto(str(target["data-href"]))
            return
        if target.name == "button" and kind != "button":
            self._submit_from(target)
            return
        link = target.find_parent("a")
        if _is_tag(link) and link.get("href"):
            self.goto(str(link["href"]))

    def _toggle(self, target: Tag) -> None:
        if target.has_attr("checked"):
            del target["checked"]
        else:
            target["checked"] = ""

    def _submit_from(self, element: Tag) -> None:
        form = element if element.name == "form" else element.find_parent("form")
        if not _is_tag(form):
            return
        values: dict[str, str] = {}
        for field_ in form.find_all(["input", "textarea", "select"]):
            name = field_.get("name")
            kind = str(field_.get("type", "")).lower()
            if not name or (kind in ("checkbox", "radio") and not field_.has_attr("checked")) or kind in ("submit", "button"):
                continue
            values[str(name)] = _value_of(field_)
        action = urls.joined(self.state.url, str(form.get("action") or self.state.url))
        if action is None:
            raise PageError(f"form: invalid action {form.get('action')!r}")
        if str(form.get("method", "get")).lower() == "post":
            self.goto(action, form=values)
        else:
            self.goto(apps.form_url(action, values))

    def fill(self, query: Query, text: str) -> None:
        self.dirty = True
        target = self.one(query, "fill")
        self._editable(target, "fill")
        self._set_value(target, text)
        self.state.focus = self._index(target)

    def type(self, query: Query | None, text: str) -> None:
        """Types ``text`` into the element (the focused one without ``query``), after what it holds."""
        self.dirty = True
        target = self.one(query, "type") if query is not None else self._focused()
        if target is None:
            raise PageError("keyboard.type: no focused input; click or fill one first")
        self._editable(target, "type")
        self._set_value(target, _value_of(target) + text)
        self.state.focus = self._index(target)

    def _editable(self, target: Tag, action: str) -> None:
        kind = str(target.get("type", "")).lower()
        if not (target.name == "textarea" or (target.name == "input" and kind in _TEXT_INPUTS) or target.get("contenteditable") is not None):
            raise PageError(f"{action}: element is not an <input>, <textarea> or [contenteditable] element")

    def _set_value(self, target: Tag, text: str) -> None:
        if len(text) > MAX_VALUE_CHARS:
            raise PageError(f"the value would be {len(text):,} characters: a form field holds at most {MAX_VALUE_CHARS:,}")
        self.grow(len(text))
        if target.name == "textarea" or target.get("contenteditable") is not None:
            target.string = text
        else:
            target["value"] = text

    def select_option(self, query: Query, value: str) -> None:
        self.dirty = True
        target = self.one(query, "selectOption")
        if target.name != "select":
            raise PageError("selectOption: element is not a <select> element")
        options = target.find_all("option")
        chosen = next((o for o in options if o.get("value", text_of(o)) == value or text_of(o) == value), None)
        if chosen is None:
            raise PageError(f"selectOption: no option {value!r}")
        for option in options:
            if option.has_attr("selected"):
                del option["selected"]
        chosen["selected"] = ""

    def check(self, query: Query, checked: bool = True) -> None:
        self.dirty = True
        target = self.one(query, "check")
        if target.has_attr("checked") != checked:
            self._toggle(target)

    def press(self, key: str, query: Query | None = None) -> None:
        """Presses ``key`` on the element (the focused one without ``query``)."""
        self.dirty = True
        target = self.one(query, "press") if query is not None else self._focused()
        if query is not None:
            self.state.focus = self._index(target) if target is not None else None
        if key != "Enter" or target is None:
            return
        if target.get("id") == "search" and target.find_parent("form") is None:
            main = self.soup.select_one("main") or self.soup.body or self.soup
            self.grow(40 + len(str(target.get("value", ""))))
            main.append(_fragment(f"<p>Search results for: {target.get('value', '')}</p>"))
            return
        if target.find_parent("form") is not None:
            self._submit_from(target)

    def scroll(self, direction: str = "down", query: Query | None = None) -> None:
        self.dirty = True
        if query is not None:
            self.one(query, "scroll")
        if direction == "down" and not self.state.scrolled:
            self.state.scrolled = True
            main = self.soup.select_one("main") or self.soup.body or self.soup
            main.append(_fragment("<p>Lazy-loaded section.</p>"))

    def wait(self, milliseconds: int) -> None:
        self.waited_ms += max(0, milliseconds)

    def wait_for(self, query: Query) -> None:
        if not self.find(query):
            raise PageError(f"waitForSelector: Timeout 30000ms exceeded waiting for {query.describe()}")

    def wait_for_text(self, text: str) -> None:
        if text not in text_of(self.soup):
            raise PageError(f"wait: Timeout 30000ms exceeded waiting for text {text!r}")

    # -- reading --------------------------------------------------------------------------------
    def text_content(self, query: Query) -> str:
        return self.one(query, "textContent").get_text()

    def inner_text(self, query: Query) -> str:
        return text_of(self.one(query, "innerText"))

    def input_value(self, query: Query) -> str:
        target = self.one(query, "inputValue")
        if target.name not in ("input", "textarea", "select"):
            raise PageError("inputValue: element is not an <input>, <textarea> or <select> element")
        return _value_of(target)

    def get_attribute(self, query: Query, name: str) -> str | None:
        value = self.one(query, "getAttribute").get(name)
        if value is None:
            return None
        return " ".join(value) if isinstance(value, list) else str(value)

    def is_checked(self, query: Query) -> bool:
        return self.one(query, "isChecked").has_attr("checked")

    def evaluate(self, script: str) -> dict[str, Any]:
        """``{type, value}`` of a script (:mod:`webdata_server.script`), plus ``location.href``."""
        body = script.strip().removeprefix("return").strip().rstrip(";").strip()
        if body in ("window.location.href", "location.href", "document.URL", "document.location.href"):
            return {"type": "string", "value": self.state.url}
        if body == "document.body.innerText":
            return {"type": "string", "value": text_of(self.soup.body or self.soup)}
        return evaluate(script, title=self.title, count=lambda selector: len(self.find(Query("css", selector))))

    def screenshot(self, *, full_page: bool = False, mobile: bool = False, colors: dict[str, str] | None = None, quality: int = 80) -> str:
        width, height = screenshot_size(viewport=None, full_page=full_page, mobile=mobile)
        return screenshot_data_url(title=self.title(), width=width, height=height, quality=quality, colors=colors or {})

    def pdf(self, *, paper: str = "Letter", landscape: bool = False, scale: float = 1.0) -> str:
        return pdf_data_url(title=self.title(), paper=paper, landscape=landscape, scale=scale)

    def snapshot(self, *, interactive: bool = False, scope: str | None = None) -> str:
        """The page as agent-browser's accessibility snapshot: one line per element, interactive
        ones with a ref (``[ref=e1]``) that later commands take as ``@e1``."""
        root: Any = self.soup
        if scope is not None:
            root = self.one(Query("css", scope), "snapshot")
        refs: dict[str, int] = {}
        lines: list[str] = []
        index = {id(e): n for n, e in enumerate(self._elements())}
        for element in _walk(root):
            role = _role(element)
            if role is None:
                continue
            clickable = role in ("link", "button", "textbox", "checkbox", "radio", "combobox", "searchbox")
            if interactive and not clickable:
                continue
            name = _accessible_name(self.soup, element)
            line = f'- {role} "{name}"' if name or clickable else f"- {role}"
            if role == "heading":
                line += f" [level={element.name[1]}]"
            if clickable:
                ref = f"e{len(refs) + 1}"
                refs[ref] = index[id(element)]
                line += f" [ref={ref}]"
            if role == "textbox" and element.get("value"):
                line += f": {element.get('value')}"
            lines.append(line)
            if len(lines) >= MAX_SNAPSHOT_LINES:
                lines.append("- … (cut)")
                break
        if refs != self.state.refs:
            self.state.refs = refs
            self.dirty = True
        return "\n".join(lines)

    def grow(self, chars: int) -> None:
        """Counts ``chars`` more of markup; past :data:`MAX_DOCUMENT_CHARS` the change is refused."""
        if self.size + chars > MAX_DOCUMENT_CHARS:
            raise PageError(f"the page would grow past {MAX_DOCUMENT_CHARS:,} characters, the most a page may hold")
        self.size += chars

    def _storage_size(self) -> int:
        if self._stored is None:
            self._stored = sum(_chars(jar) for jar in self.state.storage.values())
        return self._stored

    def set_item(self, key: str, value: str) -> None:
        jar = self.local_storage()
        before = len(key) + len(jar[key]) if key in jar else 0
        after = len(key) + len(value)
        origin_size = _chars(jar) if after > before else 0
        if after > before and origin_size - before + after > MAX_ORIGIN_STORAGE_CHARS:
            raise PageError(
                f"QuotaExceededError: Failed to execute 'setItem' on 'Storage': the quota of {MAX_ORIGIN_STORAGE_CHARS:,} characters per origin would be exceeded"
            )
        if self._storage_size() - before + after > MAX_STORED_CHARS:
            raise PageError(f"QuotaExceededError: the session's localStorage is limited to {MAX_STORED_CHARS:,} characters")
        self.dirty = True
        jar[key] = value
        self._stored = self._storage_size() - before + after

    def remove_item(self, key: str) -> None:
        jar = self.local_storage()
        if key in jar:
            self.dirty = True
            del jar[key]
            self._stored = None

    def clear_storage(self) -> None:
        self.dirty = True
        self.local_storage().clear()
        self._stored = None

    # -- the page's realm (page.evaluate's document) --------------------------------------------
    def elements(self) -> list[Tag]:
        return self._elements()

    def index_of(self, element: Tag) -> int:
        return self._index(element)

    def value_of(self, element: Tag) -> str:
        return _value_of(element)

    def set_content(self, html: str) -> None:
        self._show(self.state.url, html, record=False)

    def set_title(self, title: str) -> None:
        self.dirty = True
        self.grow(len(title))
        found = self.soup.title
        if found is None:
            head = self.soup.head or self.soup
            head.append(_fragment("<title></title>"))
            found = self.soup.title
        if found is not None:
            found.string = title

    def focus(self, query: Query) -> None:
        self.dirty = True
        self.state.focus = self._index(self.one(query, "focus"))

    def submit(self, element: Tag) -> None:
        self.dirty = True
        self._submit_from(element)

    def set_property(self, element: Tag, prop: str, value: Any) -> None:
        self.dirty = True
        if prop == "value":
            if element.name in ("input", "textarea", "select") or element.get("contenteditable") is not None:
                if element.name == "select":
                    for option in element.find_all("option"):
                        if option.has_attr("selected"):
                            del option["selected"]
                        if option.get("value", text_of(option)) == value:
                            option["selected"] = ""
                else:
                    self._set_value(element, str(value))
            return
        if prop == "checked":
            if bool(value) != element.has_attr("checked"):
                self._toggle(element)
            return
        text = str(value)
        self.grow(len(text))
        if prop == "textContent":
            element.string = text
        elif prop == "innerHTML":
            element.clear()
            element.append(_fragment(text))

    def set_attribute(self, element: Tag, name: str, value: str | None) -> None:
        self.dirty = True
        if value is None:
            if element.has_attr(name):
                del element[name]
            return
        self.grow(len(name) + len(value))
        element[name] = value

    def insert_html(self, element: Tag, where: str, html: str) -> None:
        self.dirty = True
        self.grow(len(html))
        fragment = _fragment(html)
        where = where.lower()
        if where == "beforeend":
            element.append(fragment)
        elif where == "afterbegin":
            element.insert(0, fragment)
        elif where == "beforebegin":
            element.insert_before(fragment)
        elif where == "afterend":
            element.insert_after(fragment)
        else:
            raise PageError(f"insertAdjacentHTML: '{where}' is not one of beforeBegin, afterBegin, beforeEnd, afterEnd")

    def remove_element(self, element: Tag) -> None:
        self.dirty = True
        element.decompose()


def bounded(state: PageState) -> PageState:
    """``state`` within the page's bounds, in place: a session stored by an older version with more
    (cookies past the limits, an origin's storage past its quota, a page past its size) keeps what
    fits and drops the rest, so it can still be run, ended, billed and saved to its profile."""
    if len(state.html) > MAX_DOCUMENT_CHARS:
        state.html, state.focus, state.refs = BLANK, None, {}
    cookies: dict[str, dict[str, str]] = {}
    count = 0
    for host, jar in state.cookies.items():
        kept: dict[str, str] = {}
        for name, value in jar.items():
            if len(name) + len(value) <= MAX_COOKIE_CHARS and len(kept) < MAX_COOKIES_PER_HOST and count < MAX_COOKIES:
                kept[name] = value
                count += 1
        if kept:
            cookies[host] = kept
    state.cookies = cookies
    storage: dict[str, dict[str, str]] = {}
    total = 0
    for origin, jar in state.storage.items():
        size = _chars(jar)
        if size <= MAX_ORIGIN_STORAGE_CHARS and total + size <= MAX_STORED_CHARS:
            storage[origin] = jar
            total += size
    state.storage = storage
    return state


def _is_tag(value: Any) -> TypeGuard[Tag]:
    from bs4 import Tag

    return isinstance(value, Tag)


def _fragment(html: str) -> BeautifulSoup:
    """Markup a page's script adds (parsed as it is appended: bs4 is imported already)."""
    from bs4 import BeautifulSoup

    return BeautifulSoup(html, "html.parser")


def _walk(root: Any) -> Iterator[Tag]:
    for element in root.find_all(True) if hasattr(root, "find_all") else []:
        if element.name in ("script", "style", "head", "title", "meta", "link"):
            continue
        yield element


_HEADINGS = {f"h{n}" for n in range(1, 7)}


def _role(element: Tag) -> str | None:
    explicit = element.get("role")
    if explicit:
        return str(explicit)
    name = element.name
    kind = str(element.get("type", "")).lower()
    if name == "a" and element.get("href"):
        return "link"
    if name == "button" or (name == "input" and kind in ("submit", "button", "reset")):
        return "button"
    if name == "input" and kind in ("checkbox", "radio"):
        return kind
    if name == "input" and kind == "search":
        return "searchbox"
    if (name == "input" and kind in _TEXT_INPUTS) or name == "textarea":
        return "textbox"
    if name == "select":
        return "combobox"
    if name in _HEADINGS:
        return "heading"
    if name == "li":
        return "listitem"
    if name == "p":
        return "paragraph"
    if name == "img":
        return "img"
    return None


def _accessible_name(soup: BeautifulSoup, element: Tag) -> str:
    for attribute in ("aria-label",):
        if element.get(attribute):
            return str(element[attribute])
    if element.get("id"):
        label = soup.find("label", attrs={"for": element["id"]})
        if _is_tag(label):
            return text_of(label)
    if element.name == "img":
        return str(element.get("alt", ""))
    if element.name in ("input", "textarea", "select"):
        return str(
            element.get("placeholder")
            or (element.get("value") if str(element.get("type", "")).lower() in ("submit", "button") else "")
            or element.get("name")
            or ""
        )
    return text_of(element)[:200]


def _matches(text: str, wanted: str, exact: bool) -> bool:
    if exact:
        return text.strip() == wanted
    return wanted.lower() in text.lower() if wanted else False


def _value_of(element: Tag) -> str:
    if element.name == "textarea":
        return element.get_text()
    if element.name == "select":
        chosen = element.find("option", selected=True) or element.find("option")
        return str(chosen.get("value", text_of(chosen))) if _is_tag(chosen) else ""
    return str(element.get("value", ""))


# A selector that addresses a ref (agent-browser's @e1) rather than CSS.
REF = re.compile(r"^@?(e\d{1,5})$")


def query_of(target: str) -> Query:
    """An agent-browser or action target: ``@e3`` is a snapshot ref, anything else CSS."""
    found = REF.match(target)
    return Query("ref", found.group(1)) if found and target.startswith("@") else Query("css", target)
