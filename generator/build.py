"""The pipeline: run the stages in order, generate into a clean folder, then swap it in.

A failed run leaves ``generated/`` as it was; a removed schema leaves no stale file, because
outputs are never updated in place. ``check`` generates into a temporary folder and compares.
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.bundle import BUNDLE_NAME, render_bundle
from generator.client import generate_client
from generator.findings import Finding, StageFailed
from generator.lint import CONFIG_NAME, RULES, lint
from generator.load import SpecDocument
from generator.models import generate_models
from generator.package import write_distribution
from generator.readme import client_readme, models_readme
from generator.tools import run_tool, tool_path
from generator.validate import validate

__all__ = ["OUTPUTS", "STAGES", "Build", "compare_trees"]

STAGES = ("validate", "lint", "bundle", "models", "client")
# What each writing stage owns inside generated/.
OUTPUTS = {"bundle": BUNDLE_NAME, "models": "models", "client": "client"}
# The distribution each package stage's output becomes (stage `package`), and its README.
DISTRIBUTIONS = {"models": ("webdata-models", models_readme), "client": ("webdata-client", client_readme)}
RUFF_CONFIG = Path(__file__).parent / "config" / "ruff.toml"
_IGNORED = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".pdm-build"}


@dataclass
class Build:
    """One run of the pipeline over ``spec``, writing (or checking) ``out``."""

    spec: Path
    out: Path
    extensions_doc: Path
    report: Callable[[str], None] = print
    # The lint configuration (rule severities); default: lint.toml beside the spec, if present.
    lint_config: Path | None = None
    document: SpecDocument | None = field(default=None, init=False)
    warnings: list[Finding] = field(default_factory=list, init=False)

    def check_spec(self) -> SpecDocument:
        """Stages validate and lint; raises :class:`StageFailed` with every finding."""
        display = os.path.relpath(self.spec) if self.spec.is_absolute() else str(self.spec)
        document = validate(self.spec, display=display)
        operations = sum(1 for item in document.data.get("paths", {}).values() for key in item if key != "parameters")
        schemas = len(document.data.get("components", {}).get("schemas", {}))
        self.report(f"validate: {display} is valid OpenAPI 3.1.0, every $ref resolves ({operations} operations, {schemas} schemas)")
        self.warnings = lint(document, extensions_doc=self.extensions_doc, config=self.lint_config or self.spec.parent / CONFIG_NAME)
        for warning in self.warnings:
            self.report(warning.render())
        passed = "pass" if not self.warnings else f"pass with {len(self.warnings)} warning(s)"
        self.report(f"lint: {len(RULES)} rules {passed} ({', '.join(RULES)})")
        self.document = document
        return document

    def generate(self, into: Path, stages: tuple[str, ...]) -> None:
        """Write the outputs of ``stages`` (a subset of bundle, models, client) into ``into``."""
        document = self.document or self.check_spec()
        into.mkdir(parents=True, exist_ok=True)
        bundle_path = into / BUNDLE_NAME
        bundle_path.write_text(render_bundle(document.data), encoding="utf-8")
        if "bundle" in stages:
            self.report(f"bundle: {BUNDLE_NAME} ({bundle_path.stat().st_size} bytes, sorted keys)")
        if "models" in stages:
            try:
                generate_models(bundle_path=bundle_path, out_dir=into / "models")
            except StageFailed as failure:
                # The bundle keeps the spec's structure, so a pointer into it locates the spec line.
                raise StageFailed([_locate(document, f) for f in failure.findings]) from failure
        if "client" in stages:
            generate_client(bundle_path=bundle_path, out_dir=into / "client")
        python_dirs = [str(into / OUTPUTS[s]) for s in ("models", "client") if s in stages]
        if python_dirs:
            bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
            ruff = tool_path("ruff")
            run_tool([ruff, "check", "--quiet", "--no-cache", "--fix-only", "--config", str(RUFF_CONFIG), *python_dirs], stage="format", allow_output=True)
            run_tool([ruff, "format", "--quiet", "--no-cache", "--config", str(RUFF_CONFIG), *python_dirs], stage="format")
            for stage in ("models", "client"):
                if stage in stages:
                    count = sum(1 for _ in (into / OUTPUTS[stage]).rglob("*.py"))
                    self.report(f"{stage}: generated/{OUTPUTS[stage]}/ ({count} Python files, formatted with pinned ruff)")
                    self._package(stage, into, bundle)
        if "bundle" not in stages:
            bundle_path.unlink()

    def _package(self, stage: str, into: Path, bundle: dict[str, Any]) -> None:
        """Stage ``package``: metadata, README, licence and the derived version of one distribution."""
        name, readme = DISTRIBUTIONS[stage]
        # The version is derived against what is in the output folder now (normally the committed state).
        version = write_distribution(
            name=name,
            project_dir=into / OUTPUTS[stage],
            contract_version=str(bundle.get("info", {}).get("version", "")),
            previous_pyproject=self.out / OUTPUTS[stage] / "pyproject.toml",
            readme=lambda distribution: readme(distribution, bundle),
        )
        self.report(f"package: {name} {version} (generated/{OUTPUTS[stage]}/pyproject.toml)")

    def write(self, stages: tuple[str, ...]) -> None:
        """Generate into a staging folder beside ``out``, then swap each output in."""
        self.check_spec()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".generated-", dir=self.out.parent))
        try:
            self.generate(staging, stages)
            if set(OUTPUTS) <= set(stages):
                _swap(staging, self.out)
            else:
                self.out.mkdir(exist_ok=True)
                for stage in stages:
                    if stage in OUTPUTS:
                        _swap(staging / OUTPUTS[stage], self.out / OUTPUTS[stage])
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    def check(self, stages: tuple[str, ...]) -> list[str]:
        """Generate into a temporary folder; the paths under ``out`` that differ (empty when fresh)."""
        self.check_spec()
        with tempfile.TemporaryDirectory(prefix="webdata-check-") as temporary:
            fresh = Path(temporary) / "generated"
            self.generate(fresh, stages)
            differences: list[str] = []
            for stage in stages:
                if stage in OUTPUTS:
                    differences += compare_trees(fresh / OUTPUTS[stage], self.out / OUTPUTS[stage], label=f"{self.out.name}/{OUTPUTS[stage]}")
            return differences


def _locate(document: SpecDocument, finding: Finding) -> Finding:
    if not finding.pointer:
        return finding
    return replace(finding, file=document.file, line=document.line_of(finding.pointer))


def _swap(new: Path, target: Path) -> None:
    old = target.with_name(f".{target.name}.old")
    if old.exists():
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    if target.exists():
        target.rename(old)
    new.rename(target)
    if old.exists():
        shutil.rmtree(old) if old.is_dir() else old.unlink()


def _files(root: Path) -> Iterator[str]:
    if root.is_file():
        yield ""
        return
    for path in sorted(root.rglob("*")):
        if path.is_file() and not _IGNORED & set(path.relative_to(root).parts) and path.suffix != ".pyc":
            yield path.relative_to(root).as_posix()


def compare_trees(fresh: Path, current: Path, *, label: str) -> list[str]:
    """Paths (prefixed with ``label``) that are missing, extra or different in ``current``."""
    if not current.exists():
        return [f"{label} (missing)"]
    fresh_files, current_files = set(_files(fresh)), set(_files(current))

    def name(relative: str) -> str:
        return f"{label}/{relative}" if relative else label

    differences = [f"{name(r)} (missing)" for r in sorted(fresh_files - current_files)]
    differences += [f"{name(r)} (not generated any more)" for r in sorted(current_files - fresh_files)]
    for relative in sorted(fresh_files & current_files):
        if not filecmp.cmp(fresh / relative if relative else fresh, current / relative if relative else current, shallow=False):
            differences.append(f"{name(relative)} (differs)")
    return differences
