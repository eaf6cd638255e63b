"""Schemathesis over the whole contract: the examples, coverage, fuzzing and stateful phases
(start → status → cancel through the spec's links), every built-in check that applies, negative
data included, plus the suite's own checks (webdata_conformance/checks.py) on every response.

Options come from the environment (set by `webdata-conformance` or `make conformance`):
CONFORMANCE_MAX_EXAMPLES, CONFORMANCE_SEED, CONFORMANCE_WORKERS, CONFORMANCE_RATE_LIMIT,
CONFORMANCE_CHECKS, CONFORMANCE_PHASES, CONFORMANCE_REPORT_DIR.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from webdata_conformance.contract import bundle_file
from webdata_conformance.target import Target

CONFIG = Path(__file__).parent.parent / "schemathesis.toml"
DEFAULT_REPORT_DIR = "reports/conformance"
DEFAULT_MAX_EXAMPLES = 25
# Seed §3: DELETE cancels a job, which stays readable as `cancelled`; "use after free" does not apply.
EXCLUDED_CHECKS = ["use_after_free"]


def schemathesis_argv(target: Target, report: Path, bundle: Path) -> list[str]:
    """The `schemathesis run` command line for ``target``."""
    schemathesis = str(Path(sys.executable).with_name("schemathesis"))
    argv = [schemathesis, "--config-file", str(CONFIG), "run", str(bundle), "--url", target.base_url]
    argv += ["--header", f"Authorization: Bearer {target.api_key}"]
    argv += ["--phases", os.environ.get("CONFORMANCE_PHASES", "examples,coverage,fuzzing,stateful")]
    argv += ["--checks", os.environ.get("CONFORMANCE_CHECKS", "all"), "--exclude-checks", ",".join(EXCLUDED_CHECKS)]
    argv += ["--max-examples", os.environ.get("CONFORMANCE_MAX_EXAMPLES", str(DEFAULT_MAX_EXAMPLES))]
    # One worker by default: CPython 3.11 can fail parsing source in two threads at once
    # ("AST constructor recursion depth mismatch"), which Hypothesis does to describe strategies.
    argv += ["--workers", os.environ.get("CONFORMANCE_WORKERS", "1"), "--no-color", "--continue-on-failure"]
    argv += ["--report", "junit", "--report-junit-path", str(report)]
    if os.environ.get("CONFORMANCE_SEED"):
        argv += ["--seed", os.environ["CONFORMANCE_SEED"]]
    if os.environ.get("CONFORMANCE_RATE_LIMIT"):
        argv += ["--rate-limit", os.environ["CONFORMANCE_RATE_LIMIT"]]
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


def test_schemathesis_run(target: Target) -> None:
    report_dir = Path(os.environ.get("CONFORMANCE_REPORT_DIR", DEFAULT_REPORT_DIR)).resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    report = report_dir / "schemathesis.xml"
    env = {**os.environ, **target.env(), "SCHEMATHESIS_HOOKS": "webdata_conformance.hooks"}
    # Schemathesis keeps a cache folder in its working directory: the report folder, not the user's.
    with bundle_file() as bundle:
        argv = schemathesis_argv(target, report, bundle)
        done = subprocess.run(argv, cwd=report_dir, env=env, capture_output=True, text=True, check=False, timeout=1200)
    output = done.stdout + done.stderr
    (report_dir / "schemathesis.txt").write_text(output, encoding="utf-8")
    assert done.returncode == 0, output[-20000:]
