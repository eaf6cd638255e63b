"""The ASGI pieces the controls' layer and endpoints share: a request's body read whole (bounded),
a JSON answer, a connection dropped with no answer."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, overload

__all__ = ["DROP", "drain", "drop", "json_answer"]

# The ASGI extension (in a request's scope) that aborts its connection, nothing more written: the
# server's protocols (webdata_server.protocols) put it there.
DROP = "webdata.drop"


async def drop(scope: Any, send: Callable[[Any], Awaitable[None]]) -> None:
    """Loses the request's connection with no answer (the server's protocol offers the means:
    :data:`DROP`); elsewhere (an in-process test client) the answer's head
    goes out and its body never comes, which clients see as a connection lost too."""
    abort = scope.get("extensions", {}).get(DROP)
    if abort is not None:
        abort()
        for _ in range(3):  # the protocol hears of the lost connection on the loop's next turns
            await asyncio.sleep(0)
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"1")]})


@overload
async def drain(receive: Callable[[], Awaitable[Any]]) -> bytes: ...


@overload
async def drain(receive: Callable[[], Awaitable[Any]], *, limit: int) -> bytes | None: ...


async def drain(receive: Callable[[], Awaitable[Any]], *, limit: int | None = None) -> bytes | None:
    """The request's body; None once it passes ``limit`` bytes (the rest is read and dropped)."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if limit is None or size <= limit:
            chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return None if limit is not None and size > limit else b"".join(chunks)


async def json_answer(send: Callable[[Any], Awaitable[None]], status: int, body: Any) -> None:
    content = json.dumps(body, separators=(",", ":")).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
