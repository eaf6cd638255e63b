"""Sample files for ``POST /v2/parse``, shipped with the server (the README's worked example).

``python -m webdata_server.samples <folder>`` writes them again: ``report.pdf`` (three pages: a
title, section headers, paragraphs and a link, and a third page that is a scanned image with no
text layer), ``memo.docx`` (a title, headings, a list and a table), ``prices.xlsx`` (one sheet, a
header row and three products), ``notes.md`` and ``page.html``.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["FOLDER", "SAMPLES", "assemble", "pdf", "write_samples"]

FOLDER = Path(__file__).parent
SAMPLES = ("report.pdf", "memo.docx", "prices.xlsx", "notes.md", "page.html")

# A line of a page: (font size, x, y from the bottom, text).
Line = tuple[float, float, float, str]


def pdf(pages: list[list[Line]], *, title: str = "", scanned: set[int] | None = None, width: float = 612, height: float = 792) -> bytes:
    """A valid PDF whose pages hold these lines (Helvetica); a page number in ``scanned`` holds a
    grey image and no text at all, as a scanned page does."""
    scanned = scanned or set()
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    font = 3
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    kids = []
    for number, lines in enumerate(pages, start=1):
        page_ref = len(objects) + 1
        content_ref = page_ref + 1
        kids.append(f"{page_ref} 0 R")
        if number in scanned:
            image_ref = content_ref + 1
            resources = f"<< /XObject << /Im1 {image_ref} 0 R >> >>"
            stream = f"q {width - 144:g} 0 0 {height - 144:g} 72 72 cm /Im1 Do Q".encode()
        else:
            resources = f"<< /Font << /F1 {font} 0 R >> >>"
            parts = []
            for size, x, y, text in lines:
                escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
                parts.append(f"BT /F1 {size:g} Tf {x:g} {y:g} Td ({escaped}) Tj ET")
            stream = "\n".join(parts).encode()
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:g} {height:g}] /Contents {content_ref} 0 R /Resources {resources} >>".encode())
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        if number in scanned:
            pixels = bytes([200]) * 64
            objects.append(
                b"<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 64 >>\nstream\n"
                + pixels
                + b"\nendstream"
            )
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    info = ""
    if title:
        objects.append(f"<< /Title ({title}) >>".encode())
        info = f" /Info {len(objects)} 0 R"
    return assemble(objects, trailer=info)


def assemble(objects: list[bytes], *, trailer: str = "") -> bytes:
    """A PDF file of these objects (object 1 the catalog), with its cross-reference table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R{trailer} >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def _report() -> bytes:
    page1: list[Line] = [
        (24, 72, 700, "Quarterly Report"),
        (16, 72, 660, "Summary"),
        (11, 72, 636, "Revenue grew by twelve percent in the third quarter."),
        (11, 72, 622, "Costs held steady while the team shipped two products."),
        (11, 72, 596, "Details: https://example.com/reports/q3"),
    ]
    page2: list[Line] = [
        (16, 72, 700, "Figures"),
        (11, 72, 676, "Revenue was 1.2 million, costs were 0.8 million."),
        (11, 72, 662, "The margin rose from 28 to 33 percent."),
    ]
    return pdf([page1, page2, []], title="Quarterly Report", scanned={3})


def _memo(path: Path) -> None:
    import docx

    document = docx.Document()
    document.core_properties.title = "Team Memo"
    document.add_heading("Team Memo", level=0)
    document.add_heading("Decisions", level=1)
    document.add_paragraph("We move the launch to Monday.")
    document.add_paragraph("Write the release notes", style="List Bullet")
    document.add_paragraph("Update the pricing page", style="List Bullet")
    document.add_heading("Owners", level=1)
    table = document.add_table(rows=3, cols=2)
    for row, (task, owner) in enumerate((("Task", "Owner"), ("Release notes", "Ada"), ("Pricing page", "Linus"))):
        table.cell(row, 0).text = task
        table.cell(row, 1).text = owner
    document.core_properties.created = document.core_properties.modified = datetime(2026, 1, 5, tzinfo=UTC)
    document.save(str(path))


def _prices(path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Prices"
    for row in (("Product", "Price", "Currency"), ("Basic", 10, "USD"), ("Pro", 12, "USD"), ("Team", 30, "USD")):
        sheet.append(row)
    book.properties.title = "Price list"
    book.save(str(path))


_NOTES = """# Meeting Notes

The pricing page moves to [the new site](https://example.com/pricing).

- Ada writes the release notes
- Linus updates the prices
"""

_PAGE = """<!doctype html>
<html lang="en"><head><title>Launch Checklist</title><meta name="description" content="What ships on Monday."></head>
<body><nav>Home | Blog</nav><main><h1>Launch Checklist</h1><p>Everything that ships on Monday.</p>
<ul><li>Release notes</li><li>Pricing page, see <a href="https://example.com/pricing">pricing</a></li></ul></main>
<footer>Example Inc.</footer></body></html>
"""


def write_samples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.pdf").write_bytes(_report())
    _memo(folder / "memo.docx")
    _prices(folder / "prices.xlsx")
    (folder / "notes.md").write_text(_NOTES, encoding="utf-8")
    (folder / "page.html").write_text(_PAGE, encoding="utf-8")
    return [folder / name for name in SAMPLES]


def main() -> None:
    for written in write_samples(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER):
        print(written)
