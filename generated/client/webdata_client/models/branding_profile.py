from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.branding_profile_color_scheme import BrandingProfileColorScheme
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.branding_profile_colors import BrandingProfileColors
    from ..models.branding_profile_fonts_item import BrandingProfileFontsItem


T = TypeVar("T", bound="BrandingProfile")


@_attrs_define
class BrandingProfile:
    """Colours and fonts taken from the page's CSS.

    Attributes:
        color_scheme (BrandingProfileColorScheme | Unset):
        colors (BrandingProfileColors | Unset):
        fonts (list[BrandingProfileFontsItem] | Unset):
    """

    color_scheme: BrandingProfileColorScheme | Unset = UNSET
    colors: BrandingProfileColors | Unset = UNSET
    fonts: list[BrandingProfileFontsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color_scheme: str | Unset = UNSET
        if not isinstance(self.color_scheme, Unset):
            color_scheme = self.color_scheme.value

        colors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.colors, Unset):
            colors = self.colors.to_dict()

        fonts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fonts, Unset):
            fonts = []
            for fonts_item_data in self.fonts:
                fonts_item = fonts_item_data.to_dict()
                fonts.append(fonts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if color_scheme is not UNSET:
            field_dict["colorScheme"] = color_scheme
        if colors is not UNSET:
            field_dict["colors"] = colors
        if fonts is not UNSET:
            field_dict["fonts"] = fonts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.branding_profile_colors import BrandingProfileColors  # noqa: PLC0415
        from ..models.branding_profile_fonts_item import BrandingProfileFontsItem  # noqa: PLC0415

        d = dict(src_dict)
        _color_scheme = d.pop("colorScheme", UNSET)
        color_scheme: BrandingProfileColorScheme | Unset
        if isinstance(_color_scheme, Unset):
            color_scheme = UNSET
        else:
            color_scheme = BrandingProfileColorScheme(_color_scheme)

        _colors = d.pop("colors", UNSET)
        colors: BrandingProfileColors | Unset
        if isinstance(_colors, Unset):
            colors = UNSET
        else:
            colors = BrandingProfileColors.from_dict(_colors)

        _fonts = d.pop("fonts", UNSET)
        fonts: list[BrandingProfileFontsItem] | Unset = UNSET
        if _fonts is not UNSET:
            fonts = []
            for fonts_item_data in _fonts:
                fonts_item = BrandingProfileFontsItem.from_dict(fonts_item_data)

                fonts.append(fonts_item)

        branding_profile = cls(
            color_scheme=color_scheme,
            colors=colors,
            fonts=fonts,
        )

        branding_profile.additional_properties = d
        return branding_profile

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
