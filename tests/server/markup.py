"""Random markup for the tests that compare two ways of reading a page (the parse with bs4's own,
the markdown with the bs4 path): tags opened and closed anywhere, attributes, text, declarations
and stray ``<``, in the proportions and from the pieces each test chooses."""

from __future__ import annotations

import random
from collections.abc import Sequence


def random_markup(
    rng: random.Random,
    *,
    names: Sequence[str],
    attributes: Sequence[str],
    texts: Sequence[str],
    declarations: Sequence[str],
    strays: Sequence[str],
    longest: int,
    shares: tuple[float, float, float, float],
    doctype_first: float = 0.0,
) -> str:
    """Up to ``longest`` pieces: a start tag with up to three ``attributes``, an end tag, a text or
    a declaration, by the cumulative ``shares`` (the rest stray ``<`` followed by one of
    ``strays``); a doctype first with probability ``doctype_first``."""
    start, end, text, declaration = shares
    parts = ["<!DOCTYPE html>"] if doctype_first and rng.random() < doctype_first else []
    for _ in range(rng.randint(1, longest)):
        roll, name = rng.random(), rng.choice(names)
        if roll < start:
            parts.append(f"<{name}{''.join(rng.choice(attributes) for _ in range(rng.randint(0, 3)))}>")
        elif roll < end:
            parts.append(f"</{name}>")
        elif roll < text:
            parts.append(rng.choice(texts))
        elif roll < declaration:
            parts.append(rng.choice(declarations))
        else:
            parts.append("<" + rng.choice(strays))
    return "".join(parts)
