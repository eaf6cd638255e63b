"""Findings are data: what went wrong, where (file, JSON pointer, line) and under which rule."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Finding", "StageFailed", "escape_pointer", "join_pointer"]


@dataclass(frozen=True, order=True)
class Finding:
    """One problem found by a stage."""

    file: str
    pointer: str
    rule: str
    message: str
    stage: str
    level: str = "error"
    line: int | None = None

    def render(self) -> str:
        """Format as ``file:line: pointer: [stage/rule] message`` (the line is omitted when unknown)."""
        where = f"{self.file}:{self.line}" if self.line else self.file
        pointer = self.pointer or "/"
        return f"{where}: {pointer}: [{self.stage}/{self.rule}] {self.level}: {self.message}"


class StageFailed(Exception):
    """Raised by a stage that cannot go on; carries the findings that stopped it."""

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("\n".join(f.render() for f in findings))
        self.findings = findings


def escape_pointer(token: object) -> str:
    """Escape one reference token of a JSON pointer (RFC 6901)."""
    return str(token).replace("~", "~0").replace("/", "~1")


def join_pointer(base: str, *tokens: object) -> str:
    """Append reference tokens to a JSON pointer."""
    return base + "".join("/" + escape_pointer(t) for t in tokens)
