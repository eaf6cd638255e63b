"""`python -m tests.conformance`: run the conformance suite against a server.

    python -m tests.conformance                                   # the embedded reference server
    python -m tests.conformance --base-url URL --api-key KEY [--second-api-key KEY] [--isolated-usage]

Reports go to --report-dir (default reports/conformance): JUnit XML of the scenarios
(scenarios.xml) and of Schemathesis (schemathesis.xml), Schemathesis' full output with a curl
command per failure (schemathesis.txt), and a summary per check and per operation on stdout.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

from tests.conformance.target import ROOT


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance", description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("BASE_URL"), help="server under test (default: start the reference server)")
    parser.add_argument("--api-key", default=os.environ.get("API_KEY"))
    parser.add_argument("--second-api-key", default=os.environ.get("SECOND_API_KEY"), help="a key of another team, for tenant isolation")
    parser.add_argument("--isolated-usage", action="store_true", help="the key's team is used by nothing else: check credit deltas")
    parser.add_argument("--max-examples", type=int, default=None, help="Schemathesis examples per operation (default 25)")
    parser.add_argument("--seed", help="Schemathesis seed, to reproduce a run")
    parser.add_argument("--checks", help="Schemathesis checks, comma-separated (default all)")
    parser.add_argument("--scenarios", help="pytest -k expression selecting scenarios (e.g. 's3 or s5')")
    parser.add_argument("--workers", type=int, help="Schemathesis workers (default 1; see test_fuzz.py)")
    parser.add_argument("--rate-limit", help="Schemathesis rate limit, e.g. 10/s")
    parser.add_argument("--phases", help="Schemathesis phases (default examples,coverage,fuzzing,stateful)")
    parser.add_argument("--report-dir", type=Path, default=ROOT / "reports" / "conformance")
    args = parser.parse_args(argv)

    if args.base_url:
        if not args.api_key:
            parser.error("--base-url needs --api-key (or API_KEY)")
        os.environ.update(BASE_URL=args.base_url.rstrip("/"), API_KEY=args.api_key, ISOLATED_USAGE="1" if args.isolated_usage else "0")
        if args.second_api_key:
            os.environ["SECOND_API_KEY"] = args.second_api_key
    options = {
        "CONFORMANCE_MAX_EXAMPLES": args.max_examples,
        "CONFORMANCE_SEED": args.seed,
        "CONFORMANCE_CHECKS": args.checks,
        "CONFORMANCE_WORKERS": args.workers,
        "CONFORMANCE_RATE_LIMIT": args.rate_limit,
        "CONFORMANCE_PHASES": args.phases,
        "CONFORMANCE_REPORT_DIR": args.report_dir,
    }
    os.environ.update({name: str(value) for name, value in options.items() if value is not None})
    args.report_dir.mkdir(parents=True, exist_ok=True)
    pytest_args = [
        str(ROOT / "tests" / "conformance" / "test_scenarios.py"),
        str(ROOT / "tests" / "conformance" / "test_fuzz.py"),
        "-p",
        "tests.conformance.summary",
        "-q",
        "-rs",
        f"--junitxml={args.report_dir / 'scenarios.xml'}",
        f"--rootdir={ROOT}",
    ]
    if args.scenarios:
        pytest_args += ["-k", args.scenarios + " or schemathesis_run"]
    return int(pytest.main(pytest_args))


if __name__ == "__main__":
    sys.exit(main())
