"""``webdata-conformance`` (or ``python -m webdata_conformance``): run the conformance suite against a server.

    webdata-conformance                                      # the reference server, if installed beside the suite
    webdata-conformance --base-url URL --api-key KEY [--second-api-key KEY] [--isolated-usage]

Reports go to --report-dir (default reports/conformance under the working directory): JUnit XML of
the scenarios (scenarios.xml) and of Schemathesis (schemathesis.xml), Schemathesis' full output
with a curl command per failure (schemathesis.txt), and a summary per check and per operation on
stdout. The exit code is pytest's: 0 when every requirement held.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

SUITE = Path(__file__).resolve().parent / "suite"


def _version() -> str:
    try:
        return f"webdata-conformance {version('webdata-conformance')}"
    except PackageNotFoundError:
        return "webdata-conformance (not installed)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="webdata-conformance", description=__doc__.splitlines()[0].split(": ", 1)[-1])
    parser.add_argument("--version", action="version", version=_version())
    parser.add_argument("--base-url", default=os.environ.get("BASE_URL"), help="server under test (default: start the reference server)")
    parser.add_argument("--api-key", default=os.environ.get("API_KEY"))
    parser.add_argument("--second-api-key", default=os.environ.get("SECOND_API_KEY"), help="a key of another team, for tenant isolation")
    parser.add_argument("--isolated-usage", action="store_true", help="the key's team is used by nothing else: check credit deltas")
    parser.add_argument("--max-examples", type=int, default=None, help="Schemathesis examples per operation (default 25)")
    parser.add_argument("--seed", help="Schemathesis seed, to reproduce a run")
    parser.add_argument("--checks", help="Schemathesis checks, comma-separated (default all)")
    parser.add_argument("--scenarios", help="pytest -k expression selecting scenarios (e.g. 's3 or s5')")
    parser.add_argument("--workers", type=int, help="Schemathesis workers (default 1; see suite/test_fuzz.py)")
    parser.add_argument("--rate-limit", help="Schemathesis rate limit, e.g. 10/s")
    parser.add_argument("--phases", help="Schemathesis phases (default examples,coverage,fuzzing,stateful)")
    parser.add_argument("--report-dir", type=Path, default=Path("reports") / "conformance")
    parser.add_argument("--fail-fast", action="store_true", help="stop at the first failing scenario")
    args = parser.parse_args(argv)

    if args.base_url:
        if not args.api_key:
            parser.error("--base-url needs --api-key (or API_KEY)")
        os.environ.update(BASE_URL=args.base_url.rstrip("/"), API_KEY=args.api_key, ISOLATED_USAGE="1" if args.isolated_usage else "0")
        if args.second_api_key:
            os.environ["SECOND_API_KEY"] = args.second_api_key
    report_dir = args.report_dir.resolve()
    options = {
        "CONFORMANCE_MAX_EXAMPLES": args.max_examples,
        "CONFORMANCE_SEED": args.seed,
        "CONFORMANCE_CHECKS": args.checks,
        "CONFORMANCE_WORKERS": args.workers,
        "CONFORMANCE_RATE_LIMIT": args.rate_limit,
        "CONFORMANCE_PHASES": args.phases,
        "CONFORMANCE_REPORT_DIR": report_dir,
    }
    os.environ.update({name: str(value) for name, value in options.items() if value is not None})
    report_dir.mkdir(parents=True, exist_ok=True)
    pytest_args = [
        str(SUITE / "test_scenarios.py"),
        str(SUITE / "test_fuzz.py"),
        # The suite's own settings, not those of whatever project the command is run from; and
        # no cache folder inside the installed package.
        "-c",
        str(SUITE / "pytest.ini"),
        f"--rootdir={SUITE}",
        "-p",
        "no:cacheprovider",
        "-p",
        "webdata_conformance.summary",
        "-q",
        "-rs",
        f"--junitxml={report_dir / 'scenarios.xml'}",
    ]
    if args.fail_fast:
        pytest_args.append("--exitfirst")
    if args.scenarios:
        pytest_args += ["-k", args.scenarios + " or schemathesis_run"]
    return int(pytest.main(pytest_args))


if __name__ == "__main__":
    sys.exit(main())
