from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extract_job_status import ExtractJobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extract_status_response_sources import ExtractStatusResponseSources


T = TypeVar("T", bound="ExtractStatusResponse")


@_attrs_define
class ExtractStatusResponse:
    """An extract job's state and result.

    Attributes:
        status (ExtractJobStatus): State of an extract job.
        success (bool):
        credits_used (int | Unset):
        data (Any | Unset): The extracted data
        error (str | Unset):
        expires_at (datetime.datetime | Unset):
        id (str | Unset):
        sources (ExtractStatusResponseSources | Unset): Sources used per extracted field; present when showSources was
            true.
        tokens_used (int | Unset):
        warning (str | Unset):
    """

    status: ExtractJobStatus
    success: bool
    credits_used: int | Unset = UNSET
    data: Any | Unset = UNSET
    error: str | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    id: str | Unset = UNSET
    sources: ExtractStatusResponseSources | Unset = UNSET
    tokens_used: int | Unset = UNSET
    warning: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        success = self.success

        credits_used = self.credits_used

        data = self.data

        error = self.error

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        id = self.id

        sources: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sources, Unset):
            sources = self.sources.to_dict()

        tokens_used = self.tokens_used

        warning = self.warning

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "success": success,
            }
        )
        if credits_used is not UNSET:
            field_dict["creditsUsed"] = credits_used
        if data is not UNSET:
            field_dict["data"] = data
        if error is not UNSET:
            field_dict["error"] = error
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at
        if id is not UNSET:
            field_dict["id"] = id
        if sources is not UNSET:
            field_dict["sources"] = sources
        if tokens_used is not UNSET:
            field_dict["tokensUsed"] = tokens_used
        if warning is not UNSET:
            field_dict["warning"] = warning

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.extract_status_response_sources import ExtractStatusResponseSources  # noqa: PLC0415

        d = dict(src_dict)
        status = ExtractJobStatus(d.pop("status"))

        success = d.pop("success")

        credits_used = d.pop("creditsUsed", UNSET)

        data = d.pop("data", UNSET)

        error = d.pop("error", UNSET)

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        id = d.pop("id", UNSET)

        _sources = d.pop("sources", UNSET)
        sources: ExtractStatusResponseSources | Unset
        if isinstance(_sources, Unset):
            sources = UNSET
        else:
            sources = ExtractStatusResponseSources.from_dict(_sources)

        tokens_used = d.pop("tokensUsed", UNSET)

        warning = d.pop("warning", UNSET)

        extract_status_response = cls(
            status=status,
            success=success,
            credits_used=credits_used,
            data=data,
            error=error,
            expires_at=expires_at,
            id=id,
            sources=sources,
            tokens_used=tokens_used,
            warning=warning,
        )

        extract_status_response.additional_properties = d
        return extract_status_response

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
