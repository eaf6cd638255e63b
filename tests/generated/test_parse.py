"""``client.parse(file, ...)`` and ``client.parse.formats()`` against the reference server: a path, the
bytes or a file object, sync and async; a path streamed (never read whole by the client); refusals
raised as the typed errors of every other call."""

from __future__ import annotations

import inspect
import asyncio
import io
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from webdata_client import AsyncWebdata, Webdata, errors
from webdata_models import Document
from webdata_server.samples import FOLDER

from tests.server.conftest import LiveServer

REPORT = FOLDER / "report.pdf"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    server = LiveServer(database=Path(tmp_path_factory.mktemp("parse")) / "parse.sqlite3")
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "parser", "--plan-tokens", "1000000"))["apiKey"]
        yield server.base_url, key
    finally:
        server.stop()


@pytest.fixture
def client(live: tuple[str, str]) -> Iterator[Webdata]:
    base_url, key = live
    with Webdata(api_key=key, base_url=base_url) as made:
        yield made


def test_a_path_is_parsed_with_the_pdf_parsers_options(client: Webdata) -> None:
    document = client.parse(REPORT, parsers=[{"type": "pdf", "maxPages": 2, "pageMarkers": True}])
    assert isinstance(document, Document)
    assert document.markdown is not None and document.markdown.startswith("# Quarterly Report")
    assert "<!-- page 2 -->" in document.markdown and "<!-- page 3 -->" not in document.markdown
    assert document.metadata.num_pages == 2 and document.metadata.credits_used == 2
    assert document.metadata.source_url == "report.pdf"


def test_bytes_and_file_objects_are_uploaded_with_their_names(client: Webdata) -> None:
    from_bytes = client.parse(b"# Notes\n\nA line.\n", filename="notes.md")
    assert from_bytes.markdown == "# Notes\n\nA line.\n"
    with open(FOLDER / "memo.docx", "rb") as opened:
        from_file = client.parse(opened, formats=["markdown", "html"])
    assert from_file.metadata.source_url == "memo.docx" and from_file.html is not None and "<table>" in from_file.html
    # A file object is read from its start, wherever it was left.
    buffer = io.BytesIO(b"<html><head><title>Kept</title></head><body><p>Body.</p></body></html>")
    buffer.read(5)
    assert client.parse(buffer, filename="page.html").metadata.title == "Kept"


def test_a_path_is_streamed_not_read_whole(client: Webdata, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"word " * 400_000)  # 2 MB
    reads: list[int] = []
    real_open = open

    def watched_open(path: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        opened = real_open(path, mode, *args, **kwargs)  # type: ignore[call-overload]
        if str(path) == str(big):
            read = opened.read

            def chunk(size: int = -1) -> bytes:
                reads.append(size)
                return read(size)

            opened.read = chunk
        return opened

    monkeypatch.setattr("builtins.open", watched_open)
    document = client.parse(big, formats=["summary"])
    assert document.metadata.source_url == "big.txt"
    assert reads and all(0 < size <= 1024 * 1024 for size in reads)  # chunks, never read(-1)


def test_refusals_are_typed_errors(client: Webdata, tmp_path: Path) -> None:
    with pytest.raises(errors.BadRequestError) as unsupported:
        client.parse(b"7z\xbc\xaf", filename="archive.7z")
    assert unsupported.value.code == "UNSUPPORTED_FILE_TYPE" and unsupported.value.status_code == 400
    with pytest.raises(errors.BadRequestError) as option:
        client.parse(REPORT, formats=["screenshot"])
    assert option.value.code == "PARSE_UNSUPPORTED_OPTIONS" and str(option.value).endswith("Parse uploads do not support screenshot output.")
    # What parse always refuses is not offered at all (x-client-omit): a browser's and a fetch's options.
    assert not {"actions", "wait_for", "location", "mobile"} & set(inspect.signature(client.parse.__call__).parameters)
    with pytest.raises(errors.APIStatusError) as unreadable:
        client.parse(b"<html>not a pdf</html>", filename="invoice.pdf")
    assert unreadable.value.status_code == 422 and unreadable.value.code == "PARSE_FILE_UNREADABLE"
    # Checked before anything is sent.
    with pytest.raises(errors.InvalidRequestError):
        client.parse(REPORT, timeout="soon")  # type: ignore[arg-type]
    with open(tmp_path / "t.txt", "w") as text_mode, pytest.raises(errors.InvalidRequestError, match="binary"):
        client.parse(text_mode)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        client.parse(tmp_path / "missing.pdf")


def test_the_formats(client: Webdata) -> None:
    formats = {item.format: item for item in client.parse.formats().formats}
    assert formats["pdf"].available and formats["pdf"].mime_types == ["application/pdf"]
    assert formats["png"].kind == "image" and not formats["png"].available


def test_the_async_client_parses_too(live: tuple[str, str]) -> None:
    base_url, key = live

    async def run() -> tuple[str | None, int]:
        async with AsyncWebdata(api_key=key, base_url=base_url) as client:
            document = await client.parse(REPORT, parsers=["pdf"])
            listed = await client.parse.formats()
            return document.markdown, len(listed.formats)

    markdown, count = asyncio.run(run())
    assert markdown is not None and "Revenue grew" in markdown and count > 10


def test_a_429_upload_is_sent_again_whole(live: tuple[str, str]) -> None:
    base_url, key = live
    seen: list[bytes] = []

    def once_refused(request: httpx.Request) -> httpx.Response:
        seen.append(request.read())
        if len(seen) == 1:
            return httpx.Response(429, json={"success": False, "error": "Rate limit exceeded."}, headers={"Retry-After": "0"})
        return httpx.Response(200, json={"success": True, "data": {"markdown": "ok", "metadata": {"sourceURL": "r.pdf", "statusCode": 200}}})

    with Webdata(api_key=key, base_url=base_url, http_client=httpx.Client(transport=httpx.MockTransport(once_refused))) as client:
        with open(REPORT, "rb") as opened:
            assert client.parse(opened).markdown == "ok"
    assert len(seen) == 2 and seen[0] == seen[1] and REPORT.read_bytes() in seen[1]
