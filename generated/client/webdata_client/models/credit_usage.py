from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CreditUsage")


@_attrs_define
class CreditUsage:
    """Credits of the current billing period (the token usage divided by 15, rounded down).

    Attributes:
        billing_period_end (datetime.datetime):
        billing_period_start (datetime.datetime):
        plan_credits (int):
        remaining_credits (int):
    """

    billing_period_end: datetime.datetime
    billing_period_start: datetime.datetime
    plan_credits: int
    remaining_credits: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        billing_period_end = self.billing_period_end.isoformat()

        billing_period_start = self.billing_period_start.isoformat()

        plan_credits = self.plan_credits

        remaining_credits = self.remaining_credits

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "billingPeriodEnd": billing_period_end,
                "billingPeriodStart": billing_period_start,
                "planCredits": plan_credits,
                "remainingCredits": remaining_credits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        billing_period_end = datetime.datetime.fromisoformat(d.pop("billingPeriodEnd"))

        billing_period_start = datetime.datetime.fromisoformat(d.pop("billingPeriodStart"))

        plan_credits = d.pop("planCredits")

        remaining_credits = d.pop("remainingCredits")

        credit_usage = cls(
            billing_period_end=billing_period_end,
            billing_period_start=billing_period_start,
            plan_credits=plan_credits,
            remaining_credits=remaining_credits,
        )

        credit_usage.additional_properties = d
        return credit_usage

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
