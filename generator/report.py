"""Findings of validate and lint in the formats CI systems read: text, json, sarif, junit, github.

``render(findings, fmt)`` returns the whole output; the exit code stays the CLI's business.
SARIF follows version 2.1.0 (validated against its schema in ``tests/generator/test_report.py``);
``github`` prints workflow commands (``::error file=…,line=…::…``) that annotate a pull request.
"""

from __future__ import annotations

import json
from collections import defaultdict
from importlib.metadata import PackageNotFoundError, version
from xml.etree import ElementTree

from generator.findings import Finding
from generator.lint import RULES, SEVERITIES

__all__ = ["FORMATS", "render"]

FORMATS = ("text", "json", "sarif", "junit", "github")
TOOL = "webdata-api generator"
# Rules of the validate stage (not configurable: an invalid document is always an error).
VALIDATE_RULES = {
    "readable": "the spec file can be read",
    "syntax": "the file is a YAML mapping without syntax errors",
    "duplicate-key": "no key appears twice in one mapping",
    "external-ref": "every $ref is local (the contract is one document)",
    "dangling-ref": "every $ref resolves",
    "openapi-version": "the document declares OpenAPI 3.1.0",
    "openapi-3.1": "the document is valid OpenAPI 3.1 (openapi-spec-validator)",
}


def _rules() -> dict[str, tuple[str, str]]:
    """Rule id (stage/rule) -> (description, default severity)."""
    rules = {f"validate/{rule}": (text, "error") for rule, text in VALIDATE_RULES.items()}
    rules |= {f"lint/{rule}": (text, SEVERITIES[rule]) for rule, text in RULES.items()}
    return rules


def _rule_id(finding: Finding) -> str:
    return f"{finding.stage}/{finding.rule}"


def _json(findings: list[Finding]) -> str:
    items = [{"file": f.file, "line": f.line, "pointer": f.pointer or "/", "rule": _rule_id(f), "level": f.level, "message": f.message} for f in findings]
    summary = {level: sum(1 for f in findings if f.level == level) for level in ("error", "warning")}
    return json.dumps({"findings": items, "summary": summary}, indent=2) + "\n"


def _sarif(findings: list[Finding]) -> str:
    rules = _rules()
    used = sorted(rules.keys() | {_rule_id(f) for f in findings})
    try:
        tool_version = version("webdata-models")
    except PackageNotFoundError:
        tool_version = "0"
    results = []
    for finding in findings:
        region = {"startLine": finding.line} if finding.line else {}
        location: dict[str, object] = {"physicalLocation": {"artifactLocation": {"uri": finding.file}, **({"region": region} if region else {})}}
        location["logicalLocations"] = [{"fullyQualifiedName": finding.pointer or "/", "kind": "member"}]
        results.append(
            {
                "ruleId": _rule_id(finding),
                "ruleIndex": used.index(_rule_id(finding)),
                "level": "error" if finding.level == "error" else "warning",
                "message": {"text": f"{finding.pointer or '/'}: {finding.message}"},
                "locations": [location],
            }
        )
    descriptors = []
    for rule in used:
        text, level = rules.get(rule, (rule, "error"))
        descriptor: dict[str, object] = {"id": rule, "shortDescription": {"text": text}}
        descriptor["defaultConfiguration"] = {"level": "none" if level == "off" else level, "enabled": level != "off"}
        descriptors.append(descriptor)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": TOOL, "version": tool_version, "rules": descriptors}}, "results": results}],
    }
    return json.dumps(log, indent=2) + "\n"


def _junit(findings: list[Finding]) -> str:
    by_rule: dict[str, list[Finding]] = defaultdict(list)
    for finding in findings:
        by_rule[_rule_id(finding)].append(finding)
    rules = sorted(_rules().keys() | set(by_rule))
    failures = sum(1 for rule in rules if any(f.level == "error" for f in by_rule[rule]))
    suite = ElementTree.Element("testsuite", name=TOOL, tests=str(len(rules)), failures=str(failures), errors="0", skipped="0")
    for rule in rules:
        case = ElementTree.SubElement(suite, "testcase", classname=rule.split("/")[0], name=rule)
        errors = [f for f in by_rule[rule] if f.level == "error"]
        if errors:
            failure = ElementTree.SubElement(case, "failure", message=f"{len(errors)} finding(s)", type=rule)
            failure.text = "\n".join(f.render() for f in errors)
        warnings = [f for f in by_rule[rule] if f.level != "error"]
        if warnings:
            ElementTree.SubElement(case, "system-out").text = "\n".join(f.render() for f in warnings)
    return _wrap(suite)


def _wrap(suite: ElementTree.Element) -> str:
    root = ElementTree.Element("testsuites")
    root.append(suite)
    ElementTree.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


def _escape(text: str, *, property_value: bool = False) -> str:
    # GitHub's workflow command escaping: data escapes %, CR, LF; property values also : and ,.
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property_value else text


def _github(findings: list[Finding]) -> str:
    lines = []
    for finding in findings:
        properties = [f"file={_escape(finding.file, property_value=True)}"]
        if finding.line:
            properties.append(f"line={finding.line}")
        properties.append(f"title={_escape(_rule_id(finding), property_value=True)}")
        lines.append(f"::{finding.level} {','.join(properties)}::{_escape((finding.pointer or '/') + ': ' + finding.message)}")
    return "".join(line + "\n" for line in lines)


def render(findings: list[Finding], fmt: str) -> str:
    """The whole output for ``findings`` in format ``fmt`` (one of FORMATS)."""
    if fmt == "text":
        return "".join(f.render() + "\n" for f in findings)
    return {"json": _json, "sarif": _sarif, "junit": _junit, "github": _github}[fmt](findings)
