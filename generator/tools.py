"""Running the pinned third-party tools of the build (datamodel-code-generator, openapi-python-client, ruff)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from generator.findings import Finding, StageFailed

__all__ = ["run_tool", "tool_path"]


def tool_path(name: str) -> str:
    """The console script ``name`` installed beside the running interpreter (the project's venv)."""
    candidate = Path(sys.executable).with_name(name)
    return str(candidate) if candidate.exists() else name


def run_tool(argv: list[str], *, stage: str, cwd: Path | None = None, allow_output: bool = False) -> str:
    """Run one tool; a non-zero exit, or any output when ``allow_output`` is false, fails the stage.

    Generators announce dropped constructs as warnings on their output, so silence is required.
    """
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.setdefault("PYTHONHASHSEED", "0")
    completed = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    output = (completed.stdout + completed.stderr).strip()
    if completed.returncode != 0 or (output and not allow_output):
        what = "failed" if completed.returncode else "printed warnings"
        raise StageFailed(
            [
                Finding(
                    file="generated/openapi.json",
                    pointer="",
                    rule="tool-output",
                    message=f"{Path(argv[0]).name} {what} (exit {completed.returncode}):\n{output}",
                    stage=stage,
                )
            ]
        )
    return output
