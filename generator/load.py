"""Read the spec source: YAML (or JSON) into plain data plus a map from JSON pointer to line."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.findings import Finding, StageFailed, join_pointer

__all__ = ["SpecDocument", "deref", "load_spec", "media_schema", "resolve_pointer"]

_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class SpecDocument:
    """A parsed spec file: its data, the name it is reported under, and pointer → line numbers."""

    data: dict[str, Any]
    file: str
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, pointer: str) -> int | None:
        """The line of the nearest node at or above ``pointer`` (1-based), if known."""
        while True:
            if pointer in self.lines:
                return self.lines[pointer]
            if not pointer:
                return None
            pointer = pointer.rsplit("/", 1)[0]

    def finding(self, *, stage: str, rule: str, pointer: str, message: str) -> Finding:
        """Build a finding located in this document."""
        return Finding(
            file=self.file,
            pointer=pointer,
            rule=rule,
            message=message,
            stage=stage,
            line=self.line_of(pointer),
        )


def _index_lines(node: yaml.Node, pointer: str, lines: dict[str, int], duplicates: list[tuple[str, int]]) -> None:
    lines[pointer] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            child = join_pointer(pointer, key)
            if key in seen:
                duplicates.append((child, key_node.start_mark.line + 1))
            seen.add(key)
            _index_lines(value_node, child, lines, duplicates)
            lines[child] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _index_lines(item, join_pointer(pointer, index), lines, duplicates)


def load_spec(path: Path, *, display: str | None = None) -> SpecDocument:
    """Parse ``path``; a syntax error or duplicate key raises :class:`StageFailed` with its line."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise StageFailed([Finding(file=name, pointer="", rule="readable", message=str(exc), stage="validate")]) from exc
    try:
        root = yaml.compose(text, Loader=_Loader)
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise StageFailed(
            [
                Finding(
                    file=name,
                    pointer="",
                    rule="syntax",
                    message=f"not valid YAML: {problem}",
                    stage="validate",
                    line=mark.line + 1 if mark is not None else None,
                )
            ]
        ) from exc
    if not isinstance(data, dict):
        raise StageFailed([Finding(file=name, pointer="", rule="syntax", message="the document is not a mapping", stage="validate", line=1)])
    lines: dict[str, int] = {}
    duplicates: list[tuple[str, int]] = []
    if root is not None:
        _index_lines(root, "", lines, duplicates)
    if duplicates:
        raise StageFailed(
            [
                Finding(file=name, pointer=ptr, rule="duplicate-key", message="key appears twice in one mapping", stage="validate", line=line)
                for ptr, line in duplicates
            ]
        )
    return SpecDocument(data=data, file=name, lines=lines)


def resolve_pointer(document: Any, pointer: str) -> Any:
    """Follow a JSON pointer (without the leading ``#``); raises KeyError or IndexError when it dangles."""
    node = document
    if not pointer:
        return node
    for raw in pointer.lstrip("/").split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            node = node[int(token)]
        elif isinstance(node, dict):
            node = node[token]
        else:
            raise KeyError(token)
    return node


def deref(document: Any, node: Any) -> Any:
    """``node`` with its local ``$ref`` chain followed (a cycle stops it); a dangling one gives ``{}``."""
    seen: set[str] = set()
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#") and node["$ref"] not in seen:
        seen.add(node["$ref"])
        try:
            node = resolve_pointer(document, node["$ref"][1:])
        except (KeyError, IndexError, ValueError):
            return {}
    return node


def media_schema(document: Any, holder: Any) -> Any:
    """The schema of a request body or response (``$ref`` followed): its JSON media type's, else the first one's; None without one."""
    content = (deref(document, holder) or {}).get("content") or {}
    media: Any = content.get("application/json") or next(iter(content.values()), {})
    return media.get("schema") if isinstance(media, dict) else None
