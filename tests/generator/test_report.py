"""Lint output for tools: text, json, sarif (checked against the SARIF 2.1.0 schema), junit and
github formats; severities from a configuration file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from jsonschema import Draft4Validator

from generator.lint import RULES, SEVERITIES
from tests.conftest import EXTENSIONS_DOC, ROOT

FIXTURES = Path(__file__).parent / "fixtures"
BAD = FIXTURES / "bad" / "missing-summary.yaml"
SARIF_PACKAGE = Path(__file__).with_name("sarif_schema")


def _lint(spec: Path, *args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "generator", "lint", "--spec", str(spec), "--extensions-doc", str(EXTENSIONS_DOC), *args]
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)


def test_every_rule_has_a_documented_default_severity() -> None:
    assert set(SEVERITIES) == set(RULES) and set(SEVERITIES.values()) <= {"error", "warning"}
    readme = (ROOT / "README.md").read_text()
    for rule in RULES:
        assert f"`{rule}`" in readme, f"rule {rule} is not documented in README.md"


def test_json() -> None:
    done = _lint(BAD, "--format", "json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["summary"] == {"error": 1, "warning": 0}
    [finding] = report["findings"]
    assert finding["rule"] == "lint/operation-summary" and finding["pointer"] == "/paths/~1v2~1things/post" and finding["line"] == 8


def test_github_annotations() -> None:
    done = _lint(BAD, "--format", "github")
    assert done.returncode == 1
    assert done.stdout.startswith("::error file=") and ",line=8,title=lint/operation-summary::/paths/~1v2~1things/post: " in done.stdout


def test_junit() -> None:
    done = _lint(BAD, "--format", "junit")
    assert done.returncode == 1
    suite = ElementTree.fromstring(done.stdout).find("testsuite")  # noqa: S314 - our own output
    assert suite is not None and suite.get("failures") == "1"
    failed = [case.get("name") for case in suite.iter("testcase") if case.find("failure") is not None]
    assert failed == ["lint/operation-summary"]
    assert len(list(suite.iter("testcase"))) >= len(RULES)


def test_text_is_unchanged() -> None:
    done = _lint(BAD)
    assert done.returncode == 1 and "[lint/operation-summary] error:" in done.stderr


def test_a_clean_spec_gives_empty_reports() -> None:
    for fmt in ("json", "github", "sarif"):
        done = _lint(ROOT / "spec" / "openapi.yaml", "--format", fmt)
        assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(_lint(ROOT / "spec" / "openapi.yaml", "--format", "json").stdout)["findings"] == []


@pytest.mark.parametrize(
    ("level", "code", "findings"),
    [("warning", 0, [("lint/operation-summary", "warning")]), ("off", 0, []), ("error", 1, [("lint/operation-summary", "error")])],
)
def test_a_configuration_file_sets_severities(tmp_path: Path, level: str, code: int, findings: list[tuple[str, str]]) -> None:
    spec = tmp_path / "openapi.yaml"
    shutil.copy(BAD, spec)
    (tmp_path / "lint.toml").write_text(f'[rules]\noperation-summary = "{level}"\n')
    done = _lint(spec, "--format", "json")
    assert done.returncode == code, done.stdout + done.stderr
    assert [(f["rule"], f["level"]) for f in json.loads(done.stdout)["findings"]] == findings


def test_a_bad_configuration_names_the_file_and_key(tmp_path: Path) -> None:
    config = tmp_path / "lint.toml"
    config.write_text('[rules]\noperation-sumary = "warning"\noperation-tags = "loud"\n')
    done = _lint(BAD, "--lint-config", str(config))
    assert done.returncode == 1
    assert f"{config}: /rules/operation-sumary: [lint/lint-config] error: unknown rule 'operation-sumary'" in done.stderr
    assert "/rules/operation-tags: [lint/lint-config] error: severity 'loud'" in done.stderr


@pytest.fixture(scope="module")
def sarif_schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is needed to fetch the SARIF 2.1.0 schema (package @microsoft/jest-sarif)")
    folder = tmp_path_factory.mktemp("sarif")
    for name in ("package.json", "package-lock.json"):
        shutil.copy(SARIF_PACKAGE / name, folder / name)
    done = subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=folder, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    schema: dict[str, Any] = json.loads((folder / "node_modules" / "@microsoft" / "jest-sarif" / "lib" / "schemas" / "sarif-2.1.0-rtm.5.json").read_text())
    return schema


@pytest.mark.parametrize(
    "spec", [BAD, FIXTURES / "bad" / "dangling-ref.yaml", ROOT / "spec" / "openapi.yaml"], ids=["lint finding", "validate finding", "clean"]
)
def test_sarif_is_valid_against_the_sarif_schema(sarif_schema: dict[str, Any], spec: Path, tmp_path: Path) -> None:
    (tmp_path / "lint.toml").write_text('[rules]\noperation-summary = "warning"\n')
    done = _lint(spec, "--format", "sarif")
    log = json.loads(done.stdout)
    errors = sorted(Draft4Validator(sarif_schema).iter_errors(log), key=lambda e: list(e.path))
    assert errors == [], [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    run = log["runs"][0]
    ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert {f"lint/{rule}" for rule in RULES} <= set(ids)
    for result in run["results"]:
        assert ids[result["ruleIndex"]] == result["ruleId"]
        assert result["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1
    assert (spec.name == "openapi.yaml") == (run["results"] == [])
