"""Faults alone (webdata_server.controls.faults): what can be made, which call a fault answers."""

from __future__ import annotations

import pytest
from webdata_server.controls.faults import Faults
from webdata_server.controls.values import FaultError

DOCUMENTED = {"scrapeUrl": frozenset({200, 400, 402, 429, 500}), "startCrawl": frozenset({200, 400, 429})}


def _faults() -> Faults:
    return Faults(DOCUMENTED.get, lambda: sorted(DOCUMENTED))


def test_a_fault_the_operation_never_answers_is_refused_with_the_reason() -> None:
    faults = _faults()
    with pytest.raises(FaultError, match="startCrawl never answers 402: it documents 200, 400, 429"):
        faults.add("startCrawl", status=402)
    with pytest.raises(FaultError, match="no operation 'crawlUrls' in the contract; did you mean startCrawl"):
        faults.add("crawlUrls", status=429)
    with pytest.raises(FaultError, match="a status, a delay or drop"):
        faults.add("scrapeUrl")
    assert faults.add("startCrawl", status=503).status == 503  # the edge's statuses: any operation
    assert faults.add("scrapeUrl", status=429).retry_after == 1  # a 429 says when to come back


def test_after_counts_every_matching_call_whichever_fault_answers_it() -> None:
    faults = _faults()
    failing = faults.add("scrapeUrl", status=502)
    dropping = faults.add("scrapeUrl", drop=True, after=1)
    answered = [faults.answering("POST", "/v2/scrape", "scrapeUrl", "team") for _ in range(3)]
    assert answered == [failing, dropping, None]
    assert (failing.seen, failing.applied, dropping.seen, dropping.applied) == (1, 1, 2, 1)


def test_a_teams_fault_answers_only_that_team_and_clears_alone() -> None:
    faults = _faults()
    mine = faults.add("scrapeUrl", status=500, times=None, team_id="mine")
    theirs = faults.add("scrapeUrl", status=500, times=None, team_id="theirs")
    assert faults.answering("POST", "/v2/scrape", "scrapeUrl", "mine") is mine
    assert faults.answering("POST", "/v2/scrape", "scrapeUrl", "other") is None
    faults.clear("mine")
    assert faults.faults == [theirs]


def test_page_faults_match_a_glob_a_number_of_times() -> None:
    faults = _faults()
    fault = faults.add_page("https://example.com/blog/*", status=None, times=2)
    assert faults.fails_page("https://example.com/blog/1") and not faults.fails_page("https://example.com/about")
    assert faults.page_fault("https://example.com/blog/1") is fault and faults.page_fault("https://example.com/blog/2") is fault
    assert faults.page_fault("https://example.com/blog/3") is None and not faults.fails_page("https://example.com/blog/3")
    assert faults.describe()["pages"][0]["spent"] is True
