"""The reference page: one self-contained HTML file written from the bundle (``make docs``).

Besides what Redoc or Scalar show (operations, parameters, bodies, every response, readable
schemas with defaults, bounds, enums and discriminated variants, navigation, search, deep
links), it shows what only this contract states: what each call costs (``x-credits``, with the
surcharges of the options it takes), the job state machines (``x-states`` and ``x-transitions``,
drawn as SVG), the exact error texts and codes, and where each element comes from in the seed
(``x-source``). Every operation has a curl and a Python example; the tests run both against the
reference server. No external resource is loaded: styles, script and drawings are inline.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

from generator.client import call_expression, client_operations
from generator.load import deref, media_schema
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
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return "".join("<p>" + re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(p)).replace("\n", " ") + "</p>" for p in paragraphs)


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()).strip("_")


def _ref_name(node: Any) -> str | None:
    ref = node.get("$ref") if isinstance(node, dict) else None
    return ref.rsplit("/", 1)[1] if isinstance(ref, str) and ref.startswith("#/components/schemas/") else None


def _type_html(schema: Any) -> str:
    """A schema's type in a few words, with links to named components."""
    if not isinstance(schema, dict):
        return "any"
    name = _ref_name(schema)
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
        parts.append(f"pattern <code>{_e(schema['pattern'])}</code>")
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


def _properties_table(bundle: dict[str, Any], schema: dict[str, Any]) -> str:
    properties = schema.get("properties") or {}
    if not properties:
        return ""
    required = set(schema.get("required") or [])
    rows = []
    for name, prop in properties.items():
        resolved = deref(bundle, prop) if _ref_name(prop) is None else prop
        default = f"<code>{_e(json.dumps(prop['default']))}</code>" if isinstance(prop, dict) and "default" in prop else ""
        surcharge = "".join(
            f'<div class="tag cost">{_e(r.get("effect"))} {_e(r.get("credits"))} credit(s) per {_e(r.get("per"))}</div>' for r in prop.get("x-credits", [])
        )
        rows.append(
            f"<tr><td><code>{_e(name)}</code>{' <b class=req>required</b>' if name in required else ''}</td>"
            f"<td>{_type_html(prop)}</td><td>{default}</td><td>{_constraints(resolved if isinstance(resolved, dict) else {})}</td>"
            f"<td>{_prose(prop.get('description') if isinstance(prop, dict) else '')}{surcharge}</td></tr>"
        )
    return "<table class=props><tr><th>field</th><th>type</th><th>default</th><th>rules</th><th>meaning</th></tr>" + "".join(rows) + "</table>"


def _source(node: dict[str, Any]) -> str:
    source = node.get("x-source")
    return f'<p class="source">Source: <span class="tag">{_e(source)}</span></p>' if source else ""


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
                    "schema": _ref_name(status_ref),
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


# -- examples --------------------------------------------------------------------------------
def _request_examples(bundle: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    """Example name -> request body (one unnamed entry, None, for an operation without a body)."""
    body = deref(bundle, operation.get("requestBody") or {})
    media = (body.get("content") or {}).get("application/json") or {}
    if "example" in media:
        return {"example": media["example"]}
    examples = {name: deref(bundle, example).get("value") for name, example in (media.get("examples") or {}).items()}
    return examples or {"": None}


def code_samples(bundle: dict[str, Any], operation: dict[str, Any], method: str, path: str) -> dict[str, dict[str, str]]:
    """Per request example: its curl and Python code (BASE_URL, API_KEY and JOB_ID from the environment)."""
    return {name: _samples(bundle, operation, method, path, body) for name, body in _request_examples(bundle, operation).items()}


def _samples(bundle: dict[str, Any], operation: dict[str, Any], method: str, path: str, body: Any) -> dict[str, str]:
    parameters = [deref(bundle, p) for p in operation.get("parameters") or []]
    path_parameters = [p for p in parameters if p.get("in") == "path"]
    shell_path = path
    for parameter in path_parameters:
        shell_path = shell_path.replace("{" + parameter["name"] + "}", "$JOB_ID")
    curl = [f'curl -sS -X {method.upper()} "$BASE_URL{shell_path}"', '-H "Authorization: Bearer $API_KEY"']
    if body is not None:
        curl += ["-H 'Content-Type: application/json'", "-d '" + json.dumps(body).replace("'", "'\\''") + "'"]
    client_operation = next(op for op in client_operations(bundle) if op.operation_id == operation["operationId"])
    path_values = {parameter["name"]: 'os.environ["JOB_ID"]' for parameter in path_parameters}
    call = call_expression(client_operation, body=body, path=path_values)
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
            f"<td>{_type_html(schema) if schema else ''}</td><td>{_e(resolved.get('x-source', ''))}</td></tr>"
        )
    return "<table class=responses><tr><th>status</th><th>meaning and error texts</th><th>body</th><th>source</th></tr>" + "".join(rows) + "</table>"


def _option_surcharges(bundle: dict[str, Any], schema: Any, seen: set[str] | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(field path, x-credits rule) of the options a request body can carry."""
    seen = seen if seen is not None else set()
    name = _ref_name(schema)
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
        _source(operation),
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
    for name, samples in code_samples(bundle, operation, method, path).items():
        parts.append(
            f'<div class="samples">{f"<h4>Example <code>{_e(name)}</code></h4>" if name else "<h4>Example</h4>"}'
            '<div class="tabs"><button class="tab on" data-tab="curl">curl</button><button class="tab" data-tab="python">Python</button></div>'
            f'<pre class="sample" data-lang="curl"><code>{_e(samples["curl"])}</code></pre>'
            f'<pre class="sample" data-lang="python" hidden><code>{_e(samples["python"])}</code></pre></div>'
        )
    parts.append("</section>")
    return "".join(parts)


def _schema_html(bundle: dict[str, Any], name: str, schema: dict[str, Any], machines: list[dict[str, Any]]) -> str:
    parts = [
        f'<section class="schema" id="schema-{_e(name)}" data-search="{_e(name.lower())}">',
        f'<h3><a class="anchor" href="#schema-{_e(name)}">#</a> {_e(name)}</h3>',
        f"<p>{_type_html({k: v for k, v in schema.items() if k not in ('oneOf', 'anyOf')}) if 'type' in schema else ''} {_constraints(schema)}</p>",
        _prose(schema.get("description")),
        _source(schema),
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
    parts.append(_properties_table(bundle, schema))
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
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2328;background:#fff}
nav{position:fixed;top:0;left:0;bottom:0;width:290px;overflow:auto;border-right:1px solid #d0d7de;background:#f6f8fa;padding:14px}
nav input{width:100%;padding:7px 9px;border:1px solid #d0d7de;border-radius:6px;font:inherit}nav h2{font-size:12px;text-transform:uppercase;color:#57606a;margin:16px 0 4px}
nav a{display:block;padding:2px 6px;border-radius:4px;color:#1f2328;text-decoration:none;font-size:14px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
nav a:hover,nav a.hit{background:#ddf4ff}nav a .m{display:inline-block;width:46px;font-size:11px;font-weight:600;color:#57606a}
main{margin-left:290px;padding:24px 36px;max-width:1200px}h1{margin-top:0}h2.group{border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:40px}
section{padding:10px 0 22px;border-bottom:1px solid #eaeef2}section:target{background:#fff8c5}h3{margin:8px 0}.anchor{color:#8c959f;text-decoration:none}
.method{color:#fff;border-radius:4px;padding:2px 8px;font-weight:700;font-size:13px}.opid{color:#57606a;font-size:13px;margin-left:8px}
table{border-collapse:collapse;margin:6px 0 12px;width:100%;font-size:14px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
code{background:#eff1f3;border-radius:4px;padding:0 4px;font-size:13px}pre{background:#0d1117;color:#e6edf3;padding:12px;border-radius:6px;overflow:auto}pre code{background:none;color:inherit}
.tag{display:inline-block;background:#ddf4ff;color:#0969da;border-radius:10px;padding:0 8px;font-size:12px}.tag.cost{background:#fff1e5;color:#bc4c00}.tag.code{background:#ffebe9;color:#cf222e}
.req{color:#cf222e;font-size:11px}.source{font-size:13px;color:#57606a}.credits{background:#fff8f2;border:1px solid #ffd8b5;border-radius:6px;padding:4px 12px;margin:8px 0}
.credits h4{margin:6px 0}.status{font-weight:700}.s2{color:#1a7f37}.s4{color:#bc4c00}.s5{color:#cf222e}.err{font-family:ui-monospace,monospace;color:#cf222e}
.errors{margin:4px 0;padding-left:18px}.note{color:#57606a;font-size:12px}.tabs{margin-top:8px}.tab{border:1px solid #d0d7de;background:#f6f8fa;padding:3px 10px;cursor:pointer;border-radius:6px 6px 0 0}
.tab.on{background:#0d1117;color:#fff}.machine-box{border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;margin:8px 0}svg.machine{max-width:100%;height:auto}
svg .state{fill:#f6f8fa;stroke:#57606a;stroke-width:1.5}svg .initial{fill:#ddf4ff;stroke:#0969da}svg .inner{fill:none;stroke:#57606a}
svg .label{font:13px system-ui,sans-serif;text-anchor:middle}svg .edge{font:11px system-ui,sans-serif;text-anchor:middle;fill:#57606a}
.hidden{display:none}#empty{color:#57606a;font-size:13px;margin-top:8px}
"""

_SCRIPT = """
(function(){
  var input=document.getElementById('search'),links=[].slice.call(document.querySelectorAll('nav a[data-search]')),empty=document.getElementById('empty');
  input.addEventListener('input',function(){
    var q=input.value.trim().toLowerCase(),shown=0;
    links.forEach(function(a){var hit=!q||a.getAttribute('data-search').indexOf(q)>=0;a.classList.toggle('hidden',!hit);a.classList.toggle('hit',!!q&&hit);if(hit)shown++;});
    empty.hidden=shown>0;
  });
  input.addEventListener('keydown',function(e){if(e.key==='Enter'){var first=links.filter(function(a){return !a.classList.contains('hidden');})[0];if(first){location.hash=first.getAttribute('href');}}});
  document.querySelectorAll('.samples').forEach(function(box){
    box.querySelectorAll('.tab').forEach(function(tab){tab.addEventListener('click',function(){
      box.querySelectorAll('.tab').forEach(function(t){t.classList.toggle('on',t===tab);});
      box.querySelectorAll('.sample').forEach(function(p){p.hidden=p.getAttribute('data-lang')!==tab.getAttribute('data-tab');});
    });});
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
    nav = ['<input id="search" type="search" placeholder="Search operations and schemas" aria-label="Search"><p id="empty" hidden>Nothing matches.</p>']
    body = [
        f"<h1>{_e(info.get('title', 'API'))} <span class=tag>{_e(info.get('version', ''))}</span></h1>",
        _prose(info.get("summary")),
        _prose(info.get("description")),
    ]
    for tag in tags:
        in_tag = [o for o in listed if o["tag"] == tag]
        if not in_tag:
            continue
        nav.append(f"<h2>{_e(tag)}</h2>")
        body.append(f'<h2 class="group" id="tag-{_e(_snake(tag))}">{_e(tag)}</h2>')
        description = next((t.get("description") for t in bundle.get("tags") or [] if t["name"] == tag), None)
        body.append(_prose(description))
        for item in in_tag:
            operation = bundle["paths"][item["path"]][item["method"].lower()]
            search = _e((item["id"] + " " + item["path"] + " " + item["summary"]).lower())
            nav.append(
                f'<a href="#op-{_e(item["id"])}" data-search="{search}"><span class="m">{_e(item["method"])}</span>{_e(item["summary"] or item["id"])}</a>'
            )
            body.append(_operation_html(bundle, item["method"].lower(), item["path"], operation, by_operation))
    nav.append("<h2>Schemas</h2>")
    body.append('<h2 class="group" id="schemas">Schemas</h2>')
    for name in sorted(schemas):
        nav.append(f'<a href="#schema-{_e(name)}" data-search="{_e(name.lower())}">{_e(name)}</a>')
        body.append(_schema_html(bundle, name, schemas[name], machines))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="data:,"><title>{_e(info.get("title", "API"))} {_e(info.get("version", ""))} reference</title>'
        f"<style>{_STYLE}</style></head><body><nav>{''.join(nav)}</nav><main>{''.join(body)}</main><script>{_SCRIPT}</script></body></html>\n"
    )
