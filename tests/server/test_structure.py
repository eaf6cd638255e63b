"""The server's structure holds: no import cycle between its modules, one handler per operation of
the bundle, and every refusal mapped to an answer the bundle documents for the operations that
can raise it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from webdata_server import answers, errors
from webdata_server.config import read_bundle
from webdata_server.contract import Contract
from webdata_server.resources import OPERATIONS

from tests.conftest import ROOT

PACKAGE = ROOT / "server" / "src" / "webdata_server"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Modules of the package a module imports, ``if TYPE_CHECKING`` imports included: a cycle that
    only the type checker sees is still a cycle of the design."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in tree.body:
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module and inner.module.startswith("webdata_server"):
                found.add(inner.module)
                found.update(f"{inner.module}.{alias.name}" for alias in inner.names)
            elif isinstance(inner, ast.Import):
                found.update(alias.name for alias in inner.names if alias.name.startswith("webdata_server"))
    return found


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (as the list of its modules, the first repeated at the end), if any."""
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> list[str] | None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                return [*trail[trail.index(target) :], target]
            if target not in state and (found := visit(target, [*trail, target])):
                return found
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name, [name])):
            return found
    return None


def _server_graph() -> dict[str, set[str]]:
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {name: {target for target in _imports(path) if target in modules and target != name} for name, path in modules.items()}
    # A submodule importing its own package's __init__ is how Python loads it, not a cycle.
    return {name: {t for t in targets if not name.startswith(t + ".")} for name, targets in graph.items()}


def test_no_import_cycle_between_server_modules() -> None:
    graph = _server_graph()
    assert len(graph) > 20 and sum(map(len, graph.values())) > 40  # the graph was read
    assert _find_cycle(graph) is None, " -> ".join(_find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path) -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None
    source = tmp_path / "m.py"
    source.write_text("from webdata_server.a import x\nif TYPE_CHECKING:\n    from webdata_server.b import y\n")
    assert _imports(source) == {"webdata_server.a", "webdata_server.a.x", "webdata_server.b", "webdata_server.b.y"}


def test_one_handler_per_operation_of_the_bundle() -> None:
    contract = Contract.load(read_bundle())
    handled = [operation.operation_id for operation in OPERATIONS]
    assert sorted(handled) == sorted(contract.operations)
    assert len(set(handled)) == len(handled)


def _refusals(cls: type[errors.Refusal]) -> list[type[errors.Refusal]]:
    return [cls, *(sub for child in cls.__subclasses__() for sub in _refusals(child))]


# Which operations can raise each refusal (the ones the handlers and the pipeline raise).
_RAISED_BY = {
    errors.PageTimedOut: ["scrapeUrl", "mapUrl"],
    errors.LockdownCacheMiss: ["scrapeUrl"],
    errors.NoCachedData: ["scrapeUrl"],
    errors.PromptInjection: ["scrapeUrl"],
    errors.UrlBlocked: ["scrapeUrl"],
    errors.InvalidJobId: ["getAgentStatus", "cancelAgent"],
    errors.SnapshotNotFound: ["getAgentSnapshot"],
    errors.NotCancellable: ["cancelAgent", "cancelCrawl"],
    errors.IdempotencyKeyUsed: ["startCrawl"],
    errors.UploadRefused: ["parseFile"],
    errors.FileUnreadable: ["parseFile"],
    errors.NoUsageInformation: ["getTokenUsage", "getCreditUsage"],
    errors.TooManyJobs: ["startExtract", "startBatchScrape", "startCrawl", "startAgent"],
    errors.JobNotFound: [
        "getExtractStatus",
        "getBatchScrapeStatus",
        "cancelBatchScrape",
        "getCrawlStatus",
        "cancelCrawl",
        "getAgentStatus",
        "cancelAgent",
        "getCrawlErrors",
        "getBatchScrapeErrors",
    ],
    errors.MonitorNotFound: ["getMonitor", "updateMonitor", "deleteMonitor", "runMonitor", "listMonitorChecks", "getMonitorCheck"],
    errors.MonitorConflict: ["runMonitor"],
    errors.MonitorRefused: ["createMonitor", "updateMonitor"],
    errors.BrowserRefused: ["executeBrowser", "interactWithScrape"],
    errors.FeedbackRefused: ["submitFeedback"],
    errors.PaperNotFound: ["getPaper", "similarPapers"],
    errors.SearchRemoved: ["searchGithub"],
    errors.ToolSearchNeedsQuery: ["searchWeb"],
}


@pytest.mark.parametrize("refusal", _refusals(errors.Refusal)[1:], ids=lambda cls: cls.__name__)
def test_every_refusal_has_a_documented_answer(refusal: type[errors.Refusal]) -> None:
    contract = Contract.load(read_bundle())
    for operation_id in _RAISED_BY.get(refusal, ["scrapeUrl"]):
        status, body, headers = answers.answer(contract, operation_id, refusal(retry_after=7, details=[{"msg": "x"}]))
        assert str(status) in contract.operations[operation_id]["responses"] and 400 <= status < 500
        if refusal is errors.MalformedJson:  # the service's error handler's body: no details
            assert body == {"success": False, "code": "BAD_REQUEST_INVALID_JSON", "error": "Bad request, malformed JSON"}
        else:
            assert "error" in body and body["details"] == [{"msg": "x"}]
        assert headers == {"Retry-After": "7"}
