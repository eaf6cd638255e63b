"""What the service's build needs around it to answer for the synthetic web, on this machine only.

- **The browser stand-in**: the service calls its browser engine at ``PLAYWRIGHT_MICROSERVICE_URL``
  with ``POST {url, wait_after_load, timeout, headers, ...}`` and reads ``{content, pageStatusCode,
  contentType, pageError?}``. This one answers with the reference server's synthetic web, so both
  implementations see the same pages (robots.txt and sitemap.xml included).
- **The search stand-in**: ``SEARXNG_ENDPOINT`` answers an empty result list, so that no search the
  service runs leaves this machine.

Every listener binds 127.0.0.1. Run them with ``python -m tests.parity.standins`` (the ports are
printed, with the environment the service's API and worker need), or let the recorder start them.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from webdata_server.web import FetchContext, FetchRefused, SyntheticWeb

__all__ = ["StandIns", "start"]

_WEB = SyntheticWeb()


class _Handler(BaseHTTPRequestHandler):
    server_version = "parity-standin"

    def log_message(self, *_: Any) -> None:  # quiet: the recorder prints what matters
        return

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:  # the browser stand-in
        length = int(self.headers.get("Content-Length") or 0)
        try:
            asked = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self._answer(400, {"error": "not JSON"})
            return
        url = str(asked.get("url", ""))
        try:
            page = _WEB.fetch(url, FetchContext(headers=dict(asked.get("headers") or {}), mobile=False, country="US", languages=[]))
        except FetchRefused as refused:
            self._answer(200, {"content": "", "pageStatusCode": 0, "contentType": "text/html", "pageError": str(refused)})
            return
        content = page.raw.decode("utf-8", "replace") if page.content_type != "text/html" else page.html
        self._answer(200, {"content": content, "pageStatusCode": page.status, "contentType": page.content_type})

    def do_GET(self) -> None:  # the search stand-in (SearXNG's JSON answer, with nothing found)
        self._answer(200, {"results": [], "number_of_results": 0})


@dataclass
class StandIns:
    browser: str
    search: str
    _servers: list[ThreadingHTTPServer]

    def environment(self) -> dict[str, str]:
        return {"PLAYWRIGHT_MICROSERVICE_URL": self.browser + "/scrape", "SEARXNG_ENDPOINT": self.search}

    def close(self) -> None:
        for server in self._servers:
            server.shutdown()
            server.server_close()


def start(browser_port: int = 0, search_port: int = 0) -> StandIns:
    """Both stand-ins on 127.0.0.1 (port 0: a free one), each in a daemon thread."""
    servers = [ThreadingHTTPServer(("127.0.0.1", port), _Handler) for port in (browser_port, search_port)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    browser, search = (f"http://127.0.0.1:{s.server_address[1]}" for s in servers)
    return StandIns(browser, search, servers)


if __name__ == "__main__":
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--browser-port", type=int, default=3010)
    parser.add_argument("--search-port", type=int, default=3011)
    args = parser.parse_args()
    running = start(args.browser_port, args.search_port)
    for name, value in running.environment().items():
        print(f"{name}={value}")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        running.close()
