from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.change_tracking_format_modes_item import ChangeTrackingFormatModesItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.change_tracking_format_schema import ChangeTrackingFormatSchema


T = TypeVar("T", bound="ChangeTrackingFormat")


@_attrs_define
class ChangeTrackingFormat:
    """Differences against the previous cached version of the same URL and tag.

    Attributes:
        type_ (Literal['changeTracking']):
        modes (list[ChangeTrackingFormatModesItem] | Unset):
        prompt (str | Unset): Used in json mode; a default prompt applies when omitted.
        schema (ChangeTrackingFormatSchema | Unset): Used in json mode.
        tag (None | str | Unset): Separates tracking history into branches.
    """

    type_: Literal["changeTracking"]
    modes: list[ChangeTrackingFormatModesItem] | Unset = UNSET
    prompt: str | Unset = UNSET
    schema: ChangeTrackingFormatSchema | Unset = UNSET
    tag: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        modes: list[str] | Unset = UNSET
        if not isinstance(self.modes, Unset):
            modes = []
            for modes_item_data in self.modes:
                modes_item = modes_item_data.value
                modes.append(modes_item)

        prompt = self.prompt

        schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.schema, Unset):
            schema = self.schema.to_dict()

        tag: None | str | Unset
        if isinstance(self.tag, Unset):
            tag = UNSET
        else:
            tag = self.tag

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if modes is not UNSET:
            field_dict["modes"] = modes
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if schema is not UNSET:
            field_dict["schema"] = schema
        if tag is not UNSET:
            field_dict["tag"] = tag

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.change_tracking_format_schema import ChangeTrackingFormatSchema  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["changeTracking"], d.pop("type"))
        if type_ != "changeTracking":
            raise ValueError(f"type must match const 'changeTracking', got '{type_}'")

        _modes = d.pop("modes", UNSET)
        modes: list[ChangeTrackingFormatModesItem] | Unset = UNSET
        if _modes is not UNSET:
            modes = []
            for modes_item_data in _modes:
                modes_item = ChangeTrackingFormatModesItem(modes_item_data)

                modes.append(modes_item)

        prompt = d.pop("prompt", UNSET)

        _schema = d.pop("schema", UNSET)
        schema: ChangeTrackingFormatSchema | Unset
        if isinstance(_schema, Unset):
            schema = UNSET
        else:
            schema = ChangeTrackingFormatSchema.from_dict(_schema)

        def _parse_tag(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag = _parse_tag(d.pop("tag", UNSET))

        change_tracking_format = cls(
            type_=type_,
            modes=modes,
            prompt=prompt,
            schema=schema,
            tag=tag,
        )

        change_tracking_format.additional_properties = d
        return change_tracking_format

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
