from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.redact_pii_options_entities_item import RedactPIIOptionsEntitiesItem
from ..models.redact_pii_options_mode import RedactPIIOptionsMode
from ..models.redact_pii_options_replace_style import RedactPIIOptionsReplaceStyle
from ..types import UNSET, Unset

T = TypeVar("T", bound="RedactPIIOptions")


@_attrs_define
class RedactPIIOptions:
    """Tuning of PII redaction.

    Attributes:
        entities (list[RedactPIIOptionsEntitiesItem] | Unset):
        mode (RedactPIIOptionsMode | Unset):
        replace_style (RedactPIIOptionsReplaceStyle | Unset):
    """

    entities: list[RedactPIIOptionsEntitiesItem] | Unset = UNSET
    mode: RedactPIIOptionsMode | Unset = UNSET
    replace_style: RedactPIIOptionsReplaceStyle | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        entities: list[str] | Unset = UNSET
        if not isinstance(self.entities, Unset):
            entities = []
            for entities_item_data in self.entities:
                entities_item = entities_item_data.value
                entities.append(entities_item)

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        replace_style: str | Unset = UNSET
        if not isinstance(self.replace_style, Unset):
            replace_style = self.replace_style.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if entities is not UNSET:
            field_dict["entities"] = entities
        if mode is not UNSET:
            field_dict["mode"] = mode
        if replace_style is not UNSET:
            field_dict["replaceStyle"] = replace_style

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _entities = d.pop("entities", UNSET)
        entities: list[RedactPIIOptionsEntitiesItem] | Unset = UNSET
        if _entities is not UNSET:
            entities = []
            for entities_item_data in _entities:
                entities_item = RedactPIIOptionsEntitiesItem(entities_item_data)

                entities.append(entities_item)

        _mode = d.pop("mode", UNSET)
        mode: RedactPIIOptionsMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = RedactPIIOptionsMode(_mode)

        _replace_style = d.pop("replaceStyle", UNSET)
        replace_style: RedactPIIOptionsReplaceStyle | Unset
        if isinstance(_replace_style, Unset):
            replace_style = UNSET
        else:
            replace_style = RedactPIIOptionsReplaceStyle(_replace_style)

        redact_pii_options = cls(
            entities=entities,
            mode=mode,
            replace_style=replace_style,
        )

        redact_pii_options.additional_properties = d
        return redact_pii_options

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
