"""Another process holding the database's write lock never freezes the server (issue 37, item 4):
reads answer at once, a write waits a bounded time for the lock and then fails with the
documented 500, and everything works again once the lock is released."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import httpx
import pytest
from webdata_server.store.database import LOCK_WAIT_SECONDS

from tests.server.conftest import Server

HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("ROLLBACK")
"""


def _hold(path: str, seconds: float) -> subprocess.Popen[str]:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, path, str(seconds)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


def test_reads_answer_and_writes_fail_within_a_bound_while_another_process_holds_the_lock(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    # The audit: a 3 s hold left the server unanswering for 3 s; a 35 s hold froze it for 30 s.
    assert server.api("scrapeUrl", json={"url": "https://example.com/warm"}).status_code == 200
    holder = _hold(str(server.store.path), 5.0)
    try:
        outcome: dict[str, object] = {}

        def write() -> None:
            started = time.monotonic()
            outcome["answer"] = server.api("scrapeUrl", json={"url": "https://example.com/while-locked", "maxAge": 0})
            outcome["took"] = time.monotonic() - started

        writer = threading.Thread(target=write)
        writer.start()
        time.sleep(0.2)  # the write waits for the lock now
        slowest = 0.0
        for _ in range(10):
            started = time.monotonic()
            assert server.api("getTokenUsage").status_code == 200
            slowest = max(slowest, time.monotonic() - started)
        # The issue asks for 100 ms; the bound here leaves room for a busy CI machine.
        assert slowest < 0.5, f"a read took {slowest:.3f} s while a write waited for the lock"
        writer.join(30)
        refused = outcome["answer"]
        assert isinstance(refused, httpx.Response) and refused.status_code == 500
        assert refused.json()["error"] == "An unexpected error occurred on the server."
        took = outcome["took"]
        assert isinstance(took, float) and LOCK_WAIT_SECONDS - 0.1 < took < LOCK_WAIT_SECONDS + 1.5
    finally:
        holder.wait(10)
    assert server.api("scrapeUrl", json={"url": "https://example.com/after", "maxAge": 0}).status_code == 200
    # One line saying why, not a traceback a write (3,147 in 5 s in the audit).
    busy = [r for r in caplog.records if "locked by another process" in r.getMessage()]
    assert busy and all(r.exc_info is None for r in busy)
    assert not [r for r in caplog.records if r.exc_info is not None]
