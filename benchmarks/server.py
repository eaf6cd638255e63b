"""Benchmark of the reference server over a real socket: requests per second and p50/p99 latency
at 16 concurrent connections for GET /v2/team/token-usage, POST /v2/extract, and POST /v2/scrape
served from the cache and fetched fresh from the synthetic web (maxAge 0).

Run with `make bench` (or `.venv/bin/python benchmarks/server.py [--requests N]`). The server runs
in a subprocess on a free port of 127.0.0.1 with a fresh database, and is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CONCURRENCY = 16


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _run(base_url: str, key: str, method: str, path: str, body: object, total: int) -> tuple[float, list[float], int]:
    latencies: list[float] = []
    failures = 0
    queue: asyncio.Queue[int] = asyncio.Queue()
    for n in range(total):
        queue.put_nowait(n)
    limits = httpx.Limits(max_connections=CONCURRENCY, max_keepalive_connections=CONCURRENCY)
    async with httpx.AsyncClient(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, limits=limits, timeout=30) as client:

        async def worker() -> None:
            nonlocal failures
            while not queue.empty():
                queue.get_nowait()
                start = time.perf_counter()
                response = await client.request(method, path, json=body)
                latencies.append(time.perf_counter() - start)
                failures += response.status_code != 200

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
        elapsed = time.perf_counter() - start
    return elapsed, latencies, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per endpoint (default 2000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        database = Path(temporary) / "bench.sqlite3"
        admin = [sys.executable, "-m", "webdata_server", "admin", "--db", str(database)]
        create = [*admin, "create-team", "--name", "bench", "--plan-tokens", str(15 * 10_000_000)]
        created = subprocess.run(create, check=True, capture_output=True, text=True, cwd=ROOT)
        key = json.loads(created.stdout)["apiKey"]
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "webdata_server", "serve", "--db", str(database), "--port", str(port)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base_url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(base_url + "/openapi.json", timeout=0.5)
                    break
                except httpx.HTTPError:
                    time.sleep(0.05)
            # The scrape cache is warmed by one request first, so the cache-hit case only hits.
            httpx.post(base_url + "/v2/scrape", json={"url": "https://bench.example.com/cached"}, headers={"Authorization": f"Bearer {key}"}, timeout=30)
            cases = [
                ("GET", "/v2/team/token-usage", None),
                ("POST", "/v2/extract", {"urls": ["https://example.com/*"], "prompt": "title"}),
                ("POST", "/v2/scrape", {"url": "https://bench.example.com/cached"}),
                ("POST", "/v2/scrape", {"url": "https://bench.example.com/fresh", "maxAge": 0}),
            ]
            print(f"reference server, {CONCURRENCY} concurrent connections, {args.requests} requests each (benchmarks/server.py --requests {args.requests})")
            for method, path, body in cases:
                elapsed, latencies, failures = asyncio.run(_run(base_url, key, method, path, body, args.requests))
                quantiles = statistics.quantiles(latencies, n=100)
                label = f"{method} {path}" + (
                    " (cache hit)" if body and body.get("url", "").endswith("cached") else " (fresh page)" if body and "maxAge" in body else ""
                )
                print(
                    f"  {label}: {len(latencies) / elapsed:.0f} req/s, p50 {quantiles[49] * 1000:.1f} ms, p99 {quantiles[98] * 1000:.1f} ms, {failures} non-200"
                )
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
