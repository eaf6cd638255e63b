from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClickAction")


@_attrs_define
class ClickAction:
    """Clicks the element matching `selector`.

    Attributes:
        selector (str):
        type_ (Literal['click']):
        all_ (bool | Unset): Click every match; no error when none match. Default: False.
    """

    selector: str
    type_: Literal["click"]
    all_: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        selector = self.selector

        type_ = self.type_

        all_ = self.all_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "selector": selector,
                "type": type_,
            }
        )
        if all_ is not UNSET:
            field_dict["all"] = all_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        selector = d.pop("selector")

        type_ = cast(Literal["click"], d.pop("type"))
        if type_ != "click":
            raise ValueError(f"type must match const 'click', got '{type_}'")

        all_ = d.pop("all", UNSET)

        click_action = cls(
            selector=selector,
            type_=type_,
            all_=all_,
        )

        click_action.additional_properties = d
        return click_action

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
