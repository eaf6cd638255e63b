"""The HTTP protocols ``serve`` runs: uvicorn's, with two bounds it lacks and JSON where it answers
plain text.

- **Head timeout.** A connection has ``head_seconds`` (``serve --head-timeout``, default
  :data:`HEAD_SECONDS`) to deliver a request's line and headers,
  counted from when it opens or from the request's first byte; then it is answered 408 and closed,
  so a client that sends its headers byte by byte (slowloris) holds a connection for seconds, not
  for ever.
- **Head size.** A request line and headers together of more than :data:`MAX_HEAD_BYTES` are
  answered 400 and the connection closed (uvicorn on httptools has no bound; h11's is 16 KiB,
  answered the same way).
- **One write per answer.** uvicorn writes an answer's head and its body with a ``write`` each, and
  on uvloop each is a system call made holding the GIL (its cost: benchmarks/README.md): the
  head waits for the body of the same answer and goes out with it (:class:`_Coalescing`), or on the
  loop's next turn when no body follows at once (HEAD, ``100 Continue``, a streamed body).
- **JSON.** Where uvicorn refuses a request it cannot parse, the answer is the contract's error
  shape, ``{"success": false, "error": ...}``, not ``text/plain``.

Both answers are written before any route is known, so they carry the shape every error body of the
contract shares, not an operation's own.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from webdata_server.controls import DROP

__all__ = ["HEAD_SECONDS", "MAX_HEAD_BYTES", "bounded", "error_response", "http_stack", "protocol_for"]

HEAD_SECONDS = 10.0
MAX_HEAD_BYTES = 64 * 1024
_END_OF_HEAD = b"\r\n\r\n"
_REASONS = {400: b"Bad Request", 408: b"Request Timeout"}


def error_response(status: int, message: str) -> bytes:
    """A whole HTTP/1.1 answer with the contract's error body; the connection closes after it."""
    body = json.dumps({"success": False, "error": message}, separators=(",", ":")).encode()
    head = [
        b"HTTP/1.1 %d %s" % (status, _REASONS[status]),
        b"content-type: application/json",
        b"content-length: %d" % len(body),
        b"connection: close",
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


# Bodies up to this size are joined to their head (one copy); larger ones are written beside it.
_JOIN_BELOW = 64 * 1024


class _Coalescing:
    """A connection's transport that holds an answer's head until its body is written."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._head: bytes | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        head = self._head
        if head is not None:
            self._head = None
            if len(data) < _JOIN_BELOW:
                self._transport.write(head + bytes(data))
            else:
                self._transport.writelines((head, data))
            return
        if isinstance(data, bytes) and data.startswith(b"HTTP/") and data.endswith(_END_OF_HEAD):
            self._head = data
            self._loop.call_soon(self.flush)  # a head no body follows in this turn goes out alone
            return
        self._transport.write(data)

    def flush(self) -> None:
        head, self._head = self._head, None
        if head is not None:
            self._transport.write(head)

    def writelines(self, data: Any) -> None:
        self.flush()
        self._transport.writelines(data)

    def write_eof(self) -> None:
        self.flush()
        self._transport.write_eof()

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def abort(self) -> None:
        self._head = None
        self._transport.abort()

    def is_closing(self) -> bool:  # asked after every answer: not through __getattr__
        return self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class _HeadBounds:
    """Mixed into a uvicorn protocol: watches the bytes of each request's head."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    head_seconds: float = HEAD_SECONDS
    _in_head = True  # the next bytes belong to a request's line and headers
    _head = b""
    _head_timer: asyncio.TimerHandle | None = None

    def _await_head(self, *, arm: bool) -> None:
        """The next bytes start a request; its time counts from now (a new connection) or from
        its first byte (after an answer: uvicorn's keep-alive timeout closes an idle connection)."""
        self._in_head, self._head = True, b""
        self._disarm()
        if arm:
            self._head_timer = self.loop.call_later(self.head_seconds, self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer = None

    def _refuse(self, status: int, message: str) -> None:
        self._disarm()
        self._in_head = False
        if not self.transport.is_closing():
            self.transport.write(error_response(status, message))
            self.transport.close()

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if not self._head:
            self.transport.close()  # nothing was asked: nothing to answer
            return
        self._refuse(408, f"The request's line and headers did not arrive within {self.head_seconds:g} s")

    def _watch(self, data: bytes) -> bool:
        """Whether ``data`` may go on to the parser (False: the request was refused)."""
        if not self._in_head:
            return True  # a body, or a request pipelined behind one being answered
        if not self._head:
            end = data.find(_END_OF_HEAD)
            if 0 <= end <= MAX_HEAD_BYTES:  # the whole head at once: nothing to time
                self._disarm()
                self._in_head = False
                return True
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._head_timed_out)
        seen = len(self._head)
        self._head += data
        end = self._head.find(_END_OF_HEAD, max(0, seen - 3))
        if (end < 0 and len(self._head) > MAX_HEAD_BYTES) or end > MAX_HEAD_BYTES:
            self._refuse(400, f"The request's line and headers exceed {MAX_HEAD_BYTES // 1024} KiB")
            return False
        if end >= 0:
            self._disarm()
            self._in_head, self._head = False, b""
        return True

    def send_400_response(self, msg: str) -> None:
        self._refuse(400, msg)


def bounded(base: type[Any], *, head_seconds: float = HEAD_SECONDS) -> type[Any]:
    """``base`` (a uvicorn HTTP protocol class) with the head bounds and JSON refusals."""

    class Bounded(_HeadBounds, base):  # type: ignore[misc]
        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(_Coalescing(transport, asyncio.get_running_loop()))
            self._await_head(arm=True)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._watch(data):
                super().data_received(data)
                # A request whose head just completed gets the means to lose its connection with no
                # answer at all (the test controls' dropped connection, webdata_server.controls):
                # its task has been created, not yet run.
                scope = getattr(self, "scope", None)
                if scope is not None and DROP not in scope.setdefault("extensions", {}):
                    scope["extensions"][DROP] = self.transport.abort

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._await_head(arm=False)

    Bounded.head_seconds = head_seconds
    Bounded.__name__ = Bounded.__qualname__ = f"Bounded{base.__name__}"
    return Bounded


def protocol_for(http: str, *, head_seconds: float = HEAD_SECONDS) -> type[Any]:
    """The bounded protocol class for uvicorn's ``http`` choice (``h11`` or ``httptools``)."""
    if http == "httptools":
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return bounded(HttpToolsProtocol, head_seconds=head_seconds)
    from uvicorn.protocols.http.h11_impl import H11Protocol  # h11 is imported only where it is served (~10 ms)

    return bounded(H11Protocol, head_seconds=head_seconds)


def _installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def http_stack(choice: str) -> tuple[str, str]:
    """uvicorn's (loop, http) for ``serve --stack``: uvloop and httptools when asked for or, with
    ``auto``, when both import; asyncio and h11 otherwise. ``fast`` without them is an error."""
    fast = _installed("uvloop") and _installed("httptools")
    if choice == "fast" and not fast:
        raise SystemExit("webdata-server: --stack fast needs uvloop and httptools (pip install uvloop httptools)")
    return ("uvloop", "httptools") if fast and choice != "pure" else ("asyncio", "h11")
