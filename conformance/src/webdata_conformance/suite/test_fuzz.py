"""Schemathesis over the whole contract: the examples, coverage, fuzzing and stateful phases
(start -> status -> cancel through the spec's links), every built-in check that applies, negative
data included, plus the suite's own checks (webdata_conformance/checks.py) on every response.

Its options are the plugin's (``--webdata-seed``, ``--webdata-max-examples``...). Schemathesis runs
as its own processes (two by default, sharing the phases; ``--webdata-workers 1`` runs one) with the
suite's ``schemathesis.toml``, which registers the suite's hooks; the second team's key reaches the
checks there through the processes' environment.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import pytest

from webdata_conformance.client import operations_by_id
from webdata_conformance.contract import bundle_file
from webdata_conformance.plugin import chosen_operations, record_answer_kinds, record_examined, record_statuses
from webdata_conformance.target import Target

CONFIG = Path(__file__).parent.parent / "schemathesis.toml"


class SchemathesisFailed(AssertionError):
    """Schemathesis found failures; ``details`` is its output (each failure with a curl command)."""

    def __init__(self, message: str, *, details: str, operations: list[str] | None = None) -> None:
        super().__init__(message)
        self.details = details
        self.operations = operations or []  # operationIds of the operations it failed on


# Schemathesis' phases, shared between its processes: the coverage phase's many cheap cases in one,
# the fuzzing and stateful phases' fewer, costlier ones in the other. Each process is one Schemathesis
# worker; its own threads would share one core under the GIL, and CPython 3.11 can fail parsing
# source in two threads at once ("AST constructor recursion depth mismatch"), which Hypothesis does
# to describe strategies.
PHASE_GROUPS = (("examples", "coverage"), ("fuzzing", "stateful"))


def phase_shares(phases: str, processes: int) -> list[str]:
    """The ``--phases`` of each Schemathesis process: one process runs them all; two share them."""
    chosen = [phase.strip() for phase in phases.split(",") if phase.strip()]
    if processes <= 1:
        return [",".join(chosen)]
    shares = [[phase for phase in chosen if phase in group] for group in PHASE_GROUPS]
    # A phase Schemathesis may add later (or a misspelt one, which it refuses) goes with the first.
    shares[0] += [phase for phase in chosen if not any(phase in group for group in PHASE_GROUPS)]
    return [",".join(share) for share in shares if share] or [""]


def rate_limit_share(rate_limit: str, processes: int) -> str:
    """Each process's part of a rate limit such as ``10/s``, so that together they keep to it."""
    count, slash, unit = rate_limit.partition("/")
    if processes <= 1 or not slash or not count.strip().isdigit():
        return rate_limit  # Schemathesis reads (or refuses) it as given
    return f"{max(1, int(count) // processes)}/{unit}"


def schemathesis_argv(
    target: Target, report: Path, bundle: Path, config: pytest.Config, seed: int, *, phases: str | None = None, processes: int = 1
) -> list[str]:
    """The `schemathesis run` command line for ``target``: every phase asked for, or ``phases``."""
    schemathesis = str(Path(sys.executable).with_name("schemathesis"))
    argv = [schemathesis, "--config-file", str(CONFIG), "run", str(bundle), "--url", target.base_url]
    argv += ["--header", f"Authorization: Bearer {target.api_key}"]
    argv += ["--phases", phases if phases is not None else config.getoption("webdata_phases")]
    if config.getoption("webdata_checks"):
        # Named checks replace the configuration's choice (use_after_free does not apply, §3).
        argv += ["--checks", config.getoption("webdata_checks")]
    argv += ["--max-examples", str(config.getoption("webdata_max_examples"))]
    for operation_id in chosen_operations(config):
        argv += ["--include-operation-id", operation_id]
    argv += ["--workers", "1", "--no-color", "--continue-on-failure"]
    argv += ["--report", "junit", "--report-junit-path", str(report), "--seed", str(seed)]
    if config.getoption("webdata_rate_limit"):
        argv += ["--rate-limit", rate_limit_share(config.getoption("webdata_rate_limit"), processes)]
    return argv


def operation_results(report: Path) -> dict[str, str]:
    """Operation label -> passed / failed / skipped, from Schemathesis' JUnit report (an operation
    tested by several processes failed if it failed in one, and passed if it passed in one)."""
    rank = {"skipped": 0, "passed": 1, "failed": 2}
    results: dict[str, str] = {}
    if not report.exists():
        return results
    for case in ElementTree.parse(report).getroot().iter("testcase"):  # noqa: S314 - our own report file
        name = case.get("name", "?")
        if case.find("failure") is not None or case.find("error") is not None:
            state = "failed"
        elif case.find("skipped") is not None:
            state = "skipped"
        else:
            state = "passed"
        if name not in results or rank[state] > rank[results[name]]:
            results[name] = state
    return results


def merge_junit(parts: list[tuple[str, Path]], into: Path) -> None:
    """One JUnit file of the processes' reports: a test suite per process, named by its phases."""
    root = ElementTree.Element("testsuites")
    totals = dict.fromkeys(("errors", "failures", "skipped", "tests"), 0)
    seconds = 0.0
    for phases, path in parts:
        if not path.exists():
            continue
        for suite in ElementTree.parse(path).getroot().iter("testsuite"):  # noqa: S314 - our own report file
            suite.set("name", f"schemathesis ({phases})")
            for key in totals:
                totals[key] += int(suite.get(key, "0"))
            seconds = max(seconds, float(suite.get("time", "0")))
            root.append(suite)
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{seconds:.6f}")
    ElementTree.indent(root)
    into.write_bytes(ElementTree.tostring(root, encoding="utf-8", xml_declaration=True))


def read_answers(logs: list[Path]) -> list[tuple[str, int, str]]:
    """(operationId, status, kind) of every answer Schemathesis received, from the hooks' logs
    (kind: ``json``, ``text``, or empty in a log written without it); read once for every tally."""
    by_route = {f"{op['method']} {op['path']}": op_id for op_id, op in operations_by_id().items()}
    answers = []
    for log in logs:
        if not log.exists():
            continue
        for line in log.read_text(encoding="utf-8").splitlines():
            parts = line.split(" ")
            if len(parts) >= 3 and f"{parts[0]} {parts[1]}" in by_route and parts[2].isdigit():
                answers.append((by_route[f"{parts[0]} {parts[1]}"], int(parts[2]), parts[3] if len(parts) > 3 else ""))
    return answers


def observed_statuses(answers: list[tuple[str, int, str]]) -> set[tuple[str, int]]:
    """(operationId, status) of every answer Schemathesis received."""
    return {(op_id, status) for op_id, status, _ in answers}


def answer_kinds(answers: list[tuple[str, int, str]]) -> dict[str, dict[str, int]]:
    """operationId -> how many of Schemathesis' answers had a JSON body at a documented status
    (``conforming``) and how many looked like a missing route (non-JSON, or an undocumented
    404/405/501: ``missing``)."""
    operations = operations_by_id()
    kinds: dict[str, dict[str, int]] = {}
    for op_id, status, kind in answers:
        documented = str(status) in operations[op_id]["responses"]
        tally = kinds.setdefault(op_id, {"conforming": 0, "missing": 0})
        if kind == "json" and documented:
            tally["conforming"] += 1
        elif kind == "text" or (not documented and status in (404, 405, 501)):
            tally["missing"] += 1
    return kinds


def examined_counts(logs: list[Path], answers: list[tuple[str, int, str]]) -> dict[str, dict[str, dict[str, int]]]:
    """Check name -> operationId -> {"examined": answers it examined, "failed": those it failed on},
    from the checks' logs; Schemathesis' own ignored_auth examines every answer within the contract
    (of ``answers``)."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for log in logs:
        if log.exists():
            for line in log.read_text(encoding="utf-8").splitlines():
                check, _, rest = line.partition(" ")
                operation, _, what = rest.partition(" ")
                tally = counts.setdefault(check, {}).setdefault(operation, {"examined": 0, "failed": 0})
                tally[what if what in tally else "examined"] += 1
    operations = operations_by_id()
    for operation, status, kind in answers:
        # An answer within the contract (JSON at a documented status); a missing route's page says
        # nothing about authentication.
        if kind != "text" and str(status) in operations[operation]["responses"]:
            counts.setdefault("ignored_auth", {}).setdefault(operation, {"examined": 0, "failed": 0})["examined"] += 1
    return counts


def generated_cases(output: str) -> int | None:
    """The test cases Schemathesis generated, from its summary."""
    generated = re.search(r"^\s*(\d+) generated", output, flags=re.MULTILINE)
    return int(generated[1]) if generated else None


@dataclass
class _Process:
    phases: str
    report: Path
    statuses: Path
    examined: Path
    log: Path
    process: subprocess.Popen[bytes]
    output: str = ""  # what it printed, read once it has ended


@pytest.mark.requirement("CORE-01")
def test_schemathesis_run(target: Target, request: pytest.FixtureRequest, webdata_seed: int) -> None:
    config = request.config
    report_dir = Path(config.getoption("webdata_report_dir")).resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    shares = phase_shares(config.getoption("webdata_phases"), config.getoption("webdata_workers"))
    running: list[_Process] = []
    started = time.monotonic()
    with bundle_file() as bundle:
        for phases in shares:
            # Each process in its own folder: Schemathesis and Hypothesis keep caches in the working
            # directory (the report folder's, not the user's), and two must not write one at once.
            folder = report_dir / "schemathesis" / (phases.replace(",", "-") or "all")
            folder.mkdir(parents=True, exist_ok=True)
            report, statuses, log = folder / "junit.xml", folder / "statuses.log", folder / "output.txt"
            examined = folder / "examined.log"
            for stale in (report, statuses, examined):
                stale.unlink(missing_ok=True)
            env = {**os.environ, **target.env(), "WEBDATA_CONFORMANCE_STATUSES": str(statuses), "WEBDATA_CONFORMANCE_EXAMINED": str(examined)}
            argv = schemathesis_argv(target, report, bundle, config, webdata_seed, phases=phases, processes=len(shares))
            with log.open("wb") as out:
                process = subprocess.Popen(argv, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
            running.append(_Process(phases, report, statuses, examined, log, process))
        try:
            for each in running:
                each.process.wait(timeout=max(1.0, 1200 - (time.monotonic() - started)))
        finally:
            for each in running:
                if each.process.poll() is None:
                    each.process.kill()
                    each.process.wait()
                each.output = each.log.read_text(encoding="utf-8", errors="replace")
    seconds = time.monotonic() - started
    (report_dir / "schemathesis.txt").write_text(
        "".join(f"==== schemathesis --phases {each.phases} (exit {each.process.returncode}) ====\n{each.output}\n" for each in running), encoding="utf-8"
    )
    report = report_dir / "schemathesis.xml"
    merge_junit([(each.phases, each.report) for each in running], report)
    answers = read_answers([each.statuses for each in running])
    observed = observed_statuses(answers)
    counts = [count for each in running if (count := generated_cases(each.output)) is not None]
    record_statuses(config, observed, (sum(counts), seconds) if len(counts) == len(running) else None)
    record_examined(config, examined_counts([each.examined for each in running], answers))
    record_answer_kinds(config, answer_kinds(answers))
    if any(each.process.returncode != 0 for each in running):
        failed = sorted({name for name, state in operation_results(report).items() if state == "failed"})
        details = "\n".join(each.output[-20000 // len(running) :] for each in running if each.process.returncode != 0)
        by_label = {f"{op['method']} {op['path']}": op_id for op_id, op in operations_by_id().items()}
        raise SchemathesisFailed(
            f"Schemathesis failed on {', '.join(failed) or 'the run'} (seed {webdata_seed}); each failure with a curl command in schemathesis.txt",
            details=details,
            operations=[by_label[label] for label in failed if label in by_label],
        )
