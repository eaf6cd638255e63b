from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scrape_job_status import ScrapeJobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document import Document


T = TypeVar("T", bound="JobStatusResponse")


@_attrs_define
class JobStatusResponse:
    """State and documents of a batch scrape or crawl.

    Attributes:
        completed (int):
        credits_used (int):
        data (list[Document]):
        status (ScrapeJobStatus): State of a batch scrape or crawl.
        success (bool):
        total (int):
        expires_at (datetime.datetime | Unset):
        next_ (None | str | Unset): URL of the next page of documents.
    """

    completed: int
    credits_used: int
    data: list[Document]
    status: ScrapeJobStatus
    success: bool
    total: int
    expires_at: datetime.datetime | Unset = UNSET
    next_: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        completed = self.completed

        credits_used = self.credits_used

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        status = self.status.value

        success = self.success

        total = self.total

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        next_: None | str | Unset
        if isinstance(self.next_, Unset):
            next_ = UNSET
        else:
            next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed": completed,
                "creditsUsed": credits_used,
                "data": data,
                "status": status,
                "success": success,
                "total": total,
            }
        )
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if next_ is not UNSET:
            field_dict["next"] = next_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document import Document  # noqa: PLC0415

        d = dict(src_dict)
        completed = d.pop("completed")

        credits_used = d.pop("creditsUsed")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Document.from_dict(data_item_data)

            data.append(data_item)

        status = ScrapeJobStatus(d.pop("status"))

        success = d.pop("success")

        total = d.pop("total")

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        def _parse_next_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_ = _parse_next_(d.pop("next", UNSET))

        job_status_response = cls(
            completed=completed,
            credits_used=credits_used,
            data=data,
            status=status,
            success=success,
            total=total,
            expires_at=expires_at,
            next_=next_,
        )

        job_status_response.additional_properties = d
        return job_status_response

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
