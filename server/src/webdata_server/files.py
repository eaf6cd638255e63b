"""Files a user uploads (``POST /v2/parse``): their kinds, and their conversion.

A kind is found from the file's name and Content-Type (a PDF also from its first bytes), as the
service's parse route finds it; :data:`KINDS` is what ``GET /v2/parse/formats`` answers.

Conversion reads what the file really holds, with libraries made for each format (ARCHITECTURE.md,
"Parse"): pypdf for PDFs (the text of each page, where each line sits and its font size), python-docx
for Word documents, openpyxl for spreadsheets; HTML, markdown and plain text are read as text. A PDF,
Word or Excel file is converted in a child process (``python -m webdata_server.files``) under a time
and memory budget, so a hostile file (a page tree that loops, a stream that inflates to gigabytes, a
zip bomb) costs that budget and is refused with :class:`Unreadable`, never a hung worker or a server
out of memory.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from webdata_server import linear

__all__ = [
    "KINDS",
    "MAX_PDF_PAGES",
    "Converted",
    "FileKind",
    "PdfLine",
    "PdfPageText",
    "Unreadable",
    "convert",
    "detect",
    "html_title",
    "supported_extensions",
]

# More pages than this in a PDF's page tree: refused (seed §8's maxPages bound, 10,000).
MAX_PDF_PAGES = 10_000
# A spreadsheet's rows and columns read at most (a larger sheet is cut, with a warning).
MAX_SHEET_ROWS = 5_000
MAX_SHEET_COLUMNS = 200
# The cells of a workbook, all sheets together: 5,000 rows of 200 columns made a 103 MB answer
# after 65 s. Beyond it the sheets are cut, with a warning.
MAX_CELLS = 50_000
# The characters of a file's converted content (HTML, or a markdown file's text): the answer and
# the markdown conversion follow it. Beyond it the content is cut, with a warning.
MAX_CONTENT_CHARS = 2_000_000


@dataclass(frozen=True)
class FileKind:
    """One kind of file parse knows (an item of ``GET /v2/parse/formats``)."""

    format: str
    kind: str  # document | image
    extensions: tuple[str, ...]
    mime_types: tuple[str, ...]
    available: bool
    # How it is read: pdf, docx, xlsx (in a child process), html, markdown, text; None: not at all.
    reader: str | None = None

    def listed(self) -> dict[str, Any]:
        return {"format": self.format, "kind": self.kind, "extensions": list(self.extensions), "mimeTypes": list(self.mime_types), "available": self.available}


# Every kind the service's parse lists. Available where a library here reads it; the office formats
# without one (legacy binary Word and Excel, OpenDocument, RTF) and the images (OCR) are listed as
# unavailable, and refused as the service refuses an unavailable kind.
KINDS: tuple[FileKind, ...] = (
    FileKind("pdf", "document", (".pdf",), ("application/pdf",), True, "pdf"),
    FileKind("docx", "document", (".docx",), ("application/vnd.openxmlformats-officedocument.wordprocessingml.document",), True, "docx"),
    FileKind("xlsx", "document", (".xlsx",), ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",), True, "xlsx"),
    FileKind("html", "document", (".html", ".htm", ".xhtml"), ("text/html", "application/xhtml+xml"), True, "html"),
    FileKind("markdown", "document", (".md", ".markdown"), ("text/markdown",), True, "markdown"),
    FileKind("txt", "document", (".txt",), ("text/plain",), True, "text"),
    FileKind("doc", "document", (".doc",), ("application/msword",), False),
    FileKind("xls", "document", (".xls",), ("application/vnd.ms-excel",), False),
    FileKind("odt", "document", (".odt",), ("application/vnd.oasis.opendocument.text",), False),
    FileKind("rtf", "document", (".rtf",), ("application/rtf", "text/rtf"), False),
    FileKind("png", "image", (".png",), ("image/png",), False),
    FileKind("jpg", "image", (".jpg", ".jpeg"), ("image/jpeg",), False),
    FileKind("webp", "image", (".webp",), ("image/webp",), False),
    FileKind("gif", "image", (".gif",), ("image/gif",), False),
    FileKind("tiff", "image", (".tif", ".tiff"), ("image/tiff",), False),
    FileKind("bmp", "image", (".bmp",), ("image/bmp",), False),
)


def supported_extensions() -> str:
    """The extensions of the available kinds, as the refusal of an unsupported file lists them."""
    return ", ".join(ext for kind in KINDS if kind.available for ext in kind.extensions)


def detect(filename: str, content_type: str, head: bytes) -> FileKind | None:
    """The kind of an upload, or None when no kind claims it: a PDF by its extension, its
    Content-Type or its ``%PDF-`` signature first, then by Content-Type, then by extension (the
    service's order: a declared type wins over the name)."""
    extension = os.path.splitext(filename.lower())[1]
    mime = content_type.split(";")[0].strip().lower()
    pdf = KINDS[0]
    if extension == ".pdf" or mime == "application/pdf" or head.startswith(b"%PDF-"):
        return pdf
    for kind in KINDS:
        if mime in kind.mime_types:
            return kind
    for kind in KINDS:
        if extension in kind.extensions:
            return kind
    return None


class Unreadable(Exception):
    """The file's content cannot be read as its kind (the message says why, for the caller)."""


@dataclass(frozen=True)
class PdfLine:
    """A line of a PDF page: its text, font size and box (x0, y0, x1, y1 in points, origin at the
    bottom left as PDF draws; the width is estimated from the text's length and font size)."""

    text: str
    size: float
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class PdfPageText:
    number: int
    width: float
    height: float
    lines: tuple[PdfLine, ...]


@dataclass(frozen=True)
class Converted:
    """What a file holds: for a PDF its pages (those converted) and their total; otherwise HTML
    (Word, Excel, HTML, plain text) or markdown (a markdown file, kept as written)."""

    title: str = ""
    html: str = ""
    markdown: str | None = None
    pdf_pages: tuple[PdfPageText, ...] = ()
    pdf_total: int = 0
    warnings: tuple[str, ...] = field(default_factory=tuple)


def convert(kind: FileKind, data: bytes, filename: str, *, max_pages: int | None, seconds: float, memory_bytes: int) -> Converted:
    """The content of ``data`` read as ``kind``, cut at :data:`MAX_CONTENT_CHARS` with a warning;
    :class:`Unreadable` when it cannot be read."""
    return _bounded(_convert(kind, data, filename, max_pages=max_pages, seconds=seconds, memory_bytes=memory_bytes))


def _bounded(converted: Converted) -> Converted:
    if len(converted.html) <= MAX_CONTENT_CHARS and len(converted.markdown or "") <= MAX_CONTENT_CHARS:
        return converted
    warning = f"The file's content was cut at {MAX_CONTENT_CHARS:,} characters."
    markdown = None if converted.markdown is None else converted.markdown[:MAX_CONTENT_CHARS]
    return replace(converted, html=converted.html[:MAX_CONTENT_CHARS], markdown=markdown, warnings=(*converted.warnings, warning))


def _convert(kind: FileKind, data: bytes, filename: str, *, max_pages: int | None, seconds: float, memory_bytes: int) -> Converted:
    if not data:
        raise Unreadable(f"{filename} is empty")
    if kind.reader in ("html", "markdown", "text"):
        text = _decode(data, filename)
        if kind.reader == "html":
            return Converted(title=html_title(text), html=text)
        if kind.reader == "markdown":
            return Converted(title=_markdown_title(text), html=_markdown_html(text), markdown=text)
        return Converted(title="", html="".join(f"<p>{html.escape(part)}</p>" for part in re.split(r"\n\s*\n", text) if part.strip()), markdown=text)
    if kind.reader == "pdf" and not data.startswith(b"%PDF-"):
        raise Unreadable(f"{filename} cannot be read as a PDF: it does not start with %PDF-")
    if kind.reader in ("docx", "xlsx") and not data.startswith(b"PK\x03\x04"):
        raise Unreadable(f"{filename} cannot be read as {kind.format.upper()}: it is not a ZIP package")
    return _in_child(kind.reader or "", data, filename, max_pages=max_pages, seconds=seconds, memory_bytes=memory_bytes)


def _decode(data: bytes, filename: str) -> str:
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise Unreadable(f"{filename} is not text (it holds NUL bytes)")
    for encoding in ("utf-8-sig", "utf-16") if data.startswith((b"\xff\xfe", b"\xfe\xff")) else ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise Unreadable(f"{filename} is not text in a known encoding")  # pragma: no cover - latin-1 decodes anything


_TITLE = linear.fixed(r"(?is)<title[^>]*>(.*?)</title>")


def html_title(text: str) -> str:
    """The text of an HTML document's ``<title>`` (unescaped), or "" (linear in the document)."""
    found = _TITLE.search(text)
    return html.unescape(found.group(1)).strip() if found else ""


def _markdown_title(text: str) -> str:
    found = re.search(r"^#\s+(.+)$", text, re.MULTILINE)
    return found.group(1).strip() if found else ""


_BULLET = re.compile(r"^\s*[-*+]\s+")
_LINK = linear.fixed(r"(!?)\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def _markdown_html(text: str) -> str:
    """HTML of markdown's common blocks (headings, lists, paragraphs, links, images), so the html,
    links and images formats of a markdown file say what it says."""

    def inline(line: str) -> str:
        out, last = [], 0
        for found in _LINK.finditer(line):
            out.append(html.escape(line[last : found.start()]))
            bang, label, target = found.groups()
            if bang:
                out.append(f'<img src="{html.escape(target)}" alt="{html.escape(label)}">')
            else:
                out.append(f'<a href="{html.escape(target)}">{html.escape(label)}</a>')
            last = found.end()
        out.append(html.escape(line[last:]))
        return "".join(out)

    blocks = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", lines[0])
        if heading and len(lines) == 1:
            level = len(heading.group(1))
            blocks.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif all(_BULLET.match(line) for line in lines):
            items = [inline(_BULLET.sub("", line)) for line in lines]
            blocks.append("<ul>" + "".join(f"<li>{item}</li>" for item in items) + "</ul>")
        else:
            blocks.append("<p>" + "<br>".join(inline(line) for line in lines) + "</p>")
    return "\n".join(blocks)


# -- the child process ------------------------------------------------------------------------------


# Conversions running at once: each child may use the whole memory budget, so a burst of uploads
# waits here rather than holding that budget many times over.
_AT_ONCE = threading.BoundedSemaphore(max(2, (os.cpu_count() or 2) // 2))


def _in_child(reader: str, data: bytes, filename: str, *, max_pages: int | None, seconds: float, memory_bytes: int) -> Converted:
    with _AT_ONCE:
        return _run_child(reader, data, filename, max_pages=max_pages, seconds=seconds, memory_bytes=memory_bytes)


def _run_child(reader: str, data: bytes, filename: str, *, max_pages: int | None, seconds: float, memory_bytes: int) -> Converted:
    with tempfile.NamedTemporaryFile(prefix="webdata-parse-", delete=False) as spooled:
        spooled.write(data)
    try:
        # The child sets its own limits as it starts (a preexec_fn is unsafe in a threaded server).
        argv = [sys.executable, "-I", "-m", "webdata_server.files", reader, spooled.name, str(max_pages or 0), str(memory_bytes), str(seconds)]
        try:
            done = subprocess.run(argv, capture_output=True, timeout=seconds, check=False)
        except subprocess.TimeoutExpired:
            raise Unreadable(f"{filename} took longer than {seconds:g} s to convert") from None
    finally:
        os.unlink(spooled.name)
    if done.returncode != 0:
        reason = done.stdout.decode(errors="replace").strip().splitlines()
        said = reason[-1] if reason and reason[-1].startswith("unreadable: ") else ""
        if said:
            raise Unreadable(f"{filename} cannot be read as {reader.upper()}: {said.removeprefix('unreadable: ')}")
        raise Unreadable(f"{filename} could not be converted within {memory_bytes // (1024 * 1024)} MiB of memory and {seconds:g} s")
    out = json.loads(done.stdout)
    pages = tuple(
        PdfPageText(p["number"], p["width"], p["height"], tuple(PdfLine(line["text"], line["size"], _box(line["box"])) for line in p["lines"]))
        for p in out.get("pages", [])
    )
    return Converted(
        title=out.get("title", ""), html=out.get("html", ""), pdf_pages=pages, pdf_total=out.get("total", 0), warnings=tuple(out.get("warnings", []))
    )


def _box(values: list[float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = values
    return (x0, y0, x1, y1)


def _limit(memory_bytes: int, seconds: float) -> None:
    """The child's own budget: address space and CPU seconds (where the platform has them)."""
    try:
        import resource
    except ImportError:  # not POSIX: the parent's timeout alone
        return
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    cpu = int(seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def _child(reader: str, path: str, max_pages: int) -> dict[str, Any]:
    with open(path, "rb") as opened:
        data = opened.read()
    if reader == "pdf":
        return _read_pdf(data, max_pages)
    if reader == "docx":
        return _read_docx(data)
    if reader == "xlsx":
        return _read_xlsx(data)
    raise Unreadable(f"no reader {reader}")


# -- PDF ----------------------------------------------------------------------------------------------


def _read_pdf(data: bytes, max_pages: int) -> dict[str, Any]:
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        leaves = _page_leaves(reader)
        title = str(reader.metadata.get("/Title") or "") if reader.metadata is not None else ""
    except Unreadable:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise Unreadable(_reason(error)) from None
    total = len(leaves)
    if total == 0:
        raise Unreadable("it has no pages")
    count = min(total, max_pages) if max_pages else total
    pages = []
    for number in range(1, count + 1):
        try:
            page = reader.pages[number - 1]
            pages.append(_pdf_page(number, page))
        except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, RecursionError, IndexError) as error:
            raise Unreadable(f"page {number}: {_reason(error)}") from None
    return {"title": title, "total": total, "pages": pages}


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:200]


def _page_leaves(reader: Any) -> list[Any]:
    """The page tree's leaves, walked without trusting ``/Count``: a tree that loops or holds more
    than :data:`MAX_PDF_PAGES` pages is refused before any page is read."""
    root = reader.trailer["/Root"].get_object()
    top = root["/Pages"]
    seen: set[int] = set()
    leaves: list[Any] = []
    stack = [top]
    visits = 0
    while stack:
        node_ref = stack.pop()
        identity = getattr(node_ref, "idnum", None)
        node = node_ref.get_object()
        visits += 1
        if identity is not None:
            if identity in seen:
                raise Unreadable("its page tree loops (a page or node is its own ancestor)")
            seen.add(identity)
        if visits > MAX_PDF_PAGES * 2:
            raise Unreadable(f"its page tree has more than {MAX_PDF_PAGES:,} pages")
        if node.get("/Type") == "/Pages" or "/Kids" in node:
            kids = node.get("/Kids") or []
            stack.extend(reversed(list(kids)))
        else:
            leaves.append(node)
            if len(leaves) > MAX_PDF_PAGES:
                raise Unreadable(f"its page tree has more than {MAX_PDF_PAGES:,} pages")
    return leaves


def _pdf_page(number: int, page: Any) -> dict[str, Any]:
    box = page.mediabox
    width, height = float(box.width), float(box.height)
    runs: list[tuple[float, float, float, str]] = []  # (y, x, size, text)

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if not text.strip():
            return
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = abs(tm[3] * cm[3]) or 1.0
        runs.append((float(y), float(x), float(size) * scale, text))

    page.extract_text(visitor_text=visit)
    lines: list[dict[str, Any]] = []
    for y, x, size, text in sorted(runs, key=lambda r: (-round(r[0], 1), r[1])):
        for part in text.splitlines():
            part = " ".join(part.split())
            if not part:
                continue
            last = lines[-1] if lines else None
            if last is not None and abs(last["box"][1] - y) < max(size, 1.0) * 0.5:
                last["text"] += " " + part
                last["box"][2] = max(last["box"][2], x + len(part) * size * 0.5)
                continue
            lines.append({"text": part, "size": round(size, 2), "box": [x, y, min(width, x + len(part) * size * 0.5), y + size]})
    for line in lines:
        line["box"] = [round(v, 2) for v in line["box"]]
    return {"number": number, "width": width, "height": height, "lines": lines}


# -- Word and Excel -----------------------------------------------------------------------------------


def _read_docx(data: bytes) -> dict[str, Any]:
    import io
    import zipfile

    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError) as error:
        raise Unreadable(f"it is not a Word document ({_reason(error)})") from None
    parts: list[str] = []
    in_list = False
    title = document.core_properties.title or ""
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            style = (block.style.name if block.style is not None else "") or ""
            text = _docx_inline(block)
            if not text.strip():
                continue
            listed = style.startswith("List")
            if listed and not in_list:
                parts.append("<ul>")
            elif not listed and in_list:
                parts.append("</ul>")
            in_list = listed
            heading = re.match(r"Heading (\d)", style)
            if style == "Title":
                title = title or block.text.strip()
                parts.append(f"<h1>{text}</h1>")
            elif heading:
                level = min(int(heading.group(1)), 6)
                parts.append(f"<h{level}>{text}</h{level}>")
            elif listed:
                parts.append(f"<li>{text}</li>")
            else:
                parts.append(f"<p>{text}</p>")
        elif isinstance(block, Table):
            if in_list:
                parts.append("</ul>")
                in_list = False
            rows = [[html.escape(cell.text) for cell in row.cells] for row in block.rows]
            if rows:
                head = "<thead><tr>" + "".join(f"<th>{cell}</th>" for cell in rows[0]) + "</tr></thead>"
                body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows[1:])
                parts.append(f"<table>{head}<tbody>{body}</tbody></table>")
    if in_list:
        parts.append("</ul>")
    return {"title": title, "html": "\n".join(parts)}


def _docx_inline(paragraph: Any) -> str:
    from docx.text.hyperlink import Hyperlink

    out = []
    for item in paragraph.iter_inner_content():
        if isinstance(item, Hyperlink):
            out.append(f'<a href="{html.escape(item.url or "")}">{html.escape(item.text)}</a>')
            continue
        text = html.escape(item.text)
        if item.bold:
            text = f"<strong>{text}</strong>"
        if item.italic:
            text = f"<em>{text}</em>"
        out.append(text)
    return "".join(out)


def _read_xlsx(data: bytes) -> dict[str, Any]:
    import io
    import zipfile

    import openpyxl

    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as error:
        raise Unreadable(f"it is not an Excel workbook ({_reason(error)})") from None
    parts, warnings = [], []
    budget = MAX_CELLS
    for sheet in book.worksheets:
        rows = []
        for index, row in enumerate(sheet.iter_rows(values_only=True)):
            if index >= MAX_SHEET_ROWS:
                warnings.append(f"Sheet {sheet.title} was cut at {MAX_SHEET_ROWS:,} rows.")
                break
            if budget <= 0:
                warnings.append(f"Sheet {sheet.title} was cut at row {index:,}: a workbook is read up to {MAX_CELLS:,} cells.")
                break
            cells = ["" if value is None else str(value) for value in row[:MAX_SHEET_COLUMNS]]
            budget -= len(cells)
            if any(cells):
                rows.append(cells)
        if not rows:
            continue
        width = max(len(r) for r in rows)
        head, *body = [r + [""] * (width - len(r)) for r in rows]
        table = "<table><thead><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr></thead><tbody>"
        table += "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in body) + "</tbody></table>"
        parts.append(f"<h2>{html.escape(sheet.title)}</h2>\n{table}")
    title = book.properties.title or ""
    book.close()
    return {"title": title, "html": "\n".join(parts), "warnings": warnings}


if __name__ == "__main__":  # the child process of :func:`convert`
    _limit(int(sys.argv[4]), float(sys.argv[5]))
    try:
        result = _child(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    except Unreadable as unreadable:
        print(f"unreadable: {unreadable}")
        sys.exit(3)
    except MemoryError:
        print("unreadable: it needs more memory than a conversion may use")
        sys.exit(3)
    except Exception as error:
        print(f"unreadable: {type(error).__name__}: {_reason(error)}")
        sys.exit(3)
    sys.stdout.write(json.dumps(result))
