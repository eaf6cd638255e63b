from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TokenUsage")


@_attrs_define
class TokenUsage:
    """Tokens of the current billing period; one credit equals 15 tokens, all endpoints counted.

    Attributes:
        billing_period_end (datetime.datetime):
        billing_period_start (datetime.datetime):
        plan_tokens (int):
        remaining_tokens (int):
    """

    billing_period_end: datetime.datetime
    billing_period_start: datetime.datetime
    plan_tokens: int
    remaining_tokens: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        billing_period_end = self.billing_period_end.isoformat()

        billing_period_start = self.billing_period_start.isoformat()

        plan_tokens = self.plan_tokens

        remaining_tokens = self.remaining_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "billingPeriodEnd": billing_period_end,
                "billingPeriodStart": billing_period_start,
                "planTokens": plan_tokens,
                "remainingTokens": remaining_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        billing_period_end = datetime.datetime.fromisoformat(d.pop("billingPeriodEnd"))

        billing_period_start = datetime.datetime.fromisoformat(d.pop("billingPeriodStart"))

        plan_tokens = d.pop("planTokens")

        remaining_tokens = d.pop("remainingTokens")

        token_usage = cls(
            billing_period_end=billing_period_end,
            billing_period_start=billing_period_start,
            plan_tokens=plan_tokens,
            remaining_tokens=remaining_tokens,
        )

        token_usage.additional_properties = d
        return token_usage

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
