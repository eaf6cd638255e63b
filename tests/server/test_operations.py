"""The table of operations (webdata_server.operations): what each operation is, from the contract,
with its handler; the front, the fallback routes, the checks and the controls read it."""

from __future__ import annotations

import dataclasses

import pytest
from webdata_server.config import read_bundle
from webdata_server.contract import Contract
from webdata_server.domain import JobKind
from webdata_server.operations import OperationTable
from webdata_server.resources import OPERATIONS

CONTRACT = Contract.load(read_bundle())
TABLE = OperationTable(CONTRACT, OPERATIONS)


def test_every_operation_of_the_contract_has_its_handler() -> None:
    assert sorted(route.operation_id for route in TABLE.handled()) == sorted(CONTRACT.operations)


@pytest.mark.parametrize(
    ("method", "path", "found", "parameters"),
    [
        ("GET", "/v2/crawl/active", "getActiveCrawls", {}),  # a literal path before the template
        ("DELETE", "/v2/crawl/active", None, None),  # the literal path lacks the method: not a cancel of "active"
        ("GET", "/v2/crawl/0f8fad5b-d9cb-469f-a165-70867728950e", "getCrawlStatus", {"id": "0f8fad5b-d9cb-469f-a165-70867728950e"}),
        ("HEAD", "/v2/team/token-usage", "getTokenUsage", {}),  # HEAD is answered as GET
        ("GET", "/v2/monitor/m/checks/c", "getMonitorCheck", {"monitorId": "m", "checkId": "c"}),
        ("GET", "/v2/crawl/a/b", None, None),  # a parameter is one segment
        ("PUT", "/v2/extract", None, None),
        ("GET", "/v2/nowhere", None, None),
    ],
)
def test_a_request_finds_its_operation(method: str, path: str, found: str | None, parameters: dict[str, str] | None) -> None:
    answer = TABLE.find(method, path)
    assert (answer[0].operation_id, answer[1]) == (found, parameters) if answer else found is None


def test_what_the_contract_says_of_each_body() -> None:
    at = {route.operation_id: route.scrape_options_at for route in TABLE if route.scrape_options_at is not None}
    assert at == {
        "scrapeUrl": (),
        "startBatchScrape": (),
        "parseFile": (),  # the upload's options part, by its contentSchema
        "startCrawl": ("scrapeOptions",),
        "startExtract": ("scrapeOptions",),
        "searchWeb": ("scrapeOptions",),
    }
    assert {route.operation_id for route in TABLE if route.url_field} == {"scrapeUrl", "startCrawl", "previewCrawlParams", "mapUrl"}
    # The scrape keeps its URL as sent (its document's sourceURL) and gives it a scheme itself.
    assert {route.operation_id for route in TABLE if route.gives_scheme} == {"startCrawl", "previewCrawlParams", "mapUrl"}
    assert {route.operation_id: route.operation.watches for route in TABLE if route.watch and route.operation} == {
        "getCrawlStatus": JobKind.CRAWL,
        "getBatchScrapeStatus": JobKind.BATCH_SCRAPE,
    }
    assert all(route.validator is not None for route in TABLE if route.scrape_options_at is not None)
    assert 400 in TABLE["scrapeUrl"].documented and 405 not in TABLE["scrapeUrl"].documented


def test_a_handler_the_contract_disagrees_with_is_refused() -> None:
    crawl_status = next(op for op in OPERATIONS if op.operation_id == "getCrawlStatus")
    with pytest.raises(ValueError, match="x-watch"):
        OperationTable(CONTRACT, [dataclasses.replace(crawl_status, watches=None)])
    with pytest.raises(ValueError, match="no operation in the contract"):
        OperationTable(CONTRACT, [dataclasses.replace(crawl_status, operation_id="getCrawlStatusTypo")])
    # A body of several forms: the handler has a model for each form the contract tells apart.
    scrape = next(op for op in OPERATIONS if op.operation_id == "scrapeUrl")
    assert set(TABLE["scrapeUrl"].variants) == {"alexandria"} and TABLE["scrapeUrl"].url_field
    assert not TABLE["scrapeUrl"].variants["alexandria"].url_field
    with pytest.raises(ValueError, match="body forms"):
        OperationTable(CONTRACT, [dataclasses.replace(scrape, forms={})])
