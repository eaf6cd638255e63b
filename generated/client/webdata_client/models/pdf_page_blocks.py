from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pdf_block import PdfBlock


T = TypeVar("T", bound="PdfPageBlocks")


@_attrs_define
class PdfPageBlocks:
    """Typed layout blocks of one PDF page.

    Attributes:
        items (list[PdfBlock]):
        page_number (int):
        height (float | Unset):
        status (str | Unset):
        width (float | Unset):
    """

    items: list[PdfBlock]
    page_number: int
    height: float | Unset = UNSET
    status: str | Unset = UNSET
    width: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        page_number = self.page_number

        height = self.height

        status = self.status

        width = self.width

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "pageNumber": page_number,
            }
        )
        if height is not UNSET:
            field_dict["height"] = height
        if status is not UNSET:
            field_dict["status"] = status
        if width is not UNSET:
            field_dict["width"] = width

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pdf_block import PdfBlock  # noqa: PLC0415

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = PdfBlock.from_dict(items_item_data)

            items.append(items_item)

        page_number = d.pop("pageNumber")

        height = d.pop("height", UNSET)

        status = d.pop("status", UNSET)

        width = d.pop("width", UNSET)

        pdf_page_blocks = cls(
            items=items,
            page_number=page_number,
            height=height,
            status=status,
            width=width,
        )

        pdf_page_blocks.additional_properties = d
        return pdf_page_blocks

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
