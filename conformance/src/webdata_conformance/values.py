"""Values the seed allows where the contract's patterns say less, for the valid requests the suite
generates (hooks.map_case): a location's country is an ISO 3166-1 alpha-2 code (seed §2.2.2;
the pattern ``^[A-Z]{2}$`` also admits "AA", which the service refuses with "Invalid country
code") and its languages are real language tags.

The codes are the ones the service accepts (``countries`` of apps/api/src/lib/validate-country.ts in
its public source: ISO 3166-1 alpha-2 and XK), each with the first language listed for it (a country
with none lists English here).
"""

from __future__ import annotations

from typing import Any

__all__ = ["COUNTRIES", "LANGUAGES", "realistic"]

# "CODE:language", space-separated.
_TABLE = (
    "AD:ca AE:ar AF:ps AG:en AI:en AL:sq AM:hy AO:pt AQ:en AR:es AS:en AT:de AU:en AW:nl AX:sv AZ:az "
    "BA:bs BB:en BD:bn BE:nl BF:fr BG:bg BH:ar BI:fr BJ:fr BL:fr BM:en BN:ms BO:es BQ:nl BR:pt BS:en "
    "BT:dz BV:no BW:en BY:be BZ:en CA:en CC:en CD:fr CF:fr CG:fr CH:de CI:fr CK:en CL:es CM:en CN:zh "
    "CO:es CR:es CU:es CV:pt CW:nl CX:en CY:el CZ:cs DE:de DJ:fr DK:da DM:en DO:es DZ:ar EC:es EE:et "
    "EG:ar EH:es ER:ti ES:es ET:am FI:fi FJ:en FK:en FM:en FO:fo FR:fr GA:fr GB:en GD:en GE:ka GF:fr "
    "GG:en GH:en GI:en GL:kl GM:en GN:fr GP:fr GQ:es GR:el GS:en GT:es GU:en GW:pt GY:en HK:zh HM:en "
    "HN:es HR:hr HT:fr HU:hu ID:id IE:ga IL:he IM:en IN:hi IO:en IQ:ar IR:fa IS:is IT:it JE:en JM:en "
    "JO:ar JP:ja KE:en KG:ky KH:km KI:en KM:ar KN:en KP:ko KR:ko KW:ar KY:en KZ:kk LA:lo LB:ar LC:en "
    "LI:de LK:si LR:en LS:en LT:lt LU:fr LV:lv LY:ar MA:ar MC:fr MD:ro ME:sr MF:en MG:fr MH:en MK:mk "
    "ML:fr MM:my MN:mn MO:zh MP:en MQ:fr MR:ar MS:en MT:mt MU:en MV:dv MW:en MX:es MY:ms MZ:pt NA:en "
    "NC:fr NE:fr NF:en NG:en NI:es NL:nl NO:no NP:ne NR:en NU:en NZ:en OM:ar PA:es PE:es PF:fr PG:en "
    "PH:en PK:en PL:pl PM:fr PN:en PR:es PS:ar PT:pt PW:en PY:es QA:ar RE:fr RO:ro RS:sr RU:ru RW:rw "
    "SA:ar SB:en SC:fr SD:ar SE:sv SG:en SH:en SI:sl SJ:no SK:sk SL:en SM:it SN:fr SO:so SR:nl SS:en "
    "ST:pt SV:es SX:nl SY:ar SZ:en TC:en TD:fr TF:fr TG:fr TH:th TJ:tg TK:en TL:pt TM:tk TN:ar TO:en "
    "TR:tr TT:en TV:en TW:zh TZ:sw UA:uk UG:en UM:en US:en UY:es UZ:uz VA:it VC:en VE:es VG:en VI:en "
    "VN:vi VU:bi WF:fr WS:sm XK:sq YE:ar YT:fr ZA:af ZM:en ZW:en "
)
COUNTRIES: dict[str, str] = dict(pair.split(":") for pair in _TABLE.split())
"""ISO 3166-1 alpha-2 code -> the first language spoken there."""
LANGUAGES: tuple[str, ...] = tuple(sorted({f"{language}-{code}" for code, language in COUNTRIES.items()} | set(COUNTRIES.values())))
"""Language tags (BCP 47): each language alone, and with each country it is spoken in."""
_CODES = tuple(sorted(COUNTRIES))


def _pick(options: tuple[str, ...], seed: Any) -> str:
    """One of ``options``, chosen by the generated value it replaces (so a run stays a function of its seed)."""
    return options[sum(map(ord, str(seed))) % len(options)]


def realistic(node: Any) -> Any:
    """``node`` with every location object's country a real code and its languages real tags,
    anywhere in a request body; values already real are kept."""
    if isinstance(node, list):
        return [realistic(item) for item in node]
    if not isinstance(node, dict):
        return node
    found = {name: realistic(value) for name, value in node.items()}
    location = found.get("location")
    if isinstance(location, dict):
        location = dict(location)
        country = location.get("country")
        if isinstance(country, str) and country not in COUNTRIES:
            location["country"] = _pick(_CODES, country)
        languages = location.get("languages")
        if isinstance(languages, list):
            location["languages"] = [tag if tag in LANGUAGES else _pick(LANGUAGES, tag) for tag in languages]
        found["location"] = location
    return found
