from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.credit_usage import CreditUsage


T = TypeVar("T", bound="CreditUsageResponse")


@_attrs_define
class CreditUsageResponse:
    """Answer of GET /v2/team/credit-usage.

    Attributes:
        data (CreditUsage): Credits of the current billing period (the token usage divided by 15, rounded down).
        success (bool):
    """

    data: CreditUsage
    success: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.credit_usage import CreditUsage  # noqa: PLC0415

        d = dict(src_dict)
        data = CreditUsage.from_dict(d.pop("data"))

        success = d.pop("success")

        credit_usage_response = cls(
            data=data,
            success=success,
        )

        credit_usage_response.additional_properties = d
        return credit_usage_response

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
