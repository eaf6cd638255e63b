from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.json_format_schema_type_0 import JsonFormatSchemaType0


T = TypeVar("T", bound="JsonFormat")


@_attrs_define
class JsonFormat:
    """Structured data extracted from the page.

    Attributes:
        type_ (Literal['json']):
        check_prompt_injection (bool | None | Unset): Scan the content for prompt injection before extraction; a
            detection is 403 SCRAPE_PROMPT_INJECTION_DETECTED. +4 credits when the check runs. Default: False.
        prompt (None | str | Unset): Guides the extraction; null is the same as absent.
        schema (JsonFormatSchemaType0 | None | Unset): JSON Schema of the extracted data; null is the same as absent.
    """

    type_: Literal["json"]
    check_prompt_injection: bool | None | Unset = False
    prompt: None | str | Unset = UNSET
    schema: JsonFormatSchemaType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.json_format_schema_type_0 import JsonFormatSchemaType0  # noqa: PLC0415

        type_ = self.type_

        check_prompt_injection: bool | None | Unset
        if isinstance(self.check_prompt_injection, Unset):
            check_prompt_injection = UNSET
        else:
            check_prompt_injection = self.check_prompt_injection

        prompt: None | str | Unset
        if isinstance(self.prompt, Unset):
            prompt = UNSET
        else:
            prompt = self.prompt

        schema: dict[str, Any] | None | Unset
        if isinstance(self.schema, Unset):
            schema = UNSET
        elif isinstance(self.schema, JsonFormatSchemaType0):
            schema = self.schema.to_dict()
        else:
            schema = self.schema

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
        from ..models.json_format_schema_type_0 import JsonFormatSchemaType0  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["json"], d.pop("type"))
        if type_ != "json":
            raise ValueError(f"type must match const 'json', got '{type_}'")

        def _parse_check_prompt_injection(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        check_prompt_injection = _parse_check_prompt_injection(d.pop("checkPromptInjection", UNSET))

        def _parse_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prompt = _parse_prompt(d.pop("prompt", UNSET))

        def _parse_schema(data: object) -> JsonFormatSchemaType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schema_type_0 = JsonFormatSchemaType0.from_dict(data)

                return schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JsonFormatSchemaType0 | None | Unset, data)

        schema = _parse_schema(d.pop("schema", UNSET))

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
