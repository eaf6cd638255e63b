"""The reference page: one self-contained HTML file written from the bundle (``make docs``).

Besides what Redoc or Scalar show (operations, parameters, bodies, every response, readable
schemas with defaults, bounds, enums and discriminated variants, navigation, search, deep
links), it shows what only this contract states: what each call costs (``x-credits``, with the
surcharges of the options it takes), the job state machines (``x-states`` and ``x-transitions``,
drawn as SVG), the exact error texts and codes, and where each element comes from in the seed
(``x-source``). Every operation has a curl and a Python example; the tests run both against the
reference server. No external resource is loaded: styles, script and drawings are inline.

In the browser: every field whose schema has an inside opens in place, to any depth (the script
builds the nested tables from the components embedded in the page, so a recursive schema costs
nothing until opened), a union's variants are tabs (a variant that is itself a union lends its
own: every format, action and parser has a tab); each operation has a "Try it" form sending to the
server picked at the top (the reference server answers CORS for pages opened from disk: ``serve
--cors-local``), the key kept in the tab's session only; dark mode follows the system, with a
switch; ``/`` focuses the search, the arrow keys walk the matching links.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

from generator.load import deref, media_schema
from generator.naming import call_expression, client_operations, component_name, for_users, sends, snake
from generator.readme import operations

__all__ = ["code_samples", "render_page", "state_machines"]

_METHOD_COLOURS = {"get": "#1f6feb", "post": "#1a7f37", "delete": "#cf222e", "put": "#9a6700", "patch": "#8250df"}
_BOUNDS = ("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties")


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _prose(text: str | None) -> str:
    """Escaped text with `code` spans and paragraphs (the descriptions use little markdown)."""
    if not text:
        return ""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", for_users(text).strip()) if p.strip()]
    return "".join("<p>" + re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(p)).replace("\n", " ") + "</p>" for p in paragraphs)


def _type_html(schema: Any) -> str:
    """A schema's type in a few words, with links to named components."""
    if not isinstance(schema, dict):
        return "any"
    name = component_name(schema)
    if name:
        return f'<a href="#schema-{_e(name)}">{_e(name)}</a>'
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            return " | ".join(_type_html(variant) for variant in schema[keyword])
    kind = schema.get("type", "any")
    kinds = [kind] if isinstance(kind, str) else list(kind)
    words = []
    for item in kinds:
        if item == "array":
            words.append(f"array of {_type_html(schema.get('items'))}")
        elif item == "object" and isinstance(schema.get("additionalProperties"), dict):
            words.append(f"map of {_type_html(schema['additionalProperties'])}")
        else:
            words.append(_e(item) + (f" ({_e(schema['format'])})" if "format" in schema and item != "null" else ""))
    return " | ".join(words)


def _constraints(schema: dict[str, Any]) -> str:
    parts = []
    if "const" in schema:
        parts.append(f"always <code>{_e(json.dumps(schema['const']))}</code>")
    if "enum" in schema:
        parts.append("one of " + ", ".join(f"<code>{_e(json.dumps(v))}</code>" for v in schema["enum"]))
    for keyword in _BOUNDS:
        if keyword in schema:
            parts.append(f"{keyword} {_e(schema[keyword])}")
    if "pattern" in schema:
        parts.append(f"pattern <code class=pattern>{_e(schema['pattern'])}</code>")
    if schema.get("additionalProperties") is False:
        parts.append("no other properties")
    for extension in ("x-compat", "x-format"):
        if extension in schema:
            parts.append(f'<span class="tag">{_e(extension)}: {_e(schema[extension])}</span>')
    return "; ".join(parts)


def _credits_html(rules: list[dict[str, Any]], *, title: str) -> str:
    rows = "".join(
        f"<tr><td>{_e(r.get('effect'))}</td><td>{_e(r.get('credits'))}</td><td>per {_e(r.get('per'))}</td><td>{_e(r.get('when'))}</td></tr>" for r in rules
    )
    return f'<div class="credits"><h4>{_e(title)}</h4><table><tr><th>effect</th><th>credits</th><th>unit</th><th>when</th></tr>{rows}</table></div>'


def _expandable(bundle: dict[str, Any], schema: Any, seen: frozenset[str] = frozenset()) -> bool:
    """Whether a field's schema has an inside worth opening in place: properties, variants, or items
    or values that have one."""
    if not isinstance(schema, dict):
        return False
    name = component_name(schema)
    if name in seen:
        return True
    resolved = deref(bundle, schema)
    if not isinstance(resolved, dict):
        return False
    if resolved.get("properties") or resolved.get("oneOf") or resolved.get("anyOf"):
        return True
    inner = seen | ({name} if name else set())
    extra = resolved.get("additionalProperties")
    return _expandable(bundle, resolved.get("items"), inner) or (isinstance(extra, dict) and _expandable(bundle, extra, inner))


def _expander(bundle: dict[str, Any], schema: Any, field: str) -> str:
    """A button that opens the schema's inside below its row (rendered by the page's script from
    the schemas embedded in the page, so to any depth)."""
    if not _expandable(bundle, schema):
        return ""
    return (
        f'<button type="button" class="expand" aria-expanded="false" aria-label="Show what {_e(field)} holds" data-field="{_e(field)}"'
        f' data-schema="{_e(json.dumps(schema, separators=(",", ":")))}">\u25b8</button>'
    )


def _properties_table(bundle: dict[str, Any], schema: dict[str, Any], anchor: str | None = None) -> str:
    """The fields of an object; with ``anchor`` (a schema's section id) each row is a deep link
    target, ``<anchor>-<field>``, that the page highlights when opened."""
    properties = schema.get("properties") or {}
    if not properties:
        return ""
    required = set(schema.get("required") or [])
    rows = []
    for name, prop in properties.items():
        resolved = deref(bundle, prop) if component_name(prop) is None else prop
        default = f"<code>{_e(json.dumps(prop['default']))}</code>" if isinstance(prop, dict) and "default" in prop else ""
        surcharge = "".join(
            f'<div class="tag cost">{_e(r.get("effect"))} {_e(r.get("credits"))} credit(s) per {_e(r.get("per"))}</div>' for r in prop.get("x-credits", [])
        )
        row_id = f"{anchor}-{name}" if anchor else None
        link = f'<a class="anchor" href="#{_e(row_id)}" aria-label="Link to {_e(name)}">#</a> ' if row_id else ""
        rows.append(
            f"<tr{f' id={chr(34)}{_e(row_id)}{chr(34)}' if row_id else ''}><td data-label=field>{link}{_expander(bundle, prop, name)}<code>{_e(name)}</code>"
            f"{' <b class=req>required</b>' if name in required else ''}</td>"
            f"<td data-label=type>{_type_html(prop)}</td><td data-label=default>{default}</td>"
            f"<td data-label=rules>{_constraints(resolved if isinstance(resolved, dict) else {})}</td>"
            f"<td data-label=meaning>{_prose(prop.get('description') if isinstance(prop, dict) else '')}{surcharge}</td></tr>"
        )
    return "<table class=props><tr><th>field</th><th>type</th><th>default</th><th>rules</th><th>meaning</th></tr>" + "".join(rows) + "</table>"


# Where each element comes from (``x-source``) is for the contract's authors: one section at the end
# of the page (:func:`_provenance`), not a line in every section a user reads.
_PROVENANCE_INTRO = (
    "Every element of the contract says where it comes from in `x-source`: `seed §N` for what the source "
    'document specifies, `inferred: …` for what it leaves "not shown" and the public service (Firecrawl API v2, '
    "its newest public source and the official SDKs) decides. A property without `x-source` shares its schema's. "
    "This section is for the contract's authors; nothing above depends on it."
)


def _provenance(bundle: dict[str, Any], listed: list[dict[str, Any]], schemas: dict[str, Any]) -> str:
    rows = []
    for item in listed:
        operation = bundle["paths"][item["path"]][item["method"].lower()]
        if operation.get("x-source"):
            rows.append((f"#op-{item['id']}", f"{item['method']} {item['path']}", operation["x-source"]))
        for status, response in (operation.get("responses") or {}).items():
            source = deref(bundle, response).get("x-source")
            if source:
                rows.append((f"#op-{item['id']}", f"{item['id']} {status}", source))
    rows += [(f"#schema-{name}", name, schema["x-source"]) for name, schema in sorted(schemas.items()) if isinstance(schema, dict) and schema.get("x-source")]
    body = "".join(f'<tr><td><a href="{_e(href)}">{_e(label)}</a></td><td>{_e(source)}</td></tr>' for href, label, source in rows)
    return (
        '<h2 class="group" id="provenance">Where each element comes from</h2>'
        + _prose(_PROVENANCE_INTRO)
        + f"<table class=provenance><tr><th>element</th><th>source</th></tr>{body}</table>"
    )


# -- state machines --------------------------------------------------------------------------
def state_machines(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """Per cancel operation: the job's states (from the status enum's ``x-states``) and its transitions."""
    machines = []
    paths = bundle.get("paths") or {}
    for path, item in paths.items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "x-transitions" not in operation:
                continue
            status_schema = None
            reader = item.get("get") or {}
            schema = deref(bundle, media_schema(bundle, (reader.get("responses") or {}).get("200")) or {})
            status_ref = (schema.get("properties") or {}).get("status")
            if isinstance(status_ref, dict):
                status_schema = deref(bundle, status_ref)
            if not status_schema or "x-states" not in status_schema:
                continue
            machines.append(
                {
                    "operation": operation["operationId"],
                    "schema": component_name(status_ref),
                    "method": method.upper(),
                    "path": path,
                    "states": list(status_schema.get("enum") or []),
                    "initial": status_schema["x-states"]["initial"],
                    "terminal": list(status_schema["x-states"]["terminal"]),
                    "transitions": operation["x-transitions"],
                }
            )
    return machines


def _svg(machine: dict[str, Any]) -> str:
    states, initial, terminal = machine["states"], machine["initial"], set(machine["terminal"])
    ordered = [initial] + [s for s in states if s != initial and s not in terminal] + [s for s in states if s in terminal and s != initial]
    width, gap, box, top = 118, 46, 34, 92
    x = {state: 20 + i * (width + gap) for i, state in enumerate(ordered)}
    total = 40 + len(ordered) * (width + gap)
    parts = [
        f'<svg class="machine" viewBox="0 0 {total} 250" width="{total}" height="250" role="img" aria-label="states of {_e(machine["schema"])}">',
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="#57606a"/></marker></defs>',
    ]

    def centre(state: str) -> float:
        return x[state] + width / 2

    # Lifecycle (above): the initial state reaches every other state on its own.
    for state in ordered[1:]:
        if state == "cancelled":
            continue
        a, b = centre(initial), centre(state)
        parts.append(
            f'<path d="M{a},{top} C{a},{top - 60} {b},{top - 60} {b},{top}" fill="none" stroke="#8c959f" stroke-dasharray="4 3" marker-end="url(#arrow)"/>'
        )
        parts.append(f'<text x="{(a + b) / 2}" y="{top - 48}" class="edge">runs</text>')
    # Transitions of the cancel operation (below).
    label = f"{machine['method']}"
    for index, rule in enumerate(machine["transitions"]):
        sources = ordered if rule["from"] == ["*"] else [s for s in rule["from"] if s in x]
        for source in sources:
            target = source if rule["to"] == "unchanged" else rule["to"]
            if target not in x:
                continue
            a, b = centre(source), centre(target)
            y = top + box
            if a == b:
                parts.append(
                    f'<path d="M{a - 14},{y} C{a - 30},{y + 40} {a + 30},{y + 40} {a + 14},{y}" fill="none" stroke="#cf222e" marker-end="url(#arrow)"/>'
                )
            else:
                depth = 60 + 18 * index
                parts.append(f'<path d="M{a},{y} C{a},{y + depth} {b},{y + depth} {b},{y}" fill="none" stroke="#1a7f37" marker-end="url(#arrow)"/>')
        where = centre(sources[0]) if sources else 0
        parts.append(f'<text x="{where}" y="{top + box + 58 + 18 * index}" class="edge">{_e(label)} → {_e(rule["status"])}</text>')
    for state in ordered:
        classes = "state" + (" initial" if state == initial else "") + (" terminal" if state in terminal else "")
        parts.append(f'<rect x="{x[state]}" y="{top}" width="{width}" height="{box}" rx="8" class="{classes}"/>')
        if state in terminal:
            parts.append(f'<rect x="{x[state] + 3}" y="{top + 3}" width="{width - 6}" height="{box - 6}" rx="6" class="inner"/>')
        parts.append(f'<text x="{centre(state)}" y="{top + 22}" class="label">{_e(state)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _machine_html(machine: dict[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{_e(', '.join(r['from']))}</td><td>{_e(r['to'])}</td><td>{_e(r['status'])}</td><td>{_e(r.get('example', ''))}</td></tr>"
        for r in machine["transitions"]
    )
    return (
        f'<div class="machine-box"><h4>State machine (<a href="#schema-{_e(machine["schema"])}">{_e(machine["schema"])}</a>)</h4>'
        f"{_svg(machine)}<table><tr><th>from</th><th>to</th><th>answer</th><th>example</th></tr>{rows}</table>"
        "<p class=note>Dashed: the job moves on its own from its initial state; solid: this operation. Double border: terminal.</p></div>"
    )


# -- search ----------------------------------------------------------------------------------
def _words(text: str) -> str:
    """Lower-case words of ``text``, camelCase split too (``getTokenUsage`` also reads ``get token
    usage``), so a search for the words a user types finds the names that hold them."""
    split = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return " ".join(dict.fromkeys((text + " " + split).lower().split()))


def _fields(bundle: dict[str, Any], schema: Any, depth: int = 2, seen: frozenset[str] = frozenset()) -> list[str]:
    """Field names and descriptions of a schema, through references, ``allOf`` and one level of nesting."""
    name = component_name(schema)
    if name in seen or depth < 0:
        return []
    node = deref(bundle, schema) if isinstance(schema, dict) else {}
    inner = seen | ({name} if name else set())
    found: list[str] = []
    for member in node.get("allOf", []):
        found += _fields(bundle, member, depth, inner)
    for field, prop in (node.get("properties") or {}).items():
        found.append(field)
        described = deref(bundle, prop) if isinstance(prop, dict) else {}
        found.append(str(described.get("description", "")))
        found += _fields(bundle, prop, depth - 1, inner)
    return found


def _operation_text(bundle: dict[str, Any], operation: dict[str, Any], item: dict[str, Any]) -> str:
    """What a search finds an operation by: its names and path, description, parameters, request
    fields, and the error codes and texts it answers."""
    parts = [item["id"], item["path"], item["summary"], str(operation.get("description", ""))]
    parts += [str(deref(bundle, p).get("name", "")) for p in operation.get("parameters") or []]
    parts += _fields(bundle, media_schema(bundle, operation.get("requestBody")), depth=1)
    for response in (operation.get("responses") or {}).values():
        media = (deref(bundle, response).get("content") or {}).get("application/json") or {}
        for example in (media.get("examples") or {}).values():
            value = deref(bundle, example).get("value")
            if isinstance(value, dict):
                parts += [str(value.get("code", "")), str(value.get("error", ""))]
    return _words(" ".join(parts))


def _schema_text(bundle: dict[str, Any], name: str, schema: dict[str, Any]) -> str:
    """What a search finds a schema by: its name, description, and its fields with theirs."""
    return _words(" ".join([name, str(schema.get("description", "")), *_fields(bundle, {"$ref": f"#/components/schemas/{name}"}, depth=0)]))


# -- examples --------------------------------------------------------------------------------
def _request_examples(bundle: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    """Example name -> request body (one unnamed entry, None, for an operation without a body)."""
    body = deref(bundle, operation.get("requestBody") or {})
    content = body.get("content") or {}
    media = content.get("application/json") or content.get("multipart/form-data") or {}
    if "example" in media:
        return {"example": media["example"]}
    examples = {name: deref(bundle, example).get("value") for name, example in (media.get("examples") or {}).items()}
    return examples or {"": None}


def code_samples(bundle: dict[str, Any], operation: dict[str, Any], method: str, path: str) -> dict[str, dict[str, str]]:
    """Per request example: its curl and Python code (BASE_URL, API_KEY and JOB_ID from the
    environment; a second path parameter, a monitor's ``checkId``, from CHECK_ID). A removed
    endpoint (no 200: it only answers its refusal) has none."""
    if "200" not in operation.get("responses", {}):
        return {}
    return {name: _samples(bundle, operation, method, path, body) for name, body in _request_examples(bundle, operation).items()}


def _samples(bundle: dict[str, Any], operation: dict[str, Any], method: str, path: str, body: Any) -> dict[str, str]:
    parameters = [deref(bundle, p) for p in operation.get("parameters") or []]
    path_parameters = [p for p in parameters if p.get("in") == "path"]
    # The first path parameter is the job's (or monitor's) id, $JOB_ID; another is named for itself.
    variables = {p["name"]: "JOB_ID" if n == 0 else re.sub(r"(?<!^)(?=[A-Z])", "_", p["name"]).upper() for n, p in enumerate(path_parameters)}
    shell_path = path
    for parameter in path_parameters:
        shell_path = shell_path.replace("{" + parameter["name"] + "}", "$" + variables[parameter["name"]])
    # The query parameters that carry an example (a paper search's query) are sent with it.
    query = {p["name"]: p["example"] for p in parameters if p.get("in") == "query" and "example" in p}
    if query:
        shell_path += "?" + urlencode(query)
    curl = [f'curl -sS -X {method.upper()} "$BASE_URL{shell_path}"', '-H "Authorization: Bearer $API_KEY"']
    # An alias (x-alias-of) is called with the client method of the operation it names.
    named = operation.get("x-alias-of", operation["operationId"])
    # An operation whose body has several forms has a method for each (client.scrape, client.scrape.alexandria):
    # the one whose fields the example's body uses.
    candidates = [op for op in client_operations(bundle) if op.operation_id == named]
    client_operation = next((op for op in candidates if sends(op, body)), candidates[0])
    path_values = {parameter["name"]: f'os.environ["{variables[parameter["name"]]}"]' for parameter in path_parameters}
    if client_operation.upload and body is not None:
        # An upload: the file by name (in the working folder), the options as one JSON field.
        curl += [f'-F "file=@{body["file"]}"', "-F 'options=" + body["options"].replace("'", "'\\''") + "'"]
        call = call_expression(client_operation, body=json.loads(body["options"]), path=path_values, leading=[repr(body["file"])])
    else:
        if body is not None:
            curl += ["-H 'Content-Type: application/json'", "-d '" + json.dumps(body).replace("'", "'\\''") + "'"]
        call = call_expression(client_operation, body=body, path=path_values, query=query)
    python = [
        "import os",
        "",
        "from webdata_client import Webdata",
        "",
        'with Webdata(api_key=os.environ["API_KEY"], base_url=os.environ["BASE_URL"]) as client:',
        f"    result = {call}",
        "print(200, result.model_dump_json(by_alias=True, exclude_unset=True)[:200])",
    ]
    return {"curl": " \\\n  ".join(curl), "python": "\n".join(python)}


# -- the page --------------------------------------------------------------------------------
def _responses_html(bundle: dict[str, Any], operation: dict[str, Any]) -> str:
    rows = []
    for status, response in (operation.get("responses") or {}).items():
        resolved = deref(bundle, response)
        media = (resolved.get("content") or {}).get("application/json") or {}
        schema = media.get("schema")
        examples = []
        for name, example in (media.get("examples") or {}).items():
            value = deref(bundle, example).get("value")
            if isinstance(value, dict) and "error" in value:
                code = f' <span class="tag code">{_e(value["code"])}</span>' if "code" in value else ""
                examples.append(f'<li><span class="err">{_e(value["error"])}</span>{code} <span class=note>({_e(name)})</span></li>')
        headers = ", ".join(f"<code>{_e(h)}</code>" for h in (resolved.get("headers") or {}))
        rows.append(
            f'<tr><td><span class="status s{_e(status[0])}">{_e(status)}</span></td><td>{_prose(resolved.get("description"))}'
            f"{'<ul class=errors>' + ''.join(examples) + '</ul>' if examples else ''}{('<p>Headers: ' + headers + '</p>') if headers else ''}</td>"
            f"<td>{_expander(bundle, schema, status) if schema else ''}{_type_html(schema) if schema else ''}</td></tr>"
        )
    return "<table class=responses><tr><th>status</th><th>meaning and error texts</th><th>body</th></tr>" + "".join(rows) + "</table>"


def _option_surcharges(bundle: dict[str, Any], schema: Any, seen: set[str] | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(field path, x-credits rule) of the options a request body can carry."""
    seen = seen if seen is not None else set()
    name = component_name(schema)
    if name:
        if name in seen:
            return
        seen.add(name)
    resolved = deref(bundle, schema)
    if not isinstance(resolved, dict):
        return
    for prop, value in (resolved.get("properties") or {}).items():
        for rule in value.get("x-credits", []) if isinstance(value, dict) else []:
            yield f"{name or 'body'}.{prop}", rule
        yield from _option_surcharges(bundle, value, seen)
    for keyword in ("oneOf", "anyOf", "allOf"):
        for variant in resolved.get(keyword, []):
            yield from _option_surcharges(bundle, variant, seen)
    if "items" in resolved:
        yield from _option_surcharges(bundle, resolved["items"], seen)


def _operation_html(bundle: dict[str, Any], method: str, path: str, operation: dict[str, Any], machines: dict[str, dict[str, Any]]) -> str:
    op_id = operation["operationId"]
    parts = [
        f'<section class="op" id="op-{_e(op_id)}" data-search="{_e((op_id + " " + path + " " + operation.get("summary", "")).lower())}">',
        f'<h3><a class="anchor" href="#op-{_e(op_id)}">#</a> {_e(operation.get("summary", op_id))}</h3>',
        f'<p class="sig"><span class="method" style="background:{_METHOD_COLOURS.get(method, "#57606a")}">{_e(method.upper())}</span> <code>{_e(path)}</code>'
        f' <span class="opid">operationId <code>{_e(op_id)}</code></span></p>',
        _prose(operation.get("description")),
    ]
    if operation.get("x-credits"):
        parts.append(_credits_html(operation["x-credits"], title="Cost"))
    body_schema = media_schema(bundle, operation.get("requestBody"))
    surcharges = list(_option_surcharges(bundle, body_schema)) if body_schema else []
    if surcharges:
        items = "".join(
            f"<li><code>{_e(where)}</code>: {_e(rule.get('effect'))} {_e(rule.get('credits'))} credit(s) per {_e(rule.get('per'))} when {_e(rule.get('when'))}</li>"
            for where, rule in surcharges
        )
        parts.append(f'<div class="credits"><h4>Options that change the cost</h4><ul>{items}</ul></div>')
    if op_id in machines:
        parts.append(_machine_html(machines[op_id]))
    parameters = [deref(bundle, p) for p in operation.get("parameters") or []]
    if parameters:
        rows = "".join(
            f"<tr><td><code>{_e(p.get('name'))}</code>{' <b class=req>required</b>' if p.get('required') else ''}</td><td>{_e(p.get('in'))}</td>"
            f"<td>{_type_html(p.get('schema'))}</td><td>{_constraints(deref(bundle, p.get('schema') or {}))}</td><td>{_prose(p.get('description'))}</td></tr>"
            for p in parameters
        )
        parts.append(f"<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th>rules</th><th>meaning</th></tr>{rows}</table>")
    if body_schema:
        parts.append(f"<h4>Request body</h4><p>{_type_html(body_schema)}</p>")
        resolved = deref(bundle, body_schema)
        if isinstance(resolved, dict):
            parts.append(_properties_table(bundle, resolved))
    parts.append("<h4>Responses</h4>" + _responses_html(bundle, operation))
    parts.append(_try_html(bundle, method, path, operation, parameters))
    for name, samples in code_samples(bundle, operation, method, path).items():
        parts.append(
            f'<div class="samples">{f"<h4>Example <code>{_e(name)}</code></h4>" if name else "<h4>Example</h4>"}'
            '<div class="tabs"><button class="tab on" data-tab="curl">curl</button><button class="tab" data-tab="python">Python</button></div>'
            f'<pre class="sample" data-lang="curl"><code>{_e(samples["curl"])}</code></pre>'
            f'<pre class="sample" data-lang="python" hidden><code>{_e(samples["python"])}</code></pre></div>'
        )
    parts.append("</section>")
    return "".join(parts)


def _try_html(bundle: dict[str, Any], method: str, path: str, operation: dict[str, Any], parameters: list[dict[str, Any]]) -> str:
    """A form that sends the operation to the server picked at the top of the page (by default the
    reference server on 127.0.0.1:3002, which answers CORS for local pages) and shows the answer."""
    op_id = operation["operationId"]
    fields = []
    for parameter in parameters:
        where, name = parameter.get("in"), parameter.get("name", "")
        schema = deref(bundle, parameter.get("schema") or {})
        hint = schema.get("example", schema.get("default", "")) if isinstance(schema, dict) else ""
        label = f"{name} <span class=note>({_e(where)}{', required' if parameter.get('required') else ''})</span>"
        fields.append(
            f'<label>{label}<input name="{_e(name)}" data-in="{_e(where)}" placeholder="{_e(hint)}"'
            f'{" required" if parameter.get("required") else ""} autocomplete="off"></label>'
        )
    body = ""
    content = deref(bundle, operation.get("requestBody") or {}).get("content") or {}
    if "multipart/form-data" in content:
        # An upload: a file from this computer and the options as JSON, sent as multipart/form-data.
        parts = {name: json.dumps(json.loads(value["options"]), indent=2) for name, value in _request_examples(bundle, operation).items() if value}
        seeded = next(iter(parts.values()), "{}")
        body += '<label>File <span class=note>(required)</span><input type="file" name="file" required></label>'
        body += f'<label>Options <span class=note>(JSON)</span><textarea name="options" rows="{min(16, max(4, seeded.count(chr(10)) + 1))}" spellcheck="false">{_e(seeded)}</textarea></label>'
    elif media_schema(bundle, operation.get("requestBody")):
        examples = {name: json.dumps(value, indent=2) for name, value in _request_examples(bundle, operation).items() if value is not None}
        if len(examples) > 1:
            options = "".join(f'<option value="{_e(text)}">{_e(name)}</option>' for name, text in examples.items())
            body += f'<label>Example<select class="example">{options}</select></label>'
        seeded = next(iter(examples.values()), "{}")
        rows = min(16, max(4, seeded.count("\n") + 1))
        body += f'<label>Body <span class=note>(JSON)</span><textarea name="body" rows="{rows}" spellcheck="false">{_e(seeded)}</textarea></label>'
    return (
        f'<details class="try" id="try-{_e(op_id)}"><summary>Try it</summary>'
        f'<form class="try-form" data-method="{_e(method.upper())}" data-path="{_e(path)}">{"".join(fields)}{body}'
        f'<button type="submit" class="send">Send {_e(method.upper())} {_e(path)}</button></form>'
        '<div class="answer" hidden><p class="answer-status"></p><pre class="answer-headers"></pre><pre class="answer-body"><code></code></pre></div></details>'
    )


def _schema_html(bundle: dict[str, Any], name: str, schema: dict[str, Any], machines: list[dict[str, Any]]) -> str:
    parts = [
        f'<section class="schema" id="schema-{_e(name)}" data-search="{_e(name.lower())}">',
        f'<h3><a class="anchor" href="#schema-{_e(name)}">#</a> {_e(name)}</h3>',
        f"<p>{_type_html({k: v for k, v in schema.items() if k not in ('oneOf', 'anyOf')}) if 'type' in schema else ''} {_constraints(schema)}</p>",
        _prose(schema.get("description")),
    ]
    if "default" in schema:
        parts.append(f"<p>Default: <code>{_e(json.dumps(schema['default']))}</code></p>")
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            discriminator = schema.get("discriminator") or {}
            mapping = {v: k for k, v in (discriminator.get("mapping") or {}).items()}
            items = "".join(
                f"<li>{_type_html(v)}"
                + (f" when <code>{_e(discriminator.get('propertyName'))}</code> is <code>{_e(mapping[v['$ref']])}</code>" if v.get("$ref") in mapping else "")
                + "</li>"
                for v in schema[keyword]
            )
            parts.append(f"<h4>{'Exactly one' if keyword == 'oneOf' else 'Any'} of</h4><ul>{items}</ul>")
            ref = {"$ref": f"#/components/schemas/{name}"}
            parts.append(f'<div class="tree-root" data-schema="{_e(json.dumps(ref))}"></div>')
    parts.append(_properties_table(bundle, schema, anchor=f"schema-{name}"))
    drawn = [m for m in machines if m["schema"] == name]
    for machine in drawn:
        parts.append(f'<p>Cancelled by <a href="#op-{_e(machine["operation"])}">{_e(machine["operation"])}</a>.</p>{_svg(machine)}')
    if not drawn and "x-states" in schema:
        # A job no operation cancels: its lifecycle alone.
        lifecycle = {"schema": name, "method": "", "states": list(schema.get("enum") or []), "transitions": [], **schema["x-states"]}
        parts.append(_svg(lifecycle))
    parts.append("</section>")
    return "".join(parts)


_STYLE = """
:root{--fg:#1f2328;--muted:#57606a;--bg:#fff;--panel:#f6f8fa;--line:#d0d7de;--soft:#eaeef2;--code:#eff1f3;--hit:#ddf4ff;--link:#0969da;
--target:#fff8c5;--tag:#ddf4ff;--tagfg:#0969da;--cost:#fff1e5;--costfg:#bc4c00;--costbox:#fff8f2;--costline:#ffd8b5;--red:#cf222e;--green:#1a7f37;
--errbg:#ffebe9;--pre:#0d1117;--prefg:#e6edf3;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#151b23;--line:#3d444d;--soft:#262c36;
--code:#262c36;--hit:#1f3a5f;--link:#4493f8;--target:#3b2e00;--tag:#1f3a5f;--tagfg:#79c0ff;--cost:#3d2410;--costfg:#ffa657;--costbox:#1f1610;
--costline:#5a3a1a;--red:#ff7b72;--green:#3fb950;--errbg:#3d1416;--pre:#010409;--prefg:#e6edf3;color-scheme:dark}}
:root[data-theme=dark]{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#151b23;--line:#3d444d;--soft:#262c36;--code:#262c36;--hit:#1f3a5f;
--link:#4493f8;--target:#3b2e00;--tag:#1f3a5f;--tagfg:#79c0ff;--cost:#3d2410;--costfg:#ffa657;--costbox:#1f1610;--costline:#5a3a1a;--red:#ff7b72;
--green:#3fb950;--errbg:#3d1416;--pre:#010409;--prefg:#e6edf3;color-scheme:dark}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}nav{position:fixed;top:0;left:0;bottom:0;width:300px;overflow:auto;border-right:1px solid var(--line);background:var(--panel);padding:14px}
.navtop{display:flex;gap:6px;align-items:center}nav input{flex:1;min-width:0;padding:7px 9px;border:1px solid var(--line);border-radius:6px;font:inherit;
background:var(--bg);color:var(--fg)}#theme{flex:none;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:6px;padding:6px 8px;cursor:pointer}
nav h2{font-size:12px;text-transform:uppercase;color:var(--muted);margin:16px 0 4px}
nav a{display:flex;align-items:baseline;gap:8px;padding:2px 6px;border-radius:4px;color:var(--fg);text-decoration:none;font-size:14px;min-width:0}
nav a .t{flex:1;min-width:0;overflow-wrap:anywhere}nav a.strong .t{font-weight:600}nav a:hover,nav a.hit,nav a:focus{background:var(--hit);outline:none}
nav a .m{flex:0 0 50px;font-size:11px;font-weight:600;color:var(--muted);white-space:nowrap}
main{margin-left:300px;padding:24px 36px;max-width:1240px}h1{margin-top:0}h2.group{border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:40px}
section{padding:10px 0 22px;border-bottom:1px solid var(--soft)}section:target{background:var(--target)}h3{margin:8px 0;overflow-wrap:anywhere}.anchor{color:var(--muted);text-decoration:none}
.method{color:#fff;border-radius:4px;padding:2px 8px;font-weight:700;font-size:13px}.opid{color:var(--muted);font-size:13px;margin-left:8px}
.sig{overflow-wrap:anywhere}table{border-collapse:collapse;margin:6px 0 12px;width:100%;font-size:14px}
th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}th{background:var(--panel)}
td code{overflow-wrap:break-word}code.pattern,td td,td th,td td code{overflow-wrap:anywhere}
code{background:var(--code);border-radius:4px;padding:0 4px;font-size:13px;overflow-wrap:anywhere}pre{background:var(--pre);color:var(--prefg);padding:12px;border-radius:6px;overflow:auto}
pre code{background:none;color:inherit}.tag{display:inline-block;background:var(--tag);color:var(--tagfg);border-radius:10px;padding:0 8px;font-size:12px}
.tag.cost{background:var(--cost);color:var(--costfg)}.tag.code{background:var(--errbg);color:var(--red)}.req{color:var(--red);font-size:11px}
.source{font-size:13px;color:var(--muted)}.credits{background:var(--costbox);border:1px solid var(--costline);border-radius:6px;padding:4px 12px;margin:8px 0}
.credits h4{margin:6px 0}.status{font-weight:700}.s2{color:var(--green)}.s4{color:var(--costfg)}.s5{color:var(--red)}
.err{font-family:ui-monospace,monospace;color:var(--red)}.errors{margin:4px 0;padding-left:18px}.note{color:var(--muted);font-size:12px}.tabs{margin-top:8px}
.tab,.vtab{border:1px solid var(--line);background:var(--panel);color:var(--fg);padding:3px 10px;cursor:pointer;border-radius:6px 6px 0 0;font:inherit;font-size:13px}
.tab.on{background:var(--pre);color:#fff}.vtab.on{background:var(--hit);font-weight:600}.vtabs{display:flex;flex-wrap:wrap;gap:2px;margin-top:4px}
.vpanel{border:1px solid var(--line);border-radius:0 6px 6px 6px;padding:4px 8px}.machine-box{border:1px solid var(--line);border-radius:6px;padding:6px 12px;margin:8px 0}
svg.machine{max-width:100%;height:auto}svg .state{fill:var(--panel);stroke:var(--muted);stroke-width:1.5}svg .initial{fill:var(--hit);stroke:var(--link)}
svg .inner{fill:none;stroke:var(--muted)}svg .label{font:13px system-ui,sans-serif;text-anchor:middle;fill:var(--fg)}
svg .edge{font:11px system-ui,sans-serif;text-anchor:middle;fill:var(--muted)}svg line,svg path{stroke:var(--muted)}
.hidden{display:none}#empty{color:var(--muted);font-size:13px;margin-top:8px}
.expand{border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:4px;width:22px;height:22px;padding:0;margin-right:6px;cursor:pointer;
font-size:12px;line-height:1}.expand[aria-expanded=true]{background:var(--hit)}tr.nested>td{background:var(--bg);padding:4px 0 4px 14px}
.tree{border-left:2px solid var(--line);padding-left:10px;margin:4px 0;overflow-x:auto}.tree-head{margin:2px 0;font-size:14px}
.settings{display:flex;flex-wrap:wrap;gap:10px;align-items:end;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px 12px;margin:12px 0}
.settings label,.try label{display:flex;flex-direction:column;font-size:13px;color:var(--muted);gap:2px}
.settings input{min-width:240px}input,textarea,select{font:13px ui-monospace,monospace;padding:5px 7px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
.try{border:1px solid var(--line);border-radius:6px;padding:4px 12px;margin:10px 0}.try summary{cursor:pointer;font-weight:600}
.try-form{display:flex;flex-direction:column;gap:8px;margin:8px 0}.try textarea{width:100%}
.send{align-self:flex-start;max-width:100%;overflow-wrap:anywhere;text-align:left;border:0;background:var(--green);color:#fff;border-radius:6px;padding:6px 12px;font:inherit;font-weight:600;cursor:pointer}
.answer-status{font-weight:700;margin:4px 0}.answer pre{max-height:420px}
@media (max-width:800px){nav{position:static;width:auto;max-height:45vh;border-right:0;border-bottom:1px solid var(--line)}main{margin-left:0;padding:14px}
.settings input{min-width:0;width:100%}.settings label{flex:1 1 100%}table{display:block;overflow-x:auto}}
@media (max-width:600px){table.props{display:block;overflow:visible}table.props tbody,table.props tr,table.props td{display:block}
table.props tr{border-top:1px solid var(--line);padding:6px 0}table.props tr:first-child{display:none}table.props td{border:0;padding:2px 0}
table.props td:empty{display:none}table.props td[data-label]:not([data-label=field])::before{content:attr(data-label) ": ";color:var(--muted);font-size:12px}}
tr[id]{scroll-margin-top:24px}tr:target,tr:target td{background:var(--hit)}section:target>h3{background:var(--hit)}
"""

_SCRIPT = r"""
(function(){
  var root=document.documentElement,themeButton=document.getElementById('theme');
  function dark(){var t=root.getAttribute('data-theme');return t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches;}
  function showTheme(){themeButton.textContent=dark()?'\u2600':'\u263e';themeButton.setAttribute('aria-label',dark()?'Light mode':'Dark mode');}
  try{var kept=localStorage.getItem('webdata-theme');if(kept)root.setAttribute('data-theme',kept);}catch(e){}
  showTheme();
  themeButton.addEventListener('click',function(){var next=dark()?'light':'dark';root.setAttribute('data-theme',next);try{localStorage.setItem('webdata-theme',next);}catch(e){}showTheme();});

  var input=document.getElementById('search'),links=[].slice.call(document.querySelectorAll('nav a[data-search]')),empty=document.getElementById('empty');
  function visible(){return links.filter(function(a){return !a.classList.contains('hidden');});}
  // Every word typed must appear in a link's text (names, fields, descriptions, error codes and
  // texts); a link whose own name holds them all is a strong match, and Enter opens the first one.
  function has(text,words){return words.every(function(w){return text.indexOf(w)>=0;});}
  function best(){var shown=visible();return shown.filter(function(a){return a.classList.contains('strong');})[0]||shown[0];}
  input.addEventListener('input',function(){
    var words=input.value.trim().toLowerCase().split(/\s+/).filter(Boolean),shown=0;
    links.forEach(function(a){
      var strong=words.length>0&&has(a.getAttribute('data-name')||'',words),hit=!words.length||strong||has(a.getAttribute('data-search'),words);
      a.classList.toggle('hidden',!hit);a.classList.toggle('hit',words.length>0&&hit);a.classList.toggle('strong',strong);if(hit)shown++;
    });
    empty.hidden=shown>0;
  });
  input.addEventListener('keydown',function(e){
    if(e.key==='Enter'){var first=best();if(first){location.hash=first.getAttribute('href');}}
    else if(e.key==='ArrowDown'){var next=visible()[0];if(next){e.preventDefault();next.focus();}}
    else if(e.key==='Escape'){input.value='';input.dispatchEvent(new Event('input'));}
  });
  document.querySelector('nav').addEventListener('keydown',function(e){
    if(e.target.tagName!=='A'||(e.key!=='ArrowDown'&&e.key!=='ArrowUp'))return;
    var shown=visible(),at=shown.indexOf(e.target);e.preventDefault();
    if(e.key==='ArrowUp'&&at<=0){input.focus();return;}
    var to=shown[Math.min(shown.length-1,at+(e.key==='ArrowDown'?1:-1))];if(to)to.focus();
  });
  document.addEventListener('keydown',function(e){var t=e.target.tagName;if(e.key==='/'&&t!=='INPUT'&&t!=='TEXTAREA'){e.preventDefault();input.focus();}});

  document.querySelectorAll('.samples').forEach(function(box){
    box.querySelectorAll('.tab').forEach(function(tab){tab.addEventListener('click',function(){
      box.querySelectorAll('.tab').forEach(function(t){t.classList.toggle('on',t===tab);});
      box.querySelectorAll('.sample').forEach(function(p){p.hidden=p.getAttribute('data-lang')!==tab.getAttribute('data-tab');});
    });});
  });

  // Schemas in place, to any depth: built from the contract's components embedded in the page.
  var S=JSON.parse(document.getElementById('schemas-data').textContent),PREFIX='#/components/schemas/';
  var BOUNDS=['minimum','exclusiveMinimum','maximum','exclusiveMaximum','minLength','maxLength','minItems','maxItems','minProperties','maxProperties'];
  function refName(s){return s&&typeof s.$ref==='string'&&s.$ref.indexOf(PREFIX)===0?s.$ref.slice(PREFIX.length):null;}
  function resolve(s){var n=refName(s);return n?(S[n]||{}):(s||{});}
  function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
  function text(t){return document.createTextNode(t);}
  function prose(t){var out=el('span');String(t||'').split('`').forEach(function(part,i){out.appendChild(i%2?el('code',null,part):text(part));});return out;}
  function typeOf(s){
    var n=refName(s);if(n){var a=el('a',null,n);a.href='#schema-'+n;return a;}
    var out=el('span'),v=s.oneOf||s.anyOf;
    if(v){v.forEach(function(x,i){if(i)out.appendChild(text(' | '));out.appendChild(typeOf(x));});return out;}
    var kinds=Array.isArray(s.type)?s.type:[s.type||'any'];
    kinds.forEach(function(k,i){if(i)out.appendChild(text(' | '));
      if(k==='array'){out.appendChild(text('array of '));out.appendChild(typeOf(s.items||{}));}
      else if(k==='object'&&s.additionalProperties&&typeof s.additionalProperties==='object'){out.appendChild(text('map of '));out.appendChild(typeOf(s.additionalProperties));}
      else out.appendChild(text(k+(s.format&&k!=='null'?' ('+s.format+')':'')));});
    return out;
  }
  function rules(s){var r=resolve(s),p=[];
    if('const' in r)p.push('always '+JSON.stringify(r.const));if(r.enum)p.push('one of '+r.enum.map(function(v){return JSON.stringify(v);}).join(', '));
    BOUNDS.forEach(function(k){if(k in r)p.push(k+' '+r[k]);});if(r.pattern)p.push('pattern '+r.pattern);if(r.additionalProperties===false)p.push('no other properties');
    return p.join('; ');}
  function expandable(s,seen){if(!s||typeof s!=='object')return false;var n=refName(s);seen=seen||{};if(n&&seen[n])return true;var r=resolve(s),inner=Object.assign({},seen);if(n)inner[n]=1;
    return !!(r.properties||r.oneOf||r.anyOf)||expandable(r.items,inner)||(!!r.additionalProperties&&typeof r.additionalProperties==='object'&&expandable(r.additionalProperties,inner));}
  function label(parent,v,i){var d=parent.discriminator||{},m=d.mapping||{},r=resolve(v),t=(r.properties||{}).type||{};
    for(var k in m){if(m[k]===v.$ref)return k;}
    if('const' in t)return String(t.const);if(t.enum&&t.enum.length===1)return String(t.enum[0]);
    if(r.enum)return 'a string: '+(r.enum.length>3?r.enum.slice(0,3).join(', ')+'\u2026':r.enum.join(', '));
    return refName(v)||r.title||(Array.isArray(r.type)?r.type.join(' | '):r.type)||('variant '+(i+1));}
  // A variant that is itself a union (FormatItem: the string shorthands, or a Format object) lends
  // its own variants, so every discriminated variant gets a tab of its own.
  function flatten(parent,list,seen){var out=[];list.forEach(function(v){var r=resolve(v),n=refName(v),inner=r.oneOf||r.anyOf;
    if(inner&&!r.properties&&!(n&&seen[n])){var more=Object.assign({},seen);if(n)more[n]=1;out=out.concat(flatten(r,inner,more));}else out.push([parent,v]);});return out;}
  function variants(parent,list){
    var box=el('div','variants'),bar=el('div','vtabs'),panels=[];bar.setAttribute('role','tablist');box.appendChild(bar);
    flatten(parent,list,{}).forEach(function(pair,i){
      var v=pair[1],b=el('button','vtab'+(i?'':' on'),label(pair[0],v,i)),panel=el('div','vpanel'),filled=false;
      b.type='button';b.setAttribute('role','tab');b.setAttribute('aria-selected',i?'false':'true');panel.setAttribute('role','tabpanel');panel.hidden=i>0;
      function fill(){if(!filled){panel.appendChild(tree(v));filled=true;}}
      if(!i)fill();
      b.addEventListener('click',function(){fill();[].forEach.call(bar.children,function(x){x.classList.toggle('on',x===b);x.setAttribute('aria-selected',String(x===b));});
        panels.forEach(function(p){p.hidden=p!==panel;});});
      bar.appendChild(b);panels.push(panel);box.appendChild(panel);
    });
    return box;
  }
  function button(s,field){var b=el('button','expand','\u25b8');b.type='button';b.setAttribute('aria-expanded','false');b.setAttribute('aria-label','Show what '+field+' holds');
    b.setAttribute('data-field',field);b._schema=s;return b;}
  function table(r){
    var t=el('table','props'),head=el('tr'),req=r.required||[];
    ['field','type','default','rules','meaning'].forEach(function(h){head.appendChild(el('th',null,h));});t.appendChild(head);
    Object.keys(r.properties).forEach(function(name){var p=r.properties[name],row=el('tr'),first=el('td'),type=el('td');
      if(expandable(p))first.appendChild(button(p,name));first.appendChild(el('code',null,name));
      if(req.indexOf(name)>=0){first.appendChild(text(' '));first.appendChild(el('b','req','required'));}
      type.appendChild(typeOf(p));row.appendChild(first);row.appendChild(type);
      row.appendChild(el('td',null,'default' in p?JSON.stringify(p.default):''));row.appendChild(el('td',null,rules(p)));
      var meaning=el('td');meaning.appendChild(prose(p.description||resolve(p).description));row.appendChild(meaning);t.appendChild(row);});
    return t;
  }
  function tree(s){
    var box=el('div','tree'),n=refName(s),r=resolve(s),list=r.oneOf||r.anyOf,extra=r.additionalProperties;
    if(n){var head=el('p','tree-head'),a=el('a',null,n);a.href='#schema-'+n;head.appendChild(a);
      if(r.description){head.appendChild(text(' \u2014 '));head.appendChild(prose(r.description.split('. ')[0].replace(/\.\s*$/,'')+'.'));}box.appendChild(head);}
    if(list)box.appendChild(variants(r,list));
    else if(r.properties)box.appendChild(table(r));
    else if(r.items){box.appendChild(el('p','note','Each item:'));box.appendChild(tree(r.items));}
    else if(extra&&typeof extra==='object'){box.appendChild(el('p','note','Each value:'));box.appendChild(tree(extra));}
    else{var line=el('p');line.appendChild(typeOf(r));var said=rules(r);if(said)line.appendChild(text(' \u2014 '+said));box.appendChild(line);}
    return box;
  }
  document.addEventListener('click',function(e){
    var b=e.target.closest&&e.target.closest('button.expand');if(!b)return;
    var row=b.closest('tr'),open=b.getAttribute('aria-expanded')==='true';
    if(open){var next=row.nextElementSibling;if(next&&next.classList.contains('nested'))next.remove();b.setAttribute('aria-expanded','false');b.textContent='\u25b8';return;}
    var s=b._schema||JSON.parse(b.getAttribute('data-schema')),nested=el('tr','nested'),cell=el('td');
    cell.colSpan=row.children.length;cell.appendChild(tree(s));nested.appendChild(cell);row.parentNode.insertBefore(nested,row.nextSibling);
    b.setAttribute('aria-expanded','true');b.textContent='\u25be';
  });
  document.querySelectorAll('.tree-root').forEach(function(box){var r=resolve(JSON.parse(box.getAttribute('data-schema')));var list=r.oneOf||r.anyOf;if(list)box.appendChild(variants(r,list));});

  // Try it: the server and key are kept for this tab only (sessionStorage), never written to the page.
  var base=document.getElementById('try-base'),key=document.getElementById('try-key');
  try{base.value=sessionStorage.getItem('webdata-base')||base.value;key.value=sessionStorage.getItem('webdata-key')||'';}catch(e){}
  base.addEventListener('change',function(){try{sessionStorage.setItem('webdata-base',base.value);}catch(e){}});
  key.addEventListener('change',function(){try{sessionStorage.setItem('webdata-key',key.value);}catch(e){}});
  document.querySelectorAll('form.try-form').forEach(function(form){
    var pick=form.querySelector('select.example');
    if(pick)pick.addEventListener('change',function(){form.querySelector('textarea').value=pick.value;});
    form.addEventListener('submit',function(e){
      e.preventDefault();
      var box=form.parentNode.querySelector('.answer'),status=box.querySelector('.answer-status'),heads=box.querySelector('.answer-headers'),body=box.querySelector('.answer-body code');
      var path=form.getAttribute('data-path'),query=[],headers={'Accept':'application/json'},init={method:form.getAttribute('data-method'),headers:headers};
      if(key.value)headers['Authorization']='Bearer '+key.value.trim();
      form.querySelectorAll('input[data-in]').forEach(function(i){var v=i.value.trim();if(!v)return;var where=i.getAttribute('data-in');
        if(where==='path')path=path.replace('{'+i.name+'}',encodeURIComponent(v));else if(where==='query')query.push(encodeURIComponent(i.name)+'='+encodeURIComponent(v));else if(where==='header')headers[i.name]=v;});
      var text_=form.querySelector('textarea'),file=form.querySelector('input[type=file]');
      if(text_){try{JSON.parse(text_.value);}catch(err){box.hidden=false;status.textContent='The '+(file?'options are':'body is')+' not JSON: '+err.message;heads.textContent='';body.textContent='';return;}
        if(file){var data=new FormData();if(file.files[0])data.append('file',file.files[0]);data.append('options',text_.value);init.body=data;}
        else{headers['Content-Type']='application/json';init.body=text_.value;}}
      var url=base.value.replace(/\/+$/,'')+path+(query.length?'?'+query.join('&'):'');
      box.hidden=false;status.textContent=init.method+' '+url+' \u2026';heads.textContent='';body.textContent='';
      fetch(url,init).then(function(r){
        status.textContent=r.status+' '+(r.statusText||'');status.className='answer-status s'+String(r.status)[0];
        var lines=[];r.headers.forEach(function(v,k){lines.push(k+': '+v);});heads.textContent=lines.join('\n');
        return r.text().then(function(t){try{body.textContent=JSON.stringify(JSON.parse(t),null,2);}catch(err){body.textContent=t;}});
      }).catch(function(err){status.textContent='No answer from '+base.value+' ('+err.message+'). Is the server running (make serve)? It answers pages opened from disk or localhost.';});
    });
  });
})();
"""


def render_page(bundle: dict[str, Any]) -> str:
    """The whole page."""
    info = bundle.get("info") or {}
    machines = state_machines(bundle)
    by_operation = {m["operation"]: m for m in machines}
    listed = operations(bundle)
    tags = [t["name"] for t in bundle.get("tags") or []] + sorted({o["tag"] for o in listed} - {t["name"] for t in bundle.get("tags") or []})
    schemas = (bundle.get("components") or {}).get("schemas") or {}
    nav = [
        '<div class="navtop"><input id="search" type="search" placeholder="Search (press /)" aria-label="Search operations and schemas">'
        '<button type="button" id="theme" aria-label="Dark mode">\u263e</button></div><p id="empty" hidden>Nothing matches.</p>'
    ]
    server = ((bundle.get("servers") or [{}])[0]).get("url", "http://127.0.0.1:3002")
    body = [
        f"<h1>{_e(info.get('title', 'API'))} <span class=tag>{_e(info.get('version', ''))}</span></h1>",
        _prose(info.get("summary")),
        _prose(info.get("description")),
        '<div class="settings" id="try-settings"><strong>Try it against</strong>'
        f'<label>Server<input id="try-base" value="{_e(server)}" autocomplete="off"></label>'
        '<label>API key <span class=note>(kept in this tab only)</span><input id="try-key" type="password" autocomplete="off"></label></div>',
    ]
    for tag in tags:
        in_tag = [o for o in listed if o["tag"] == tag]
        if not in_tag:
            continue
        nav.append(f"<h2>{_e(tag)}</h2>")
        body.append(f'<h2 class="group" id="tag-{_e(snake(tag))}">{_e(tag)}</h2>')
        description = next((t.get("description") for t in bundle.get("tags") or [] if t["name"] == tag), None)
        body.append(_prose(description))
        for item in in_tag:
            operation = bundle["paths"][item["path"]][item["method"].lower()]
            name = _e(_words(item["id"] + " " + item["summary"]))
            search = _e(_operation_text(bundle, operation, item))
            label = _e(item["summary"] or item["id"])
            nav.append(
                f'<a href="#op-{_e(item["id"])}" data-name="{name}" data-search="{search}" title="{label} ({_e(item["method"])} {_e(item["path"])})">'
                f'<span class="m">{_e(item["method"])}</span><span class="t">{label}</span></a>'
            )
            body.append(_operation_html(bundle, item["method"].lower(), item["path"], operation, by_operation))
    nav.append("<h2>Schemas</h2>")
    body.append('<h2 class="group" id="schemas">Schemas</h2>')
    for name in sorted(schemas):
        nav.append(
            f'<a href="#schema-{_e(name)}" data-name="{_e(_words(name))}" data-search="{_e(_schema_text(bundle, name, schemas[name]))}" title="{_e(name)}">'
            f'<span class="t">{_e(name)}</span></a>'
        )
        body.append(_schema_html(bundle, name, schemas[name], machines))
    nav.append(
        '<h2>About</h2><a href="#provenance" data-name="where each element comes from" data-search="provenance x-source" title="Where each element comes from"><span class="t">Where each element comes from</span></a>'
    )
    body.append(_provenance(bundle, listed, schemas))
    # The components, for the script that opens schemas in place ("</" escaped: it may not end the script).
    embedded = json.dumps(schemas, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="data:,"><title>{_e(info.get("title", "API"))} {_e(info.get("version", ""))} reference</title>'
        f"<style>{_STYLE}</style></head><body><nav>{''.join(nav)}</nav><main>{''.join(body)}</main>"
        f'<script type="application/json" id="schemas-data">{embedded}</script><script>{_SCRIPT}</script></body></html>\n'
    )
