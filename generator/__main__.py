"""``python -m generator [COMMAND] [options]``: the build, and the contract author's tools.

    python -m generator [all|bundle|models|client] [--check]   the build (default: all)
    python -m generator validate|lint [--format F] [--lint-config FILE]
    python -m generator breaking [--base FILE|git:REF] [--format text|json]
    python -m generator changelog [--base FILE|git:REF] [--append CHANGELOG.md]
    python -m generator release [--accept-breaking REASON]     changelog into CHANGELOG.md, bundle into releases/
    python -m generator docs [--out FILE]

Exit codes: 0 success; 1 a stage found problems (each printed as ``file:line: pointer: [stage/rule] …``),
or ``breaking`` found changes that break clients without a new major version; 2 ``--check`` found
``generated/`` stale.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.breaking import compare, gate
from generator.build import STAGES, Build
from generator.changelog import render_section
from generator.findings import StageFailed
from generator.report import FORMATS, render

COMMANDS = ("breaking", "changelog", "release", "docs")
DEFAULT_BASE = "releases/openapi.json"


def _load_base(base: str) -> dict[str, Any]:
    """A bundle from a file, or from ``git:REF`` (that commit's generated/openapi.json)."""
    if base.startswith("git:"):
        shown = subprocess.run(["git", "show", f"{base[4:]}:generated/openapi.json"], capture_output=True, text=True, check=False)
        if shown.returncode != 0:
            raise SystemExit(f"cannot read generated/openapi.json at {base[4:]}: {shown.stderr.strip()}")
        document: dict[str, Any] = json.loads(shown.stdout)
        return document
    path = Path(base)
    if not path.is_file():
        raise SystemExit(f"no released bundle at {base}: pass --base FILE or --base git:REF")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _append_section(changelog: Path, section: str) -> None:
    """Add a changelog section at the end of ``changelog`` (created with its title when missing)."""
    existing = changelog.read_text(encoding="utf-8") if changelog.exists() else "# Changelog of the contract\n"
    changelog.write_text(existing.rstrip("\n") + "\n\n" + section, encoding="utf-8")


def _contract_tools(args: argparse.Namespace, bundle_path: Path) -> int:
    if args.stage == "docs":
        from generator.docs import render_page

        out = args.out or Path("build/docs/index.html")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(render_page(json.loads(bundle_path.read_text(encoding="utf-8"))), encoding="utf-8")
        print(f"docs: {out} ({out.stat().st_size} bytes)")
        return 0
    old, new = _load_base(args.base), json.loads(bundle_path.read_text(encoding="utf-8"))
    changes = compare(old, new)
    if args.stage == "release":
        refusal = gate(old, new, changes)
        if refusal and not args.accept_breaking:
            print(f"release: {refusal} (or pass --accept-breaking REASON)", file=sys.stderr)
            return 1
        section = render_section(changes, old=old, new=new, base=args.base, accepted=args.accept_breaking if refusal else None)
        changelog = Path("CHANGELOG.md")
        _append_section(changelog, section)
        Path(DEFAULT_BASE).write_bytes(bundle_path.read_bytes())
        print(f"release: {len(changes)} change(s) appended to {changelog}; {DEFAULT_BASE} is now the released bundle")
        return 0
    if args.stage == "changelog":
        section = render_section(changes, old=old, new=new, base=args.base)
        if args.append:
            _append_section(args.append, section)
            print(f"changelog: appended {len(changes)} change(s) to {args.append}")
        else:
            print(section, end="")
        return 0
    refusal = gate(old, new, changes)
    if args.format == "json":
        print(json.dumps({"changes": [c.as_dict() for c in changes], "gate": refusal}, indent=2))
    else:
        for change in changes:
            print(f"{change.pointer}: [breaking/{change.rule}] clients {change.clients}, servers {change.servers}: {change.where}: {change.message}")
        breaking = sum(1 for c in changes if c.breaking)
        print(f"breaking: {len(changes)} change(s) against {args.base}, {breaking} breaking for clients", file=sys.stderr)
        if refusal:
            print(f"breaking: {refusal}", file=sys.stderr)
    return 1 if refusal else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    parser.add_argument("stage", nargs="?", default="all", choices=(*STAGES, "all", *COMMANDS), help="stage or command (default: all)")
    parser.add_argument("--check", action="store_true", help="write nothing; fail when generated/ differs from a fresh generation")
    parser.add_argument("--spec", type=Path, default=Path("spec/openapi.yaml"), help="the spec (default: spec/openapi.yaml)")
    parser.add_argument("--out", type=Path, default=None, help="the output folder (default: generated), or the page of `docs`")
    parser.add_argument("--extensions-doc", type=Path, default=None, help="extensions document (default: EXTENSIONS.md beside the spec)")
    parser.add_argument("--lint-config", type=Path, default=None, help="rule severities (default: lint.toml beside the spec)")
    parser.add_argument("--format", choices=FORMATS, default="text", help="output of validate, lint (all formats) and breaking (text, json)")
    parser.add_argument("--base", default=DEFAULT_BASE, help=f"the released bundle for breaking and changelog: a file or git:REF (default {DEFAULT_BASE})")
    parser.add_argument("--append", type=Path, default=None, help="changelog: append the section to this file instead of printing it")
    parser.add_argument("--accept-breaking", metavar="REASON", help="release: go ahead with client-breaking changes, recording why in the changelog")
    args = parser.parse_args(argv)

    if args.stage in COMMANDS:
        return _contract_tools(args, Path("generated/openapi.json"))
    out = args.out or Path("generated")
    extensions_doc = args.extensions_doc or args.spec.parent / "EXTENSIONS.md"
    quiet = args.stage in ("validate", "lint") and args.format != "text"
    build = Build(spec=args.spec, out=out, extensions_doc=extensions_doc, lint_config=args.lint_config, report=(lambda _: None) if quiet else print)
    stages = STAGES[2:] if args.stage == "all" else (args.stage,)
    try:
        if args.stage in ("validate", "lint"):
            build.check_spec()
            if quiet:
                print(render(build.warnings, args.format), end="")
            return 0
        if args.check:
            differences = build.check(stages)
            if differences:
                print(f"{out}/ is stale: run `make`", file=sys.stderr)
                for difference in differences:
                    print(f"  {difference}", file=sys.stderr)
                return 2
            print(f"check: {out}/ is up to date with {args.spec}")
            return 0
        build.write(stages)
    except StageFailed as failure:
        if quiet:
            print(render(failure.findings, args.format), end="")
            return 1
        for finding in failure.findings:
            print(finding.render(), file=sys.stderr)
        print(f"{len(failure.findings)} problem(s); {out}/ was left as it was", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
