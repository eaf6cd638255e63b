"""What both of a run's engines share: the JavaScript of their host objects, a new QuickJS context
with its limits, and the run under way (the page's realm reports a budget passed to it)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from webdata_server.interact.budget import JS_MEMORY_BYTES

__all__ = ["CURRENT", "new_context", "script"]

_STACK_BYTES = 512 * 1024
# The run under way (:class:`webdata_server.interact.node._Run`): one at a time in a worker.
CURRENT: list[Any] = []


@cache
def script(name: str) -> str:
    return files("webdata_server.interact").joinpath(name).read_text(encoding="utf-8")


def new_context(memory: int = JS_MEMORY_BYTES) -> Any:
    import quickjs  # type: ignore[import-untyped]

    context = quickjs.Context()
    context.set_memory_limit(memory)
    context.set_max_stack_size(_STACK_BYTES)
    return context
