"""python code, translated to JavaScript and run in the same engine as node code (:mod:`.node`),
with Python's semantics from :file:`python.js` and Playwright for Python's names for the host
objects (``page.get_by_role("button", name="Sign in")``, ``page.url``, ``locator.first``).

The translation is of the language people write in a script: statements (assignments and
unpacking, ``if``/``elif``, ``for`` and ``while`` with ``break``/``continue``, ``try``/``except``/
``finally``, ``raise``, ``assert``, ``def`` and ``async def`` with defaults and keyword arguments,
``return``, ``del``, ``pass``, ``import`` of json, re, asyncio, time and playwright's names) and
expressions (comprehensions, lambdas, f-strings with format specifications, slices, chained
comparisons, ``and``/``or``/``not`` with Python's truth, ``in``, ``is``, ``**``, ``//``, ``%``).
Anything else (classes, generators, ``with``, ``global``) fails the run naming it, before it runs.
``await`` of a value is the value, so the async and the sync spellings of Playwright both work.
The value of the last top-level expression statement is ``result``, as in node.
"""

from __future__ import annotations

import ast
import json

__all__ = ["Unsupported", "translate"]

_IMPORTABLE = {"asyncio", "json", "re", "time", "playwright", "playwright.async_api", "playwright.sync_api", "typing"}
_JS_RESERVED = {
    "arguments", "await", "case", "catch", "const", "debugger", "default", "delete", "do", "enum", "eval", "export", "extends", "function",
    "implements", "instanceof", "interface", "let", "new", "package", "private", "protected", "public", "static", "super", "switch", "this",
    "throw", "typeof", "var", "void", "yield", "undefined", "NaN", "Infinity", "Object", "Array", "String", "Number", "Math", "JSON", "Promise",
    "Error", "Symbol", "Date", "RegExp", "globalThis", "console", "context", "page",
}  # fmt: skip
_BUILTINS = {
    "print", "len", "str", "repr", "range", "sorted", "min", "max", "int", "float", "bool", "list", "tuple", "set", "dict", "enumerate", "zip",
    "reversed", "sum", "any", "all", "abs", "round", "map", "filter", "isinstance", "type", "hasattr", "getattr", "chr", "ord", "hex", "input",
    "open", "json", "re", "asyncio", "time", "Exception", "BaseException", "ValueError", "KeyError", "IndexError", "TypeError", "AttributeError",
    "ZeroDivisionError", "RuntimeError", "AssertionError", "NameError", "StopIteration", "NotImplementedError", "JSONDecodeError",
    "TimeoutError", "Error", "PlaywrightTimeoutError", "PlaywrightError",
}  # fmt: skip
_BINARY = {ast.Add: "add", ast.Mult: "mul", ast.Div: "div", ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow"}
_PLAIN = {ast.Sub: "-", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
_COMPARE = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.Gt: ">",
    ast.LtE: "<=",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}


class Unsupported(Exception):
    """The code uses what the translation does not read: the run fails naming it."""


def _name(identifier: str) -> str:
    if identifier in ("page", "context"):
        return identifier
    return identifier + "$" if identifier in _JS_RESERVED or identifier.startswith("$") else identifier


def _assigned(body: list[ast.stmt]) -> list[str]:
    """The names a function's (or the script's) body binds, in order: declared once at its top."""
    names: dict[str, None] = {}

    def targets(node: ast.AST) -> None:
        if isinstance(node, ast.Name):
            names.setdefault(node.id)
        elif isinstance(node, ast.Tuple | ast.List):
            for element in node.elts:
                targets(element)
        elif isinstance(node, ast.Starred):
            targets(node.value)

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    targets(target)
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets(node.target)
            elif isinstance(node, ast.For | ast.AsyncFor):
                targets(node.target)
                visit(node.body)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names.setdefault(node.name)
            elif isinstance(node, ast.Import | ast.ImportFrom):
                for alias in node.names:
                    if isinstance(node, ast.ImportFrom) or "." not in alias.name:
                        names.setdefault(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, ast.If | ast.While):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    if handler.name:
                        names.setdefault(handler.name)
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.With | ast.AsyncWith):
                visit(node.body)
            if isinstance(node, ast.Expr | ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Return | ast.If | ast.While):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.NamedExpr):
                        targets(sub.target)

    visit(body)
    return list(names)


class _Translator:
    def __init__(self) -> None:
        self.temps = 0
        self.async_depth = [True]  # the script is the body of an async function
        self.exceptions = 0

    def temp(self) -> str:
        self.temps += 1
        return f"$t{self.temps}"

    # -- statements ---------------------------------------------------------------------------
    def block(self, statements: list[ast.stmt], indent: str) -> str:
        return "".join(self.statement(s, indent) for s in statements)

    def statement(self, node: ast.stmt, indent: str) -> str:
        line = f"{indent}"
        if isinstance(node, ast.Expr):
            return f"{line}{self.expr(node.value)};\n"
        if isinstance(node, ast.Assign):
            value = self.expr(node.value)
            if len(node.targets) == 1:
                return f"{line}{self.assign(node.targets[0], value, indent)};\n"
            held = self.temp()
            out = f"{line}{held} = {value};\n"
            return out + "".join(f"{indent}{self.assign(t, held, indent)};\n" for t in node.targets)
        if isinstance(node, ast.AnnAssign):
            return f"{line}{self.assign(node.target, self.expr(node.value), indent)};\n" if node.value is not None else ""
        if isinstance(node, ast.AugAssign):
            current = self.expr(node.target)
            value = self.binary(node.op, current, self.expr(node.value))
            return f"{line}{self.assign(node.target, value, indent)};\n"
        if isinstance(node, ast.If):
            out = f"{line}if ($py.t({self.expr(node.test)})) {{\n{self.block(node.body, indent + '  ')}{indent}}}"
            if node.orelse:
                out += f" else {{\n{self.block(node.orelse, indent + '  ')}{indent}}}"
            return out + "\n"
        if isinstance(node, ast.While):
            if node.orelse:
                raise Unsupported("while … else is not supported by the reference server")
            return f"{line}while ($py.t({self.expr(node.test)})) {{\n{self.block(node.body, indent + '  ')}{indent}}}\n"
        if isinstance(node, ast.For | ast.AsyncFor):
            if node.orelse:
                raise Unsupported("for … else is not supported by the reference server")
            item = self.temp()
            body = f"{indent}  {self.assign(node.target, item, indent + '  ')};\n" + self.block(node.body, indent + "  ")
            return f"{line}for (const {item} of $py.iter({self.expr(node.iter)})) {{\n{body}{indent}}}\n"
        if isinstance(node, ast.Break):
            return f"{line}break;\n"
        if isinstance(node, ast.Continue):
            return f"{line}continue;\n"
        if isinstance(node, ast.Pass):
            return ""
        if isinstance(node, ast.Return):
            return f"{line}return {self.expr(node.value) if node.value is not None else 'null'};\n"
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return f"{line}{_name(node.name)} = {self.function(node, indent)};\n"
        if isinstance(node, ast.Try | ast.TryStar):
            return self.try_(node, indent)
        if isinstance(node, ast.Raise):
            if node.exc is None:
                return f"{line}throw $e{self.exceptions};\n"
            value = self.expr(node.exc)
            return f"{line}throw ((e) => (typeof e === 'function' && e.__exc ? e() : e))({value});\n"
        if isinstance(node, ast.Assert):
            message = self.expr(node.msg) if node.msg is not None else '""'
            return f"{line}if (!$py.t({self.expr(node.test)})) throw $py.exc('AssertionError', $py.str({message}));\n"
        if isinstance(node, ast.Delete):
            out = ""
            for target in node.targets:
                if isinstance(target, ast.Subscript):
                    out += f"{line}$py.delidx({self.expr(target.value)}, {self.expr(target.slice)});\n"
                elif isinstance(target, ast.Name):
                    out += f"{line}{_name(target.id)} = undefined;\n"
                else:
                    raise Unsupported("this del is not supported by the reference server")
            return out
        if isinstance(node, ast.Import):
            out = ""
            for alias in node.names:
                if alias.name not in _IMPORTABLE:
                    raise Unsupported(f"ModuleNotFoundError: No module named '{alias.name}' (the reference server's python has json, re, asyncio, time)")
                bound = alias.asname or alias.name.split(".")[0]
                if bound in ("json", "re", "asyncio", "time"):
                    out += f"{line}{_name(bound)} = $py.builtins.{alias.name};\n"
                else:
                    out += f"{line}{_name(bound)} = {{}};\n"
            return out
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module not in _IMPORTABLE:
                raise Unsupported(f"ModuleNotFoundError: No module named '{module}' (the reference server's python has json, re, asyncio, time)")
            out = ""
            for alias in node.names:
                bound = alias.asname or alias.name
                if module.startswith("playwright"):
                    known = {"TimeoutError": "TimeoutError", "Error": "PlaywrightError"}.get(alias.name)
                    out += f"{line}{_name(bound)} = {'$py.builtins.' + known if known else '{}'};\n"
                elif module == "typing":
                    out += f"{line}{_name(bound)} = null;\n"
                else:
                    out += f"{line}{_name(bound)} = $py.builtins.{module}[{json.dumps(alias.name)}];\n"
            return out
        if isinstance(node, ast.Global | ast.Nonlocal):
            raise Unsupported(f"'{type(node).__name__.lower()}' is not supported by the reference server")
        raise Unsupported(f"{type(node).__name__} statements are not supported by the reference server (its python: see the server README, interact)")

    def try_(self, node: ast.Try | ast.TryStar, indent: str) -> str:
        out = f"{indent}try {{\n{self.block(node.body, indent + '  ')}"
        if node.orelse:
            flag = self.temp()
            out = f"{indent}{flag} = true;\n" + out + f"{indent}  {flag} = false;\n"
        out += f"{indent}}}"
        if node.handlers:
            self.exceptions += 1
            error = f"$e{self.exceptions}"
            out += f" catch ({error}) {{\n"
            if node.orelse:
                out += f"{indent}  {flag} = false;\n"
            chain = ""
            for handler in node.handlers:
                test = "true" if handler.type is None else f"$py.matches({error}, {self.expr(handler.type)})"
                bind = f"{indent}    {_name(handler.name)} = {error};\n" if handler.name else ""
                chain += f"{indent}  {'if' if not chain else 'else if'} ({test}) {{\n{bind}{self.block(handler.body, indent + '    ')}{indent}  }}\n"
            out += chain + f"{indent}  else throw {error};\n{indent}}}"
            self.exceptions -= 1
        if node.finalbody:
            out += f" finally {{\n{self.block(node.finalbody, indent + '  ')}{indent}}}"
        elif not node.handlers:
            out += " finally {}"
        out += "\n"
        if node.orelse:
            out += f"{indent}if ({flag}) {{\n{self.block(node.orelse, indent + '  ')}{indent}}}\n"
        return out

    def function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, indent: str) -> str:
        args = node.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            raise Unsupported("*args, **kwargs and keyword-only parameters are not supported by the reference server")
        names = [a.arg for a in args.args]
        defaults = [None] * (len(names) - len(args.defaults)) + list(args.defaults)
        params = ", ".join(_name(n) + (f" = {self.expr(d)}" if d is not None else "") for n, d in zip(names, defaults, strict=True))
        is_async = isinstance(node, ast.AsyncFunctionDef)
        self.async_depth.append(is_async)
        try:
            if isinstance(node, ast.Lambda):
                body = self.expr(node.body)
                return f"$py.params(({params}) => ({body}), {json.dumps(names)})"
            if node.decorator_list:
                raise Unsupported("decorators are not supported by the reference server")
            saved, self.temps = self.temps, 0
            inner = self.block(node.body, indent + "  ")
            local = [_name(n) for n in _assigned(node.body) if n not in names]
            temps = [f"$t{i}" for i in range(1, self.temps + 1)]
            self.temps = saved
            declared = f"{indent}  let {', '.join(local + temps)};\n" if local or temps else ""
            keyword = "async function" if is_async else "function"
            return f"$py.params({keyword} {_name(node.name)}({params}) {{\n{declared}{inner}{indent}  return null;\n{indent}}}, {json.dumps(names)})"
        finally:
            self.async_depth.pop()

    def assign(self, target: ast.expr, value: str, indent: str) -> str:
        if isinstance(target, ast.Name):
            return f"{_name(target.id)} = {value}"
        if isinstance(target, ast.Subscript):
            if isinstance(target.slice, ast.Slice):
                raise Unsupported("assigning to a slice is not supported by the reference server")
            return f"$py.setidx({self.expr(target.value)}, {self.expr(target.slice)}, {value})"
        if isinstance(target, ast.Attribute):
            return f"{self.expr(target.value)}[{json.dumps(target.attr)}] = {value}"
        if isinstance(target, ast.Tuple | ast.List):
            if any(isinstance(e, ast.Starred) for e in target.elts):
                raise Unsupported("starred assignment is not supported by the reference server")
            held = self.temp()
            parts = [f"{held} = $py.unpack({value}, {len(target.elts)})"]
            parts += [self.assign(element, f"{held}[{n}]", indent) for n, element in enumerate(target.elts)]
            return "(" + ", ".join(parts) + ")"
        raise Unsupported(f"assigning to {type(target).__name__} is not supported by the reference server")

    # -- expressions --------------------------------------------------------------------------
    def binary(self, op: ast.operator, left: str, right: str) -> str:
        if type(op) in _BINARY:
            return f"$py.{_BINARY[type(op)]}({left}, {right})"
        if type(op) in _PLAIN:
            return f"({left} {_PLAIN[type(op)]} {right})"
        raise Unsupported(f"the operator {type(op).__name__} is not supported by the reference server")

    def expr(self, node: ast.expr | None) -> str:
        if node is None:
            return "null"
        if isinstance(node, ast.Constant):
            constant = node.value
            if constant is None:
                return "null"
            if constant is True or constant is False:
                return "true" if constant else "false"
            if isinstance(constant, int | float):
                if isinstance(constant, float) and not constant.is_integer():
                    return repr(constant)
                return str(constant) if abs(constant) < 2**53 else repr(float(constant))
            if isinstance(constant, str):
                return json.dumps(constant)
            raise Unsupported(f"{type(constant).__name__} literals are not supported by the reference server")
        if isinstance(node, ast.Name):
            if node.id in _BUILTINS:
                return (
                    f"({_name(node.id)} !== undefined ? {_name(node.id)} : $py.builtins.{node.id})"
                    if False
                    else f"$b({json.dumps(node.id)}, () => {_name(node.id)})"
                )
            return _name(node.id)
        if isinstance(node, ast.Attribute):
            return f"$py.attr({self.expr(node.value)}, {json.dumps(node.attr)})"
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                s = node.slice
                return f"$py.slice({self.expr(node.value)}, {self.expr(s.lower)}, {self.expr(s.upper)}, {self.expr(s.step)})"
            return f"$py.idx({self.expr(node.value)}, {self.expr(node.slice)})"
        if isinstance(node, ast.Await):
            if not self.async_depth[-1]:
                raise Unsupported("SyntaxError: 'await' outside async function")
            return f"(await {self.expr(node.value)})"
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.UnaryOp):
            operand = self.expr(node.operand)
            if isinstance(node.op, ast.Not):
                return f"(!$py.t({operand}))"
            if isinstance(node.op, ast.USub):
                return f"$py.neg({operand})"
            if isinstance(node.op, ast.UAdd):
                return f"(+{operand})"
            return f"(~{operand})"
        if isinstance(node, ast.BinOp):
            return self.binary(node.op, self.expr(node.left), self.expr(node.right))
        if isinstance(node, ast.BoolOp):
            result = self.expr(node.values[-1])
            for value in reversed(node.values[:-1]):
                held = self.temp()
                left = f"({held} = {self.expr(value)})"
                result = f"($py.t{left} ? {result} : {held})" if isinstance(node.op, ast.And) else f"($py.t{left} ? {held} : {result})"
            return result
        if isinstance(node, ast.Compare):
            parts = []
            left = self.expr(node.left)
            for op, comparator in zip(node.ops, node.comparators, strict=True):
                right = self.expr(comparator)
                if len(node.ops) > 1:
                    held = self.temp()
                    parts.append(f"$py.cmp({left}, {json.dumps(_COMPARE[type(op)])}, ({held} = {right}))")
                    left = held
                else:
                    parts.append(f"$py.cmp({left}, {json.dumps(_COMPARE[type(op)])}, {right})")
            return "(" + " && ".join(parts) + ")"
        if isinstance(node, ast.IfExp):
            return f"($py.t({self.expr(node.test)}) ? {self.expr(node.body)} : {self.expr(node.orelse)})"
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = [f"...$py.iter({self.expr(e.value)})" if isinstance(e, ast.Starred) else self.expr(e) for e in node.elts]
            return "[" + ", ".join(items) + "]"
        if isinstance(node, ast.Dict):
            pairs = []
            for key, value in zip(node.keys, node.values, strict=True):
                pairs.append(f"...{self.expr(value)}" if key is None else f"[$py.str({self.expr(key)})]: {self.expr(value)}")
            return "({" + ", ".join(pairs) + "})"
        if isinstance(node, ast.JoinedStr):
            pieces: list[str] = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    pieces.append(json.dumps(str(value.value)))
                elif isinstance(value, ast.FormattedValue):
                    inner = self.expr(value.value)
                    if value.conversion == ord("r"):
                        inner = f"$py.repr({inner})"
                    spec = self.expr(value.format_spec) if value.format_spec is not None else '""'
                    pieces.append(f"$py.fmt({inner}, {spec})")
            return "(" + (" + ".join(pieces) or '""') + ")"
        if isinstance(node, ast.Lambda):
            return self.function(node, "")
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self.comprehension(node)
        if isinstance(node, ast.NamedExpr):
            return f"({_name(node.target.id)} = {self.expr(node.value)})"
        if isinstance(node, ast.Starred):
            raise Unsupported("starred expressions are not supported here by the reference server")
        raise Unsupported(f"{type(node).__name__} expressions are not supported by the reference server (its python: see the server README, interact)")

    def call(self, node: ast.Call) -> str:
        args = [f"...$py.iter({self.expr(a.value)})" if isinstance(a, ast.Starred) else self.expr(a) for a in node.args]
        if any(k.arg is None for k in node.keywords):
            raise Unsupported("**kwargs in a call is not supported by the reference server")
        kw = "{" + ", ".join(f"{json.dumps(k.arg)}: {self.expr(k.value)}" for k in node.keywords) + "}" if node.keywords else "null"
        if isinstance(node.func, ast.Attribute):
            return f"$py.call({self.expr(node.func.value)}, {json.dumps(node.func.attr)}, [{', '.join(args)}], {kw})"
        return f"$py.callf({self.expr(node.func)}, [{', '.join(args)}], {kw})"

    def comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> str:
        awaits = any(isinstance(sub, ast.Await) for sub in ast.walk(node))
        names: list[str] = []
        for generator in node.generators:
            names += _assigned([ast.Assign(targets=[generator.target], value=ast.Constant(None))])
        saved = self.temps
        body = f"$r[$py.str({self.expr(node.key)})] = {self.expr(node.value)};" if isinstance(node, ast.DictComp) else f"$r.push({self.expr(node.elt)});"
        for generator in reversed(node.generators):
            item = self.temp()
            conditions = "".join(f"if (!$py.t({self.expr(test)})) continue; " for test in generator.ifs)
            body = f"for (const {item} of $py.iter({self.expr(generator.iter)})) {{ {self.assign(generator.target, item, '')}; {conditions}{body} }}"
        temps = [f"$t{i}" for i in range(saved + 1, self.temps + 1)]
        declared = f"let {', '.join([_name(n) for n in names] + temps)}; " if names or temps else ""
        start = "{}" if isinstance(node, ast.DictComp) else "[]"
        function = f"{'async ' if awaits else ''}() => {{ {declared}const $r = {start}; {body} return $r; }}"
        return f"(await ({function})())" if awaits else f"(({function})())"


def translate(code: str) -> str:
    """``code`` as JavaScript: the body of an async function returning the value of the code's
    last top-level expression statement (:class:`Unsupported` or a ``SyntaxError`` message when
    it cannot be read)."""
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        raise Unsupported(f"SyntaxError: {error.msg} (line {error.lineno})") from None
    except (ValueError, RecursionError, MemoryError):
        raise Unsupported("SyntaxError: the code could not be read") from None
    translator = _Translator()
    body = list(tree.body)
    last = body.pop() if body and isinstance(body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    try:
        out = translator.block(body, "  ")
        if last is not None:
            out += f"  return {translator.expr(last.value)};\n"
    except RecursionError:
        raise Unsupported("the code nests deeper than the reference server reads") from None
    declared = [_name(n) for n in _assigned(tree.body)] + [f"$t{i}" for i in range(1, translator.temps + 1)]
    head = f"  let {', '.join(declared)};\n" if declared else ""
    return head + out
