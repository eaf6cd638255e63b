"""The runner at its defaults, starting the reference server itself. (Against a server on its own port,
given only its URL and keys, it runs from the installed wheels: tests/test_distributions.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from webdata_conformance.target import target_from_env

pytestmark = pytest.mark.skipif(target_from_env() is not None, reason="starts its own reference server")


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
