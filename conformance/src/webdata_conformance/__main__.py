"""``webdata-conformance`` (or ``python -m webdata_conformance``): run the conformance suite against a server.

    webdata-conformance                                      # the reference server, if installed beside the suite
    webdata-conformance --base-url URL --api-key KEY [--second-api-key KEY] [--isolated-usage] [--config FILE]
    webdata-conformance --requirements                       # the requirements document (markdown)

The suite is a pytest plugin (``webdata_conformance.plugin``); this command runs it with the options
below turned into the plugin's ``--webdata-*`` options. Reports go to --report-dir (default
reports/conformance under the working directory): report.html (per class and requirement, each
failure with its request, response and a curl reproducer), requirements.json, JUnit XML of the
scenarios (scenarios.xml) and of Schemathesis (schemathesis.xml), Schemathesis' output
(schemathesis.txt). The exit code is pytest's: 0 when every requirement held or is a listed deviation.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from webdata_conformance.requirements import document

SUITE = Path(__file__).resolve().parent / "suite"


def _version() -> str:
    try:
        return f"webdata-conformance {version('webdata-conformance')}"
    except PackageNotFoundError:
        return "webdata-conformance (not installed)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="webdata-conformance", description=__doc__.splitlines()[0].split(": ", 1)[-1])
    parser.add_argument("--version", action="version", version=_version())
    parser.add_argument("--requirements", action="store_true", help="print the requirements document and exit")
    parser.add_argument("--base-url", default=os.environ.get("BASE_URL"), help="server under test (default: start the reference server)")
    parser.add_argument("--api-key", default=os.environ.get("API_KEY"), help="a key of a team the suite may use (needed with --base-url)")
    parser.add_argument("--second-api-key", default=os.environ.get("SECOND_API_KEY"), help="a key of another team (class tenancy)")
    parser.add_argument("--isolated-usage", action="store_true", help="the key's team is used by nothing else (class billing)")
    parser.add_argument("--config", type=Path, help="configuration file: [pages] and [deviations] (see README)")
    parser.add_argument("--deviation", action="append", default=[], metavar="ID", help="a requirement the server knowingly deviates from")
    parser.add_argument("--max-examples", type=int, default=None, help="Schemathesis examples per operation (default 25)")
    parser.add_argument("--seed", type=int, help="seed of the run (printed in every report), to reproduce it")
    parser.add_argument("--checks", help="Schemathesis checks, comma-separated (default: all that apply)")
    parser.add_argument(
        "--scenarios", help="pytest -k expression selecting scenarios (e.g. 'lockdown or cancel'; 'schemathesis_run' for the Schemathesis phases alone)"
    )
    parser.add_argument(
        "--operation",
        dest="operations",
        action="append",
        default=[],
        metavar="OPERATION_ID",
        help="Schemathesis tests only these operations (repeatable or comma-separated operationIds, e.g. 'startAgent,getAgentStatus'); the scenarios are unaffected",
    )
    parser.add_argument(
        "--class",
        dest="classes",
        action="append",
        default=[],
        metavar="CLASS",
        help="run only the requirements of this class (repeatable or comma-separated, e.g. 'monitor' or 'core,jobs'); the others are reported as not run",
    )
    parser.add_argument(
        "--workers",
        type=int,
        choices=(1, 2),
        help="Schemathesis processes: 2 (default) runs examples and coverage beside fuzzing and stateful; 1 runs every phase in one",
    )
    parser.add_argument("--rate-limit", help="Schemathesis rate limit for the whole run (shared by its processes), e.g. 10/s")
    parser.add_argument("--phases", help="Schemathesis phases (default examples,coverage,fuzzing,stateful)")
    parser.add_argument("--report-dir", type=Path, default=Path("reports") / "conformance", help="where the reports go (default reports/conformance)")
    parser.add_argument("--fail-fast", action="store_true", help="stop at the first failing scenario")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail when a status below 500 the contract documents for an operation was never observed (the [fixtures] of the configuration file provoke 402, 403, 404, 408, 413 and 429)",
    )
    args = parser.parse_args(argv)
    if args.requirements:
        print(document())
        return 0
    if args.base_url and not args.api_key:
        parser.error("--base-url needs --api-key (or API_KEY)")
    if args.config is not None and not args.config.is_file():
        parser.error(f"--config {args.config}: no such file")

    report_dir = args.report_dir.resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    pytest_args = [
        str(SUITE / "test_scenarios.py"),
        str(SUITE / "test_limits.py"),
        str(SUITE / "test_bounds.py"),
        str(SUITE / "test_fuzz.py"),
        # The suite's own settings, not those of whatever project the command is run from; and
        # no cache folder inside the installed package.
        "-c",
        str(SUITE / "pytest.ini"),
        f"--rootdir={SUITE}",
        "-p",
        "no:cacheprovider",
        "-q",
        "-rs",
        f"--junitxml={report_dir / 'scenarios.xml'}",
        f"--webdata-report-dir={report_dir}",
    ]
    # Only the suite's plugin: the other pytest plugins of the environment (Hypothesis',
    # Schemathesis', xdist...) have nothing to do in this run and cost three seconds to load.
    pytest_args += ["-p", "webdata_conformance.plugin"]
    options = {
        "--webdata-base-url": args.base_url.rstrip("/") if args.base_url else None,
        "--webdata-api-key": args.api_key if args.base_url else None,
        "--webdata-second-api-key": args.second_api_key if args.base_url else None,
        "--webdata-config": args.config.resolve() if args.config else None,
        "--webdata-seed": args.seed,
        "--webdata-max-examples": args.max_examples,
        "--webdata-checks": args.checks,
        "--webdata-workers": args.workers,
        "--webdata-rate-limit": args.rate_limit,
        "--webdata-phases": args.phases,
    }
    pytest_args += [f"{name}={value}" for name, value in options.items() if value is not None]
    pytest_args += [f"--webdata-deviation={identifier}" for identifier in args.deviation]
    pytest_args += [f"--webdata-class={name}" for name in args.classes]
    pytest_args += [f"--webdata-operation={name}" for name in args.operations]
    if args.isolated_usage and args.base_url:
        pytest_args.append("--webdata-isolated-usage")
    if args.fail_fast:
        pytest_args.append("--exitfirst")
    if args.strict:
        pytest_args.append("--webdata-strict")
    if args.scenarios:
        pytest_args += ["-k", args.scenarios + " or schemathesis_run"]
    autoload = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    try:
        return int(pytest.main(pytest_args))
    finally:
        if autoload is None:
            del os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"]
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = autoload


if __name__ == "__main__":
    sys.exit(main())
