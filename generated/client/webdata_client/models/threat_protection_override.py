from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.threat_protection_override_failure_policy import ThreatProtectionOverrideFailurePolicy
from ..models.threat_protection_override_mode import ThreatProtectionOverrideMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="ThreatProtectionOverride")


@_attrs_define
class ThreatProtectionOverride:
    """Per-request override of the team's threat-protection policy; supplied fields replace the team's
    for this request only. Needs Threat Protection enabled for the team and overrides allowed (403 otherwise).

        Attributes:
            blacklist (list[str] | Unset): Domains always blocked.
            blocked_tlds (list[str] | Unset): Top-level domains blocked, lowercase with no leading dot.
            failure_policy (ThreatProtectionOverrideFailurePolicy | Unset): When the classifier is unreachable, closed
                blocks and open allows.
            mode (ThreatProtectionOverrideMode | Unset): normal checks each URL against a URL reputation service at +2
                credits per URL; may not be off when protection is enforced.
            risk_score_threshold (int | Unset): A classifier verdict at or above it blocks the URL; lower is stricter.
            whitelist (list[str] | Unset): Domains always allowed; overrides every other rule.
    """

    blacklist: list[str] | Unset = UNSET
    blocked_tlds: list[str] | Unset = UNSET
    failure_policy: ThreatProtectionOverrideFailurePolicy | Unset = UNSET
    mode: ThreatProtectionOverrideMode | Unset = UNSET
    risk_score_threshold: int | Unset = UNSET
    whitelist: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        blacklist: list[str] | Unset = UNSET
        if not isinstance(self.blacklist, Unset):
            blacklist = self.blacklist

        blocked_tlds: list[str] | Unset = UNSET
        if not isinstance(self.blocked_tlds, Unset):
            blocked_tlds = self.blocked_tlds

        failure_policy: str | Unset = UNSET
        if not isinstance(self.failure_policy, Unset):
            failure_policy = self.failure_policy.value

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        risk_score_threshold = self.risk_score_threshold

        whitelist: list[str] | Unset = UNSET
        if not isinstance(self.whitelist, Unset):
            whitelist = self.whitelist

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if blacklist is not UNSET:
            field_dict["blacklist"] = blacklist
        if blocked_tlds is not UNSET:
            field_dict["blockedTlds"] = blocked_tlds
        if failure_policy is not UNSET:
            field_dict["failurePolicy"] = failure_policy
        if mode is not UNSET:
            field_dict["mode"] = mode
        if risk_score_threshold is not UNSET:
            field_dict["riskScoreThreshold"] = risk_score_threshold
        if whitelist is not UNSET:
            field_dict["whitelist"] = whitelist

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        blacklist = cast(list[str], d.pop("blacklist", UNSET))

        blocked_tlds = cast(list[str], d.pop("blockedTlds", UNSET))

        _failure_policy = d.pop("failurePolicy", UNSET)
        failure_policy: ThreatProtectionOverrideFailurePolicy | Unset
        if isinstance(_failure_policy, Unset):
            failure_policy = UNSET
        else:
            failure_policy = ThreatProtectionOverrideFailurePolicy(_failure_policy)

        _mode = d.pop("mode", UNSET)
        mode: ThreatProtectionOverrideMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ThreatProtectionOverrideMode(_mode)

        risk_score_threshold = d.pop("riskScoreThreshold", UNSET)

        whitelist = cast(list[str], d.pop("whitelist", UNSET))

        threat_protection_override = cls(
            blacklist=blacklist,
            blocked_tlds=blocked_tlds,
            failure_policy=failure_policy,
            mode=mode,
            risk_score_threshold=risk_score_threshold,
            whitelist=whitelist,
        )

        threat_protection_override.additional_properties = d
        return threat_protection_override

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
