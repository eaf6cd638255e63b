"""webdata_client against a scripted server: what goes on the wire, which error each status raises,
retries and their waits, timeouts, bodies that are not JSON, ``next`` links, waiting on jobs."""

from __future__ import annotations

import asyncio
import email.utils
import gc
import inspect
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import webdata_client
from pydantic import BaseModel
from webdata_client import AsyncWebdata, Webdata, errors
from webdata_client import models as client_models

from generator.naming import ClientOperation, client_operations
from generator.load import deref
from tests.conftest import BUNDLE
from tests.generated.faults import Answer, FaultServer

_BUNDLE: dict[str, Any] = json.loads(BUNDLE.read_text(encoding="utf-8"))
OPERATIONS = client_operations(_BUNDLE)
JOB_ID = "3f1c2a9e-8b7d-4c6e-9f01-23456789abcd"
EXPECTED = {
    400: errors.BadRequestError,
    401: errors.AuthenticationError,
    402: errors.PaymentRequiredError,
    403: errors.PermissionDeniedError,
    404: errors.NotFoundError,
    408: errors.RequestTimeoutError,
    409: errors.ConflictError,
    410: errors.GoneError,
    413: errors.PayloadTooLargeError,
    422: errors.UnprocessableEntityError,
    429: errors.RateLimitError,
    500: errors.InternalServerError,
}
JOB_STATUS = {"success": True, "status": "completed", "completed": 1, "total": 1, "creditsUsed": 1, "data": []}


@pytest.fixture
def server() -> Iterator[FaultServer]:
    with FaultServer() as running:
        yield running


@pytest.fixture
def client(server: FaultServer) -> Iterator[Webdata]:
    with Webdata(api_key="wd-test", base_url=server.base_url, max_retries=0) as made:
        yield made


def _method(client: Webdata | AsyncWebdata, operation: ClientOperation) -> Any:
    resource = getattr(client, operation.tag)
    return resource if operation.single else getattr(resource, operation.method)


def _arguments(operation: ClientOperation) -> dict[str, Any]:
    """Keyword arguments for a valid call: the operation's first request example, or its required fields."""
    raw = _BUNDLE["paths"][operation.path_template][operation.http_method.lower()]
    content = ((raw.get("requestBody") or {}).get("content") or {}).get("application/json") or {}
    names = {p.wire: p.name for p in operation.body}
    # The first example of the body's form this method sends (a scrape's URL form, or its alexandria form).
    examples = [deref(_BUNDLE, e)["value"] for e in (content.get("examples") or {}).values()]
    example = next((e for e in examples if isinstance(e, dict) and set(e) <= set(names)), None)
    arguments: dict[str, Any] = {p.name: JOB_ID for p in operation.path}
    arguments |= {names[k]: v for k, v in (example or {}).items()}
    if operation.upload:
        arguments |= {"file": b"<p>An upload.</p>", "filename": "note.html"}
    for param in operation.body:
        if param.required and param.name not in arguments:
            arguments[param.name] = ["https://example.com"] if param.annotation.startswith("Sequence") else "https://example.com"
    for param in operation.query:
        if param.required:
            arguments[param.name] = "coffee"  # a paper search's query, a related-papers intent
    return arguments


def _error_body(operation: ClientOperation, status: int) -> Any:
    raw = _BUNDLE["paths"][operation.path_template][operation.http_method.lower()]
    response = deref(_BUNDLE, raw["responses"][str(status)])
    media = (response.get("content") or {}).get("application/json") or {}
    for example in (media.get("examples") or {}).values():
        return deref(_BUNDLE, example)["value"]
    return media.get("example", {"success": False, "error": "refused"})


ERROR_CASES = [
    (op, status)
    for op in OPERATIONS
    for status in sorted(int(s) for s in _BUNDLE["paths"][op.path_template][op.http_method.lower()]["responses"])
    if status >= 400
]


def test_every_operation_has_a_method() -> None:
    with Webdata(api_key="k") as made:
        assert {op.operation_id for op in OPERATIONS if callable(_method(made, op))} == {
            op["operationId"]
            for item in _BUNDLE["paths"].values()
            for op in item.values()
            # An alias is its operation's method; a removed endpoint (no 200: it only answers its refusal) has none.
            if isinstance(op, dict) and "operationId" in op and "x-alias-of" not in op and "200" in op["responses"]
        }


@pytest.mark.parametrize(("operation", "status"), ERROR_CASES, ids=[f"{op.operation_id}-{status}" for op, status in ERROR_CASES])
def test_each_documented_status_raises_its_error(server: FaultServer, client: Webdata, operation: ClientOperation, status: int) -> None:
    body = _error_body(operation, status)
    server.queue(Answer(status, body, headers={"Retry-After": "7", "X-Request-Id": "req-1"} if status == 429 else {"X-Request-Id": "req-1"}))
    with pytest.raises(errors.APIStatusError) as raised:
        _method(client, operation)(**_arguments(operation))
    error = raised.value
    assert type(error) is EXPECTED[status]
    assert (error.status_code, error.request_id, error.body) == (status, "req-1", body)
    assert error.error == body.get("error") and error.code == body.get("code")
    assert error.response.status_code == status
    if status == 429:
        assert isinstance(error, errors.RateLimitError) and error.retry_after == 7.0
    assert len(server.received) == 1


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.operation_id for op in OPERATIONS])
def test_each_operation_sends_its_method_path_and_key(server: FaultServer, client: Webdata, operation: ClientOperation) -> None:
    server.default = Answer(401, {"success": False, "error": "stop here"})
    with pytest.raises(errors.AuthenticationError):
        _method(client, operation)(**_arguments(operation))
    (sent,) = server.received
    assert sent.method == operation.http_method
    assert sent.path.split("?")[0] == operation.path_template.format(**{p.wire: JOB_ID for p in operation.path})
    assert sent.headers["Authorization"] == "Bearer wd-test"


def test_only_what_the_caller_set_is_sent(server: FaultServer, client: Webdata) -> None:
    server.queue(Answer(400, {"success": False, "error": "stop"}))
    with pytest.raises(errors.BadRequestError):
        client.scrape("https://example.com/old", lockdown=True)
    assert server.received[0].body == {"url": "https://example.com/old", "lockdown": True}


def test_python_names_and_models_go_on_the_wire_as_the_contract_names_them(server: FaultServer, client: Webdata) -> None:
    server.queue(Answer(400, {"success": False, "error": "stop"}))
    with pytest.raises(errors.BadRequestError):
        client.batch_scrape.start(
            ["https://a.example", "not a url"],
            ignore_invalid_urls=True,
            remove_base64_images=False,
            formats=["markdown", client_models.JsonFormat(type="json", schema={"type": "object"}), {"type": "screenshot", "fullPage": True}],
            actions=[{"type": "wait", "milliseconds": 5}],
        )
    assert server.received[0].body == {
        "urls": ["https://a.example", "not a url"],
        "ignoreInvalidURLs": True,
        "removeBase64Images": False,
        "formats": ["markdown", {"type": "json", "schema": {"type": "object"}}, {"type": "screenshot", "fullPage": True}],
        "actions": [{"type": "wait", "milliseconds": 5}],
    }


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        # The rule in the schema's words, not only a count.
        (
            {"actions": [{"type": "wait", "milliseconds": 5, "selector": "#a"}]},
            "actions[0] (wait): at most 2 fields, got 3 (milliseconds, selector, type): Wait for a number of milliseconds or for a selector;"
            " exactly one of the two, nothing else.",
        ),
        ({"timeout": "5000"}, "timeout: expected an integer, got '5000' (str)"),
        # The member the value's type names, not one error per member of the union.
        ({"formats": [{"type": "json", "schemma": {}}]}, "formats[0] (json): unknown field 'schemma'"),
        ({"formats": ["markdown", {"type": "screenshot", "fullPage": "yes"}]}, "formats[1] (screenshot).fullPage: expected a boolean, got 'yes' (str)"),
        ({"formats": ["markdwn"]}, "formats[0]: 'markdwn' is not one of 'markdown', 'html', "),
        ({"location": {"country": "us"}}, "location.country: string should match pattern"),
        ({"max_age": -1, "timeout": "1"}, "max_age: should be greater than or equal to 0, got -1; timeout: expected an integer, got '1' (str)"),
    ],
)
def test_requests_that_break_the_contract_are_refused_before_sending(server: FaultServer, client: Webdata, arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(errors.InvalidRequestError) as raised:
        client.scrape("https://example.com", **arguments)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value) and "errors.pydantic.dev" not in str(raised.value), str(raised.value)
    assert raised.value.problems and all("loc" in problem for problem in raised.value.problems)
    assert server.received == []


def test_an_unknown_keyword_is_a_type_error(client: Webdata) -> None:
    with pytest.raises(TypeError, match="onlyMainContnet"):
        client.scrape("https://example.com", onlyMainContnet=False)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("answer", "error", "text"),
    [
        (Answer(503, b"<html><body>Service Unavailable</body></html>", {"Content-Type": "text/html"}), errors.InternalServerError, "Service Unavailable"),
        (Answer(500, b"oops", {"Content-Type": "text/plain"}), errors.InternalServerError, "oops"),
        (Answer(429, b"", {"Retry-After": "1"}), errors.RateLimitError, ""),
        (Answer(418, {"success": False, "error": "teapot"}), errors.APIStatusError, "teapot"),
        (Answer(410, {"success": False, "error": "undocumented here"}), errors.APIStatusError, "undocumented here"),
    ],
)
def test_odd_answers_raise_status_errors_with_the_text(server: FaultServer, client: Webdata, answer: Answer, error: type[Exception], text: str) -> None:
    server.queue(answer)
    with pytest.raises(errors.APIStatusError) as raised:
        client.scrape("https://example.com")
    assert type(raised.value) is error
    assert (text in raised.value.text and raised.value.body is None) or isinstance(raised.value.body, dict)


def test_a_success_that_is_not_json_or_not_the_contract_raises(server: FaultServer, client: Webdata) -> None:
    server.queue(Answer(200, b"<html>hello</html>", {"Content-Type": "text/html"}), Answer(200, {"success": True}))
    with pytest.raises(errors.UnexpectedResponseError, match="not JSON"):
        client.team.get_token_usage()
    with pytest.raises(errors.UnexpectedResponseError, match="does not match"):
        client.team.get_token_usage()


def test_responses_from_a_newer_server_are_read(server: FaultServer, client: Webdata) -> None:
    server.queue(
        Answer(
            200,
            {
                **JOB_STATUS,
                "status": "paused",
                "region": "eu",
                "data": [{"markdown": "# a", "metadata": {"sourceURL": "u", "statusCode": 200, "newMeta": 1}, "podcast": "x"}],
            },
        )
    )
    status = client.crawl.get_status(JOB_ID)
    assert status.status == "paused" and status.model_extra == {"region": "eu"}  # type: ignore[comparison-overlap]  # a status this version does not know
    assert status.data[0].markdown == "# a" and status.data[0].model_extra == {"podcast": "x"}


def test_an_error_reads_as_one_line_naming_the_field(server: FaultServer, client: Webdata) -> None:
    issues = [
        {"code": "unrecognized_keys", "keys": ["onlyMainContnet"], "path": [], "message": "Unrecognized key in body"},
        {"code": "custom", "path": ["scrapeOptions", "waitFor"], "message": "waitFor must not exceed half of timeout"},
    ]
    server.queue(Answer(400, {"success": False, "code": "BAD_REQUEST", "error": "Bad Request", "details": issues}))
    with pytest.raises(errors.BadRequestError) as raised:
        client.scrape("https://example.com")
    text = str(raised.value)
    # The status is the error's status_code, not repeated in its text; each problem names its field.
    assert text == "Bad Request — unknown key(s) onlyMainContnet; scrapeOptions.waitFor: waitFor must not exceed half of timeout"
    assert raised.value.status_code == 400 and "\n" not in text
    server.queue(Answer(404, {"success": False, "code": "SCRAPE_NO_CACHED_DATA", "error": "No cached data"}))
    with pytest.raises(errors.NotFoundError, match="^SCRAPE_NO_CACHED_DATA: No cached data$"):
        client.scrape("https://example.com")
    # The server's one rule, as its error and as its only issue: said once, not twice.
    rule = "waitFor must not exceed half of timeout"
    issue = {"code": "custom", "path": ["waitFor"], "message": rule}
    server.queue(Answer(400, {"success": False, "code": "BAD_REQUEST", "error": rule, "details": [issue]}))
    with pytest.raises(errors.BadRequestError) as once:
        client.scrape("https://example.com")
    assert str(once.value) == rule


# -- retries ---------------------------------------------------------------------------------------


def test_429_is_retried_after_retry_after_seconds(server: FaultServer) -> None:
    server.queue(
        Answer(429, {"success": False, "error": "slow down"}, {"Retry-After": "1"}),
        Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}}),
    )
    with Webdata(api_key="k", base_url=server.base_url, max_retries=2) as made:
        page = made.scrape("https://example.com")  # a POST: a 429 did no work
    assert page.metadata.status_code == 200
    (gap,) = server.gaps()
    assert gap == pytest.approx(1.0, rel=0.10)


def test_retry_after_as_an_http_date(server: FaultServer) -> None:
    when = time.time() + 2.5
    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": email.utils.formatdate(when, usegmt=True)}), Answer(200, JOB_STATUS))
    with Webdata(api_key="k", base_url=server.base_url, max_retries=1) as made:
        made.crawl.get_status(JOB_ID)
    expected = int(when) - (time.time() - (time.monotonic() - server.received[0].at))
    (gap,) = server.gaps()
    assert gap == pytest.approx(expected, rel=0.10, abs=0.05)


def test_backoff_doubles_with_jitter(server: FaultServer) -> None:
    server.queue(*(Answer(500, {"success": False, "error": "x"}) for _ in range(3)), Answer(200, JOB_STATUS))
    with Webdata(api_key="k", base_url=server.base_url, max_retries=3).with_options(backoff=0.2) as made:
        made.batch_scrape.get_status(JOB_ID)
    gaps = server.gaps()
    assert len(gaps) == 3
    for attempt, gap in enumerate(gaps):
        nominal = 0.2 * 2**attempt
        assert 0.75 * nominal * 0.95 <= gap <= nominal * 1.10 + 0.02, (attempt, gap)


@pytest.mark.parametrize(("status", "retried"), [(500, False), (502, False), (503, False), (408, False), (429, True)])
def test_a_post_is_not_sent_twice_unless_refused_before_work(server: FaultServer, status: int, retried: bool) -> None:
    server.queue(Answer(status, {"success": False, "error": "x"}, {"Retry-After": "0"}), Answer(200, {"success": True, "id": JOB_ID, "url": "u"}))
    with Webdata(api_key="k", base_url=server.base_url, max_retries=2) as made:
        if retried:
            made.crawl.start("https://example.com")
        else:
            with pytest.raises(errors.APIStatusError):
                made.crawl.start("https://example.com")
    assert len(server.received) == (2 if retried else 1)


@pytest.mark.parametrize("status", [500, 502, 503, 504, 408])
def test_get_and_delete_are_retried_on_server_errors(server: FaultServer, status: int) -> None:
    server.queue(
        Answer(status, b"bad gateway", {"Retry-After": "0"}),
        Answer(200, JOB_STATUS),
        Answer(status, b"x", {"Retry-After": "0"}),
        Answer(200, {"status": "cancelled"}),
    )
    with Webdata(api_key="k", base_url=server.base_url, max_retries=1) as made:
        assert made.batch_scrape.get_status(JOB_ID).status == "completed"
        assert made.batch_scrape.cancel(JOB_ID).status == "cancelled"
    assert [r.method for r in server.received] == ["GET", "GET", "DELETE", "DELETE"]


def test_retries_are_bounded_and_configurable_per_call(server: FaultServer) -> None:
    server.default = Answer(503, b"down", {"Retry-After": "0"})
    with Webdata(api_key="k", base_url=server.base_url, max_retries=1) as made:
        with pytest.raises(errors.InternalServerError):
            made.team.get_credit_usage()
        assert len(server.received) == 2
        with pytest.raises(errors.InternalServerError):
            made.with_options(max_retries=4).team.get_credit_usage()
        assert len(server.received) == 2 + 5
        with pytest.raises(errors.InternalServerError):
            made.team.get_credit_usage()  # the client itself is unchanged
        assert len(server.received) == 2 + 5 + 2


# -- timeouts and connections ----------------------------------------------------------------------


def test_a_stuck_get_times_out_and_is_retried(server: FaultServer) -> None:
    server.default = Answer(200, JOB_STATUS, delay=1.0)
    with Webdata(api_key="k", base_url=server.base_url, timeout=0.2, max_retries=1).with_options(backoff=0.01) as made:
        started = time.monotonic()
        with pytest.raises(errors.APITimeoutError):
            made.crawl.get_status(JOB_ID)
        assert time.monotonic() - started < 1.0
    assert len(server.received) == 2


def test_a_stuck_post_times_out_once(server: FaultServer) -> None:
    server.default = Answer(200, {"success": True}, delay=1.0)
    with Webdata(api_key="k", base_url=server.base_url, max_retries=3) as made:
        with pytest.raises(errors.APITimeoutError):
            made.with_options(timeout=0.2).scrape("https://example.com")
    assert len(server.received) == 1


def test_a_dropped_connection_after_sending_a_post_is_not_retried(server: FaultServer) -> None:
    server.queue(Answer(drop=True))
    with Webdata(api_key="k", base_url=server.base_url, max_retries=3) as made, pytest.raises(errors.APIConnectionError):
        made.extract.start(urls=["https://example.com"], prompt="p")
    assert len(server.received) == 1


def test_nothing_listening_is_a_connection_error_after_retries() -> None:
    with FaultServer() as gone:
        url = gone.base_url
    with Webdata(api_key="k", base_url=url, max_retries=2).with_options(backoff=0.01) as made, pytest.raises(errors.APIConnectionError) as raised:
        made.scrape("https://example.com")
    assert not isinstance(raised.value, errors.APITimeoutError)


def test_the_default_timeout_is_finite() -> None:
    with Webdata(api_key="k") as made:
        assert made.options.timeout.read == 120.0 and made.options.timeout.connect == 10.0


# -- configuration ---------------------------------------------------------------------------------


def test_key_and_base_url_from_the_environment(monkeypatch: pytest.MonkeyPatch, server: FaultServer) -> None:
    for name in ("WEBDATA_API_KEY", "FIRECRAWL_API_KEY", "WEBDATA_BASE_URL", "FIRECRAWL_API_URL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(errors.ConfigurationError, match="WEBDATA_API_KEY"):
        Webdata()
    monkeypatch.setenv("WEBDATA_API_KEY", "wd-env")
    assert Webdata().options.base_url == webdata_client.DEFAULT_BASE_URL == "http://127.0.0.1:3002"
    monkeypatch.setenv("WEBDATA_BASE_URL", server.base_url)
    server.queue(Answer(401, {"success": False, "error": "Unauthorized"}))
    with Webdata() as made, pytest.raises(errors.AuthenticationError):
        made.team.get_token_usage()
    assert server.received[0].headers["Authorization"] == "Bearer wd-env"
    with pytest.raises(errors.ConfigurationError, match="not an http"):
        Webdata(base_url="ftp://example.com")


# -- jobs ------------------------------------------------------------------------------------------


def test_wait_polls_until_a_terminal_state_and_gathers_every_page(server: FaultServer, client: Webdata) -> None:
    doc = {"metadata": {"sourceURL": "u", "statusCode": 200}}
    server.queue(
        Answer(200, {**JOB_STATUS, "status": "scraping", "completed": 0, "total": 3}),
        Answer(200, {**JOB_STATUS, "total": 3, "data": [doc], "next": f"{server.base_url}/v2/crawl/{JOB_ID}?skip=1"}),
        Answer(200, {**JOB_STATUS, "total": 3, "data": [doc], "next": f"/v2/crawl/{JOB_ID}?skip=2"}),
        Answer(200, {**JOB_STATUS, "total": 3, "data": [doc]}),
    )
    done = client.crawl.wait(JOB_ID, poll_interval=0.05)
    assert done.status == "completed" and len(done.data) == 3 and done.next is None
    assert [r.path for r in server.received] == [f"/v2/crawl/{JOB_ID}"] * 2 + [f"/v2/crawl/{JOB_ID}?skip=1", f"/v2/crawl/{JOB_ID}?skip=2"]
    assert all(r.headers["Authorization"] == "Bearer wd-test" for r in server.received)


def test_wait_gives_up_at_the_deadline_with_the_last_status(server: FaultServer, client: Webdata) -> None:
    server.default = Answer(200, {"success": True, "id": JOB_ID, "status": "processing"})
    with pytest.raises(errors.JobTimeoutError) as raised:
        client.extract.wait(JOB_ID, poll_interval=0.05, max_wait=0.3)
    assert raised.value.last.status == "processing"
    assert 3 <= len(server.received) <= 8


def test_start_and_wait(server: FaultServer, client: Webdata) -> None:
    server.queue(Answer(200, {"success": True, "id": JOB_ID}), Answer(200, {"success": True, "id": JOB_ID, "status": "completed", "data": {"a": 1}}))
    done = client.agent.start_and_wait("find prices", poll_interval=0.01)
    assert done.status == "completed" and done.data == {"a": 1}
    assert [(r.method, r.body) for r in server.received] == [("POST", {"prompt": "find prices"}), ("GET", None)]


@pytest.mark.parametrize("link", ["http://evil.example/v2/crawl/x?skip=1", "https://127.0.0.1/v2/crawl/x", "//evil.example/next"])
def test_next_to_another_origin_is_refused(server: FaultServer, client: Webdata, link: str) -> None:
    server.queue(Answer(200, {**JOB_STATUS, "data": [{"metadata": {"sourceURL": "u", "statusCode": 200}}], "next": link}))
    documents = client.crawl.iter_documents(JOB_ID)
    assert next(documents).metadata.source_url == "u"
    with pytest.raises(errors.UnsafeNextLinkError):
        next(documents)
    assert len(server.received) == 1


def test_next_to_another_port_of_this_host_is_refused_and_gets_nothing(server: FaultServer, client: Webdata) -> None:
    with FaultServer() as other:
        server.queue(Answer(200, {**JOB_STATUS, "next": f"{other.base_url}/v2/batch/scrape/{JOB_ID}?skip=1"}))
        with pytest.raises(errors.UnsafeNextLinkError):
            client.batch_scrape.wait(JOB_ID)
        assert other.received == []


# -- async -----------------------------------------------------------------------------------------


def test_async_client_has_the_same_surface() -> None:
    def surface(cls: type) -> dict[str, set[str]]:
        made = cls(api_key="k")
        return {tag: {m for m in dir(getattr(made, tag)) if not m.startswith("_")} for tag in {op.tag for op in OPERATIONS}}

    assert surface(Webdata) == surface(AsyncWebdata)


def test_async_retries_and_concurrency(server: FaultServer) -> None:
    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": "0.2"}))
    server.default = Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}})

    async def main() -> list[int]:
        async with AsyncWebdata(api_key="k", base_url=server.base_url) as made:
            pages = await asyncio.gather(*(made.scrape(f"https://example.com/{n}") for n in range(3)))
            with pytest.raises(errors.NotFoundError):
                server.queue(Answer(404, {"success": False, "error": "Job not found."}))
                await made.crawl.get_status(JOB_ID)
            return [page.metadata.status_code for page in pages]

    assert asyncio.run(main()) == [200, 200, 200]
    assert len(server.received) == 5


def test_async_wait_and_iteration(server: FaultServer) -> None:
    doc = {"metadata": {"sourceURL": "u", "statusCode": 200}}
    server.queue(Answer(200, {**JOB_STATUS, "data": [doc], "next": f"/v2/batch/scrape/{JOB_ID}?skip=1"}), Answer(200, {**JOB_STATUS, "data": [doc, doc]}))

    async def main() -> int:
        async with AsyncWebdata(api_key="k", base_url=server.base_url) as made:
            return len([d async for d in made.batch_scrape.iter_documents(JOB_ID)])

    assert asyncio.run(main()) == 3


def test_an_http_client_can_be_passed_in(server: FaultServer) -> None:
    server.queue(
        Answer(
            200,
            {
                "success": True,
                "data": {"remainingTokens": 1, "planTokens": 2, "billingPeriodStart": "2026-11-01T00:00:00Z", "billingPeriodEnd": "2026-12-01T00:00:00Z"},
            },
        )
    )
    with httpx.Client(headers={"X-Trace": "t"}) as http:
        made = Webdata(api_key="k", base_url=server.base_url, http_client=http, default_headers={"X-Team": "a"})
        assert made.team.get_token_usage().remaining_tokens == 1
        made.close()
        assert not http.is_closed  # not ours to close
    assert server.received[0].headers["X-Team"] == "a"


def test_a_long_retry_wait_is_announced(server: FaultServer, caplog: pytest.LogCaptureFixture) -> None:
    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": "0.2"}), Answer(200, JOB_STATUS))
    with caplog.at_level("INFO", logger="webdata_client"), Webdata(api_key="k", base_url=server.base_url, max_retries=1) as made:
        made.crawl.get_status(JOB_ID)
    [record] = caplog.records
    assert record.levelname == "INFO" and "answered 429; retry 1 of 1 in 0.2 s" in record.getMessage()
    import webdata_client.client as transport

    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": "0.2"}), Answer(200, JOB_STATUS))
    caplog.clear()
    with pytest.MonkeyPatch.context() as patch, caplog.at_level("INFO", logger="webdata_client"):
        patch.setattr(transport, "LONG_RETRY_WAIT", 0.1)
        with Webdata(api_key="k", base_url=server.base_url, max_retries=1) as made:
            made.crawl.get_status(JOB_ID)
    assert [r.levelname for r in caplog.records] == ["WARNING"]


def test_job_timeout_comes_when_max_wait_has_passed(server: FaultServer) -> None:
    server.default = Answer(200, {**JOB_STATUS, "status": "scraping"})
    with Webdata(api_key="k", base_url=server.base_url) as made:
        began = time.monotonic()
        with pytest.raises(errors.JobTimeoutError, match="still scraping after 1.0 s"):
            made.crawl.wait(JOB_ID, poll_interval=0.4, max_wait=1.0)
    assert time.monotonic() - began >= 1.0  # not at 0.8 s, the last whole interval before it


# -- the second pass: one shape for every job, progress, failures, envelopes --------------------------


def test_watch_yields_each_change_once_and_ends_with_every_document(server: FaultServer, client: Webdata) -> None:
    doc = {"metadata": {"sourceURL": "u", "statusCode": 200}}
    server.queue(
        Answer(200, {**JOB_STATUS, "status": "scraping", "completed": 0, "total": 0}),
        Answer(200, {**JOB_STATUS, "status": "scraping", "completed": 0, "total": 0}),  # no change: not yielded
        Answer(200, {**JOB_STATUS, "status": "scraping", "completed": 1, "total": 2, "data": [doc]}),
        Answer(200, {**JOB_STATUS, "completed": 2, "total": 2, "data": [doc], "next": f"/v2/crawl/{JOB_ID}?skip=1"}),
        Answer(200, {**JOB_STATUS, "completed": 2, "total": 2, "data": [doc]}),
    )
    seen = [(s.status, s.completed, s.total, len(s.data), s.next) for s in client.crawl.watch(JOB_ID, poll_interval=0.01)]
    assert seen == [("scraping", 0, 0, 0, None), ("scraping", 1, 2, 1, None), ("completed", 2, 2, 2, None)]
    assert server.upgrades == [f"/v2/crawl/{JOB_ID}"]  # the socket was tried first, then polling


def test_a_job_that_ends_failed_or_cancelled_raises_unless_asked_not_to(server: FaultServer, client: Webdata) -> None:
    failed = {"success": True, "id": JOB_ID, "status": "failed", "error": "All provided URLs are invalid."}
    server.queue(Answer(200, failed))
    with pytest.raises(errors.JobFailedError, match=f"job {JOB_ID} ended failed: All provided URLs are invalid") as raised:
        client.extract.wait(JOB_ID)
    assert raised.value.status == "failed" and raised.value.last.error == "All provided URLs are invalid."
    server.queue(Answer(200, {**JOB_STATUS, "status": "cancelled"}))
    with pytest.raises(errors.JobFailedError, match="ended cancelled$"):
        client.batch_scrape.wait(JOB_ID, via="poll")
    server.queue(Answer(200, failed))
    assert client.extract.wait(JOB_ID, raise_on_failure=False).status == "failed"


def test_every_job_resource_starts_and_waits_when_called(server: FaultServer, client: Webdata) -> None:
    statuses: list[str] = []
    server.queue(Answer(200, {"success": True, "id": JOB_ID}), Answer(200, {"success": True, "id": JOB_ID, "status": "processing"}))
    server.queue(Answer(200, {"success": True, "id": JOB_ID, "status": "completed", "data": {"a": 1}}))
    done = client.agent("find prices", poll_interval=0.01, on_status=lambda s: statuses.append(s.status))
    assert done.data == {"a": 1} and statuses == ["processing", "completed"]
    assert [(r.method, r.path) for r in server.received] == [("POST", "/v2/agent"), ("GET", f"/v2/agent/{JOB_ID}"), ("GET", f"/v2/agent/{JOB_ID}")]
    for tag in ("crawl", "batch_scrape", "extract", "agent"):
        resource = getattr(client, tag)
        assert callable(resource) and resource.start_and_wait == resource.__call__, tag


def test_help_lists_every_resource_and_its_operations() -> None:
    import pydoc

    text = pydoc.render_doc(Webdata, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    for tag in {op.tag for op in OPERATIONS}:
        assert f"\n |  {tag}\n" in text, f"help(Webdata) does not list {tag}"
    assert "Many pages scraped as one asynchronous job" in text  # each resource says what it is
    crawl = pydoc.render_doc(type(Webdata(api_key="k").crawl), renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    assert all(f" |  {name}(self" in crawl for name in ("__call__", "start", "get_status", "cancel", "wait", "watch", "iter_documents"))


def test_pure_envelopes_return_their_data(server: FaultServer, client: Webdata) -> None:
    usage = {"remainingTokens": 1, "planTokens": 2, "billingPeriodStart": "2026-11-01T00:00:00Z", "billingPeriodEnd": "2026-12-01T00:00:00Z"}
    server.queue(Answer(200, {"success": True, "data": usage}), Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}}))
    assert isinstance(client.team.get_token_usage(), client_models.TokenUsage)
    assert isinstance(client.scrape("https://example.com"), client_models.Document)
    unwrapped = {op.operation_id: op.unwrap for op in OPERATIONS if op.unwrap}
    assert unwrapped == {
        "scrapeUrl": "Document",
        "parseFile": "Document",
        "getParseFormats": "ParseFormats",
        "getTokenUsage": "TokenUsage",
        "getCreditUsage": "CreditUsage",
        "createMonitor": "Monitor",
        "getMonitor": "Monitor",
        "updateMonitor": "Monitor",
    }


def test_one_retry_wait_is_capped_by_max_retry_wait(server: FaultServer) -> None:
    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": "60"}), Answer(200, JOB_STATUS))
    with Webdata(api_key="k", base_url=server.base_url, max_retry_wait=0.2) as made:
        made.crawl.get_status(JOB_ID)
    assert server.gaps()[0] < 5  # not the minute asked for
    server.queue(Answer(429, {"success": False, "error": "x"}, {"Retry-After": "60"}), Answer(200, JOB_STATUS))
    with Webdata(api_key="k", base_url=server.base_url).with_options(max_retry_wait=0.1) as made:
        made.crawl.get_status(JOB_ID)
    assert server.gaps()[2] < 5


def test_a_client_given_its_own_http_client_never_opens_a_socket(server: FaultServer) -> None:
    server.default = Answer(200, JOB_STATUS)
    with httpx.Client() as http:
        made = Webdata(api_key="k", base_url=server.base_url, http_client=http)
        assert made.crawl.wait(JOB_ID).status == "completed"
        assert made.with_options(max_retries=1).crawl.wait(JOB_ID).status == "completed"
    assert server.upgrades == []


def test_via_socket_insists(server: FaultServer, client: Webdata) -> None:
    with pytest.raises(errors.APIConnectionError, match="WebSocket"):
        client.crawl.wait(JOB_ID, via="socket")
    assert server.received == []


def test_a_dropped_sync_client_closes_its_connections(server: FaultServer) -> None:
    server.queue(Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}}))
    made = Webdata(api_key="k", base_url=server.base_url)
    made.scrape("https://example.com")  # a connection in the pool
    http = made._http
    passed_in = httpx.Client()
    borrowed = Webdata(api_key="k", base_url=server.base_url, http_client=passed_in)
    del made, borrowed
    gc.collect()
    assert http.is_closed
    assert not passed_in.is_closed  # a client passed in is the caller's to close
    passed_in.close()
    # A copy from with_options keeps using the connections after its original is dropped.
    server.queue(Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}}))
    copy = Webdata(api_key="k", base_url=server.base_url).with_options(max_retries=0)
    gc.collect()
    assert copy.scrape("https://example.com").metadata.status_code == 200
    copy.close()


def test_a_pydantic_class_is_sent_as_its_json_schema(server: FaultServer, client: Webdata) -> None:
    class Product(BaseModel):
        name: str
        price: float

    server.queue(Answer(400, {"success": False, "error": "stop"}), Answer(400, {"success": False, "error": "stop"}))
    with pytest.raises(errors.BadRequestError):
        client.extract.start(urls=["https://example.com"], schema=Product)
    with pytest.raises(errors.BadRequestError):
        client.scrape("https://example.com", formats=[{"type": "json", "schema": Product}])
    extract, scrape = (sent.body for sent in server.received)
    assert extract["schema"] == Product.model_json_schema() == scrape["formats"][0]["schema"]
    assert extract["schema"]["required"] == ["name", "price"]


def test_docstrings_are_written_for_users() -> None:
    """No reference a user cannot look up (the source document's sections, the package's source)."""
    documented = [webdata_client.Webdata, webdata_client.AsyncWebdata]
    for client_class in (webdata_client.Webdata, webdata_client.AsyncWebdata):
        for name, member in vars(client_class).items():
            if isinstance(member, property) and not name.startswith("_"):
                resource = inspect.signature(member.fget).return_annotation if member.fget else None
                documented.append(getattr(webdata_client.resources, str(resource)))
    assert len(documented) == 2 + 2 * 14  # the two clients and each flavour's fourteen resources
    texts = []
    for cls in documented:
        texts.append(inspect.getdoc(cls) or "")
        texts += [inspect.getdoc(m) or "" for _, m in inspect.getmembers(cls, inspect.isfunction)]
    assert len(texts) > 50
    assert not [t for t in texts if "seed §" in t or "see ``client.py``" in t]
    # Every parameter of every operation's method is in its Args, with the waiting ones of a job.
    undocumented = []
    for cls in documented[2:]:
        for name, method in inspect.getmembers(cls, inspect.isfunction):
            if name.startswith("_") and name != "__call__":
                continue
            doc = inspect.getdoc(method) or ""
            for parameter in list(inspect.signature(method).parameters)[1:]:
                if f"    {parameter}:" not in doc and f"``{parameter}``" not in doc:
                    undocumented.append(f"{cls.__name__}.{name}({parameter})")
    assert not undocumented, undocumented


def test_one_except_catches_an_invalid_request_whoever_found_it(server: FaultServer, client: Webdata) -> None:
    """``except BadRequestError`` (the habit) catches the client's refusal before sending and the
    server's 400 alike; ``sent`` and ``request_id`` tell them apart."""
    with pytest.raises(errors.BadRequestError) as local:
        client.scrape("https://example.com", timeout=500)
    assert isinstance(local.value, errors.InvalidRequestError) and isinstance(local.value, ValueError)
    assert (local.value.status_code, local.value.code, local.value.sent, local.value.request_id) == (400, "BAD_REQUEST", False, None)
    assert str(local.value).startswith("timeout: should be greater than or equal to 1000") and server.received == []
    refusal = {"success": False, "code": "BAD_REQUEST", "error": "waitFor must not exceed half of timeout", "details": [{"code": "custom", "path": ["waitFor"], "message": "waitFor must not exceed half of timeout"}]}
    server.queue(Answer(400, refusal, headers={"X-Request-Id": "req-9"}))
    with pytest.raises(errors.BadRequestError) as answered:
        client.scrape("https://example.com", wait_for=3000, timeout=5000)
    assert not isinstance(answered.value, errors.InvalidRequestError)
    assert (answered.value.status_code, answered.value.sent, answered.value.request_id) == (400, True, "req-9")
    assert str(answered.value) == "waitFor must not exceed half of timeout"  # said once


def test_a_pydantic_class_is_a_schema_on_the_models_too(server: FaultServer, client: Webdata) -> None:
    from pydantic import BaseModel

    class Product(BaseModel):
        name: str
        price: float

    assert client_models.JsonFormat(schema=Product) == client_models.JsonFormat(schema=Product.model_json_schema())
    server.queue(Answer(200, {"success": True, "data": {"metadata": {"sourceURL": "u", "statusCode": 200}}}))
    client.scrape("https://example.com", formats=[client_models.JsonFormat(schema=Product)])
    (sent,) = server.received
    assert sent.body["formats"] == [{"type": "json", "schema": Product.model_json_schema()}]


def test_clients_share_one_tls_context_per_trust_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading the CA bundle took ~45 ms for every client made (issue 59); it is made once per
    process for each SSL_CERT_FILE / SSL_CERT_DIR setting, as httpx reads them."""
    import certifi
    from webdata_client import _base_client

    made: list[Any] = []
    real = httpx.create_ssl_context

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(httpx, "create_ssl_context", counted)
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    _base_client._trust_for.cache_clear()
    clients: list[Any] = [Webdata(api_key="k", base_url="http://127.0.0.1:9"), Webdata(api_key="k", base_url="http://127.0.0.1:9"), AsyncWebdata(api_key="k", base_url="http://127.0.0.1:9")]
    assert len(made) == 1
    assert {id(client._http._transport._pool._ssl_context) for client in clients} == {id(made[0])}
    monkeypatch.setenv("SSL_CERT_FILE", certifi.where())
    clients.append(Webdata(api_key="k", base_url="http://127.0.0.1:9"))
    assert len(made) == 2 and clients[-1]._http._transport._pool._ssl_context is made[1]
    for client in clients[:2] + clients[3:]:
        client.close()
    asyncio.run(clients[2].close())
    _base_client._trust_for.cache_clear()
