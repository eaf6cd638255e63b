from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scroll_action_direction import ScrollActionDirection
from ..types import UNSET, Unset

T = TypeVar("T", bound="ScrollAction")


@_attrs_define
class ScrollAction:
    """Scrolls the page or an element.

    Attributes:
        type_ (Literal['scroll']):
        direction (ScrollActionDirection | Unset):  Default: ScrollActionDirection.DOWN.
        selector (str | Unset): Element to scroll.
    """

    type_: Literal["scroll"]
    direction: ScrollActionDirection | Unset = ScrollActionDirection.DOWN
    selector: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        selector = self.selector

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if direction is not UNSET:
            field_dict["direction"] = direction
        if selector is not UNSET:
            field_dict["selector"] = selector

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["scroll"], d.pop("type"))
        if type_ != "scroll":
            raise ValueError(f"type must match const 'scroll', got '{type_}'")

        _direction = d.pop("direction", UNSET)
        direction: ScrollActionDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = ScrollActionDirection(_direction)

        selector = d.pop("selector", UNSET)

        scroll_action = cls(
            type_=type_,
            direction=direction,
            selector=selector,
        )

        scroll_action.additional_properties = d
        return scroll_action

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
