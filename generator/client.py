"""Stage ``client``: the typed HTTP client package ``webdata_client`` from the bundle.

Three parts:

* openapi-python-client, with ``generator/config/client.yaml`` and the templates in
  ``generator/templates/client``, writes one module per operation under ``api/<tag>/`` (its method,
  path, parameters, documented statuses and result type, as ``OPERATION``) and ``models`` (the types
  of ``webdata_models``: one type story). It must print nothing (``--fail-on-warning``): its warnings
  mean an endpoint or schema was skipped. The modules it writes that nothing varies in render empty
  (its per-schema attrs modules, which this stage removes, and the four replaced below).
* The fixed machinery is Python, linted and type-checked where it is kept,
  ``generator/runtime/webdata_client/`` (the transport ``client.py``, ``errors.py``, ``types.py``,
  ``_base_client.py``, the package's ``__init__.py``), copied into the package as it is.
* This stage writes what varies with the contract: ``_contract.py`` (its first server),
  ``resources/<tag>.py`` (one resource per tag, sync and async, one method per operation with
  Pythonic keyword arguments typed from the request schema, and for every job, a status whose
  ``status`` names an ``x-states`` enum, ``wait``, ``watch``, the start that waits and, where the
  status pages with ``next``, ``iter_documents``) and ``_webdata.py`` (``Webdata`` and
  ``AsyncWebdata``: the runtime's clients with a property per resource). Jinja cannot compute these
  signatures (snake_case names, types from JSON Schema), so they are written here from the bundle
  (the naming model is ``generator/naming.py``); nothing is written per operation by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from generator.findings import Finding, StageFailed
from generator.naming import ClientOperation, Job, client_operations, first_sentence, identifier, jobs, package_of
from generator.tools import run_tool, tool_path

__all__ = ["PACKAGE", "RUNTIME", "generate_client", "render_package"]

STAGE = "client"
PACKAGE = "webdata_client"
CONFIG = Path(__file__).parent / "config" / "client.yaml"
TEMPLATES = Path(__file__).parent / "templates" / "client"
RUNTIME = Path(__file__).parent / "runtime" / PACKAGE
_SCHEMA_REF = "#/components/schemas/"
DEFAULT_MAX_WAIT = 600.0


def generate_client(*, bundle_path: Path, out_dir: Path) -> Path:
    """Write the client package into ``out_dir`` (which must not exist); returns the package folder.

    Only the package: its ``pyproject.toml`` and README come from the ``package`` stage.
    """
    # The tool writes a module per operation; an alias (x-alias-of) is called with the module of the
    # operation it names, so it is left out of what the tool reads.
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    source = out_dir / "client-input.json"
    out_dir.mkdir(parents=True, exist_ok=True)
    source.write_text(json.dumps(_without_aliases(bundle)), encoding="utf-8")
    argv = [
        tool_path("openapi-python-client"),
        "generate",
        "--path",
        str(source),
        "--config",
        str(CONFIG),
        "--custom-template-path",
        str(TEMPLATES),
        "--meta",
        "none",
        "--output-path",
        str(out_dir / PACKAGE),
        "--fail-on-warning",
    ]
    try:
        output = run_tool(argv, stage=STAGE, allow_output=True)
    finally:
        source.unlink()
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
    package = out_dir / PACKAGE
    for module in sorted((package / "models").glob("*.py")):
        if module.name != "__init__.py":
            module.unlink()
    for module in sorted(RUNTIME.glob("*.py")):
        shutil.copyfile(module, package / module.name)
    for relative, text in render_package(bundle).items():
        (package / relative).parent.mkdir(parents=True, exist_ok=True)
        (package / relative).write_text(text, encoding="utf-8")
    (package / "py.typed").write_text("", encoding="utf-8")
    return package


def _without_aliases(bundle: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``bundle`` without the operations that are another path of one (x-alias-of)."""
    copy: dict[str, Any] = json.loads(json.dumps(bundle))
    for path, item in list(copy.get("paths", {}).items()):
        for verb, operation in list(item.items()):
            if isinstance(operation, dict) and "x-alias-of" in operation:
                del item[verb]
        if not any(isinstance(operation, dict) and "operationId" in operation for operation in item.values()):
            del copy["paths"][path]
    return copy


# -- the operations, read from the bundle -----------------------------------------------------------


_WRITTEN = "Written by the generator's client stage from the bundle (generator/client.py). Do not edit."

# The imports of a resource module: those it does not use are removed by the build's formatting
# (ruff's F401 fix, generator/config/ruff.toml), which also sorts them.
_RESOURCE_IMPORTS = """from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal
from uuid import UUID

import webdata_models as models
from pydantic import BaseModel

from .._base_client import AsyncClient, SyncClient
from ..client import FileInput, alast_status, awatch_job, kept, last_status, request_body, watch_job
from ..sessions import AsyncBrowserSession, BrowserSession
from ..types import JobSpec
"""


# The upload's own arguments, beside its options (generator/runtime/webdata_client/client.py, upload_part).
_UPLOAD_ARGS = ("filename: str | None = None", "content_type: str | None = None")
_UPLOAD_DOCS = (
    "    file: A path, the file's bytes, or a file object opened in binary mode; a path or a file object is streamed.",
    "    filename: The name sent with the file (default: the path's or file object's name, else ``upload``); its extension tells the file's kind.",
    "    content_type: The file's Content-Type (default: guessed from the name).",
)


def _signature(operation: ClientOperation, *, extra: tuple[str, ...] = ()) -> str:
    parts = ["self"]
    positional = [p for p in operation.path] + [p for p in operation.body + operation.query if p.required]
    if operation.upload:
        parts.append("file: FileInput")
        extra = _UPLOAD_ARGS + extra
    parts += [f"{p.name}: {p.annotation}" for p in positional]
    optional = [p for p in operation.body + operation.query if not p.required] + operation.headers
    if optional or extra:
        parts.append("*")
    parts += [f"{p.name}: {p.annotation} | None = None" for p in optional]
    parts += list(extra)
    return ", ".join(parts)


def _docstring(operation: ClientOperation, indent: str, lead: str | None = None, more: list[str] | None = None) -> str:
    lines = [lead or f"{operation.summary.rstrip('.')}.", "", f"``{operation.http_method} {operation.path_template}`` ({operation.operation_id})."]
    documented = [p for p in operation.path + operation.body + operation.query + operation.headers if p.doc]
    if documented or operation.upload or more:
        lines += ["", "Args:"]
        lines += list(_UPLOAD_DOCS) if operation.upload else []
        lines += [f"    {p.name}: {p.doc}" for p in documented]
        lines += more or []
    body = "\n".join((indent + line).rstrip() for line in lines)
    return f'{indent}"""{body.lstrip()}\n{indent}"""\n'


def _call(operation: ClientOperation) -> str:
    path = "{" + ", ".join(f'"{p.wire}": {p.name}' for p in operation.path) + "}"
    query = "{" + ", ".join(f'"{p.wire}": {p.name}' for p in operation.query) + "}"
    if operation.body_model:
        values = "{" + ", ".join(f'"{p.name}": {p.name}' for p in operation.body) + "}"
        body = f"request_body(models.{operation.body_model}, {values})"
    else:
        body = "None"
    headers = ", headers={" + ", ".join(f'"{p.wire}": {p.name}' for p in operation.headers) + "}" if operation.headers else ""
    return f"_{operation.module}.OPERATION, path={path}, query={query}, body={body}{headers}, result=models.{operation.result}"


def _method(operation: ClientOperation, *, is_async: bool, name: str) -> str:
    a = "async " if is_async else ""
    aw = "await " if is_async else ""
    call = f"{aw}self._client._call({_call(operation)})"
    if operation.upload:
        values = "{" + ", ".join(f'"{p.name}": {p.name}' for p in operation.body) + "}"
        options = f"request_body(models.{operation.upload}, {values})"
        call = (
            f"{aw}self._client._upload(_{operation.module}.OPERATION, file=file, filename=filename, content_type=content_type, "
            f"options={options}, result=models.{operation.result})"
        )
    if operation.unwrap:
        # A pure envelope: success is always true on a 200, so its data is all there is to say.
        call = f"({call}).data" if is_async else f"{call}.data"
    return f"    {a}def {name}({_signature(operation)}) -> models.{operation.returns}:\n" + _docstring(operation, "        ") + f"        return {call}\n"


def _shortcut(operation: ClientOperation, shortcut: tuple[str, dict[str, Any], str], *, is_async: bool) -> str:
    """A method that calls ``operation``'s with some body fields set (``x-client-shortcuts``)."""
    name, values, summary = shortcut
    a, aw = ("async ", "await ") if is_async else ("", "")
    python = {p.wire: p.name for p in operation.body}
    fixed = [f"{python[wire]}={value!r}" for wire, value in values.items()]
    params = ", ".join(["self", *(f"{p.name}: {p.annotation}" for p in operation.path)])
    args = ", ".join([*(p.name for p in operation.path), *fixed])
    lines = [f"    {a}def {name}({params}) -> models.{operation.returns}:", f'        """{summary}', "", f"        ``{operation.method}({args})``."]
    if operation.path:
        lines += ["", "        Args:", *(f"            {p.name}: {p.doc}" for p in operation.path)]
    lines += ['        """', f"        return {aw}self.{operation.method}({args})", ""]
    return "\n".join(lines)


_WAIT_ARGS = (
    "poll_interval: float | None = None",
    f"max_wait: float | None = {DEFAULT_MAX_WAIT}",
    "raise_on_failure: bool = True",
    'via: Literal["auto", "socket", "poll"] = "auto"',
)
_DOCUMENTS_ARG = "documents: bool = True"
_WAIT_DOC = """
        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound
        the wait, then ``JobTimeoutError`` (with ``last``). A job that ends {failures} raises
        ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``.{socket}
"""
_SOCKET_DOC = """ ``via``: ``"auto"`` watches over the
        status path's WebSocket and polls where it cannot (a server without it, a client given its
        own ``http_client``), ``"socket"`` insists, ``"poll"`` never tries."""


def _wait_args(job: Job, *, id: bool, on_status: bool) -> list[str]:
    """The Args lines of the waiting parameters (``watch``, ``wait``, the start that waits)."""
    lines = ["    id: The job's id, as its start returned it."] if id else []
    lines += [
        "    poll_interval: Seconds between two reads of the status while polling (default: the client's).",
        f"    max_wait: Seconds to wait at most (default {DEFAULT_MAX_WAIT:g}; None: no deadline), then ``JobTimeoutError``.",
        "    raise_on_failure: Raise ``JobFailedError`` when the job ends other than completed (default True); False returns its status.",
    ]
    if job.socket:
        lines.append('    via: "auto" (the WebSocket where it can, else polling), "socket" or "poll".')
    if job.pages:
        lines.append(
            "    documents: False: the statuses come without their documents (``data`` empty, ``next`` None), polled one"
            " document a page, so a wait downloads none; read them after with ``iter_documents``."
        )
    if on_status:
        lines.append("    on_status: Called with each status as it changes, the last one too.")
    return lines


def _args_block(lines: list[str], indent: str) -> str:
    return "".join(f"{indent}{line}\n" for line in ["", "Args:", *lines])


def _spec_name(job: Job) -> str:
    return f"_{job.status.tag.upper()}_JOB"


def _job_spec(job: Job) -> str:
    placeholder = job.status.path[0].wire
    path = job.status.path_template.replace("{" + placeholder + "}", "{id}")
    return (
        f"{_spec_name(job)} = JobSpec(status_path={path!r}, terminal={tuple(job.terminal)!r}, failures={tuple(job.failures)!r}, "
        f"pages={job.pages}, socket={job.socket})\n"
    )


def _session(operation: ClientOperation, by_id: dict[str, ClientOperation], *, is_async: bool) -> str:
    """The method that gives a browser session as a context manager (``x-client-session``): made by
    ``operation`` and then bound to its id (``client.browser.session()``), or bound to the id the
    operation itself takes (``client.interact.session(scrape_id)``)."""
    spec = operation.session or {}
    run, stop = by_id[spec["run"]], by_id[spec["stop"]]
    kind = "AsyncBrowserSession" if is_async else "BrowserSession"
    usage = "async with" if is_async else "with"
    if run.operation_id == operation.operation_id:
        (param,) = operation.path
        lines = [
            f"    def {spec['method']}(self, {param.name}: {param.annotation}) -> {kind}:",
            f'        """The session of ``{param.name}`` as a context manager: ``{usage} client.{operation.tag}.{spec["method"]}({param.name}) as session:``',
            f"        runs with ``session.run(code=..., prompt=...)`` ({run.operation_id}) and stops the session when the block is left",
            f"        ({stop.operation_id}). A failed run is returned (``check=True`` raises ``ExecutionFailedError``).",
            "",
            "        Args:",
            f"            {param.name}: {param.doc}",
            '        """',
            f"        return {kind}(str({param.name}), run=self.{run.method}, stop=self.{stop.method})",
            "",
        ]
        return "\n".join(lines)
    positional = [p for p in operation.path] + [p for p in operation.body + operation.query if p.required]
    optional = [p for p in operation.body + operation.query if not p.required] + operation.headers
    args = ", ".join([*(p.name for p in positional), *(f"{p.name}={p.name}" for p in optional)])
    lead = (
        f"{operation.summary.rstrip('.')} ({operation.operation_id}), as a context manager: ``{usage} client.{operation.tag}.{spec['method']}() as session:``\n"
        f"runs code with ``session.run(code)`` ({run.operation_id}) and stops the session when the block is left\n"
        f"({stop.operation_id}), whatever happens inside. A failed run is returned (``check=True`` raises ``ExecutionFailedError``)."
    )
    doc = [_docstring(operation, "        ", lead=lead.replace("\n", "\n        ")).rstrip("\n")]
    if is_async:
        body = [f"        return {kind}(None, run=self.{run.method}, stop=self.{stop.method}, start=functools.partial(self.{operation.method}, {args}))"]
    else:
        body = [
            f"        created = self.{operation.method}({args})",
            f'        return {kind}(str(created.id or ""), run=self.{run.method}, stop=self.{stop.method}, created=created)',
        ]
    return "\n".join([f"    def {spec['method']}({_signature(operation)}) -> {kind}:", *doc, *body, ""])


def _wait_spec_name(operation: ClientOperation) -> str:
    return f"_{operation.tag.upper()}_{identifier(operation.method).upper()}_WAIT"


def _wait_spec(operation: ClientOperation) -> str:
    """The ``JobSpec`` an ``x-client-wait`` method polls with (no pages, no socket)."""
    wait = operation.wait or {}
    return (
        f"{_wait_spec_name(operation)} = JobSpec(status_path={operation.path_template!r}, terminal={tuple(wait['terminal'])!r}, "
        f"failures={tuple(wait.get('failures', []))!r}, pages=False, socket=False)\n"
    )


def _wait_method(operation: ClientOperation, *, is_async: bool) -> str:
    """``x-client-wait``: poll ``operation`` until its result's status is terminal."""
    wait = operation.wait or {}
    a, aw = ("async ", "await ") if is_async else ("", "")
    result = f"models.{wait['model']}"
    params = ", ".join(["self", *(f"{p.name}: {p.annotation}" for p in operation.path)])
    args = ", ".join(p.name for p in operation.path)
    last = operation.path[-1].name
    read = f".{wait['read']}" if wait.get("read") else ""
    terminal, failures = list(wait["terminal"]), list(wait.get("failures", []))
    watch, fold = ("awatch_job", "alast_status") if is_async else ("watch_job", "last_status")
    quote3 = '"' * 3
    failing = f" One that ends {' or '.join(failures)} raises ``JobFailedError`` (with ``last``) unless ``raise_on_failure=False``." if failures else ""
    lines = [
        f"    {a}def {wait['method']}(",
        f"        {params}, *, poll_interval: float | None = None, max_wait: float | None = {DEFAULT_MAX_WAIT},",
        f"        raise_on_failure: bool = True, on_status: Callable[[{result}], object] | None = None,",
        f"    ) -> {result}:",
        f"        {quote3}Wait until ``{operation.method}`` reads an ended status ({', '.join(terminal)}) and return it.",
        "",
        "        ``on_status`` is called with each status as it changes (a progress display), the last one too.",
        "        ``poll_interval`` defaults to the client's (2 s); ``max_wait`` seconds (None: no deadline) bound",
        "        the wait, then ``JobTimeoutError`` (with ``last``)." + failing,
        "",
        "        Args:",
        *(f"            {p.name}: {p.doc}" for p in operation.path),
        "            poll_interval: Seconds between two reads (default: the client's).",
        f"            max_wait: Seconds to wait at most (default {DEFAULT_MAX_WAIT:g}; None: no deadline), then ``JobTimeoutError``.",
        "            raise_on_failure: Raise ``JobFailedError`` when it ends in failure (default True); False returns it.",
        "            on_status: Called with each status as it changes, the last one too.",
        f"        {quote3}",
        "",
        f"        {a}def read() -> {result}:",
        f"            return ({aw}self.{operation.method}({args})){read}" if is_async else f"            return self.{operation.method}({args}){read}",
        "",
        f"        statuses = {watch}(",
        f"            self._client._transport, {_wait_spec_name(operation)}, str({last}), poll=read, result={result},",
        "            document=None, interval=self._client.options.poll_interval if poll_interval is None else poll_interval,",
        '            max_wait=max_wait, raise_on_failure=raise_on_failure, via="poll", sockets=False,',
        "        )",
        f"        return {aw}{fold}(statuses, on_status)",
        "",
    ]
    return "\n".join(lines)


def _job_methods(job: Job, *, is_async: bool) -> str:
    a = "async " if is_async else ""
    aw = "await " if is_async else ""
    status = job.status
    result = f"models.{status.result}"
    iterator = f"AsyncIterator[{result}]" if is_async else f"Iterator[{result}]"
    failures = " or ".join(job.failures) or "in failure"
    wait_doc = _WAIT_DOC.format(failures=failures, socket=_SOCKET_DOC if job.socket else "")
    via = "via" if job.socket else '"poll"'
    waiting = list(_WAIT_ARGS if job.socket else _WAIT_ARGS[:3]) + ([_DOCUMENTS_ARG] if job.pages else [])
    wait_args = ", ".join(waiting)
    # A paged job's statuses without their documents: polled one document a page, then emptied.
    if job.pages:
        via = f'"poll" if not documents else {via}'
        poll = f"lambda: self.{job.status.method}(id) if documents else self.{job.status.method}(id, limit=1)"
        passed = ", documents=documents"
    else:
        poll, passed = f"lambda: self.{job.status.method}(id)", ""
    gathered = "every document gathered from ``next``, ``next`` None" if job.pages else "its result"
    # What the example prints: a paged job's progress, another job's state (it has no counts).
    shown = "print(status.completed, status.total)" if job.pages else "print(status.status)"
    text = f'''
    def watch(self, id: str | UUID, *, {wait_args}) -> {iterator}:
        """The job's status each time it changes, until a terminal state ({", ".join(job.terminal)}).

        ``for status in client.{status.tag}.watch(id): {shown}``: the
        last status is the terminal one, with {gathered}.
{wait_doc}{_args_block(_wait_args(job, id=True, on_status=False), "        ")}        """
        return {"awatch_job" if is_async else "watch_job"}(
            self._client._transport,
            {_spec_name(job)},
            str(id),
            poll={poll},
            result={result},
            document={"models.Document" if job.pages else "None"},
            interval=self._client.options.poll_interval if poll_interval is None else poll_interval,
            max_wait=max_wait,
            raise_on_failure=raise_on_failure,
            via={via},
            sockets=self._client._sockets,{" documents=documents," if job.pages else ""}
        )

    {a}def wait(self, id: str | UUID, *, {wait_args}, on_status: Callable[[{result}], object] | None = None) -> {result}:
        """Wait until the job reaches a terminal state and return that status ({gathered}).

        ``on_status`` is called with each status as it changes (a progress display), the last one too.
{wait_doc}{_args_block(_wait_args(job, id=True, on_status=True), "        ")}        """
        watched = self.watch(id, poll_interval=poll_interval, max_wait=max_wait, raise_on_failure=raise_on_failure{", via=via" if job.socket else ""}{passed})
        return {aw}{"alast_status" if is_async else "last_status"}(watched, on_status)
'''
    start = job.start
    extra = (*waiting, f"on_status: Callable[[{result}], object] | None = None")
    text += f"\n    {a}def __call__({_signature(start, extra=extra)}) -> {result}:\n"
    text += _docstring(
        start,
        "        ",
        lead=f"{start.summary.rstrip('.')}, then ``wait`` for it to end; returns the terminal status.",
        more=_wait_args(job, id=False, on_status=True),
    )
    args = ", ".join(f"{p.name}={p.name}" for p in start.path + start.body + start.query + start.headers)
    waited = ", ".join(
        ["str(started.id)", "poll_interval=poll_interval", "max_wait=max_wait", "raise_on_failure=raise_on_failure"]
        + (["via=via"] if job.socket else [])
        + (["documents=documents"] if job.pages else [])
        + ["on_status=on_status"]
    )
    text += f"        started = {aw}self.{start.method}({args})\n"
    if job.kept:
        # What the start answered and the status reads never say again (extract's invalidURLs).
        text += f"        final = {aw}self.wait({waited})\n"
        text += f"        return kept(final, started, {tuple(job.kept)!r})\n"
    else:
        text += f"        return {aw}self.wait({waited})\n"
    text += "\n    start_and_wait = __call__  # the name of earlier versions\n"
    if job.pages:
        text += f'''
    {a}def get_status(self, id: str | UUID) -> {result}:
        """Read the job's status with every document available now: the first page, then each
        ``next`` (on the same origin) gathered into ``data``, ``next`` None, as firecrawl-py's
        ``get_crawl_status`` reads it, so ``len(status.data)`` counts every page's documents.
        ``{status.method}(id, skip=..., limit=...)`` reads one page.

        Args:
            id: UUID of a job of the caller's team; another team's job answers 404 as if it did not exist.
        """
        first = {aw}self.{status.method}(id)
        # A running job answers ``next`` also where no document is behind it yet (as the service
        # does): a page with none ends the reading, or it would read the same page for ever.
        documents, link = list(first.data), first.next if first.data else None
        while link:
            page = {aw}self._client._follow(link, result={result})
            documents += page.data
            link = page.next if page.data else None
        return first.model_copy(update={{"id": str(id), "data": documents, "next": None}})

    {a}def iter_documents(self, id: str | UUID) -> {iterator.replace(result, "models.Document")}:
        """The job's documents available now, page after page, following ``next`` on the same origin.

        Args:
            id: The job's id, as its start returned it.
        """
        page = {aw}self.{status.method}(id)
        while True:
            for document in page.data:
                yield document
            if not page.next or not page.data:  # (see get_status)
                return
            page = {aw}self._client._follow(page.next, result={result})
'''
    return text


def _class_name(tag: str, *, is_async: bool) -> str:
    return ("Async" if is_async else "") + "".join(w.capitalize() for w in tag.split("_"))


def _resource_class(tag: str, description: str, operations: list[ClientOperation], job: Job | None, *, is_async: bool) -> str:
    base = "AsyncClient" if is_async else "SyncClient"
    out = [
        f'class {_class_name(tag, is_async=is_async)}:\n    """{description}"""\n\n    def __init__(self, client: {base}) -> None:\n        self._client = client\n'
    ]
    for operation in sorted(operations, key=lambda o: o.method):
        # A resource with one operation is called directly: client.scrape(url, ...); so is the
        # operation whose x-client-method says so (client.parse(path)).
        name = "__call__" if operation.single else operation.method
        out.append("\n" + _method(operation, is_async=is_async, name=name))
        out += ["\n" + _shortcut(operation, shortcut, is_async=is_async) for shortcut in operation.shortcuts]
        if operation.session:
            out.append("\n" + _session(operation, {o.operation_id: o for o in operations}, is_async=is_async))
        if operation.wait:
            out.append("\n" + _wait_method(operation, is_async=is_async))
    if job is not None:
        out.append(_job_methods(job, is_async=is_async))
    return "".join(out)


def render_package(bundle: dict[str, Any]) -> dict[str, str]:
    """What the stage writes into the package, by path inside it: ``_contract.py``, one module per
    resource under ``resources/`` and ``_webdata.py``."""
    operations = client_operations(bundle)
    by_tag: dict[str, list[ClientOperation]] = {}
    for operation in operations:
        by_tag.setdefault(operation.tag, []).append(operation)
    job_by_tag = {job.status.tag: job for job in jobs(bundle, operations)}
    tag_titles = {identifier(t["name"].lower().replace(" ", "_")): t for t in bundle.get("tags", [])}
    descriptions = {tag: first_sentence(tag_titles.get(tag, {}).get("description", "")) or f"The {tag} operations." for tag in sorted(by_tag)}
    servers = bundle.get("servers") or [{"url": "http://127.0.0.1:3002"}]
    written: dict[str, str] = {
        "_contract.py": f'"""What the client takes from the contract besides its operations.\n\n{_WRITTEN}\n"""\n\n'
        f"# The contract's first server: where a client goes when given no base URL.\nDEFAULT_BASE_URL = {servers[0]['url']!r}\n"
    }
    for tag, ops in sorted(by_tag.items()):
        job = job_by_tag.get(tag)
        code = "".join(
            [
                f"\n__all__ = [{_class_name(tag, is_async=True)!r}, {_class_name(tag, is_async=False)!r}]\n\n",
                _job_spec(job) if job else "",
                "".join(_wait_spec(op) for op in ops if op.wait),
                "\n\n" + _resource_class(tag, descriptions[tag], ops, job, is_async=False),
                "\n\n" + _resource_class(tag, descriptions[tag], ops, job, is_async=True),
            ]
        )
        api = [f"from ..api.{package_of(tag)} import {op.module} as _{op.module}" for op in sorted(ops, key=lambda o: o.module)]
        written[f"resources/{tag}.py"] = f'"""{descriptions[tag]}\n\n{_WRITTEN}\n"""\n\n' + _RESOURCE_IMPORTS + "".join(line + "\n" for line in api) + code
    names = sorted(c for tag in by_tag for c in (_class_name(tag, is_async=False), _class_name(tag, is_async=True)))
    written["resources/__init__.py"] = (
        f'"""The resources of ``Webdata`` and ``AsyncWebdata``, one per tag of the contract.\n\n{_WRITTEN}\n"""\n\n'
        + "".join(f"from .{tag} import {_class_name(tag, is_async=True)}, {_class_name(tag, is_async=False)}\n" for tag in sorted(by_tag))
        + "\n__all__ = ["
        + ", ".join(repr(n) for n in names)
        + "]\n"
    )
    written["_webdata.py"] = _clients(descriptions)
    return written


def _clients(descriptions: dict[str, str]) -> str:
    """``Webdata`` and ``AsyncWebdata``: the runtime's clients with their resources as read-only
    properties, so that ``help()`` and an IDE list them (with their operations)."""
    classes = sorted(c for tag in descriptions for c in (_class_name(tag, is_async=True), _class_name(tag, is_async=False)))
    out = [
        f'"""``Webdata`` and ``AsyncWebdata``: the clients, with one resource per tag of the contract.\n\n{_WRITTEN}\n"""\n\n',
        "from __future__ import annotations\n\n",
        "from ._base_client import AsyncClient, SyncClient\n",
        f"from .resources import {', '.join(classes)}\n\n",
        '__all__ = ["AsyncWebdata", "Webdata"]\n',
    ]
    listed = ", ".join(f"``{tag}``" for tag in descriptions)
    for is_async in (False, True):
        name, base = ("AsyncWebdata", "AsyncClient") if is_async else ("Webdata", "SyncClient")
        flavour = "asynchronous" if is_async else "synchronous"
        out.append(
            f'\n\nclass {name}({base}):\n    """The {flavour} client of the Web Data Service API v2: its resources are {listed}.\n\n'
            f'    Its options (key, base URL, timeouts, retries) and how it closes: ``{base}``.\n    """\n'
        )
        for tag, description in descriptions.items():
            cls = _class_name(tag, is_async=is_async)
            out.append(f'\n    @property\n    def {tag}(self) -> {cls}:\n        """{description}"""\n        return self._resource({cls})\n')
    return "".join(out)
