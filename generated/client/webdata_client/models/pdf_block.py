from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pdf_block_confidence import PdfBlockConfidence


T = TypeVar("T", bound="PdfBlock")


@_attrs_define
class PdfBlock:
    """One layout block with a normalized bounding box, reading order, a span into the markdown and confidence.

    Attributes:
        confidence (PdfBlockConfidence):
        content (str):
        id (str):
        reading_order (int):
        type_ (str): title, section_header, text, table, formula, figure, caption, …
        bbox (list[float] | Unset): [x0, y0, x1, y1], normalized to 0..1.
        markdown_span (list[int] | Unset): [start, end) character offsets into the markdown.
    """

    confidence: PdfBlockConfidence
    content: str
    id: str
    reading_order: int
    type_: str
    bbox: list[float] | Unset = UNSET
    markdown_span: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        confidence = self.confidence.to_dict()

        content = self.content

        id = self.id

        reading_order = self.reading_order

        type_ = self.type_

        bbox: list[float] | Unset = UNSET
        if not isinstance(self.bbox, Unset):
            bbox = self.bbox

        markdown_span: list[int] | Unset = UNSET
        if not isinstance(self.markdown_span, Unset):
            markdown_span = self.markdown_span

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "confidence": confidence,
                "content": content,
                "id": id,
                "readingOrder": reading_order,
                "type": type_,
            }
        )
        if bbox is not UNSET:
            field_dict["bbox"] = bbox
        if markdown_span is not UNSET:
            field_dict["markdownSpan"] = markdown_span

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pdf_block_confidence import PdfBlockConfidence  # noqa: PLC0415

        d = dict(src_dict)
        confidence = PdfBlockConfidence.from_dict(d.pop("confidence"))

        content = d.pop("content")

        id = d.pop("id")

        reading_order = d.pop("readingOrder")

        type_ = d.pop("type")

        bbox = cast(list[float], d.pop("bbox", UNSET))

        markdown_span = cast(list[int], d.pop("markdownSpan", UNSET))

        pdf_block = cls(
            confidence=confidence,
            content=content,
            id=id,
            reading_order=reading_order,
            type_=type_,
            bbox=bbox,
            markdown_span=markdown_span,
        )

        pdf_block.additional_properties = d
        return pdf_block

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
