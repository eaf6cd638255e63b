from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.credit_usage_period import CreditUsagePeriod


T = TypeVar("T", bound="HistoricalCreditUsageResponse")


@_attrs_define
class HistoricalCreditUsageResponse:
    """Answer of GET /v2/team/credit-usage/historical.

    Attributes:
        periods (list[CreditUsagePeriod]):
        success (bool):
    """

    periods: list[CreditUsagePeriod]
    success: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        periods = []
        for periods_item_data in self.periods:
            periods_item = periods_item_data.to_dict()
            periods.append(periods_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "periods": periods,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.credit_usage_period import CreditUsagePeriod  # noqa: PLC0415

        d = dict(src_dict)
        periods = []
        _periods = d.pop("periods")
        for periods_item_data in _periods:
            periods_item = CreditUsagePeriod.from_dict(periods_item_data)

            periods.append(periods_item)

        success = d.pop("success")

        historical_credit_usage_response = cls(
            periods=periods,
            success=success,
        )

        historical_credit_usage_response.additional_properties = d
        return historical_credit_usage_response

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
