"""The specialised indexes (:mod:`webdata_server.indexes`): developer and government search (POST,
2 credits per ten results) and the research paper index (GET, free), read as the service's
research controllers read them: strict (an unknown key is refused), numbers coerced as JavaScript's
``Number`` coerces text, one text where a list is taken read as a list of one. The research index's
GitHub search was removed: it answers 410 with the removal notice.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import webdata_models as models

from webdata_server.contract import Contract
from webdata_server.domain import Charge, now_utc
from webdata_server.errors import InvalidRequest, PaperNotFound, SearchRemoved, issue
from webdata_server.resources.base import Call, Context, Operation, Pending

if TYPE_CHECKING:
    from webdata_server.indexes import papers

# Each index (its texts and tables: ~6 ms) is loaded by its first search, not with the server.

__all__ = ["OPERATIONS", "js_number"]

_CREDITS_PER_TEN = 2
# The parameters every research controller takes beside its own (commonQuery).
_COMMON = {"origin": False, "integration": False}
_JS_DECIMAL = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_JS_RADIX = re.compile(r"^0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)$")


def js_number(value: Any) -> float:
    """``Number(value)`` as JavaScript computes it for text and numbers (NaN for what it cannot read)."""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float):
        return float(value)
    if not isinstance(value, str):
        return math.nan
    text = value.strip(" \t\n\r\v\f\u00a0\ufeff")
    if not text:
        return 0.0
    if text in ("Infinity", "+Infinity"):
        return math.inf
    if text == "-Infinity":
        return -math.inf
    if _JS_DECIMAL.match(text):
        return float(text)
    if _JS_RADIX.match(text):
        return float(int(text, 0))
    return math.nan


def _count(name: str, value: Any, *, minimum: int, maximum: int | None) -> int | None:
    """A coerced whole number in bounds (the service's ``z.coerce.number().int()`` with its bounds)."""
    if value is None:
        return None
    number = js_number(value)
    if math.isnan(number):
        raise InvalidRequest(details=[issue([name], "Expected number, received nan", "invalid_type", expected="number", received="nan")])
    if math.isinf(number) or number != int(number):
        raise InvalidRequest(details=[issue([name], "Expected integer, received float", "invalid_type", expected="integer", received="float")])
    if number < minimum:
        raise InvalidRequest(
            details=[issue([name], f"Number must be greater than {'or equal to ' if minimum == 0 else ''}{minimum if minimum == 0 else 0}", "too_small")]
        )
    if maximum is not None and number > maximum:
        raise InvalidRequest(details=[issue([name], f"Number must be less than or equal to {maximum}", "too_big")])
    return int(number)


def _texts(value: Any) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _flag(value: Any) -> bool | None:
    return None if value is None else value is True or value == "true"


def _answer(ctx: Context, call: Call, answer: dict[str, Any], results: int) -> Any:
    """``answer``, after the write that charges 2 credits per ten results (none for none): a unit of
    the scrape pipeline's writer with no scrape in it."""
    credits = math.ceil(results / 10) * _CREDITS_PER_TEN
    if credits == 0:
        return answer
    recorded = ctx.scraper.record_many(call.caller, [], [Charge(call.operation_id, credits)], now_utc())
    return Pending(recorded, lambda _: answer)


def _developer(ctx: Context, call: Call, raw: dict[str, Any]) -> Any:
    """A developer search of ``raw``'s values (a body's fields or the query's parameters), charged."""
    from webdata_server.indexes import developer

    query = developer.DeveloperQuery(
        query=str(raw["query"]),
        k=_count("k", raw.get("k"), minimum=1, maximum=100) or 10,
        passages=_count("passages", raw.get("passages"), minimum=1, maximum=5) or 1,
        types=_texts(raw.get("types")),
        repos=_texts(raw.get("repos")),
        sources=_texts(raw.get("sources")),
        language=raw.get("language"),
        topic=_texts(raw.get("topic")),
        license=raw.get("license"),
        min_stars=_count("min_stars", raw.get("min_stars"), minimum=0, maximum=None),
        max_stars=_count("max_stars", raw.get("max_stars"), minimum=0, maximum=None),
        archived=_flag(raw.get("archived")),
        fork=_flag(raw.get("fork")),
        skills=raw.get("skills"),
    )
    answer = developer.search(query)
    return _answer(ctx, call, answer, len(answer["results"]))


def search_developer(ctx: Context, call: Call) -> Any:
    body: models.DeveloperSearchRequest = call.body
    return _developer(ctx, call, body.model_dump(by_alias=True, exclude_none=True))


def _gov(ctx: Context, call: Call, raw: dict[str, Any]) -> Any:
    """A government index search of ``raw``'s values, charged."""
    from webdata_server.indexes import gov

    query = gov.GovQuery(
        query=str(raw["query"]),
        k=_count("k", raw.get("k"), minimum=1, maximum=100) or 10,
        jurisdiction=raw.get("jurisdiction"),
        court=raw.get("court"),
        court_type=raw.get("courtType"),
        cites=raw.get("cites"),
        domain=raw.get("domain"),
    )
    answer = gov.search(query)
    return _answer(ctx, call, answer, len(answer["data"]["web"]))


def search_gov(ctx: Context, call: Call) -> Any:
    body: models.GovSearchRequest = call.body
    return _gov(ctx, call, body.model_dump(by_alias=True, exclude_none=True))


def _one_of(params: Mapping[str, Any], name: str, values: tuple[str, ...]) -> None:
    value = params.get(name)
    if value is not None and value not in values:
        listed = " | ".join(repr(v) for v in values)
        raise InvalidRequest(details=[issue([name], f"Invalid enum value. Expected {listed}, received {value!r}", "invalid_enum_value")])


@functools.cache
def _query_schema(contract: Contract, operation_id: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(name, schema) of each query parameter the contract gives the operation, in its order."""
    parameters = (contract.resolve(p) for p in contract.operations[operation_id].get("parameters", []))
    return tuple((p["name"], p.get("schema", {})) for p in parameters if p.get("in") == "query")


def _query(ctx: Context, call: Call) -> dict[str, Any]:
    """The query of an index search whose fields sit in the query (its GET form), read as the
    contract lists its parameters: unknown ones refused, lists by repeating, a required ``query``,
    no blank text where the contract wants one, enums as the contract names them."""
    schema = _query_schema(ctx.contract, call.operation_id)
    params = _params(call, {name: parameter.get("type") == "array" for name, parameter in schema})
    params["query"] = _required_text(params, "query")
    _not_blank(params, *(name for name, parameter in schema if parameter.get("minLength", 0) >= 1))
    for name, parameter in schema:
        if "enum" in parameter:
            _one_of(params, name, tuple(parameter["enum"]))
    return params


def _not_blank(params: Mapping[str, Any], *names: str) -> None:
    for name in names:
        if params.get(name) == "":
            raise InvalidRequest(details=[issue([name], "String must contain at least 1 character(s)", "too_small")])


def search_developer_by_query(ctx: Context, call: Call) -> Any:
    """The developer search with its fields in the query, as firecrawl-mcp sends it."""
    return _developer(ctx, call, _query(ctx, call))


def search_gov_by_query(ctx: Context, call: Call) -> Any:
    """The government index search with its fields in the query."""
    return _gov(ctx, call, _query(ctx, call))


def _params(call: Call, allowed: dict[str, bool]) -> dict[str, Any]:
    """The query's parameters (a list where ``allowed`` says it takes several), strict as the service's
    schema: an unknown one is refused, with the service's zod issue."""
    items = call.query.multi_items() if hasattr(call.query, "multi_items") else list(call.query.items())
    params: dict[str, Any] = {}
    unknown: list[str] = []
    for key, value in items:
        if key not in allowed:
            unknown.append(key)
        elif allowed[key]:
            params.setdefault(key, []).append(value)
        else:
            # A repeated single parameter is a list to the service, which its schema refuses.
            if key in params:
                raise InvalidRequest(details=[issue([key], "Expected string, received array", "invalid_type", expected="string", received="array")])
            params[key] = value
    if unknown:
        raise InvalidRequest(
            details=[
                issue(
                    [],
                    f"Unrecognized key(s) in object: {', '.join(repr(k) for k in dict.fromkeys(unknown))}",
                    "unrecognized_keys",
                    keys=list(dict.fromkeys(unknown)),
                )
            ]
        )
    return params


def _required_text(params: Mapping[str, Any], name: str) -> str:
    value = params.get(name)
    if value is None:
        raise InvalidRequest(details=[issue([name], "Required", "invalid_type", expected="string", received="undefined")])
    if value == "":
        raise InvalidRequest(details=[issue([name], "String must contain at least 1 character(s)", "too_small")])
    return str(value)


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _date(params: Mapping[str, Any], name: str) -> str | None:
    value = params.get(name)
    if value is not None and not _DATE.match(value):
        raise InvalidRequest(details=[issue([name], "Invalid", "invalid_string", validation="regex")])
    return value


def search_papers(ctx: Context, call: Call) -> Any:
    from webdata_server.indexes import papers

    params = _params(call, {"query": False, "k": False, "authors": True, "categories": True, "from": False, "to": False, "sort": False, **_COMMON})
    query = _required_text(params, "query")
    sort = params.get("sort")
    if sort is not None and sort not in ("relevance", "date_desc"):
        raise InvalidRequest(details=[issue(["sort"], "Invalid enum value. Expected 'relevance' | 'date_desc'", "invalid_enum_value")])
    k = _count("k", params.get("k"), minimum=1, maximum=500) or 40
    return papers.search(
        query, k=k, authors=params.get("authors", []), categories=params.get("categories", []), from_=_date(params, "from"), to=_date(params, "to"), sort=sort
    )


def _paper(call: Call, reference: str) -> papers.Paper:
    from webdata_server.indexes import papers

    paper = papers.find(reference)
    if paper is None:
        raise PaperNotFound()
    return paper


def get_paper(ctx: Context, call: Call) -> Any:
    from webdata_server.indexes import papers

    params = _params(call, {"query": False, "k": False, **_COMMON})
    query = params.get("query")
    if query == "":
        raise InvalidRequest(details=[issue(["query"], "String must contain at least 1 character(s)", "too_small")])
    k = _count("k", params.get("k"), minimum=1, maximum=50)
    if query is None and k is not None:
        raise InvalidRequest(details=[issue(["k"], "k is only valid when query is present")])
    paper = _paper(call, call.path["paperId"])
    if query is None:
        return {"success": True, "paper": papers.metadata(paper)}
    return papers.read(paper, query, k or 4)


def similar_papers(ctx: Context, call: Call) -> Any:
    from webdata_server.indexes import papers

    params = _params(call, {"intent": False, "mode": False, "k": False, "rerank": False, "anchor": True, **_COMMON})
    intent = _required_text(params, "intent")
    mode = params.get("mode", "similar")
    if mode not in ("similar", "citers", "references"):
        raise InvalidRequest(details=[issue(["mode"], "Invalid enum value. Expected 'similar' | 'citers' | 'references'", "invalid_enum_value")])
    rerank = params.get("rerank")
    if rerank is not None and rerank not in ("true", "false"):
        raise InvalidRequest(details=[issue(["rerank"], "Invalid enum value. Expected 'true' | 'false'", "invalid_enum_value")])
    k = _count("k", params.get("k"), minimum=1, maximum=500) or 40
    seeds = [_paper(call, call.path["paperId"])]
    for anchor in params.get("anchor", []):
        found = papers.find(anchor)
        if found is not None and found not in seeds:
            seeds.append(found)
    return papers.similar(seeds, intent, mode=mode, k=k, rerank=rerank == "true")


def search_github(ctx: Context, call: Call) -> Any:
    raise SearchRemoved()


OPERATIONS = [
    Operation("searchDeveloper", models.DeveloperSearchRequest, search_developer, offload=False),
    Operation("searchGov", models.GovSearchRequest, search_gov, offload=False),
    Operation("searchDeveloperByQuery", None, search_developer_by_query, offload=False),
    Operation("searchGovByQuery", None, search_gov_by_query, offload=False),
    Operation("searchPapers", None, search_papers, offload=False),
    Operation("getPaper", None, get_paper, offload=False),
    Operation("similarPapers", None, similar_papers, offload=False),
    Operation("searchGithub", None, search_github, offload=False),
]
