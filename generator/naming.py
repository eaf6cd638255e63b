"""The SDK's naming model: how an operation of the contract is called from ``webdata_client``.

One record per operation (:class:`ClientOperation`: its resource, method name, keyword arguments
typed from the request schema, the model it returns) and per job (:class:`Job`: its start and
status operations, terminal states, paging, watch socket), read from the bundle. The ``client``
stage renders the package from it; the READMEs and the reference page write their examples from
it (:func:`call_expression`), so the three always name a call alike.
"""

from __future__ import annotations

import builtins
import json
import keyword
import re
from dataclasses import dataclass, field, replace
from typing import Any

from generator.load import deref
from generator.models import python_name

__all__ = [
    "PAGE_METHOD",
    "ClientOperation",
    "Job",
    "Param",
    "call_expression",
    "client_operations",
    "component_name",
    "first_sentence",
    "for_users",
    "identifier",
    "jobs",
    "method_name",
    "operations_by_resource",
    "package_of",
    "py_type",
    "snake",
]

_SCHEMA_REF = "#/components/schemas/"


def snake(name: str) -> str:
    """``startCrawl`` -> ``start_crawl``; every run of other characters one underscore."""
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()).strip("_")


@dataclass
class Param:
    name: str  # Python
    wire: str
    annotation: str
    required: bool
    doc: str = ""


@dataclass
class ClientOperation:
    operation_id: str
    tag: str  # Python name of the resource
    module: str  # api/<tag>/<module>.py
    method: str  # method name on the resource
    summary: str
    http_method: str
    result: str
    body_model: str | None
    path: list[Param] = field(default_factory=list)
    query: list[Param] = field(default_factory=list)
    body: list[Param] = field(default_factory=list)
    headers: list[Param] = field(default_factory=list)  # keyword only; an ``x-`` prefix is dropped from the name
    path_template: str = ""
    # The only operation of its resource: called as the resource itself (client.scrape(url)).
    single: bool = False
    # Another form of its operation's body (client.scrape.alexandria(...)): a method of its own.
    form: bool = False
    # A pure envelope ({success, data} and nothing else): the method returns this model, its data.
    unwrap: str | None = None
    # A multipart/form-data upload: the model of its JSON ``options`` part (the keyword arguments).
    upload: str | None = None
    # ``x-client-shortcuts``: (method name, body fields it sets, summary), each a method of its own
    # that calls this one with those fields (client.monitors.pause(id)).
    shortcuts: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    # ``x-client-session``: a method (its name) giving a browser session as a context manager that
    # runs with the operation ``run`` and stops with ``stop`` (operationIds of the same resource).
    session: dict[str, str] | None = None
    # ``x-client-wait``: a method (``method``) polling this operation until the result's ``status`` is
    # one of ``terminal`` (``failures`` among them raise ``JobFailedError``): client.monitors.wait_for_check.
    wait: dict[str, Any] | None = None

    @property
    def returns(self) -> str:
        """The model the method returns."""
        return self.unwrap or self.result


@dataclass
class Job:
    start: ClientOperation
    status: ClientOperation
    terminal: list[str]
    pages: bool  # the status has `next` and `data`
    socket: bool = False  # the status path takes the x-watch WebSocket (and pages)
    # Python names of the status's fields marked ``x-client-from-start`` that the start answers: the
    # waiting start keeps the start's (extract's invalid_urls).
    kept: list[str] = field(default_factory=list)

    @property
    def failures(self) -> list[str]:
        """Terminal states other than success: the ``x-states`` terminal list less ``completed``."""
        return [state for state in self.terminal if state != "completed"]


def component_name(ref: Any) -> str | None:
    """The component a ``$ref`` to ``#/components/schemas/`` names; None for anything else."""
    if isinstance(ref, dict) and isinstance(ref.get("$ref"), str) and ref["$ref"].startswith(_SCHEMA_REF):
        return str(ref["$ref"].removeprefix(_SCHEMA_REF))
    return None


def sends(operation: ClientOperation, body: Any) -> bool:
    """Whether ``operation``'s method sends a body like ``body`` (its keys among the method's fields,
    its required ones present): which method of an operation with several body forms an example is for."""
    wires = {p.wire for p in operation.body}
    return isinstance(body, dict) and set(body) <= wires and {p.wire for p in operation.body if p.required} <= set(body)


def _unwrap(answer: dict[str, Any]) -> str | None:
    """The model of ``data`` where an answer's properties are a pure envelope ({success, data})."""
    return component_name(answer["data"]) if set(answer) == {"success", "data"} else None


def _variants(bundle: dict[str, Any], schema: Any) -> list[str]:
    """The components a schema is one of (a ``oneOf`` component of references), else the component
    it names itself (``Any`` for none)."""
    name = component_name(schema)
    if name is None:
        return ["Any"]
    resolved = deref(bundle, schema)
    members = [component_name(m) for m in resolved.get("oneOf", [])] if isinstance(resolved, dict) else []
    return [m for m in members if m is not None] or [name]


def _body_params(bundle: dict[str, Any], body_schema: Any) -> list[Param]:
    """The keyword arguments of a JSON body, required first."""
    params = []
    properties, required = _properties(bundle, body_schema)
    # ``x-client-omit``: options the schema declares (the service's schema has them) but the
    # operation always refuses (parse: a browser's or a fetch's options), not offered.
    omitted = set(deref(bundle, body_schema).get("x-client-omit") or [])
    for wire, schema in properties.items():
        if wire in omitted:
            continue
        resolved = deref(bundle, schema) if isinstance(schema, dict) else {}
        doc = first_sentence(resolved.get("description", "") if isinstance(resolved, dict) else "")
        annotation = py_type(bundle, schema)
        if wire == "schema" and annotation == "Mapping[str, Any]":
            # A JSON Schema: a pydantic model class is taken too, sent as its JSON Schema.
            annotation += " | type[BaseModel]"
        params.append(Param(identifier(wire), wire, annotation, wire in required, doc))
    params.sort(key=lambda p: (not p.required, p.name))
    return params


def identifier(name: str) -> str:
    snake = re.sub(r"[^0-9a-zA-Z_]", "_", python_name(name)).strip("_")
    return snake + "_" if keyword.iskeyword(snake) else snake


# openapi-python-client's reserved names: a tag whose package would shadow a builtin (``map``) is
# generated as ``api/map_``.
_RESERVED = (set(dir(builtins)) | {"self", "true", "false", "datetime"}) - {"id"}


def package_of(tag: str) -> str:
    """The package openapi-python-client writes a tag's endpoints to (under ``api/``)."""
    return tag + "_" if tag in _RESERVED else tag


def method_name(operation_id: str, tag: str) -> str:
    """``getBatchScrapeStatus`` under tag ``batch_scrape`` -> ``get_status``: the words of the tag are left out."""
    words = python_name(operation_id).split("_")
    tag_words = set(tag.split("_")) | {w + "s" for w in tag.split("_")}
    kept = [w for w in words if w not in tag_words]
    return "_".join(kept) or words[0]


def _properties(bundle: dict[str, Any], schema: Any) -> tuple[dict[str, Any], set[str]]:
    """Properties and required names of an object schema, following ``allOf``."""
    schema = deref(bundle, schema)
    properties: dict[str, Any] = {}
    required: set[str] = set(schema.get("required", []))
    for member in schema.get("allOf", []):
        more, needed = _properties(bundle, member)
        properties |= more
        required |= needed
    properties |= schema.get("properties", {})
    return properties, required


def _has_object(bundle: dict[str, Any], schema: Any, seen: frozenset[str] = frozenset()) -> bool:
    name = component_name(schema)
    if name in seen:
        return False
    schema = deref(bundle, schema)
    if not isinstance(schema, dict):
        return False
    if schema.get("type") == "object" or "properties" in schema or "allOf" in schema:
        return True
    inner = seen | ({name} if name else set())
    return any(_has_object(bundle, member, inner) for key in ("anyOf", "oneOf") for member in schema.get(key, []))


def py_type(bundle: dict[str, Any], schema: Any) -> str:
    """The annotation a method argument takes for ``schema``: the type of ``webdata_models`` for a
    component (plus a plain mapping where it holds an object), plain Python types otherwise."""
    name = component_name(schema)
    if name is not None:
        return f"models.{name} | Mapping[str, Any]" if _has_object(bundle, schema) else f"models.{name}"
    if not isinstance(schema, dict):
        return "Any"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            members = [py_type(bundle, member) for member in schema[key]]
            return " | ".join(dict.fromkeys(part for member in members for part in member.split(" | ")))
    if "enum" in schema and all(isinstance(v, str) for v in schema["enum"]):
        return "Literal[" + ", ".join(json.dumps(v) for v in schema["enum"]) + "]"
    if "const" in schema and isinstance(schema["const"], str):
        return f"Literal[{json.dumps(schema['const'])}]"
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(py_type(bundle, {**schema, "type": k}) for k in kind if k != "null")
    if kind == "array":
        return f"Sequence[{py_type(bundle, schema.get('items', {}))}]"
    if kind == "object":
        extra = schema.get("additionalProperties")
        return f"Mapping[str, {py_type(bundle, extra)}]" if isinstance(extra, dict) and extra else "Mapping[str, Any]"
    return {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}.get(str(kind), "Any")


# A reference to the source document ("(seed §3)", "(seed §1; shapes from the public service)"):
# the contract's authors read it, a user of the client cannot look it up.
_SEED_REFERENCE = re.compile(r"\s*\(seed §[^()]*\)")


def for_users(text: str) -> str:
    """``text`` without references to the source document, for docstrings a user reads."""
    return _SEED_REFERENCE.sub("", text or "")


def first_sentence(text: str) -> str:
    text = " ".join(for_users(text).split())
    return text.split(". ")[0].rstrip(".") + "." if text else ""


def _wait_of(wait: Any, answer: dict[str, Any], result: str) -> dict[str, Any] | None:
    """``x-client-wait`` with ``model``: the component the wait returns and reads ``status`` of (the
    result's ``data`` where the result is an envelope of it, else the result)."""
    if not wait:
        return None
    inner = component_name(answer.get("data")) if "status" not in answer else None
    return {**wait, "model": inner or result, "read": "data" if inner else None}


def client_operations(bundle: dict[str, Any]) -> list[ClientOperation]:
    operations = []
    for path, item in sorted(bundle.get("paths", {}).items()):
        shared = [deref(bundle, p) for p in item.get("parameters", [])]
        for verb, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op or "x-alias-of" in op:
                continue  # an alias's operation is the client's method of the operation it names
            if "200" not in op["responses"]:
                continue  # a removed endpoint (it only answers its refusal): the client offers no method for it
            tag = identifier((op.get("tags") or ["default"])[0].lower().replace(" ", "_"))
            parameters = shared + [deref(bundle, p) for p in op.get("parameters", [])]
            results = _variants(bundle, op["responses"]["200"]["content"]["application/json"]["schema"])
            result = results[0]
            answer, _ = _properties(bundle, {"$ref": _SCHEMA_REF + result}) if result != "Any" else ({}, set())
            unwrap = _unwrap(answer)
            content = (op.get("requestBody") or {}).get("content") or {}
            body_schema = content.get("application/json", {}).get("schema")
            # A body of several forms (ScrapeUrlBody: a URL, or alexandria calls): the method takes
            # the first; each other form with an x-client-method is a method of its own (below).
            bodies = _variants(bundle, body_schema) if body_schema is not None else []
            if len(bodies) > 1:
                body_schema = {"$ref": _SCHEMA_REF + bodies[0]}
            upload = None
            if "multipart/form-data" in content:
                # An upload: the file part, and the options as one JSON part whose contentSchema
                # gives the method's keyword arguments.
                parts, _ = _properties(bundle, content["multipart/form-data"]["schema"])
                body_schema = parts["options"]["contentSchema"]
                upload = component_name(body_schema)
            operation = ClientOperation(
                operation_id=op["operationId"],
                tag=tag,
                module=identifier(op["operationId"]),
                method=op.get("x-client-method") or method_name(op["operationId"], tag),
                upload=upload,
                shortcuts=[(str(c["method"]), dict(c["set"]), str(c["summary"])) for c in op.get("x-client-shortcuts") or []],
                session={str(k): str(v) for k, v in op["x-client-session"].items()} if op.get("x-client-session") else None,
                wait=_wait_of(op.get("x-client-wait"), answer, result),
                summary=op.get("summary", ""),
                http_method=verb.upper(),
                result=result,
                body_model=component_name(body_schema),
                path_template=path,
                unwrap=unwrap,
            )
            for parameter in parameters:
                annotation = py_type(bundle, parameter.get("schema", {}))
                doc = first_sentence(parameter.get("description", ""))
                if parameter["in"] == "path":
                    # A job's id is `id` whatever the path calls it (id, jobId), a str as every job's
                    # id is (a UUID is taken too, as some callers keep ids that way); a second id of
                    # the path (a monitor's checkId) keeps its own name, snake_cased.
                    is_id = parameter["name"].lower().endswith("id")
                    first_id = is_id and not any(p.name == "id" for p in operation.path)
                    pname = "id" if first_id else identifier(parameter["name"])
                    operation.path.append(Param(pname, parameter["name"], "str | UUID" if is_id and annotation == "str" else annotation, True, doc))
                elif parameter["in"] == "query":
                    operation.query.append(Param(identifier(parameter["name"]), parameter["name"], annotation, bool(parameter.get("required")), doc))
                elif parameter["in"] == "header":
                    name = identifier(parameter["name"].lower().removeprefix("x-"))
                    schema = parameter.get("schema", {})
                    uuid = "uuid" in (schema.get("format"), schema.get("x-format")) and annotation == "str"
                    operation.headers.append(Param(name, parameter["name"], "str | UUID" if uuid else annotation, False, doc))
            if body_schema is not None:
                operation.body = _body_params(bundle, body_schema)
            operations.append(operation)
            for index, name in enumerate(bodies[1:], start=1):
                variant = deref(bundle, {"$ref": _SCHEMA_REF + name})
                if not variant.get("x-client-method"):
                    continue
                form = results[index] if index < len(results) else result
                form_answer, _ = _properties(bundle, {"$ref": _SCHEMA_REF + form}) if form != "Any" else ({}, set())
                operations.append(
                    replace(
                        operation,
                        method=str(variant["x-client-method"]),
                        summary=first_sentence(variant.get("description", "")).rstrip("."),
                        body_model=name,
                        body=_body_params(bundle, {"$ref": _SCHEMA_REF + name}),
                        result=form,
                        unwrap=_unwrap(form_answer),
                        shortcuts=[],
                        session=None,
                        wait=None,
                        form=True,
                    )
                )
    for operation in operations:
        # Another form of the same operation (client.scrape.alexandria) leaves it the resource's only one.
        operation.single = not operation.form and len({op.operation_id for op in operations if op.tag == operation.tag}) == 1
    for job in jobs(bundle, operations):
        if job.pages:
            # The status operation reads one page: named for what it is, so that ``get_status``
            # can be the read a firecrawl-py user expects, every page gathered (_job_methods).
            job.status.method = PAGE_METHOD
    return operations


# The one-page read of a paged job's status (getCrawlStatus, getBatchScrapeStatus).
PAGE_METHOD = "get_status_page"


def jobs(bundle: dict[str, Any], operations: list[ClientOperation]) -> list[Job]:
    found = []
    schemas = bundle["components"]["schemas"]
    for status in operations:
        if status.http_method != "GET" or len(status.path) != 1 or status.result not in schemas:
            continue
        properties, _ = _properties(bundle, {"$ref": _SCHEMA_REF + status.result})
        states = deref(bundle, properties.get("status", {})).get("x-states") if "status" in properties else None
        if not states:
            continue
        starts = [
            op
            for op in operations
            if op.tag == status.tag and op.http_method == "POST" and not op.path and "id" in _properties(bundle, {"$ref": _SCHEMA_REF + op.result})[0]
        ]
        if len(starts) == 1:
            pages = "next" in properties and "data" in properties
            raw = bundle["paths"][status.path_template]["get"]
            started, _ = _properties(bundle, {"$ref": _SCHEMA_REF + starts[0].result})
            kept = [
                python_name(w)
                for w in started
                if w in properties and w not in ("success", "id", "url") and isinstance(properties[w], dict) and properties[w].get("x-client-from-start")
            ]
            found.append(Job(starts[0], status, list(states["terminal"]), pages, socket=pages and "x-watch" in raw, kept=kept))
    return found


# -- rendering ----------------------------------------------------------------------------------------


def placeholder(tag: str, wire: str) -> str:
    """What stands for a path parameter in an example: ``'<monitor id>'`` for a monitor's ``id``,
    ``'<check id>'`` for ``checkId``, ``'<job id>'`` for a job's ``id`` or ``jobId``."""
    if tag == "interact":
        return "<scrape id>"  # the document's metadata.scrapeId
    if wire not in ("id", "jobId"):
        return "<" + re.sub(r"(?<=[a-z])(?=[A-Z])", " ", wire).lower() + ">"
    thing = {"monitors": "monitor", "browser": "session"}.get(tag, "job")
    return f"<{thing} id>"


def call_expression(
    operation: ClientOperation,
    *,
    body: Any = None,
    path: dict[str, str] | None = None,
    client: str = "client",
    leading: list[str] | None = None,
    query: dict[str, Any] | None = None,
) -> str:
    """The call of ``operation`` on a client, with a request example's body as keyword arguments
    (``leading``: positional arguments before them, an upload's file; ``query``: the examples of its
    query parameters, by wire name)."""
    target = f"{client}.{operation.tag}"
    name = "" if operation.single or operation.method == "__call__" else f".{operation.method}"
    arguments = list(leading or []) + [f"{p.name}={(path or {}).get(p.wire, repr(placeholder(operation.tag, p.wire)))}" for p in operation.path]
    # A query parameter's example (a paper search's query); a required one without one, its placeholder.
    examples = query or {}
    arguments += [f"{p.name}={examples.get(p.wire, placeholder(operation.tag, p.wire))!r}" for p in operation.query if p.required or p.wire in examples]
    wire_to_python = {p.wire: p.name for p in operation.body}
    for wire, value in (body or {}).items():
        arguments.append(f"{wire_to_python.get(wire, wire)}={value!r}")
    return f"{target}{name}({', '.join(arguments)})"


def operations_by_resource(bundle: dict[str, Any]) -> dict[str, list[ClientOperation]]:
    grouped: dict[str, list[ClientOperation]] = {}
    for operation in client_operations(bundle):
        grouped.setdefault(operation.tag, []).append(operation)
    for ops in grouped.values():
        ops.sort(key=lambda o: o.method)
    return dict(sorted(grouped.items()))
