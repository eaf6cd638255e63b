"""The pytest plugin of webdata-conformance (entry point ``pytest11``): options, the target fixture,
requirements, known deviations and the reports.

Loaded by every pytest in an environment where the suite is installed; it does nothing unless a
test carries the ``requirement`` marker or asks for ``webdata_target``, so another project's tests
are not touched.

    pytest --pyargs webdata_conformance.suite --webdata-base-url URL --webdata-api-key KEY

is what ``webdata-conformance`` runs.
"""

from __future__ import annotations

import html
import json
import os
import secrets
import time
import tomllib
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field, replace
from importlib.resources import files
from pathlib import Path
from typing import Any

import httpx
import pytest

from webdata_conformance.client import EXPECTATIONS, Answer, ContractViolation, NotImplementedByServer, Unmet, operations_by_id
from webdata_conformance.requirements import CLASSES, FAILURE_CODE_OF_CHECK, REQUIREMENTS, REQUIREMENTS_OF_CHECK
from webdata_conformance.target import Target, embedded_server

__all__ = ["FIXTURES", "Outcome", "Settings", "read_settings"]

REFERENCE_CONFIG = "reference.toml"
_STATE = pytest.StashKey["_Run"]()


@dataclass(frozen=True)
class Settings:
    """What the user's configuration file says about their server (see the README)."""

    pages: dict[str, dict[str, Any]] = field(default_factory=dict)
    deviations: dict[str, str] = field(default_factory=dict)  # requirement id -> why
    source: str = ""
    # What provokes the statuses a client cannot reach alone (FIXTURES); "$NAME" reads variable NAME.
    fixtures: dict[str, Any] = field(default_factory=dict)
    # Variables "$NAME" may read beyond the environment (the embedded server's fixture keys).
    variables: dict[str, str] = field(default_factory=dict)
    # [timing] charge-settle-seconds: how long a team's token usage must hold still before a charge
    # is read (a server that charges after it answers needs a moment; 0: charges land with the answer).
    charge_settle_seconds: float = 1.0

    def fixture(self, name: str) -> Any:
        """The fixture's value, a "$NAME" read from the variables or the environment; None when not
        configured or unset."""
        value = self.fixtures.get(name)
        if isinstance(value, str) and value.startswith("$"):
            return self.variables.get(value[1:]) or os.environ.get(value[1:]) or None
        return value


# The fixtures a configuration file may name ([fixtures]), and what each provokes.
FIXTURES: dict[str, str] = {
    "poor-key": "a key of a team with no credits left (402)",
    "tight-key": "a key of a team with a few credits: enough for a scrape, not for a 600 s browser session (20 credits; 402)",
    "limited-key": "a key of a team limited to one request a minute (429)",
    "no-usage-key": "a key of a team without usage information (404 from token and credit usage)",
    "not-entitled-key": "a key of a team without the Threat Protection entitlement (403)",
    "overrides-disabled-key": "a key of an entitled team whose organization disabled request overrides (403)",
    "enforced-key": "a key of an entitled team whose protection is enforced (mode off: 403)",
    "unreachable-scan-url": "a URL the server's classifier cannot be reached for (failurePolicy decides: THREAT-07)",
    "slow-url": "a page that takes longer to load than slow-timeout (408)",
    "slow-timeout": "the scrape timeout, in ms, the slow page exceeds",
    "body-limit": "the largest request body the server reads, in bytes (one more answers 413)",
    "feedback-window": "the seconds after a request during which it may be rated (the suite waits past them: 409)",
}


def read_settings(path: Path | None, *, reference: bool) -> Settings:
    """The configuration file at ``path``; with none, the reference server's (when it is the target) or nothing."""
    if path is not None:
        text, source = path.read_text(encoding="utf-8"), str(path)
    elif reference:
        text, source = files("webdata_conformance").joinpath(REFERENCE_CONFIG).read_text(encoding="utf-8"), f"webdata_conformance/{REFERENCE_CONFIG}"
    else:
        return Settings()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise pytest.UsageError(f"{source}: not valid TOML: {exc}") from exc
    unknown = sorted(set(data) - {"pages", "deviations", "fixtures", "timing"})
    if unknown:
        raise pytest.UsageError(f"{source}: unknown section(s) {unknown}; expected [pages], [fixtures], [timing] and [deviations]")
    timing = dict(data.get("timing") or {})
    strange_timing = sorted(set(timing) - {"charge-settle-seconds"})
    if strange_timing:
        raise pytest.UsageError(f"{source}: [timing] names unknown setting(s) {strange_timing}; known: charge-settle-seconds")
    settle = timing.get("charge-settle-seconds", 1.0)
    if isinstance(settle, bool) or not isinstance(settle, int | float) or not 0 <= settle <= 60:
        raise pytest.UsageError(f"{source}: [timing] charge-settle-seconds must be a number of seconds from 0 to 60, not {settle!r}")
    fixtures = dict(data.get("fixtures") or {})
    strange = sorted(set(fixtures) - set(FIXTURES))
    if strange:
        raise pytest.UsageError(f"{source}: [fixtures] names unknown fixture(s) {strange}; known: {', '.join(FIXTURES)}")
    deviations = {str(k): str(v) for k, v in (data.get("deviations") or {}).items()}
    bad = sorted(set(deviations) - set(REQUIREMENTS))
    if bad:
        raise pytest.UsageError(f"{source}: [deviations] names unknown requirement(s) {bad}; see webdata-conformance --requirements")
    return Settings(pages=dict(data.get("pages") or {}), deviations=deviations, source=source, fixtures=fixtures, charge_settle_seconds=float(settle))


@dataclass
class Outcome:
    """One test's verdict, as the reports show it."""

    nodeid: str
    requirement: str
    outcome: str  # passed, failed, skipped, deviation, not verified
    duration: float
    message: str = ""
    request: str = ""
    response: str = ""
    reproduce: str = ""
    operation: str = ""  # the operationId of the answer that decided it, when one did
    # The operations whose answers its assertions (or a check's) examined; a requirement over
    # several operations passes only when each was exercised by an outcome that passed.
    exercised: tuple[str, ...] = ()


@dataclass
class _Run:
    started: float = field(default_factory=time.monotonic)
    outcomes: list[Outcome] = field(default_factory=list)
    target: Target | None = None
    settings: Settings = field(default_factory=Settings)
    seed: int = 0
    # (operationId, status) of every answer the suite saw, from the scenarios and Schemathesis.
    statuses: set[tuple[str, int]] = field(default_factory=set)
    # (operationId, status) -> the test that first saw it ("Schemathesis" for its run).
    provoked_by: dict[tuple[str, int], str] = field(default_factory=dict)
    # The test running now (its node id), for provoked_by.
    current: str = ""
    # Schemathesis' own counts, when it ran: (test cases generated, seconds).
    fuzzing: tuple[int, float] | None = None
    # Check name -> operationId -> {"examined": n, "failed": n} during the Schemathesis run.
    examined: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    # Feature -> (the test that found it missing, the refusal), said once in the reports.
    missing_features: dict[str, tuple[str, str]] = field(default_factory=dict)
    # operationId -> {"conforming": answers the contract allows, "missing": answers of a missing route}.
    answers: dict[str, dict[str, int]] = field(default_factory=dict)
    missing_example: dict[str, str] = field(default_factory=dict)

    def reported(self) -> list[Outcome]:
        """The outcomes as the reports give them: those recorded, with a missing operation's
        failures collapsed into one (:func:`_root_causes`). Recorded outcomes are never changed."""
        return _root_causes(self)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("webdata-conformance", "Web Data Service conformance (webdata-conformance)")
    group.addoption("--webdata-base-url", help="server under test (default: start the reference server installed beside the suite)")
    group.addoption("--webdata-api-key", help="a key of a team the suite may use")
    group.addoption("--webdata-second-api-key", help="a key of another team (requirement class tenancy)")
    group.addoption("--webdata-isolated-usage", action="store_true", help="the key's team is used by nothing else (requirement class billing)")
    group.addoption("--webdata-config", type=Path, help="configuration file: [pages] and [deviations] (see the suite's README)")
    group.addoption("--webdata-deviation", action="append", default=[], metavar="ID", help="a requirement the server knowingly deviates from (repeatable)")
    group.addoption("--webdata-seed", type=int, help="Schemathesis seed (default: drawn, and printed in the reports)")
    group.addoption("--webdata-max-examples", type=int, default=25, help="Schemathesis examples per operation")
    group.addoption("--webdata-checks", help="Schemathesis checks, comma-separated (default: every check but those the suite's schemathesis.toml disables)")
    group.addoption("--webdata-phases", default="examples,coverage,fuzzing,stateful", help="Schemathesis phases")
    group.addoption(
        "--webdata-workers",
        type=int,
        choices=(1, 2),
        default=2,
        help="Schemathesis processes: 2 (default) runs examples and coverage beside fuzzing and stateful; 1 runs every phase in one",
    )
    group.addoption("--webdata-rate-limit", help="Schemathesis rate limit, e.g. 10/s")
    group.addoption("--webdata-strict", action="store_true", help="fail when a documented status below 500 of an operation was never observed")
    group.addoption("--webdata-report-dir", type=Path, default=Path("reports") / "conformance", help="where the reports go")
    group.addoption(
        "--webdata-operation",
        action="append",
        default=[],
        metavar="OPERATION_ID",
        help="Schemathesis tests only these operations (repeatable or comma-separated operationIds; default every operation)",
    )
    group.addoption(
        "--webdata-class",
        action="append",
        default=[],
        metavar="CLASS",
        help=f"run only the tests of this requirement class (repeatable or comma-separated; one of {', '.join(CLASSES)})",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "requirement(id): the requirement (webdata_conformance.requirements) a conformance test checks")
    run = _Run()
    run.seed = config.getoption("webdata_seed") or secrets.randbelow(2**31)
    config.stash[_STATE] = run


def chosen_classes(config: pytest.Config) -> set[str]:
    """The requirement classes ``--webdata-class`` names (empty: every class)."""
    chosen = {name.strip() for value in config.getoption("webdata_class") for name in value.split(",") if name.strip()}
    unknown = sorted(chosen - set(CLASSES))
    if unknown:
        raise pytest.UsageError(f"--webdata-class {', '.join(unknown)}: no such requirement class (the classes: {', '.join(CLASSES)})")
    return chosen


def chosen_operations(config: pytest.Config) -> list[str]:
    """The operationIds ``--webdata-operation`` names, in order (empty: every operation)."""
    chosen = list(dict.fromkeys(name.strip() for value in config.getoption("webdata_operation") for name in value.split(",") if name.strip()))
    unknown = [name for name in chosen if name not in operations_by_id()]
    if unknown:
        raise pytest.UsageError(f"--webdata-operation {', '.join(unknown)}: no such operation in the contract")
    return chosen


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--webdata-class``, only the tests whose requirement is of a named class run; the
    requirements of the other classes are reported as not run."""
    chosen_operations(config)  # an unknown operationId is refused before anything runs
    chosen = chosen_classes(config)
    if not chosen:
        return
    kept: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        marker = item.get_closest_marker("requirement")
        cls = REQUIREMENTS[marker.args[0]].cls if marker and marker.args and marker.args[0] in REQUIREMENTS else None
        (kept if cls in chosen else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def webdata_target(request: pytest.FixtureRequest) -> Iterator[Target]:
    """The server under test: ``--webdata-base-url`` and keys, or the embedded reference server."""
    config = request.config
    run = config.stash[_STATE]
    base_url = config.getoption("webdata_base_url")
    path = config.getoption("webdata_config")
    if base_url:
        key = config.getoption("webdata_api_key")
        if not key:
            raise pytest.UsageError("--webdata-base-url needs --webdata-api-key")
        target = Target(base_url.rstrip("/"), key, config.getoption("webdata_second_api_key") or None, config.getoption("webdata_isolated_usage"))
        run.target, run.settings = target, _with_flags(read_settings(path, reference=False), config)
        yield target
        return
    with embedded_server() as started:
        settings = _with_flags(read_settings(path, reference=True), config)
        run.target, run.settings = started, replace(settings, variables=dict(started.fixture_env))
        yield started


@pytest.fixture(scope="session")
def webdata_settings(webdata_target: Target, request: pytest.FixtureRequest) -> Settings:
    """The configuration in force (read once the target is known)."""
    return request.config.stash[_STATE].settings


@pytest.fixture(scope="session")
def webdata_seed(request: pytest.FixtureRequest) -> int:
    return request.config.stash[_STATE].seed


@pytest.fixture(scope="session")
def webdata_observer(request: pytest.FixtureRequest) -> Callable[[Any], None]:
    """Give it every answer (anything with ``operation_id`` and ``status``): the status coverage counts
    it, and whether its body is one the contract allows tells an operation the server lacks."""
    run = request.config.stash[_STATE]

    def observe(answer: Any) -> None:
        run.statuses.add((answer.operation_id, answer.status))
        run.provoked_by.setdefault((answer.operation_id, answer.status), run.current or "?")
        tally = run.answers.setdefault(answer.operation_id, {"conforming": 0, "missing": 0})
        problems = getattr(answer, "problems", [])
        if not problems:
            tally["conforming"] += 1
        elif isinstance(answer.body, str) or answer.status in (404, 405, 501):
            tally["missing"] += 1
            run.missing_example.setdefault(answer.operation_id, f"e.g. {answer.status} {str(answer.body)[:120]!r}")

    return observe


def record_answer_kinds(config: pytest.Config, kinds: dict[str, dict[str, int]]) -> None:
    """Add Schemathesis' answers, per operation: how many the contract allows and how many look
    like a route the server does not have."""
    run = config.stash[_STATE]
    for operation_id, counts in kinds.items():
        tally = run.answers.setdefault(operation_id, {"conforming": 0, "missing": 0})
        for key, value in counts.items():
            tally[key] = tally.get(key, 0) + value


def not_implemented(run: _Run) -> dict[str, str]:
    """Operations that answered no call with a body the contract allows, and at least one with a
    page a server without the route gives (non-JSON, or 404/405/501 outside the contract): an example."""
    return {
        op: run.missing_example.get(op, "no JSON body, or an undocumented 404/405/501, to the fuzzer")
        for op, tally in sorted(run.answers.items())
        if tally.get("conforming", 0) == 0 and tally.get("missing", 0) > 0
    }


def _root_causes(run: _Run) -> list[Outcome]:
    """The run's outcomes with one failure per operation the server lacks (under CORE-01) instead
    of one per test that met it; a requirement whose scenario stopped there is not verified
    because of it. A new list: the recorded outcomes stay as they were."""
    missing = not_implemented(run)
    if not missing:
        return list(run.outcomes)
    kept: list[Outcome] = []
    for outcome in run.outcomes:
        concerned = set(outcome.operation.split(",")) if outcome.operation else set()
        if concerned and concerned <= set(missing) and outcome.requirement == "CORE-01" and outcome.outcome == "failed":
            continue
        if outcome.operation in missing and outcome.outcome == "not verified":
            outcome = replace(outcome, message=f"operation {outcome.operation} not implemented")
        kept.append(outcome)
    for op, example in missing.items():
        message = f"operation {op} not implemented: no answer within the contract; its answers look like a server without the route ({example})"
        kept.append(Outcome(f"operation[{op}]", "CORE-01", "failed", 0.0, message, operation=op))
    return kept


def record_statuses(config: pytest.Config, observed: set[tuple[str, int]], fuzzing: tuple[int, float] | None = None) -> None:
    """Add statuses observed elsewhere (Schemathesis' log) and its counts."""
    run = config.stash[_STATE]
    run.statuses |= observed
    for seen in sorted(observed):
        run.provoked_by.setdefault(seen, "Schemathesis")
    if fuzzing is not None:
        run.fuzzing = fuzzing


def record_examined(config: pytest.Config, counts: dict[str, dict[str, dict[str, int]]]) -> None:
    """What each check examined in the Schemathesis run: per operation, the answers it examined and
    those it failed on (none examined: it verified nothing)."""
    config.stash[_STATE].examined = {check: {op: dict(tally) for op, tally in ops.items()} for check, ops in counts.items()}


def check_tally(run: _Run, check: str, requirement: str) -> tuple[int, int, tuple[str, ...]]:
    """(answers examined, answers failed, operations examined) of ``check`` that count for
    ``requirement``: those of its operations (every operation when it names none)."""
    wanted = set(REQUIREMENTS[requirement].operations)
    mine = {op: tally for op, tally in run.examined.get(check, {}).items() if not wanted or op in wanted}
    examined = sum(t.get("examined", 0) for t in mine.values())
    failed = sum(t.get("failed", 0) for t in mine.values())
    return examined, failed, tuple(sorted(op for op, t in mine.items() if t.get("examined", 0)))


def status_coverage(run: _Run) -> dict[str, list[int]]:
    """operationId -> the documented statuses below 500 never observed during the run (a server
    failure is documented so that clients can read it, but no client can ask for one)."""
    never: dict[str, list[int]] = {}
    for operation_id, operation in operations_by_id().items():
        documented = sorted(int(code) for code in operation["responses"] if code.isdigit() and int(code) < 500)
        missing = [code for code in documented if (operation_id, code) not in run.statuses]
        if missing:
            never[operation_id] = missing
    return never


def provoked(run: _Run) -> dict[str, dict[str, str]]:
    """operationId -> documented status -> the test that first saw it ("Schemathesis" for its run)."""
    found: dict[str, dict[str, str]] = {}
    for operation_id, operation in operations_by_id().items():
        for code in sorted(int(c) for c in operation["responses"] if c.isdigit()):
            if (operation_id, code) in run.provoked_by:
                found.setdefault(operation_id, {})[str(code)] = run.provoked_by[(operation_id, code)]
    return found


def _with_flags(settings: Settings, config: pytest.Config) -> Settings:
    extra = {identifier: "listed with --webdata-deviation" for identifier in config.getoption("webdata_deviation")}
    bad = sorted(set(extra) - set(REQUIREMENTS))
    if bad:
        raise pytest.UsageError(f"--webdata-deviation names unknown requirement(s) {bad}")
    return replace(settings, deviations={**settings.deviations, **extra})


def _requirement(item: pytest.Item) -> str | None:
    marker = item.get_closest_marker("requirement")
    if marker is None:
        return None
    identifier = str(marker.args[0])
    if identifier not in REQUIREMENTS:
        raise pytest.UsageError(f"{item.nodeid}: unknown requirement {identifier!r}")
    return identifier


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    EXPECTATIONS.reset()
    run = item.config.stash.get(_STATE, None)
    if run is not None:
        run.current = item.nodeid.split("::", 1)[-1]
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    EXPECTATIONS.assertions, EXPECTATIONS.operations = 0, set()
    yield


# Why an answer stops a test that needed it to go on, by status.
_STOPPED_BY = {
    401: "{caller} is not accepted (401)",
    402: "{caller}'s team cannot pay (402)",
    403: "{caller}'s team may not do this (403)",
    429: "{caller} is rate limited (429)",
}


def precondition(error: BaseException, last: Answer | None) -> str:
    """What did not hold when a test stopped on something other than an assertion: the answer it
    last received (a key that cannot pay, a route that is missing, a body that is not JSON) or the
    transport's error, with the exception that followed."""
    happened = f"{type(error).__name__}: {error}"[:300]
    needed = ""
    if isinstance(error, Unmet):
        last, needed = error.answer, f" ({error})"
    if isinstance(error, httpx.HTTPError):
        return f"the server did not answer over HTTP ({happened})"
    if last is None:
        return f"the test could not go on ({happened})"
    seen = f"{last.operation_id} answered {last.status} {str(last.body)[:160] if isinstance(last.body, str) else json.dumps(last.body)[:160]}"
    if isinstance(last.body, str):
        why = "the answer is not JSON"
    elif last.status in _STOPPED_BY:
        why = _STOPPED_BY[last.status].format(caller=last.caller)
    elif last.status == 404:
        why = "what the test asked for does not exist on this server (404)"
    else:
        why = f"the answer lacks what the test needs next ({happened})"
    return f"precondition did not hold{needed}: {why}; {seen}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    stated = _requirement(item)
    if stated is not None and not (report.when != "call" and report.passed):
        # An answer outside the contract fails the test that saw it, under the requirement it breaks.
        broken = getattr(call.excinfo.value, "requirement", None) if call.excinfo is not None else None
        found = _record(item, call, report, broken if broken in REQUIREMENTS else stated, stated=stated)
        if (report.when == "call" or report.failed) and stated != "CORE-01":
            _record_unverified(item, call, report, stated, broken)
        if report.failed and found is not None:
            # The verdict, not a traceback: what was wrong, the request and how to reproduce it.
            said = [found.message or "failed", *(f"{label}: {text}" for label, text in (("request", found.request), ("reproduce", found.reproduce)) if text)]
            report.longrepr = "\n".join(said)
    return report


def _stopped(call: pytest.CallInfo[None]) -> BaseException | None:
    """The exception that stopped the test when it is neither an assertion nor pytest's own (a
    skip, an exit): a precondition that did not hold."""
    if call.excinfo is None:
        return None
    error = call.excinfo.value
    if isinstance(error, AssertionError | NotImplementedByServer) or call.excinfo.errisinstance((pytest.skip.Exception, pytest.exit.Exception)):
        return None
    if isinstance(error, KeyboardInterrupt | SystemExit | pytest.UsageError):
        return None
    return error


def _record_unverified(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport, stated: str, broken: str | None) -> None:
    """A scenario that never reached an assertion of its own verified nothing: it says so under its
    requirement (`not verified`, with the reason) instead of letting the requirement pass."""
    run = item.config.stash[_STATE]
    reason, operation = "", ""
    if broken is not None and broken != stated:
        answer = getattr(call.excinfo.value, "answer", None) if call.excinfo is not None else None
        where = answer.request.splitlines()[0] if answer is not None and answer.request else "a call"
        operation = answer.operation_id if answer is not None else ""
        reason = f"stopped by {broken} at {where}"
    elif report.passed and EXPECTATIONS.assertions == 0:
        reason = "the test reached none of its assertions"
    if reason:
        run.outcomes.append(Outcome(item.nodeid.split("::", 1)[-1], stated, "not verified", report.duration, reason, operation=operation))


def _record(item: pytest.Item, call: pytest.CallInfo[None], report: pytest.TestReport, identifier: str, *, stated: str) -> Outcome | None:
    run = item.config.stash[_STATE]
    name = item.nodeid.split("::", 1)[-1]
    error = call.excinfo.value if call.excinfo is not None else None
    if isinstance(error, NotImplementedByServer):
        # A feature the server refuses as unknown: said once for the run, the requirement not verified.
        run.missing_features.setdefault(error.feature, (name, str(error)))
        report.outcome, report.longrepr = "skipped", (str(item.path), 0, f"Skipped: {error}")
        found = Outcome(name, stated, "not verified", report.duration, str(error), error.answer.request, "", error.answer.reproduce, error.answer.operation_id)
        run.outcomes.append(found)
        return found
    stopped = _stopped(call)
    if stopped is not None:
        # Not a verdict on the requirement: what it needed did not hold. Named, never a traceback.
        last = stopped.answer if isinstance(stopped, Unmet) else EXPECTATIONS.last
        found = Outcome(name, stated, "not verified", report.duration, precondition(stopped, last), operation=last.operation_id if last else "")
        if last is not None:
            found.request, found.reproduce = last.request, last.reproduce
            found.response = f"{last.status}\n{last.body[:4000] if isinstance(last.body, str) else json.dumps(last.body, indent=2)[:4000]}"
        run.outcomes.append(found)
        return found
    deviation = run.settings.deviations.get(identifier)
    if report.failed and deviation is not None:
        # A known deviation: reported and kept, not a failure (like an expected failure).
        report.outcome = "skipped"
        report.wasxfail = f"deviation from {identifier}: {deviation}"
    verdict: str = "deviation" if hasattr(report, "wasxfail") and deviation is not None else report.outcome
    found = Outcome(name, identifier, verdict, report.duration)
    if report.when == "call" and verdict == "passed":
        found.exercised = tuple(sorted(EXPECTATIONS.operations))
    if report.skipped and isinstance(report.longrepr, tuple):
        found.message = str(report.longrepr[2]).removeprefix("Skipped: ")
    if call.excinfo is not None and not call.excinfo.errisinstance(pytest.skip.Exception):
        error = call.excinfo.value
        found.message = str(error).split("\n  answer:")[0][:2000]
        answer = getattr(error, "answer", None) if isinstance(error, ContractViolation) else None
        if answer is not None:
            found.request, found.reproduce, found.operation = answer.request, answer.reproduce, answer.operation_id
            found.response = f"{answer.status}\n{json.dumps(answer.body, indent=2)[:4000] if not isinstance(answer.body, str) else answer.body[:4000]}"
        elif hasattr(error, "details"):
            found.response = str(error.details)[-20000:]
        operations = getattr(error, "operations", None)
        if operations:
            found.operation = ",".join(operations)
    if verdict == "deviation":
        found.message = f"known deviation: {deviation}. {found.message}"
    elif deviation is not None:
        found.message = (found.message + f" (listed as a deviation: {deviation}; it held)").strip()
    run.outcomes.append(found)
    if stated == "CORE-01" and identifier == stated and report.when == "call" and getattr(item, "originalname", item.name) == "test_schemathesis_run":
        _record_checks(run, report, found)
    return found


def _record_checks(run: _Run, report: pytest.TestReport, found: Outcome) -> None:
    """The suite's own checks ran on every response of the Schemathesis run: each requirement of a
    check gets a verdict from the answers of its own operations alone, failed where the check failed
    on one of them (a built-in check, which logs nothing, where Schemathesis' output names it)."""
    for check, requirements in REQUIREMENTS_OF_CHECK.items():
        for required in requirements:
            examined, failures, operations = check_tally(run, check, required)
            if check in FAILURE_CODE_OF_CHECK:  # a built-in check: its failures are read from the output
                failures = int(report.failed and FAILURE_CODE_OF_CHECK[check] in found.response)
            ran = report.passed or report.failed
            if failures:
                verdict = "deviation" if required in run.settings.deviations else "failed"
                message = f"Schemathesis check {check} failed on {failures} of {examined} answer(s) of {', '.join(operations)} (seed {run.seed})"
            elif ran and examined:
                verdict, message = "passed", f"{check} examined {examined} answer(s) of {', '.join(operations)} in the Schemathesis run"
            elif ran:
                unclaimed = _unclaimed(run, required)
                wanted = REQUIREMENTS[required].operations
                verdict = "skipped" if unclaimed else "not verified"
                message = unclaimed or f"{check} saw no answer of {', '.join(wanted) or 'any operation'} in the Schemathesis run"
            else:
                verdict, message = report.outcome, found.message
            outcome = Outcome(f"{found.nodeid}[{check}]", required, verdict, 0.0, message, response=found.response if failures else "")
            outcome.exercised = operations if verdict == "passed" else ()
            run.outcomes.append(outcome)


def _unclaimed(run: _Run, requirement: str) -> str:
    """Why the server does not claim the requirement's class in this run ('' when it does)."""
    if REQUIREMENTS[requirement].cls == "tenancy" and not (run.target and run.target.second_api_key):
        return "class tenancy needs a key of another team: pass --second-api-key"
    return ""


def pytest_sessionfinish(session: pytest.Session) -> None:
    run = session.config.stash.get(_STATE, None)
    if run is None or not run.outcomes:
        return
    report_dir = Path(session.config.getoption("webdata_report_dir")).resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    (report_dir / "report.html").write_text(render_html(run), encoding="utf-8")
    (report_dir / "requirements.json").write_text(json.dumps(_by_requirement(run), indent=2), encoding="utf-8")
    never = status_coverage(run)
    (report_dir / "coverage.json").write_text(json.dumps(never, indent=2), encoding="utf-8")
    (report_dir / "provoked.json").write_text(json.dumps(provoked(run), indent=2), encoding="utf-8")
    if never and session.config.getoption("webdata_strict") and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    # A requirement nothing verified counts as a failure (a listed deviation excepted), in a whole
    # run: one narrowed (to some scenarios, operations, classes or phases) reports it without
    # failing on it, and says so in one line.
    # (A test stopped by a precondition, a refused key or a page that does not exist, fails any
    # run: a server that refuses everything cannot pass a narrowed one.)
    unverified = [i for i, v in _by_requirement(run).items() if v["outcome"] == "not verified" and i not in run.settings.deviations]
    if unverified and session.exitstatus == 0 and not narrowed_by(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def narrowed_by(config: pytest.Config) -> str:
    """How the run was narrowed (``--phases examples``, ``--class jobs``...), or "" for a whole run."""
    said = []
    if config.getoption("keyword"):
        said.append(f"-k {config.getoption('keyword')}")
    for option, flag in (("webdata_operation", "--operation"), ("webdata_class", "--class")):
        if config.getoption(option):
            said.append(f"{flag} {','.join(config.getoption(option))}")
    phases = {p.strip() for p in str(config.getoption("webdata_phases")).split(",") if p.strip()}
    if phases != {"examples", "coverage", "fuzzing", "stateful"}:
        said.append(f"--phases {','.join(sorted(phases))}")
    return " ".join(said)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    run = config.stash.get(_STATE, None)
    if run is None or not run.outcomes:
        return
    write = terminalreporter.write_line
    write("")
    write("conformance, per requirement:")
    for identifier, verdict in _by_requirement(run).items():
        requirement = REQUIREMENTS[identifier]
        examined = f" ({verdict['examined']} answers examined)" if "examined" in verdict else ""
        write(f"  {verdict['outcome']:9} {identifier:10} [{requirement.cls}] {requirement.text[:100]}{examined}")
        for failure in verdict["failures"]:
            write(f"      {failure}")
    if run.missing_features:
        write("features this server does not implement (their requirements are not verified):")
        for feature, (test, evidence) in sorted(run.missing_features.items()):
            write(f"  {feature}: {evidence} (found by {test})")
    never = status_coverage(run)
    write(f"documented statuses never observed ({sum(map(len, never.values()))}; --strict fails on them):")
    for operation_id, codes in sorted(never.items()):
        write(f"  {operation_id:28} {', '.join(map(str, codes))}")
    unverified = [i for i, v in _by_requirement(run).items() if v["outcome"] == "not verified" and i not in run.settings.deviations]
    narrowed = narrowed_by(config)
    if unverified and narrowed:
        write(
            f"{len(unverified)} requirement(s) not verified by this narrowed run ({narrowed}): reported, not failed;"
            " a whole run (every phase, class and operation) verifies them"
        )
    write(summary_line(run))
    report_dir = Path(config.getoption("webdata_report_dir")).resolve()
    write(f"reports: {report_dir / 'report.html'}, {report_dir / 'scenarios.xml'}, {report_dir / 'schemathesis.xml'}")


def _by_requirement(run: _Run) -> dict[str, dict[str, Any]]:
    """One verdict per requirement. A failure decides, then a listed deviation; otherwise it passed
    only when the outcomes that passed examined an answer of each operation it names (of any, when
    it names none): a pass on one operation never stands for another, and the operations never
    exercised are listed. Without a pass, it was not verified (or skipped, with the reason)."""
    order = {"failed": 0, "deviation": 1, "not verified": 3, "skipped": 4}
    verdicts: dict[str, dict[str, Any]] = {}
    outcomes = run.reported()
    for identifier, requirement in REQUIREMENTS.items():
        mine = [o for o in outcomes if o.requirement == identifier]
        if not mine:
            verdicts[identifier] = {"outcome": "not run", "tests": 0, "failures": []}
            continue
        passed = [o for o in mine if o.outcome == "passed"]
        exercised = set().union(*(o.exercised for o in passed)) if passed else set()
        unexercised = sorted(set(requirement.operations) - exercised) if requirement.operations else []
        others = [o.outcome for o in mine if o.outcome != "passed"]
        worst = min(others, key=lambda o: order.get(o, 9)) if others else "passed"
        if worst in ("failed", "deviation"):
            outcome = worst
        elif passed and not unexercised:
            outcome = "passed"
        else:
            outcome = "not verified" if passed or worst != "skipped" else "skipped"
        shown = ("failed", "deviation", "not verified") if outcome in ("not verified", "skipped") else ("failed", "deviation")
        failures = [f"{o.nodeid}: {o.message.splitlines()[0] if o.message else ''}"[:300] for o in mine if o.outcome in shown]
        if outcome == "not verified" and passed and unexercised:
            failures.append(
                f"never exercised: {', '.join(unexercised)} (no answer of {'it' if len(unexercised) == 1 else 'them'} was examined by a test that held)"
            )
        if outcome == "skipped":
            failures = [f"{o.nodeid}: {o.message.splitlines()[0] if o.message else ''}"[:300] for o in mine if o.outcome == "skipped"][:3]
        verdicts[identifier] = {"outcome": outcome, "tests": len(mine), "failures": failures}
        if requirement.operations:
            verdicts[identifier]["operations"] = {op: op in exercised for op in requirement.operations}
        checks = [check for check, required in REQUIREMENTS_OF_CHECK.items() if identifier in required]
        if checks and run.examined:
            verdicts[identifier]["examined"] = sum(check_tally(run, check, identifier)[0] for check in checks)
    return verdicts


VERDICTS = ("passed", "failed", "not verified", "deviation", "skipped", "not run")


def requirement_counts(run: _Run) -> dict[str, int]:
    """How many requirements got each verdict."""
    verdicts = [v["outcome"] for v in _by_requirement(run).values()]
    return {state: verdicts.count(state) for state in VERDICTS}


def summary_line(run: _Run) -> str:
    """The run in one line: requirements by verdict first, then the tests behind them, labelled as such."""
    counts = requirement_counts(run)
    outcomes = run.reported()
    tests = {state: sum(1 for o in outcomes if o.outcome == state) for state in ("passed", "failed", "not verified", "deviation", "skipped")}
    fuzzing = f"; fuzzing {run.fuzzing[0]} cases in {run.fuzzing[1]:.1f} s ({run.fuzzing[0] / max(run.fuzzing[1], 0.001):.0f}/s)" if run.fuzzing else ""
    not_run = f", {counts['not run']} not run" if counts["not run"] else ""
    return (
        f"conformance: {sum(counts.values())} requirements: {counts['passed']} passed, {counts['failed']} failed, {counts['not verified']} not verified,"
        f" {counts['deviation']} deviations, {counts['skipped']} skipped{not_run}"
        f" (tests and checks: {tests['passed']} passed, {tests['failed']} failed, {tests['not verified']} not verified, {tests['deviation']} deviations,"
        f" {tests['skipped']} skipped) in {time.monotonic() - run.started:.1f} s (seed {run.seed}){fuzzing}"
    )


_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eaeef2;padding:.35rem .5rem;text-align:left;vertical-align:top}
.badge{display:inline-block;border-radius:1rem;padding:0 .55rem;font-size:.8rem;font-weight:600;color:#fff}
.passed{background:#1a7f37}.failed{background:#cf222e}.notverified{background:#bc4c00}.skipped{background:#6e7781}.deviation{background:#9a6700}.notrun{background:#afb8c1}
pre{background:#f6f8fa;padding:.6rem;overflow:auto;white-space:pre-wrap;word-break:break-all;max-height:28rem}
details{margin:.4rem 0 .8rem}summary{cursor:pointer}.muted{color:#57606a}
"""


def render_html(run: _Run) -> str:
    """One self-contained page: the summary, then per class each requirement with its verdict and, for
    each failure, the requirement, its seed section, the request, the response and a curl reproducer."""
    e = html.escape
    verdicts = _by_requirement(run)
    reported = run.reported()
    target = run.target.base_url if run.target else "?"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>webdata-conformance report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>webdata-conformance report</h1>",
        f"<p id='summary'><strong>{e(summary_line(run))}</strong></p>",
        f"<p class='muted'>Target {e(target)}; configuration {e(run.settings.source or 'none')}. Rerun with <code>--seed {run.seed}</code> to reproduce.</p>",
    ]
    if run.missing_features:
        parts.append("<h2 id='features'>features this server does not implement</h2><p class='muted'>Their requirements are not verified.</p><ul>")
        parts += [
            f"<li><strong>{e(feature)}</strong>: {e(evidence)} <span class='muted'>(found by {e(test)})</span></li>"
            for feature, (test, evidence) in sorted(run.missing_features.items())
        ]
        parts.append("</ul>")
    for cls, description in CLASSES.items():
        parts += [
            f"<h2 id='class-{cls}'>{e(cls)}</h2>",
            f"<p class='muted'>{e(description)}</p>",
            "<table><tr><th>requirement</th><th>verdict</th><th>source</th></tr>",
        ]
        for requirement in (r for r in REQUIREMENTS.values() if r.cls == cls):
            verdict = verdicts[requirement.id]
            state = verdict["outcome"]
            examined = f", {verdict['examined']} answer(s) examined by checks" if "examined" in verdict else ""
            parts.append(
                f"<tr id='req-{e(requirement.id)}'><td><strong>{e(requirement.id)}</strong> {e(requirement.text)}</td>"
                f"<td><span class='badge {state.replace(' ', '')}'>{e(state)}</span> <span class='muted'>{verdict['tests']} test(s){e(examined)}</span></td>"
                f"<td>{e(requirement.source)}</td></tr>"
            )
            for found in (o for o in reported if o.requirement == requirement.id and o.outcome in ("failed", "deviation", "skipped", "not verified")):
                body = [f"<p>{e(found.message)}</p>" if found.message else ""]
                for label, text in (("request", found.request), ("response", found.response), ("reproduce", found.reproduce)):
                    if text:
                        body.append(f"<p class='muted'>{label}</p><pre class='{label}'>{e(text)}</pre>")
                parts.append(
                    f"<tr class='detail'><td colspan='3'><details{' open' if found.outcome == 'failed' else ''}>"
                    f"<summary><span class='badge {found.outcome.replace(' ', '')}'>{e(found.outcome)}</span> {e(found.nodeid)}"
                    f" <span class='muted'>({e(requirement.id)}, seed {e(requirement.source)})</span></summary>{''.join(body)}</details></td></tr>"
                )
        parts.append("</table>")
    never = status_coverage(run)
    parts.append("<h2 id='coverage'>status coverage</h2><p class='muted'>Documented statuses the run never observed (<code>--strict</code> fails on them).</p>")
    parts.append("<table><tr><th>operation</th><th>never observed</th></tr>")
    parts += [f"<tr><td>{e(operation_id)}</td><td>{e(', '.join(map(str, codes)))}</td></tr>" for operation_id, codes in sorted(never.items())]
    parts.append("</table>")
    parts.append("<h2 id='provoked'>statuses observed, and by which test</h2><p class='muted'>The first test that saw each documented status.</p>")
    parts.append("<table><tr><th>operation</th><th>status</th><th>first seen by</th></tr>")
    for operation_id, codes in provoked(run).items():
        parts += [f"<tr><td>{e(operation_id)}</td><td>{e(code)}</td><td>{e(test)}</td></tr>" for code, test in codes.items()]
    parts.append("</table></body></html>")
    return "\n".join(parts)
