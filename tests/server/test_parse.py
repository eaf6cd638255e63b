"""POST /v2/parse and GET /v2/parse/formats: the sample files converted, the PDF parser's options on
an upload, what a parse costs, and every refusal (the hostile files in the style of
test_hostile_input.py: a documented 4xx within a bounded time, never a 500)."""

from __future__ import annotations

import functools
import io
import json
import threading
import time
import zipfile
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from webdata_server import files
from webdata_server.files import KINDS
from webdata_server.samples import FOLDER, assemble, pdf

from tests.server.conftest import Server, response_errors

REPORT = (FOLDER / "report.pdf").read_bytes()


def parse(
    server: Server, filename: str, content: bytes, content_type: str = "application/octet-stream", options: Any = None, *, key: str | None = None, **fields: str
) -> httpx.Response:
    data = dict(fields)
    if options is not None:
        data["options"] = options if isinstance(options, str) else json.dumps(options)
    response = server.client.post(
        "/v2/parse", headers={"Authorization": f"Bearer {key or server.api.key}"}, files={"file": (filename, content, content_type)}, data=data
    )
    assert response_errors("parseFile", response.status_code, response.json()) == [], response.text
    return response


def used_tokens(server: Server) -> int:
    return int(server.api("getTokenUsage").json()["data"]["remainingTokens"])


def test_the_formats_list_every_kind_with_its_extensions_and_are_cached_privately(server: Server) -> None:
    response = server.api("getParseFormats")
    assert response.headers["cache-control"] == "private, max-age=3600"
    formats = {item["format"]: item for item in response.json()["data"]["formats"]}
    assert formats["pdf"] == {"format": "pdf", "kind": "document", "extensions": [".pdf"], "mimeTypes": ["application/pdf"], "available": True}
    assert formats["docx"]["available"] and formats["xlsx"]["available"]
    assert {".jpg", ".jpeg"} <= set(formats["jpg"]["extensions"]) and formats["jpg"]["kind"] == "image"
    # Without a library to read them (or an OCR engine), listed and marked unavailable.
    assert not formats["doc"]["available"] and not formats["png"]["available"]
    assert server.client.post("/v2/parse/formats", headers={"Authorization": f"Bearer {server.api.key}"}).status_code == 404


@pytest.mark.parametrize("kind", [k for k in KINDS], ids=lambda k: k.format)
def test_every_listed_extension_is_taken_exactly_when_available(server: Server, kind: Any) -> None:
    for extension in kind.extensions:
        # A screenshot is refused only once the type has passed: the code tells which check refused.
        code = parse(server, f"probe{extension}", b"format-probe", options={"formats": ["screenshot"]}).json()["code"]
        assert code == ("PARSE_UNSUPPORTED_OPTIONS" if kind.available else "UNSUPPORTED_FILE_TYPE"), extension
    for mime in kind.mime_types:
        code = parse(server, "probe", b"format-probe", mime, options={"formats": ["screenshot"]}).json()["code"]
        assert code == ("PARSE_UNSUPPORTED_OPTIONS" if kind.available else "UNSUPPORTED_FILE_TYPE"), mime


def test_a_pdf_becomes_markdown_with_headings_page_markers_pages_and_blocks(server: Server) -> None:
    before = used_tokens(server)
    options = {"formats": ["markdown", "links", "summary"], "parsers": [{"type": "pdf", "pageMarkers": True, "pages": True, "blocks": True}]}
    document = parse(server, "report.pdf", REPORT, "application/pdf", options).json()["data"]
    markdown = document["markdown"]
    assert markdown.startswith("# Quarterly Report\n\n## Summary\n\nRevenue grew by twelve percent")
    assert "\n\n---\n<!-- page 2 -->\n\n## Figures\n\nRevenue was 1.2 million" in markdown
    assert "<!-- page 3 -->" in markdown and "<!-- page 1 -->" not in markdown
    assert [page["pageNumber"] for page in document["pages"]] == [1, 2, 3]
    assert document["pages"][2]["markdown"] == ""
    # The third page is a scanned image: said, never silently empty.
    assert "Page 3 has no text layer" in document["warning"] and "no OCR engine" in document["warning"]
    assert document["links"] == ["https://example.com/reports/q3"]
    assert document["summary"].startswith("Revenue grew by twelve percent")
    first = document["blocks"][0]["items"]
    assert [item["type"] for item in first] == ["title", "section_header", "text"]
    for page in document["blocks"]:
        for item in page["items"]:
            start, end = item["markdownSpan"]
            assert markdown[start:end] == item["content"]
            x0, y0, x1, y1 = item["bbox"]
            assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1
    # Reading order follows the page from its top: the title sits above the section header.
    assert first[0]["bbox"][1] < first[1]["bbox"][1] < first[2]["bbox"][1]
    metadata = document["metadata"]
    assert metadata["numPages"] == 3 and metadata["creditsUsed"] == 3
    assert metadata["sourceURL"] == "report.pdf" and metadata["url"] == "https://parse.firecrawl.dev/uploads/report.pdf"
    assert metadata["title"] == "Quarterly Report" and metadata["contentType"] == "application/pdf"
    assert before - used_tokens(server) == 3 * 15  # 1 credit per page, in the ledger


def test_max_pages_limits_the_pages_converted_and_charged(server: Server) -> None:
    before = used_tokens(server)
    document = parse(server, "report.pdf", REPORT, "application/pdf", {"parsers": [{"type": "pdf", "maxPages": 1}]}).json()["data"]
    assert document["metadata"]["numPages"] == 1 and document["metadata"]["creditsUsed"] == 1
    assert "Figures" not in document["markdown"]
    assert before - used_tokens(server) == 15


def test_without_the_pdf_parser_the_file_comes_back_base64_for_a_flat_credit(server: Server) -> None:
    import base64

    document = parse(server, "report.pdf", REPORT, "application/pdf", {"parsers": []}).json()["data"]
    assert base64.b64decode(document["markdown"]) == REPORT
    assert document["metadata"]["creditsUsed"] == 1


def test_a_word_document_keeps_its_headings_lists_and_tables(server: Server) -> None:
    document = parse(server, "memo.docx", (FOLDER / "memo.docx").read_bytes(), options={"formats": ["markdown", "html"]}).json()["data"]
    markdown = document["markdown"]
    assert markdown.startswith("# Team Memo\n\n# Decisions\n\nWe move the launch to Monday.")
    assert "- Write the release notes\n- Update the pricing page" in markdown
    assert "| Task | Owner |" in markdown and "| Release notes | Ada |" in markdown
    assert "<table>" in document["html"]
    assert document["metadata"]["title"] == "Team Memo" and document["metadata"]["creditsUsed"] == 1


def test_a_spreadsheet_becomes_a_table_per_sheet(server: Server) -> None:
    document = parse(server, "prices.xlsx", (FOLDER / "prices.xlsx").read_bytes()).json()["data"]
    assert document["markdown"].startswith("## Prices\n\n| Product | Price | Currency |")
    assert "| Pro | 12 | USD |" in document["markdown"]


def test_html_and_markdown_files_go_through_the_scrape_formats(server: Server) -> None:
    html = parse(server, "page.html", (FOLDER / "page.html").read_bytes(), "text/html", {"formats": ["markdown", "links"]}).json()["data"]
    assert html["markdown"].startswith("# Launch Checklist") and "Home | Blog" not in html["markdown"]  # onlyMainContent
    assert html["links"] == ["https://example.com/pricing"]
    assert html["metadata"]["description"] == "What ships on Monday."
    notes = (FOLDER / "notes.md").read_text()
    markdown = parse(
        server,
        "notes.md",
        notes.encode(),
        options={"formats": ["markdown", "links", {"type": "json", "schema": {"type": "object", "properties": {"title": {"type": "string"}}}}]},
    ).json()["data"]
    assert markdown["markdown"] == notes  # as written
    assert markdown["links"] == ["https://example.com/pricing"]
    assert markdown["json"] == {"title": "Meeting Notes"}


@pytest.mark.parametrize("formats", [["markdown"], ["markdown", "html"], ["links", "images"], [{"type": "json", "schema": {"type": "object"}}]])
def test_a_link_python_cannot_read_is_kept_as_written_not_a_server_error(server: Server, formats: list[Any]) -> None:
    """``http://[x`` is no URL urljoin reads (it raises): every format answers, the link as the page
    wrote it (the markdown and the links, with either path to the markdown), where it was a 500."""
    page = b'<html><body><main><p>See <a href="http://[x/y">this</a> and <a href="/ok">that</a>.</p><img src="http://[::1" alt="i"></main></body></html>'
    data = parse(server, "bad.html", page, "text/html", {"formats": formats}).json()["data"]
    if "markdown" in data:
        assert "[this](http://[x/y)" in data["markdown"] and "[that](" in data["markdown"]
    if "links" in data:
        assert data["links"][0] == "http://[x/y" and data["links"][1].endswith("/ok")
        assert data["images"] == ["http://[::1"]


def test_the_form_fields_beside_the_options_are_read(server: Server) -> None:
    answer = parse(server, "a.txt", b"Plain words.\n\nA second paragraph.", "text/plain", None, origin="my-app", zeroDataRetention="true")
    assert answer.status_code == 200 and answer.json()["data"]["markdown"].startswith("Plain words.")


@pytest.mark.parametrize(
    ("options", "example"),
    [
        ({"actions": [{"type": "wait", "milliseconds": 250}]}, "Parse uploads do not support actions."),
        ({"formats": ["markdown", "screenshot"]}, "Parse uploads do not support screenshot output."),
        ({"formats": ["branding"]}, "Parse uploads do not support branding output."),
        ({"formats": ["markdown", {"type": "changeTracking"}]}, "Parse uploads do not support change tracking."),
        ({"waitFor": 500}, "Parse uploads do not support waitFor."),
        ({"location": {"country": "DE"}}, "Parse uploads do not support location overrides."),
        ({"mobile": True}, "Parse uploads do not support mobile rendering."),
        ({"proxy": "enhanced"}, "Parse uploads only support proxy values of auto or basic."),
    ],
)
def test_options_a_file_cannot_have_are_refused_with_the_services_text(server: Server, options: dict[str, Any], example: str) -> None:
    answer = parse(server, "page.html", b"<p>x</p>", "text/html", options)
    assert answer.status_code == 400 and answer.json() == {"success": False, "code": "PARSE_UNSUPPORTED_OPTIONS", "error": example}


def test_refusals_of_the_form_itself(make_server: Any) -> None:
    server = make_server(max_upload_bytes=1000)
    auth = {"Authorization": f"Bearer {server.api.key}"}
    missing = server.client.post("/v2/parse", headers=auth, data={"options": "{}"})
    assert missing.status_code == 400 and "Missing file upload" in missing.json()["error"]
    as_json = server.client.post("/v2/parse", headers=auth, json={"url": "https://example.com"})
    assert as_json.status_code == 400 and as_json.json()["code"] == "BAD_REQUEST"
    cases = {
        "Invalid JSON in the 'options' field. Provide a valid JSON string.": parse(server, "a.html", b"<p>x</p>", "text/html", "{nope"),
        "The 'options' field must parse to a JSON object.": parse(server, "a.html", b"<p>x</p>", "text/html", "[1, 2]"),
        "Uploaded file exceeds maximum size of 50MB.": parse(server, "a.html", b"<p>" + b"x" * 5000 + b"</p>", "text/html"),
        "The uploaded file is empty.": parse(server, "a.html", b"", "text/html"),
    }
    for text, answer in cases.items():
        assert answer.status_code == 400 and answer.json() == {"success": False, "code": "BAD_REQUEST", "error": text}
    # The options are read as a JSON body is read: NaN is not JSON, as the service's parser says.
    not_json = parse(server, "a.html", b"<p>x</p>", "text/html", '{"timeout": NaN}')
    assert not_json.status_code == 400 and not_json.json()["error"] == "Invalid JSON in the 'options' field. Provide a valid JSON string."
    unknown = parse(server, "a.html", b"<p>x</p>", "text/html", {"onlyMainContnet": True})
    assert unknown.status_code == 400 and unknown.json()["details"][0]["code"] == "unrecognized_keys"
    options_as_file = server.client.post(
        "/v2/parse", headers=auth, files={"file": ("a.html", b"<p>x</p>", "text/html"), "options": ("o.json", b"{}", "application/json")}
    )
    assert options_as_file.json()["error"] == "The 'options' field must be a JSON string."
    unsupported = parse(server, "archive.7z", b"7z\xbc\xaf'\x1c", "application/x-7z-compressed")
    assert unsupported.status_code == 400 and unsupported.json()["code"] == "UNSUPPORTED_FILE_TYPE"
    assert unsupported.json()["error"].endswith(".pdf, .docx, .xlsx, .html, .htm, .xhtml, .md, .markdown, .txt")


def test_auth_credits_and_rate_limits_apply_as_to_every_operation(server: Server) -> None:
    assert server.client.post("/v2/parse", files={"file": ("a.txt", b"x", "text/plain")}).status_code == 401
    poor = server.tenant(plan_tokens=0)
    refused = parse(server, "a.txt", b"words", "text/plain", key=poor.key)
    assert refused.status_code == 402
    limited = server.tenant(rate_limit_per_minute=1)
    assert parse(server, "a.txt", b"words", "text/plain", key=limited.key).status_code == 200
    again = parse(server, "a.txt", b"words", "text/plain", key=limited.key)
    assert again.status_code == 429 and int(again.headers["retry-after"]) > 0


@functools.cache
def _zip_bomb() -> bytes:
    """A Word package whose document part inflates to 256 MiB of one word."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        package.writestr(
            "_rels/.rels",
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        )
        package.writestr(
            "word/document.xml",
            '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>'
            + "a" * (256 << 20)
            + "</w:t></w:r></w:p></w:body></w:document>",
        )
    return buffer.getvalue()


_CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"
_PAGE = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"
HOSTILE: dict[str, tuple[str, Callable[[], bytes], str]] = {
    "truncated": ("cut.pdf", lambda: REPORT[: len(REPORT) // 2], "cannot be read as PDF"),
    "not a PDF": ("invoice.pdf", lambda: b"<html><body>not a pdf</body></html>", "does not start with %PDF-"),
    "not a Word package": ("memo.docx", lambda: b"just some text", "is not a ZIP package"),
    "a page tree that loops": ("loop.pdf", lambda: assemble([_CATALOG, b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"]), "page tree loops"),
    "one page listed 20,000 times": (
        "many.pdf",
        lambda: assemble([_CATALOG, ("<< /Type /Pages /Kids [" + " 3 0 R" * 20000 + "] >>").encode(), _PAGE]),
        "loops",
    ),
    "12,000 pages": (
        "pages.pdf",
        lambda: assemble([_CATALOG, ("<< /Type /Pages /Kids [" + " ".join(f"{3 + i} 0 R" for i in range(12000)) + "] >>").encode(), *[_PAGE] * 12000]),
        "more than 10,000 pages",
    ),
    "a zip bomb": ("bomb.docx", _zip_bomb, "memory"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_file_is_refused_with_422_within_its_budget(make_server: Any, case: str) -> None:
    server = make_server(parse_seconds=10.0, parse_memory_bytes=384 * 1024 * 1024)
    filename, make, reason = HOSTILE[case]
    content = make()
    started = time.monotonic()
    before = used_tokens(server)
    answer = parse(server, filename, content)
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["code"] == "PARSE_FILE_UNREADABLE" and body["error"].startswith(filename) and reason in body["error"]
    assert time.monotonic() - started < 15
    assert used_tokens(server) == before  # nothing charged
    # The server is still answering.
    assert parse(server, "a.txt", b"still here", "text/plain").status_code == 200


def test_a_conversion_over_its_time_budget_is_refused(make_server: Any) -> None:
    server = make_server(parse_seconds=0.05)
    answer = parse(server, "report.pdf", REPORT, "application/pdf")
    assert answer.status_code == 422 and "took longer than 0.05 s" in answer.json()["error"]


def test_a_pdf_made_here_parses_page_by_page(server: Server) -> None:
    pages = [[(12.0, 72.0, 700.0, f"Line on page {n}.")] for n in range(1, 8)]
    document = parse(server, "seven.pdf", pdf(pages), "application/pdf", {"parsers": [{"type": "pdf", "pages": True, "maxPages": 4}]}).json()["data"]
    assert [page["markdown"] for page in document["pages"]] == [f"Line on page {n}." for n in range(1, 5)]


def test_the_readmes_worked_example_is_what_the_server_answers(server: Server) -> None:
    from tests.conftest import ROOT

    readme = (ROOT / "server" / "README.md").read_text()
    block = readme.split("$ curl -s http://127.0.0.1:3002/v2/parse", 1)[1].split("```", 1)[0]
    command, shown = block.split("| jq -r .data.markdown\n", 1)
    options = command.split("-F 'options=", 1)[1].split("'", 1)[0]
    document = parse(server, "report.pdf", REPORT, "application/pdf", json.loads(options)).json()["data"]
    assert document["markdown"].rstrip("\n") == shown.rstrip("\n")


# -- bounds (issue 57 items 3 and 5) -----------------------------------------------------------------
def test_a_workbook_is_read_up_to_its_cell_bound_with_a_warning(server: Server) -> None:
    # 5,000 rows of 200 columns: a 103 MB answer after 65 s, 1.9 GB resident, in the audit.
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("big")
    for row in range(2_000):
        sheet.append([f"r{row}c{column}" for column in range(100)])
    buffer = io.BytesIO()
    book.save(buffer)
    answer = parse(server, "big.xlsx", buffer.getvalue(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    assert answer.status_code == 200, answer.text[:300]
    document = answer.json()["data"]
    assert f"a workbook is read up to {files.MAX_CELLS:,} cells" in document["warning"]
    assert document["markdown"].count("\n") < files.MAX_CELLS // 100 + 50  # the rows kept, a line each
    assert len(answer.content) < 4 * 2**20


def test_converted_content_is_cut_at_its_bound_with_a_warning() -> None:
    kind = files.detect("big.md", "text/markdown", b"# ")
    assert kind is not None
    converted = files.convert(kind, b"word " * (files.MAX_CONTENT_CHARS // 4), "big.md", max_pages=None, seconds=5, memory_bytes=2**30)
    assert len(converted.markdown or "") == files.MAX_CONTENT_CHARS and len(converted.html) <= files.MAX_CONTENT_CHARS
    assert any("cut at" in warning for warning in converted.warnings)


def test_conversions_never_take_every_thread_from_cheap_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parse uploads and site walks run on threads of their own: with every one of those busy
    (conversions held here), a scrape and a token usage read are still answered."""
    from webdata_server import running

    release = threading.Event()
    started = threading.Semaphore(0)
    convert = files.convert

    def held(*args: Any, **kwargs: Any) -> files.Converted:
        started.release()
        release.wait(30)
        return convert(*args, **kwargs)

    monkeypatch.setattr(files, "convert", held)
    with running() as sandbox:
        auth = {"Authorization": f"Bearer {sandbox.api_key}"}
        uploads = [
            threading.Thread(
                target=lambda: httpx.post(sandbox.base_url + "/v2/parse", files={"file": ("a.html", b"<p>x</p>", "text/html")}, headers=auth, timeout=60)
            )
            for _ in range(4)
        ]
        for thread in uploads:
            thread.start()
        try:
            assert started.acquire(timeout=10)  # a conversion is running (and holding its thread)
            scrape = httpx.post(sandbox.base_url + "/v2/scrape", json={"url": "https://cheap.example.com", "maxAge": 0}, headers=auth, timeout=10)
            usage = httpx.get(sandbox.base_url + "/v2/team/token-usage", headers=auth, timeout=10)
            assert (scrape.status_code, usage.status_code) == (200, 200)
        finally:
            release.set()
            for thread in uploads:
                thread.join(30)


@pytest.mark.parametrize(
    ("boundary", "body", "said"),
    [
        ("b" * 300, None, "the boundary is longer than 256 characters"),  # a 500 in the audit
        ("xyz", b"garbage", "Invalid multipart form-data request"),
    ],
)
def test_a_malformed_multipart_body_is_refused_in_its_own_words(server: Server, boundary: str, body: bytes | None, said: str) -> None:
    content = body or (f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--{boundary}--\r\n').encode()
    answer = server.client.post(
        "/v2/parse", content=content, headers={"Authorization": f"Bearer {server.api.key}", "Content-Type": f"multipart/form-data; boundary={boundary}"}
    )
    assert answer.status_code == 400 and said in answer.json()["error"]
    # The documented example's details (an unrelated "timeout" issue) are not carried along.
    assert [detail["message"] for detail in answer.json()["details"]] == [answer.json()["error"]]
