"""The runner, as a user calls it: against a server on its own port, given only its URL and keys."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from webdata_conformance.target import embedded_server, target_from_env

pytestmark = pytest.mark.skipif(target_from_env() is not None, reason="starts its own reference server")


def test_runner_against_a_separate_server(tmp_path: Path) -> None:
    with embedded_server() as server:
        argv = [str(Path(sys.executable).with_name("webdata-conformance")), "--base-url", server.base_url, "--api-key", server.api_key]
        argv += ["--second-api-key", server.second_api_key or "", "--isolated-usage", "--max-examples", "3", "--phases", "examples,fuzzing", "--seed", "7"]
        argv += ["--report-dir", str(tmp_path)]
        # Run from elsewhere, with no BASE_URL in the environment: the flags alone name the target.
        env = {key: value for key, value in os.environ.items() if key not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
        done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    assert "conformance, per requirement:" in done.stdout
    assert "passed    CORE-01" in done.stdout and "passed    TEN-01" in done.stdout and "passed    PAGES-01" not in done.stdout
    summary = next(line for line in done.stdout.splitlines() if line.startswith("conformance: "))
    assert " 0 failed" in summary and "(seed 7)" in summary
    page = (tmp_path / "report.html").read_text()
    assert "req-CORE-01" in page and "--seed 7" in page
    assert "documented statuses never observed" in done.stdout
    never = json.loads((tmp_path / "coverage.json").read_text())
    assert 408 in never["scrapeUrl"] and 200 not in never["scrapeUrl"]  # no [fixtures] given: no slow page; scrapes succeed
    assert verdicts_of_limits_skipped(tmp_path)
    verdicts = json.loads((tmp_path / "requirements.json").read_text())
    assert verdicts["CORE-02"]["outcome"] == "passed"
    # No configuration file against a server named by URL: the class `pages` is skipped, with the reason.
    assert verdicts["PAGES-01"]["outcome"] == "skipped"
    for report in ("scenarios.xml", "schemathesis.xml"):
        cases = list(ElementTree.parse(tmp_path / report).getroot().iter("testcase"))  # noqa: S314 - written by this run
        assert cases, report
    # Two Schemathesis processes (the default) shared the phases, each with the run's seed; one report.
    output = (tmp_path / "schemathesis.txt").read_text()
    assert output.count("Seed: 7") == 2 and "--phases examples (exit 0)" in output and "--phases fuzzing (exit 0)" in output
    suites = [suite.get("name") for suite in ElementTree.parse(tmp_path / "schemathesis.xml").getroot().iter("testsuite")]  # noqa: S314
    assert suites == ["schemathesis (examples)", "schemathesis (fuzzing)"]


def verdicts_of_limits_skipped(report_dir: Path) -> bool:
    """Against a server named by URL with no configuration file, the fixture requirements are
    skipped with the reason, not failed and not passed."""
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    return all(verdicts[identifier]["outcome"] == "skipped" for identifier in ("LIMIT-01", "LIMIT-02", "LIMIT-03", "LIMIT-04", "LIMIT-05", "THREAT-02"))


def test_strict_passes_against_the_reference_server(tmp_path: Path) -> None:
    """The suite at its defaults (it starts the reference server, with reference.toml and its
    fixture teams) observes every documented status below 500, so --strict passes; the report
    says which test provoked the refusals a client cannot reach alone."""
    argv = [str(Path(sys.executable).with_name("webdata-conformance")), "--strict", "--seed", os.environ.get("CONFORMANCE_SEED", "20261122")]
    env = {key: value for key, value in os.environ.items() if key not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    done = subprocess.run([*argv, "--report-dir", str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=900)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    assert json.loads((tmp_path / "coverage.json").read_text()) == {}
    provoked = json.loads((tmp_path / "provoked.json").read_text())
    assert provoked["scrapeUrl"]["408"] == "test_a_page_slower_than_the_timeout_answers_408"
    assert provoked["startExtract"]["402"] == "test_a_team_without_credits_is_refused"
    assert provoked["getAgentStatus"]["429"] == "test_a_team_over_its_rate_limit_is_refused"
    verdicts = json.loads((tmp_path / "requirements.json").read_text())
    assert all(verdicts[i]["outcome"] == "passed" for i in ("LIMIT-01", "LIMIT-02", "LIMIT-03", "LIMIT-04", "LIMIT-05", "THREAT-02", "JOBS-04"))
