"""Stage ``client``: the typed HTTP client package ``webdata_client`` from the bundle.

openapi-python-client does the work with ``generator/config/client.yaml``; it must print
nothing (``--fail-on-warning``), since its warnings mean an endpoint or schema was skipped.
"""

from __future__ import annotations

from pathlib import Path

from generator.findings import Finding, StageFailed
from generator.tools import run_tool, tool_path

__all__ = ["PACKAGE", "generate_client"]

STAGE = "client"
PACKAGE = "webdata_client"
CONFIG = Path(__file__).parent / "config" / "client.yaml"


def generate_client(*, bundle_path: Path, out_dir: Path) -> Path:
    """Write the client package into ``out_dir`` (which must not exist); returns the package folder.

    Only the package: its ``pyproject.toml`` and README come from the ``package`` stage.
    """
    argv = [
        tool_path("openapi-python-client"),
        "generate",
        "--path",
        str(bundle_path),
        "--config",
        str(CONFIG),
        "--meta",
        "none",
        "--output-path",
        str(out_dir / PACKAGE),
        "--fail-on-warning",
    ]
    output = run_tool(argv, stage=STAGE, allow_output=True)
    # It announces the folder it writes; anything else is a warning.
    leftover = [line for line in output.splitlines() if line.strip() and not line.startswith("Generating ")]
    if leftover:
        raise StageFailed(
            [
                Finding(
                    file="generated/openapi.json", pointer="", rule="tool-output", stage=STAGE, message="openapi-python-client warned:\n" + "\n".join(leftover)
                )
            ]
        )
    (out_dir / PACKAGE / "py.typed").write_text("", encoding="utf-8")
    return out_dir / PACKAGE
