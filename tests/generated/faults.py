"""A scripted HTTP server on 127.0.0.1 for the client's tests: it answers what a test queues
(status, headers, body, delay, or a dropped connection) and records every request it receives."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Answer:
    status: int = 200
    body: Any = None  # JSON-encoded unless bytes
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False  # close the connection without answering


@dataclass
class Received:
    at: float
    method: str
    path: str
    headers: dict[str, str]
    body: Any


class FaultServer:
    """``with FaultServer() as server:``; ``server.queue(Answer(...))``; ``server.received``."""

    def __init__(self) -> None:
        self.answers: deque[Answer] = deque()
        self.default = Answer(200, {"success": True})
        self.received: list[Received] = []
        # WebSocket upgrades asked for (answered 404, as a server without the contract's x-watch
        # would: they are neither recorded in ``received`` nor given a queued answer).
        self.upgrades: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                if self.headers.get("Upgrade", "").lower() == "websocket":
                    server.upgrades.append(self.path)
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:  # an upload (multipart/form-data): kept as sent
                    body = raw
                server.received.append(Received(time.monotonic(), self.command, self.path, dict(self.headers.items()), body))
                answer = server.answers.popleft() if server.answers else server.default
                if answer.delay:
                    time.sleep(answer.delay)
                if answer.drop:
                    self.close_connection = True
                    self.connection.close()
                    return
                content = answer.body if isinstance(answer.body, bytes) else json.dumps(answer.body).encode()
                self.send_response(answer.status)
                headers = {"Content-Type": "application/json", **answer.headers}
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

            do_GET = do_POST = do_DELETE = do_PATCH = _handle

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def queue(self, *answers: Answer) -> None:
        self.answers.extend(answers)

    def gaps(self) -> list[float]:
        """Seconds between consecutive requests."""
        return [b.at - a.at for a, b in zip(self.received, self.received[1:], strict=False)]

    def __enter__(self) -> FaultServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
