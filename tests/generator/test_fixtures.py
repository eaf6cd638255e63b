"""Known-bad specs fail with the exact stage, rule, file, JSON pointer and line, and change nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.lint import RULES
from tests.conftest import EXTENSIONS_DOC, ROOT

FIXTURES = Path(__file__).parent / "fixtures"

# fixture -> (stage/rule, JSON pointer, line) of the first finding it must produce.
EXPECTED = {
    "syntax-error": ("validate/syntax", "/", 13),
    "dangling-ref": ("validate/dangling-ref", "/components/schemas/Thing/properties/shape/$ref", 63),
    "schema-error": ("validate/openapi-3.1", "/paths/~1v2~1things/post/responses/200", 19),
    "default-invalid": ("lint/default-valid", "/components/schemas/Thing/properties/size/default", 62),
    "example-invalid": ("lint/example-valid", "/components/responses/Failure/content/application~1json/examples/failure/value", 38),
    "missing-operationid": ("lint/operation-operationid", "/paths/~1v2~1things/post", 8),
    "missing-tags": ("lint/operation-tags", "/paths/~1v2~1things/post", 8),
    "missing-security": ("lint/operation-security", "/paths/~1v2~1things/post", 6),
    "missing-401": ("lint/operation-response-401", "/paths/~1v2~1things/post/responses", 18),
    "missing-429": ("lint/operation-response-429", "/paths/~1v2~1things/post/responses", 18),
    "missing-500": ("lint/operation-response-500", "/paths/~1v2~1things/post/responses", 18),
    "unshared-error": ("lint/error-schema-shared", "/paths/~1v2~1things/post/responses/500/content/application~1json/schema", 30),
    "inline-variant": ("lint/union-inline-variant", "/components/schemas/Shape/oneOf/1", 68),
    "no-discriminator": ("lint/union-discriminator", "/components/schemas/Shape/oneOf", 66),
    "required-undeclared": ("lint/required-declared", "/components/schemas/Thing/required", 59),
    "missing-x-source": ("lint/x-source", "/components/schemas/Square", 81),
    "undocumented-extension": ("lint/extension-documented", "/components/schemas/Thing/x-colour", 59),
    "unsupported-construct": ("models/unsupported-construct", "/components/schemas/Thing/not", 60),
    "missing-summary": ("lint/operation-summary", "/paths/~1v2~1things/post", 8),
    "missing-retry-after": ("lint/rate-limit-retry-after", "/paths/~1v2~1things/post/responses/429", 25),
    "bad-x-credits": ("lint/x-credits-shape", "/paths/~1v2~1things/post/x-credits/0/effect", 14),
    "unbounded-list": ("lint/request-bounds", "/components/schemas/Thing/properties/tags", 62),
}


def test_every_fixture_has_an_expectation() -> None:
    assert sorted(p.stem for p in (FIXTURES / "bad").glob("*.yaml")) == sorted(EXPECTED)


def test_every_lint_rule_has_a_fixture() -> None:
    covered = {rule.split("/", 1)[1] for rule, _, _ in EXPECTED.values() if rule.startswith("lint/")}
    assert covered == set(RULES)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_fixture_fails_with_location_and_leaves_output(name: str, tmp_path: Path) -> None:
    out = tmp_path / "generated"
    (out / "models").mkdir(parents=True)
    (out / "openapi.json").write_text("{}\n")
    (out / "models" / "sentinel.py").write_text("# must survive a failed run\n")
    before = _snapshot(out)
    spec = FIXTURES / "bad" / f"{name}.yaml"
    completed = subprocess.run(
        [sys.executable, "-m", "generator", "all", "--spec", str(spec.relative_to(ROOT)), "--out", str(out), "--extensions-doc", str(EXTENSIONS_DOC)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 1, completed.stdout + completed.stderr
    rule, pointer, line = EXPECTED[name]
    expected = f"tests/generator/fixtures/bad/{name}.yaml:{line}: {pointer}: [{rule}] error:"
    assert completed.stderr.splitlines()[0].startswith(expected), completed.stderr
    assert "was left as it was" in completed.stderr
    assert _snapshot(out) == before
    assert not list(tmp_path.glob(".generated-*")), "the staging folder was not cleaned up"


def test_good_fixture_passes_every_stage(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "generator",
            "all",
            "--spec",
            str(FIXTURES / "good" / "minimal.yaml"),
            "--out",
            str(tmp_path / "g"),
            "--extensions-doc",
            str(EXTENSIONS_DOC),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    for stage in ("validate:", "lint:", "bundle:", "models:", "client:"):
        assert stage in completed.stdout
