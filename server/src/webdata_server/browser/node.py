"""JavaScript (node) code read into the interpreter's syntax tree (:mod:`.code`).

A hand-written scanner and a precedence-climbing parser for the subset users write against a
Playwright ``page``: ``const``/``let``/``var`` declarations, assignments, expression statements,
``if``/``else`` and ``for (const x of …)`` blocks, ``await``, calls and member access, string,
template, number, boolean, ``null``/``undefined``, array and object literals, arrow functions with an
expression body, and the operators ``! - + * / % < > <= >= == != === !== && || ?? ?:`` and
``typeof``. Every loop of the scanner and parser consumes input, and nesting is bounded
(:data:`MAX_NESTING`), so reading is linear in the code and never recurses without end.
Anything else is a :class:`~webdata_server.browser.code.Unsupported` naming what was found.
"""

from __future__ import annotations

from dataclasses import dataclass
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
)

__all__ = ["MAX_NESTING", "parse"]

MAX_NESTING = 32
_PUNCTUATION = (
    "===", "!==", "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=",
    "(", ")", "[", "]", "{", "}", ",", ".", ";", ":", "?", "=", "+", "-", "*", "/", "%", "<", ">", "!",
)  # fmt: skip
_KEYWORDS = {
    "const",
    "let",
    "var",
    "if",
    "else",
    "for",
    "of",
    "await",
    "true",
    "false",
    "null",
    "undefined",
    "typeof",
    "new",
    "return",
    "function",
    "while",
    "try",
    "catch",
    "async",
    "class",
}
_BINARY = [("??",), ("||",), ("&&",), ("===", "!==", "==", "!="), ("<", ">", "<=", ">="), ("+", "-"), ("*", "/", "%")]


@dataclass
class Token:
    kind: str  # name, number, string, template, punct, end
    value: Any
    start: int
    end: int
    newline_before: bool = False


class _Syntax(Unsupported):
    """The code is not JavaScript this interpreter reads."""


def _scan(source: str) -> list[Token]:
    tokens: list[Token] = []
    position, length = 0, len(source)
    newline = False
    while position < length:
        char = source[position]
        if char in " \t\r":
            position += 1
            continue
        if char == "\n":
            newline = True
            position += 1
            continue
        if source.startswith("//", position):
            end = source.find("\n", position)
            position = length if end < 0 else end
            continue
        if source.startswith("/*", position):
            end = source.find("*/", position + 2)
            if end < 0:
                raise _Syntax("SyntaxError: unterminated comment")
            newline = newline or "\n" in source[position:end]
            position = end + 2
            continue
        start = position
        if char.isdigit() or (char == "." and position + 1 < length and source[position + 1].isdigit()):
            while position < length and (source[position].isalnum() or source[position] in "._"):
                position += 1
            text = source[start:position].replace("_", "")
            try:
                value: Any = int(text, 0) if text.isdigit() or text[:2].lower() in ("0x", "0b", "0o") else float(text)
            except ValueError:
                raise _Syntax(f"SyntaxError: invalid number {text!r}") from None
            tokens.append(Token("number", value, start, position, newline))
        elif char.isalpha() or char in "_$":
            while position < length and (source[position].isalnum() or source[position] in "_$"):
                position += 1
            tokens.append(Token("name", source[start:position], start, position, newline))
        elif char in "'\"":
            position, text = _string(source, position, char)
            tokens.append(Token("string", text, start, position, newline))
        elif char == "`":
            position, parts = _template(source, position)
            tokens.append(Token("template", parts, start, position, newline))
        else:
            for punct in _PUNCTUATION:
                if source.startswith(punct, position):
                    position += len(punct)
                    tokens.append(Token("punct", punct, start, position, newline))
                    break
            else:
                raise _Syntax(f"SyntaxError: unexpected character {char!r}")
        newline = False
    tokens.append(Token("end", None, length, length, newline))
    return tokens


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "b": "\b", "f": "\f", "v": "\v"}


def _string(source: str, position: int, quote: str) -> tuple[int, str]:
    out: list[str] = []
    position += 1
    while position < len(source):
        char = source[position]
        if char == quote:
            return position + 1, "".join(out)
        if char == "\n":
            break
        if char == "\\" and position + 1 < len(source):
            following = source[position + 1]
            if following == "u" and source[position + 2 : position + 6].isalnum() and len(source[position + 2 : position + 6]) == 4:
                try:
                    out.append(chr(int(source[position + 2 : position + 6], 16)))
                    position += 6
                    continue
                except ValueError:
                    pass
            out.append(_ESCAPES.get(following, following))
            position += 2
            continue
        out.append(char)
        position += 1
    raise _Syntax("SyntaxError: unterminated string")


def _template(source: str, position: int) -> tuple[int, list[Any]]:
    """A template literal's parts: text, and the source of each ``${…}`` (parsed later)."""
    parts: list[Any] = []
    text: list[str] = []
    position += 1
    while position < len(source):
        char = source[position]
        if char == "`":
            parts.append("".join(text))
            return position + 1, parts
        if char == "\\" and position + 1 < len(source):
            text.append(_ESCAPES.get(source[position + 1], source[position + 1]))
            position += 2
            continue
        if source.startswith("${", position):
            parts.append("".join(text))
            text = []
            depth, end = 1, position + 2
            while end < len(source) and depth:
                depth += {"{": 1, "}": -1}.get(source[end], 0)
                end += 1
            if depth:
                break
            parts.append(("expr", source[position + 2 : end - 1]))
            position = end
            continue
        text.append(char)
        position += 1
    raise _Syntax("SyntaxError: unterminated template literal")


class _Parser:
    def __init__(self, source: str, tokens: list[Token], nesting: int = 0) -> None:
        self.source = source
        self.tokens = tokens
        self.at = 0
        self.nesting = nesting

    # -- tokens ---------------------------------------------------------------------------------
    @property
    def token(self) -> Token:
        return self.tokens[self.at]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.at + offset, len(self.tokens) - 1)]

    def is_(self, value: str, kind: str = "punct") -> bool:
        return self.token.kind == kind and self.token.value == value

    def take(self, value: str | None = None, kind: str = "punct") -> Token:
        token = self.token
        if value is not None and not (token.kind == kind and token.value == value):
            found = "end of input" if token.kind == "end" else repr(token.value if token.kind != "template" else "`…`")
            raise _Syntax(f"SyntaxError: expected {value!r}, found {found}")
        self.at += 1
        return token

    def _deeper(self) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise _Syntax(f"SyntaxError: the code nests deeper than {MAX_NESTING} levels")

    # -- statements -----------------------------------------------------------------------------
    def program(self) -> list[Any]:
        statements = []
        while self.token.kind != "end":
            statements.append(self.statement())
        return statements

    def block(self) -> list[Any]:
        self._deeper()
        if not self.is_("{"):
            statements = [self.statement()]
        else:
            self.take("{")
            statements = []
            while not self.is_("}"):
                if self.token.kind == "end":
                    raise _Syntax("SyntaxError: expected '}', found end of input")
                statements.append(self.statement())
            self.take("}")
        self.nesting -= 1
        return statements

    def _end_statement(self) -> None:
        if self.is_(";"):
            self.take(";")
        elif not (self.token.kind == "end" or self.is_("}") or self.token.newline_before):
            found = self.token.value if self.token.kind != "template" else "`…`"
            raise _Syntax(f"SyntaxError: unexpected {found!r}")

    def statement(self) -> Any:
        token = self.token
        if self.is_(";"):
            self.take(";")
            return Skip()
        if token.kind == "name" and token.value in ("const", "let", "var"):
            self.take()
            name = self.take().value
            if not isinstance(name, str) or not name.isidentifier():
                raise Unsupported("destructuring declarations are not supported by the reference server")
            value: Any = Lit(None)
            if self.is_("="):
                self.take("=")
                value = self.expression()
            self._end_statement()
            return Let(name, value)
        if token.kind == "name" and token.value == "if":
            self.take()
            self.take("(")
            test = self.expression()
            self.take(")")
            body = self.block()
            orelse: list[Any] = []
            if self.is_("else", "name"):
                self.take()
                orelse = self.block()
            return If(test, body, orelse)
        if token.kind == "name" and token.value == "for":
            self.take()
            self.take("(")
            if self.token.kind == "name" and self.token.value in ("const", "let", "var"):
                self.take()
            name = self.take().value
            if not self.is_("of", "name"):
                raise Unsupported("only for (const x of list) loops are supported by the reference server")
            self.take()
            iterable = self.expression()
            self.take(")")
            return ForOf(str(name), iterable, self.block())
        if token.kind == "name" and token.value in ("while", "function", "class", "try", "return", "async", "do", "switch", "import", "export", "throw"):
            raise Unsupported(f"'{token.value}' statements are not supported by the reference server (its node subset: see the server README, interact)")
        expression = self.expression()
        if self.is_("="):
            self.take("=")
            if not isinstance(expression, Name | Attr | Index):
                raise _Syntax("SyntaxError: invalid assignment target")
            value = self.expression()
            self._end_statement()
            return Assign(expression, value)
        if self.token.kind == "punct" and self.token.value in ("+=", "-="):
            op = self.take().value[0]
            value = self.expression()
            self._end_statement()
            return Assign(expression, Binary(op, expression, value))
        if self.token.kind == "punct" and self.token.value in ("++", "--"):
            op = self.take().value[0]
            self._end_statement()
            return Assign(expression, Binary(op, expression, Lit(1)))
        self._end_statement()
        return ExprStmt(expression)

    # -- expressions ----------------------------------------------------------------------------
    def expression(self) -> Any:
        self._deeper()
        try:
            if self._arrow_ahead():
                return self.arrow()
            test = self.binary(0)
            if self.is_("?"):
                self.take("?")
                then = self.expression()
                self.take(":")
                return Cond(test, then, self.expression())
            return test
        finally:
            self.nesting -= 1

    def _arrow_ahead(self) -> bool:
        token = self.token
        if token.kind == "name" and token.value == "async":
            return True
        if token.kind == "name" and self.peek().kind == "punct" and self.peek().value == "=>":
            return True
        if not self.is_("("):
            return False
        depth, offset = 0, 0
        while True:
            ahead = self.peek(offset)
            if ahead.kind == "end":
                return False
            if ahead.kind == "punct" and ahead.value in ("(", "[", "{"):
                depth += 1
            elif ahead.kind == "punct" and ahead.value in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    following = self.peek(offset + 1)
                    return following.kind == "punct" and following.value == "=>"
            offset += 1

    def arrow(self) -> Func:
        if self.is_("async", "name"):
            self.take()
        params: list[str] = []
        if self.is_("("):
            self.take("(")
            while not self.is_(")"):
                name = self.take()
                if name.kind != "name":
                    raise Unsupported("arrow functions with destructured parameters are not supported by the reference server")
                params.append(str(name.value))
                if self.is_(","):
                    self.take(",")
            self.take(")")
        else:
            params.append(str(self.take().value))
        self.take("=>")
        if self.is_("{"):
            start = self.token.start
            opening = self.at
            statements = self.block()
            source = self.source[start : self.tokens[self.at - 1].end]
            returned = [s for s in statements if isinstance(s, ExprStmt)]
            if len(statements) == 1 and self.tokens[opening + 1].kind == "name" and self.tokens[opening + 1].value == "return":
                return Func(params, returned[0].expr if returned else Lit(None), source)
            raise Unsupported("arrow functions with a block body are not supported by the reference server (write an expression body)")
        start = self.token.start
        body = self.expression()
        return Func(params, body, self.source[start : self.tokens[self.at - 1].end])

    def binary(self, level: int) -> Any:
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.token.kind == "punct" and self.token.value in _BINARY[level]:
            op = self.take().value
            left = Binary(op, left, self.binary(level + 1))
        return left

    def unary(self) -> Any:
        # Prefix operators are gathered in a loop (``!!!!x`` of any length never recurses).
        prefixes: list[str] = []
        while True:
            token = self.token
            if token.kind == "punct" and token.value in ("!", "-", "+"):
                prefixes.append(self.take().value)
            elif token.kind == "name" and token.value in ("typeof", "await"):
                prefixes.append(self.take().value)
            else:
                break
        if self.is_("new", "name"):
            raise Unsupported("'new' is not supported by the reference server")
        node = self.postfix(self.primary())
        for op in reversed(prefixes):
            node = Await(node) if op == "await" else Unary(op, node)
        return node

    def postfix(self, node: Any) -> Any:
        while True:
            if self.is_(".") or self.is_("?."):
                self.take()
                name = self.take()
                if name.kind != "name":
                    raise _Syntax("SyntaxError: expected a property name")
                node = Attr(node, str(name.value))
            elif self.is_("["):
                self.take("[")
                key = self.expression()
                self.take("]")
                node = Index(node, key)
            elif self.is_("("):
                self.take("(")
                args = []
                while not self.is_(")"):
                    if self.is_("..."):
                        raise Unsupported("spread arguments are not supported by the reference server")
                    args.append(self.expression())
                    if not self.is_(")"):
                        self.take(",")
                self.take(")")
                node = Call(node, args)
            else:
                return node

    def primary(self) -> Any:
        token = self.take()
        if token.kind in ("number", "string"):
            return Lit(token.value)
        if token.kind == "template":
            parts: list[Any] = []
            for part in token.value:
                if isinstance(part, tuple):
                    inner = _Parser(part[1], _scan(part[1]), self.nesting + 1)
                    parts.append(inner.expression())
                    if inner.token.kind != "end":
                        raise _Syntax("SyntaxError: unexpected token in a template's ${}")
                else:
                    parts.append(part)
            return Template(parts)
        if token.kind == "name":
            if token.value in ("true", "false"):
                return Lit(token.value == "true")
            if token.value in ("null", "undefined"):
                return Lit(None)
            if token.value in _KEYWORDS and token.value not in ("of", "async"):
                raise Unsupported(f"'{token.value}' is not supported here by the reference server")
            return Name(str(token.value))
        if token.kind == "punct" and token.value == "(":
            inner_node = self.expression()
            self.take(")")
            return inner_node
        if token.kind == "punct" and token.value == "[":
            self._deeper()
            items = []
            while not self.is_("]"):
                items.append(self.expression())
                if not self.is_("]"):
                    self.take(",")
            self.take("]")
            self.nesting -= 1
            return ArrayLit(items)
        if token.kind == "punct" and token.value == "{":
            self._deeper()
            pairs: list[tuple[str, Any]] = []
            while not self.is_("}"):
                key = self.take()
                if key.kind not in ("name", "string", "number"):
                    raise Unsupported("this object literal is not supported by the reference server")
                if self.is_(":"):
                    self.take(":")
                    pairs.append((str(key.value), self.expression()))
                else:
                    pairs.append((str(key.value), Name(str(key.value))))
                if not self.is_("}"):
                    self.take(",")
            self.take("}")
            self.nesting -= 1
            return ObjectLit(pairs)
        found = "end of input" if token.kind == "end" else repr(token.value)
        raise _Syntax(f"SyntaxError: unexpected {found}")


def parse(source: str) -> list[Any]:
    """The statements of ``source``; :class:`~webdata_server.browser.code.Unsupported` (a
    ``SyntaxError`` or a construct outside the subset) otherwise."""
    try:
        return _Parser(source, _scan(source)).program()
    except IndexError:
        raise _Syntax("SyntaxError: unexpected end of input") from None
