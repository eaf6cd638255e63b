"""What each thing costs, read once from the bundle's ``x-credits`` (spec/EXTENSIONS.md)."""

from __future__ import annotations

from dataclasses import dataclass

from webdata_server.contract import Contract

__all__ = ["Pricing"]


@dataclass(frozen=True)
class Pricing:
    """Credits per unit of each operation and of each option that changes the price."""

    tokens_per_credit: int
    # operationId -> credits per unit (page, URL, request) of its base cost.
    base: dict[str, int]
    lockdown_hit: int
    lockdown_miss: int
    pdf_base64: int
    pdf_per_page: int
    injection_check: int
    threat_scan: int

    @classmethod
    def from_contract(cls, contract: Contract) -> Pricing:
        lockdown = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "lockdown")}
        parsers = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "parsers")}
        return cls(
            tokens_per_credit=contract.tokens_per_credit,
            base={operation_id: contract.base_credits(operation_id)[0] for operation_id in contract.operations},
            lockdown_hit=lockdown["lockdown-hit"],
            lockdown_miss=lockdown["lockdown-miss"],
            pdf_base64=parsers["pdf-base64"],
            pdf_per_page=parsers["pdf-parsed"],
            injection_check=sum(r.credits for r in contract.option_credits("JsonFormat", "checkPromptInjection")),
            threat_scan=sum(r.credits for r in contract.option_credits("ThreatProtectionOverride", "mode")),
        )
