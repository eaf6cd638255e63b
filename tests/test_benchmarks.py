"""`make bench` runs to its end (issue 59 item 1: it failed at its last line, unread since): the
testing benchmark, in its quick mode, prints every row and returns 0. The server and conformance
benchmarks need wrk and Prism beside them and are run by `make bench` only."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def test_the_testing_benchmark_runs_to_its_end() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "WEBDATA_"))}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "testing.py"), "--quick"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = [line for line in done.stdout.splitlines() if "median" in line]
    assert len(rows) == 7, done.stdout
    assert "firecrawl-py crawl() of 100 pages on the auto clock" in done.stdout
