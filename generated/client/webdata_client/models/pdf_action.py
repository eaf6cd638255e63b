from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pdf_action_format import PdfActionFormat
from ..types import UNSET, Unset

T = TypeVar("T", bound="PdfAction")


@_attrs_define
class PdfAction:
    """Prints the page to PDF; its link is returned in `actions.pdfs`.

    Attributes:
        type_ (Literal['pdf']):
        format_ (PdfActionFormat | Unset):  Default: PdfActionFormat.LETTER.
        landscape (bool | Unset):  Default: False.
        scale (float | Unset):  Default: 1.0.
    """

    type_: Literal["pdf"]
    format_: PdfActionFormat | Unset = PdfActionFormat.LETTER
    landscape: bool | Unset = False
    scale: float | Unset = 1.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        landscape = self.landscape

        scale = self.scale

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if landscape is not UNSET:
            field_dict["landscape"] = landscape
        if scale is not UNSET:
            field_dict["scale"] = scale

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["pdf"], d.pop("type"))
        if type_ != "pdf":
            raise ValueError(f"type must match const 'pdf', got '{type_}'")

        _format_ = d.pop("format", UNSET)
        format_: PdfActionFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = PdfActionFormat(_format_)

        landscape = d.pop("landscape", UNSET)

        scale = d.pop("scale", UNSET)

        pdf_action = cls(
            type_=type_,
            format_=format_,
            landscape=landscape,
            scale=scale,
        )

        pdf_action.additional_properties = d
        return pdf_action

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
