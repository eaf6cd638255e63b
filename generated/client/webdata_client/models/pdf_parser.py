from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pdf_parser_mode import PdfParserMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="PdfParser")


@_attrs_define
class PdfParser:
    """Object form of the PDF parser. No other properties are allowed.

    Attributes:
        type_ (Literal['pdf']):
        blocks (bool | Unset): Adds per-page typed layout blocks to the document's `blocks`; no extra cost. Default:
            False.
        max_pages (int | Unset):
        mode (PdfParserMode | Unset): fast extracts embedded text only; auto tries fast then OCR; ocr runs OCR on every
            page. Default: PdfParserMode.AUTO.
        page_markers (bool | Unset): Joins pages with a blank line, `---`, `<!-- page N -->` and a blank line; no marker
            before page 1; no extra cost. Default: False.
        pages (bool | Unset): Adds per-page markdown to the document's `pages`; no extra cost. Default: False.
    """

    type_: Literal["pdf"]
    blocks: bool | Unset = False
    max_pages: int | Unset = UNSET
    mode: PdfParserMode | Unset = PdfParserMode.AUTO
    page_markers: bool | Unset = False
    pages: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        blocks = self.blocks

        max_pages = self.max_pages

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        page_markers = self.page_markers

        pages = self.pages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if blocks is not UNSET:
            field_dict["blocks"] = blocks
        if max_pages is not UNSET:
            field_dict["maxPages"] = max_pages
        if mode is not UNSET:
            field_dict["mode"] = mode
        if page_markers is not UNSET:
            field_dict["pageMarkers"] = page_markers
        if pages is not UNSET:
            field_dict["pages"] = pages

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["pdf"], d.pop("type"))
        if type_ != "pdf":
            raise ValueError(f"type must match const 'pdf', got '{type_}'")

        blocks = d.pop("blocks", UNSET)

        max_pages = d.pop("maxPages", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: PdfParserMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = PdfParserMode(_mode)

        page_markers = d.pop("pageMarkers", UNSET)

        pages = d.pop("pages", UNSET)

        pdf_parser = cls(
            type_=type_,
            blocks=blocks,
            max_pages=max_pages,
            mode=mode,
            page_markers=page_markers,
            pages=pages,
        )

        return pdf_parser
