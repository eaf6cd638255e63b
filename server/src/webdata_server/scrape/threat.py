"""Threat protection (seed §2.5): who may override the team's policy, and the URL scan."""

from __future__ import annotations

from urllib.parse import urlsplit

import webdata_models as models

from webdata_server.domain import Charge, Team
from webdata_server.errors import OverridesDisabled, ProtectionEnforced, ThreatProtectionNotEntitled, UrlBlocked

__all__ = ["check_override", "scan"]


def check_override(team: Team, override: models.ThreatProtectionOverride | None) -> None:
    """An override needs the entitlement and allowed overrides, and cannot turn off an enforced policy."""
    if override is None:
        return
    if not team.tp_enabled:
        raise ThreatProtectionNotEntitled()
    if team.tp_overrides_disabled:
        raise OverridesDisabled()
    if team.tp_enforced and override.mode == "off":
        raise ProtectionEnforced()


def _matches(host: str, patterns: list[models.DomainPattern] | None) -> bool:
    for pattern in patterns or []:
        text = pattern.lower()
        if host == text or (text.startswith("*.") and host.endswith(text[1:])):
            return True
    return False


# The synthetic classifier does not answer for a host whose first label is this one (a fixture, as
# `?ms=` is for a slow page: failurePolicy decides, THREAT-07 of the conformance suite). The
# classifier is down for every host when Settings.threat_classifier_down is set (tests).
UNREACHABLE_LABEL = "classifier-unreachable"


def scan(team: Team, url: str, override: models.ThreatProtectionOverride | None, *, credits: int, classifier_down: bool) -> int:
    """Credits the scan of ``url`` costs; raises :class:`UrlBlocked` (owing the scan, if one ran)."""
    mode = override.mode if override and override.mode else ("normal" if team.tp_enabled and team.tp_enforced else "off")
    host = (urlsplit(url).hostname or "").lower()
    rules = override or models.ThreatProtectionOverride()
    if _matches(host, rules.whitelist):
        return 0  # the whitelist overrides every other rule, the scan included
    if _matches(host, rules.blacklist) or any(host == tld or host.endswith("." + tld) for tld in rules.blocked_tlds or []):
        raise UrlBlocked()
    if mode != "normal":
        return 0
    if classifier_down or host.split(".", 1)[0] == UNREACHABLE_LABEL:
        if (rules.failure_policy or "open") == "closed":
            raise UrlBlocked()
        return 0  # nothing was scanned, so nothing is charged
    score = 95 if ("malware" in host or "phishing" in host) else 10
    threshold = rules.risk_score_threshold if rules.risk_score_threshold is not None else 50
    if score >= threshold:
        raise UrlBlocked().with_charges(Charge("scrapeUrl", credits))
    return credits
