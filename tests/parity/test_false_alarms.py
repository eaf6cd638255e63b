"""The false-alarm guard (issue 56): the conformance suite's own verdicts, run offline over every
answer the service's build gave (``tests/parity/recorded.json``: the replayed corpus and the suite's
boundary bodies). A verdict that fails an answer of the service is a false alarm of the suite, or
the contract refusing what the service does, unless the conformance README's table "What the suite
says of the service" lists it as a true difference of the service, with its reason; a listed one
that no longer fails fails too, so the table stays true.

The verdicts are the suite's functions, not restatements: the contract check every scenario answer
meets (``contract_problems``, CORE-01), the seed's error texts (``seed_text_problem``, CORE-03),
bodies at the documented maxima (``refused_at_maximum``, CORE-09), and Schemathesis' data checks as
the suite configures them: a valid request refused outside the operation's expected statuses
(``positive_data_acceptance``), an invalid one answered 2xx (``negative_data_rejection``, which the
suite asks only where a request breaks more than the reference server's own bounds). An answer
that is not JSON (the build's HTML page for a route it does not have) is not judged: the suite
calls that operation not implemented, not failed."""

from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from schemathesis.config._checks import NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES, POSITIVE_DATA_ACCEPTANCE_EXPECTED_STATUSES
from schemathesis.core.transport import expand_status_codes
from webdata_conformance.checks import seed_text_problem
from webdata_conformance.client import CALLER_REFUSED, contract_problems, operations_by_id
from webdata_conformance.contract import bundle
from webdata_conformance.own_bounds import only_own_bounds_broken, valid_request
from webdata_conformance.suite.test_bounds import refused_at_maximum
from webdata_conformance.suite.test_fuzz import CONFIG

from tests.conftest import ROOT
from tests.parity.cases import BOUNDARY, CASES, UNKNOWN, Exchange, JobRun
from tests.parity.exchange import body_digest, restore

RECORDED = json.loads(Path(__file__).with_name("recorded.json").read_text(encoding="utf-8"))
HEADING = "## What the suite says of the service"


@cache
def _routes() -> list[tuple[str, re.Pattern[str], int, str]]:
    """(method, path pattern, parameters in the template, operationId), literal paths first."""
    found = []
    for op_id, op in operations_by_id().items():
        pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(op["path"])) + "$")
        found.append((op["method"], pattern, op["path"].count("{"), op_id))
    return sorted(found, key=lambda route: route[2])


def operation_of(method: str, path: str) -> str | None:
    return next((op_id for m, pattern, _, op_id in _routes() if m == method and pattern.match(path)), None)


@cache
def _suite_config() -> dict[str, Any]:
    """The suite's Schemathesis configuration (schemathesis.toml)."""
    return tomllib.loads(CONFIG.read_text(encoding="utf-8"))


def _setting(check: str, operation_id: str, key: str, default: Any) -> Any:
    """A check's setting for an operation: its ``[[operations]]`` entry's, else ``[checks.<check>]``'s, else ``default``."""
    config = _suite_config()
    value = config.get("checks", {}).get(check, {}).get(key, default)
    for section in config.get("operations", []):
        if section.get("include-operation-id") == operation_id:
            value = section.get("checks", {}).get(check, {}).get(key, value)
    return value


@cache
def _expected(check: str, operation_id: str) -> frozenset[int]:
    """The statuses the suite's Schemathesis configuration lets ``check`` see for an operation."""
    default = POSITIVE_DATA_ACCEPTANCE_EXPECTED_STATUSES if check == "positive_data_acceptance" else NEGATIVE_DATA_REJECTION_EXPECTED_STATUSES
    return frozenset(expand_status_codes(_setting(check, operation_id, "expected-statuses", default)))


def _enabled(check: str, operation_id: str) -> bool:
    return bool(_setting(check, operation_id, "enabled", True))


def verdicts_on(operation_id: str, status: int, body: Any, *, sent: Any = None, at_maximum: bool = False) -> list[str]:
    """The suite's failing verdicts on one answer (empty: none fails it). ``sent``: the JSON body of
    the request it answered, for the data checks; ``at_maximum``: a CORE-09 body."""
    if not isinstance(body, dict):
        return []  # not JSON: the operation is not implemented there (a verdict of its own, not a failure)
    body = restore(body)
    found = [f"CORE-01 {problem}" for problem in contract_problems(operation_id, status, body)]
    if status >= 500:
        found.append(f"not_a_server_error: {status}")
    if (problem := seed_text_problem(operation_id, status, body)) is not None:
        found.append(f"CORE-03 {problem}")
    if at_maximum and refused_at_maximum(status) and status not in CALLER_REFUSED:
        found.append(f"CORE-09 a body at a documented maximum answered {status}")
    if sent is not None and status not in CALLER_REFUSED:
        if valid_request(operation_id, sent):
            if _enabled("positive_data_acceptance", operation_id) and status not in _expected("positive_data_acceptance", operation_id):
                found.append(f"positive_data_acceptance: a valid body answered {status}")
        elif _enabled("negative_data_rejection", operation_id) and status < 400 and not only_own_bounds_broken(operation_id, sent, None):
            found.append(f"negative_data_rejection: an invalid body answered {status}")
    return found


def _judged(case: Exchange | JobRun, record: dict[str, Any], *, at_maximum: bool = False) -> list[str]:
    """Every failing verdict on the recorded answers of one case."""
    if isinstance(case, Exchange):
        operation_id = operation_of(case.method, case.path)
        if operation_id is None:
            return []  # a route the contract does not have (the corpus's unknown route)
        sent = case.body if case.raw is None and case.method in ("POST", "PUT", "PATCH") else None
        return verdicts_on(operation_id, record["status"], record["body"], sent=sent, at_maximum=at_maximum)
    start = operation_of("POST", f"/v2/{case.kind}")
    assert start is not None
    found = verdicts_on(start, record["start"]["status"], record["start"]["body"], sent=case.body)
    path = f"/v2/{case.kind}/{UNKNOWN}"
    for part, method, suffix in (("cancel", "DELETE", ""), ("final", "GET", ""), ("errors", "GET", "/errors")):
        if part in record:
            answer = record[part]
            body = answer["body"]
            if part == "final" and isinstance(body, dict) and answer["status"] == 200:
                body = {**body, "data": []}  # the recording keeps how many documents, not the documents
            operation_id = operation_of(method, path + suffix)
            assert operation_id is not None
            found += [f"{part}: {v}" for v in verdicts_on(operation_id, answer["status"], body)]
    return found


def listed() -> list[tuple[str, str, str]]:
    """(case name pattern, check, row) of each entry of the conformance README's table: a row names
    its cases in backticks (``*`` stands for any text) and the check in its second column."""
    text = (ROOT / "conformance" / "README.md").read_text(encoding="utf-8")
    table = text.split(HEADING, 1)[1].split("\n#", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) >= 3:
            for pattern in re.findall(r"`([^`]+)`", cells[0]):
                for check in re.findall(r"`([^`]+)`", cells[1]):
                    rows.append((pattern, check, line))
    return rows


def _matches(pattern: str, name: str) -> bool:
    return re.fullmatch(".*".join(map(re.escape, pattern.split("*"))), name) is not None


def _listed(name: str, check: str) -> bool:
    return any(c == check and _matches(pattern, name) for pattern, c, _ in listed())


def _verdict_name(verdict: str) -> str:
    """The check a verdict comes from (the table's second column: `CORE-01`, `not_a_server_error`...)."""
    for part in ("cancel: ", "final: ", "errors: "):
        verdict = verdict.removeprefix(part)
    return verdict.split(" ", 1)[0].rstrip(":")


BY_NAME = {record["name"]: record for record in RECORDED["cases"]}
BOUNDARY_BY_NAME = {record["name"]: record for record in RECORDED.get("boundary", [])}


@cache
def all_verdicts() -> dict[str, list[str]]:
    """case name -> the suite's failing verdicts on its recorded answers (boundary bodies whose
    body changed since the recording are left out: see test_the_boundary_bodies_are_recorded)."""
    found = {case.name: _judged(case, BY_NAME[case.name]) for case in CASES if case.name in BY_NAME}
    for case in BOUNDARY:
        record = BOUNDARY_BY_NAME.get(case.name)
        if record is not None and record.get("sent") == body_digest(case.body):
            found[case.name] = _judged(case, record, at_maximum=case.name.startswith("bound "))
    return found


def test_the_boundary_bodies_are_recorded() -> None:
    """The suite's boundary bodies as it sends them today were answered by the service: at least
    nine in ten (a bound the contract changed makes its body new until the next recording)."""
    current = [case for case in BOUNDARY if BOUNDARY_BY_NAME.get(case.name, {}).get("sent") == body_digest(case.body)]
    stale = sorted({case.name for case in BOUNDARY} - {case.name for case in current})
    assert len(current) >= 0.9 * len(BOUNDARY), (
        f"{len(stale)} of {len(BOUNDARY)} boundary bodies are not recorded as sent: make parity-record PART=boundary ({stale[:5]}...)"
    )


def test_every_row_of_the_table_still_fails_a_case() -> None:
    """Each (cases, check) the table lists names recorded cases, and the check still fails one of
    them: a row that no longer describes the service goes."""
    names = set(BY_NAME) | set(BOUNDARY_BY_NAME)
    for pattern, check, row in listed():
        assert any(_matches(pattern, name) for name in names), f"the conformance README's table names no recorded case with `{pattern}`: {row}"
        failing = [name for name, verdicts in all_verdicts().items() if _matches(pattern, name) and check in map(_verdict_name, verdicts)]
        assert failing, f"`{pattern}` ({check}) no longer fails any recorded case: remove it from the conformance README's table ({row})"


@pytest.mark.parametrize("name", sorted(set(BY_NAME) | set(BOUNDARY_BY_NAME)))
def test_no_verdict_of_the_suite_fails_the_service_unlisted(name: str) -> None:
    verdicts = all_verdicts().get(name)
    if verdicts is None:
        pytest.skip(f"{name}: its body changed since the recording")
    unlisted = [v for v in verdicts if not _listed(name, _verdict_name(v))]
    assert not unlisted, f"the suite fails the service's answer to {name!r}, and the conformance README's table does not list it:\n  " + "\n  ".join(unlisted)


def test_the_guard_judges_what_it_is_given() -> None:
    """The verdicts fail what they must (so a quiet guard means a quiet suite, not a blind one)."""
    assert verdicts_on("startExtract", 400, {"success": False, "error": "Bad Request"}, sent={"urls": 3})  # CORE-03 text
    assert any(v.startswith("CORE-09") for v in verdicts_on("scrapeUrl", 400, {"success": False, "error": "too long", "code": "BAD_REQUEST"}, at_maximum=True))
    assert any(v.startswith("negative_data_rejection") for v in verdicts_on("scrapeUrl", 200, {"success": True, "data": {}}, sent={"url": 5}))
    assert not any(
        v.startswith("negative_data_rejection") for v in verdicts_on("searchWeb", 200, {"success": True, "data": {"web": []}}, sent={"query": "x" * 10_001})
    )
    assert any(v.startswith("positive_data_acceptance") for v in verdicts_on("createBrowser", 400, {"success": False, "error": "x"}, sent={}))
    assert verdicts_on("scrapeUrl", 404, "<html>Cannot POST</html>") == []
    assert bundle()["openapi"].startswith("3.1")
