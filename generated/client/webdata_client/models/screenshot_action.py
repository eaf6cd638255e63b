from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.viewport import Viewport


T = TypeVar("T", bound="ScreenshotAction")


@_attrs_define
class ScreenshotAction:
    """Takes a screenshot; its link is returned in `actions.screenshots`.

    Attributes:
        type_ (Literal['screenshot']):
        full_page (bool | Unset):  Default: False.
        quality (int | Unset):
        viewport (Viewport | Unset): Viewport size in pixels.
    """

    type_: Literal["screenshot"]
    full_page: bool | Unset = False
    quality: int | Unset = UNSET
    viewport: Viewport | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        full_page = self.full_page

        quality = self.quality

        viewport: dict[str, Any] | Unset = UNSET
        if not isinstance(self.viewport, Unset):
            viewport = self.viewport.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if full_page is not UNSET:
            field_dict["fullPage"] = full_page
        if quality is not UNSET:
            field_dict["quality"] = quality
        if viewport is not UNSET:
            field_dict["viewport"] = viewport

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.viewport import Viewport  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["screenshot"], d.pop("type"))
        if type_ != "screenshot":
            raise ValueError(f"type must match const 'screenshot', got '{type_}'")

        full_page = d.pop("fullPage", UNSET)

        quality = d.pop("quality", UNSET)

        _viewport = d.pop("viewport", UNSET)
        viewport: Viewport | Unset
        if isinstance(_viewport, Unset):
            viewport = UNSET
        else:
            viewport = Viewport.from_dict(_viewport)

        screenshot_action = cls(
            type_=type_,
            full_page=full_page,
            quality=quality,
            viewport=viewport,
        )

        screenshot_action.additional_properties = d
        return screenshot_action

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
