"""Stage ``models``: pydantic v2 models (package ``webdata_models``) from the bundle.

datamodel-code-generator does the translation with the options in ``generator/config/models.toml``.
Constructs it cannot express are either refused here (the build fails naming the schema) or
added by this stage: ``minProperties``/``maxProperties`` on a component become a validator in a
base class (``webdata_models._bounds``), assigned with ``--base-class-map``.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
from pathlib import Path
from typing import Any

from generator.findings import Finding, StageFailed, join_pointer
from generator.tools import run_tool
from generator.walk import iter_schemas, iter_subschemas

__all__ = [
    "BUNDLE_RESOURCE",
    "PACKAGE",
    "field_names",
    "generate_models",
    "open_response_enums",
    "property_bounds",
    "python_name",
    "response_only_schemas",
    "unsupported_constructs",
]

STAGE = "models"
PACKAGE = "webdata_models"
# The bundle as package data of webdata_models (read with importlib.resources).
BUNDLE_RESOURCE = "openapi.json"
CONFIG = Path(__file__).parent / "config" / "models.toml"
# The base classes of the models, as a Python module kept (and linted) in the generator: copied as it is.
RUNTIME = Path(__file__).parent / "runtime" / PACKAGE
_SCHEMA_REF = "#/components/schemas/"

# Keywords datamodel-code-generator drops without a word; the stage fails where they appear.
_UNSUPPORTED = ("not", "if", "then", "else", "dependentRequired", "dependentSchemas", "contains", "unevaluatedProperties", "propertyNames")


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


def _required_only(member: Any) -> bool:
    return isinstance(member, dict) and "required" in member and all(k == "required" or k.startswith("x-") for k in member)


def required_any(bundle: dict[str, Any]) -> dict[str, list[list[str]]]:
    """Component name -> the ``required`` lists of its ``anyOf`` when every member is one (at least
    one of those field sets must be present: ``InteractRequest``'s code or prompt). The models keep
    one class with every field optional and check the rule in ``PropertyCountModel``."""
    schemas = (bundle.get("components") or {}).get("schemas") or {}
    return {
        name: [list(member["required"]) for member in schema["anyOf"]]
        for name, schema in sorted(schemas.items())
        if isinstance(schema, dict) and schema.get("anyOf") and "properties" in schema and all(_required_only(m) for m in schema["anyOf"])
    }


def open_objects(bundle: dict[str, Any]) -> list[str]:
    """Component names whose schema says ``additionalProperties: true``: the service takes keys they
    do not name and drops them (zod's default), so their models ignore unknown keys instead of
    refusing them."""
    schemas = (bundle.get("components") or {}).get("schemas") or {}
    return sorted(
        name for name, schema in schemas.items() if isinstance(schema, dict) and schema.get("additionalProperties") is True and "properties" in schema
    )


def _ignoring_unknown_keys(module: Path, names: list[str]) -> None:
    text = module.read_text(encoding="utf-8")
    for name in names:
        pattern = re.compile(rf"""(^class {name}\([\w.]+\):\n(?:.*\n)*?.*?extra=)(["'])forbid\2""", re.MULTILINE)
        text, count = pattern.subn(r'\1"ignore"', text, count=1)
        if count != 1:
            raise StageFailed([_finding(f"/components/schemas/{name}", "the open object's model_config was not found in the generated code")])
    module.write_text(text, encoding="utf-8")


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
    # A list is one flag followed by its values: datamodel-code-generator's list options take
    # several values at once, and a repeated flag keeps only its last one.
    argv: list[str] = []
    for key, value in options.items():
        if value is True:
            argv.append(f"--{key}")
        elif isinstance(value, list):
            argv += [f"--{key}", *(str(item) for item in value)]
        elif value is not False:
            argv += [f"--{key}", str(value)]
    return argv


def python_name(wire: str) -> str:
    """The snake_case attribute of a camelCase property: ``ignoreInvalidURLs`` -> ``ignore_invalid_urls``.

    An acronym is one word (``sourceURL`` -> ``source_url``, ``URLs`` -> ``urls``) and a number stays with
    the word before it (``rawBase64`` -> ``raw_base64``), which datamodel-code-generator's own
    conversion gets wrong (``invalid_ur_ls``, ``raw_base_64``).
    """
    name = re.sub(r"([A-Z]{2,})s(?=[A-Z_]|$)", lambda m: m[1].capitalize() + "s", wire)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.lower()


def field_names(bundle: dict[str, Any]) -> dict[str, str]:
    """Wire name -> Python attribute for every property whose wire name is not already snake_case."""
    names: set[str] = set()
    for _pointer, schema in iter_schemas(bundle):
        names |= set((schema.get("properties") or {}).keys())
    return {name: python_name(name) for name in sorted(names) if python_name(name) != name}


def _component_refs(node: Any, schemas: dict[str, Any], into: set[str]) -> set[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_SCHEMA_REF):
            name = ref.removeprefix(_SCHEMA_REF)
            if name not in into:
                into.add(name)
                _component_refs(schemas.get(name), schemas, into)
        for value in node.values():
            _component_refs(value, schemas, into)
    elif isinstance(node, list):
        for value in node:
            _component_refs(value, schemas, into)
    return into


def response_only_schemas(bundle: dict[str, Any]) -> set[str]:
    """Components reachable from a response and from no request body or parameter."""
    components = bundle.get("components") or {}
    schemas = components.get("schemas") or {}
    requests: set[str] = set()
    responses: set[str] = set()
    for item in (bundle.get("paths") or {}).values():
        for operation in item.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            _component_refs([operation.get("requestBody"), operation.get("parameters")], schemas, requests)
            for response in operation["responses"].values():
                if isinstance(response, dict) and isinstance(response.get("$ref"), str):
                    response = (components.get("responses") or {}).get(response["$ref"].rsplit("/", 1)[-1])
                _component_refs(response, schemas, responses)
    return responses - requests


def _is_string_enum(schema: dict[str, Any]) -> bool:
    values = schema.get("enum")
    return schema.get("type") == "string" and isinstance(values, list) and bool(values) and all(isinstance(v, str) for v in values)


def open_response_enums(bundle: dict[str, Any]) -> dict[str, Any]:
    """A copy of the bundle in which the string enums of response-only schemas also admit any string.

    The real service adds statuses and formats over time; a value this version does not know must
    not make a whole response unreadable. Request schemas keep their closed enums: what the caller
    sends is still checked.
    """
    copy: dict[str, Any] = json.loads(json.dumps(bundle))
    schemas = (copy.get("components") or {}).get("schemas") or {}
    for name in sorted(response_only_schemas(copy)):
        enums = [schema for _pointer, schema in iter_subschemas(schemas[name]) if _is_string_enum(schema)]
        for schema in enums:
            closed = {"type": "string", "enum": schema.pop("enum")}
            del schema["type"]
            schema["anyOf"] = [closed, {"type": "string"}]
    return copy


# Wire names that datamodel-code-generator suffixes with "_" because BaseModel has a (deprecated)
# method of that name. Under the suffixed name, ``doc.json`` silently is pydantic's method and
# ``JsonFormat(schema=...)`` fails mypy: the models keep the wire name (see ARCHITECTURE.md).
WIRE_NAMED = ("json", "schema")


def _wire_named_fields(module: Path) -> None:
    text = module.read_text(encoding="utf-8")
    pattern = re.compile(rf"^(\s+)({'|'.join(WIRE_NAMED)})_: (.*)$", re.MULTILINE)
    module.write_text(pattern.sub(r"\1\2: \3  # the wire name, not BaseModel's deprecated method", text), encoding="utf-8")


def _exported_values(module: Path) -> None:
    """``values`` (the runtime's reader of an enum's values) importable from the package."""
    text = module.read_text(encoding="utf-8")
    text = re.sub(rf"^(from {PACKAGE}\._bounds import .*)$", rf"\1\nfrom {PACKAGE}._bounds import values as values", text, count=1, flags=re.MULTILINE)
    module.write_text(text, encoding="utf-8")


def _typed_open_enums(module: Path) -> None:
    """``Literal[...] | StrictStr`` (an open response enum, :func:`open_response_enums`) becomes
    ``Annotated[Literal[...], OpenEnum]``: closed to the type checker, open at run time."""
    text = module.read_text(encoding="utf-8")
    opened = re.sub(r"Literal\[([^\]]*)\] \| StrictStr", r"Annotated[Literal[\1], OpenEnum]", text)
    if opened != text:
        opened = opened.replace(f"from {PACKAGE}._bounds import ", f"from {PACKAGE}._bounds import OpenEnum, ", 1)
    module.write_text(opened, encoding="utf-8")


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
    alternatives = required_any(bundle)
    for name in alternatives:
        bounds.setdefault(name, (None, None))
    bounds = dict(sorted(bounds.items()))
    source = out_dir / "models-input.json"
    given = open_response_enums(bundle)
    for name in alternatives:
        del given["components"]["schemas"][name]["anyOf"]  # one class; the rule is PropertyCountModel's
    source.write_text(json.dumps(given), encoding="utf-8")
    argv = [sys.executable, "-m", "datamodel_code_generator", "--input", str(source), "--output", str(package / "__init__.py")]
    argv += _flags(options)
    argv += ["--aliases", json.dumps(field_names(bundle))]
    argv += ["--base-class", f"{PACKAGE}._bounds.WireModel"]
    if bounds:
        argv += ["--base-class-map", json.dumps({name: f"{PACKAGE}._bounds.PropertyCountModel" for name in bounds})]
    try:
        run_tool(argv, stage=STAGE)
    finally:
        source.unlink()
    _wire_named_fields(package / "__init__.py")
    _typed_open_enums(package / "__init__.py")
    _exported_values(package / "__init__.py")
    _ignoring_unknown_keys(package / "__init__.py", open_objects(bundle))
    shutil.copyfile(RUNTIME / "_bounds.py", package / "_bounds.py")
    (package / "_property_bounds.py").write_text(
        '"""Schema name -> (minProperties, maxProperties), None where the schema sets no bound; schema name ->\n'
        "the field sets of which at least one must be present (an ``anyOf`` of ``required`` lists): read by\n"
        "``_bounds``.\n\n"
        'Written by the generator\'s models stage from the bundle. Do not edit.\n"""\n\n'
        f"PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {bounds!r}\n\n"
        f"REQUIRED_ANY: dict[str, list[list[str]]] = {alternatives!r}\n",
        encoding="utf-8",
    )
    (package / "py.typed").write_text("", encoding="utf-8")
    # The contract ships with its models: the server and the conformance suite read it from here.
    (package / BUNDLE_RESOURCE).write_bytes(bundle_path.read_bytes())
    return package
