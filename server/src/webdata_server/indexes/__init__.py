"""The specialised indexes beside the web search index: developer (repositories, issues, pull
requests, READMEs and documentation), government (statutes, regulations, cases) and research papers.

Each is a small fixed corpus written out in its module, ranked by :func:`rank` (the query's words
found in an entry's text, then the entry's key): the same query always gives the same results, and
the server README lists every entry so that a user can predict them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

__all__ = ["corpus_sentences", "corpus_words", "rank", "sentences", "words"]

_WORD = re.compile(r"[a-z0-9]+")
# Words too common to rank by.
_STOP = frozenset("a an and are as at be by for from how i in is it of on or the this to what when where which why with".split())

T = TypeVar("T")


def words(text: str) -> set[str]:
    """The words of ``text`` that rank: lower case letters and digits, common words left out."""
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


# The corpus's texts are fixed: their words and sentences are worked out once each (issue 59: the
# words of every entry, for every query, were most of a developer search).
_CORPUS_TEXTS = 16_384


@lru_cache(maxsize=_CORPUS_TEXTS)
def corpus_words(text: str) -> frozenset[str]:
    """:func:`words` of a text of an index's corpus, kept (never of a query: its texts are fixed)."""
    return frozenset(words(text))


@lru_cache(maxsize=_CORPUS_TEXTS)
def corpus_sentences(text: str) -> tuple[str, ...]:
    """:func:`sentences` of a text of an index's corpus, kept."""
    return tuple(sentences(text))


def rank(query: str, entries: Iterable[T], text: Callable[[T], str], key: Callable[[T], str]) -> list[tuple[T, float]]:
    """The entries sharing a word with ``query``, with the share of its words they hold (0 to 1),
    most first, then by ``key``. ``text`` gives an entry's text from the corpus alone (its words
    are kept: :func:`corpus_words`)."""
    wanted = words(query)
    if not wanted:
        return []
    scored = [(entry, len(wanted & corpus_words(text(entry))) / len(wanted)) for entry in entries]
    hits = [(entry, round(score, 4)) for entry, score in scored if score > 0]
    return sorted(hits, key=lambda hit: (-hit[1], key(hit[0])))


def sentences(text: str) -> list[str]:
    """``text`` cut into its sentences."""
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
