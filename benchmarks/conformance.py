"""Benchmark of the conformance suite's Schemathesis part against plain Schemathesis, in one run,
on the same bundle, reference server and seeds: test cases generated, seconds and cases per second.

Rows, per seed:
- `schemathesis run` alone (the peer): the bundle, the same key, `--max-examples 25`, every phase,
  Schemathesis' defaults otherwise (one worker, its own checks only);
- the suite's Schemathesis part with `--workers 1` (one process: the peer plus the suite's checks
  and hooks);
- the same with `--workers 2` (the default: two processes sharing the phases).
Then the whole suite once (scenarios included) at its defaults, for its wall time.

Each row gets a fresh reference server (`webdata-server`, 127.0.0.1, a free port), stopped after.
Run with `make bench` (or `.venv/bin/python benchmarks/conformance.py [--seeds 101,102]`). Prints
the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from webdata_conformance.contract import bundle_file
from webdata_conformance.suite.test_fuzz import generated_cases
from webdata_conformance.target import embedded_server

BIN = Path(sys.executable).parent
SUMMARY = re.compile(r"^conformance: .* in ([\d.]+) s \(seed \d+\); fuzzing (\d+) cases in ([\d.]+) s", re.MULTILINE)


def peer(seed: int) -> tuple[int, float]:
    """Plain `schemathesis run`: cases generated and the wall time of its process."""
    with embedded_server() as target, bundle_file() as bundle, tempfile.TemporaryDirectory() as folder:
        argv = [str(BIN / "schemathesis"), "run", str(bundle), "--url", target.base_url, "--header", f"Authorization: Bearer {target.api_key}"]
        argv += ["--phases", "examples,coverage,fuzzing,stateful", "--max-examples", "25", "--seed", str(seed), "--no-color"]
        started = time.monotonic()
        done = subprocess.run(argv, cwd=folder, capture_output=True, text=True, check=False)
        seconds = time.monotonic() - started
    generated = generated_cases(done.stdout)
    if generated is None:
        raise SystemExit(f"schemathesis printed no summary:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return generated, seconds


def suite(seed: int, *extra: str) -> tuple[int, float, float]:
    """The suite (a fresh reference server of its own): cases, Schemathesis seconds, whole run seconds."""
    with tempfile.TemporaryDirectory() as folder:
        argv = [str(BIN / "webdata-conformance"), "--seed", str(seed), "--report-dir", folder, *extra]
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
    found = SUMMARY.search(done.stdout)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"the suite failed (seed {seed}):\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    return int(found[2]), float(found[3]), float(found[1])


def row(label: str, cases: int, seconds: float) -> None:
    print(f"  {label:52} {cases:6} cases {seconds:7.1f} s {cases / seconds:7.0f} cases/s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="101,102,103", help="comma-separated seeds (default 101,102,103)")
    seeds = [int(seed) for seed in parser.parse_args().seeds.split(",")]
    print("Schemathesis phases against the reference server (examples, coverage, fuzzing, stateful; --max-examples 25)")
    for seed in seeds:
        print(f"seed {seed}")
        row("schemathesis run (peer, one worker)", *peer(seed))
        for workers in ("1", "2"):
            cases, seconds, _ = suite(seed, "--scenarios", "schemathesis_run", "--workers", workers)
            row(f"webdata-conformance, Schemathesis part, --workers {workers}", cases, seconds)
    cases, seconds, total = suite(seeds[0])
    print(f"whole suite at its defaults (seed {seeds[0]}): {total:.1f} s, of which Schemathesis {seconds:.1f} s ({cases} cases, {cases / seconds:.0f}/s)")


if __name__ == "__main__":
    main()
