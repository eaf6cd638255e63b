from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_format_schema import JsonFormatSchema


T = TypeVar("T", bound="JsonFormat")


@_attrs_define
class JsonFormat:
    """Structured data extracted from the page.

    Attributes:
        type_ (Literal['json']):
        check_prompt_injection (bool | Unset): Scan the content for prompt injection before extraction; a detection is
            403 SCRAPE_PROMPT_INJECTION_DETECTED. +4 credits when the check runs. Default: False.
        prompt (str | Unset):
        schema (JsonFormatSchema | Unset): JSON Schema of the extracted data.
    """

    type_: Literal["json"]
    check_prompt_injection: bool | Unset = False
    prompt: str | Unset = UNSET
    schema: JsonFormatSchema | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        check_prompt_injection = self.check_prompt_injection

        prompt = self.prompt

        schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.schema, Unset):
            schema = self.schema.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if check_prompt_injection is not UNSET:
            field_dict["checkPromptInjection"] = check_prompt_injection
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if schema is not UNSET:
            field_dict["schema"] = schema

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.json_format_schema import JsonFormatSchema  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["json"], d.pop("type"))
        if type_ != "json":
            raise ValueError(f"type must match const 'json', got '{type_}'")

        check_prompt_injection = d.pop("checkPromptInjection", UNSET)

        prompt = d.pop("prompt", UNSET)

        _schema = d.pop("schema", UNSET)
        schema: JsonFormatSchema | Unset
        if isinstance(_schema, Unset):
            schema = UNSET
        else:
            schema = JsonFormatSchema.from_dict(_schema)

        json_format = cls(
            type_=type_,
            check_prompt_injection=check_prompt_injection,
            prompt=prompt,
            schema=schema,
        )

        json_format.additional_properties = d
        return json_format

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
