"""``serve --port 0 --ready-file PATH --exit-with-parent``: started by another program, the server
says where it is once it answers, and ends with that program (webdata_server.launch)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="signals and process groups of POSIX")


def _serve(tmp_path: Path, *options: str, ready: Path | None = None) -> tuple[subprocess.Popen[bytes], Path]:
    ready = ready or tmp_path / "ready.json"
    argv = [sys.executable, "-m", "webdata_server", "serve", "--port", "0", "--db", str(tmp_path / "db.sqlite3"), "--ready-file", str(ready), *options]
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return process, ready


def _wait_ready(process: subprocess.Popen[bytes], ready: Path) -> dict[str, Any]:
    deadline = time.monotonic() + 30
    while not ready.exists():
        assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
        assert time.monotonic() < deadline, "no ready file within 30 s"
        time.sleep(0.02)
    content: dict[str, Any] = json.loads(ready.read_text())
    return content


def _stop(process: subprocess.Popen[bytes]) -> int:
    if process.poll() is None:
        process.terminate()
    code = process.wait(15)
    if process.stdout:
        process.stdout.close()
    return code


def _scrape(info: dict[str, Any], key: str | None = None) -> httpx.Response:
    return httpx.post(
        f"{info['url']}/v2/scrape", json={"url": "https://example.com/ready"}, headers={"Authorization": f"Bearer {key or info['apiKey']}"}, timeout=30
    )


def test_port_0_and_the_ready_file_name_a_server_that_answers(tmp_path: Path) -> None:
    process, ready = _serve(tmp_path, "--control", "--clock", "auto")
    try:
        info = _wait_ready(process, ready)
        assert info["port"] > 0 and info["url"] == f"http://127.0.0.1:{info['port']}" and info["pid"] == process.pid
        assert info["control"] == f"{info['url']}/__webdata" and info["clock"] == "auto"
        # Written once the server answers: the first request after the file appears succeeds.
        answered = _scrape(info)
        assert answered.status_code == 200 and answered.json()["data"]["metadata"]["sourceURL"] == "https://example.com/ready"
        assert httpx.get(f"{info['url']}/__webdata/clock", timeout=10).json()["manual"] is True
        assert not list(tmp_path.glob("*.partial"))  # written whole, then renamed into place
    finally:
        _stop(process)
    assert not ready.exists()  # removed when the server stops: a stale file names no dead server


def test_an_older_database_gets_one_fresh_key_per_start(tmp_path: Path) -> None:
    process, ready = _serve(tmp_path)
    try:
        first = _wait_ready(process, ready)
    finally:
        _stop(process)
    process, ready = _serve(tmp_path)
    try:
        second = _wait_ready(process, ready)
        assert second["teamId"] == first["teamId"] and second["apiKey"] != first["apiKey"]
        assert _scrape(second).status_code == 200
        assert _scrape(second, first["apiKey"]).status_code == 200  # the development team's first key still works
    finally:
        _stop(process)
    process, ready = _serve(tmp_path)
    try:
        third = _wait_ready(process, ready)
        assert _scrape(third, second["apiKey"]).status_code == 401  # the previous start's ready key replaced
        assert _scrape(third).status_code == 200
    finally:
        _stop(process)
    listed = subprocess.run(
        [sys.executable, "-m", "webdata_server", "admin", "--db", str(tmp_path / "db.sqlite3"), "list"], capture_output=True, text=True, check=True
    )
    names = [key["name"] for key in json.loads(listed.stdout)[0]["keys"]]
    assert names == ["development", "ready-file"]


def test_exit_with_parent_ends_with_a_parent_killed_before_its_teardown(tmp_path: Path) -> None:
    # A parent that starts the server and is then killed (SIGKILL: no teardown runs).
    ready = tmp_path / "ready.json"
    argv = [
        sys.executable,
        "-m",
        "webdata_server",
        "serve",
        "--port",
        "0",
        "--db",
        str(tmp_path / "db.sqlite3"),
        "--ready-file",
        str(ready),
        "--exit-with-parent",
    ]
    parent_code = f"import subprocess, time; subprocess.Popen({argv!r}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); time.sleep(120)"
    parent = subprocess.Popen([sys.executable, "-c", parent_code], cwd=ROOT, start_new_session=True)
    try:
        info = _wait_ready(parent, ready)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 15
        while _alive(info["pid"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(info["pid"]), "the server outlived the process that started it"
        assert not ready.exists()
    finally:
        if parent.poll() is None:
            parent.kill()
        if ready.exists():
            os.kill(json.loads(ready.read_text())["pid"], signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (ended, not yet reaped by init) has ended too.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return True


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "webdata_server", "serve", "--port", str(port), "--db", str(tmp_path / "db.sqlite3")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.strip() == f"webdata-server: cannot listen on 127.0.0.1:{port}: Address already in use"
    assert not (tmp_path / "db.sqlite3").exists()  # nothing made before the refusal
