"""Stage ``package``: metadata, README and a version that changes whenever the shipped code does."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from generator.build import Build
from generator.findings import StageFailed
from generator.package import derive_version
from tests.conftest import EXTENSIONS_DOC

FIXTURE = Path(__file__).parent / "fixtures" / "good" / "minimal.yaml"
ALL = ("bundle", "models", "client")


@pytest.mark.parametrize(
    ("contract", "fingerprint", "previous", "expected"),
    [
        ("2.0.0", "sha256:a", None, "2.0.0"),  # first generation for this contract
        ("2.0.0", "sha256:a", ("2.0.0", "sha256:a"), "2.0.0"),  # same code, same version
        ("2.0.0", "sha256:b", ("2.0.0", "sha256:a"), "2.0.0.1"),  # code changed
        ("2.0.0", "sha256:c", ("2.0.0.1", "sha256:b"), "2.0.0.2"),
        ("2.0.0", "sha256:c", ("2.0.0.7", None), "2.0.0.8"),  # a version from before fingerprints were recorded
        ("2.1.0", "sha256:c", ("2.0.0.2", "sha256:b"), "2.1.0"),  # a new contract version starts again
        ("2.1.0", "sha256:b", ("2.0.0.2", "sha256:b"), "2.0.0.2"),  # the same bytes are the same release
    ],
)
def test_derive_version(contract: str, fingerprint: str, previous: tuple[str, str | None] | None, expected: str) -> None:
    assert derive_version(contract, fingerprint, previous) == expected


def _versions(out: Path) -> dict[str, str]:
    return {name: tomllib.loads((out / name / "pyproject.toml").read_text())["project"]["version"] for name in ("models", "client")}


def _build(spec: Path, out: Path) -> Build:
    return Build(spec=spec, out=out, extensions_doc=EXTENSIONS_DOC, report=lambda _: None)


def test_version_follows_the_generated_code(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    spec = tmp_path / "openapi.yaml"
    spec.write_text(FIXTURE.read_text())
    _build(spec, out).write(ALL)
    assert _versions(out) == {"models": "1.0.0", "client": "1.0.0"}
    _build(spec, out).write(ALL)
    assert _versions(out) == {"models": "1.0.0", "client": "1.0.0"}, "regenerating unchanged code must keep the version"

    # A change of the contract's text (not its version) changes both packages' code.
    spec.write_text(FIXTURE.read_text().replace("summary: Create a thing", "summary: Create one thing"))
    stale = _build(spec, out).check(ALL)
    assert "generated/models/pyproject.toml (differs)" in stale and "generated/client/pyproject.toml (differs)" in stale
    _build(spec, out).write(ALL)
    assert _versions(out) == {"models": "1.0.0.1", "client": "1.0.0.1"}
    assert _build(spec, out).check(ALL) == []

    # A single stage moves only its own distribution's version.
    spec.write_text(spec.read_text().replace("summary: Create one thing", "summary: Create a single thing"))
    _build(spec, out).write(("client",))
    assert _versions(out) == {"models": "1.0.0.1", "client": "1.0.0.2"}

    spec.write_text(spec.read_text().replace("version: 1.0.0", "version: 1.1.0", 1))
    _build(spec, out).write(ALL)
    assert _versions(out) == {"models": "1.1.0", "client": "1.1.0"}


def test_a_contract_version_that_is_not_semver_fails_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    spec = tmp_path / "openapi.yaml"
    spec.write_text(FIXTURE.read_text().replace("version: 1.0.0", "version: '2024-01'", 1))
    with pytest.raises(StageFailed) as failure:
        _build(spec, out).write(ALL)
    assert [(f.rule, f.pointer) for f in failure.value.findings] == [("contract-version", "/info/version")]
    assert not out.exists() or not any(out.iterdir())


def test_readmes_are_written_from_the_bundle(tmp_path: Path) -> None:
    out = tmp_path / "generated"
    _build(FIXTURE, out).write(ALL)
    client = (out / "client" / "README.md").read_text()
    assert "`POST /v2/things`" in client and "client.things" in client
    assert "MyDataModel" not in client and "my_tag" not in client
    models = (out / "models" / "README.md").read_text()
    assert "`Thing`" in models and "openapi.json" in models
