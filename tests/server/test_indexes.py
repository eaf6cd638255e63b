"""The specialised indexes (issue 55 item 3): developer and government search and the research paper
index over the documented synthetic corpora (server README "Indexes"), with every filter the SDKs
send, the service's strictness (unknown keys, bounds, coerced numbers) and charges; every answer
checked against the contract (``server.api``)."""

from __future__ import annotations

import pytest
from webdata_server.resources.indexes import js_number

from tests.server.conftest import Server


def _remaining(server: Server) -> int:
    return int(server.api("getCreditUsage").json()["data"]["remainingCredits"])


def _ids(answer: dict) -> list[str]:
    return [r["id"] for r in answer["results"]]


def test_developer_search_honours_every_filter(server: Server) -> None:
    leak = server.api(
        "searchDeveloper", json={"query": "memory leak parsing large JSON", "language": "PYTHON", "types": ["issue", "pull_request"], "passages": 2}
    ).json()
    assert _ids(leak)[:2] == ["github:example-labs/fastparse:issues/12", "github:example-labs/fastparse:pull/15"]
    assert all(len(r["passages"]) == 2 and r["license"] == {"state": "licensed", "spdx_id": "MIT"} for r in leak["results"])
    assert "memory" in leak["results"][0]["passages"][0]["text"].lower()  # the best sentence first
    # The fork has the same topics; fork=false leaves it out, fork="true" (text, as the service coerces) keeps only it.
    parsing = {"query": "JSON parsing", "topic": ["json", "parsing"]}
    assert "github:someone/fastparse:readme" not in _ids(server.api("searchDeveloper", json={**parsing, "fork": False}).json())
    assert _ids(server.api("searchDeveloper", json={**parsing, "fork": "true"}).json()) == ["github:someone/fastparse:readme"]
    # Stars, license and archived narrow repositories; a repository filter leaves documentation out.
    assert {r["id"].split(":")[1] for r in server.api("searchDeveloper", json={"query": "scraper crawler", "min_stars": "100"}).json()["results"]} == {
        "crawlkit/crawlkit"
    }
    archived = server.api("searchDeveloper", json={"query": "scraper", "archived": True}).json()["results"]
    assert {r["id"].split(":")[1] for r in archived} == {"oldco/legacy-scraper"} and archived[0]["license"] == {"state": "known_absent", "spdx_id": None}
    assert (
        server.api("searchDeveloper", json={"query": "TLS", "license": "apache-2.0", "max_stars": 6000})
        .json()["results"][0]["id"]
        .startswith("github:example-labs/rustls-lite")
    )
    # Sources keep documentation; a source and a repository together keep either; statuses are answered.
    both = server.api("searchDeveloper", json={"query": "json crawl", "repos": ["CRAWLKIT/crawlkit", "nobody/none"], "sources": "python-docs"}).json()
    assert {r["id"].split(":")[1] for r in both["results"]} == {"crawlkit/crawlkit", "python-docs"}
    assert both["repos"] == [
        {"repo": "CRAWLKIT/crawlkit", "indexed": True, "types": {"issue": True, "pullRequest": True, "readme": True}},
        {"repo": "nobody/none", "indexed": False, "types": {"issue": False, "pullRequest": False, "readme": False}},
    ]
    assert both["sources"] == [{"source": "python-docs", "indexed": True}]
    assert "repos" not in leak and "sources" not in leak
    assert _ids(server.api("searchDeveloper", json={"query": "crawl site markdown", "skills": "only"}).json()) == [
        "github:crawlkit/crawlkit:skills/crawl-site/SKILL.md"
    ]
    assert len(server.api("searchDeveloper", json={"query": "crawler robots markdown", "k": 2}).json()["results"]) == 2


def test_developer_and_gov_charge_two_credits_per_ten_results(server: Server) -> None:
    before = _remaining(server)
    assert server.api("searchDeveloper", json={"query": "zzzz nothing matches"}).json()["results"] == []
    assert _remaining(server) == before  # no result, no charge
    eleven = server.api("searchGov", json={"query": "rights expenses labeling judicial negligence attorney", "k": 100}).json()["data"]["web"]
    assert len(eleven) == 11
    assert _remaining(server) == before - 4  # eleven results: two tens, rounded up
    server.api("searchDeveloper", json={"query": "memory leak"})
    assert _remaining(server) == before - 6


def test_developer_and_gov_search_take_their_fields_in_a_get_query(server: Server) -> None:
    """firecrawl-mcp sends developer search as GET with the fields in the query; the service's route takes
    both methods on one controller: the same results, refusals and charge."""
    body = {"query": "memory leak parsing large JSON", "types": ["issue", "pull_request"], "passages": 2}
    posted = server.api("searchDeveloper", json=body).json()
    before = _remaining(server)
    got = server.api("searchDeveloperByQuery", params={**body, "passages": "2"}).json()
    assert got == posted and 0 < len(got["results"]) <= 10
    assert _remaining(server) == before - 2
    assert _ids(server.api("searchDeveloperByQuery", params={"query": "crawl site markdown", "skills": "only"}).json()) == [
        "github:crawlkit/crawlkit:skills/crawl-site/SKILL.md"
    ]
    assert _ids(server.api("searchDeveloperByQuery", params={"query": "JSON parsing", "topic": ["json", "parsing"], "fork": "true"}).json()) == [
        "github:someone/fastparse:readme"
    ]
    gov = {"query": "civil rights police search", "court": "scotus"}
    assert server.api("searchGovByQuery", params=gov).json() == server.api("searchGov", json=gov).json()
    for operation_id, params, code in [
        ("searchDeveloperByQuery", {"query": "x", "bogus": "1"}, "unrecognized_keys"),
        ("searchDeveloperByQuery", {}, "invalid_type"),
        ("searchDeveloperByQuery", {"query": "x", "fork": "yes"}, "invalid_enum_value"),
        ("searchDeveloperByQuery", {"query": "x", "k": "0"}, "too_small"),
        ("searchGovByQuery", {"query": "x", "courtType": "county"}, "invalid_enum_value"),
    ]:
        answer = server.api(operation_id, params=params)
        assert answer.status_code == 400, (operation_id, params)
        assert answer.json()["details"][0]["code"] == code, (operation_id, params, answer.json())


def test_gov_search_filters_by_label(server: Server) -> None:
    def urls(**body: object) -> list[str]:
        return [r["url"] for r in server.api("searchGov", json={"query": "civil rights police search", **body}).json()["data"]["web"]]

    assert urls(cites="42 U.S.C. § 1983") == urls(cites="us:usc:42:1983") == urls(cites="42 usc 1983")
    assert urls(courtType="federal-appellate", cites="42 U.S.C. § 1983") == ["https://courtlistener.example.com/opinion/ca9/2019/doe-v-city-of-oakland/"]
    assert urls(court="scotus") == ["https://courtlistener.example.com/opinion/365-us-167/monroe-v-pape/"]
    assert all("courtlistener" not in u for u in urls(domain="example.gov"))
    negligence = server.api("searchGov", json={"query": "negligence duty of care", "jurisdiction": "us-ca"}).json()["data"]["web"]
    assert [r["position"] for r in negligence] == [1, 2] and {r["url"].split("/")[2] for r in negligence} == {"leginfo.ca.example.gov", "courts.ca.example.gov"}


def test_research_papers_search_inspect_read_and_relate(server: Server) -> None:
    found = server.api("searchPapers", params={"query": "off-target editing T cells", "k": 2}).json()["results"]
    assert [p["primaryId"] for p in found] == ["pmid:34000001", "pmid:36000005"]
    by_silva = server.api("searchPapers", params=[("query", "protein"), ("authors", "silva"), ("sort", "date_desc")]).json()["results"]  # type: ignore[arg-type]
    assert [p["paperId"] for p in by_silva] == ["7001000007", "7001000001"]  # newest first
    dated = server.api("searchPapers", params={"query": "protein", "from": "2023-01-01", "to": "2023-12-31", "categories": "q-bio.BM"}).json()["results"]
    assert [p["paperId"] for p in dated] == ["7001000007"]
    # Every id form names the same paper.
    for reference in ("7001000001", "arxiv:2101.00001", "2101.00001", "https://arxiv.org/abs/2101.00001v2", "doi:10.48550/arXiv.2101.00001"):
        assert server.api("getPaper", paperId=reference).json()["paper"]["paperId"] == "7001000001"
    read = server.api("getPaper", paperId="pmid:34000001", params={"query": "primary endpoint and hazard ratio", "k": 2}).json()
    assert read["paperId"] == "7001000002" and read["query"] == "primary endpoint and hazard ratio" and len(read["passages"]) == 2
    assert read["passages"][0]["text"].startswith("Primary endpoint") and read["passages"][0]["score"] >= read["passages"][1]["score"]
    citers = server.api("similarPapers", paperId="7001000002", params={"intent": "long-read sequencing", "mode": "citers"}).json()
    assert [p["paperId"] for p in citers["results"]] == ["7001000005"] and citers["poolSize"] == 1 and citers["truncated"] is False
    assert citers["results"][0]["signals"]["seedOverlap"] == 1
    references = server.api("similarPapers", paperId="7001000008", params={"intent": "diffusion molecules", "mode": "references", "k": 1}).json()
    assert [p["paperId"] for p in references["results"]] == ["7001000004"] and references["poolSize"] == 2 and references["truncated"] is True
    lonely = server.api("similarPapers", paperId="7001000003", params={"intent": "x", "mode": "references"}).json()
    assert lonely["results"] == [] and lonely["note"]
    assert _remaining(server) == _remaining(server)  # reads are free: nothing charged (checked below)


def test_paper_reads_are_free(server: Server) -> None:
    before = _remaining(server)
    server.api("searchPapers", params={"query": "tau"})
    server.api("getPaper", paperId="7001000003", params={"query": "cognition"})
    server.api("similarPapers", paperId="7001000003", params={"intent": "replication"})
    assert _remaining(server) == before


@pytest.mark.parametrize(
    ("operation_id", "path", "params", "code"),
    [
        ("searchPapers", {}, {"query": "x", "bogus": "1"}, "unrecognized_keys"),
        ("searchPapers", {}, {}, "invalid_type"),
        ("searchPapers", {}, {"query": "x", "k": "501"}, "too_big"),
        ("searchPapers", {}, {"query": "x", "k": "abc"}, "invalid_type"),
        ("searchPapers", {}, {"query": "x", "from": "2023/01/01"}, "invalid_string"),
        ("getPaper", {"paperId": "7001000001"}, {"k": "2"}, "custom"),
        ("similarPapers", {"paperId": "7001000001"}, {"intent": "x", "mode": "cited"}, "invalid_enum_value"),
        ("similarPapers", {"paperId": "7001000001"}, {"intent": "x", "rerank": "yes"}, "invalid_enum_value"),
    ],
)
def test_the_paper_index_refuses_what_its_schema_refuses(server: Server, operation_id: str, path: dict[str, str], params: dict[str, str], code: str) -> None:
    answer = server.api(operation_id, params=params, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter
    assert answer.status_code == 400
    body = answer.json()
    assert body["error"] == "Invalid query parameters" and body["details"][0]["code"] == code


def test_numbers_are_read_as_the_service_coerces_them(server: Server) -> None:
    assert [js_number(t) for t in ("5", " 5 ", "5.0", "0x10", "1e2", "")] == [5, 5, 5, 16, 100, 0]
    assert all(js_number(t) != js_number(t) for t in ("1_000", "five", "5px"))  # NaN
    assert len(server.api("searchPapers", params={"query": "protein", "k": " 1e0 "}).json()["results"]) == 1


def test_an_id_no_paper_can_have_is_404_and_the_github_search_is_gone(server: Server) -> None:
    # Month 99; a five-digit number before 2015; a PubMed id of 0; a key no index has; a paperId no paper has.
    for reference in ("arxiv:9999.99999", "arxiv:0704.00001", "pmid:0", "isbn:123", "7001000099", "9155555"):
        assert server.api("getPaper", paperId=reference).status_code == 404, reference
    assert server.api("similarPapers", paperId="doi:not-a-doi", params={"intent": "x"}).status_code == 404
    gone = server.api("searchGithub", params={"query": "pysam"})
    assert gone.status_code == 410 and gone.json()["replacement"] == "/v2/search/developer"


def test_the_corpus_words_are_worked_out_once_and_a_query_each_time(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search ranks every entry of its index: the words of the entries' texts and sentences are
    kept (issue 59: they were most of a developer search's time); the query's are not."""
    from webdata_server import indexes

    seen: list[str] = []
    real = indexes.words

    def counting(text: str) -> set[str]:
        seen.append(text)
        return real(text)

    monkeypatch.setattr(indexes, "words", counting)
    indexes.corpus_words.cache_clear()
    indexes.corpus_sentences.cache_clear()
    first = server.api("searchDeveloper", json={"query": "memory leak"}).json()
    entries = len(seen)
    assert first["results"] and entries > len(first["results"])
    seen.clear()
    again = server.api("searchDeveloper", json={"query": "memory leak"}).json()
    assert again == first
    assert seen and all("memory leak" in text for text in seen)  # the query's words only, once per use
    assert len(seen) < entries


def test_any_well_formed_id_names_a_paper_the_same_in_every_read(server: Server) -> None:
    """Issue 76 item 2: a test naming a real paper runs (the synthetic web answers any URL; the
    paper index answers any well-formed id): inspect, read and related agree on the record, and
    its paperId names it again."""
    inspected = server.api("getPaper", paperId="arxiv:1706.03762").json()["paper"]
    assert inspected["ids"] == {"arxiv": ["1706.03762"], "doi": ["10.48550/arXiv.1706.03762"]}
    assert inspected["createdDate"].startswith("2017-06-") and inspected["title"] and inspected["abstract"] and inspected["authors"]
    for reference in (inspected["paperId"], "1706.03762", "https://arxiv.org/abs/1706.03762v7", "doi:10.48550/arXiv.1706.03762"):
        again = server.api("getPaper", paperId=reference).json()["paper"]
        assert again == inspected, reference
    read = server.api("getPaper", paperId="arxiv:1706.03762", params={"query": "results benchmarks accuracy", "k": 2}).json()
    assert read["paper"] == inspected and read["paperId"] == inspected["paperId"] and len(read["passages"]) == 2
    assert read["passages"][0]["text"].startswith("Results:")
    related = server.api("similarPapers", paperId="arxiv:1706.03762", params={"intent": "protein", "mode": "references"}).json()
    assert related["results"] and all(r["paperId"].startswith("70010000") for r in related["results"])  # it cites papers of the index
    assert server.api("similarPapers", paperId=inspected["paperId"], params={"intent": "protein", "mode": "references"}).json() == related
    for reference, key in (("pmid:31452104", "pmid"), ("pmcid:PMC6824570", "pmcid"), ("doi:10.1038/nature14539", "doi")):
        paper = server.api("getPaper", paperId=reference).json()["paper"]
        assert paper["ids"][key] == [reference.split(":", 1)[1]]
        assert server.api("getPaper", paperId=paper["paperId"]).json()["paper"] == paper
    other = server.api("getPaper", paperId="arxiv:2310.06825").json()["paper"]
    assert other["paperId"] != inspected["paperId"] and other["ids"]["arxiv"] == ["2310.06825"]


def test_firecrawl_py_inspects_reads_and_relates_a_paper_everyone_knows() -> None:
    from firecrawl import Firecrawl
    from webdata_server import running

    with running(clock="auto") as sandbox:
        app = Firecrawl(api_key=sandbox.api_key, api_url=sandbox.base_url)
        inspected = app.inspect_paper("arxiv:1706.03762")
        read = app.read_paper("arxiv:1706.03762", query="method")
        related = app.related_papers("arxiv:1706.03762", intent="attention", mode="references")
    # firecrawl-py answers these as the service's JSON (dicts).
    assert inspected["paper"]["paperId"] == read["paperId"] == "91170603762" and read["paper"] == inspected["paper"]
    assert inspected["paper"]["ids"]["arxiv"] == ["1706.03762"] and read["passages"][0]["text"].startswith("Method:")
    assert related["results"] and all(r["paperId"].startswith("70010000") for r in related["results"])
