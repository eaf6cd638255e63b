"""The suite never crashes: against servers that answer every call with a refusal, an HTML page or
garbage, and with a second key whose team cannot pay, it ends with a verdict for every requirement,
names what did not hold, exits 1, and prints no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from webdata_conformance.requirements import REQUIREMENTS
from webdata_conformance.target import embedded_server, target_from_env

pytestmark = pytest.mark.skipif(target_from_env() is not None, reason="starts its own stand-in servers")
CONFORMANCE = str(Path(sys.executable).with_name("webdata-conformance"))

# What each stand-in answers to every request: status, Content-Type, body.
STANDINS: dict[str, tuple[int, str, bytes]] = {
    "payment-required": (402, "application/json", b'{"success": false, "error": "Payment required to access this resource."}'),
    "unauthorized": (401, "application/json", b'{"success": false, "error": "Unauthorized"}'),
    "html-page": (404, "text/html", b"<!doctype html><html><body><h1>Not Found</h1></body></html>"),
    "garbage": (200, "application/json", b"\x00\x9fnot json{{"),
}
# A phrase the report must hold for each: the precondition or failure it names.
NAMED = {
    "payment-required": "the key's team cannot pay (402)",
    "unauthorized": "the key is not accepted (401)",
    "html-page": "not implemented",
    "garbage": "no answer within the contract",
}


@contextmanager
def standin(answer: tuple[int, str, bytes]) -> Iterator[str]:
    """A server on a free loopback port that answers every request with ``answer``."""
    status, media, body = answer

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def _answer(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            if length:
                self.rfile.read(length)
            self.send_response(status)
            self.send_header("Content-Type", media)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = do_OPTIONS = do_HEAD = do_TRACE = _answer

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _suite(base_url: str, key: str, second: str, report_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [CONFORMANCE, "--base-url", base_url, "--api-key", key, "--second-api-key", second, "--isolated-usage"]
    argv += ["--phases", "examples", "--max-examples", "1", "--seed", "5", "--report-dir", str(report_dir), *extra]
    env = {k: v for k, v in os.environ.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
    return subprocess.run(argv, cwd=report_dir.parent, env=env, capture_output=True, text=True, check=False, timeout=600)


@pytest.mark.parametrize("name", sorted(STANDINS))
def test_every_requirement_gets_a_verdict_from_a_server_that_answers_nothing_useful(name: str, tmp_path: Path) -> None:
    with standin(STANDINS[name]) as base_url:
        done = _suite(base_url, "wd-standin-key", "wd-standin-other", tmp_path / "report")
    printed = done.stdout + done.stderr
    assert done.returncode == 1, printed[-3000:]
    assert "Traceback" not in printed and "INTERNALERROR" not in printed, printed[-5000:]
    verdicts = json.loads((tmp_path / "report" / "requirements.json").read_text())
    assert set(verdicts) == set(REQUIREMENTS)
    assert {v["outcome"] for v in verdicts.values()} <= {"failed", "not verified", "skipped", "passed"}, verdicts
    assert not any(v["outcome"] == "not run" for v in verdicts.values())
    said = json.dumps(verdicts)
    assert NAMED[name] in said, said[:3000]
    # Nothing the suite could not ask was counted as a pass: a job's life cycle needs a job.
    assert verdicts["JOBS-02"]["outcome"] == "not verified" and verdicts["TEN-01"]["outcome"] == "not verified"
    summary = next(line for line in done.stdout.splitlines() if line.startswith("conformance: "))
    assert summary.startswith(f"conformance: {len(REQUIREMENTS)} requirements: ")


def test_a_second_key_that_cannot_pay_is_named_not_a_crash(tmp_path: Path) -> None:
    """The second team has no credits (as a new user's second team made without enough
    --plan-tokens): tenant isolation cannot be verified, and the report says why."""
    with embedded_server() as server:
        poor = server.fixture_env["WEBDATA_CONFORMANCE_POOR_KEY"]
        done = _suite(server.base_url, server.api_key, poor, tmp_path / "report", "--scenarios", "another_teams_job")
    printed = done.stdout + done.stderr
    assert "Traceback" not in printed and "KeyError" not in printed, printed[-5000:]
    verdicts = json.loads((tmp_path / "report" / "requirements.json").read_text())
    ten = verdicts["TEN-01"]
    assert ten["outcome"] == "not verified", ten
    assert any("the second key's team cannot pay (402)" in failure for failure in ten["failures"]), ten
