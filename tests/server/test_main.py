"""The ``webdata-server`` command: the HTTP stack ``serve`` runs on."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from webdata_server import __main__ as command
from webdata_server import protocols

from tests.server.conftest import LiveServer


def test_auto_takes_uvloop_and_httptools_where_both_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocols, "_installed", lambda module: True)
    assert protocols.http_stack("auto") == ("uvloop", "httptools")
    assert protocols.http_stack("fast") == ("uvloop", "httptools")
    assert protocols.http_stack("pure") == ("asyncio", "h11")


@pytest.mark.parametrize("missing", ["uvloop", "httptools"])
def test_auto_falls_back_to_the_pure_python_pair_and_fast_refuses(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    monkeypatch.setattr(protocols, "_installed", lambda module: module != missing)
    assert protocols.http_stack("auto") == ("asyncio", "h11")
    with pytest.raises(SystemExit, match="--stack fast needs uvloop and httptools"):
        protocols.http_stack("fast")


@pytest.mark.parametrize(("stack", "loop", "http"), [("auto", "uvloop", "httptools"), ("pure", "asyncio", "h11")])
def test_serve_answers_on_the_stack_it_names(tmp_path: Path, stack: str, loop: str, http: str) -> None:
    # The development environment installs uvloop and httptools (requirements.lock), so auto is the fast pair.
    server = LiveServer(database=tmp_path / "stack.sqlite3", options=("--stack", stack))
    try:
        server.start()
        key = json.loads(server.admin("create-team", "--name", "stack", "--plan-tokens", "1500000"))["apiKey"]
        usage = httpx.get(f"{server.base_url}/v2/team/token-usage", headers={"Authorization": f"Bearer {key}"})
        assert usage.status_code == 200 and usage.json()["success"] is True
        refused = httpx.post(f"{server.base_url}/v2/scrape", content=b"{", headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        assert refused.status_code == 400 and refused.json()["success"] is False
        assert server.process is not None and server.process.stdout is not None
        server.process.terminate()
        server.process.wait(10)
        assert f"event loop {loop}, HTTP parser {http}" in server.process.stdout.read().decode()
    finally:
        server.stop()


def test_create_team_takes_the_plan_in_one_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "admin.sqlite3")
    argv = ["admin", "--db", database, "create-team", "--name", "limited", "--plan-tokens", "150"]
    assert command.main([*argv, "--rate-limit", "1", "--max-concurrency", "2", "--threat-protection", "on", "--threat-overrides", "off"]) == 0
    created = json.loads(capsys.readouterr().out)
    assert created["apiKey"].startswith("wd-")
    assert command.main(["admin", "--db", database, "list"]) == 0
    (team,) = json.loads(capsys.readouterr().out)
    assert team["id"] == created["id"] and team["planTokens"] == 150
    assert (team["rateLimitPerMinute"], team["maxConcurrency"]) == (1, 2)
    assert team["threatProtection"] == {"enabled": True, "enforced": False, "overridesDisabled": True}


def test_admin_takes_the_database_before_or_after_its_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "admin.sqlite3")
    assert command.main(["admin", "create-team", "--name", "after", "--db", database]) == 0
    made = json.loads(capsys.readouterr().out)
    assert command.main(["admin", "--db", database, "list"]) == 0
    assert [team["id"] for team in json.loads(capsys.readouterr().out)] == [made["id"]]
    assert command.main(["admin", "list", "--db", database]) == 0
    assert [team["id"] for team in json.loads(capsys.readouterr().out)] == [made["id"]]


@pytest.mark.parametrize(("host", "loopback"), [("127.0.0.1", True), ("127.8.9.10", True), ("localhost", True), ("::1", True), ("[::1]", True),
                                                 ("127.public.test", False), ("127.0.0.1.nip.io", False), ("0.0.0.0", False), ("10.0.0.1", False)])  # fmt: skip  # noqa: S104 - hosts checked, nothing bound
def test_control_binds_only_a_loopback_address(host: str, loopback: bool) -> None:
    """Issue 73: ``--control --host 127.public.test`` bound a public address, its name beginning with 127."""
    from webdata_server.config import Settings

    assert Settings(host=host).loopback is loopback


def test_serve_with_control_refuses_a_host_that_is_not_loopback(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "webdata_server", "serve", "--db", str(tmp_path / "x.sqlite3"), "--control", "--host", "127.public.test", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "--control answers only on a loopback address; --host 127.public.test is not one" in done.stderr
