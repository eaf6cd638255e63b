"""The README of each generated distribution, written from the bundle (part of stage ``package``)."""

from __future__ import annotations

import json
from typing import Any

from generator.load import deref
from generator.naming import ClientOperation, call_expression, jobs, operations_by_resource, sends

__all__ = ["client_readme", "models_readme", "operations"]


def operations(bundle: dict[str, Any]) -> list[dict[str, str]]:
    """Every operation in path order: operationId, method, path, tag and summary."""
    found = []
    for path, item in bundle.get("paths", {}).items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                tags = operation.get("tags") or ["default"]
                found.append({"id": operation["operationId"], "method": method.upper(), "path": path, "tag": tags[0], "summary": operation.get("summary", "")})
    return found


def _header(name: str, bundle: dict[str, Any], what: str) -> list[str]:
    info = bundle.get("info", {})
    return [
        f"# {name}",
        "",
        f"{what} for the {info.get('title', 'API')} (contract version {info.get('version', '?')}), generated from its OpenAPI 3.1",
        "document by webdata-api's build. Do not edit: the code changes only through the contract, the",
        "generator's configuration or its templates, and a change of code always comes with a new version.",
        "",
        "```sh",
        f"pip install --find-links dist {name}   # from a clone of this repository: make dist builds dist/ (not on an index)",
        "```",
        "",
    ]


def models_readme(name: str, bundle: dict[str, Any]) -> str:
    """README of ``webdata-models``: what it holds and how to validate and dump for the wire."""
    schemas = sorted((bundle.get("components") or {}).get("schemas") or {})
    lines = _header(name, bundle, "Pydantic v2 models")
    lines += [
        "```python",
        "from webdata_models import ScrapeOptions",
        "",
        'options = ScrapeOptions.model_validate({"formats": ["markdown"], "timeout": 30000})',
        "options.timeout                                            # 30000",
        'options.model_dump(mode="json", by_alias=True, exclude_unset=True)  # what the caller set',
        "```",
        "",
        'Every default, bound, pattern and enum of the contract is enforced; scalars are strict (`"5"` is',
        "not an integer) and an unknown field is refused with its name (`onlyMainContnet`). Attributes are",
        "snake_case (`ignore_invalid_urls`, `raw_base64`) with the contract's names as aliases; both are",
        "accepted on input, so dump with `by_alias=True`. `json` and `schema` keep their names although",
        "pydantic's `BaseModel` has deprecated methods called so: `document.json` is the document's JSON and",
        "`JsonFormat(schema=...)` type-checks (serialise with `model_dump_json()`, not `.json()`, which",
        "mypy refuses). A variant's fixed `type` need not be given: `JsonFormat(prompt=...)` dumps with",
        '`"type": "json"`. Unions and enums are type aliases: a format is `"markdown"` or a model.',
        "",
        'To read what a server sends, validate with `extra="allow"` (unknown fields land in',
        "`model_extra`); the enums of response-only schemas also admit values this version does not know",
        "(typed as the values it knows, so a misspelt status fails the type checker).",
        "",
        "## The contract itself",
        "",
        "The bundled OpenAPI document ships inside the package, so tools read exactly the contract the",
        "models were generated from:",
        "",
        "```python",
        "import json",
        "from importlib.resources import files",
        "",
        'contract = json.loads(files("webdata_models").joinpath("openapi.json").read_text(encoding="utf-8"))',
        "```",
        "",
        f"## Models ({len(schemas)})",
        "",
        ", ".join(f"`{schema}`" for schema in schemas),
        "",
    ]
    return "\n".join(lines)


# firecrawl-py (4.x, its v2 client) beside this client, by operation: documentation about a peer
# SDK, which the bundle cannot say. An operation missing here is listed with "-".
FIRECRAWL_PY = {
    "scrapeUrl": "scrape(url, ...)",
    "startExtract": "start_extract(...); extract(...) waits",
    "getExtractStatus": "get_extract_status(id)",
    "startBatchScrape": "start_batch_scrape(urls, ...); batch_scrape(urls, ...) waits",
    "getBatchScrapeStatus": "get_batch_scrape_status(id); get_batch_scrape_status_page(next)",
    "cancelBatchScrape": "cancel_batch_scrape(id)",
    "startCrawl": "start_crawl(url, ...); crawl(url, ...) waits",
    "getCrawlStatus": "get_crawl_status(id); get_crawl_status_page(next)",
    "cancelCrawl": "cancel_crawl(id)",
    "getActiveCrawls": "get_active_crawls()",
    "previewCrawlParams": "crawl_params_preview(url, prompt)",
    "startAgent": "start_agent(...); agent(...) waits",
    "getAgentStatus": "get_agent_status(id)",
    "cancelAgent": "cancel_agent(id)",
    "listAgents": "list_agents(before=...)",
    "getAgentTrace": "get_agent_trace(id, live_view=...)",
    "getAgentSnapshot": "get_agent_snapshot(id, snapshot_id)",
    "getAgentThread": "get_agent_thread(thread_id, include_data=...)",
    "getCreditUsage": "get_credit_usage()",
    "getTokenUsage": "get_token_usage()",
    "getHistoricalCreditUsage": "-",
    "mapUrl": "map(url, ...)",
    "searchWeb": "search(query, ...)",
    "parseFile": "parse(file, ...)",
    "getHistoricalTokenUsage": "get_token_usage_historical()",
    "createMonitor": "create_monitor(name, schedule, targets, ...)",
    "listMonitors": "list_monitors(limit=, offset=)",
    "getMonitor": "get_monitor(id)",
    "updateMonitor": "update_monitor(id, ...); pause and resume: update_monitor(id, status=...)",
    "deleteMonitor": "delete_monitor(id)",
    "runMonitor": "run_monitor(id)",
    "listMonitorChecks": "list_monitor_checks(id, ...)",
    "getMonitorCheck": "get_monitor_check(id, check_id, ...)",
    "getQueueStatus": "get_queue_status()",
    "interactWithScrape": "interact(scrape_id, code, prompt=, language=, timeout=); scrape_execute (deprecated)",
    "stopInteraction": "stop_interaction(scrape_id); stop_interactive_browser, delete_scrape_browser (deprecated)",
    "createBrowser": "browser(ttl=, activity_ttl=, stream_web_view=, profile=)",
    "listBrowsers": "list_browsers(status=)",
    "executeBrowser": "browser_execute(session_id, code, language=, timeout=)",
    "deleteBrowser": "delete_browser(session_id)",
    "searchDeveloper": "developer_search(query, ...)",
    "searchGov": "gov_search(query, k, ...)",
    "searchPapers": "search_papers(query, ...)",
    "getPaper": "inspect_paper(paper_id); read_paper(paper_id, query, k=)",
    "similarPapers": "related_papers(paper_id, intent, ...)",
}


def client_readme(name: str, bundle: dict[str, Any]) -> str:
    """README of ``webdata-client``: quick start, every operation with an example, errors, retries, waiting."""
    resources = operations_by_resource(bundle)
    found_jobs = {job.status.tag: job for job in jobs(bundle, [op for ops in resources.values() for op in ops])}
    lines = _header(name, bundle, "A typed client (sync and async, on httpx and pydantic)")
    lines += [
        "## Quick start",
        "",
        "Against the reference server (`make serve` in a clone of webdata-api prints an API key):",
        "",
        "```sh",
        "export WEBDATA_API_KEY=<the key it printed>",
        "```",
        "",
        "```python",
        "from webdata_client import Webdata",
        "",
        "client = Webdata()  # WEBDATA_API_KEY; the base URL is http://127.0.0.1:3002 unless WEBDATA_BASE_URL says",
        'print(client.scrape("https://example.com", formats=["markdown"]).markdown)',
        'crawl = client.crawl("https://example.com", limit=5, on_status=lambda s: print(f"{s.completed}/{s.total}"))',
        'print([link.url for link in client.map("https://example.com", limit=5).links], client.search("coffee recipes", limit=3).data.web)',
        "```",
        "",
        "A browser session on a scrape (interact), stopped, and so billed, when the block is left:",
        "",
        "```python",
        'page = client.scrape("https://shop.example.com/app/login", profile={"name": "shop"})',
        "with client.interact.session(page.metadata.scrape_id) as session:",
        "    session.run(\"await page.fill('#username', 'ada'); await page.fill('#password', 'secret'); await page.click('#sign-in')\")",
        '    print(session.run(prompt="What does the page say?").output)',
        "with client.browser.session(ttl=120) as browser:  # a standalone session",
        '    print(browser.run("agent-browser open https://example.com && agent-browser get title", language="bash").result)',
        "```",
        "",
        "A run that fails (code that throws, a prompt the agent cannot follow) is returned with",
        "`success`, `exit_code` and `stderr` saying so; `run(..., check=True)` raises `ExecutionFailedError`",
        "instead. An ended session answers `GoneError` (410).",
        "",
        "Formats with fields in one call each (`webdata_client.formats`); those without are their names:",
        "",
        "```python",
        "from webdata_client import formats",
        "",
        "page = client.scrape(",
        '    "https://shop.example.com/products/trail-runner",',
        '    formats=["product", formats.question("What does it cost?"), formats.attributes({"li.variant": "data-sku"})],',
        ")",
        "print(page.product.variants[0].price.amount, page.answer, page.attributes[0].values)",
        "```",
        "",
        *_check_waiting(bundle),
        "`AsyncWebdata` has the same surface with `await` (and `async with`, `async for`).",
        "`api_key` falls back to `WEBDATA_API_KEY` (then `FIRECRAWL_API_KEY`), `base_url` to `WEBDATA_BASE_URL`",
        "(then `FIRECRAWL_API_URL`), then to the contract's server; with no key at all the client raises",
        "`ConfigurationError` when it is made.",
        "",
        "Arguments are snake_case (`ignore_invalid_urls`, `remove_base64_images`); only the arguments you",
        "pass are sent, so the server's defaults apply to the rest (under `lockdown=True` the cache age",
        "defaults to two years, which a client filling in `maxAge` would break). Wherever the wire takes",
        "a string, a list or an object (formats, actions, parsers, a JSON Schema) a method takes it too, as",
        "well as the models of `webdata_models` (re-exported as `webdata_client.models`). A request that breaks",
        'the contract (an unknown field, `"5000"` for an integer, a `wait` action with both fields) raises',
        "`InvalidRequestError` before anything is sent, in one line that names each field, rule and value",
        "(`formats[0] (json): unknown field 'promt'`, `timeout: expected an integer, got '5000' (str)`: of a",
        "union, only the member the value's `type` names speaks); `problems` holds pydantic's details.",
        "Results are the models of `webdata_models`, read",
        "leniently: a field or an enum value this version does not know is kept, not refused. An answer that",
        "is only an envelope (`success` and `data`) is returned as its data: `client.scrape(url)` is the",
        "`Document`, `client.team.get_token_usage()` the `TokenUsage`.",
        "",
        "## Operations",
        "",
    ]
    for tag, ops in resources.items():
        lines += [f"### `client.{tag}`", ""]
        for operation in ops:
            raw = bundle["paths"][operation.path_template][operation.http_method.lower()]
            examples = _request_example(bundle, raw, operation)
            if operation.upload and isinstance(examples, dict):
                # An upload: the file first, its options as keyword arguments (client.parse("report.pdf", ...)).
                options = json.loads(examples.get("options") or "{}")
                call = call_expression(operation, body=options, leading=[repr(examples.get("file", "report.pdf"))])
            else:
                parameters = [deref(bundle, p) for p in raw.get("parameters") or []]
                query = {p["name"]: p["example"] for p in parameters if p.get("in") == "query" and "example" in p}
                call = call_expression(operation, body=examples, query=query)
            lines += [
                f"- **{operation.summary.rstrip('.')}** (`{operation.http_method} {operation.path_template}`, returns `{operation.returns}`)",
                "",
                "  ```python",
                f"  {call}",
                "  ```",
                "",
            ]
        if tag in found_jobs:
            job = found_jobs[tag]
            lines += [
                f"- `client.{tag}(...)` takes the arguments of `{job.start.method}`, starts the job and waits for it",
                f"  (`start_and_wait` is the same); `client.{tag}.wait(id)` waits for a job already started. Both",
                f"  return the terminal status ({', '.join(job.terminal)})"
                + (", with every page of documents gathered from `next`" if job.pages else "")
                + ", and take `on_status=` (called with each status as it changes),",
                f"  `poll_interval=`, `max_wait=600` and `raise_on_failure=True` (a job ending {' or '.join(job.failures)} raises `JobFailedError`).",
                f"- `for status in client.{tag}.watch(id):` yields each status as it changes, the last one terminal"
                + (
                    "; it listens on the status path's WebSocket (the contract's `x-watch`) and polls where it cannot"
                    ' (`via="auto"`, or `"socket"`, `"poll"`).'
                    if job.socket
                    else "; it polls."
                ),
            ]
            if job.pages:
                lines.append(
                    f"- `client.{tag}.get_status(id)` reads the status with every document available now (each `next` page gathered, as"
                    f" firecrawl-py's `get_{tag}_status` does); `client.{tag}.{job.status.method}(id, skip=..., limit=...)` reads one page."
                )
                lines.append(f"- `client.{tag}.iter_documents(id)` yields the documents available now, page by page.")
            lines.append("")
    lines += [
        "## Errors",
        "",
        "Every failure is raised, never returned (a job that ends failed or cancelled too, unless",
        "`raise_on_failure=False`); all derive from `WebdataError`:",
        "",
        "| error | when |",
        "|---|---|",
        "| `ConfigurationError` | no API key, a base URL that is not http(s) |",
        "| `InvalidRequestError` | the request breaks the contract; nothing was sent (a `BadRequestError`: one `except` catches what the client and the server refuse) |",
        "| `APIConnectionError`, `APITimeoutError` | no answer (refused, reset, timed out) |",
        "| `APIStatusError` | any error status; `status_code`, `headers`, `request_id`, `error`, `code`, `details`, `body`, `text`, `response` |",
        "| `BadRequestError` 400, `AuthenticationError` 401, `PaymentRequiredError` 402, `PermissionDeniedError` 403, `NotFoundError` 404, `RequestTimeoutError` 408, `ConflictError` 409, `PayloadTooLargeError` 413 | that status, where the operation documents it (an undocumented status is the base `APIStatusError`) |",
        "| `RateLimitError` 429 | `retry_after` in seconds (from `Retry-After`, seconds or HTTP date) |",
        "| `InternalServerError` | any 5xx, with the body's text when it is not JSON (a proxy's HTML page) |",
        "| `UnexpectedResponseError` | a success whose body is not JSON or not the documented shape |",
        "| `JobTimeoutError` | `wait` reached `max_wait` (raised once that much time has passed, not before); `last` is the last status read |",
        "| `JobFailedError` | a job waited on ended failed or cancelled; `last` is its final status, `status` its state |",
        "| `UnsafeNextLinkError` | a `next` link to another origin: never followed, the key never sent there |",
        "",
        "`str(error)` is one line without the status (that is `status_code`): the code where there is",
        "one, the error, then each problem of `details` with the field it concerns, for example",
        "`Bad Request — unknown key(s) onlyMainContnet; scrapeOptions.waitFor: waitFor must not exceed half of timeout`.",
        "",
        "```python",
        "from webdata_client import NotFoundError, RateLimitError",
        "",
        "try:",
        '    client.scrape("https://example.com", lockdown=True)',
        "except NotFoundError as error:",
        "    print(error.code)  # SCRAPE_LOCKDOWN_CACHE_MISS",
        "except RateLimitError as error:",
        "    print(error.retry_after)",
        "```",
        "",
        "## Timeouts and retries",
        "",
        "The default timeout is 120 s per request (10 s to connect); `timeout=` takes seconds or an",
        "`httpx.Timeout`. `max_retries` (default 2) bounds retries, with exponential backoff (0.5 s, 1 s,",
        "2 s... up to 8 s, less up to 25% of jitter) or exactly the server's `Retry-After` (capped at",
        "`max_retry_wait`, 60 s by default, an option of the client and of `with_options`). Every retry is logged by the `webdata_client` logger: a warning",
        "before a wait of 5 s or more (a silent minute would look like a hang), info otherwise.",
        "What is retried:",
        "",
        "- a connection that could not be made: every method (nothing reached the server);",
        "- 429: every method (the server refused before doing any work);",
        "- 408, 5xx, a timeout or a connection lost after sending: GET and DELETE only. A POST that starts",
        "  a job or scrapes a page may have done the work and been charged; it is never sent twice.",
        "",
        "Change them for some calls with `with_options`, which shares the client's connections:",
        "",
        "```python",
        'client.with_options(timeout=300, max_retries=5).crawl("https://example.com", limit=500)',
        "```",
        "",
        "## Coming from firecrawl-py",
        "",
        "The names that differ from firecrawl-py's v2 client (`Firecrawl`); what is not listed is the same",
        "(`client.scrape(url, formats=..., only_main_content=...)`, `document.json`, `document.metadata.source_url`,",
        "`JsonFormat(schema=...)`, `status.completed`, `status.credits_used`):",
        "",
        "| firecrawl-py | webdata-client |",
        "|---|---|",
        "| `Firecrawl(api_key=..., api_url=...)`, `AsyncFirecrawl` | `Webdata(api_key=..., base_url=...)`, `AsyncWebdata` (`FIRECRAWL_API_KEY` and `FIRECRAWL_API_URL` are read too) |",
        "| `Firecrawl(max_retries=3, backoff_factor=0.5)` | `Webdata(max_retries=2)`, `with_options(backoff=0.5, max_backoff=8)`; a POST is not retried after it may have been charged |",
        "| `start_crawl(url)`, `get_crawl_status(id)`, `cancel_crawl(id)` (and the same for batch scrape, extract, agent) | `client.crawl.start(url)`, `client.crawl.get_status(id)`, `client.crawl.cancel(id)`: one resource per job, see the table below |",
        "| `crawl(url, poll_interval=2, timeout=None)` | `client.crawl(url, poll_interval=None, max_wait=600)` |",
        "| `request_timeout=` on a call | `client.with_options(timeout=...)` |",
        '| `watcher(id, kind="crawl")` and its listeners | `for status in client.crawl.watch(id)`, or `on_status=` on `client.crawl(...)` and `wait` |',
        "| `get_crawl_status(id)` following every page (`PaginationConfig`) | `client.crawl.get_status(id)` (every page available now); `client.crawl.wait(id)` (every page, once the job ended) |",
        "| `get_crawl_status_page(next)` | `client.crawl.get_status_page(id, skip=...)`, `client.crawl.iter_documents(id)` |",
        "| `ScrapeOptions(...)`, `JsonFormat(...)`, `WaitAction(...)` from `firecrawl.v2.types` | a dict with the wire's names, or the same models from `webdata_client.models` |",
        '| `AttributesFormat(selectors=[AttributeSelector(selector="li", attribute="data-sku")])`, `QuestionFormat(question=...)`, `HighlightsFormat(query=...)` | `formats.attributes({"li": "data-sku"})`, `formats.question(...)`, `formats.highlights(...)`; `document.attributes` is read (firecrawl-py\'s `Document` drops it) |',
        '| `JsonFormat(schema=Product)`, `extract(schema=Product)` with a pydantic class | `{"type": "json", "schema": Product}`, `client.extract.start(schema=Product)`: a class is sent as its `model_json_schema()` |',
        "| `FirecrawlError` | `WebdataError`; an error answer is `APIStatusError` (`status_code`, `error`, `code`, `details`) |",
        "| `UnauthorizedError` | `AuthenticationError` |",
        "| `WebsiteNotSupportedError` | `PermissionDeniedError` (any 403) |",
        "| a 404 raised as a plain `Exception` | `NotFoundError` |",
        "| `CrawlJobTimeoutError` | `JobTimeoutError` (`last`) |",
        '| a job that failed, returned with `status == "failed"` | `JobFailedError` (`last`); `raise_on_failure=False` returns it |',
        "| `get_token_usage()`, `get_credit_usage()`, `get_concurrency()` | `client.team.get_token_usage()`, `client.team.get_credit_usage()`, `client.team.get_concurrency()` (below) |",
        "| `interact(scrape_id, code)`, `stop_interaction(scrape_id)` | `client.interact.run(scrape_id, code=...)`, `client.interact.stop(scrape_id)`; `with client.interact.session(scrape_id) as s:` stops it on leaving |",
        "| `interact(...)` raising `FirecrawlError` when the run failed (`success: false`) | the answer is returned (`success`, `exit_code`, `stderr`), as `subprocess.run` returns a failed process; `session.run(code, check=True)` raises `ExecutionFailedError` (`result`) |",
        "| `browser()`, `browser_execute(id, code)`, `delete_browser(id)`, `list_browsers()` | `client.browser.create()`, `client.browser.execute(id, code)`, `client.browser.delete(id)`, `client.browser.list()`; `with client.browser.session() as s: s.run(code)` |",
        "",
        "Every operation of the contract, with the method of firecrawl-py's v2 client that calls it:",
        "",
        "| operation | webdata-client | firecrawl-py |",
        "|---|---|---|",
    ]
    for tag, ops in resources.items():
        for operation in ops:
            ours = f"client.{tag}" + ("" if operation.single or operation.method == "__call__" else f".{operation.method}")
            lines.append(f"| `{operation.http_method} {operation.path_template}` | `{ours}(...)` | `{FIRECRAWL_PY.get(operation.operation_id, '-')}` |")
    lines.append("")
    return "\n".join(lines)


def _check_waiting(bundle: dict[str, Any]) -> list[str]:
    """How to wait for a monitor's check, with the states it goes through (from the contract's enum)."""
    states = bundle["components"]["schemas"].get("MonitorCheckStatus", {}).get("enum")
    if not states:
        return []
    return [
        "A monitor's check, run now and waited for (`wait_for_check` reads it until it ends; `on_status` sees each state):",
        "",
        "```python",
        "check = client.monitors.run(monitor.id)",
        "done = client.monitors.wait_for_check(monitor.id, check.id, on_status=lambda c: print(c.status))",
        "print(done.summary)",
        "```",
        "",
        "A check's `status` is one of " + ", ".join(f"`{s}`" for s in states) + ". Every enum of the contract is a `Literal`",
        "alias (what a type checker reads); `models.values(models.MonitorCheckStatus)` lists its values in that order.",
        "",
    ]


def _request_example(bundle: dict[str, Any], operation: dict[str, Any], method: ClientOperation) -> Any:
    """The first request example ``method`` sends (an operation with several body forms has a method
    for each), else the first."""
    contents = (operation.get("requestBody") or {}).get("content") or {}
    content = contents.get("application/json") or contents.get("multipart/form-data") or {}
    examples = [deref(bundle, example) for example in (content.get("examples") or {}).values()]
    values = [example["value"] for example in examples if isinstance(example, dict) and "value" in example]
    if not values:
        return content.get("example")
    return next((value for value in values if method.upload or sends(method, value)), values[0])
