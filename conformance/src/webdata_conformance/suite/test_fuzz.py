"""Schemathesis over the whole contract: the examples, coverage, fuzzing and stateful phases
(start -> status -> cancel through the spec's links), every built-in check that applies, negative
data included, plus the suite's own checks (webdata_conformance/checks.py) on every response.

Its options are the plugin's (``--webdata-seed``, ``--webdata-max-examples``...). Schemathesis runs
as its own process with the suite's ``schemathesis.toml``, which registers the suite's hooks; the
second team's key reaches the checks there through that process's environment.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from webdata_conformance.client import operations_by_id
from webdata_conformance.contract import bundle_file
from webdata_conformance.plugin import record_statuses
from webdata_conformance.target import Target

CONFIG = Path(__file__).parent.parent / "schemathesis.toml"


class SchemathesisFailed(AssertionError):
    """Schemathesis found failures; ``details`` is its output (each failure with a curl command)."""

    def __init__(self, message: str, *, details: str) -> None:
        super().__init__(message)
        self.details = details


def schemathesis_argv(target: Target, report: Path, bundle: Path, config: pytest.Config, seed: int) -> list[str]:
    """The `schemathesis run` command line for ``target``."""
    schemathesis = str(Path(sys.executable).with_name("schemathesis"))
    argv = [schemathesis, "--config-file", str(CONFIG), "run", str(bundle), "--url", target.base_url]
    argv += ["--header", f"Authorization: Bearer {target.api_key}"]
    argv += ["--phases", config.getoption("webdata_phases")]
    if config.getoption("webdata_checks"):
        # Named checks replace the configuration's choice (use_after_free does not apply, §3).
        argv += ["--checks", config.getoption("webdata_checks")]
    argv += ["--max-examples", str(config.getoption("webdata_max_examples"))]
    # One worker by default: CPython 3.11 can fail parsing source in two threads at once
    # ("AST constructor recursion depth mismatch"), which Hypothesis does to describe strategies.
    argv += ["--workers", str(config.getoption("webdata_workers")), "--no-color", "--continue-on-failure"]
    argv += ["--report", "junit", "--report-junit-path", str(report), "--seed", str(seed)]
    if config.getoption("webdata_rate_limit"):
        argv += ["--rate-limit", config.getoption("webdata_rate_limit")]
    return argv


def operation_results(report: Path) -> dict[str, str]:
    """Operation label -> passed / failed / skipped, from Schemathesis' JUnit report."""
    results: dict[str, str] = {}
    if not report.exists():
        return results
    for case in ElementTree.parse(report).getroot().iter("testcase"):  # noqa: S314 - our own report file
        name = case.get("name", "?")
        if case.find("failure") is not None or case.find("error") is not None:
            results[name] = "failed"
        elif case.find("skipped") is not None:
            results[name] = "skipped"
        else:
            results.setdefault(name, "passed")
    return results


def observed_statuses(log: Path) -> set[tuple[str, int]]:
    """(operationId, status) from the hooks' log of every answer Schemathesis received."""
    by_route = {f"{op['method']} {op['path']}": op_id for op_id, op in operations_by_id().items()}
    found: set[tuple[str, int]] = set()
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            route, _, status = line.rpartition(" ")
            if route in by_route and status.isdigit():
                found.add((by_route[route], int(status)))
    return found


def fuzzing_counts(output: str) -> tuple[int, float] | None:
    """(test cases generated, seconds) from Schemathesis' summary."""
    generated = re.search(r"^\s*(\d+) generated", output, flags=re.MULTILINE)
    seconds = re.findall(r" in ([\d.]+)s =+\s*$", output, flags=re.MULTILINE)
    return (int(generated[1]), float(seconds[-1])) if generated and seconds else None


@pytest.mark.requirement("CORE-01")
def test_schemathesis_run(target: Target, request: pytest.FixtureRequest, webdata_seed: int) -> None:
    report_dir = Path(request.config.getoption("webdata_report_dir")).resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    report = report_dir / "schemathesis.xml"
    statuses = report_dir / "statuses.log"
    statuses.unlink(missing_ok=True)
    env = {**os.environ, **target.env(), "WEBDATA_CONFORMANCE_STATUSES": str(statuses)}
    # Schemathesis keeps a cache folder in its working directory: the report folder, not the user's.
    with bundle_file() as bundle:
        argv = schemathesis_argv(target, report, bundle, request.config, webdata_seed)
        done = subprocess.run(argv, cwd=report_dir, env=env, capture_output=True, text=True, check=False, timeout=1200)
    output = done.stdout + done.stderr
    (report_dir / "schemathesis.txt").write_text(output, encoding="utf-8")
    record_statuses(request.config, observed_statuses(statuses), fuzzing_counts(output))
    if done.returncode != 0:
        failed = sorted({name for name, state in operation_results(report).items() if state == "failed"})
        raise SchemathesisFailed(
            f"Schemathesis failed on {', '.join(failed) or 'the run'} (seed {webdata_seed}); each failure with a curl command in schemathesis.txt",
            details=output[-20000:],
        )
