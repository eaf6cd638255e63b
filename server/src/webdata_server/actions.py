"""Actions (seed §2.4) performed in order on a page before its content is taken.

Every action is a call on the one page model (:class:`~webdata_server.browser.page.BrowserPage`)
that interact's code, prompts and standalone sessions drive too: clicking ``#load-more`` loads more
content, clicking ``#cookie-accept`` closes the cookie banner, clicking an input focuses it,
``write`` types into the focused input, ``press Enter`` in the search box shows results (in a form,
submits it), the first scroll down loads a lazy section, and a link or a submit button navigates
when the page model has a web to navigate on (the scrape's; the app's sign-in form works in a
scrape's actions, with the profile's cookies). Time spent waiting is simulated (counted, not slept).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import webdata_models as models

from webdata_server.browser.page import BrowserPage, PageError, PageState, Query
from webdata_server.content import pdf_data_url, screenshot_data_url, screenshot_size
from webdata_server.web import FetchContext, WebSource

__all__ = ["ActionError", "ActionRun", "perform", "run_actions"]


class ActionError(Exception):
    """An action could not be performed (the request fails with 400 naming it)."""


@dataclass
class ActionRun:
    """The page after the actions, what they returned, and the time they took."""

    html: str
    results: dict[str, list[Any]] = field(default_factory=lambda: {"screenshots": [], "scrapes": [], "javascriptReturns": [], "pdfs": []})
    waited_ms: int = 0
    # Where the page ended up (a link or a form may have navigated).
    url: str = ""


def run_actions(
    actions: list[models.Action],
    *,
    html: str,
    url: str,
    title: str,
    colors: dict[str, str],
    mobile: bool,
    web: WebSource | None = None,
    context: FetchContext | None = None,
    cookies: dict[str, dict[str, str]] | None = None,
) -> ActionRun:
    """Perform ``actions`` in order; raises :class:`ActionError` naming the failing one."""
    page = BrowserPage(PageState(url=url, html=html, cookies=dict(cookies or {})), web=web, context=context)
    run = ActionRun(html=html)
    for index, action in enumerate(actions):
        where = f"action {index} ({action.type})"
        try:
            perform(page, action, run, colors=colors, mobile=mobile)
        except PageError as error:
            raise ActionError(f"{where}: {_plain(str(error))}") from None
    run.html = page.content()
    run.url = page.url
    run.waited_ms += page.waited_ms
    return run


def _plain(message: str) -> str:
    """A page error in an action's words (``no element matches '#x'``)."""
    found = re.search(r"no element matches locator\((.*)\)$", message)
    return f"no element matches {found.group(1)}" if found else message


def perform(page: BrowserPage, action: models.Action, run: ActionRun, *, colors: dict[str, str], mobile: bool) -> None:
    """One action on ``page`` (what it returns goes into ``run``); :class:`PageError` when it cannot be done.
    A scrape's actions and interact's replay of them both act through it."""
    if isinstance(action, models.WaitAction):
        if action.selector is not None:
            page.one(Query("css", action.selector), "wait")
        page.wait(action.milliseconds or 0)
    elif isinstance(action, models.ClickAction):
        page.click(Query("css", action.selector), all=bool(action.all))
    elif isinstance(action, models.WriteAction):
        try:
            page.type(None, action.text)
        except PageError:
            raise PageError("no focused input; click one first") from None
    elif isinstance(action, models.PressAction):
        page.press(action.key)
    elif isinstance(action, models.ScrollAction):
        page.scroll(action.direction or "down", Query("css", action.selector) if action.selector is not None else None)
    elif isinstance(action, models.ScrapeAction):
        run.results["scrapes"].append({"url": page.url, "html": page.content()})
    elif isinstance(action, models.ExecuteJavascriptAction):
        run.results["javascriptReturns"].append(page.evaluate(action.script))
    elif isinstance(action, models.ScreenshotAction):
        viewport = (action.viewport.width, action.viewport.height) if action.viewport else None
        width, height = screenshot_size(viewport=viewport, full_page=bool(action.full_page), mobile=mobile)
        run.results["screenshots"].append(screenshot_data_url(title=page.title(), width=width, height=height, quality=action.quality or 80, colors=colors))
    elif isinstance(action, models.PdfAction):
        run.results["pdfs"].append(pdf_data_url(title=page.title(), paper=action.format, landscape=action.landscape, scale=action.scale))
