from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.agent_job_status import AgentJobStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="AgentStatusResponse")


@_attrs_define
class AgentStatusResponse:
    """An agent job's state and result.

    Attributes:
        status (AgentJobStatus): State of an agent job.
        success (bool):
        credits_used (int | Unset):
        data (Any | Unset): The gathered data.
        error (str | Unset):
        expires_at (datetime.datetime | Unset):
        id (UUID | Unset):
        model (str | Unset):
    """

    status: AgentJobStatus
    success: bool
    credits_used: int | Unset = UNSET
    data: Any | Unset = UNSET
    error: str | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    id: UUID | Unset = UNSET
    model: str | Unset = UNSET
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

        id: str | Unset = UNSET
        if not isinstance(self.id, Unset):
            id = str(self.id)

        model = self.model

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
        if model is not UNSET:
            field_dict["model"] = model

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = AgentJobStatus(d.pop("status"))

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

        _id = d.pop("id", UNSET)
        id: UUID | Unset
        if isinstance(_id, Unset):
            id = UNSET
        else:
            id = UUID(_id)

        model = d.pop("model", UNSET)

        agent_status_response = cls(
            status=status,
            success=success,
            credits_used=credits_used,
            data=data,
            error=error,
            expires_at=expires_at,
            id=id,
            model=model,
        )

        agent_status_response.additional_properties = d
        return agent_status_response

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
