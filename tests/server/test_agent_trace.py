"""Agent runs beyond start, status and cancel (issue 55 item 2): the team's list, a run's trace and
snapshots on the moved clock, threads of runs; each answer checked against the contract, through
the generated client where it has a method."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from webdata_server import ReferenceServer
from webdata_server.testing import Sandbox

from tests.server.conftest import Api

SCHEMA = {"type": "object", "properties": {"plan": {"type": "string"}, "price": {"type": "number"}, "seats": {"type": "integer"}}}
URLS = ["https://shop.example.com/pricing", "https://shop.example.com/about"]


@pytest.fixture(scope="module")
def reference() -> Iterator[ReferenceServer]:
    with ReferenceServer(job_seconds=10) as server:
        yield server


@pytest.fixture
def sandbox(reference: ReferenceServer) -> Iterator[Sandbox]:
    with reference.sandbox() as made:
        yield made


def call(sandbox: Sandbox, operation_id: str, *, json_body: Any = None, params: dict[str, Any] | None = None, **path: str) -> httpx.Response:
    """One operation of the sandbox's team through conftest's :class:`Api`, which checks the answer
    against the contract."""
    api = Api(send=lambda method, url, **kwargs: httpx.request(method, sandbox.base_url + url, **kwargs), key=sandbox.api_key)
    return api(operation_id, json=json_body, params=params, **path)  # type: ignore[arg-type]  # mypy matches **dict against every keyword parameter


def start(sandbox: Sandbox, **body: Any) -> dict[str, Any]:
    answer = call(sandbox, "startAgent", json_body={"prompt": "Find the pricing plans", **body})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def events(sandbox: Sandbox, job_id: str, **params: Any) -> list[dict[str, Any]]:
    answer = call(sandbox, "getAgentTrace", jobId=job_id, params=params)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["events"])


def test_a_trace_grows_with_the_run_and_its_last_snapshot_is_the_result(sandbox: Sandbox) -> None:
    job = start(sandbox, urls=URLS, schema=SCHEMA)
    assert [e["type"] for e in events(sandbox, job["id"])] == ["run.started"]  # the clock has not moved
    sandbox.advance(4)
    early = events(sandbox, job["id"])
    live = call(sandbox, "getAgentTrace", jobId=job["id"], params={"liveView": "true"}).json()["activeBrowserSessions"]
    assert [e["type"] for e in early][-1] != "run.finished" and live and live[0]["viewport"] == {"width": 1280, "height": 800}
    assert live[0]["id"] == next(e["sessionId"] for e in early if e["type"] == "browser.session.started")
    sandbox.advance(7)
    trace = events(sandbox, job["id"])
    assert trace[: len(early)] == early  # what was shown is not rewritten
    assert [e["producerSequence"] for e in trace] == list(range(len(trace)))
    assert [e["occurredAt"] for e in trace] == sorted(e["occurredAt"] for e in trace)
    assert trace[-1]["type"] == "run.finished" and trace[-1]["outcome"] == "succeeded" and trace[-1]["error"] is None
    assert call(sandbox, "getAgentTrace", jobId=job["id"], params={"liveView": "true"}).json()["activeBrowserSessions"] == []
    # Each page of the request was read, in order, each call finished with the page's title.
    scraped = [e["parameters"]["url"] for e in trace if e["type"] == "tool_call.started" and e["toolName"] == "scrape"]
    finished = {e["toolCallId"]: e["result"] for e in trace if e["type"] == "tool_call.finished"}
    assert scraped == URLS and all(finished[e["toolCallId"]]["title"] for e in trace if e["type"] == "tool_call.started")
    # The result grew page by page; the last snapshot is the status' data.
    artifacts = [e["artifact"] for e in trace if e["type"] == "artifact.updated"]
    assert [a["change"] for a in artifacts] == ["init", "partial", "partial", "update"]
    contents = [json.loads(call(sandbox, "getAgentSnapshot", jobId=job["id"], snapshotId=a["snapshotId"]).json()["snapshot"]) for a in artifacts]
    data = call(sandbox, "getAgentStatus", jobId=job["id"]).json()["data"]
    assert contents[0] == {} and contents[-1] == data and set(contents[1]) < set(contents[2]) == set(data)
    assert artifacts[1]["changedFields"] + artifacts[2]["changedFields"] == list(data)
    assert events(sandbox, job["id"]) == trace  # every read gives the same events


def test_a_run_without_urls_searches_and_reads_pages_the_service_would_scrape(sandbox: Sandbox) -> None:
    job = start(sandbox, prompt="Python tutorials about async")
    sandbox.advance(11)
    trace = events(sandbox, job["id"])
    found = next(e["result"]["urls"] for e in trace if e["type"] == "tool_call.finished" and e["toolName"] == "search")
    read = [e["parameters"]["url"] for e in trace if e["type"] == "tool_call.started" and e["toolName"] == "scrape"]
    assert read == found and len(found) == 3 and all("python-tutorials.example.com" in url for url in found)
    assert not any("reddit" in url for url in found)


def test_a_cancelled_run_stops_at_the_cancel_and_a_failed_run_says_why(sandbox: Sandbox) -> None:
    job = start(sandbox, urls=URLS, schema=SCHEMA)
    sandbox.advance(4)
    shown = len(events(sandbox, job["id"]))
    assert call(sandbox, "cancelAgent", jobId=job["id"]).status_code == 200
    sandbox.advance(20)
    trace = events(sandbox, job["id"])
    assert [e["type"] for e in trace[shown:]] == ["browser.session.finished", "run.cancel_requested", "agent.finished", "run.finished"]
    assert trace[-1]["outcome"] == "cancelled" and trace[-1]["error"]["code"] == "cancelled"
    failed = start(sandbox, prompt="Find it [fail]", urls=URLS)
    sandbox.advance(11)
    ending = events(sandbox, failed["id"])[-3:]
    assert [e["type"] for e in ending] == ["error.occurred", "agent.finished", "run.finished"]
    assert ending[-1]["outcome"] == "failed" and ending[0]["error"]["message"] == call(sandbox, "getAgentStatus", jobId=failed["id"]).json()["error"]
    assert not any(e["type"] == "artifact.updated" and e["artifact"]["change"] == "update" for e in events(sandbox, failed["id"]))


def test_a_snapshot_not_shown_yet_or_of_another_run_is_404(sandbox: Sandbox) -> None:
    job = start(sandbox, urls=URLS, schema=SCHEMA)
    other = start(sandbox, urls=URLS, schema=SCHEMA)
    sandbox.advance(11)
    final = [e for e in events(sandbox, job["id"]) if e["type"] == "artifact.updated"][-1]["artifact"]["snapshotId"]
    assert call(sandbox, "getAgentSnapshot", jobId=other["id"], snapshotId=final).json() == {"success": False, "error": "Snapshot not found"}
    fresh = start(sandbox, urls=URLS, schema=SCHEMA)
    sandbox.advance(1)
    assert call(sandbox, "getAgentSnapshot", jobId=fresh["id"], snapshotId=final).status_code == 404
    assert call(sandbox, "getAgentTrace", jobId="not-a-uuid").status_code == 400
    assert call(sandbox, "getAgentTrace", jobId="00000000-0000-4000-8000-000000000000").status_code == 404


def test_a_thread_holds_the_runs_that_continue_it(sandbox: Sandbox) -> None:
    first = start(sandbox, urls=URLS, schema=SCHEMA)
    assert (first["threadId"], first["threadTurn"]) == (first["id"], 1)
    sandbox.advance(11)
    second = start(sandbox, prompt="And the yearly price?", threadId=first["threadId"], mode="chat")
    assert (second["threadId"], second["threadTurn"]) == (first["id"], 2)
    thread = call(sandbox, "getAgentThread", threadId=first["threadId"]).json()["thread"]
    assert thread["status"] == "running" and [r["turn"] for r in thread["runs"]] == [1, 2]
    assert [r["status"] for r in thread["runs"]] == ["succeeded", "processing"] and "data" not in thread["runs"][0]
    assert thread["runs"][1]["finishedAt"] is None and thread["runs"][1]["creditsUsed"] is None
    sandbox.advance(11)
    thread = call(sandbox, "getAgentThread", threadId=first["threadId"], params={"includeData": "true"}).json()["thread"]
    status = call(sandbox, "getAgentStatus", jobId=second["id"]).json()
    assert thread["status"] == "idle" and thread["runs"][0]["data"] == call(sandbox, "getAgentStatus", jobId=first["id"]).json()["data"]
    # A chat-mode run answers in words: its message, no data; its trace's last artifact is that text.
    assert status["mode"] == "chat" and "data" not in status and thread["runs"][1]["message"] == status["message"]
    last = [e for e in events(sandbox, second["id"]) if e["type"] == "artifact.updated"][-1]["artifact"]
    assert (
        last["kind"] == "text" and call(sandbox, "getAgentSnapshot", jobId=second["id"], snapshotId=last["snapshotId"]).json()["snapshot"] == status["message"]
    )
    assert call(sandbox, "getAgentThread", threadId="no-such-thread").json() == {"success": False, "error": "Thread not found"}


def test_the_list_pages_by_creation_time_newest_first(sandbox: Sandbox) -> None:
    started = []
    for n in range(23):
        started.append(start(sandbox, prompt=f"run {n}", **({"urls": URLS} if n % 2 else {}), **({"model": "spark-2"} if n == 22 else {})))
        sandbox.advance(0.01)
    page = call(sandbox, "listAgents").json()
    assert [a["id"] for a in page["agents"]] == [s["id"] for s in reversed(started)][:20]
    newest = page["agents"][0]
    assert newest["options"] == {"prompt": "run 22", "model": "spark-2", "effort": "medium"} and newest["targetHint"] == "run 22"
    assert page["agents"][1]["targetHint"] == URLS[0] and page["agents"][1]["options"]["model"] == "spark-1-pro"
    assert newest["status"] == "processing" and newest["origin"] == "api" and newest["settings"] == {"hidden": False, "starred": False}
    before = page["next"].split("before=")[1]
    rest = call(sandbox, "listAgents", params={"before": before}).json()
    assert [a["id"] for a in rest["agents"]] == [s["id"] for s in reversed(started)][20:] and "next" not in rest
    assert call(sandbox, "listAgents", params={"before": before + "abc"}).json()["agents"] == rest["agents"]  # read as parseInt reads it
    for bad in ("abc", "-5"):
        assert call(sandbox, "listAgents", params={"before": bad}).json() == {"success": False, "error": "Invalid before timestamp."}
    # The client's method, as a user calls it.
    assert [a.id for a in sandbox.client.agent.list(before=before).agents] == [a["id"] for a in rest["agents"]]


def test_the_client_reads_traces_snapshots_and_threads(sandbox: Sandbox) -> None:
    job = sandbox.client.agent.start(prompt="Find the pricing plans", urls=URLS, schema=SCHEMA)
    sandbox.advance(11)
    trace = sandbox.client.agent.get_trace(job.id, live_view=True)
    final = [e for e in trace.events if e.type == "artifact.updated"][-1]
    assert final.artifact is not None
    snapshot = sandbox.client.agent.get_snapshot(job.id, final.artifact.snapshot_id)
    assert json.loads(snapshot.snapshot) == sandbox.client.agent.get_status(job.id).data
    thread = sandbox.client.agent.get_thread(str(job.id), include_data=True)
    assert [run.id for run in thread.thread.runs] == [job.id]
