"""What a browser session's run answers: a module of its own, so that what hands runs out and
answers them (the sessions, the agent, the endpoints) does not load the interpreter
(:mod:`.code`, some 25 classes of its syntax tree) before the first run."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Outcome"]


@dataclass
class Outcome:
    """What a run answers (the fields of the service's execute answer)."""

    stdout: str = ""
    result: str = ""
    stderr: str = ""
    exit_code: int = 0
    killed: bool = False
    output: str | None = None  # a prompt's final answer

    @property
    def failed(self) -> bool:
        return self.exit_code != 0 or self.killed
