from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreditUsagePeriod")


@_attrs_define
class CreditUsagePeriod:
    """Credits used in one calendar month, optionally by one API key.

    Attributes:
        credits_used (int): Same value as totalCredits; a compatibility field firecrawl-py requires.
        end_date (datetime.datetime):
        start_date (datetime.datetime):
        total_credits (int):
        api_key (str | Unset): Identifier of the API key the usage belongs to (seed §2.8); present when broken down by
            key. A stable public identifier (`key_…`), never the secret key itself.
    """

    credits_used: int
    end_date: datetime.datetime
    start_date: datetime.datetime
    total_credits: int
    api_key: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_used = self.credits_used

        end_date = self.end_date.isoformat()

        start_date = self.start_date.isoformat()

        total_credits = self.total_credits

        api_key = self.api_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "creditsUsed": credits_used,
                "endDate": end_date,
                "startDate": start_date,
                "totalCredits": total_credits,
            }
        )
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        credits_used = d.pop("creditsUsed")

        end_date = datetime.datetime.fromisoformat(d.pop("endDate"))

        start_date = datetime.datetime.fromisoformat(d.pop("startDate"))

        total_credits = d.pop("totalCredits")

        api_key = d.pop("apiKey", UNSET)

        credit_usage_period = cls(
            credits_used=credits_used,
            end_date=end_date,
            start_date=start_date,
            total_credits=total_credits,
            api_key=api_key,
        )

        credit_usage_period.additional_properties = d
        return credit_usage_period

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
