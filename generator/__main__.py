"""``python -m generator [STAGE] [--check]``: run one stage of the build, or all of them.

Exit codes: 0 success; 1 a stage found problems (each printed as ``file:line: pointer: [stage/rule] …``);
2 ``--check`` found ``generated/`` stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.build import STAGES, Build
from generator.findings import StageFailed

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__.splitlines()[0])
    parser.add_argument("stage", nargs="?", default="all", choices=(*STAGES, "all"), help="stage to run (default: all); a stage runs the checks before it")
    parser.add_argument("--check", action="store_true", help="write nothing; fail when generated/ differs from a fresh generation")
    parser.add_argument("--spec", type=Path, default=Path("spec/openapi.yaml"), help="the spec (default: spec/openapi.yaml)")
    parser.add_argument("--out", type=Path, default=Path("generated"), help="the output folder (default: generated)")
    parser.add_argument("--extensions-doc", type=Path, default=None, help="extensions document (default: EXTENSIONS.md beside the spec)")
    args = parser.parse_args(argv)

    extensions_doc = args.extensions_doc or args.spec.parent / "EXTENSIONS.md"
    build = Build(spec=args.spec, out=args.out, extensions_doc=extensions_doc)
    stages = STAGES[2:] if args.stage == "all" else (args.stage,)
    try:
        if args.stage in ("validate", "lint"):
            build.check_spec()
            return 0
        if args.check:
            differences = build.check(stages)
            if differences:
                print(f"{args.out}/ is stale: run `make`", file=sys.stderr)
                for difference in differences:
                    print(f"  {difference}", file=sys.stderr)
                return 2
            print(f"check: {args.out}/ is up to date with {args.spec}")
            return 0
        build.write(stages)
    except StageFailed as failure:
        for finding in failure.findings:
            print(finding.render(), file=sys.stderr)
        print(f"{len(failure.findings)} problem(s); {args.out}/ was left as it was", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
