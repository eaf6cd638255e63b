"""Prompts: a deterministic, rule-based agent over the page model, shaped like the service's answer.

The service hands a prompt to a language model that drives ``agent-browser`` for at most 25 steps
and answers in plain text (``output``), with what the commands printed (``stdout``) and the last
snapshot (``result``). This agent reads the prompt as steps (split at "then", full stops, semicolons
and line ends) and follows each step it recognises (:data:`UNDERSTOOD` lists the forms); a step it
cannot follow ends the run with ``success: false`` and says so: it never makes up an answer. Like the
service's agent it does not open other sites: it works on the page the session is on.
"""

from __future__ import annotations

from collections.abc import Callable

from webdata_server import linear
from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageError, Query

__all__ = ["MAX_STEPS", "UNDERSTOOD", "follow"]

MAX_STEPS = 25
UNDERSTOOD = (
    'log in as <user> with password <password>',
    'click <text> (a button, a link)',
    'fill <field> with <text> / type <text> into <field>',
    'search for <text>',
    'go to the next page',
    'go to <link text>',
    'go back',
    'scroll down / up',
    'add <product> to the cart',
    'submit the form / press Enter',
    'what is the title (of the page)',
    'what is the URL',
    'what is the price of <product>',
    'how many items are in the cart',
    'what does the page say',
    'list the products',
    'get the text of <element>',
)  # fmt: skip

_SPLIT = linear.fixed(r"(?i)\s*(?:\bthen\b|;|\n|\.\s+|\.$|,\s*and\s+|\band\s+then\b)\s*")
_Q = r"[\"'“”‘’]?"
_RULES: list[tuple[str, linear.Pattern]] = [
    (
        "login",
        linear.fixed(
            rf"(?i)^(?:please\s+)?(?:log|sign)\s*in\s+(?:as|with(?:\s+the)?\s+username|with\s+user)\s+{_Q}([^\s\"'“”‘’]+){_Q}\s*(?:,|and)?\s*(?:with\s+)?(?:the\s+)?password\s+(?:is\s+)?{_Q}([^\s\"'“”‘’]+?){_Q}$"
        ),
    ),
    ("press", linear.fixed(r"(?i)^(?:please\s+)?(?:press|hit)\s+(?:the\s+)?(enter|return|tab|escape)(?:\s+key)?$")),
    ("submit", linear.fixed(r"(?i)^(?:please\s+)?submit(?:\s+the\s+form)?$")),
    ("next", linear.fixed(r"(?i)^(?:please\s+)?(?:go\s+to\s+|open\s+|show\s+(?:me\s+)?|click\s+(?:on\s+)?)?(?:the\s+)?next\s+page$")),
    ("back", linear.fixed(r"(?i)^(?:please\s+)?go\s+back$")),
    ("scroll", linear.fixed(r"(?i)^(?:please\s+)?scroll\s+(down|up)(?:\s+the\s+page)?$")),
    ("cart-add", linear.fixed(rf"(?i)^(?:please\s+)?add\s+(?:the\s+|an?\s+)?{_Q}(.+?){_Q}\s+to\s+(?:the\s+|my\s+)?cart$")),
    ("search", linear.fixed(rf"(?i)^(?:please\s+)?search\s+for\s+{_Q}(.+?){_Q}$")),
    ("fill", linear.fixed(rf"(?i)^(?:please\s+)?(?:fill(?:\s+in)?|set)\s+(?:the\s+)?{_Q}(.+?){_Q}(?:\s+(?:field|box|input))?\s+(?:with|to)\s+{_Q}(.+?){_Q}$")),
    (
        "type",
        linear.fixed(rf"(?i)^(?:please\s+)?(?:type|enter|write|put)\s+{_Q}(.+?){_Q}\s+(?:in|into)\s+(?:the\s+)?{_Q}(.+?){_Q}(?:\s+(?:field|box|input))?$"),
    ),
    ("click", linear.fixed(rf"(?i)^(?:please\s+)?(?:click|press|tap)(?:\s+on)?\s+(?:the\s+)?{_Q}(.+?){_Q}(?:\s+(?:button|link))?$")),
    ("title", linear.fixed(r"(?i)^(?:what\s+is|what's|tell\s+me|get)\s+the\s+(?:page(?:'s)?\s+)?title(?:\s+of\s+(?:the|this)\s+page)?\??$")),
    ("url", linear.fixed(r"(?i)^(?:what\s+is|what's|get)\s+the\s+(?:current\s+)?(?:url|address)(?:\s+of\s+(?:the|this)\s+page)?\??$")),
    ("price", linear.fixed(rf"(?i)^(?:what\s+is|what's|get|find)\s+the\s+price\s+of\s+(?:the\s+)?{_Q}(.+?){_Q}\??$")),
    ("cart-count", linear.fixed(r"(?i)^how\s+many\s+(?:items|products|things)\s+(?:are\s+)?in\s+(?:the\s+|my\s+)?cart\??$")),
    ("say", linear.fixed(r"(?i)^what\s+does\s+(?:the|this)\s+page\s+(?:say|show)\??$")),
    (
        "products",
        linear.fixed(
            r"(?i)^(?:list|what\s+are|show\s+me|get)\s+(?:all\s+)?(?:the\s+)?(?:products|items)(?:\s+(?:listed|on\s+(?:the|this)\s+page))?(?:\s+and\s+their\s+prices)?\??$"
        ),
    ),
    ("text-of", linear.fixed(rf"(?i)^(?:get|read|extract|what\s+is)\s+the\s+text\s+of\s+(?:the\s+)?{_Q}(.+?){_Q}\??$")),
    ("goto", linear.fixed(rf"(?i)^(?:please\s+)?(?:go|navigate)\s+to\s+(?:the\s+)?{_Q}(.+?){_Q}(?:\s+page)?$")),
]
_PRICE = linear.fixed(r"[$€£]\s?\d[\d,]*(?:\.\d{2})?")


class _Cannot(Exception):
    """A step the agent cannot carry out (its message says which and why)."""


def follow(page: BrowserPage, prompt: str) -> Outcome:
    """Carries out ``prompt`` on ``page``; the outcome the service's agent answers."""
    steps = [step.strip(" ,") for step in _SPLIT.split(prompt) if step and step.strip(" ,")]
    answers: list[str] = []
    printed: list[str] = [page.snapshot(interactive=True)]
    used = 0
    for step in steps:
        if used >= MAX_STEPS:
            answers.append(f"Stopped after {MAX_STEPS} steps, the agent's limit.")
            break
        used += 1
        try:
            answer = _step(page, step)
        except (_Cannot, PageError) as error:
            return Outcome(
                output="",
                stdout="".join(line + "\n" for line in printed if line),
                result=page.snapshot(interactive=True),
                stderr=f"{error}",
                exit_code=1,
            )
        if answer:
            answers.append(answer)
    if not steps:
        return Outcome(output="", stderr="The prompt asks nothing the agent can do.", exit_code=1)
    snapshot = page.snapshot(interactive=True)
    printed.append(snapshot)
    return Outcome(output=" ".join(answers), stdout="".join(line + "\n" for line in printed if line), result=snapshot)


def _step(page: BrowserPage, step: str) -> str:
    for name, pattern in _RULES:
        found = pattern.fullmatch(step)
        if found is not None:
            return _ACTIONS[name](page, *(g.strip() for g in found.groups()))
    raise _Cannot(f"The reference server's agent cannot follow {step!r}. It follows steps such as: " + "; ".join(UNDERSTOOD) + ".")


def _clickable(page: BrowserPage, text: str) -> Query:
    for query in (Query("role", "button", name=text), Query("role", "link", name=text), Query("text", text), Query("css", text)):
        try:
            if page.find(query):
                return query
        except PageError:
            continue
    raise _Cannot(f"No button or link {text!r} on {page.url}.")


def _field(page: BrowserPage, text: str) -> Query:
    for query in (
        Query("label", text),
        Query("placeholder", text),
        Query("css", f"[name={text!r}]"),
        Query("css", f"#{text}") if text.isidentifier() else None,
    ):
        if query is None:
            continue
        try:
            if page.find(query):
                return query
        except PageError:
            continue
    raise _Cannot(f"No field {text!r} on {page.url}.")


def _login(page: BrowserPage, user: str, password: str) -> str:
    page.fill(_field(page, "username"), user)
    page.fill(_field(page, "password"), password)
    page.press("Enter")
    error = page.soup.select_one(".error")
    if error is not None:
        return f"Could not sign in as {user}: the page says {error.get_text().strip()!r}."
    return f"Signed in as {user}; the page is now {page.title()!r}."


def _click(page: BrowserPage, text: str) -> str:
    page.click(_clickable(page, text))
    return f"Clicked {text!r}."


def _fill(page: BrowserPage, field: str, value: str) -> str:
    page.fill(_field(page, field), value)
    return f"Filled {field!r} with {value!r}."


def _type(page: BrowserPage, value: str, field: str) -> str:
    return _fill(page, field, value)


def _press(page: BrowserPage, key: str) -> str:
    page.press({"return": "Enter"}.get(key.lower(), key.title()))
    return f"Pressed {key.title()}."


def _submit(page: BrowserPage) -> str:
    button = page.soup.select_one("form button:not([type=button]), form input[type=submit]")
    if button is None:
        raise _Cannot(f"No form to submit on {page.url}.")
    page.click(Query("css", "form button:not([type=button]), form input[type=submit]"))
    return f"Submitted the form; the page is now {page.title()!r}."


def _next(page: BrowserPage) -> str:
    for query in (Query("css", "#next"), Query("css", "a[rel=next]"), Query("role", "button", name="Next"), Query("role", "link", name="Next")):
        if page.find(query):
            page.click(query)
            return f"Went to the next page: {page.title()!r}."
    raise _Cannot(f"There is no next page on {page.url}.")


def _back(page: BrowserPage) -> str:
    page.back()
    return f"Went back to {page.title()!r}."


def _scroll(page: BrowserPage, direction: str) -> str:
    page.scroll(direction.lower())
    return f"Scrolled {direction.lower()}."


def _cart_add(page: BrowserPage, product: str) -> str:
    for item in page.soup.select("li.product"):
        if product.lower() in item.get_text(" ").lower():
            button = item.select_one(".add-to-cart")
            if button is not None:
                index = next(n for n, e in enumerate(page.soup.find_all(True)) if e is button)
                page.click(Query("index", str(index)))
                count = page.soup.select_one("#cart-count")
                return f"Added {product!r} to the cart" + (f"; it holds {count.get_text()} item(s)." if count is not None else ".")
    raise _Cannot(f"No product {product!r} with an 'Add to cart' button on {page.url}.")


def _search(page: BrowserPage, term: str) -> str:
    for query in (Query("css", "#q"), Query("css", "#search"), Query("role", "searchbox"), Query("placeholder", "Search")):
        if page.find(query):
            page.fill(query, term)
            page.press("Enter")
            return f"Searched for {term!r}."
    raise _Cannot(f"No search box on {page.url}.")


def _title(page: BrowserPage) -> str:
    return f"The title of the page is {page.title()!r}." if page.title() else "The page has no title."


def _url(page: BrowserPage) -> str:
    return f"The page is at {page.url}."


def _price(page: BrowserPage, product: str) -> str:
    for element in page.soup.select("li, tr, .product, article"):
        text = " ".join(element.get_text(" ").split())
        if product.lower() in text.lower():
            price = _PRICE.search(text)
            if price is not None:
                return f"{product}: {price.group(0)}"
    raise _Cannot(f"No price for {product!r} on {page.url}.")


def _cart_count(page: BrowserPage) -> str:
    count = page.soup.select_one("#cart-count")
    if count is None:
        raise _Cannot(f"No cart on {page.url}.")
    return f"The cart holds {count.get_text().strip()} item(s)."


def _say(page: BrowserPage) -> str:
    main = page.soup.select_one("main") or page.soup.body
    if main is None:
        raise _Cannot("The page is empty.")
    return " ".join(main.get_text(" ").split())[:2000]


def _products(page: BrowserPage) -> str:
    items = [" ".join(item.get_text(" ").replace("Add to cart", "").split()) for item in page.soup.select("li.product")]
    if not items:
        raise _Cannot(f"No products listed on {page.url}.")
    return "\n".join(f"- {item}" for item in items)


def _text_of(page: BrowserPage, target: str) -> str:
    for query in (Query("css", target), Query("text", target)):
        try:
            found = page.find(query)
        except PageError:
            continue
        if found:
            return " ".join(found[0].get_text(" ").split())
    raise _Cannot(f"No element {target!r} on {page.url}.")


def _goto(page: BrowserPage, target: str) -> str:
    if "://" in target:
        raise _Cannot("Blocked: opening new tabs/URLs is not allowed. Use click to navigate within the site.")
    page.click(_clickable(page, target))
    return f"Went to {page.title()!r}."


_ACTIONS: dict[str, Callable[..., str]] = {
    "login": _login,
    "press": _press,
    "submit": _submit,
    "next": _next,
    "back": _back,
    "scroll": _scroll,
    "cart-add": _cart_add,
    "search": _search,
    "fill": _fill,
    "type": _type,
    "click": _click,
    "title": _title,
    "url": _url,
    "price": _price,
    "cart-count": _cart_count,
    "say": _say,
    "products": _products,
    "text-of": _text_of,
    "goto": _goto,
}
