"""Benchmark of the reference server inside a user's tests (webdata_server.testing, the pytest
plugin), beside the way without it: `webdata-server serve` started as a process.

Rows:
- `webdata-server serve` cold start: a process until `/openapi.json` answers (the peer: what a
  fixture of one's own starts);
- the plugin's first test: a fresh Python process, from nothing imported to the first test's
  sandbox ready (imports, database, the server in a thread, a team and key), and the same without
  the imports (the server's own start); both with the modules' bytecode written by an earlier run,
  as on a user's machine (not under PYTHONDONTWRITEBYTECODE);
- each further test's fresh team and key (`ReferenceServer.sandbox()`), median and 95th percentile;
- a 100-page crawl's render, the content steps alone (filter and markdown), in CPU time;
- a crawl of 100 pages through the moved clock: start, `advance`, read its status with every
  document; cold (a host no crawl has seen: every page rendered) and warm (the same site again,
  another team: pages from the scrape cache, as a suite's fiftieth crawl test of one site). The
  site is a `pages-100` host: exactly 100 pages;
- code that waits: firecrawl-py's `crawl()` of a 100-page site on the auto clock (no thread, no
  `advance`), beside the same call on the wall clock (a server whose jobs take 5 s, firecrawl-py's
  default poll interval of 2 s): the peer a test without the auto clock has.

Run with `make bench` (or `.venv/bin/python benchmarks/testing.py [--rounds N] [--quick]`; `--quick`,
one round and no wall-clock peer, is what `make test` runs so the script cannot break unnoticed).
Prints the figures; checks only that each crawl returned its 100 pages.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

FIRST_TEST = r"""
import json, time
started = time.perf_counter()
from webdata_server.testing import ReferenceServer
imported = time.perf_counter()
server = ReferenceServer().start()
sandbox = server.sandbox()
ready = time.perf_counter()
server.stop()
print(json.dumps({"total": ready - started, "start": ready - imported}))
"""


# As on a user's machine: the modules' bytecode is written on the first run and read after it (an
# environment that sets PYTHONDONTWRITEBYTECODE, as this repository's CI image does, compiles every
# module of the server again at each start); main() makes one unmeasured run first.
_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def serve_cold_start() -> float:
    with tempfile.TemporaryDirectory() as folder:
        with httpx.Client() as client:
            port = _free_port()
            argv = [sys.executable, "-m", "webdata_server", "serve", "--port", str(port), "--db", str(Path(folder) / "db.sqlite3")]
            started = time.perf_counter()
            process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_ENV)
            try:
                while True:
                    try:
                        if client.get(f"http://127.0.0.1:{port}/openapi.json", timeout=0.5).status_code == 200:
                            return time.perf_counter() - started
                    except httpx.HTTPError:
                        time.sleep(0.01)
            finally:
                process.terminate()
                process.wait(10)


def first_test() -> tuple[float, float]:
    done = subprocess.run([sys.executable, "-c", FIRST_TEST], capture_output=True, text=True, check=True, env=_ENV)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["total"], figures["start"]


def render_cpu(rounds: int) -> tuple[float, float]:
    """The CPU time (best of ``rounds``: it is not disturbed by other work the way wall time is) of
    the content steps of a cold crawl's render: each page of a ``pages-100`` site filtered as a
    scrape's defaults ask and converted to markdown, without bs4 (the render's way) and with it
    (its way for the html format and tag filters, the peer: the same bytes)."""
    from webdata_server import content, page_markdown
    from webdata_server.web import FetchContext, SyntheticWeb

    web, context = SyntheticWeb(), FetchContext(headers={}, mobile=False, country="US", languages=[])
    pages = [(url, web.fetch(url, context).html) for url in [f"https://pages-100.render.example.com/p/{n}" for n in range(100)]]

    def lxml_way(url: str, html: str) -> Any:
        return page_markdown.markdown(html, url, only_main=True, block_ads=True)

    def bs4_way(url: str, html: str) -> Any:
        return content.to_markdown(content.filter_html(html, only_main=True, include_tags=None, exclude_tags=None, block_ads=True), url)

    bests = []
    for way in (lxml_way, bs4_way):
        best = float("inf")
        for _ in range(rounds):
            started = time.process_time()
            for url, html in pages:
                way(url, html)
            best = min(best, time.process_time() - started)
        bests.append(best)
    return bests[0], bests[1]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one round, no wall-clock peer (make test runs it)")
    args = parser.parse_args()
    if args.quick:
        args.rounds = 1
    from webdata_server.testing import ReferenceServer, running

    first_test()  # writes the bytecode a user's second run reads
    serve = [serve_cold_start() for _ in range(args.rounds)]
    firsts = [first_test() for _ in range(args.rounds)]
    print(f"webdata-server serve, cold start to first answer:  median {statistics.median(serve) * 1000:7.0f} ms")
    print(f"plugin's first test ready (imports included):       median {statistics.median(f[0] for f in firsts) * 1000:7.0f} ms")
    print(f"plugin's first test ready (imports done):           median {statistics.median(f[1] for f in firsts) * 1000:7.0f} ms")
    without_bs4, with_bs4 = render_cpu(3 if args.quick else 7)
    print(f"a 100-page crawl's render (filter and markdown):   best {without_bs4 * 1000:7.0f} ms of CPU (through bs4: {with_bs4 * 1000:.0f} ms)")
    with ReferenceServer() as server:
        teams = []
        for _ in range(20 if args.quick else 200):
            started = time.perf_counter()
            server.sandbox().close()
            teams.append(time.perf_counter() - started)
        teams.sort()
        print(
            f"a further test's fresh team and key:                median {statistics.median(teams) * 1000:7.2f} ms, p95 {teams[len(teams) * 95 // 100 - 1] * 1000:.2f} ms"
        )
        for label, host in (("cold", "pages-100.bench{n}.example.com"), ("warm", "pages-100.bench.example.com")):
            runs = []
            for n in range(args.rounds + (1 if label == "warm" else 0)):
                with server.sandbox() as sandbox:
                    started = time.perf_counter()
                    job = sandbox.client.crawl.start(f"https://{host.format(n=n)}", limit=100)
                    sandbox.advance(60)
                    status = sandbox.client.crawl.get_status(job.id)
                    runs.append(time.perf_counter() - started)
                    if status.status != "completed" or status.total != 100:
                        raise SystemExit(f"the crawl ended {status.status} with {status.total} pages, not 100")
            if label == "warm":
                runs = runs[1:]  # the first filled the cache
            print(f"a 100-page crawl through the moved clock, {label}:    median {statistics.median(runs) * 1000:7.0f} ms")
    waits = []
    for n in range(args.rounds):
        with running(clock="auto") as sandbox:
            waits.append(_firecrawl_crawl(sandbox.base_url, sandbox.api_key, f"https://pages-100.wait{n}.example.com"))
    print(f"firecrawl-py crawl() of 100 pages on the auto clock: median {statistics.median(waits) * 1000:7.0f} ms (cold)")
    if not args.quick:
        with running(clock="system") as sandbox:
            peer = _firecrawl_crawl(sandbox.base_url, sandbox.api_key, "https://pages-100.wall.example.com")
        print(f"  the same on the wall clock (jobs of 5 s, polls 2 s): {peer * 1000:7.0f} ms")


def _firecrawl_crawl(base_url: str, api_key: str, site: str) -> float:
    from firecrawl import Firecrawl

    app = Firecrawl(api_key=api_key, api_url=base_url)
    started = time.perf_counter()
    job = app.crawl(site, limit=500)
    took = time.perf_counter() - started
    if job.status != "completed" or len(job.data) != 100:
        raise SystemExit(f"the crawl of {site} ended {job.status} with {len(job.data)} documents, not 100")
    return took


if __name__ == "__main__":
    main()
