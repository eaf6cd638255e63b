"""Benchmark of the reference server against Prism mocking the same bundle, measured with wrk in
one run: requests per second and p50/p99 latency, one wrk thread and 16 connections per case.

Cases: GET /v2/team/token-usage and POST /v2/extract (both servers), POST /v2/scrape of a cached
page and of a fresh synthetic page (maxAge 0; the reference server only: Prism returns examples),
POST /v2/map of a 50-link site and POST /v2/search of five results (both servers), a short script
in an interact session, queue status, a developer search and a research paper search (both servers).
Each case is measured after one uncounted second of the same load (both servers warm), and on a
fresh or grown database after the jobs of the case before it have ended. Every case of the
reference server runs three times: on a fresh database, on one whose team has
1,000,000 ledger rows in the current billing period, and while a 1,000-page crawl and a 500-URL
batch scrape run in the background (`--job-seconds 60`, so they last the whole run; their progress
is printed after it). Then a backlog: GET /v2/team/token-usage and GET /v2/crawl/active while 500
crawls and ten 1,000-URL batch scrapes (15,000 pages) come due at once (`--job-seconds 4`): the job
worker must not take the answers' time. Then every case with the access log on (`serve --access-log`),
and the two cases Prism shares on a bare Starlette app on the same uvicorn stack (benchmarks/bare.py: a fixed answer), which
is as fast as the stack lets any app be. Last, how long a 100-page crawl takes on a server started
with `--job-seconds 2` (it should be about 2 s), and the worker's volume: the pages per second it
finishes when 5,000 batch pages come due within one second (`--job-seconds 1`); up to that rate
jobs end on schedule, beyond it they end later, pages in the order they came due, none lost.

Run with `make bench` (or `.venv/bin/python benchmarks/server.py [--seconds 8] [--ledger-rows N]
[--cases TEXT]`, `--cases` keeping the cases whose label contains TEXT).
Set-up: wrk from Debian (installed with apt-get when missing and run as root), Prism from npm
(`npm ci` in benchmarks/peer, pinned by its package-lock.json). Both servers bind 127.0.0.1 on
free ports and are stopped at the end. Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from webdata_server.config import read_bundle
from webdata_server.domain import now_utc
from webdata_server.protocols import http_stack
from webdata_server.store import LedgerEntry, Store

ROOT = Path(__file__).resolve().parent.parent
PEER = ROOT / "benchmarks" / "peer"
CONNECTIONS = 16
_CACHED_URL = "https://bench.example.com/cached"


@dataclass(frozen=True)
class Case:
    label: str
    method: str
    path: str
    body: dict[str, object] | None
    peer: bool  # also measured on Prism


CASES = [
    Case("GET /v2/team/token-usage", "GET", "/v2/team/token-usage", None, True),
    Case("POST /v2/extract", "POST", "/v2/extract", {"urls": ["https://example.com/*"], "prompt": "title"}, True),
    Case("POST /v2/scrape, cached page", "POST", "/v2/scrape", {"url": _CACHED_URL}, False),
    Case("POST /v2/scrape, fresh synthetic page", "POST", "/v2/scrape", {"url": "https://bench.example.com/fresh", "maxAge": 0}, False),
    Case("POST /v2/map", "POST", "/v2/map", {"url": "https://example.com", "limit": 50}, True),
    Case("POST /v2/search", "POST", "/v2/search", {"query": "coffee recipes", "limit": 5}, True),
    # A short script in an open interact session (the scrape kept at warm-up; Prism: any UUID).
    Case("POST /v2/scrape/{id}/interact, short script", "POST", "/v2/scrape/{scrape}/interact", {"code": "await page.title()"}, True),
    # The operations the SDKs' wave added beside the ten families (issue 59): queue status and the indexes.
    Case("GET /v2/team/queue-status", "GET", "/v2/team/queue-status", None, True),
    Case("POST /v2/search/developer", "POST", "/v2/search/developer", {"query": "memory leak"}, True),
    Case("GET /v2/search/research/papers", "GET", "/v2/search/research/papers?query=protein%20structure", None, True),
]
_ANY_SCRAPE = "00000000-0000-4000-8000-000000000000"


@dataclass(frozen=True)
class Result:
    rps: float
    p50_ms: float
    p99_ms: float
    failures: int


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing wrk (apt-get install wrk) ...", flush=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "wrk"], check=True, capture_output=True)
        found = shutil.which("wrk")
    if not found:
        sys.exit("wrk is needed (Debian: apt-get install wrk); not found and could not be installed")
    return found


def _prism() -> Path:
    binary = PEER / "node_modules" / ".bin" / "prism"
    if not binary.exists():
        if not shutil.which("npm"):
            sys.exit("Prism needs npm (Node.js 18+); not found")
        print("installing Prism (npm ci in benchmarks/peer) ...", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PEER, check=True, capture_output=True)
    return binary


def _wait(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server for {url} exited with {process.returncode}")
        try:
            httpx.get(url, timeout=0.5)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    sys.exit(f"{url} did not answer within {seconds} s")


@contextmanager
def _running(argv: list[str], probe: str) -> Iterator[None]:
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(probe, process)
        yield
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


def _warm(base_url: str, key: str) -> str:
    """The scrape cache warmed (the cached case only hits), and an interact session opened on a
    scrape of the server's own: the scrape's id, for the interact case."""
    headers = {"Authorization": f"Bearer {key}"}
    httpx.post(base_url + "/v2/scrape", json={"url": _CACHED_URL}, headers=headers, timeout=30).raise_for_status()
    scraped = httpx.post(base_url + "/v2/scrape", json={"url": "https://bench.example.com/app/login"}, headers=headers, timeout=30)
    scraped.raise_for_status()
    scrape_id = str(scraped.json()["data"]["metadata"]["scrapeId"])
    httpx.post(
        base_url + f"/v2/scrape/{scrape_id}/interact", json={"code": "1", "ttl": 3600, "activityTtl": 3600}, headers=headers, timeout=30
    ).raise_for_status()
    return scrape_id


def _measure(wrk: str, base_url: str, key: str, case: Case, seconds: int, workdir: Path, *, scrape: str = _ANY_SCRAPE) -> Result:
    """The case's figures, after a second of the same load that is not counted: both servers are
    measured warm (Prism's rate on a case doubled once it had answered an earlier one)."""
    _wrk_run(wrk, base_url, key, case, 1, workdir, scrape=scrape)
    return _wrk_run(wrk, base_url, key, case, seconds, workdir, scrape=scrape)


def _wrk_run(wrk: str, base_url: str, key: str, case: Case, seconds: int, workdir: Path, *, scrape: str = _ANY_SCRAPE) -> Result:
    case = Case(case.label, case.method, case.path.replace("{scrape}", scrape), case.body, case.peer)
    script = workdir / "case.lua"
    lines = [f'wrk.method = "{case.method}"', f'wrk.headers["Authorization"] = "Bearer {key}"']
    if case.body is not None:
        lines += ['wrk.headers["Content-Type"] = "application/json"', f"wrk.body = [[{json.dumps(case.body)}]]"]
    script.write_text("\n".join(lines) + "\n")
    argv = [wrk, "-t1", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", "-s", str(script), base_url + case.path]
    output = subprocess.run(argv, check=True, capture_output=True, text=True).stdout

    def latency(label: str) -> float:
        match = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.MULTILINE)
        if match is None:
            raise RuntimeError(f"no {label}% latency in wrk's output:\n{output}")
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    failures = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    if rps is None:
        raise RuntimeError(f"no Requests/sec in wrk's output:\n{output}")
    return Result(float(rps.group(1)), latency("50"), latency("99"), int(failures.group(1)) if failures else 0)


def _database(path: Path, ledger_rows: int) -> str:
    """A database with one team (and ``ledger_rows`` charges in its current period); its key."""
    store = Store(path)
    try:
        team = store.teams.create(name="bench", plan_tokens=15 * 10**12)
        key_id, key = store.teams.create_key_with_id(team_id=team.id)
        if ledger_rows:
            start, end = team.current_period(now_utc())
            span = (min(end, now_utc()) - start) / ledger_rows
            entries = (LedgerEntry(team.id, key_id, "scrapeUrl", 1, start + span * n) for n in range(ledger_rows))
            with store.transaction() as tx:
                store.ledger.add(tx, entries)
    finally:
        store.close()
    return key


_BUSY_CRAWL = {"url": "https://depth-6.busy.example.com", "limit": 1000, "sitemap": "skip"}  # 1,457 pages at depth 6
_BUSY_BATCH = {"urls": [f"https://busy.example.com/batch/{n}" for n in range(500)]}


def _start_background_jobs(base_url: str, key: str) -> list[str]:
    """Start the busy run's crawl and batch scrape; the status paths to read their progress from."""
    headers = {"Authorization": f"Bearer {key}"}
    crawl = httpx.post(base_url + "/v2/crawl", json=_BUSY_CRAWL, headers=headers, timeout=30).raise_for_status().json()["id"]
    batch = httpx.post(base_url + "/v2/batch/scrape", json=_BUSY_BATCH, headers=headers, timeout=30).raise_for_status().json()["id"]
    return [f"/v2/crawl/{crawl}", f"/v2/batch/scrape/{batch}"]


_BACKLOG_CASES = [CASES[0], Case("GET /v2/crawl/active", "GET", "/v2/crawl/active", None, False)]


def _start_backlog(base_url: str, key: str) -> list[str]:
    """500 crawls of 10 pages and ten batch scrapes of 1,000 URLs; their status paths."""
    paths = []
    with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        for n in range(500):
            body = {"url": f"https://backlog-{n}.example.com", "limit": 10, "sitemap": "skip"}
            paths.append("/v2/crawl/" + client.post("/v2/crawl", json=body).raise_for_status().json()["id"])
        for n in range(10):
            body = {"urls": [f"https://backlog.example.com/batch-{n}/{m}" for m in range(1000)]}
            paths.append("/v2/batch/scrape/" + client.post("/v2/batch/scrape", json=body).raise_for_status().json()["id"])
    return paths


def _backlog_left(base_url: str, key: str, paths: list[str]) -> str:
    pages = finished = 0
    with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        for path in paths:
            body = client.get(path, params={"limit": "1"}).json()
            pages += body["completed"]
            finished += body["status"] != "scraping"
    return f"{finished}/{len(paths)} jobs ended, {pages:,} pages done"


def _queued(base_url: str, key: str) -> int:
    """The team's queue (its jobs' work, and its open browser sessions: the interact case's one)."""
    answer = httpx.get(base_url + "/v2/team/queue-status", headers={"Authorization": f"Bearer {key}"}, timeout=30).raise_for_status()
    return int(answer.json()["jobsInQueue"])


def _drain(base_url: str, key: str, settled: int, limit: float = 90.0) -> float:
    """Wait until the team's queue is back to ``settled`` (the jobs a case started, such as some
    15,000 extract jobs, have ended), at most ``limit`` seconds; the seconds waited. A fresh or
    grown database's next case is then measured without the last one's jobs ending beside it."""
    started = time.perf_counter()
    with httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=30) as client:
        while time.perf_counter() - started < limit:
            if client.get("/v2/team/queue-status").raise_for_status().json()["jobsInQueue"] <= settled:
                break
            time.sleep(0.2)
    return time.perf_counter() - started


def _progress(base_url: str, key: str, paths: list[str]) -> str:
    parts = []
    for path in paths:
        body = httpx.get(base_url + path, params={"limit": "1"}, headers={"Authorization": f"Bearer {key}"}, timeout=30).json()
        parts.append(f"{path.split('/')[2]} {body['status']} {body['completed']}/{body['total']} pages, {body['creditsUsed']} credits")
    return "; ".join(parts)


def _hundred_page_crawl(workdir: Path) -> float:
    """Seconds from starting a 100-page crawl to reading it completed, on a server with --job-seconds 2."""
    key = _database(workdir / "quick.sqlite3", 0)
    port = _free_port()
    base_url = f"http://127.0.0.1:{port}"
    serve = [sys.executable, "-m", "webdata_server", "serve", "--db", str(workdir / "quick.sqlite3"), "--port", str(port), "--job-seconds", "2"]
    headers = {"Authorization": f"Bearer {key}"}
    with _running(serve, base_url + "/openapi.json"):
        started = time.perf_counter()
        body = {"url": "https://depth-4.quick.example.com", "limit": 100, "sitemap": "skip"}
        job = httpx.post(base_url + "/v2/crawl", json=body, headers=headers, timeout=30).raise_for_status().json()["id"]
        while True:
            status = httpx.get(f"{base_url}/v2/crawl/{job}", params={"limit": "1"}, headers=headers, timeout=30).json()
            if status["status"] != "scraping":
                break
            time.sleep(0.02)
        elapsed = time.perf_counter() - started
        # A page that failed (the site's broken link) leaves completed and total, as the service counts.
        failed = len(httpx.get(f"{base_url}/v2/crawl/{job}/errors", headers=headers, timeout=30).json()["errors"])
        if (status["status"], status["completed"] + failed) != ("completed", 100):
            raise RuntimeError(f"the 100-page crawl ended {status['status']} with {status['completed']} pages and {failed} failed")
    return elapsed


# The worker's volume: this many batch pages, all due within --job-seconds 1.
WORKER_PAGES = 5_000


def _worker_volume(workdir: Path) -> tuple[float, float]:
    """(seconds, pages/s): ten batch scrapes of WORKER_PAGES pages in all, started on a server with
    --job-seconds 1, from the first start to reading the last one completed. Up to the pages/s it
    prints, jobs finish on schedule; beyond it pages finish later than --job-seconds, in the order
    they came due, and none is lost."""
    key = _database(workdir / "volume.sqlite3", 0)
    port = _free_port()
    base_url = f"http://127.0.0.1:{port}"
    serve = [sys.executable, "-m", "webdata_server", "serve", "--db", str(workdir / "volume.sqlite3"), "--port", str(port), "--job-seconds", "1"]
    per_batch = WORKER_PAGES // 10
    with _running(serve, base_url + "/openapi.json"), httpx.Client(base_url=base_url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        started = time.perf_counter()
        paths = []
        for n in range(10):
            body = {"urls": [f"https://volume.example.com/batch-{n}/{m}" for m in range(per_batch)]}
            paths.append("/v2/batch/scrape/" + client.post("/v2/batch/scrape", json=body).raise_for_status().json()["id"])
        while any(client.get(path, params={"limit": "1"}).json()["status"] == "scraping" for path in paths):
            time.sleep(0.1)
        elapsed = time.perf_counter() - started
    return elapsed, WORKER_PAGES / elapsed


def _cell(result: Result) -> str:
    return f"{result.rps:,.0f}/s p99 {result.p99_ms:.1f}ms"


def _row(label: str, result: Result) -> str:
    note = f", {result.failures} non-2xx" if result.failures else ""
    return f"{label:<44} {result.rps:>8,.0f} req/s  p50 {result.p50_ms:6.1f} ms  p99 {result.p99_ms:6.1f} ms{note}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=8, help="duration of each case (default 8)")
    parser.add_argument("--ledger-rows", type=int, default=1_000_000, help="charges in the grown database (default 1,000,000)")
    parser.add_argument("--cases", default="", help="only the cases whose label contains this text (e.g. /v2/map; default: all)")
    args = parser.parse_args()
    CASES[:] = [case for case in CASES if args.cases in case.label]
    if not CASES:
        parser.error(f"no case label contains {args.cases!r}")
    wrk, prism = _wrk(), _prism()
    bundle = Path(tempfile.mkdtemp()) / "openapi.json"
    bundle.write_bytes(read_bundle())
    figures: dict[tuple[str, str], Result] = {}
    with tempfile.TemporaryDirectory() as temporary:
        workdir = Path(temporary)
        for name, rows in (("fresh", 0), ("grown", args.ledger_rows), ("busy", 0)):
            started = time.perf_counter()
            key = _database(workdir / f"{name}.sqlite3", rows)
            if rows:
                print(f"seeded {rows:,} ledger rows in {time.perf_counter() - started:.1f} s", flush=True)
            port = _free_port()
            base_url = f"http://127.0.0.1:{port}"
            serve = [sys.executable, "-m", "webdata_server", "serve", "--db", str(workdir / f"{name}.sqlite3"), "--port", str(port)]
            if name == "busy":
                serve += ["--job-seconds", "60"]
            with _running(serve, base_url + "/openapi.json"):
                scrape = _warm(base_url, key)
                background = _start_background_jobs(base_url, key) if name == "busy" else []
                settled = _queued(base_url, key)
                for case in CASES:
                    figures[(name, case.label)] = result = _measure(wrk, base_url, key, case, args.seconds, workdir, scrape=scrape)
                    print(_row(f"reference ({name}) {case.label}", result), flush=True)
                    if not background and (waited := _drain(base_url, key, settled)) > 1:
                        print(f"  (the jobs it started ended {waited:.1f} s later; the next case starts after them)", flush=True)
                if background:
                    print(f"background jobs after the busy run: {_progress(base_url, key, background)}", flush=True)
        key = _database(workdir / "backlog.sqlite3", 0)
        port = _free_port()
        base_url = f"http://127.0.0.1:{port}"
        serve = [sys.executable, "-m", "webdata_server", "serve", "--db", str(workdir / "backlog.sqlite3"), "--port", str(port), "--job-seconds", "4"]
        with _running(serve, base_url + "/openapi.json"):
            started = time.perf_counter()
            jobs = _start_backlog(base_url, key)
            print(f"backlog: 510 jobs started in {time.perf_counter() - started:.1f} s", flush=True)
            for case in _BACKLOG_CASES:
                figures[("backlog", case.label)] = result = _measure(wrk, base_url, key, case, args.seconds, workdir)
                print(_row(f"reference (backlog) {case.label}", result), flush=True)
            print(f"backlog after the run: {_backlog_left(base_url, key, jobs)}", flush=True)
        key = _database(workdir / "logged.sqlite3", 0)
        port = _free_port()
        base_url = f"http://127.0.0.1:{port}"
        serve = [sys.executable, "-m", "webdata_server", "serve", "--db", str(workdir / "logged.sqlite3"), "--port", str(port), "--access-log"]
        with _running(serve, base_url + "/openapi.json"):
            scrape = _warm(base_url, key)
            for case in CASES:
                figures[("logged", case.label)] = result = _measure(wrk, base_url, key, case, args.seconds, workdir, scrape=scrape)
                print(_row(f"reference (access log) {case.label}", result), flush=True)
        port = _free_port()
        bare = [sys.executable, "-m", "uvicorn", "--app-dir", str(ROOT / "benchmarks"), "bare:app", "--port", str(port), "--log-level", "warning"]
        bare += ["--no-access-log", "--loop", http_stack("auto")[0], "--http", http_stack("auto")[1]]
        with _running(bare, f"http://127.0.0.1:{port}/v2/team/token-usage"):
            for case in CASES:
                if case.peer and "interact" not in case.label:  # the bare app answers the first cases only
                    figures[("bare", case.label)] = result = _measure(wrk, f"http://127.0.0.1:{port}", key, case, args.seconds, workdir)
                    print(_row(f"bare starlette {case.label}", result), flush=True)
        quick = _hundred_page_crawl(workdir)
        volume = _worker_volume(workdir)
        port = _free_port()
        with _running([str(prism), "mock", "-h", "127.0.0.1", "-p", str(port), str(bundle)], f"http://127.0.0.1:{port}/v2/team/token-usage"):
            for case in CASES:
                if case.peer:
                    figures[("prism", case.label)] = result = _measure(wrk, f"http://127.0.0.1:{port}", "prism-key", case, args.seconds, workdir)
                    print(_row(f"prism {case.label}", result), flush=True)

    print(
        f"\nwrk -t1 -c{CONNECTIONS} -d{args.seconds}s on {os.cpu_count()} cores (benchmarks/server.py --seconds {args.seconds} --ledger-rows {args.ledger_rows})"
    )
    print(
        f"{'case':<40} {'fresh db':>20} {'prism':>20} {'vs prism':>9} {f'{args.ledger_rows:,} rows':>22} {'vs fresh':>9}"
        f" {'crawl+batch running':>22} {'vs fresh':>9}"
    )
    for case in CASES:
        fresh, grown, busy = figures[("fresh", case.label)], figures[("grown", case.label)], figures[("busy", case.label)]
        peer = figures.get(("prism", case.label))
        print(
            f"{case.label:<40} {_cell(fresh):>20} {_cell(peer) if peer else '-':>20} {f'{fresh.rps / peer.rps:.2f}x' if peer else '-':>9}"
            f" {_cell(grown):>22} {f'{(grown.rps / fresh.rps - 1) * 100:+.0f}%':>9}"
            f" {_cell(busy):>22} {f'{(busy.rps / fresh.rps - 1) * 100:+.0f}%':>9}"
        )
    for case in CASES:
        fresh, logged = figures[("fresh", case.label)], figures[("logged", case.label)]
        stack = figures.get(("bare", case.label))
        beside = f"; bare Starlette on the same stack: {_cell(stack)} (the server is at {fresh.rps / stack.rps:.0%} of it)" if stack else ""
        print(f"{case.label:<40} access log on: {_cell(logged)} ({(logged.rps / fresh.rps - 1) * 100:+.0f}%){beside}")
    for case in _BACKLOG_CASES:
        print(f"{case.label:<40} beside 500 crawls and 10,000 batch pages coming due: {_cell(figures[('backlog', case.label)])}")
    print(f"a 100-page crawl on a server with --job-seconds 2: completed in {quick:.2f} s")
    print(f"worker volume: {WORKER_PAGES:,} batch pages due within 1 s (--job-seconds 1) finished in {volume[0]:.1f} s: {volume[1]:,.0f} pages/s")


if __name__ == "__main__":
    main()
