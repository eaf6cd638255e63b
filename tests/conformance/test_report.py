"""What the suite reports about a broken server: the requirement that failed, with its request,
response and a curl reproducer, in a page a browser shows; the same failure listed as a known
deviation does not fail the run; a configuration file that names an unknown requirement is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from webdata_conformance.client import Answer, Unmet
from webdata_conformance.plugin import Outcome, _by_requirement, _record_checks, _Run, precondition, summary_line
from webdata_conformance.requirements import REQUIREMENTS
from webdata_conformance.target import Target, embedded_server, target_from_env

from tests.chromium import chromium
from tests.conformance.mutants import MUTANTS, Mutant, running_mutant

pytestmark = pytest.mark.skipif(target_from_env() is not None, reason="starts its own reference server")
CONFORMANCE = str(Path(sys.executable).with_name("webdata-conformance"))
MUTANT = next(m for m in MUTANTS if m.name == "miss-served-as-hit")


@pytest.fixture(scope="module")
def broken() -> Iterator[tuple[Target, str]]:
    with (
        embedded_server() as upstream,
        running_mutant(MUTANT, upstream=upstream.base_url, api_key=upstream.api_key, second_api_key=upstream.second_api_key) as proxy,
    ):
        yield upstream, proxy


def _run(broken: tuple[Target, str], report_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    upstream, proxy = broken
    argv = [CONFORMANCE, "--base-url", proxy, "--api-key", upstream.api_key, "--scenarios", "lockdown_miss_then_hit"]
    argv += ["--phases", "examples", "--max-examples", "1", "--seed", "11", "--report-dir", str(report_dir), *extra]
    env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    return subprocess.run(argv, cwd=report_dir.parent, env=env, capture_output=True, text=True, check=False, timeout=600)


def test_a_failure_names_its_requirement_and_shows_how_to_reproduce_it(broken: tuple[Target, str], tmp_path: Path) -> None:
    done = _run(broken, tmp_path / "failing")
    assert done.returncode != 0, done.stdout[-3000:]
    verdicts = json.loads((tmp_path / "failing" / "requirements.json").read_text())
    assert verdicts["CACHE-02"]["outcome"] == "failed"
    assert "failed    CACHE-02" in done.stdout
    summary = next(line for line in done.stdout.splitlines() if line.startswith("conformance: "))
    assert "1 failed" in summary and "(seed 11)" in summary

    # The page, as a browser renders it: the failure is open, under its requirement, with a curl command.
    page = tmp_path / "failing" / "report.html"
    dom = subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    ).stdout
    assert 'id="req-CACHE-02"' in dom and "SCRAPE_LOCKDOWN_CACHE_MISS" in dom
    failure = dom[dom.index('class="badge failed">failed</span> test_s2_lockdown_miss_then_hit') :]
    assert "<details open" in dom and "(CACHE-02, seed §2.2)" in failure[:400]
    reproducer = failure[failure.index('<pre class="reproduce">') :]
    assert reproducer.startswith('<pre class="reproduce">curl -X POST') and "lockdown" in reproducer[:400]
    assert '<pre class="response">' in failure and '<pre class="request">POST ' in failure


def test_a_listed_deviation_is_reported_and_does_not_fail(broken: tuple[Target, str], tmp_path: Path) -> None:
    config = tmp_path / "server.toml"
    config.write_text('[deviations]\n"CACHE-02" = "lockdown is not supported yet"\n')
    done = _run(broken, tmp_path / "deviating", "--config", str(config))
    assert done.returncode == 0, done.stdout[-3000:]
    verdicts = json.loads((tmp_path / "deviating" / "requirements.json").read_text())
    assert verdicts["CACHE-02"]["outcome"] == "deviation"
    assert "lockdown is not supported yet" in (tmp_path / "deviating" / "report.html").read_text()


def test_a_deviation_from_an_unknown_requirement_is_refused(broken: tuple[Target, str], tmp_path: Path) -> None:
    config = tmp_path / "server.toml"
    config.write_text('[deviations]\n"CACHE-99" = "typo"\n')
    done = _run(broken, tmp_path / "refused", "--config", str(config))
    assert done.returncode != 0 and "CACHE-99" in done.stdout + done.stderr


def test_a_run_narrowed_to_a_class_runs_its_tests_alone_and_reports_the_others_as_not_run(broken: tuple[Target, str], tmp_path: Path) -> None:
    upstream, proxy = broken
    env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}

    def run(*classes: str) -> tuple[subprocess.CompletedProcess[str], Path]:
        report_dir = tmp_path / "-".join(classes)
        argv = [CONFORMANCE, "--base-url", proxy, "--api-key", upstream.api_key, "--seed", "11", "--report-dir", str(report_dir)]
        argv += [arg for name in classes for arg in ("--class", name)]
        return subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=600), report_dir

    # The mutant breaks a cache rule: the monitor class alone passes, and says nothing of the cache.
    done, report_dir = run("monitor")
    assert done.returncode == 0, done.stdout[-3000:]
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    assert {verdicts[i]["outcome"] for i in REQUIREMENTS if REQUIREMENTS[i].cls == "monitor"} == {"passed"}
    assert {verdicts[i]["outcome"] for i in REQUIREMENTS if REQUIREMENTS[i].cls != "monitor"} == {"not run"}
    assert not (report_dir / "schemathesis.txt").exists()  # the Schemathesis phases are class core's
    # The cache class (named with another, comma-separated) catches it.
    done, report_dir = run("cache,parse")
    assert done.returncode != 0
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    assert verdicts["CACHE-02"]["outcome"] == "failed" and verdicts["PARSE-01"]["outcome"] == "passed"
    assert verdicts["MON-01"]["outcome"] == verdicts["CORE-02"]["outcome"] == "not run"
    done, _ = run("caching")
    assert done.returncode != 0 and "--webdata-class caching: no such requirement class" in done.stdout + done.stderr


def test_an_unknown_operation_to_fuzz_is_refused_before_anything_runs(tmp_path: Path) -> None:
    argv = [CONFORMANCE, "--base-url", "http://127.0.0.1:9", "--api-key", "k", "--operation", "startAgent,startAgnt", "--report-dir", str(tmp_path)]
    env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode != 0 and "--webdata-operation startAgnt: no such operation in the contract" in done.stdout + done.stderr
    assert not (tmp_path / "requirements.json").exists()


def test_the_requirements_document_is_current() -> None:
    printed = subprocess.run([CONFORMANCE, "--requirements"], capture_output=True, text=True, check=True).stdout
    committed = (Path(__file__).resolve().parents[2] / "conformance" / "REQUIREMENTS.md").read_text(encoding="utf-8")
    assert printed == committed, "run `webdata-conformance --requirements > conformance/REQUIREMENTS.md`"
    assert all(f"| {identifier} |" in printed for identifier in json.loads(json.dumps(["CORE-01", "TEN-01", "PAGES-01"])))


def test_strict_fails_on_documented_statuses_never_observed(broken: tuple[Target, str], tmp_path: Path) -> None:
    upstream, _ = broken
    argv = [CONFORMANCE, "--base-url", upstream.base_url, "--api-key", upstream.api_key, "--scenarios", "min_age_without_a_copy"]
    argv += ["--phases", "examples", "--max-examples", "1", "--seed", "3"]
    env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    lenient = subprocess.run([*argv, "--report-dir", str(tmp_path / "lenient")], env=env, capture_output=True, text=True, check=False, timeout=600)
    strict = subprocess.run([*argv, "--strict", "--report-dir", str(tmp_path / "strict")], env=env, capture_output=True, text=True, check=False, timeout=600)
    assert lenient.returncode == 0, lenient.stdout[-3000:]
    assert strict.returncode != 0 and " 0 failed" in strict.stdout
    never = json.loads((tmp_path / "strict" / "coverage.json").read_text())
    assert 404 not in never["scrapeUrl"]  # the scenario saw SCRAPE_NO_CACHED_DATA
    assert 408 in never["scrapeUrl"]  # no [fixtures] against a server named by URL: no slow page
    assert all(code < 500 for codes in never.values() for code in codes)  # a server failure cannot be asked for
    provoked = json.loads((tmp_path / "strict" / "provoked.json").read_text())
    assert provoked["scrapeUrl"]["404"].endswith("min_age_without_a_copy")  # which test saw it


def _scenarios_against(mutant: Mutant, scenarios: str, report_dir: Path, *, reference_pages: bool = False) -> subprocess.CompletedProcess[str]:
    """The suite's ``scenarios`` (one team, the examples phase) against ``mutant`` in front of an
    embedded server; ``reference_pages``: with the reference server's configuration (its pages)."""
    with embedded_server() as upstream, running_mutant(mutant, upstream=upstream.base_url, api_key=upstream.api_key, second_api_key=None) as proxy:
        argv = [CONFORMANCE, "--base-url", proxy, "--api-key", upstream.api_key, "--scenarios", scenarios]
        argv += ["--phases", "examples", "--max-examples", "1", "--seed", "11", "--report-dir", str(report_dir)]
        env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
        if reference_pages:
            argv += ["--config", str(files("webdata_conformance").joinpath("reference.toml"))]
            env |= upstream.fixture_env
        return subprocess.run(argv, cwd=report_dir.parent, env=env, capture_output=True, text=True, check=False, timeout=600)


def test_a_requirement_whose_scenario_was_stopped_is_not_verified(tmp_path: Path) -> None:
    # The agent routes answer a framework's HTML 404: JOBS-02's scenario stops at its first call
    # (CORE-01), so JOBS-02 was never tested and must not pass.
    mutant = next(m for m in MUTANTS if m.name == "no-agent-routes")
    report_dir = tmp_path / "stopped"
    done = _scenarios_against(mutant, "agent_cancel", report_dir)
    assert done.returncode != 0, done.stdout[-3000:]
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    assert verdicts["JOBS-02"]["outcome"] == "not verified", verdicts["JOBS-02"]
    # One root cause, said once: the operation is missing (not one CORE-01 failure per test that met it).
    assert "test_s3_agent_cancel: operation cancelAgent not implemented" in verdicts["JOBS-02"]["failures"], verdicts["JOBS-02"]
    # Nor did the Schemathesis check of the same requirement see a cancel it applies to.
    assert verdicts["JOBS-02"]["examined"] == 0
    failures = verdicts["CORE-01"]["failures"]
    assert verdicts["CORE-01"]["outcome"] == "failed" and all(f.startswith("operation[") for f in failures), failures
    assert any(f.startswith("operation[cancelAgent]: operation cancelAgent not implemented") and "Cannot DELETE" in f for f in failures), failures
    summary = next(line for line in done.stdout.splitlines() if line.startswith("conformance: "))
    assert "not verified" in summary and "not verified JOBS-02" in done.stdout


def test_root_causes_are_derived_at_reporting_and_leave_the_recorded_outcomes_alone() -> None:
    run = _Run()
    run.answers = {"cancelAgent": {"missing": 3}, "getTokenUsage": {"conforming": 2}}
    run.missing_example = {"cancelAgent": "404 text/html Cannot DELETE"}
    run.outcomes = [
        Outcome("test_a", "CORE-01", "failed", 0.1, "HTML body", operation="cancelAgent"),
        Outcome("test_s3_agent_cancel", "JOBS-02", "not verified", 0.1, "stopped by CORE-01", operation="cancelAgent"),
        Outcome("test_usage", "BILL-01", "passed", 0.1, operation="getTokenUsage"),
    ]
    recorded = [Outcome(**vars(o)) for o in run.outcomes]
    first, second = run.reported(), run.reported()
    assert first == second
    assert run.outcomes == recorded, "reporting must not change what was recorded"
    assert [(o.nodeid, o.outcome, o.message.split(":")[0]) for o in first] == [
        ("test_s3_agent_cancel", "not verified", "operation cancelAgent not implemented"),
        ("test_usage", "passed", ""),
        ("operation[cancelAgent]", "failed", "operation cancelAgent not implemented"),
    ]


def _checked(run: _Run, passed: bool = True) -> None:
    """The requirements of the suite's checks, recorded from ``run.examined`` as after a Schemathesis run."""
    report = SimpleNamespace(passed=passed, failed=not passed, outcome="passed" if passed else "failed")
    _record_checks(run, report, Outcome("test_schemathesis_run", "CORE-01", report.outcome, 1.0))  # type: ignore[arg-type]  # a report's fields alone


def test_a_check_counts_only_the_answers_of_its_requirements_operations() -> None:
    # Sixteen batch-scrape cancels and no agent cancel: the agent requirement has no verdict of its own.
    run = _Run()
    run.examined = {"cancel_transitions": {"cancelBatchScrape": {"examined": 16, "failed": 0}}}
    _checked(run)
    verdicts = _by_requirement(run)
    assert verdicts["JOBS-01"]["outcome"] == "passed" and verdicts["JOBS-01"]["examined"] == 16
    assert verdicts["JOBS-02"]["outcome"] == "not verified" and verdicts["JOBS-02"]["examined"] == 0
    assert any("saw no answer of cancelAgent" in failure for failure in verdicts["JOBS-02"]["failures"]), verdicts["JOBS-02"]
    # A failure on an agent cancel fails the agent requirement, not the batch one; counted although it failed.
    run = _Run()
    run.examined = {"cancel_transitions": {"cancelBatchScrape": {"examined": 3, "failed": 0}, "cancelAgent": {"examined": 2, "failed": 1}}}
    _checked(run, passed=False)
    verdicts = _by_requirement(run)
    assert (verdicts["JOBS-01"]["outcome"], verdicts["JOBS-02"]["outcome"]) == ("passed", "failed")
    assert verdicts["JOBS-02"]["examined"] == 2


def test_a_requirement_over_several_operations_passes_only_when_each_was_exercised() -> None:
    every = REQUIREMENTS["CORE-06"].operations
    run = _Run()
    run.outcomes = [Outcome(f"test_unknown_body_keys_are_refused[{op}]", "CORE-06", "passed", 0.1, exercised=(op,)) for op in every[2:]]
    run.outcomes += [Outcome(f"test_unknown_body_keys_are_refused[{op}]", "CORE-06", "not verified", 0.1, "stopped by CORE-01") for op in every[:2]]
    verdict = _by_requirement(run)["CORE-06"]
    assert verdict["outcome"] == "not verified", verdict
    assert f"never exercised: {every[0]}, {every[1]} (no answer of them was examined by a test that held)" in verdict["failures"]
    assert verdict["operations"] == {op: op not in every[:2] for op in every}
    # Once another test that held examined those two as well, each operation was exercised.
    run.outcomes += [Outcome(f"again[{op}]", "CORE-06", "passed", 0.1, exercised=(op,)) for op in every[:2]]
    assert _by_requirement(run)["CORE-06"]["outcome"] == "passed"


def test_the_summary_counts_requirements_and_labels_the_tests_apart() -> None:
    run = _Run()
    run.outcomes = [
        Outcome("test_a", "CACHE-01", "passed", 0.1, exercised=("scrapeUrl",)),
        Outcome("test_b", "CACHE-02", "failed", 0.1, "wrong"),
        Outcome("test_c", "CACHE-02", "failed", 0.1, "wrong again"),
        Outcome("test_d", "PAGES-01", "skipped", 0.1, "no [pages.pdf]"),
    ]
    line = summary_line(run)
    total = len(REQUIREMENTS)
    assert line.startswith(f"conformance: {total} requirements: 1 passed, 1 failed, 0 not verified, 0 deviations, 1 skipped, {total - 3} not run")
    assert "(tests and checks: 1 passed, 2 failed, 0 not verified, 0 deviations, 1 skipped)" in line


def test_a_precondition_names_what_did_not_hold() -> None:
    paying = Answer(
        "getActiveCrawls", 402, {"success": False, "error": "Payment required to access this resource."}, httpx.Headers(), "curl", caller="the second key"
    )
    said = precondition(KeyError("crawls"), paying)
    assert said.startswith("precondition did not hold: the second key's team cannot pay (402); getActiveCrawls answered 402")
    page = Answer("startAgent", 404, "<html>Cannot POST /v2/agent</html>", httpx.Headers(), "curl")
    assert "the answer is not JSON" in precondition(TypeError("string indices must be integers"), page)
    assert precondition(httpx.ConnectError("refused"), None).startswith("the server did not answer over HTTP (ConnectError: refused)")
    assert "must succeed to test crawls" in precondition(Unmet("startCrawl must succeed to test crawls", paying), None)


def _threat_protection_unknown(exchange: Any, context: dict[str, Any]) -> Any:
    # A server without threat protection: its strict schema refuses the field as an unknown key.
    body = exchange.body if isinstance(exchange.body, dict) else {}
    if "threatProtection" in body or "threatProtection" in (body.get("scrapeOptions") or {}):
        details = [{"code": "unrecognized_keys", "keys": ["threatProtection"], "path": [], "message": "Unrecognized key in body"}]
        return 400, {"success": False, "error": "Bad Request", "details": details}
    return None


def test_a_feature_the_server_refuses_is_said_once_and_its_requirements_are_not_verified(tmp_path: Path) -> None:
    without = Mutant("no-threat-protection", "threatProtection refused as an unknown key", request=_threat_protection_unknown)
    with embedded_server() as upstream, running_mutant(without, upstream=upstream.base_url, api_key=upstream.api_key, second_api_key=None) as proxy:
        report_dir = tmp_path / "features"
        argv = [CONFORMANCE, "--base-url", proxy, "--api-key", upstream.api_key, "--isolated-usage", "--scenarios", "threat or override or blacklist or risk"]
        argv += ["--config", str(files("webdata_conformance").joinpath("reference.toml"))]
        argv += ["--phases", "examples", "--max-examples", "1", "--seed", "11", "--report-dir", str(report_dir)]
        env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")} | upstream.fixture_env
        done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=600)
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    threat = {identifier: verdicts[identifier]["outcome"] for identifier in REQUIREMENTS if identifier.startswith("THREAT-")}
    assert "failed" not in threat.values() and set(threat.values()) <= {"not verified", "skipped", "not run"}, threat
    assert threat["THREAT-02"] == threat["THREAT-03"] == "not verified", threat
    lines = done.stdout.splitlines()
    header = lines.index("features this server does not implement (their requirements are not verified):")
    assert lines[header + 1].startswith("  threatProtection: threatProtection is not implemented by this server:"), lines[header : header + 3]
    assert "refused it with 400" in lines[header + 1] and not lines[header + 2].startswith("  threatProtection")
    assert "not implemented by this server" in (report_dir / "report.html").read_text()


def test_an_empty_map_search_or_crawl_leaves_its_requirement_unverified_not_failed(tmp_path: Path) -> None:
    """Issue 56 item 9: MAP-01 and SEARCH-01 failed on an empty answer ("returned no link"), and
    CRAWL-04 on a crawl that found nothing beyond its start page (against the service's build),
    which contradicts none of them."""
    from tests.conformance.mutants import Exchange, Mutant

    def empty(exchange: Exchange, context: dict[str, object]) -> None:
        if exchange.path == "/v2/map" and isinstance(exchange.response, dict):
            exchange.response["links"] = []
        if exchange.path == "/v2/search" and isinstance(exchange.response, dict) and isinstance(exchange.response.get("data"), dict):
            exchange.response["data"] = {source: [] for source in exchange.response["data"]}
        if exchange.method == "GET" and exchange.path.startswith("/v2/crawl/") and isinstance(exchange.response, dict) and "data" in exchange.response:
            exchange.response["data"] = []
            exchange.response.pop("next", None)

    mutant = Mutant("empty-map-search-and-crawl", "map, search and crawl find nothing", response=empty)
    report_dir = tmp_path / "empty"
    scenarios = "map_limit_and_domain or search_limit_and_scraped_results or crawl_include_and_exclude_paths"
    done = _scenarios_against(mutant, scenarios, report_dir, reference_pages=True)
    assert (report_dir / "requirements.json").exists(), done.stdout[-3000:] + done.stderr[-3000:]
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    for requirement, setting in (("MAP-01", "[pages.crawl] url"), ("SEARCH-01", "[pages.search] query"), ("CRAWL-04", "[pages.crawl] url")):
        assert verdicts[requirement]["outcome"] == "not verified", (requirement, verdicts[requirement], done.stdout[-2000:])
        assert any(setting in failure for failure in verdicts[requirement]["failures"]), verdicts[requirement]
    summary = next(line for line in done.stdout.splitlines() if line.startswith("conformance: "))
    assert ", 0 failed," in summary.split("(")[0], summary  # no requirement failed: both not verified


def test_a_server_of_its_own_pages_is_told_which_fixture_it_lacks(tmp_path: Path) -> None:
    """Issue 74 item 4: against a server whose web is a folder of pages (``--web PATH``), the
    configured crawl site (example.com) is no page of it: the crawl and map requirements are
    skipped naming [pages.crawl] url, not failed, nor passed on a 404 document."""
    from webdata_server import running

    page = tmp_path / "site" / "mysite.test" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text('<html><head><title>Mine</title></head><body><a href="/a">A</a></body></html>', encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    with running(clock="system", job_seconds=0.5, web=str(tmp_path / "site")) as sandbox:
        argv = [CONFORMANCE, "--base-url", sandbox.base_url, "--api-key", sandbox.api_key, "--phases", "examples", "--scenarios", "map or crawl"]
        done = subprocess.run([*argv, "--report-dir", str(tmp_path / "report")], env=env, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    verdicts = json.loads((tmp_path / "report" / "requirements.json").read_text())
    for requirement in ("CRAWL-01", "CRAWL-02", "CRAWL-03", "MAP-01", "MAP-03"):
        assert verdicts[requirement]["outcome"] == "skipped", (requirement, verdicts[requirement])
        assert "no page at https://example.com ([pages.crawl] url" in json.dumps(verdicts[requirement]), verdicts[requirement]
    assert verdicts["MAP-04"]["outcome"] == "passed"  # a map shorter than its timeout needs no page of the site


def _raw_base64_refused_alone(exchange: Any, context: dict[str, Any]) -> Any:
    body = exchange.body if isinstance(exchange.body, dict) else None
    if exchange.method == "POST" and exchange.path == "/v2/scrape" and body is not None and body.get("formats") == ["rawBase64"]:
        return 400, {"success": False, "error": "Bad Request", "details": [{"code": "invalid_enum_value", "message": "Invalid format", "path": ["formats", 0]}]}
    return None


def test_a_rule_whose_premise_the_server_refuses_is_not_verified_not_passed(tmp_path: Path) -> None:
    """Issue 75 item 3: a server that refuses rawBase64 even alone (the service's August 2025 build
    did) refuses its combination for that reason; FMT-03 must say it was not exercised, never pass."""
    mutant = Mutant("raw-base64-refused-alone", "rawBase64 alone is refused", request=_raw_base64_refused_alone)
    report_dir = tmp_path / "premise"
    _scenarios_against(mutant, "refused_format_combinations", report_dir)
    verdicts = json.loads((report_dir / "requirements.json").read_text())
    assert verdicts["FMT-03"]["outcome"] == "not verified", verdicts["FMT-03"]
    assert 'the server refuses "rawBase64" even alone' in " ".join(verdicts["FMT-03"]["failures"]), verdicts["FMT-03"]
    passing = tmp_path / "reference"
    done = _scenarios_against(Mutant("none", "nothing changed"), "refused_format_combinations", passing)
    assert json.loads((passing / "requirements.json").read_text())["FMT-03"]["outcome"] == "passed", done.stdout[-3000:]
