"""Your own pages as the web: a folder of saved pages, or a WARC archive, served under their
original URLs through every operation (``serve --web PATH``, ``pytest --webdata-web PATH``,
``ReferenceServer(web=PATH)``).

- **A folder**: its first level names hosts, the rest paths. ``site/docs.example.com/index.html``
  is ``https://docs.example.com/`` (and ``http://``), ``site/docs.example.com/guide.html`` is
  ``/guide`` (and ``/guide.html``), ``site/docs.example.com/api/index.html`` is ``/api/`` (and
  ``/api``); ``robots.txt`` and ``sitemap.xml`` are served as such. The first form is the page's one
  URL (:meth:`LocalWeb.canonical`): what a scrape's ``metadata.url`` says and map, crawl and search
  list, once per page however links write it. Files are read at each fetch: a
  file changed on disk is what the next scrape, crawl or monitor check sees.
- **A WARC file** (``.warc`` or ``.warc.gz``, the web-archive standard, read with ``warcio``): every
  ``response`` record is the page at its ``WARC-Target-URI``, with its status and content type.
  ``webdata-server capture URL... --out site.warc`` writes one from real pages, once, through the
  same outbound guard as ``--web real``.

A URL the pages do not hold answers 404 (a ``Not Found`` page), unless ``fill`` asks the synthetic
web to serve it. Bounded by bytes as the web is: a page is read up to :data:`MAX_PAGE_BYTES` (a
WARC record's inflated body too: a small gzip record cannot grow past it); a path no file can
have (a NUL, a segment past the file system's limit) is no page; a file whose name is not UTF-8
is skipped with a warning; a WARC the reader cannot read is refused at start with its offset. Search answers from an index of the pages' titles and text; a map walks the
pages' links (they cost no network).
"""

from __future__ import annotations

import html as html_module
import io
import logging
import mimetypes
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from webdata_server.files import html_title
from webdata_server.search_index import SearchIndex
from webdata_server.web import FetchContext, Page, SyntheticWeb, page_title

__all__ = ["MAX_PAGE_BYTES", "LocalWeb", "WebClosed", "capture"]

_log = logging.getLogger("webdata_server")
# A saved page, as read: the largest request body the server takes (Settings.max_body_bytes).
MAX_PAGE_BYTES = 10 * 1024 * 1024

_NOT_FOUND = "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>{url} is not among the saved pages.</p></body></html>"


@dataclass(frozen=True)
class _Saved:
    status: int
    content_type: str
    body: bytes
    url: str  # the page's one URL (:meth:`LocalWeb.canonical`)


def _key(url: str) -> str:
    """A saved page's key: host and path, the scheme, a trailing slash and ``index.html`` aside."""
    parts = urlsplit(url)
    path = unquote(parts.path or "/")
    for suffix in ("/index.html", "/index.htm"):
        if path.endswith(suffix):
            path = path[: -len(suffix) + 1]
    path = path.rstrip("/") or "/"
    query = f"?{parts.query}" if parts.query else ""
    return f"{(parts.hostname or '').lower()}{path}{query}"


class WebClosed(RuntimeError):
    """Raised by work on the pages that the server's stop ended."""


class LocalWeb:
    """Pages from a folder or a WARC archive (see the module's docstring)."""

    indexed = False  # not the synthetic web's site model: its map walks the pages' own links
    offline = True  # every page is on this machine: walking a site costs no network

    def __init__(self, source: Path, *, fill: bool = False) -> None:
        self.source = source
        self.root = source.resolve()  # every file's path is resolved under it
        self.fill = SyntheticWeb() if fill else None
        self._archive: dict[str, _Saved] | None = None
        if source.is_file():
            stat = source.stat()
            self._archive = _read_warc(source, stat.st_mtime_ns, stat.st_size)
        elif not source.is_dir():
            raise ValueError(f"--web {source}: neither a folder of saved pages nor a WARC file")
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._index: SearchIndex | None = None
        self._skipped: set[Path] = set()
        if self._archive is None:
            self.urls()  # names that are no URL are said at start

    # -- the pages --------------------------------------------------------------------------------
    def _file(self, url: str) -> Path | None:
        """The folder's file that serves ``url``: the path as written, with ``.html`` added, or its
        ``index.html``; None when there is none (or no file could have that name)."""
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        folder = (self.root / host).resolve()
        if not host or not folder.is_dir() or self.root not in folder.parents:
            return None
        relative = unquote(parts.path or "/").lstrip("/")
        candidates = [relative, f"{relative}.html", f"{relative.rstrip('/')}/index.html"] if relative else ["index.html"]
        for candidate in candidates:
            try:
                path = (folder / candidate).resolve()
                if (path == folder or folder in path.parents) and path.is_file():
                    return path
            except (ValueError, OSError):  # a NUL, a name past the file system's limit: no such page
                return None
        return None

    def _url_of(self, path: Path, query: str = "") -> str:
        """A folder file's one URL: ``name.html`` is ``/name``, ``dir/index.html`` is ``/dir/``,
        any other file its own path (module docstring)."""
        host, *rest = path.relative_to(self.root).parts
        if rest and rest[-1] in ("index.html", "index.htm"):
            rest[-1] = ""
        elif rest and rest[-1].endswith((".html", ".htm")):
            rest[-1] = rest[-1].rsplit(".", 1)[0]
        return f"https://{host}/{quote('/'.join(rest))}" + (f"?{query}" if query else "")

    def _saved(self, url: str) -> _Saved | None:
        if self._archive is not None:
            return self._archive.get(_key(url))
        path = self._file(url)
        if path is None:
            return None
        try:
            with path.open("rb") as stream:
                body = stream.read(MAX_PAGE_BYTES)
        except OSError:
            return None
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return _Saved(200, kind, body, self._url_of(path, urlsplit(url).query))

    def canonical(self, url: str) -> str:
        """The one URL of the saved page ``url`` reaches, however a link writes it (``/a``,
        ``a.html``, ``/docs``, ``/docs/index.html``): what map, crawl and search list and a scrape's
        ``metadata.url`` says. ``url`` itself where no saved page answers it."""
        if self._archive is not None:
            saved = self._archive.get(_key(url))
            return saved.url if saved is not None else url
        path = self._file(url)
        return self._url_of(path, urlsplit(url).query) if path is not None else url

    def fetch(self, url: str, context: FetchContext) -> Page:
        saved = self._saved(url)
        if saved is None:
            if self.fill is not None:
                return self.fill.fetch(url, context)
            text = _NOT_FOUND.format(url=html_module.escape(url))
            return Page(url, 404, "text/html", text, text.encode(), "404 Not Found")
        # Served under its one URL, as a site that redirects its other spellings there.
        url = saved.url
        kind = saved.content_type.split(";")[0].strip().lower()
        if kind == "application/pdf":
            return Page(
                url, saved.status, kind, "", saved.body, page_title(url), pdf_pages=max(1, saved.body.count(b"/Type /Page") - saved.body.count(b"/Type /Pages"))
            )
        text = saved.body.decode("utf-8", errors="replace")
        document = (
            text if "html" in kind else f"<!DOCTYPE html><html><head><title>{url}</title></head><body><pre>{html_module.escape(text)}</pre></body></html>"
        )
        return Page(url, saved.status, kind, document, saved.body, html_title(document) or page_title(url))

    def text(self, url: str) -> str | None:
        saved = self._saved(url)
        if saved is None:
            return self.fill.text(url) if self.fill is not None else None
        return saved.body.decode("utf-8", errors="replace") if saved.status == 200 else None

    # -- search -----------------------------------------------------------------------------------
    @property
    def search_index(self) -> SearchIndex:
        """The pages' titles and text, indexed once (the first search)."""
        with self._lock:
            if self._index is None:
                self._index = SearchIndex(rows=list(self._rows()))
            return self._index

    def _rows(self) -> list[tuple[str, str, str, str, str, str, str]]:
        from webdata_server.content import head_metadata

        rows = []
        context = FetchContext(headers={}, mobile=False, country="US", languages=[])
        for url in self.urls():
            if self._closing.is_set():  # the server stops: a folder of large pages keeps it no longer than a page
                raise WebClosed(f"--web {self.source}: the server is stopping")
            page = self.fetch(url, context)
            if page.status != 200 or not page.html:
                continue
            words = " ".join(_visible_text(page.html).split())
            host = urlsplit(url).hostname or ""
            section = (urlsplit(url).path.strip("/").split("/") or ["home"])[0] or "home"
            description = head_metadata(page.html).get("description") or words[:200]  # the page's own, as a search engine shows
            rows.append((page.url, page.title, words[:20_000], page.title, host, section, description))
        return rows

    @property
    def index_ready(self) -> bool:
        """Whether a search reads the index only (it was built): else the search builds it, off the loop."""
        return self._index is not None

    def close(self) -> None:
        """The server stops: an index being built ends at its next page (:class:`WebClosed`)."""
        self._closing.set()

    def urls(self) -> list[str]:
        """Every saved page's one URL (:meth:`canonical`), in a stable order."""
        if self._archive is not None:
            return sorted({saved.url for saved in self._archive.values()})
        found = []
        for path in sorted(self.root.rglob("*")):
            if path.is_file() and len(path.relative_to(self.root).parts) > 1:
                try:
                    str(path.relative_to(self.root)).encode()
                except UnicodeEncodeError:  # a name that is no URL (not UTF-8): said once, skipped
                    if path not in self._skipped:
                        self._skipped.add(path)
                        _log.warning(
                            "--web %s: skipped %r: its name is not UTF-8, so no URL names it", self.source, str(path).encode("utf-8", "surrogateescape")
                        )
                    continue
                found.append(self._url_of(path))
        return list(dict.fromkeys(found))


def _visible_text(document: str) -> str:
    from webdata_server.content import parse_html

    soup = parse_html(document)
    for element in soup(["script", "style", "noscript"]):
        element.decompose()
    return str(soup.get_text(" "))


# An archive read once however many times it is opened unchanged: `serve` checks it before the
# application opens it, a test server before its application does (the pages are never changed).
@lru_cache(maxsize=4)
def _read_warc(path: Path, mtime_ns: int, size: int) -> dict[str, _Saved]:
    from warcio.archiveiterator import ArchiveIterator

    saved: dict[str, _Saved] = {}
    with path.open("rb") as stream:
        records = ArchiveIterator(stream)
        try:
            for record in records:
                if record.rec_type != "response" or record.http_headers is None:
                    continue
                url = record.rec_headers.get_header("WARC-Target-URI")
                if not url:
                    continue
                try:
                    status = int(record.http_headers.get_statuscode() or 200)
                except ValueError:
                    status = 200
                kind = record.http_headers.get_header("Content-Type") or "text/html"
                # Read up to the page bound, inflated: a gzip record of 1 MB that inflates to 1 GB is cut.
                body = record.content_stream().read(MAX_PAGE_BYTES + 1)
                if len(body) > MAX_PAGE_BYTES:
                    _log.warning("--web %s: the page of %s is larger than %d bytes: read up to them", path, url, MAX_PAGE_BYTES)
                    body = body[:MAX_PAGE_BYTES]
                saved.setdefault(_key(url), _Saved(status, kind, body, url))
        except Exception as error:
            try:
                offset = records.get_record_offset()
            except Exception:
                offset = stream.tell()
            said = ascii(str(error)[:120])[1:-1]  # one line of text: the reader quotes the bytes it met
            raise ValueError(f"--web {path}: not a WARC file this server reads (at byte {offset}: {type(error).__name__}: {said})") from None
    return saved


def capture(urls: list[str], out: Path, *, allow_private: bool = False) -> list[tuple[str, int | str]]:
    """Fetches ``urls`` through the outbound guard (as ``--web real``) and writes them to the WARC
    file ``out`` (gzipped when it ends ``.gz``); (url, status or the reason it failed) for each."""
    import httpx
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    from webdata_server.outbound import OutboundGuard, OutboundRefused, Reach

    guard = OutboundGuard(Reach(loopback=allow_private, private=allow_private))
    outcomes: list[tuple[str, int | str]] = []
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=out.name.endswith(".gz"))  # a .warc.gz is a gzip member per record
    with httpx.Client(timeout=30.0) as client:
        for url in urls:
            try:
                response = guard.get(client, url, follow=True)
            except (OutboundRefused, httpx.HTTPError) as error:
                outcomes.append((url, f"not saved: {error}"))
                continue
            headers = [(k, v) for k, v in response.headers.items() if k.lower() not in ("content-encoding", "transfer-encoding", "content-length")]
            http_headers = StatusAndHeaders(f"{response.status_code} {response.reason_phrase}", headers, protocol="HTTP/1.1")
            record = writer.create_warc_record(str(response.url), "response", payload=io.BytesIO(response.content), http_headers=http_headers)
            writer.write_record(record)
            outcomes.append((url, response.status_code))
    out.write_bytes(buffer.getvalue())
    return outcomes
