"""pytest plugin of `webdata-conformance`: a readable summary per check and per operation."""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from webdata_conformance.suite.test_fuzz import DEFAULT_REPORT_DIR, operation_results

_results: dict[str, list[tuple[str, str]]] = defaultdict(list)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        name = report.nodeid.split("::", 1)[-1]
        reason = ""
        if report.skipped and isinstance(report.longrepr, tuple):
            reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        elif report.failed:
            reason = str(report.longrepr).strip().splitlines()[-1][:300] if report.longrepr else ""
        _results[name.split("[")[0]].append((report.outcome, f"{name}: {reason}" if reason else name))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    write = terminalreporter.write_line
    write("")
    write("conformance summary, per check:")
    for check, outcomes in sorted(_results.items()):
        counts = {state: sum(1 for outcome, _ in outcomes if outcome == state) for state in ("passed", "failed", "skipped")}
        write(f"  {check:55} passed {counts['passed']:3}  failed {counts['failed']:3}  skipped {counts['skipped']:3}")
        for outcome, detail in outcomes:
            if outcome != "passed":
                write(f"      {outcome}: {detail}")
    report = Path(os.environ.get("CONFORMANCE_REPORT_DIR", DEFAULT_REPORT_DIR)) / "schemathesis.xml"
    operations = operation_results(report)
    if operations:
        write("conformance summary, per operation (Schemathesis, details and curl commands in schemathesis.txt):")
        for name, state in sorted(operations.items()):
            write(f"  {name:55} {state}")
