"""Benchmark of the build: a full regeneration and a no-op `make`, each the median of several runs.

Run with `make bench`. Targets (issue 3): no-op under 0.3 s, full regeneration under 5 s on a
2-core machine. Prints the figures; asserts nothing (speed is measured, not tested).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def _time(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    subprocess.run(["make", "--quiet"], cwd=ROOT, check=True, capture_output=True)  # start up to date
    with tempfile.TemporaryDirectory() as temporary:
        full = [_time([sys.executable, "-m", "generator", "all", "--out", str(Path(temporary) / f"g{i}")]) for i in range(RUNS)]
    noop = [_time(["make", "--quiet"]) for _ in range(RUNS)]
    print(f"full regeneration (python -m generator all, {RUNS} runs): median {statistics.median(full):.2f} s (min {min(full):.2f}, max {max(full):.2f})")
    print(f"no-op make ({RUNS} runs): median {statistics.median(noop) * 1000:.0f} ms (min {min(noop) * 1000:.0f}, max {max(noop) * 1000:.0f})")


if __name__ == "__main__":
    main()
