from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scrape_forbidden_error_code import ScrapeForbiddenErrorCode

T = TypeVar("T", bound="ScrapeForbiddenError")


@_attrs_define
class ScrapeForbiddenError:
    """A coded 403 of prompt-injection checks and threat protection.

    Attributes:
        code (ScrapeForbiddenErrorCode):
        error (str):
        success (bool):
    """

    code: ScrapeForbiddenErrorCode
    error: str
    success: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        error = self.error

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "error": error,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ScrapeForbiddenErrorCode(d.pop("code"))

        error = d.pop("error")

        success = d.pop("success")

        scrape_forbidden_error = cls(
            code=code,
            error=error,
            success=success,
        )

        scrape_forbidden_error.additional_properties = d
        return scrape_forbidden_error

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
