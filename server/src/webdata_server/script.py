"""The scripts of ``executeJavascript`` actions (seed §2.4), read by a small interpreter.

The synthetic page runs no JavaScript engine. It answers the scripts its tests use: ``document.title``,
``document.querySelectorAll('selector').length`` and arithmetic on number literals (``+ - * / % **``,
unary signs, parentheses), with an optional leading ``return`` and trailing ``;``. Anything else
evaluates to ``undefined``, as a script with no return value does in a browser.

Arithmetic follows JavaScript's numbers: IEEE doubles, so ``9**9**8`` is ``Infinity`` at once, never a
Python integer of millions of digits; ``1/0`` is ``Infinity`` and ``0/0`` is ``NaN``; ``%`` keeps the
dividend's sign. A value JSON cannot hold (``Infinity``, ``NaN``) comes back as ``null``, as
``JSON.stringify`` writes it. The work per script is bounded before anything runs: at most
:data:`MAX_SCRIPT_CHARS` characters are parsed and at most :data:`MAX_NODES` syntax nodes evaluated,
by an explicit stack (no recursion a long expression could exhaust). Nothing is ever handed to
``eval``.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable
from typing import Any

__all__ = ["MAX_NODES", "MAX_SCRIPT_CHARS", "evaluate"]

# A script longer than this is not read as arithmetic (it evaluates to undefined).
MAX_SCRIPT_CHARS = 4096
# Syntax nodes one arithmetic script may have.
MAX_NODES = 512

_ARITHMETIC = re.compile(r"[\d\s.eE+\-*/%()]+")
_COUNT = re.compile(r"document\.querySelectorAll\((['\"])(.+)\1\)\.length")
_UNDEFINED: dict[str, Any] = {"type": "undefined", "value": None}


class _NotArithmetic(Exception):
    """The script is outside what the interpreter reads."""


def _power(base: float, exponent: float) -> float:
    try:
        result = math.pow(base, exponent)
    except OverflowError:
        negative = base < 0 and exponent.is_integer() and exponent % 2 == 1
        return -math.inf if negative else math.inf
    except ValueError:  # a negative base to a fractional power, or 0 to a negative one
        return math.inf if base == 0 else math.nan
    return result


def _divide(left: float, right: float) -> float:
    if right == 0:
        if left == 0 or math.isnan(left):
            return math.nan
        return math.copysign(math.inf, left) * math.copysign(1.0, right)
    return left / right


def _remainder(left: float, right: float) -> float:
    if right == 0 or math.isinf(left):
        return math.nan
    return math.fmod(left, right)


_BINARY: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: _divide,
    ast.Mod: _remainder,
    ast.Pow: _power,
}


def _arithmetic(text: str) -> float:
    """The value of an arithmetic expression, or :class:`_NotArithmetic`."""
    if len(text) > MAX_SCRIPT_CHARS or not _ARITHMETIC.fullmatch(text):
        raise _NotArithmetic
    try:
        tree = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise _NotArithmetic from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise _NotArithmetic
    # Post-order evaluation with an explicit stack: each node's operands are computed before it.
    values: dict[int, float] = {}
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, ready = stack.pop()
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, int | float) or isinstance(node.value, bool):
                raise _NotArithmetic
            values[id(node)] = float(node.value)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd | ast.USub):
            if not ready:
                stack += [(node, True), (node.operand, False)]
            else:
                operand = values[id(node.operand)]
                values[id(node)] = -operand if isinstance(node.op, ast.USub) else operand
        elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            if not ready:
                stack += [(node, True), (node.right, False), (node.left, False)]
            else:
                values[id(node)] = _BINARY[type(node.op)](values[id(node.left)], values[id(node.right)])
        else:
            raise _NotArithmetic
    return values[id(tree)]


def _number(value: float) -> dict[str, Any]:
    if not math.isfinite(value):
        return {"type": "number", "value": None}
    if value.is_integer() and abs(value) < 2**53:
        return {"type": "number", "value": int(value)}
    return {"type": "number", "value": value}


def evaluate(script: str, *, title: Callable[[], str], count: Callable[[str], int]) -> dict[str, Any]:
    """``{type, value}`` of ``script``: ``title()`` answers ``document.title``, ``count(selector)``
    the length of ``document.querySelectorAll(selector)``."""
    body = script.strip().removeprefix("return").strip().rstrip(";").strip()
    if body == "document.title":
        return {"type": "string", "value": title()}
    if len(body) <= MAX_SCRIPT_CHARS:
        selector = _COUNT.fullmatch(body)
        if selector:
            return {"type": "number", "value": count(selector.group(2))}
    try:
        return _number(_arithmetic(body))
    except _NotArithmetic:
        return dict(_UNDEFINED)
