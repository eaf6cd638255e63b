"""The suite proves itself: run against deliberately broken variants of the reference server,
it must fail on every one. Prints how many were caught out of how many."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from importlib.resources import files
from pathlib import Path

import pytest
from webdata_conformance.target import Target, embedded_server, target_from_env

from tests.conformance.mutants import CLASS_OF, MUTANTS, Mutant, running_mutant
from tests.conftest import ROOT

CONFORMANCE = str(Path(sys.executable).with_name("webdata-conformance"))

pytestmark = pytest.mark.skipif(target_from_env() is not None, reason="the self-test runs against the embedded reference server only")


def _report_dir(mutant: Mutant, *, fuzzing_only: bool = False) -> Path:
    return ROOT / "reports" / "conformance" / ("fuzzing-only" if fuzzing_only else "mutants") / mutant.name


def _suite_fails(
    mutant: Mutant, upstream: Target, *, fuzzing_only: bool = False, operations: tuple[str, ...] = (), phases: str = "examples,fuzzing,stateful"
) -> tuple[bool, str]:
    """Whether the suite failed against ``mutant``, and the requirements it reported as failed
    (with the run's seconds). ``fuzzing_only``: the Schemathesis run alone, in ``phases``."""
    began = time.monotonic()
    report_dir = _report_dir(mutant, fuzzing_only=fuzzing_only)
    shutil.rmtree(report_dir, ignore_errors=True)  # nothing of an earlier run is read as this one's
    with running_mutant(mutant, upstream=upstream.base_url, api_key=upstream.api_key, second_api_key=upstream.second_api_key) as proxy:
        argv = [CONFORMANCE, "--base-url", proxy, "--api-key", upstream.api_key, "--second-api-key", upstream.second_api_key or ""]
        if fuzzing_only:
            # The checks judge every answer whatever its phase; the coverage phase (most of a run's
            # time) adds nothing they need.
            argv += ["--scenarios", "schemathesis_run", "--phases", phases]
        else:
            # A mutant meets the tests of the requirement class that must catch it (--class), which
            # is what the per-class tally claims, without every other class's scenarios first.
            argv += ["--fail-fast", "--class", CLASS_OF[mutant.name]]
        argv += [arg for operation in operations for arg in ("--operation", operation)]
        argv += [
            "--isolated-usage",
            "--max-examples",
            "5",
            "--seed",
            os.environ.get("CONFORMANCE_SEED", "20261122"),
            # The reference server's own configuration: its fixture pages (class pages), no deviations.
            "--config",
            str(files("webdata_conformance").joinpath("reference.toml")),
            "--report-dir",
            str(report_dir),
        ]
        env = {key: value for key, value in os.environ.items() if key not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
        env |= upstream.fixture_env  # the keys of its fixture teams, which reference.toml reads ([fixtures])
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=600)
    verdicts = report_dir / "requirements.json"
    failed = sorted(k for k, v in json.loads(verdicts.read_text()).items() if v["outcome"] == "failed") if verdicts.exists() else []
    took = f" in {time.monotonic() - began:.0f} s"
    return done.returncode != 0, ("failed " + ", ".join(failed) if failed else done.stdout[-300:]) + took


def _run_in_turn(mutants: list[Mutant]) -> list[tuple[Mutant, bool, str]]:
    """The suite against each of ``mutants`` in turn, in front of a reference server of their own:
    two runs at once on one team would each read the other's charges as their own. A run that
    reached the Schemathesis phases leaves its fuzzed jobs running (and charging), so the next
    mutant gets a fresh server."""
    results = []
    with ExitStack() as stack:
        upstream = stack.enter_context(embedded_server())
        for mutant in mutants:
            results.append((mutant, *_suite_fails(mutant, upstream)))
            if (_report_dir(mutant) / "schemathesis.txt").exists():
                stack.close()
                upstream = stack.enter_context(embedded_server())
    return results


def test_every_mutant_is_caught(capsys: pytest.CaptureFixture[str]) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        halves = list(pool.map(_run_in_turn, [MUTANTS[0::2], MUTANTS[1::2]]))
    order = {m.name: n for n, m in enumerate(MUTANTS)}
    results = sorted(halves[0] + halves[1], key=lambda r: order[r[0].name])
    caught = [m.name for m, failed, _ in results if failed]
    with capsys.disabled():
        print(f"\nmutation self-test: caught {len(caught)} of {len(MUTANTS)} mutants")
        for mutant, failed, evidence in results:
            print(f"  {'caught ' if failed else 'MISSED '} {mutant.name:24} {mutant.fault} — {evidence}")
        print("  detected per requirement class:")
        for cls in sorted(set(CLASS_OF.values())):
            mine = [m.name for m in MUTANTS if CLASS_OF[m.name] == cls]
            print(f"    {cls:9} {sum(name in caught for name in mine)}/{len(mine)}")
    assert set(CLASS_OF) == {m.name for m in MUTANTS}, "every mutant names the requirement class it breaks"
    assert len(caught) >= 0.95 * len(MUTANTS), f"missed: {sorted(set(m.name for m in MUTANTS) - set(caught))}"


# Mutants that a check of the Schemathesis run must catch on its own (the scenarios test the same
# requirements, and with --fail-fast they stop the run before Schemathesis starts): the built-in
# ignored_auth, and the suite's checks registered through its schemathesis.toml, whose follow-up
# requests go through Schemathesis' transport. Each with the requirement its check reports and the
# operations Schemathesis tests (--operation): those the mutant alters, with the start operations
# whose jobs the check follows.
CAUGHT_BY_CHECKS = {
    "auth-ignored": ("CORE-02", ("getCreditUsage", "getConcurrency")),  # ignored_auth
    "extract-refusal-text": ("CORE-03", ("startExtract",)),  # seed_error_texts, on every refusal of negative data
    "other-team-visible": ("TEN-01", ("startAgent", "getAgentStatus")),  # TenantIsolation
    "second-cancel-accepted": ("JOBS-02", ("startAgent", "cancelAgent", "getAgentStatus")),  # cancel_transitions
    "missing-invalid-urls": ("CORE-05", ("startExtract",)),  # extract_invalid_urls
}


def test_checks_of_the_schemathesis_run_catch_their_mutants() -> None:
    chosen = [m for m in MUTANTS if m.name in CAUGHT_BY_CHECKS]
    assert len(chosen) == len(CAUGHT_BY_CHECKS)
    # Jobs that run 30 s: a cancel of the stateful phase always finds its job running. (No check of
    # the Schemathesis run reads charges, so two runs may share one server.)
    with embedded_server(job_seconds=30.0) as upstream, ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda m: (m, *_suite_fails(m, upstream, fuzzing_only=True, operations=CAUGHT_BY_CHECKS[m.name][1])), chosen))
    for mutant, failed, evidence in results:
        assert failed, f"{mutant.name}: the Schemathesis run passed ({evidence})"
        assert CAUGHT_BY_CHECKS[mutant.name][0] in evidence.replace(",", " ").split(), f"{mutant.name}: {evidence}"
