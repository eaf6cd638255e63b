"""The pipeline: byte-stable output, a clean swap, drift detection, golden files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build import Build, compare_trees
from tests.conftest import EXTENSIONS_DOC

FIXTURE = Path(__file__).parent / "fixtures" / "good" / "minimal.yaml"
GOLDEN = Path(__file__).parent / "golden" / "minimal"
ALL = ("bundle", "models", "client")


def _build(out: Path) -> Build:
    return Build(spec=FIXTURE, out=out, extensions_doc=EXTENSIONS_DOC, report=lambda _: None)


def test_matches_golden_files(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    out = tmp_path / "generated"
    _build(out).write(ALL)
    if request.config.getoption("--update-golden"):
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(out, GOLDEN)
    assert compare_trees(out, GOLDEN, label="golden") == [], "run pytest --update-golden after an intended change"


def test_regeneration_is_byte_stable(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _build(first).write(ALL)
    _build(second).write(ALL)
    assert compare_trees(first, second, label="b") == []


def test_stale_and_removed_files_are_reported_then_replaced(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    build = _build(out)
    build.write(ALL)
    assert build.check(ALL) == []
    stale = out / "models" / "webdata_models" / "removed_schema.py"
    stale.write_text("class Gone: ...\n")
    (out / "openapi.json").write_text("{}\n")
    assert build.check(ALL) == [
        "generated/openapi.json (differs)",
        "generated/models/webdata_models/removed_schema.py (not generated any more)",
    ]
    build.write(ALL)
    assert not stale.exists()
    assert build.check(ALL) == []


def test_a_single_stage_replaces_only_its_output(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    _build(out).write(ALL)
    marker = out / "client" / "marker.txt"
    marker.write_text("kept\n")
    (out / "models" / "extra.txt").write_text("gone\n")
    _build(out).write(("models",))
    assert marker.exists()
    assert not (out / "models" / "extra.txt").exists()


def test_check_reports_a_missing_output(tmp_path: Path) -> None:
    assert _build(tmp_path / "nothing").check(("bundle",)) == ["nothing/openapi.json (missing)"]
