"""A changelog section from the comparison of two bundles: grouped by operation and schema,
changes that break clients first (``generator/breaking.py`` classifies them)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from generator.breaking import Change

__all__ = ["render_section"]


def _lines(changes: list[Change]) -> list[str]:
    grouped: dict[str, list[Change]] = defaultdict(list)
    for change in changes:
        grouped[change.where].append(change)
    lines = []
    for where in sorted(grouped, key=lambda w: (not w.startswith("operation"), w)):
        kind, _, name = where.partition(" ")
        lines.append(f"- **{kind} `{name}`**")
        for change in grouped[where]:
            lines.append(f"  - {change.message} (`{change.rule}` at `{change.pointer}`; clients: {change.clients}, servers: {change.servers})")
    return lines


def render_section(changes: list[Change], *, old: dict[str, Any], new: dict[str, Any], base: str, accepted: str | None = None) -> str:
    """One markdown section: the new contract version, what it was compared with, then the changes.

    ``accepted`` records why client-breaking changes went out without a new major version.
    """
    version = (new.get("info") or {}).get("version", "?")
    previous = (old.get("info") or {}).get("version", "?")
    lines = [f"## {version}", "", f"Compared with {previous} ({base}).", ""]
    if accepted:
        lines += [f"Released with the client-breaking changes below accepted without a new major version: {accepted}", ""]
    if not changes:
        return "\n".join([*lines, "No change to the contract.", ""])
    breaking = [c for c in changes if c.breaking]
    servers = [c for c in changes if not c.breaking and c.servers == "breaking"]
    other = [c for c in changes if not c.breaking and c.servers != "breaking"]
    for title, chosen in (("Breaking for clients", breaking), ("Servers must change", servers), ("Compatible", other)):
        if chosen:
            lines += [f"### {title}", "", *_lines(chosen), ""]
    return "\n".join(lines)
