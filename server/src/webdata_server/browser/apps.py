"""The pages of the synthetic web worth interacting with: ``/app/...`` on any host.

Each page is a function of its URL, the form it was sent (a submission) and the cookies of its
host, so a scrape, a session's code, a prompt and a profile all see the same site. What a browser
would do with a page's script (a cart count kept in localStorage) is :func:`on_load`'s and
:func:`on_click`'s, applied by the page model (:mod:`webdata_server.browser.page`); nothing here
runs code.

| path | what it is |
|---|---|
| ``/app/login`` | a sign-in form (``#username``, ``#password``, ``#sign-in``): any user name with the password ``secret`` sets the cookie ``session=<name>`` and leads to ``/app/account``; another password comes back with "Wrong username or password." |
| ``/app/account`` | "Signed in as <name>." with the cookie, else "You are not signed in." and a link to the form |
| ``/app/logout`` | clears the cookie, then the sign-in form |
| ``/app/wizard`` | a three-step form: a name (``#name``, Next), an email (``#email``, Next), a review (Submit), then "Thank you, <name>! We will write to <email>." |
| ``/app/listing`` | 25 products, ten a page (``?page=N``), each with its price; a ``#next`` button on every page but the last |
| ``/app/cart`` | three products, each with an "Add to cart" button (``.add-to-cart``); ``#cart-count`` is the number of items in localStorage's ``cart`` |
| ``/app/search`` | a search box (``#q``) whose form shows three results for the query (``?q=``) |
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

__all__ = ["PASSWORD", "PRODUCTS", "Response", "form_url", "is_app", "on_click", "on_load", "respond", "sets_cookies"]

PASSWORD = "secret"  # noqa: S105 (the synthetic sign-in form's documented password)
SESSION_COOKIE = "session"
PAGE_SIZE = 10
# The listing's products: name and price (in dollars), stable.
PRODUCTS = tuple((f"Product {n}", 5 * n + 4) for n in range(1, 26))
CART = (("Espresso cup", 12), ("Coffee grinder", 89), ("Milk jug", 19))


@dataclass(frozen=True)
class Response:
    """A page of the app: its HTML, the cookies it sets (None: cleared) and where it was served."""

    url: str
    html: str
    set_cookies: dict[str, str | None] = field(default_factory=dict)


def is_app(url: str) -> bool:
    path = urlsplit(url).path
    return path == "/app" or path.startswith("/app/")


def _page(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html><html lang="en-US"><head><title>{escape(title)}</title>'
        f'<meta name="description" content="{escape(title)} of the synthetic app"></head><body>'
        f'<nav><a href="/app/account">Account</a><a href="/app/listing">Products</a><a href="/app/cart">Cart</a><a href="/app/search">Search</a></nav>'
        f"<main><h1>{escape(title)}</h1>{body}</main></body></html>"
    )


def _login(error: str | None = None) -> str:
    message = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    return _page(
        "Sign in",
        message + '<form id="login" action="/app/login" method="post">'
        '<label for="username">Username</label><input id="username" name="username" type="text" placeholder="Username">'
        '<label for="password">Password</label><input id="password" name="password" type="password" placeholder="Password">'
        '<button id="sign-in" type="submit">Sign in</button></form>',
    )


def _account(user: str | None) -> str:
    if user:
        return _page("Account", f'<p id="greeting">Signed in as {escape(user)}.</p><a id="sign-out" href="/app/logout">Sign out</a>')
    return _page("Account", '<p id="greeting">You are not signed in.</p><a id="sign-in-link" href="/app/login">Sign in</a>')


def _wizard(query: Mapping[str, str]) -> str:
    step = query.get("step", "1")
    name, email = query.get("name", ""), query.get("email", "")
    if step == "2":
        body = (
            '<p class="step">Step 2 of 3</p><form id="wizard" action="/app/wizard" method="get">'
            f'<input type="hidden" name="step" value="3"><input type="hidden" name="name" value="{escape(name)}">'
            '<label for="email">Email</label><input id="email" name="email" type="email" placeholder="Email">'
            '<button id="next" type="submit">Next</button></form>'
        )
    elif step == "3":
        body = (
            f'<p class="step">Step 3 of 3</p><p id="review">Name: {escape(name)}. Email: {escape(email)}.</p>'
            '<form id="wizard" action="/app/wizard/done" method="get">'
            f'<input type="hidden" name="name" value="{escape(name)}"><input type="hidden" name="email" value="{escape(email)}">'
            '<button id="submit" type="submit">Submit</button></form>'
        )
    else:
        body = (
            '<p class="step">Step 1 of 3</p><form id="wizard" action="/app/wizard" method="get">'
            '<input type="hidden" name="step" value="2">'
            '<label for="name">Name</label><input id="name" name="name" type="text" placeholder="Name">'
            '<button id="next" type="submit">Next</button></form>'
        )
    return _page("Sign up", body)


def _listing(query: Mapping[str, str]) -> str:
    pages = -(-len(PRODUCTS) // PAGE_SIZE)
    try:
        number = max(1, min(int(query.get("page", "1")), pages))
    except ValueError:
        number = 1
    shown = PRODUCTS[(number - 1) * PAGE_SIZE : number * PAGE_SIZE]
    items = "".join(f'<li class="product"><span class="name">{name}</span> <span class="price">${price}</span></li>' for name, price in shown)
    more = f'<button id="next" data-href="/app/listing?page={number + 1}">Next page</button>' if number < pages else ""
    return _page(f"Products, page {number} of {pages}", f'<ul id="products">{items}</ul>{more}')


def _cart() -> str:
    items = "".join(
        f'<li class="product"><span class="name">{name}</span> <span class="price">${price}</span> '
        f'<button class="add-to-cart" data-sku="sku-{n}">Add to cart</button></li>'
        for n, (name, price) in enumerate(CART, 1)
    )
    return _page("Cart", f'<p>Items in cart: <span id="cart-count">0</span></p><ul id="shop">{items}</ul>')


def _search(query: Mapping[str, str]) -> str:
    term = query.get("q", "")
    form = '<form id="search-form" action="/app/search" method="get"><input id="q" name="q" type="search" placeholder="Search"><button id="search-button" type="submit">Search</button></form>'
    if not term:
        return _page("Search", form)
    results = "".join(f'<li><a href="https://docs.example.com/search/{n}">{escape(term)}: result {n}</a></li>' for n in (1, 2, 3))
    return _page(f"Search results for {term}", form + f'<ol id="results">{results}</ol>')


def respond(url: str, cookies: Mapping[str, str], form: Mapping[str, str] | None = None) -> Response:
    """The app's answer to ``url`` (a GET when ``form`` is None, else the form posted to it)."""
    parts = urlsplit(url)
    query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
    path = parts.path.rstrip("/") or "/"
    user = cookies.get(SESSION_COOKIE)
    if path == "/app/login":
        if form is not None:
            name = form.get("username", "").strip()
            if name and form.get("password") == PASSWORD:
                return Response(urljoin(url, "/app/account"), _account(name), {SESSION_COOKIE: name})
            return Response(url, _login("Wrong username or password."))
        return Response(url, _account(user) if user else _login())
    if path == "/app/logout":
        return Response(urljoin(url, "/app/login"), _login(), {SESSION_COOKIE: None})
    if path == "/app/account":
        return Response(url, _account(user))
    if path == "/app/wizard/done":
        name, email = query.get("name", ""), query.get("email", "")
        return Response(url, _page("Thank you", f'<p id="thanks">Thank you, {escape(name)}! We will write to {escape(email)}.</p>'))
    if path == "/app/wizard":
        return Response(url, _wizard(query))
    if path == "/app/listing":
        return Response(url, _listing(query))
    if path == "/app/cart":
        return Response(url, _cart())
    if path == "/app/search":
        return Response(url, _search(query))
    links = "".join(f'<li><a href="/app/{p}">{p}</a></li>' for p in ("login", "account", "wizard", "listing", "cart", "search"))
    return Response(url, _page("App", f"<ul>{links}</ul>"))


def sets_cookies(url: str) -> bool:
    """Whether a GET of ``url`` changes the host's cookies (signing out)."""
    return urlsplit(url).path.rstrip("/") == "/app/logout"


def form_url(action: str, values: Mapping[str, str]) -> str:
    """A GET form's target: its action with the values as the query."""
    parts = urlsplit(action)
    return parts._replace(query=urlencode(list(values.items()))).geturl()


def _cart_items(storage: Mapping[str, str]) -> list[Any]:
    try:
        items = json.loads(storage.get("cart", "[]"))
    except ValueError:
        return []
    return items if isinstance(items, list) else []


def on_load(url: str, soup: Any, storage: dict[str, str]) -> None:
    """What the page's own script would do once loaded (the cart's count from localStorage)."""
    if urlsplit(url).path.rstrip("/") == "/app/cart":
        count = soup.select_one("#cart-count")
        if count is not None:
            count.string = str(len(_cart_items(storage)))


def on_click(url: str, soup: Any, element: Any, storage: dict[str, str]) -> bool:
    """What the page's own script does on a click of ``element``; whether it handled it."""
    if "add-to-cart" in (element.get("class") or []) and urlsplit(url).path.rstrip("/") == "/app/cart":
        items = _cart_items(storage)
        items.append(str(element.get("data-sku", "")))
        storage["cart"] = json.dumps(items)
        on_load(url, soup, storage)
        return True
    return False
