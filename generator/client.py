"""Stage ``client``: the typed HTTP client package ``webdata_client`` from the bundle.

Two parts, both generated:

* openapi-python-client, with ``generator/config/client.yaml`` and the templates in
  ``generator/templates/client``, writes the package: one module per operation under ``api/<tag>/``
  (its method, path, parameters, documented statuses and result type, as ``OPERATION``), the
  transport (``client.py``: key, base URL, timeouts, retries, reading answers), the errors
  (``errors.py``) and ``models`` (the types of ``webdata_models``: one type story). It must print
  nothing (``--fail-on-warning``): its warnings mean an endpoint or schema was skipped. Its per-schema
  attrs modules are not kept: the templates render them empty and this stage removes them.
* This stage writes ``_resources.py``: the ``Webdata`` and ``AsyncWebdata`` classes, one resource per
  tag, one method per operation with Pythonic keyword arguments typed from the request schema, and
  for every job (a status whose ``status`` names an ``x-states`` enum) ``wait``, ``start_and_wait``
  and, where the status pages with ``next``, ``iter_documents``. Jinja cannot compute these
  signatures (snake_case names, types from JSON Schema), so they are written here from the bundle;
  nothing is written per operation by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.findings import Finding, StageFailed
from generator.naming import ClientOperation, Job, client_operations, first_sentence, identifier, jobs, package_of
from generator.tools import run_tool, tool_path

__all__ = ["PACKAGE", "generate_client", "render_resources"]

STAGE = "client"
PACKAGE = "webdata_client"
CONFIG = Path(__file__).parent / "config" / "client.yaml"
TEMPLATES = Path(__file__).parent / "templates" / "client"
_SCHEMA_REF = "#/components/schemas/"
DEFAULT_MAX_WAIT = 600.0


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
        "--custom-template-path",
        str(TEMPLATES),
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
    package = out_dir / PACKAGE
    for module in sorted((package / "models").glob("*.py")):
        if module.name != "__init__.py":
            module.unlink()
    bundle = json.loads(bundle_path.read_text(encoding="utf-8"))
    (package / "_resources.py").write_text(render_resources(bundle), encoding="utf-8")
    (package / "py.typed").write_text("", encoding="utf-8")
    return package


# -- the operations, read from the bundle -----------------------------------------------------------


_HEADER = '''"""The client: ``Webdata`` (sync) and ``AsyncWebdata``, one resource per tag of the contract.

Written by the generator's ``client`` stage from the bundle (generator/client.py). Do not edit.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

import httpx
import webdata_models as models
from pydantic import BaseModel

from .client import (
    AsyncTransport,
    ClientOptions,
    FileInput,
    SyncTransport,
    alast_status,
    awatch_job,
    changed,
    last_status,
    request_body,
    resolve_options,
    upload_part,
    watch_job,
)
from .types import JobSpec, Operation

T = TypeVar("T")
'''


# The upload's own arguments, beside its options (generator/templates/client/client.py.jinja, upload_part).
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


def render_resources(bundle: dict[str, Any]) -> str:
    operations = client_operations(bundle)
    by_tag: dict[str, list[ClientOperation]] = {}
    for operation in operations:
        by_tag.setdefault(operation.tag, []).append(operation)
    job_by_tag = {job.status.tag: job for job in jobs(bundle, operations)}
    tag_titles = {identifier(t["name"].lower().replace(" ", "_")): t for t in bundle.get("tags", [])}
    out = [_HEADER]
    out += [f"from .api.{package_of(op.tag)} import {op.module} as _{op.module}\n" for op in sorted(operations, key=lambda o: (o.tag, o.module))]
    out.append('\n__all__ = ["AsyncWebdata", "Webdata"]\n\n')
    out += [_job_spec(job_by_tag[tag]) for tag in sorted(job_by_tag)]
    descriptions = {}
    for is_async in (False, True):
        prefix = "Async" if is_async else ""
        client_class = f"{prefix}Webdata"
        for tag, ops in sorted(by_tag.items()):
            cls = f"{prefix}{''.join(w.capitalize() for w in tag.split('_'))}"
            description = first_sentence(tag_titles.get(tag, {}).get("description", "")) or f"The {tag} operations."
            descriptions[tag] = description
            out.append(f'\n\nclass {cls}:\n    """{description}"""\n\n    def __init__(self, client: {client_class}) -> None:\n        self._client = client\n')
            for operation in sorted(ops, key=lambda o: o.method):
                # A resource with one operation is called directly: client.scrape(url, ...); so is
                # the operation whose x-client-method says so (client.parse(path)).
                name = "__call__" if operation.single else operation.method
                out.append("\n" + _method(operation, is_async=is_async, name=name))
                out += ["\n" + _shortcut(operation, shortcut, is_async=is_async) for shortcut in operation.shortcuts]
            if tag in job_by_tag:
                out.append(_job_methods(job_by_tag[tag], is_async=is_async))
        out.append(_client_class(descriptions, is_async=is_async))
    return "".join(out)


def _client_class(resources: dict[str, str], *, is_async: bool) -> str:
    """``Webdata`` or ``AsyncWebdata``: its resources are read-only properties, so ``help()`` and an
    IDE list them (with their operations) as they would not list attributes set in ``__init__``."""
    prefix = "Async" if is_async else ""
    http = "httpx.AsyncClient" if is_async else "httpx.Client"
    transport = "AsyncTransport" if is_async else "SyncTransport"
    a = "async " if is_async else ""
    aw = "await " if is_async else ""
    flavour = "asynchronous" if is_async else "synchronous"

    def cls(tag: str) -> str:
        return prefix + "".join(w.capitalize() for w in tag.split("_"))

    attributes = "".join(f"        self._{tag} = {cls(tag)}(self)\n" for tag in sorted(resources))
    properties = "".join(
        f'\n    @property\n    def {tag}(self) -> {cls(tag)}:\n        """{description}"""\n        return self._{tag}\n'
        for tag, description in sorted(resources.items())
    )
    close = "aclose" if is_async else "close"
    enter = "__aenter__" if is_async else "__enter__"
    exit_ = "__aexit__" if is_async else "__exit__"
    if is_async:
        # An event loop's connections cannot be closed from a finalizer: ``async with`` or ``close``.
        dropped = ""
        closing = (
            "    Use it in ``async with AsyncWebdata() as client:``, or ``await client.close()`` when done:\n"
            "    its connections belong to an event loop and cannot be closed when the client is dropped.\n"
        )
    else:
        dropped = (
            "        if self._owns_http:\n"
            "            # A script that never closes the client still returns its connections when it is dropped.\n"
            "            weakref.finalize(self, self._http.close)\n"
        )
        closing = (
            "    ``with Webdata() as client:`` (or ``client.close()``) closes its connections when done; a\n"
            "    client that is simply dropped closes them when it is collected.\n"
        )
    return f'''

class {prefix}Webdata:
    """The {flavour} client of the Web Data Service API v2.

    ``api_key`` falls back to ``WEBDATA_API_KEY`` (then ``FIRECRAWL_API_KEY``); ``base_url`` to
    ``WEBDATA_BASE_URL`` (then ``FIRECRAWL_API_URL``), then to the contract's server. ``timeout`` is
    per request (seconds or an ``httpx.Timeout``); ``max_retries`` bounds retries (a connection
    that could not be made and a 429 are retried for every method; a 408, a 5xx, a timeout or a
    connection lost after sending only for GET and DELETE: a POST that may have started a job or
    been charged is never sent twice) and ``max_retry_wait`` the seconds of one wait before a retry
    (a longer ``Retry-After`` is cut to it); ``poll_interval`` is how often waiting polls a job.
    Use ``with_options`` to change them for some calls only.

{closing}    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int = 2,
        max_retry_wait: float = 60.0,
        poll_interval: float = 2.0,
        default_headers: Mapping[str, str] | None = None,
        http_client: {http} | None = None,
        _options: ClientOptions | None = None,
    ) -> None:
        self.options = _options or resolve_options(
            api_key,
            base_url,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            headers=default_headers,
        )
        self._owns_http = http_client is None
        # Jobs are watched over the contract's WebSocket only with connections of our own: a client
        # passed in may hold a proxy, a transport or hooks the socket would bypass.
        self._sockets = http_client is None
        self._http = http_client or {http}(timeout=self.options.timeout)
        self._parent: {prefix}Webdata | None = None
{dropped}        self._transport = {transport}(self.options, self._http)
{attributes}{properties}
    def with_options(
        self,
        *,
        timeout: float | httpx.Timeout | None = None,
        max_retries: int | None = None,
        max_retry_wait: float | None = None,
        poll_interval: float | None = None,
        backoff: float | None = None,
        max_backoff: float | None = None,
    ) -> {prefix}Webdata:
        """A client sharing this one's connections, with some options changed: ``client.with_options(max_retries=5).scrape(...)``."""
        options = changed(
            self.options,
            timeout=timeout,
            max_retries=max_retries,
            max_retry_wait=max_retry_wait,
            poll_interval=poll_interval,
            backoff=backoff,
            max_backoff=max_backoff,
        )
        copy = {prefix}Webdata(http_client=self._http, _options=options)
        copy._owns_http = False
        copy._sockets = self._sockets
        copy._parent = self  # the connections' owner lives as long as a copy uses them
        return copy

    {a}def _call(
        self, operation: Operation, *, path: Mapping[str, Any], query: Mapping[str, Any], body: Any, result: type[T], headers: Mapping[str, Any] | None = None
    ) -> T:
        request = self._transport.build(operation, path=path, query=query, body=body, headers=headers)
        return cast(T, {aw}self._transport.send(operation, request, result))

    {a}def _upload(
        self, operation: Operation, *, file: FileInput, filename: str | None, content_type: str | None, options: Mapping[str, Any], result: type[T]
    ) -> T:
        with upload_part(file, filename, content_type) as part:
            request = self._transport.build_upload(operation, part=part, fields={{"options": json.dumps(options, separators=(",", ":"))}})
            return cast(T, {aw}self._transport.send(operation, request, result))

    {a}def _follow(self, link: str, *, result: type[T]) -> T:
        return cast(T, {aw}self._transport.send(None, self._transport.follow(link), result))

    {a}def close(self) -> None:
        """Close the connections, unless the HTTP client was passed in."""
        if self._owns_http:
            {aw}self._http.{close}()

    {a}def {enter}(self) -> {prefix}Webdata:
        return self

    {a}def {exit_}(self, *exc: object) -> None:
        {aw}self.close()
'''
