"""A memo bounded by its entries and by their bytes: the least recently used leave first.

Rendered pages and site maps are pure functions of their keys, kept so the next request does not
make them again. Counted in entries only, a memo of 512 renders held 3.8 GB after a batch of
pages with screenshots, and one of 256 maps 1.8 GB: each entry is weighed here (the characters of
its strings, which is what it holds), and an entry heavier than a quarter of the budget is not
kept at all.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["Memo", "weight"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def weight(value: Any, depth: int = 0) -> int:
    """About how many bytes ``value`` holds: the characters of its strings and bytes, through
    dicts, lists and tuples (eight levels deep), and a word for anything else."""
    if isinstance(value, str | bytes):
        return len(value)
    if depth >= 8:
        return 8
    if isinstance(value, dict):
        return sum(weight(k, depth + 1) + weight(v, depth + 1) for k, v in value.items())
    if isinstance(value, list | tuple):
        return sum(weight(item, depth + 1) for item in value)
    return 8


class Memo(Generic[K, V]):
    """At most ``entries`` values weighing ``max_bytes`` in all (thread-safe)."""

    def __init__(self, *, entries: int, max_bytes: int, weigh: Callable[[V], int] = weight) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self._weigh = weigh
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.bytes = 0

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._values.get(key)
            if found is None:
                return None
            self._values.move_to_end(key)
            return found[0]

    def __contains__(self, key: K) -> bool:
        with self._lock:
            return key in self._values

    def __len__(self) -> int:
        return len(self._values)

    def put(self, key: K, value: V) -> None:
        size = self._weigh(value)
        if size > self.max_bytes // 4:
            return  # one value may not push out a quarter of the others
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._values[key] = (value, size)
            self.bytes += size
            while len(self._values) > self.entries or self.bytes > self.max_bytes:
                _, (_, dropped) = self._values.popitem(last=False)
                self.bytes -= dropped

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self.bytes = 0
