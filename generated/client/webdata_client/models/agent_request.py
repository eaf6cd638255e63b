from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_request_schema import AgentRequestSchema
    from ..models.audit_metadata import AuditMetadata
    from ..models.threat_protection_override import ThreatProtectionOverride


T = TypeVar("T", bound="AgentRequest")


@_attrs_define
class AgentRequest:
    """Body of POST /v2/agent.

    Attributes:
        prompt (str):
        audit_metadata (AuditMetadata | Unset): Audit information attached to the request.
        max_credits (int | Unset):
        model (str | Unset):
        schema (AgentRequestSchema | Unset):
        strict_constrain_to_ur_ls (bool | Unset):  Default: False.
        threat_protection (ThreatProtectionOverride | Unset): Per-request override of the team's threat-protection
            policy; supplied fields replace the team's
            for this request only. Needs Threat Protection enabled for the team and overrides allowed (403 otherwise).
        urls (list[str] | Unset):
    """

    prompt: str
    audit_metadata: AuditMetadata | Unset = UNSET
    max_credits: int | Unset = UNSET
    model: str | Unset = UNSET
    schema: AgentRequestSchema | Unset = UNSET
    strict_constrain_to_ur_ls: bool | Unset = False
    threat_protection: ThreatProtectionOverride | Unset = UNSET
    urls: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        prompt = self.prompt

        audit_metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audit_metadata, Unset):
            audit_metadata = self.audit_metadata.to_dict()

        max_credits = self.max_credits

        model = self.model

        schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.schema, Unset):
            schema = self.schema.to_dict()

        strict_constrain_to_ur_ls = self.strict_constrain_to_ur_ls

        threat_protection: dict[str, Any] | Unset = UNSET
        if not isinstance(self.threat_protection, Unset):
            threat_protection = self.threat_protection.to_dict()

        urls: list[str] | Unset = UNSET
        if not isinstance(self.urls, Unset):
            urls = self.urls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "prompt": prompt,
            }
        )
        if audit_metadata is not UNSET:
            field_dict["auditMetadata"] = audit_metadata
        if max_credits is not UNSET:
            field_dict["maxCredits"] = max_credits
        if model is not UNSET:
            field_dict["model"] = model
        if schema is not UNSET:
            field_dict["schema"] = schema
        if strict_constrain_to_ur_ls is not UNSET:
            field_dict["strictConstrainToURLs"] = strict_constrain_to_ur_ls
        if threat_protection is not UNSET:
            field_dict["threatProtection"] = threat_protection
        if urls is not UNSET:
            field_dict["urls"] = urls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.agent_request_schema import AgentRequestSchema  # noqa: PLC0415
        from ..models.audit_metadata import AuditMetadata  # noqa: PLC0415
        from ..models.threat_protection_override import ThreatProtectionOverride  # noqa: PLC0415

        d = dict(src_dict)
        prompt = d.pop("prompt")

        _audit_metadata = d.pop("auditMetadata", UNSET)
        audit_metadata: AuditMetadata | Unset
        if isinstance(_audit_metadata, Unset):
            audit_metadata = UNSET
        else:
            audit_metadata = AuditMetadata.from_dict(_audit_metadata)

        max_credits = d.pop("maxCredits", UNSET)

        model = d.pop("model", UNSET)

        _schema = d.pop("schema", UNSET)
        schema: AgentRequestSchema | Unset
        if isinstance(_schema, Unset):
            schema = UNSET
        else:
            schema = AgentRequestSchema.from_dict(_schema)

        strict_constrain_to_ur_ls = d.pop("strictConstrainToURLs", UNSET)

        _threat_protection = d.pop("threatProtection", UNSET)
        threat_protection: ThreatProtectionOverride | Unset
        if isinstance(_threat_protection, Unset):
            threat_protection = UNSET
        else:
            threat_protection = ThreatProtectionOverride.from_dict(_threat_protection)

        urls = cast(list[str], d.pop("urls", UNSET))

        agent_request = cls(
            prompt=prompt,
            audit_metadata=audit_metadata,
            max_credits=max_credits,
            model=model,
            schema=schema,
            strict_constrain_to_ur_ls=strict_constrain_to_ur_ls,
            threat_protection=threat_protection,
            urls=urls,
        )

        agent_request.additional_properties = d
        return agent_request

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
