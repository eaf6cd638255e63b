"""The government index: ten pages of US primary law and regulatory material (statutes, regulations,
agency guidance, cases and an attorney general's opinion), each labelled with its jurisdiction, its
court and court type (cases), the citations it makes and its site, searched with every filter of
``POST /v2/search/gov``.

A filter keeps only the pages labelled with it: ``jurisdiction`` (``us`` federal, ``us-ca``,
``us-ny``), ``court`` (CourtListener ids: ``scotus``, ``ca9``, ``nysd``, ``cal``), ``courtType``,
``domain`` (the page's host or a parent domain of it) and ``cites`` (a printed citation, compared
without case, spaces or ``§``, or a citation id such as ``us:usc:42:1983``). Results rank by the share
of the query's words a page holds (title and description), then by URL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from webdata_server.indexes import rank

__all__ = ["PAGES", "GovQuery", "search"]

# Citation id -> its printed form.
CITATIONS: dict[str, str] = {
    "us:usc:42:1983": "42 U.S.C. § 1983",
    "us:usc:26:162": "26 U.S.C. § 162",
    "us:cfr:21:101": "21 C.F.R. Part 101",
    "us:case:5-us-137": "5 U.S. 137",
    "us:case:365-us-167": "365 U.S. 167",
    "us-ca:civ:1714": "Cal. Civ. Code § 1714",
}


@dataclass(frozen=True)
class Page:
    url: str
    title: str
    description: str
    jurisdiction: str
    cites: tuple[str, ...] = ()  # citation ids
    court: str | None = None
    court_type: str | None = None

    @property
    def host(self) -> str:
        return self.url.split("/")[2]


PAGES: tuple[Page, ...] = (
    Page(
        "https://uscode.example.gov/title42/section1983",
        "42 U.S.C. § 1983 - Civil action for deprivation of rights",
        "Every person who, under color of any statute of any State, subjects a citizen to the deprivation of rights secured by the Constitution shall be liable to the party injured.",
        "us",
    ),
    Page(
        "https://uscode.example.gov/title26/section162",
        "26 U.S.C. § 162 - Trade or business expenses",
        "A deduction is allowed for the ordinary and necessary expenses paid in carrying on a trade or business.",
        "us",
    ),
    Page(
        "https://www.ecfr.example.gov/current/title-21/part-101",
        "21 CFR Part 101 - Food labeling",
        "Food labeling rules: the nutrition facts label, serving sizes, ingredient lists and health claims for packaged food.",
        "us",
    ),
    Page(
        "https://www.irs.example.gov/publications/p535",
        "Publication 535 - Business expenses",
        "How to deduct business expenses under 26 U.S.C. § 162: ordinary and necessary expenses, home office and travel.",
        "us",
        cites=("us:usc:26:162",),
    ),
    Page(
        "https://courtlistener.example.com/opinion/5-us-137/marbury-v-madison/",
        "Marbury v. Madison, 5 U.S. 137 (1803)",
        "The Supreme Court holds that it may review acts of Congress and strike down those that conflict with the Constitution: judicial review.",
        "us",
        court="scotus",
        court_type="federal-supreme",
    ),
    Page(
        "https://courtlistener.example.com/opinion/365-us-167/monroe-v-pape/",
        "Monroe v. Pape, 365 U.S. 167 (1961)",
        "Police officers acting under color of state law may be sued for civil rights violations under 42 U.S.C. § 1983.",
        "us",
        cites=("us:usc:42:1983",),
        court="scotus",
        court_type="federal-supreme",
    ),
    Page(
        "https://courtlistener.example.com/opinion/ca9/2019/doe-v-city-of-oakland/",
        "Doe v. City of Oakland (9th Cir. 2019)",
        "A civil rights claim under 42 U.S.C. § 1983 against a city for a police search; the court of appeals applies Monroe v. Pape.",
        "us",
        cites=("us:usc:42:1983", "us:case:365-us-167"),
        court="ca9",
        court_type="federal-appellate",
    ),
    Page(
        "https://courtlistener.example.com/opinion/nysd/2021/acme-foods-v-fda/",
        "Acme Foods v. FDA (S.D.N.Y. 2021)",
        "A challenge to food labeling rules of 21 CFR Part 101 for health claims on packaged food; the district court upholds the rule.",
        "us",
        cites=("us:cfr:21:101",),
        court="nysd",
        court_type="federal-district",
    ),
    Page(
        "https://leginfo.ca.example.gov/codes/civ/1714",
        "Cal. Civ. Code § 1714 - Responsibility for willful acts and negligence",
        "Everyone is responsible for an injury caused to another by want of ordinary care or skill in the management of property.",
        "us-ca",
    ),
    Page(
        "https://courts.ca.example.gov/opinions/rowland-v-christian",
        "Rowland v. Christian (Cal. 1968)",
        "The California Supreme Court applies Civil Code section 1714 to the duty of care a property owner owes to visitors: negligence.",
        "us-ca",
        cites=("us-ca:civ:1714",),
        court="cal",
        court_type="state-supreme",
    ),
    Page(
        "https://ag.ny.example.gov/opinions/2020-f1",
        "Opinion of the New York Attorney General 2020-F1",
        "The attorney general advises a county on open meetings and public records requests.",
        "us-ny",
        court_type="state-attorney-general",
    ),
)


@dataclass(frozen=True)
class GovQuery:
    query: str
    k: int = 10
    jurisdiction: str | None = None
    court: str | None = None
    court_type: str | None = None
    cites: str | None = None
    domain: str | None = None


def _printed(text: str) -> str:
    return re.sub(r"[\s§.]+", "", text.lower())


def _cites(page: Page, wanted: str) -> bool:
    wanted_id = wanted.strip().lower()
    return any(c == wanted_id or _printed(CITATIONS[c]) == _printed(wanted) for c in page.cites)


def _kept(q: GovQuery, page: Page) -> bool:
    if q.jurisdiction is not None and page.jurisdiction != q.jurisdiction.lower():
        return False
    if q.court is not None and page.court != q.court.lower():
        return False
    if q.court_type is not None and page.court_type != q.court_type:
        return False
    if q.domain is not None:
        domain = q.domain.lower().strip().strip(".")
        if not (page.host == domain or page.host.endswith("." + domain)):
            return False
    return q.cites is None or _cites(page, q.cites)


def search(q: GovQuery) -> dict[str, Any]:
    """The answer of a government index search: ranked pages in ``data.web``."""
    kept = [p for p in PAGES if _kept(q, p)]
    hits = rank(q.query, kept, lambda p: f"{p.title} {p.description}", lambda p: p.url)[: q.k]
    web = [{"url": p.url, "title": p.title, "description": p.description, "position": n} for n, (p, _) in enumerate(hits, start=1)]
    return {"success": True, "data": {"web": web}}
