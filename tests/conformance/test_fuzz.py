"""How the suite shares Schemathesis' phases between its processes, and reads their reports back as one."""

from __future__ import annotations

from pathlib import Path

from webdata_conformance.suite.test_fuzz import merge_junit, operation_results, phase_shares, rate_limit_share


def test_two_processes_share_the_phases_and_one_runs_them_all() -> None:
    every = "examples,coverage,fuzzing,stateful"
    assert phase_shares(every, 2) == ["examples,coverage", "fuzzing,stateful"]
    assert phase_shares(every, 1) == [every]
    # A process with nothing to run is not started.
    assert phase_shares("fuzzing", 2) == ["fuzzing"]
    assert phase_shares(" stateful , coverage ", 2) == ["coverage", "stateful"]
    # A phase the suite does not know goes to Schemathesis, which refuses it by name.
    assert phase_shares("fuzzing,fuzzy", 2) == ["fuzzy", "fuzzing"]


def test_a_rate_limit_is_kept_by_the_processes_together() -> None:
    assert rate_limit_share("10/s", 2) == "5/s"
    assert rate_limit_share("10/s", 1) == "10/s"
    assert rate_limit_share("1/m", 2) == "1/m"  # never zero
    assert rate_limit_share("fast", 2) == "fast"  # Schemathesis' to refuse


def _junit(path: Path, cases: str) -> Path:
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="schemathesis" errors="0" failures="1" skipped="1" tests="3" time="2.5">{cases}</testsuite></testsuites>',
        encoding="utf-8",
    )
    return path


def test_the_merged_report_fails_an_operation_that_failed_in_either_process(tmp_path: Path) -> None:
    first = _junit(
        tmp_path / "a.xml",
        '<testcase name="POST /v2/scrape"><failure message="ST201">1.</failure></testcase><testcase name="GET /v2/crawl/{id}"><skipped/></testcase>'
        '<testcase name="POST /v2/crawl"/>',
    )
    second = _junit(
        tmp_path / "b.xml",
        '<testcase name="POST /v2/scrape"/><testcase name="GET /v2/crawl/{id}"/><testcase name="POST /v2/crawl"><skipped/></testcase>',
    )
    merged = tmp_path / "schemathesis.xml"
    merge_junit([("examples,coverage", first), ("fuzzing,stateful", second), ("stateful", tmp_path / "missing.xml")], merged)
    assert operation_results(merged) == {"POST /v2/scrape": "failed", "GET /v2/crawl/{id}": "passed", "POST /v2/crawl": "passed"}
    text = merged.read_text(encoding="utf-8")
    assert 'name="schemathesis (examples,coverage)"' in text and 'name="schemathesis (fuzzing,stateful)"' in text
    assert 'failures="2"' in text.split("<testsuite ", 1)[0] and 'tests="6"' in text.split("<testsuite ", 1)[0]
