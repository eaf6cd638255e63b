"""The executeJavascript interpreter: JavaScript's numbers, bounded work, never eval."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from webdata_server.script import MAX_SCRIPT_CHARS, evaluate


def run(script: str) -> dict[str, object]:
    return evaluate(script, title=lambda: "The title", count=lambda selector: {"li": 3}.get(selector, 0))


@pytest.mark.parametrize(
    ("script", "value"),
    [
        ("return 1 + 2 * 3;", 7),
        ("(1 + 2) * 3", 9),
        ("7 / 2", 3.5),
        ("-7 % 3", -1),  # the dividend's sign, as in JavaScript (Python's % gives 2)
        ("2 ** 10", 1024),
        ("2 ** -1", 0.5),
        ("1e3 + 1", 1001),
        ("9 ** 9 ** 8", None),  # Infinity: JSON.stringify writes null
        ("10 ** 5000", None),
        ("2.0 ** 10000", None),
        ("1 / 0", None),
        ("0 / 0", None),
        ("5 % 0", None),
        ("(-8) ** (1/3)", None),  # NaN in JavaScript, a complex number in Python
        ("2 ** 53 + 2", 2.0**53 + 2),
    ],
)
def test_arithmetic_follows_javascript_numbers(script: str, value: object) -> None:
    assert run(script) == {"type": "number", "value": value}


def test_document_reads() -> None:
    assert run("return document.title;") == {"type": "string", "value": "The title"}
    assert run("document.querySelectorAll('li').length") == {"type": "number", "value": 3}
    assert run('document.querySelectorAll("p").length') == {"type": "number", "value": 0}


@pytest.mark.parametrize(
    "script",
    [
        "__import__('os').system('true')",
        "(1).__class__",
        "[x for x in range(10**9)]",
        "1 if 1 else 2",
        "'a' * 10",
        "1 " + "+ 1 " * MAX_SCRIPT_CHARS,  # longer than the bound
        "-" * 4000 + "1",
        "(" * 300 + "1" + ")" * 300,
        "1 << 100000",
        "window.alert(1)",
        "",
    ],
)
def test_everything_else_is_undefined(script: str) -> None:
    assert run(script) == {"type": "undefined", "value": None}


_TOKENS = st.sampled_from(["9", "99", "0", "1e308", ".5", "+", "-", "*", "/", "%", "**", "(", ")", " ", "e", "2"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_TOKENS, max_size=200).map("".join))
def test_no_script_takes_long_or_raises(script: str) -> None:
    started = time.perf_counter()
    result = run(script)
    elapsed = time.perf_counter() - started
    assert result["type"] in ("number", "undefined")
    # Generous: a script is parsed once and evaluated over at most MAX_NODES nodes (~1 ms).
    assert elapsed < 0.5, f"{script!r} took {elapsed:.3f} s"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=MAX_SCRIPT_CHARS + 100))
def test_any_text_is_answered(script: str) -> None:
    assert run(script)["type"] in ("number", "string", "undefined")
