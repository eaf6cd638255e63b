"""Where the conformance suite points: a server given by BASE_URL and keys, or the embedded
reference server, started on a free port of 127.0.0.1 with a fresh database and stopped after.

The embedded server is driven only through its command line (``webdata-server``, from the
``webdata-server`` distribution when it is installed beside the suite): nothing here imports the
server's code, so the suite works the same against any implementation.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

__all__ = ["Target", "embedded_server", "server_command", "target_from_env"]


@dataclass(frozen=True)
class Target:
    """A server under test and the keys of two teams (the second is optional)."""

    base_url: str
    api_key: str
    second_api_key: str | None = None
    # Whether a team's token usage changes only through this suite's requests.
    isolated_usage: bool = False
    # Variables the configuration's "$NAME" fixtures read, beside the environment: the keys of the
    # fixture teams the embedded server made (never put in the process's environment, which two
    # servers started side by side would share).
    fixture_env: dict[str, str] = field(default_factory=dict)

    def env(self) -> dict[str, str]:
        values = {"BASE_URL": self.base_url, "API_KEY": self.api_key, "ISOLATED_USAGE": "1" if self.isolated_usage else "0"}
        if self.second_api_key:
            values["SECOND_API_KEY"] = self.second_api_key
        return values


def target_from_env() -> Target | None:
    """The target named by BASE_URL, API_KEY and SECOND_API_KEY, if BASE_URL is set."""
    base_url = os.environ.get("BASE_URL")
    if not base_url:
        return None
    api_key = os.environ.get("API_KEY")
    if not api_key:
        raise SystemExit("BASE_URL is set but API_KEY is not")
    return Target(base_url.rstrip("/"), api_key, os.environ.get("SECOND_API_KEY") or None, os.environ.get("ISOLATED_USAGE") == "1")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_command() -> list[str]:
    """How to run the reference server: its console script beside this interpreter, or on PATH."""
    beside = Path(sys.executable).with_name("webdata-server")
    found = str(beside) if beside.exists() else shutil.which("webdata-server")
    if found is None:
        raise RuntimeError("no --base-url given and the reference server is not installed: pip install webdata-server, or name a server with --base-url")
    return [found]


def _admin(database: Path, *args: str) -> str:
    done = subprocess.run([*server_command(), "admin", "--db", str(database), *args], capture_output=True, text=True, check=True)
    return done.stdout


# The variables the reference server's configuration (reference.toml, [fixtures]) reads its
# fixture keys from; embedded_server sets them to the keys of the teams it creates.
FIXTURE_VARIABLES = {
    "poor-key": "WEBDATA_CONFORMANCE_POOR_KEY",
    "tight-key": "WEBDATA_CONFORMANCE_TIGHT_KEY",
    "limited-key": "WEBDATA_CONFORMANCE_LIMITED_KEY",
    "no-usage-key": "WEBDATA_CONFORMANCE_NO_USAGE_KEY",
    "not-entitled-key": "WEBDATA_CONFORMANCE_NOT_ENTITLED_KEY",
    "overrides-disabled-key": "WEBDATA_CONFORMANCE_OVERRIDES_DISABLED_KEY",
    "enforced-key": "WEBDATA_CONFORMANCE_ENFORCED_KEY",
}


def _fixture_teams(database: Path) -> dict[str, str]:
    """Teams that provoke refusals, made with the server's admin commands (one call each): no
    credits (402), ten credits (a scrape, but not a browser session: 402), one request a minute (429), no plan (404 from usage), threat protection with
    overrides disabled or enforced (403); variable name -> key."""
    plan = ("--plan-tokens", str(15 * 100_000))
    made = {
        "poor-key": ("--name", "conformance-poor", "--plan-tokens", "0"),
        "tight-key": ("--name", "conformance-tight", "--plan-tokens", str(15 * 10)),
        "limited-key": ("--name", "conformance-limited", "--plan-tokens", str(15 * 10_000), "--rate-limit", "1"),
        "no-usage-key": ("--name", "conformance-no-usage"),
        "overrides-disabled-key": ("--name", "conformance-no-overrides", *plan, "--threat-protection", "on", "--threat-overrides", "off"),
        "enforced-key": ("--name", "conformance-enforced", *plan, "--threat-protection", "on", "--threat-protection-enforced", "on"),
    }
    return {FIXTURE_VARIABLES[fixture]: json.loads(_admin(database, "create-team", *args))["apiKey"] for fixture, args in made.items()}


@contextmanager
def embedded_server(*, job_seconds: float = 2.0) -> Iterator[Target]:
    """The reference server with two fresh teams (threat protection enabled for the first, not the
    second) and the fixture teams of reference.toml, whose keys are the target's ``fixture_env``."""
    with tempfile.TemporaryDirectory(prefix="webdata-conformance-") as temporary:
        database = Path(temporary) / "conformance.sqlite3"
        plan = ("--plan-tokens", str(15 * 10_000_000))
        keys = [
            json.loads(_admin(database, "create-team", "--name", "conformance", *plan, "--threat-protection", "on"))["apiKey"],
            json.loads(_admin(database, "create-team", "--name", "conformance-other", *plan))["apiKey"],
        ]
        fixtures = _fixture_teams(database) | {FIXTURE_VARIABLES["not-entitled-key"]: keys[1]}
        port = _free_port()
        # A feedback window of seconds, not the service's two minutes: LIMIT-06 waits past it
        # (reference.toml's feedback-window says the same).
        argv = [*server_command(), "serve", "--db", str(database), "--port", str(port), "--job-seconds", str(job_seconds), "--feedback-window", "2"]
        log = open(Path(temporary) / "server.log", "wb")
        process = subprocess.Popen(argv, cwd=temporary, stdout=log, stderr=subprocess.STDOUT)
        base_url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                if process.poll() is not None:
                    raise RuntimeError("the reference server exited: " + (Path(temporary) / "server.log").read_text())
                try:
                    httpx.get(base_url + "/openapi.json", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("the reference server did not start") from None
                    time.sleep(0.05)
            yield Target(base_url, keys[0], keys[1], isolated_usage=True, fixture_env=fixtures)
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
            log.close()
