"""Regular expressions matched in time linear in the text: RE2 (``google-re2``), for every pattern a
caller writes (crawl ``includePaths``/``excludePaths``, a JSON schema's ``pattern``, a fault's
path) and every pattern run over content a page or an upload controls.

Python's ``re`` backtracks: ``(a+)+$`` against thirty ``a`` and a ``!`` takes seconds, holding the
GIL, and a pattern as plain as ``\\[([^\\]]*)\\]\\(([^)\\s]+)`` is quadratic over ``[](`` repeated. RE2
has neither cost, and no backreferences or lookarounds: a caller's pattern that needs them
:func:`compile` refuses with :class:`Unsupported`, and each caller says what that means for it (the
service's crawler, whose patterns run on Rust's ``regex`` crate, another RE2-class engine, drops
such a pattern, so the crawl rules drop it too).

The patterns of this server's own code that meet content are compiled here at import
(:func:`fixed`); flags are written inline (``(?i)``, ``(?s)``, ``(?m)``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Protocol

import re2  # type: ignore[import-untyped]

__all__ = ["Match", "Pattern", "Unsupported", "compile", "fixed"]

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # a refused pattern is an answer, not a line on stderr
# A compiled program's memory (RE2's default is 8 MiB; the Rust crate's size limit is 10 MiB):
# a pattern like a{1000}{1000} is refused rather than built.
_OPTIONS.max_mem = 16 << 20


class Unsupported(ValueError):
    """The pattern is not one RE2 runs (a lookaround, a backreference, a repetition too large)."""


class Match(Protocol):
    def group(self, *groups: int | str) -> Any: ...

    def groups(self) -> tuple[Any, ...]: ...

    def start(self, group: int = 0) -> int: ...

    def end(self, group: int = 0) -> int: ...


class Pattern(Protocol):
    """The subset of :class:`re.Pattern` this server uses."""

    def search(self, text: str) -> Match | None: ...

    def match(self, text: str) -> Match | None: ...

    def fullmatch(self, text: str) -> Match | None: ...

    def finditer(self, text: str) -> Iterator[Match]: ...

    def findall(self, text: str) -> list[Any]: ...

    def sub(self, replacement: Any, text: str) -> str: ...

    def split(self, text: str) -> list[str]: ...


@functools.lru_cache(maxsize=512)
def compile(pattern: str) -> Pattern:
    """``pattern`` compiled for linear-time matching (the last 512 kept); :class:`Unsupported`
    naming RE2's reason."""
    try:
        return re2.compile(pattern, _OPTIONS)  # type: ignore[no-any-return]
    except re2.error as error:
        reason = error.args[0].decode(errors="replace") if error.args and isinstance(error.args[0], bytes) else str(error)
        raise Unsupported(reason) from None
    except (TypeError, ValueError) as error:  # e.g. a NUL character the wrapper refuses
        raise Unsupported(str(error)) from None


def fixed(pattern: str) -> Pattern:
    """A pattern of this server's own code: compiled at import, so a mistake fails at once."""
    return compile(pattern)
