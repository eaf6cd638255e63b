"""Pages that change when a test says (one owner: :class:`ReplacedPages`): the web's page at a URL
serves the test's HTML or text from then on, within a byte budget."""

from __future__ import annotations

import threading

from webdata_server.controls.values import FaultError

__all__ = ["CONTROL_BODY_BYTES", "EDITED_BYTES", "ReplacedPages"]

# A control call's body (a replaced page is the largest): refused with 413 beyond it.
CONTROL_BODY_BYTES = 8 * 1024 * 1024
# The replaced pages' HTML, in all (set_page): beyond it the oldest replaced pages are generated
# again, and the call that dropped them says which.
EDITED_BYTES = 64 * 1024 * 1024


class ReplacedPages:
    """The replaced pages, oldest first, and every URL replaced since the last :meth:`clear` (their
    cached copies go with it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.edited: dict[str, str] = {}  # URL -> the HTML its page now serves
        self._replaced: set[str] = set()

    def set(self, url: str, *, html: str | None = None, text: str | None = None, title: str | None = None) -> list[str]:
        """From now on the page at ``url`` serves ``html``, or ``text`` (each paragraph, split on
        blank lines, a ``<p>``) under ``title``. ``html`` and ``text`` None: the page is generated
        again. Replaced pages keep :data:`EDITED_BYTES` of HTML in all: the URLs of the oldest,
        generated again to make room, are returned."""
        if html is None and text is None:
            with self._lock:
                self.edited.pop(url, None)
                self._replaced.discard(url)
            return []
        if html is None:
            from html import escape

            paragraphs = "".join(f"<p>{escape(part.strip())}</p>" for part in (text or "").split("\n\n") if part.strip())
            heading = f"<h1>{escape(title)}</h1>" if title else ""
            html = f"<!DOCTYPE html><html><head><title>{escape(title or url)}</title></head><body><main>{heading}{paragraphs}</main></body></html>"
        if len(html) > CONTROL_BODY_BYTES:
            raise FaultError(f"html: a page of {len(html):,} characters; a replaced page holds at most {CONTROL_BODY_BYTES:,}")
        dropped: list[str] = []
        with self._lock:
            self._replaced.add(url)
            self.edited.pop(url, None)
            self.edited[url] = html
            total = sum(len(page) for page in self.edited.values())
            while total > EDITED_BYTES and len(self.edited) > 1:
                oldest = next(iter(self.edited))
                total -= len(self.edited.pop(oldest))
                dropped.append(oldest)
        return dropped

    def get(self, url: str) -> str | None:
        with self._lock:
            return self.edited.get(url)

    def __contains__(self, url: str) -> bool:
        with self._lock:
            return url in self.edited

    def clear(self) -> list[str]:
        """Every page generated again; the URLs replaced since the last clear (to forget their cached copies)."""
        with self._lock:
            self.edited.clear()
            replaced, self._replaced = sorted(self._replaced), set()
        return replaced
