"""The worker process: where every run of a session's code or prompt happens, never the server.

``python -m webdata_server.interact.worker`` is started by the pool (:mod:`.pool`) with an empty
environment, no files but its pipes, its address space capped (``RLIMIT_AS``) and, for each run,
its CPU time (``RLIMIT_CPU``: a run's timeout and three seconds). It reads requests from its stdin and writes answers to its stdout, each a 4-byte length and
JSON. One request is one run: the page (sent, or kept from the session's last run in this worker),
the language and code (or the prompt), the timeout. While it runs the worker may ask the server for
a page (``fetch``: the web is the server's); it ends with ``done``: the outcome and the page's state.

A run that passes a budget (:mod:`.budget`) is answered ``killed`` with what it printed and the page
as it was then, after which the worker leaves (the engine is not unwound: the pool starts another).
"""

from __future__ import annotations

import json
import os
import struct
import sys
from collections import OrderedDict
from typing import Any, BinaryIO

__all__ = ["main", "read_message", "run", "write_message"]

_HEADER = struct.Struct(">I")
MAX_MESSAGE = 256 * 1024 * 1024
_KEPT_PAGES = 32


def read_message(stream: BinaryIO) -> dict[str, Any] | None:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(header)
    if size > MAX_MESSAGE:
        raise ValueError("message too large")
    body = stream.read(size)
    if len(body) < size:
        return None
    message: dict[str, Any] = json.loads(body)
    return message


def write_message(stream: BinaryIO, message: dict[str, Any]) -> None:
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    stream.write(_HEADER.pack(len(body)) + body)
    stream.flush()


class _Web:
    """The server's web, asked over the pipe (a page's ``goto``, a link, a form)."""

    def __init__(self, channel: _Channel, indexed: bool) -> None:
        self.channel = channel
        self.indexed = indexed

    def fetch(self, url: str, context: Any) -> Any:
        from webdata_server.web import FetchRefused

        answer = self.channel.ask(
            {
                "op": "fetch",
                "url": url,
                "context": {
                    "headers": context.headers,
                    "mobile": context.mobile,
                    "country": context.country,
                    "languages": context.languages,
                    "cookies": context.cookies,
                },
            }
        )
        if "refused" in answer:
            raise FetchRefused(str(answer["refused"]))
        return _Fetched(str(answer["url"]), str(answer["html"]))

    def text(self, url: str) -> str | None:
        return None


class _Fetched:
    def __init__(self, url: str, html: str) -> None:
        self.url = url
        self.html = html


class _Channel:
    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.reader = reader
        self.writer = writer

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        write_message(self.writer, message)
        answer = read_message(self.reader)
        if answer is None:
            os._exit(0)  # the server is gone
        return answer


def _limit() -> None:
    import resource

    from webdata_server.interact.budget import WORKER_MEMORY_BYTES

    os.nice(5)  # the server's own answers before user code
    limit = int(os.environ.get("WEBDATA_WORKER_MEMORY", WORKER_MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _cpu_bound(timeout_ms: int) -> None:
    """The kernel's own bound on this run: the process may use the run's timeout and a little
    more of CPU from now (RLIMIT_CPU), then it is killed (SIGXCPU), whoever is or is not there to
    kill it (a server gone with ``kill -9`` leaves no orphan running; an idle worker ends when its
    pipe closes)."""
    import math
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + timeout_ms / 1000 + 3)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))


def _killed(spent: Any, timeout_ms: int, waited_ms: int) -> Any:
    """What a run stopped by a budget answers: what it had printed, ``killed``, 137, the budget."""
    from webdata_server.browser.outcome import Outcome
    from webdata_server.interact.budget import Budget

    partial: Outcome = getattr(spent, "partial", None) or Outcome()
    partial.killed, partial.exit_code = True, 137
    partial.stderr += Budget(timeout_ms).message(spent.which, waited_ms, spent.detail) + "\n"
    return partial


def run(page: Any, request: dict[str, Any]) -> Any:
    from webdata_server.browser.outcome import Outcome
    from webdata_server.interact.budget import OUTPUT_CHARS, Budget, Spent

    timeout_ms = int(request["timeout_ms"])
    budget = Budget(timeout_ms)
    language = request.get("language", "node")
    try:
        if request.get("prompt") is not None:
            from webdata_server.browser import agent

            outcome: Outcome = agent.follow(page, str(request["prompt"]))
        elif language == "node":
            from webdata_server.interact.node import run_node

            outcome = run_node(page, str(request["code"]), budget)
        elif language == "bash":
            from webdata_server.browser import bash

            # Stopped past the output bound; the bound's cut and message come below, as for every language.
            outcome = bash.run(page, str(request["code"]), timeout_s=timeout_ms / 1000, max_output=OUTPUT_CHARS)
        else:
            from webdata_server.interact.node import run_python

            outcome = run_python(page, str(request["code"]), budget)
        if not outcome.killed and page.waited_ms > timeout_ms:  # its counted waits passed the timeout
            raise Spent("time")
    except Spent as spent:
        return _killed(spent, timeout_ms, page.waited_ms)
    except MemoryError:
        return Outcome(killed=True, exit_code=137, stderr=budget.message("memory", detail="the worker's address space") + "\n")
    for name in ("stdout", "stderr", "result"):
        text = getattr(outcome, name)
        if len(text) > OUTPUT_CHARS:
            setattr(outcome, name, text[:OUTPUT_CHARS])
            outcome.killed, outcome.exit_code = True, 137
            outcome.stderr = outcome.stderr[: OUTPUT_CHARS - 200] + budget.message("output", detail=name) + "\n"
    return outcome


def main() -> None:
    _limit()
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1):
        os.dup2(null, fd)
    channel = _Channel(reader, writer)
    # What every run needs, loaded before the first: a run's time is its own.
    from webdata_server.browser.page import BrowserPage, PageState
    from webdata_server.interact import node

    node.prepare(python=False)
    request: dict[str, Any] = {}

    def stop(spent: Any, page: Any) -> None:
        """A budget passed inside the engine: the run is answered from here and the worker leaves."""
        partial = _killed(spent, int(request.get("timeout_ms", 0)), page.waited_ms)
        state = page.save().to_json() if page.dirty else None
        write_message(writer, {"op": "done", "outcome": partial.__dict__, "state": state})
        os._exit(0)

    node.STOP = stop
    node._parser()
    pages: OrderedDict[str, tuple[int, Any]] = OrderedDict()
    write_message(writer, {"op": "ready", "pid": os.getpid()})
    while True:
        message = read_message(reader)
        if message is None:
            return
        request.clear()
        request.update(message)
        session, version = str(request.get("session", "")), int(request.get("version", 0))
        web = _Web(channel, bool(request.get("indexed", True)))
        kept = pages.pop(session, None)
        if "state" in request or kept is None or kept[0] != version:
            if "state" not in request:
                write_message(writer, {"op": "missing"})
                continue
            page = BrowserPage(PageState.from_json(request["state"]), web=web)
        else:
            page = kept[1]
            page.web = web
        page.waited_ms = 0
        _cpu_bound(int(request["timeout_ms"]))
        outcome = run(page, request)
        state = page.save().to_json() if page.dirty else None
        answer = {"op": "done", "outcome": outcome.__dict__, "state": state}
        if outcome.killed:
            write_message(writer, answer)
            os._exit(0)  # the engine may be anywhere: this worker is not used again
        pages[session] = (version + (1 if state is not None else 0), page)
        while len(pages) > _KEPT_PAGES:
            pages.popitem(last=False)
        write_message(writer, answer)
        if request.get("prompt") is None and request.get("language", "node") in ("node", "python"):
            node.prepare(request.get("language", "node") == "python")  # the next run's engine, made while none waits


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
