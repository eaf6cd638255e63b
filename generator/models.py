"""Stage ``models``: pydantic v2 models (package ``webdata_models``) from the bundle.

datamodel-code-generator does the translation with the options in ``generator/config/models.toml``.
Constructs it cannot express are either refused here (the build fails naming the schema) or
added by this stage: ``minProperties``/``maxProperties`` on a component become a validator in a
base class (``webdata_models._bounds``), assigned with ``--base-class-map``.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from generator.findings import Finding, StageFailed, join_pointer
from generator.tools import run_tool
from generator.walk import iter_schemas

__all__ = ["BUNDLE_RESOURCE", "PACKAGE", "generate_models", "property_bounds", "unsupported_constructs"]

STAGE = "models"
PACKAGE = "webdata_models"
# The bundle as package data of webdata_models (read with importlib.resources).
BUNDLE_RESOURCE = "openapi.json"
CONFIG = Path(__file__).parent / "config" / "models.toml"

# Keywords datamodel-code-generator drops without a word; the stage fails where they appear.
_UNSUPPORTED = ("not", "if", "then", "else", "dependentRequired", "dependentSchemas", "contains", "unevaluatedProperties", "propertyNames")

_BOUNDS_MODULE = '''"""Checks datamodel-code-generator cannot express: ``minProperties`` and ``maxProperties``.

Written by the generator's ``models`` stage from the bundle. Do not edit.
"""

from typing import Any

from pydantic import BaseModel, model_validator

__all__ = ["PROPERTY_BOUNDS", "PropertyCountModel"]

# Schema name -> (minProperties, maxProperties); None where the schema sets no bound.
PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {bounds}


class PropertyCountModel(BaseModel):
    """Base of the models whose schema bounds how many properties an instance carries."""

    @model_validator(mode="after")
    def _check_property_count(self) -> Any:
        low, high = PROPERTY_BOUNDS.get(type(self).__name__, (None, None))
        present = {{name for name in self.model_fields_set if getattr(self, name, None) is not None}}
        present |= set(self.model_extra or {{}})
        count = len(present)
        if low is not None and count < low:
            raise ValueError(f"at least {{low}} properties required, got {{count}}: {{sorted(present)}}")
        if high is not None and count > high:
            raise ValueError(f"at most {{high}} properties allowed, got {{count}}: {{sorted(present)}}")
        return self
'''


def unsupported_constructs(bundle: dict[str, Any]) -> list[Finding]:
    """Schema keywords the generator would drop, and property bounds below component level."""
    findings = []
    for pointer, schema in iter_schemas(bundle):
        for keyword in _UNSUPPORTED:
            if keyword in schema:
                findings.append(_finding(join_pointer(pointer, keyword), f"{keyword!r} cannot be generated as a pydantic model; express it another way"))
        nested = pointer.count("/") > 3
        if nested and ("minProperties" in schema or "maxProperties" in schema):
            findings.append(_finding(pointer, "minProperties/maxProperties are supported on component schemas only"))
    return findings


def property_bounds(bundle: dict[str, Any]) -> dict[str, tuple[int | None, int | None]]:
    """Component name -> (minProperties, maxProperties) for every component that sets one."""
    schemas = (bundle.get("components") or {}).get("schemas") or {}
    return {
        name: (schema.get("minProperties"), schema.get("maxProperties"))
        for name, schema in sorted(schemas.items())
        if "minProperties" in schema or "maxProperties" in schema
    }


def _finding(pointer: str, message: str) -> Finding:
    return Finding(file="generated/openapi.json", pointer=pointer, rule="unsupported-construct", message=message, stage=STAGE)


def _flags(options: dict[str, Any]) -> list[str]:
    argv: list[str] = []
    for key, value in options.items():
        if value is True:
            argv.append(f"--{key}")
        elif isinstance(value, list):
            for item in value:
                argv += [f"--{key}", str(item)]
        elif value is not False:
            argv += [f"--{key}", str(value)]
    return argv


def generate_models(*, bundle_path: Path, out_dir: Path) -> Path:
    """Write the ``webdata_models`` package under ``out_dir``; returns the package folder."""
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    findings = unsupported_constructs(bundle)
    if findings:
        raise StageFailed(findings)
    package = out_dir / PACKAGE
    package.mkdir(parents=True)
    options = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    bounds = property_bounds(bundle)
    argv = [sys.executable, "-m", "datamodel_code_generator", "--input", str(bundle_path), "--output", str(package / "__init__.py")]
    argv += _flags(options)
    if bounds:
        argv += ["--base-class-map", json.dumps({name: f"{PACKAGE}._bounds.PropertyCountModel" for name in bounds})]
    run_tool(argv, stage=STAGE)
    (package / "_bounds.py").write_text(_BOUNDS_MODULE.format(bounds=repr(bounds)), encoding="utf-8")
    (package / "py.typed").write_text("", encoding="utf-8")
    # The contract ships with its models: the server and the conformance suite read it from here.
    (package / BUNDLE_RESOURCE).write_bytes(bundle_path.read_bytes())
    return package
