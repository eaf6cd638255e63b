"""Code a session runs, interpreted over the page model: never ``eval``, never ``exec``.

The node and python front ends (:mod:`.node`, :mod:`.python`) read their language into the small
syntax tree below; :class:`Interpreter` walks it with a step budget, so no code, however written,
takes more than :data:`MAX_STEPS` steps (loops run over lists the page gave, never ``while``; an
arrow function is called at most :data:`MAX_DEPTH` deep). The names code sees are ``page`` (the
Playwright page API users reach for first, in each language's spelling: :data:`PAGE_METHODS`),
``console.log`` / ``print``, ``JSON.stringify`` / ``json.dumps`` and a few value methods of strings
and lists. Anything else stops the run with an error naming the call and saying the reference
server does not support it: a run never pretends to succeed.

The outcome is what the service answers: what the code printed (``stdout``), the value of its last
expression as text (``result``: a string as is, anything else as JSON; ``undefined`` / ``None``
empty), ``stderr`` and ``exitCode`` (1 when it threw), and ``killed`` when its waits passed its
``timeout`` (waits are counted, never slept).
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

from webdata_server.browser.outcome import Outcome
from webdata_server.browser.page import BrowserPage, PageError, Query

__all__ = ["MAX_DEPTH", "MAX_STEPS", "MAX_TREE_DEPTH", "Interpreter", "Outcome", "Unsupported", "check_depth", "is_light"]

MAX_STEPS = 50_000
MAX_DEPTH = 32
# What a run may print and keep: output beyond this is cut (``truncated``).
MAX_OUTPUT_CHARS = 200_000
MAX_VALUE_ITEMS = 10_000
# How deeply a program's syntax may nest (``1+1+…`` of thousands of terms is refused before it runs:
# the walk recurses once per level).
MAX_TREE_DEPTH = 120


class Unsupported(Exception):
    """The code reaches outside the interpreted subset: the run fails naming what it used."""


class CodeError(Exception):
    """The code threw (a page operation failed, a name is undefined, a value has no such method)."""


class TooLong(Exception):
    """The code ran out of its step budget."""


# -- the syntax tree (both languages read into it) ------------------------------------------------
@dataclass
class Lit:
    value: Any


@dataclass
class Name:
    id: str


@dataclass
class Attr:
    obj: Any
    name: str


@dataclass
class Index:
    obj: Any
    key: Any


@dataclass
class Call:
    func: Any
    args: list[Any]


@dataclass
class Await:
    expr: Any


@dataclass
class Unary:
    op: str
    expr: Any


@dataclass
class Binary:
    op: str
    left: Any
    right: Any


@dataclass
class Cond:
    test: Any
    then: Any
    orelse: Any


@dataclass
class ArrayLit:
    items: list[Any]


@dataclass
class ObjectLit:
    pairs: list[tuple[str, Any]]


@dataclass
class Template:
    parts: list[Any]  # str or an expression


@dataclass
class Func:
    params: list[str]
    body: Any  # an expression
    source: str  # its text (page.evaluate reads it with the script interpreter)


@dataclass
class Closure:
    """A function value: its definition and the names it was defined among."""

    func: Func
    env: dict[str, Any]


@dataclass
class Let:
    name: str
    expr: Any


@dataclass
class Assign:
    target: Any
    expr: Any


@dataclass
class ExprStmt:
    expr: Any


@dataclass
class If:
    test: Any
    body: list[Any]
    orelse: list[Any]


@dataclass
class ForOf:
    name: str
    iterable: Any
    body: list[Any]


@dataclass
class Skip:
    """A statement with no effect here (``import json``, an empty statement)."""


_UNDEFINED = object()


@dataclass
class Locator:
    query: Query
    nth: int | None = None

    def describe(self) -> str:
        return self.query.describe() + (f".nth({self.nth})" if self.nth is not None else "")


@dataclass
class Bound:
    """A method of a value, not yet called."""

    owner: Any
    name: str


@dataclass
class Namespace:
    """``page.keyboard``, ``page.mouse``, ``page.context()``, ``console``, ``JSON``, ``json``."""

    kind: str


@dataclass
class Run:
    """What the interpreter keeps while one run goes."""

    page: BrowserPage
    language: str
    timeout_ms: int
    steps: int = 0
    printed: list[str] = field(default_factory=list)
    printed_chars: int = 0


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


# The page's methods, in node's spelling (python's snake_case names map to them), each with the
# number of arguments it takes at most. Python reads ``url`` as a property, node calls it.
PAGE_METHODS = {
    "goto": 2, "click": 2, "dblclick": 2, "fill": 3, "type": 3, "press": 3, "check": 2, "uncheck": 2, "selectOption": 3, "hover": 2, "focus": 2,
    "title": 0, "url": 0, "content": 0, "textContent": 2, "innerText": 2, "innerHTML": 2, "inputValue": 2, "getAttribute": 3, "isVisible": 2,
    "isChecked": 2, "waitForSelector": 2, "waitForTimeout": 1, "waitForLoadState": 2, "waitForURL": 2, "goBack": 1, "reload": 1, "evaluate": 2,
    "screenshot": 1, "pdf": 1, "locator": 2, "getByText": 2, "getByRole": 2, "getByPlaceholder": 2, "getByLabel": 2, "bringToFront": 0,
    "setViewportSize": 1, "context": 0, "keyboard": -1, "mouse": -1,
}  # fmt: skip
LOCATOR_METHODS = {
    "click", "dblclick", "fill", "type", "press", "check", "uncheck", "selectOption", "hover", "focus", "textContent", "innerText", "innerHTML",
    "inputValue", "getAttribute", "isVisible", "isChecked", "count", "nth", "first", "last", "allTextContents", "allInnerTexts", "waitFor",
    "locator", "scrollIntoViewIfNeeded",
}  # fmt: skip


class Interpreter:
    """Runs a program (a list of statements) on a page; see the module's docstring."""

    def __init__(self, page: BrowserPage, *, language: str, timeout_s: float) -> None:
        self.run = Run(page=page, language=language, timeout_ms=int(timeout_s * 1000))
        self.started = time.monotonic()

    # -- the run ------------------------------------------------------------------------------
    def execute(self, program: list[Any]) -> Outcome:
        env: dict[str, Any] = self._globals()
        last: Any = _UNDEFINED
        outcome = Outcome()
        try:
            for statement in program:
                last = self._statement(statement, env)
                if self.run.page.waited_ms > self.run.timeout_ms:
                    raise TimeoutError
        except TimeoutError:
            outcome.killed, outcome.exit_code = True, 137
            outcome.stderr = f"Execution timed out after {self.run.timeout_ms // 1000}s (its waits came to {self.run.page.waited_ms} ms)"
        except Unsupported as unsupported:
            outcome.exit_code, outcome.stderr = 1, f"Error: {unsupported}"
        except TooLong:
            outcome.exit_code, outcome.stderr = 1, f"Error: the code ran more than {MAX_STEPS:,} steps, the reference server's bound for one run"
        except PageError as error:
            outcome.exit_code, outcome.stderr = 1, f"Error: {error}"
        except CodeError as error:
            outcome.exit_code, outcome.stderr = 1, str(error)
        outcome.stdout = "".join(line + "\n" for line in self.run.printed)
        if not outcome.failed and last is not _UNDEFINED:
            outcome.result = self.text(last, for_result=True)
        return outcome

    def _tick(self) -> None:
        self.run.steps += 1
        if self.run.steps > MAX_STEPS:
            raise TooLong
        if self.run.steps % 64 == 0 and (time.monotonic() - self.started) * 1000 > self.run.timeout_ms:
            raise TimeoutError

    def _statement(self, node: Any, env: dict[str, Any]) -> Any:
        self._tick()
        if isinstance(node, ExprStmt):
            return self.eval(node.expr, env)
        if isinstance(node, Let):
            env[node.name] = self.eval(node.expr, env)
            return _UNDEFINED
        if isinstance(node, Assign):
            self._assign(node.target, self.eval(node.expr, env), env)
            return _UNDEFINED
        if isinstance(node, If):
            for statement in node.body if _truthy(self.eval(node.test, env)) else node.orelse:
                self._statement(statement, env)
            return _UNDEFINED
        if isinstance(node, ForOf):
            items = self.eval(node.iterable, env)
            if not isinstance(items, list | str):
                raise CodeError(f"TypeError: {self.text(items)} is not iterable")
            for item in list(items):
                env[node.name] = item
                for statement in node.body:
                    self._statement(statement, env)
            return _UNDEFINED
        if isinstance(node, Skip):
            return _UNDEFINED
        raise Unsupported(f"{type(node).__name__} statements are not supported")

    def _assign(self, target: Any, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, Name):
            env[target.id] = value
        elif isinstance(target, Index):
            container, key = self.eval(target.obj, env), self.eval(target.key, env)
            if isinstance(container, dict):
                container[str(key)] = value
            elif isinstance(container, list) and isinstance(key, int) and 0 <= key < len(container):
                container[key] = value
            else:
                raise CodeError(f"TypeError: cannot set {self.text(key)} of {self.text(container)}")
        elif isinstance(target, Attr):
            container = self.eval(target.obj, env)
            if not isinstance(container, dict):
                raise Unsupported(f"setting .{target.name} is not supported")
            container[target.name] = value
        else:
            raise Unsupported("this assignment is not supported")

    # -- expressions ----------------------------------------------------------------------------
    def eval(self, node: Any, env: dict[str, Any], depth: int = 0) -> Any:
        self._tick()
        if isinstance(node, Lit):
            return node.value
        if isinstance(node, Name):
            if node.id in env:
                return env[node.id]
            if node.id == "undefined":
                return None
            raise CodeError(f"ReferenceError: {node.id} is not defined" if self.run.language == "node" else f"NameError: name '{node.id}' is not defined")
        if isinstance(node, Await):
            return self.eval(node.expr, env, depth)
        if isinstance(node, Template):
            return "".join(part if isinstance(part, str) else self.text(self.eval(part, env, depth)) for part in node.parts)
        if isinstance(node, ArrayLit):
            return [self.eval(item, env, depth) for item in node.items]
        if isinstance(node, ObjectLit):
            return {key: self.eval(value, env, depth) for key, value in node.pairs}
        if isinstance(node, Func):
            return Closure(node, env)
        if isinstance(node, Unary):
            value = self.eval(node.expr, env, depth)
            if node.op in ("!", "not"):
                return not _truthy(value)
            if node.op == "typeof":
                return _typeof(value)
            if node.op in ("-", "+") and isinstance(value, int | float) and not isinstance(value, bool):
                return -value if node.op == "-" else value
            raise CodeError(f"TypeError: bad operand for unary {node.op}: {self.text(value)}")
        if isinstance(node, Binary):
            return self._binary(node, env, depth)
        if isinstance(node, Cond):
            return self.eval(node.then if _truthy(self.eval(node.test, env, depth)) else node.orelse, env, depth)
        if isinstance(node, Attr):
            return self._attribute(self.eval(node.obj, env, depth), node.name)
        if isinstance(node, Index):
            return self._index(self.eval(node.obj, env, depth), self.eval(node.key, env, depth))
        if isinstance(node, Call):
            callee = self.eval(node.func, env, depth)
            args = [self.eval(arg, env, depth) for arg in node.args]
            return self.call(callee, args, depth)
        raise Unsupported(f"{type(node).__name__} expressions are not supported")

    def _binary(self, node: Binary, env: dict[str, Any], depth: int) -> Any:
        op = node.op
        left = self.eval(node.left, env, depth)
        if op in ("&&", "and"):
            return self.eval(node.right, env, depth) if _truthy(left) else left
        if op in ("||", "or"):
            return left if _truthy(left) else self.eval(node.right, env, depth)
        if op == "??":
            return left if left is not None else self.eval(node.right, env, depth)
        right = self.eval(node.right, env, depth)
        if op in ("===", "==", "is"):
            return bool(left == right)
        if op in ("!==", "!=", "is not"):
            return bool(left != right)
        if op == "in":
            if isinstance(right, str | list | dict):
                return left in right
            raise CodeError(f"TypeError: argument of type {_typeof(right)} is not iterable")
        if op == "not in":
            return isinstance(right, str | list | dict) and left not in right
        if op == "+" and (isinstance(left, str) or isinstance(right, str)):
            if self.run.language == "python" and not (isinstance(left, str) and isinstance(right, str)):
                raise CodeError('TypeError: can only concatenate str (not "' + _typeof(right if isinstance(left, str) else left) + '") to str')
            text = self.text(left) + self.text(right)
            if len(text) > MAX_OUTPUT_CHARS:
                raise CodeError("RangeError: Invalid string length (the reference server bounds strings)")
            return text
        if op == "+" and isinstance(left, list) and isinstance(right, list):
            if len(left) + len(right) > MAX_VALUE_ITEMS:
                raise CodeError("RangeError: list too long (the reference server bounds lists)")
            return left + right
        numbers = isinstance(left, int | float) and isinstance(right, int | float)
        if numbers and op in ("<", ">", "<=", ">="):
            return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[op]
        if isinstance(left, str) and isinstance(right, str) and op in ("<", ">", "<=", ">="):
            return {"<": left < right, ">": left > right, "<=": left <= right, ">=": left >= right}[op]
        if numbers and op in ("+", "-", "*", "/", "%"):
            if op == "/" or op == "%":
                if right == 0:
                    if self.run.language == "python":
                        raise CodeError("ZeroDivisionError: division by zero")
                    return math.nan if left == 0 or op == "%" else math.copysign(math.inf, left)
                return left / right if op == "/" else math.fmod(left, right)
            value = {"+": left + right, "-": left - right, "*": left * right}[op]
            if isinstance(value, int) and abs(value) > 2**63:
                value = float(value)
            return value
        raise CodeError(f"TypeError: unsupported operand types for {op}: {_typeof(left)} and {_typeof(right)}")

    def _attribute(self, value: Any, name: str) -> Any:
        if isinstance(value, Namespace):
            if value.kind == "page":
                canonical = name if self.run.language == "node" else camel(name)
                if canonical in ("keyboard", "mouse"):
                    return Namespace(canonical)
                if self.run.language == "python" and canonical == "url":
                    return self.run.page.url  # a property in Playwright for Python
                if self.run.language == "python" and canonical == "context":
                    return Namespace("context")
                if canonical in PAGE_METHODS:
                    return Bound(value, canonical)
                raise Unsupported(f"page.{name} is not supported by the reference server (its {self.run.language} subset: see the server README, interact)")
            if value.kind == "console" and name in ("log", "info", "warn", "error"):
                return Bound(value, name)
            if value.kind in ("JSON", "json") and name in ("stringify", "parse", "dumps", "loads"):
                return Bound(value, name)
            if value.kind in ("keyboard", "mouse", "context"):
                return Bound(value, name if self.run.language == "node" else camel(name))
            raise Unsupported(f"{value.kind}.{name} is not supported by the reference server")
        if isinstance(value, Locator):
            canonical = name if self.run.language == "node" else camel(name)
            if canonical in LOCATOR_METHODS:
                return Bound(value, canonical)
            raise Unsupported(f"locator.{name} is not supported by the reference server")
        if isinstance(value, str | list):
            if name == "length" and self.run.language == "node":
                return len(value)
            return Bound(value, name)
        if isinstance(value, dict):
            if name in value:
                return value[name]
            if self.run.language == "python" and name in ("get", "keys", "values", "items"):
                return Bound(value, name)
            return None
        if value is None:
            raise CodeError(
                f"TypeError: Cannot read properties of null (reading '{name}')"
                if self.run.language == "node"
                else f"AttributeError: 'NoneType' object has no attribute '{name}'"
            )
        return Bound(value, name)

    def _index(self, value: Any, key: Any) -> Any:
        if isinstance(value, list | str) and isinstance(key, int | float) and not isinstance(key, bool) and float(key).is_integer():
            position = int(key)
            if self.run.language == "python" and position < 0:
                position += len(value)
            if 0 <= position < len(value):
                return value[position]
            if self.run.language == "python":
                raise CodeError("IndexError: list index out of range")
            return None
        if isinstance(value, dict):
            if str(key) in value:
                return value[str(key)]
            if self.run.language == "python":
                raise CodeError(f"KeyError: {key!r}")
            return None
        if isinstance(value, list | str) and key == "length":
            return len(value)
        raise CodeError(f"TypeError: cannot read {self.text(key)} of {self.text(value)}")

    # -- calls ----------------------------------------------------------------------------------
    def call(self, callee: Any, args: list[Any], depth: int = 0) -> Any:
        if isinstance(callee, Closure):
            return self._apply(callee, args, depth)
        if isinstance(callee, Namespace) and callee.kind in ("print", "len", "str", "int", "float", "bool"):
            return self._builtin(callee.kind, args)
        if not isinstance(callee, Bound):
            if callee == "print":
                return self._print(args)
            raise CodeError(f"TypeError: {self.text(callee)} is not a function")
        owner, name = callee.owner, callee.name
        if isinstance(owner, Namespace):
            if owner.kind == "page":
                return self._page(name, args)
            if owner.kind == "console":
                return self._print(args)
            if owner.kind in ("JSON", "json"):
                return self._json(name, args)
            if owner.kind == "keyboard":
                return self._keyboard(name, args)
            if owner.kind == "mouse":
                if name == "wheel":
                    dy = args[1] if len(args) > 1 else 0
                    self.run.page.scroll("up" if isinstance(dy, int | float) and dy < 0 else "down")
                    return None
                if name in ("move", "down", "up", "click"):
                    return None
            if owner.kind == "context":
                return self._context(name, args)
            raise Unsupported(f"{owner.kind}.{name}() is not supported by the reference server")
        if isinstance(owner, Locator):
            return self._locator(owner, name, args)
        if isinstance(owner, str):
            return self._string(owner, name, args)
        if isinstance(owner, list):
            return self._list(owner, name, args, depth)
        if isinstance(owner, dict):
            if name == "get":
                return owner.get(str(args[0]), args[1] if len(args) > 1 else None) if args else None
            if name in ("keys", "values", "items"):
                return [list(item) for item in owner.items()] if name == "items" else list(getattr(owner, name)())
        raise Unsupported(f"{_typeof(owner)}.{name}() is not supported by the reference server")

    def _apply(self, function: Closure, args: list[Any], depth: int) -> Any:
        if depth >= MAX_DEPTH:
            raise CodeError("RangeError: Maximum call stack size exceeded")
        local = dict(zip(function.func.params, args, strict=False))
        # The names it was defined among, as they are now (a function may call itself by its name).
        return self.eval(function.func.body, {**function.env, **local}, depth + 1)

    def _globals(self) -> dict[str, Any]:
        names = {"page": Namespace("page"), "console": Namespace("console"), "JSON": Namespace("JSON"), "json": Namespace("json")}
        if self.run.language == "python":
            names |= {name: Namespace(name) for name in ("print", "len", "str", "int", "float", "bool")}
        return names

    def _builtin(self, name: str, args: list[Any]) -> Any:
        if name == "print":
            return self._print(args)
        value = args[0] if args else None
        if name == "len":
            if isinstance(value, str | list | dict):
                return len(value)
            raise CodeError(f"TypeError: object of type '{_typeof(value)}' has no len()")
        if name == "str":
            return self.text(value) if value is not None else "None"
        if name == "bool":
            return _truthy(value)
        try:
            return int(value) if name == "int" else float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise CodeError(f"ValueError: invalid literal for {name}(): {self.text(value)!r}") from None

    def _print(self, args: list[Any]) -> None:
        line = " ".join(self.text(arg) for arg in args)
        self.run.printed_chars += len(line) + 1
        if self.run.printed_chars > MAX_OUTPUT_CHARS:
            raise CodeError("Error: the run printed more than the reference server keeps (200,000 characters)")
        self.run.printed.append(line)
        return None

    def _json(self, name: str, args: list[Any]) -> Any:
        if name in ("stringify", "dumps"):
            return json.dumps(_plain(args[0] if args else None), separators=(",", ":") if name == "stringify" else (", ", ": "), ensure_ascii=False)
        try:
            return json.loads(str(args[0]) if args else "")
        except ValueError:
            raise CodeError("SyntaxError: Unexpected token in JSON") from None

    def _context(self, name: str, args: list[Any]) -> Any:
        page = self.run.page
        if name == "cookies":
            return [{"name": n, "value": v, "domain": host, "path": "/"} for host, jar in sorted(page.state.cookies.items()) for n, v in sorted(jar.items())]
        if name == "clearCookies":
            page.state.cookies = {}
            page.dirty = True
            return None
        if name == "addCookies":
            page.dirty = True
            for cookie in args[0] if args and isinstance(args[0], list) else []:
                if isinstance(cookie, dict) and "name" in cookie:
                    host = str(cookie.get("domain") or "").lstrip(".") or (page.url.split("/")[2] if "://" in page.url else "")
                    page.state.cookies.setdefault(host, {})[str(cookie["name"])] = str(cookie.get("value", ""))
            return None
        if name == "pages":
            return [Namespace("page")]
        raise Unsupported(f"context.{name}() is not supported by the reference server")

    def _keyboard(self, name: str, args: list[Any]) -> Any:
        page = self.run.page
        if name == "type" or name == "insertText":
            page.type(None, self._str(args, 0, "keyboard.type"))
            return None
        if name == "press":
            page.press(self._str(args, 0, "keyboard.press"))
            return None
        if name in ("down", "up"):
            return None
        raise Unsupported(f"keyboard.{name}() is not supported by the reference server")

    def _str(self, args: list[Any], position: int, call: str) -> str:
        if len(args) <= position or not isinstance(args[position], str):
            raise CodeError(f"TypeError: {call}: expected a string as argument {position + 1}")
        return str(args[position])

    def _selector(self, args: list[Any], call: str) -> Query:
        target = args[0] if args else None
        if isinstance(target, Locator):
            return target.query
        return Query("css", self._str(args, 0, call))

    def _options(self, args: list[Any], position: int) -> dict[str, Any]:
        value = args[position] if len(args) > position else None
        return value if isinstance(value, dict) else {}

    def _page(self, name: str, args: list[Any]) -> Any:
        page = self.run.page
        if name in ("keyboard", "mouse"):
            raise CodeError(f"TypeError: page.{name} is not a function")
        if name == "goto":
            page.goto(self._str(args, 0, "page.goto"))
            return None
        if name == "url":
            return page.url
        if name == "title":
            return page.title()
        if name == "content":
            return page.content()
        if name == "context":
            return Namespace("context")
        if name in ("waitForTimeout",):
            milliseconds = args[0] if args and isinstance(args[0], int | float) else 0
            page.wait(int(milliseconds))
            return None
        if name in ("waitForLoadState", "bringToFront", "setViewportSize"):
            return None
        if name == "waitForURL":
            wanted = args[0] if args else ""
            if isinstance(wanted, str) and wanted.replace("**", "") not in page.url:
                raise PageError(f"page.waitForURL: Timeout 30000ms exceeded waiting for {wanted!r} (the page is at {page.url})")
            return None
        if name == "goBack":
            page.back()
            return None
        if name == "reload":
            page.reload()
            return None
        if name == "evaluate":
            return self._evaluate(args)
        if name == "screenshot":
            options = self._options(args, 0)
            return page.screenshot(full_page=bool(options.get("fullPage") or options.get("full_page")))
        if name == "pdf":
            return page.pdf()
        if name == "locator":
            return Locator(self._selector(args, "page.locator"))
        if name in ("getByText", "getByRole", "getByPlaceholder", "getByLabel"):
            return Locator(self._by(name, args))
        return self._locator(Locator(self._selector(args, f"page.{name}")), name, args[1:], prefix="page")

    def _by(self, name: str, args: list[Any]) -> Query:
        value = self._str(args, 0, f"page.{name}")
        options = self._options(args, 1)
        kind = {"getByText": "text", "getByRole": "role", "getByPlaceholder": "placeholder", "getByLabel": "label"}[name]
        role_name = options.get("name")
        return Query(kind, value, name=str(role_name) if role_name is not None else None, exact=bool(options.get("exact")))

    def _evaluate(self, args: list[Any]) -> Any:
        script = args[0] if args else None
        if isinstance(script, Closure):
            source = script.func.source
        elif isinstance(script, str):
            # A function written as a string ("() => document.title") is read by its body.
            source = script.split("=>", 1)[1].strip() if script.lstrip().startswith(("(", "async")) and "=>" in script else script
        else:
            raise CodeError("TypeError: page.evaluate: expected a function or a string")
        found = self.run.page.evaluate(source)
        if found.get("type") == "undefined":
            raise Unsupported(
                "page.evaluate() of this script is not supported by the reference server: it reads document.title, "
                "document.querySelectorAll(selector).length, location.href, document.body.innerText and arithmetic"
            )
        return found.get("value")

    def _elements(self, locator: Locator, call: str) -> list[Any]:
        found = self.run.page.find(locator.query)
        if locator.nth is not None:
            position = locator.nth if locator.nth >= 0 else len(found) + locator.nth
            found = [found[position]] if 0 <= position < len(found) else []
        return found

    def _one_query(self, locator: Locator, call: str) -> Query:
        """A query that finds exactly the locator's element (its nth, when it has one)."""
        found = self._elements(locator, call)
        if not found:
            raise PageError(f"{call}: Timeout 30000ms exceeded.\nCall log:\n  - waiting for {locator.describe()}")
        index = next(n for n, e in enumerate(self.run.page.soup.find_all(True)) if e is found[0])
        return Query("index", str(index))

    def _locator(self, locator: Locator, name: str, args: list[Any], prefix: str = "locator") -> Any:
        page = self.run.page
        call = f"{prefix}.{name}"
        if name == "count":
            return len(self._elements(locator, call))
        if name in ("nth", "first", "last"):
            position = int(args[0]) if name == "nth" and args and isinstance(args[0], int | float) else (0 if name != "last" else -1)
            return Locator(locator.query, position)
        if name == "locator":
            inner = self._str(args, 0, call)
            if locator.query.kind != "css" or locator.nth is not None:
                raise Unsupported("locator.locator() is supported on a CSS locator only")
            return Locator(Query("css", f"{locator.query.value} {inner}"))
        if name in ("allTextContents", "allInnerTexts"):
            return [e.get_text() if name == "allTextContents" else " ".join(e.get_text(" ").split()) for e in self._elements(locator, call)]
        if name == "isVisible":
            return bool(self._elements(locator, call))
        if name in ("waitFor", "waitForSelector"):
            self._one_query(locator, call)
            return None
        query = self._one_query(locator, call)
        if name in ("click", "dblclick"):
            page.click(query)
        elif name == "fill":
            page.fill(query, self._str(args, 0, call))
        elif name == "type":
            page.type(query, self._str(args, 0, call))
        elif name == "press":
            page.press(self._str(args, 0, call), query)
        elif name in ("check", "uncheck"):
            page.check(query, name == "check")
        elif name == "selectOption":
            page.select_option(query, self._str(args, 0, call))
        elif name in ("hover", "focus", "scrollIntoViewIfNeeded"):
            pass
        elif name == "textContent":
            return page.text_content(query)
        elif name == "innerText":
            return page.inner_text(query)
        elif name == "innerHTML":
            return page.find(query)[0].decode_contents()
        elif name == "inputValue":
            return page.input_value(query)
        elif name == "getAttribute":
            return page.get_attribute(query, self._str(args, 0, call))
        elif name == "isChecked":
            return page.is_checked(query)
        else:
            raise Unsupported(f"{call}() is not supported by the reference server")
        return None

    def _string(self, value: str, name: str, args: list[Any]) -> Any:
        python = self.run.language == "python"
        method = camel(name) if python else name
        if method in ("trim", "strip"):
            return value.strip()
        if method in ("toUpperCase", "upper"):
            return value.upper()
        if method in ("toLowerCase", "lower"):
            return value.lower()
        if method in ("includes",) and args:
            return str(args[0]) in value
        if method in ("startsWith", "startswith") and args:
            return value.startswith(str(args[0]))
        if method in ("endsWith", "endswith") and args:
            return value.endswith(str(args[0]))
        if method == "split":
            parts = value.split(str(args[0])) if args and args[0] is not None and args[0] != "" else (value.split() if python else list(value))
            return parts[:MAX_VALUE_ITEMS]
        if method in ("replace", "replaceAll") and len(args) >= 2:
            return value.replace(str(args[0]), str(args[1]), -1 if python or method == "replaceAll" else 1)[:MAX_OUTPUT_CHARS]
        if method == "slice" or method == "substring":
            start = int(args[0]) if args else 0
            end = int(args[1]) if len(args) > 1 else None
            return value[start:end]
        if method == "indexOf" and args:
            return value.find(str(args[0]))
        if method == "join" and python and args and isinstance(args[0], list):
            return value.join(self.text(item) for item in args[0])
        if method == "toString":
            return value
        raise Unsupported(f"the string method {name}() is not supported by the reference server")

    def _list(self, value: list[Any], name: str, args: list[Any], depth: int) -> Any:
        function = args[0] if args and isinstance(args[0], Closure) else None
        if name == "join":
            return (str(args[0]) if args else ",").join(self.text(item) for item in value)
        if name == "map" and function is not None:
            return [self._apply(function, [item, n], depth) for n, item in enumerate(value)]
        if name == "filter" and function is not None:
            return [item for n, item in enumerate(value) if _truthy(self._apply(function, [item, n], depth))]
        if name == "find" and function is not None:
            return next((item for n, item in enumerate(value) if _truthy(self._apply(function, [item, n], depth))), None)
        if name in ("forEach",) and function is not None:
            for n, item in enumerate(value):
                self._apply(function, [item, n], depth)
            return None
        if name == "includes" and args:
            return args[0] in value
        if name == "slice":
            start = int(args[0]) if args else 0
            end = int(args[1]) if len(args) > 1 else None
            return value[start:end]
        if name in ("push", "append") and args:
            if len(value) >= MAX_VALUE_ITEMS:
                raise CodeError("RangeError: list too long (the reference server bounds lists)")
            value.append(args[0])
            return len(value) if name == "push" else None
        if name == "indexOf" and args:
            return value.index(args[0]) if args[0] in value else -1
        raise Unsupported(f"the list method {name}() is not supported by the reference server")

    # -- values as text -------------------------------------------------------------------------
    def text(self, value: Any, *, for_result: bool = False) -> str:
        python = self.run.language == "python"
        if value is None or value is _UNDEFINED:
            return "" if for_result else ("None" if python else "undefined" if value is _UNDEFINED else "null")
        if isinstance(value, str):
            return value
        if isinstance(value, bool):
            return ("True" if value else "False") if python else ("true" if value else "false")
        if isinstance(value, int | float):
            if isinstance(value, float) and value.is_integer() and not python:
                return str(int(value))
            return repr(value) if math.isfinite(value) else ("Infinity" if value > 0 else "-Infinity" if value < 0 else "NaN")
        if isinstance(value, Locator):
            return f"locator('{value.describe()}')"
        if isinstance(value, Closure):
            return value.func.source
        if isinstance(value, Namespace | Bound):
            return f"[object {type(value).__name__}]"
        if python and not for_result:
            return repr(_plain(value))
        return json.dumps(_plain(value), ensure_ascii=False)


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(type(value).__name__)


def _truthy(value: Any) -> bool:
    if value is _UNDEFINED or value is None:
        return False
    if isinstance(value, float) and math.isnan(value):
        return False
    if isinstance(value, list | dict):
        return True
    return bool(value)


def _typeof(value: Any) -> str:
    if value is None:
        return "object"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Closure):
        return "function"
    return "object"


def check_depth(program: list[Any]) -> list[Any]:
    """``program`` unchanged, or :class:`Unsupported` when its syntax nests deeper than
    :data:`MAX_TREE_DEPTH` (measured with an explicit stack: no recursion)."""
    stack: list[tuple[Any, int]] = [(node, 1) for node in program]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            raise Unsupported(f"the code nests deeper than {MAX_TREE_DEPTH} levels, the reference server's bound")
        if isinstance(node, list):
            stack.extend((child, depth) for child in node)
        elif isinstance(node, tuple):
            stack.extend((child, depth) for child in node)
        elif hasattr(node, "__dataclass_fields__") and not isinstance(node, Func | Locator | Query):
            stack.extend((getattr(node, name), depth + 1) for name in node.__dataclass_fields__)
        elif isinstance(node, Func):
            stack.append((node.body, depth + 1))
    return program


# What a light program may call (see is_light): reads of the page's title, address and HTML, and
# printing; at most LIGHT_CALLS calls in all.
_LIGHT_PAGE_READS = frozenset({"title", "url", "content"})
_LIGHT_FUNCTIONS = {"console": frozenset({"log"}), "JSON": frozenset({"stringify"}), "json": frozenset({"dumps"})}
_GLOBAL_NAMES = frozenset({"page", "console", "JSON", "json", "print"})
LIGHT_CALLS = 4


def is_light(program: list[Any]) -> bool:
    """Whether ``program`` runs in a bounded few steps on any page: no loop, no function, no name
    of the globals bound again, and at most :data:`LIGHT_CALLS` calls, each a read of the page's
    title, URL or HTML, a print or a JSON encoding (no navigation, no wait, no query of the page).
    Such a run may take the event loop's turn instead of a worker thread's (an agent's step or a
    test's check: ``await page.title()``)."""
    calls = 0
    stack: list[Any] = list(program)
    while stack:
        node = stack.pop()
        if isinstance(node, list | tuple):
            stack.extend(node)
        elif isinstance(node, ForOf | Func):
            return False
        elif isinstance(node, Let) and node.name in _GLOBAL_NAMES:
            return False
        elif isinstance(node, Assign) and isinstance(node.target, Name) and node.target.id in _GLOBAL_NAMES:
            return False
        elif isinstance(node, Call):
            calls += 1
            if calls > LIGHT_CALLS or not _light_callee(node.func):
                return False
            stack.extend(node.args)
        elif hasattr(node, "__dataclass_fields__"):
            stack.extend(getattr(node, name) for name in node.__dataclass_fields__)
    return True


def _light_callee(func: Any) -> bool:
    if isinstance(func, Name):
        return func.id == "print"
    if not (isinstance(func, Attr) and isinstance(func.obj, Name)):
        return False
    owner, name = func.obj.id, func.name
    if owner == "page":
        return camel(name) in _LIGHT_PAGE_READS
    return name in _LIGHT_FUNCTIONS.get(owner, ())
