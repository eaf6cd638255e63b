"""What each thing costs, read once from the bundle's ``x-credits`` (spec/EXTENSIONS.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from webdata_server.contract import Contract

__all__ = ["Pricing"]


def _format_rules(contract: Contract) -> list[tuple[str, str, int]]:
    """(format type, when, credits) of every charge on a format's ``type`` (spec/EXTENSIONS.md)."""
    schemas = contract.document["components"]["schemas"]
    found = []
    for ref in schemas["Format"]["discriminator"]["mapping"].values():
        name = ref.rsplit("/", 1)[-1]
        kind = schemas[name]["properties"]["type"]["const"]
        found += [(kind, rule.when, rule.credits) for rule in contract.option_credits(name, "type")]
    return found


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
    # A browser session's credits a minute (billed when it ends): code only, once a prompt ran.
    session_per_minute: int = 2
    prompted_per_minute: int = 7
    # Formats that add to a page's price (format type -> credits), and those that share one
    # charge (question and the deprecated query both fill ``answer``).
    format_extra: dict[str, int] = field(default_factory=dict)
    answer_extra: dict[str, int] = field(default_factory=dict)
    deterministic_json: int = 10

    @classmethod
    def from_contract(cls, contract: Contract) -> Pricing:
        lockdown = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "lockdown")}
        parsers = {r.when: r.credits for r in contract.option_credits("ScrapeOptions", "parsers")}
        formats = _format_rules(contract)
        return cls(
            tokens_per_credit=contract.tokens_per_credit,
            base={operation_id: contract.base_credits(operation_id)[0] for operation_id in contract.operations},
            lockdown_hit=lockdown["lockdown-hit"],
            lockdown_miss=lockdown["lockdown-miss"],
            pdf_base64=parsers["pdf-base64"],
            pdf_per_page=parsers["pdf-parsed"],
            injection_check=sum(r.credits for r in contract.option_credits("JsonFormat", "checkPromptInjection")),
            threat_scan=sum(r.credits for r in contract.option_credits("ThreatProtectionOverride", "mode")),
            session_per_minute=contract.base_credits("createBrowser")[0],
            prompted_per_minute=next(r.credits for r in contract.credits("interactWithScrape") if r.when == "session-prompted"),
            format_extra={kind: credits for kind, when, credits in formats if when == "format-requested" and kind != "deterministicJson"},
            answer_extra={kind: credits for kind, when, credits in formats if when == "answer-requested"},
            deterministic_json=next(credits for kind, _, credits in formats if kind == "deterministicJson"),
        )

    def format_credits(self, kinds: set[str]) -> int:
        """What the formats ``kinds`` add to a page's price: each added format once, and the formats
        filling ``answer`` one charge together."""
        answers = [self.answer_extra[k] for k in kinds if k in self.answer_extra]
        return sum(self.format_extra.get(k, 0) for k in kinds) + (max(answers) if answers else 0)

    def session_credits(self, duration_ms: int, *, prompted: bool) -> int:
        """What a session that lived ``duration_ms`` is billed (spec/EXTENSIONS.md, ``per: minute``):
        prorated (by the millisecond, as the service's calculateBrowserSessionCredits), rounded up to a whole
        credit, at least one minute's credits."""
        rate = self.prompted_per_minute if prompted else self.session_per_minute
        return max(rate, -(-max(0, duration_ms) * rate // 60_000))
