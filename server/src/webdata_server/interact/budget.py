"""A run's budgets, the same in every language (node, python, bash, prompts): what the server's
README lists in its interact table. The worker (:mod:`.worker`) checks them as the run goes and
stops the run at the first one passed; the pool (:mod:`.pool`) enforces time and memory from
outside the worker's process, so code that never returns to the host (a loop inside the engine,
a builtin working in C) is stopped all the same."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from webdata_server.browser.outcome import Outcome

__all__ = ["GRACE_S", "JS_MEMORY_BYTES", "OUTPUT_CHARS", "WORKER_MEMORY_BYTES", "Budget", "Spent"]

# What a run may print to stdout, to stderr, and answer as result: each, in characters.
OUTPUT_CHARS = 200_000
# The JavaScript heap of one run (QuickJS's allocator refuses past it: "out of memory").
JS_MEMORY_BYTES = 64 * 1024 * 1024
# The worker process's address space (RLIMIT_AS): the page model, the engine and the run together.
WORKER_MEMORY_BYTES = 1024 * 1024 * 1024
# How long past a run's timeout the pool waits for the worker's own answer before it kills it.
GRACE_S = 1.0


class Spent(Exception):
    """A budget was passed: the run stops here (``which``: time, output, memory)."""

    def __init__(self, which: str, detail: str = "", partial: Outcome | None = None) -> None:
        super().__init__(which)
        self.which = which
        self.detail = detail
        self.partial = partial  # what the run had printed when it stopped


@dataclass
class Budget:
    """One run's budgets: ``timeout_ms`` of wall time, and as much of counted waits (a wait is
    counted, never slept, so ``page.waitForTimeout(5000)`` spends five seconds of them at once)."""

    timeout_ms: int
    started: float = field(default_factory=time.monotonic)

    def check(self, waited_ms: int) -> None:
        if waited_ms > self.timeout_ms or (time.monotonic() - self.started) * 1000 > self.timeout_ms:
            raise Spent("time")

    def message(self, which: str, waited_ms: int = 0, detail: str = "") -> str:
        if which == "time":
            waits = f" (its waits came to {waited_ms} ms)" if waited_ms else ""
            return f"Error: Execution timed out after {self.timeout_ms / 1000:g}s: the run passed its time budget and was stopped{waits}"
        if which == "output":
            return f"Error: the run passed its output budget ({OUTPUT_CHARS:,} characters of {detail or 'output'}) and was stopped"
        return f"Error: the run passed its memory budget ({detail or 'the engine'}) and was stopped"
