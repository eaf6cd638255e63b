"""/v2/parse: a file the caller uploads, converted to a document; /v2/parse/formats: the kinds.

The steps, in the service's order: the multipart body is decoded (400 ``BAD_REQUEST`` without a
``file`` part, with ``options`` that are not a JSON object, a file over 50 MB or an empty one); the
file's kind is found (400 ``UNSUPPORTED_FILE_TYPE`` unless :data:`~webdata_server.files.KINDS`
marks it available); the options are validated as ``ParseOptions`` (400 ``BAD_REQUEST`` with
``details``), then those a file cannot have are refused (400 ``PARSE_UNSUPPORTED_OPTIONS``); the file
is converted (:mod:`webdata_server.files`; 422 ``PARSE_FILE_UNREADABLE``) and rendered with the
scrape formats (:class:`~webdata_server.scrape.Renderer`), and the charge is written before the answer.
"""

from __future__ import annotations

import os
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import webdata_models as models
from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header

from webdata_server import files
from webdata_server.domain import Charge, now_utc
from webdata_server.errors import FileUnreadable, InvalidRequest, UploadRefused, issue
from webdata_server.ingress import MAX_JSON_DEPTH, checked, json_depth, read_json
from webdata_server.resources.base import Call, Context, Operation, Pending, Upload, WithHeaders
from webdata_server.scrape import threat
from webdata_server.scrape.render import pdf_parsing
from webdata_server.store.feedback import Feedback, RatedJob
from webdata_server.web import Page

__all__ = ["OPERATIONS"]

# Where the service says an upload came from (its parse controller's synthetic URL).
UPLOAD_URL = "https://parse.firecrawl.dev/uploads/"
# Parts of a multipart body read at most (the file, options, origin, integration, zeroDataRetention).
MAX_PARTS = 16
MAX_FIELD_BYTES = 1024 * 1024
# A multipart boundary is at most 70 characters (RFC 2046); the parser takes up to 256, refused beyond.
MAX_BOUNDARY = 256


@dataclass
class _Part:
    name: str = ""
    filename: str | None = None
    content_type: str = ""
    data: bytearray | None = None


def _parts(upload: Upload) -> dict[str, _Part]:
    """The form's parts by name (the first of each name), decoded with python-multipart."""
    media, params = parse_options_header(upload.content_type)
    boundary = params.get(b"boundary")
    if media != b"multipart/form-data" or not boundary:
        raise UploadRefused("missingFile")
    found: dict[str, _Part] = {}
    current = _Part()
    header_field, header_value = bytearray(), bytearray()
    headers: dict[str, bytes] = {}
    count = 0

    def on_part_begin() -> None:
        nonlocal current, count
        count += 1
        if count > MAX_PARTS:
            raise UploadRefused("badRequest", error=f"A parse upload has at most {MAX_PARTS} parts.")
        current = _Part(data=bytearray())
        headers.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.extend(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.extend(data[start:end])

    def on_header_end() -> None:
        headers[header_field.decode("latin-1").lower()] = bytes(header_value)
        header_field.clear()
        header_value.clear()

    def on_headers_finished() -> None:
        _, disposition = parse_options_header(headers.get("content-disposition", b""))
        current.name = disposition.get(b"name", b"").decode("utf-8", "replace")
        filename = disposition.get(b"filename")
        current.filename = os.path.basename(filename.decode("utf-8", "replace").replace("\\", "/")) if filename is not None else None
        current.content_type = headers.get("content-type", b"").decode("latin-1")

    def on_part_data(data: bytes, start: int, end: int) -> None:
        assert current.data is not None
        current.data.extend(data[start:end])
        if current.filename is None and len(current.data) > MAX_FIELD_BYTES:
            raise UploadRefused("badRequest", error=f"The '{current.name}' field is longer than {MAX_FIELD_BYTES} bytes.")

    def on_part_end() -> None:
        found.setdefault(current.name, current)

    if len(boundary) > MAX_BOUNDARY:
        raise UploadRefused("badRequest", error=f"Invalid multipart form-data request: the boundary is longer than {MAX_BOUNDARY} characters")
    parser = MultipartParser(
        boundary,
        {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_headers_finished": on_headers_finished,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    try:
        parser.write(upload.raw)
        parser.finalize()
    except MultipartParseError as error:
        raise UploadRefused("badRequest", error=f"Invalid multipart form-data request: {error}") from None
    return found


def _text(part: _Part | None) -> str | None:
    return None if part is None or part.data is None else part.data.decode("utf-8", "replace")


def _options(parts: dict[str, _Part]) -> tuple[dict[str, Any], int]:
    """The ``options`` part as a JSON object (read as a JSON body is read), with the form's own
    origin, integration and zeroDataRetention fields beneath what the options say; and its size."""
    given = parts.get("options")
    payload: dict[str, Any] = {}
    size = 0
    if given is not None and given.data is not None:
        if given.filename is not None:
            raise UploadRefused("optionsNotString")
        too_deep = InvalidRequest(details=[issue(["options"], f"The options nest deeper than {MAX_JSON_DEPTH} levels", "invalid_body")])
        size = len(given.data)
        try:
            decoded = read_json(bytes(given.data))
        except (ValueError, UnicodeDecodeError):
            raise UploadRefused("optionsNotJson") from None
        except RecursionError:
            raise too_deep from None
        if not isinstance(decoded, dict):
            raise UploadRefused("optionsNotObject")
        if json_depth(decoded) > MAX_JSON_DEPTH:
            raise too_deep
        payload = decoded
    for name in ("origin", "integration"):
        value = (_text(parts.get(name)) or "").strip()
        if value and name not in payload:
            payload[name] = value
    retention = (_text(parts.get("zeroDataRetention")) or "").strip().lower()
    if retention in ("true", "false") and "zeroDataRetention" not in payload:
        payload["zeroDataRetention"] = retention == "true"
    return payload, size


def _unsupported(options: models.ParseOptions) -> str | None:
    """The documented example of the first option a file cannot have (the service's order)."""
    kinds = {item if isinstance(item, str) else item.type for item in options.formats or []}
    if options.actions:
        return "actions"
    for kind in ("screenshot", "branding", "changeTracking"):
        if kind in kinds:
            return kind
    if options.wait_for:
        return "waitFor"
    if "location" in options.model_fields_set:
        return "location"
    if options.mobile:
        return "mobile"
    if options.proxy not in ("auto", "basic"):
        return "proxy"
    return None


def parse_file(ctx: Context, call: Call) -> Pending:
    upload: Upload = call.body
    settings = ctx.settings
    if upload.too_large:
        raise UploadRefused("tooLarge")
    parts = _parts(upload)
    file = parts.get("file")
    if file is None or file.data is None or file.filename is None:
        raise UploadRefused("missingFile")
    payload, options_size = _options(parts)
    data = bytes(file.data)
    if len(data) > settings.max_upload_bytes:
        raise UploadRefused("tooLarge")
    kind = files.detect(file.filename, file.content_type, data[:8])
    if kind is None or not kind.available:
        raise UploadRefused("unsupportedFileType", error=f"Unsupported upload type. Supported file extensions: {files.supported_extensions()}")
    options = checked(payload, models.ParseOptions, ctx.operations[call.operation_id], size=options_size)
    unsupported = _unsupported(options)
    if unsupported is not None:
        raise UploadRefused(unsupported)
    threat.check_override(call.caller.team, options.threat_protection)
    if not data:
        raise UploadRefused("emptyFile")

    parsed, parser = pdf_parsing(options.parsers)
    try:
        if kind.reader == "pdf" and not parsed:
            converted = files.Converted(pdf_total=1)  # returned as it is, base64-encoded: nothing to read
        else:
            max_pages = parser.max_pages if parser is not None else None
            converted = files.convert(kind, data, file.filename, max_pages=max_pages, seconds=settings.parse_seconds, memory_bytes=settings.parse_memory_bytes)
    except files.Unreadable as unreadable:
        raise FileUnreadable(str(unreadable)) from None

    url = UPLOAD_URL + quote(file.filename, safe="")
    title = converted.title or os.path.splitext(file.filename)[0]
    content_type = kind.mime_types[0]
    page = Page(
        url=url,
        status=200,
        content_type=content_type if kind.reader != "html" else "text/html",
        html=converted.html,
        raw=data,
        title=title,
        pdf_pages=max(converted.pdf_total, 1) if kind.reader == "pdf" else 0,
        pdf_text=converted.pdf_pages,
    )
    request = models.ScrapeRequest.model_validate({**options.model_dump(mode="json", by_alias=True, exclude_unset=True), "url": url})
    # Never memoised (html given): an upload is the caller's own, and may be zero data retention.
    rendered = ctx.scraper.renderer.render(page, request, html=page.html)
    document = rendered.fresh_document()
    metadata = document["metadata"]
    metadata.update(sourceURL=file.filename, url=url, contentType=content_type)
    metadata.pop("error", None)
    if converted.markdown is not None and "markdown" in document:
        document["markdown"] = converted.markdown  # a markdown or text file: as written
    warnings = [w for w in (document.get("warning"), rendered.warning, *converted.warnings) if w]
    if warnings:
        document["warning"] = " ".join(dict.fromkeys(warnings))
    credits = rendered.page_credits + rendered.check_credits + rendered.format_credits
    metadata["creditsUsed"] = credits
    metadata["scrapeId"] = str(uuid.uuid4())  # a UUID, as every document's (DocumentMetadata.scrapeId)
    doc = models.Document.model_validate(document, extra="ignore")
    body: dict[str, Any] = models.ScrapeResponse(success=True, data=doc).model_dump(mode="json", by_alias=True, exclude_unset=True)
    store, pricing, moment, caller = ctx.store, ctx.pricing, now_utc(), call.caller

    rated = RatedJob(str(metadata["scrapeId"]), caller.team.id, "parse", credits, "parse", moment)  # rated by its scrapeId

    def unit(tx: sqlite3.Connection) -> None:
        Feedback.job_ran(tx, rated)
        store.ledger.charge(tx, caller=caller, charges=[Charge(call.operation_id, credits)], tokens_per_credit=pricing.tokens_per_credit, moment=moment)

    return Pending(store.submit(unit), lambda _: body)


_FORMATS = {"success": True, "data": {"formats": [kind.listed() for kind in files.KINDS]}}


def parse_formats(ctx: Context, call: Call) -> WithHeaders:
    return WithHeaders(_FORMATS, {"Cache-Control": "private, max-age=3600"})


OPERATIONS = [
    Operation("parseFile", None, parse_file, upload=True, heavy=True),
    Operation("getParseFormats", None, parse_formats, offload=False),
]
