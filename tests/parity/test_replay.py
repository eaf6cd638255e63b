"""The recorded corpus (``tests/parity/recorded.json``, answers of the service's build) replayed
against the reference server: every difference :mod:`tests.parity.exchange` finds fails the test
unless its case is listed in the server README's table "Recorded differences from the service", and a
listed case that no longer differs fails too (the table stays true). Recording is a maintainer's
step (``make parity-record``); this replay runs in ``make test``, in a few seconds, offline."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from webdata_server import running

from tests.conftest import ROOT
from tests.parity.cases import CASES
from tests.parity.exchange import differences, run_case, sender

RECORDED = json.loads(Path(__file__).with_name("recorded.json").read_text(encoding="utf-8"))
BY_NAME = {case["name"]: case for case in RECORDED["cases"]}
HEADING = "### Recorded differences from the service"


def listed_differences() -> dict[str, str]:
    """case name -> the row of the README's table that lists it."""
    text = (ROOT / "server" / "README.md").read_text(encoding="utf-8")
    table = text.split(HEADING, 1)[1].split("\n#", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return {name: row for row in rows for name in re.findall(r"`([^`]+)`", row.split(" | ", 1)[0])}


@pytest.fixture(scope="module")
def replayed() -> Iterator[dict[str, dict[str, Any]]]:
    with running(clock="manual", job_seconds=5.0) as sandbox:
        client = httpx.Client(base_url=sandbox.base_url, headers={"Authorization": f"Bearer {sandbox.api_key}"}, timeout=30)
        send = sender(client)

        def settle(_kind: str, reads: int) -> bool:
            sandbox.advance(10)  # past every page's time: the job ends by the next read
            return reads < 5

        yield {case.name: run_case(case, send, settle) for case in CASES}
        client.close()


def test_the_corpus_is_recorded_whole() -> None:
    assert [case.name for case in CASES] == [case["name"] for case in RECORDED["cases"]], "cases changed since the recording: make parity-record"
    assert RECORDED["exchanges"] >= 150


def test_every_listed_case_exists() -> None:
    unknown = sorted(set(listed_differences()) - set(BY_NAME))
    assert not unknown, f"the server README's table lists cases the corpus does not have: {unknown}"


@pytest.mark.parametrize("name", list(BY_NAME))
def test_the_reference_server_answers_as_the_service(replayed: dict[str, dict[str, Any]], name: str) -> None:
    found = differences(BY_NAME[name], replayed[name])
    listed = listed_differences().get(name)
    if found:
        assert listed is not None, f"{name!r} differs from the recorded service, and the server README's table does not list it:\n  " + "\n  ".join(found)
    else:
        assert listed is None, f"{name!r} no longer differs from the recorded service: remove it from the server README's table ({listed})"
