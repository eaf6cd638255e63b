"""Python code read into the interpreter's syntax tree (:mod:`.code`).

The code is parsed with the standard library's :func:`ast.parse` (parsing runs nothing) and each
node is translated, by an explicit stack rather than recursion, into the same tree the node front
end makes: Playwright for Python's async spelling (``await page.get_by_role("button", name="Sign
in").click()``; keyword arguments become the options object, their names in camelCase), ``print``,
f-strings, ``if``/``else``, ``for … in``, assignments, ``len``/``str``/``int``, and ``import`` of
``asyncio``, ``json`` or ``re`` (accepted, nothing imported). Anything else is an
:class:`~webdata_server.browser.code.Unsupported` naming it.
"""

from __future__ import annotations

import ast
from typing import Any

from webdata_server.browser.code import (
    ArrayLit,
    Assign,
    Attr,
    Await,
    Binary,
    Call,
    Cond,
    ExprStmt,
    ForOf,
    Func,
    If,
    Index,
    Let,
    Lit,
    Name,
    ObjectLit,
    Skip,
    Template,
    Unary,
    Unsupported,
    camel,
)

__all__ = ["parse"]

_HARMLESS_IMPORTS = {"asyncio", "json", "re", "time"}
_OPERATORS: dict[type[ast.AST], str] = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Mod: "%",
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.Gt: ">", ast.LtE: "<=", ast.GtE: ">=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
    ast.And: "and", ast.Or: "or",
}  # fmt: skip


def parse(source: str) -> list[Any]:
    """The statements of ``source``; :class:`~webdata_server.browser.code.Unsupported` otherwise."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        raise Unsupported(f"SyntaxError: {error.msg} (line {error.lineno})") from None
    except (ValueError, RecursionError, MemoryError):
        raise Unsupported("SyntaxError: the code could not be read") from None
    try:
        return [_statement(node) for node in tree.body]
    except RecursionError:
        raise Unsupported("the code nests deeper than the reference server reads") from None


def _statement(node: ast.stmt) -> Any:
    if isinstance(node, ast.Expr):
        return ExprStmt(_expression(node.value))
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if isinstance(target, ast.Name):
            return Let(target.id, _expression(node.value))
        return Assign(_expression(target), _expression(node.value))
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
        return Let(node.target.id, _expression(node.value))
    if isinstance(node, ast.AugAssign) and type(node.op) in _OPERATORS:
        target = _expression(node.target)
        return Assign(target, Binary(_OPERATORS[type(node.op)], target, _expression(node.value)))
    if isinstance(node, ast.If):
        return If(_expression(node.test), [_statement(s) for s in node.body], [_statement(s) for s in node.orelse])
    if isinstance(node, ast.For | ast.AsyncFor) and isinstance(node.target, ast.Name) and not node.orelse:
        return ForOf(node.target.id, _expression(node.iter), [_statement(s) for s in node.body])
    if isinstance(node, ast.Import) and all(alias.name in _HARMLESS_IMPORTS for alias in node.names):
        return Skip()
    if isinstance(node, ast.Pass):
        return Skip()
    raise Unsupported(f"{type(node).__name__} statements are not supported by the reference server (its python subset: see the server README, interact)")


def _expression(node: ast.expr) -> Any:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bytes | complex) or node.value is Ellipsis:
            raise Unsupported(f"{type(node.value).__name__} literals are not supported by the reference server")
        return Lit(node.value)
    if isinstance(node, ast.Name):
        if node.id in ("True", "False", "None"):
            return Lit({"True": True, "False": False, "None": None}[node.id])
        return Name(node.id)
    if isinstance(node, ast.Attribute):
        return Attr(_expression(node.value), node.attr)
    if isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        return Index(_expression(node.value), _expression(node.slice))
    if isinstance(node, ast.Await):
        return Await(_expression(node.value))
    if isinstance(node, ast.Call):
        if any(isinstance(arg, ast.Starred) for arg in node.args) or any(k.arg is None for k in node.keywords):
            raise Unsupported("*args and **kwargs are not supported by the reference server")
        args = [_expression(arg) for arg in node.args]
        if node.keywords:
            args.append(ObjectLit([(camel(str(k.arg)), _expression(k.value)) for k in node.keywords]))
        return Call(_expression(node.func), args)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not | ast.USub | ast.UAdd):
        return Unary({ast.Not: "not", ast.USub: "-", ast.UAdd: "+"}[type(node.op)], _expression(node.operand))
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return Binary(_OPERATORS[type(node.op)], _expression(node.left), _expression(node.right))
    if isinstance(node, ast.BoolOp):
        op = _OPERATORS[type(node.op)]
        result = _expression(node.values[0])
        for value in node.values[1:]:
            result = Binary(op, result, _expression(value))
        return result
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _OPERATORS:
        return Binary(_OPERATORS[type(node.ops[0])], _expression(node.left), _expression(node.comparators[0]))
    if isinstance(node, ast.IfExp):
        return Cond(_expression(node.test), _expression(node.body), _expression(node.orelse))
    if isinstance(node, ast.List | ast.Tuple):
        return ArrayLit([_expression(item) for item in node.elts])
    if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys):
        return ObjectLit([(str(k.value), _expression(v)) for k, v in zip(node.keys, node.values, strict=True) if isinstance(k, ast.Constant)])
    if isinstance(node, ast.JoinedStr):
        parts: list[Any] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue) and value.format_spec is None:
                parts.append(_expression(value.value))
            else:
                raise Unsupported("format specifications in f-strings are not supported by the reference server")
        return Template(parts)
    if isinstance(node, ast.Lambda) and not node.args.defaults and not node.args.vararg and not node.args.kwarg:
        return Func([a.arg for a in node.args.args], _expression(node.body), ast.unparse(node.body))
    raise Unsupported(f"{type(node).__name__} expressions are not supported by the reference server (its python subset: see the server README, interact)")
