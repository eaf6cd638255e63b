from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PdfBlockConfidence")


@_attrs_define
class PdfBlockConfidence:
    """
    Attributes:
        layout (float | Unset):
        ocr (float | Unset):
    """

    layout: float | Unset = UNSET
    ocr: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        layout = self.layout

        ocr = self.ocr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if layout is not UNSET:
            field_dict["layout"] = layout
        if ocr is not UNSET:
            field_dict["ocr"] = ocr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        layout = d.pop("layout", UNSET)

        ocr = d.pop("ocr", UNSET)

        pdf_block_confidence = cls(
            layout=layout,
            ocr=ocr,
        )

        pdf_block_confidence.additional_properties = d
        return pdf_block_confidence

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
