"""Actions (seed §2.4) performed in order on a page before its content is taken.

The page is a parsed document with a little behaviour: clicking ``#load-more`` loads more
content, clicking ``#cookie-accept`` closes the cookie banner, clicking an input focuses it,
``write`` types into the focused input, ``press Enter`` in the search box shows results, and
the first scroll down loads a lazy section. Time spent waiting is simulated (counted, not slept).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import webdata_models as models
from bs4 import BeautifulSoup
from soupsieve import SelectorSyntaxError

from webdata_server.content import pdf_data_url, screenshot_data_url, screenshot_size
from webdata_server.script import evaluate

__all__ = ["ActionError", "ActionRun", "run_actions"]


class ActionError(Exception):
    """An action could not be performed (the request fails with 400 naming it)."""


@dataclass
class ActionRun:
    """The page after the actions, what they returned, and the time they took."""

    html: str
    results: dict[str, list[Any]] = field(default_factory=lambda: {"screenshots": [], "scrapes": [], "javascriptReturns": [], "pdfs": []})
    waited_ms: int = 0


def _select(soup: BeautifulSoup, selector: str) -> list[Any]:
    """Elements matching a CSS selector; an invalid selector matches nothing, as in a browser's querySelectorAll failing."""
    try:
        return list(soup.select(selector))
    except (SelectorSyntaxError, ValueError, NotImplementedError):
        return []


def run_actions(actions: list[models.Action], *, html: str, url: str, title: str, colors: dict[str, str], mobile: bool) -> ActionRun:
    """Perform ``actions`` in order; raises :class:`ActionError` naming the failing one."""
    soup = BeautifulSoup(html, "html.parser")
    run = ActionRun(html=html)
    focused: Any = None
    scrolled = False
    main = soup.select_one("main") or soup.body or soup
    for index, action in enumerate(actions):
        where = f"action {index} ({action.type})"
        if isinstance(action, models.WaitAction):
            if action.selector is not None and not _select(soup, action.selector):
                raise ActionError(f"{where}: no element matches {action.selector!r}")
            run.waited_ms += action.milliseconds or 0
        elif isinstance(action, models.ClickAction):
            targets = _select(soup, action.selector)
            if not targets and not action.all:
                raise ActionError(f"{where}: no element matches {action.selector!r}")
            for target in targets if action.all else targets[:1]:
                if target.get("id") == "load-more":
                    main.append(BeautifulSoup("<p>More content loaded.</p>", "html.parser"))
                elif target.get("id") == "cookie-accept":
                    banner = soup.select_one("#cookie-banner")
                    if banner is not None:
                        banner.decompose()
                elif target.name in ("input", "textarea") or target.get("contenteditable") is not None:
                    focused = target
        elif isinstance(action, models.WriteAction):
            if focused is None:
                raise ActionError(f"{where}: no focused input; click one first")
            focused["value"] = str(focused.get("value", "")) + action.text
        elif isinstance(action, models.PressAction):
            if action.key == "Enter" and focused is not None and focused.get("id") == "search":
                main.append(BeautifulSoup(f"<p>Search results for: {focused.get('value', '')}</p>", "html.parser"))
        elif isinstance(action, models.ScrollAction):
            if action.selector is not None and not _select(soup, action.selector):
                raise ActionError(f"{where}: no element matches {action.selector!r}")
            if action.direction == "down" and not scrolled:
                scrolled = True
                main.append(BeautifulSoup("<p>Lazy-loaded section.</p>", "html.parser"))
        elif isinstance(action, models.ScrapeAction):
            run.results["scrapes"].append({"url": url, "html": str(soup)})
        elif isinstance(action, models.ExecuteJavascriptAction):
            run.results["javascriptReturns"].append(
                evaluate(action.script, title=lambda: soup.title.get_text() if soup.title else "", count=lambda selector: len(_select(soup, selector)))
            )
        elif isinstance(action, models.ScreenshotAction):
            viewport = (action.viewport.width, action.viewport.height) if action.viewport else None
            width, height = screenshot_size(viewport=viewport, full_page=bool(action.full_page), mobile=mobile)
            run.results["screenshots"].append(screenshot_data_url(title=title, width=width, height=height, quality=action.quality or 80, colors=colors))
        elif isinstance(action, models.PdfAction):
            run.results["pdfs"].append(pdf_data_url(title=title, paper=action.format, landscape=action.landscape, scale=action.scale))
    run.html = str(soup)
    return run
