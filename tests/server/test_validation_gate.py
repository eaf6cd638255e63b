"""The compiled validator (jsonschema-rs) that answers first for a request body must agree with the
Python validator on every body: its yes skips the Python pass, so a body it took that the Python
validator refuses would be a contract rule the server stopped enforcing."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webdata_conformance.bounds import request_bodies
from webdata_conformance.client import Multipart
from webdata_conformance.contract import resolved
from webdata_conformance.suite.test_bounds import _body_schema
from webdata_conformance.suite.test_scenarios import REQUESTS
from webdata_server.config import read_bundle
from webdata_server.contract import Contract, ecma_pattern
from webdata_server.errors import InvalidRequest
from webdata_server.ingress import Gate
from webdata_server.operations import OperationTable, Route

from tests.server.conftest import Server

CONTRACT = Contract.load(read_bundle())
OPERATIONS = sorted(op for op in REQUESTS if REQUESTS[op][1] is not None and not isinstance(REQUESTS[op][1], Multipart))
# No NaN or Infinity: they are not JSON, and the server refuses a body that holds one before validating it.
SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)
TRICKY = [
    "https://example.com",
    "example.com",
    "http://exa mple.com",
    "ftp://example.com",
    "a:b",
    "http://[::1",
    "http://example.com/%zz",
    "US\n",
    "US",
    "example.com\n",
    "https://example.com/a\u00a0b",
    "https://example.com/a\ufeffb",
    "https://example.com/a\x85b",
    "https://example.com/a\x1fb",
    "https://example.com/a\u2028b",
    "https://example.com/\u0661",
    "*.example.com",
    "",
    "\ud800",
    1e308,
    3.0,
    -1,
    0,
    2**64,
]


GATES = {op: CONTRACT.request_gate(op) for op in OPERATIONS}
PYTHON = {op: CONTRACT.request_validator(op) for op in OPERATIONS}


def _encodable(body: Any) -> bool:
    try:
        json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return False
    return True


def _agree(operation_id: str, body: Any) -> None:
    gate = GATES[operation_id]
    assert gate is not None, "jsonschema-rs is pinned in requirements.lock"
    python = not list(PYTHON[operation_id].iter_errors(body))
    if python and not gate(body) and not _encodable(body):
        return  # a lone surrogate, which jsonschema-rs cannot take: the Python validator decides alone
    assert gate(body) == python, f"{operation_id}: jsonschema-rs says {gate(body)}, the Python validator {python}: {json.dumps(body)[:400]}"


def _properties(operation_id: str) -> list[str]:
    node = resolved(_body_schema(operation_id))
    names = set(node.get("properties", {}))
    for part in node.get("allOf", []):
        names |= set(resolved(part).get("properties", {}))
    return sorted(names)


@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_they_agree_on_bodies_at_every_maximum_and_one_past_it(operation_id: str) -> None:
    for _, body in request_bodies(_body_schema(operation_id), REQUESTS[operation_id][1]):
        _agree(operation_id, body)
        for name, value in body.items():  # one past: a list or string of the body grown by one
            if isinstance(value, (list, str)) and value:
                grown: Any = value
                _agree(operation_id, {**body, name: grown + grown[-1:]})


@pytest.mark.parametrize("operation_id", OPERATIONS)
def test_they_agree_on_tricky_values_in_every_property(operation_id: str) -> None:
    base = REQUESTS[operation_id][1]
    for name in [*_properties(operation_id), "unknownKey"]:
        for value in TRICKY:
            _agree(operation_id, {**base, name: value})
            _agree(operation_id, {**base, name: [value]})


@pytest.mark.parametrize("operation_id", OPERATIONS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_they_agree_on_random_bodies(operation_id: str, data: st.DataObject) -> None:
    names = [*_properties(operation_id), "unknownKey"]
    extra = data.draw(st.dictionaries(st.sampled_from(names), VALUES, max_size=4))
    _agree(operation_id, {**REQUESTS[operation_id][1], **extra})


@pytest.mark.parametrize(
    ("pattern", "value", "matches"),
    [
        ("^[A-Z]{2}$", "US", True),
        ("^[A-Z]{2}$", "US\n", False),
        ("^a\\S*$", "ab\u0085", True),  # U+0085 is not ECMA white space
        ("^a\\S*$", "ab\ufeff", False),  # U+FEFF is
        ("^[^\\s]+$", "a\u001fb", True),
        ("^[^\\s]+$", "a\u00a0b", False),
        ("^[$]$", "$", True),  # a dollar in a class is a dollar
        ("^\\$$", "$", True),
    ],
)
def test_patterns_are_read_as_ecma_reads_them(pattern: str, value: str, matches: bool) -> None:
    assert bool(ecma_pattern(pattern).search(value)) is matches


def test_without_jsonschema_rs_the_python_validator_decides_alone() -> None:
    """Where no jsonschema-rs wheel exists the gate is None: the same bodies pass and fail."""
    from webdata_models import ExtractRequest

    route: Route[Any] = dataclasses.replace(OperationTable(CONTRACT)["startExtract"], gate=None)
    gate = Gate(store=None)  # type: ignore[arg-type]
    good = gate.body(
        route, ExtractRequest, json.dumps({"urls": ["https://example.com"], "prompt": "x"}).encode(), too_large=False, media_type="application/json"
    )
    assert isinstance(good, ExtractRequest)
    with pytest.raises(InvalidRequest):
        gate.body(route, ExtractRequest, json.dumps({"urls": ["https://example.com"], "prompt": 5}).encode(), too_large=False, media_type="application/json")


@pytest.mark.parametrize(("path", "body"), [("/v2/scrape", {"url": "not a url"}), ("/v2/batch/scrape", {"urls": ["https://ok.example.com", "a b"]})])
def test_an_invalid_url_is_refused_in_the_services_words_not_a_pattern(server: Server, path: str, body: dict[str, object]) -> None:
    # Issue 58: the refusal showed the contract's regular expression to the caller.
    answer = server.client.post(path, json=body, headers={"Authorization": f"Bearer {server.api.key}"})
    assert answer.status_code == 400
    messages = [detail["message"] for detail in answer.json()["details"]]
    assert "Invalid URL" in messages and not any("^" in message for message in messages)
