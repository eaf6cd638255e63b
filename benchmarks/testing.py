"""Benchmark of the reference server inside a user's tests (webdata_server.testing, the pytest
plugin), beside the way without it: `webdata-server serve` started as a process.

Rows:
- `webdata-server serve` cold start: a process until `/openapi.json` answers (the peer: what a
  fixture of one's own starts);
- the plugin's first test: a fresh Python process, from nothing imported to the first test's
  sandbox ready (imports, database, the server in a thread, a team and key), and the same without
  the imports (the server's own start);
- each further test's fresh team and key (`ReferenceServer.sandbox()`), median and 95th percentile;
- a crawl of 100 pages through the moved clock: start, `advance`, read its status with every
  document; cold (a host no crawl has seen: every page rendered) and warm (the same site again,
  another team: pages from the scrape cache, as a suite's fiftieth crawl test of one site).

Run with `make bench` (or `.venv/bin/python benchmarks/testing.py [--rounds N]`). Prints the
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def serve_cold_start() -> float:
    with tempfile.TemporaryDirectory() as folder:
        with httpx.Client() as client:
            port = _free_port()
            argv = [sys.executable, "-m", "webdata_server", "serve", "--port", str(port), "--db", str(Path(folder) / "db.sqlite3")]
            started = time.perf_counter()
            process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    done = subprocess.run([sys.executable, "-c", FIRST_TEST], capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return figures["total"], figures["start"]


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from webdata_server.testing import ReferenceServer

    serve = [serve_cold_start() for _ in range(args.rounds)]
    firsts = [first_test() for _ in range(args.rounds)]
    print(f"webdata-server serve, cold start to first answer:  median {statistics.median(serve) * 1000:7.0f} ms")
    print(f"plugin's first test ready (imports included):       median {statistics.median(f[0] for f in firsts) * 1000:7.0f} ms")
    print(f"plugin's first test ready (imports done):           median {statistics.median(f[1] for f in firsts) * 1000:7.0f} ms")
    with ReferenceServer() as server:
        teams = []
        for _ in range(200):
            started = time.perf_counter()
            server.sandbox().close()
            teams.append(time.perf_counter() - started)
        teams.sort()
        print(f"a further test's fresh team and key:                median {statistics.median(teams) * 1000:7.2f} ms, p95 {teams[189] * 1000:.2f} ms")
        for label, host in (("cold", "depth-4.bench{n}.example.com"), ("warm", "depth-4.bench.example.com")):
            runs = []
            for n in range(args.rounds + (1 if label == "warm" else 0)):
                with server.sandbox() as sandbox:
                    started = time.perf_counter()
                    job = sandbox.client.crawl.start(f"https://{host.format(n=n)}", limit=100)
                    sandbox.advance(60)
                    status = sandbox.client.crawl.get_status(job.id)
                    runs.append(time.perf_counter() - started)
                    assert status.status == "completed" and status.total == 100, (status.status, status.total)
            if label == "warm":
                runs = runs[1:]  # the first filled the cache
            print(f"a 100-page crawl through the moved clock, {label}:    median {statistics.median(runs) * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
