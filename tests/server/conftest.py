"""Fixtures for the reference server: an in-process app over a fresh database, a real socket
server in a subprocess, and an API helper that checks every answer against the bundle."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import quote

import httpx
import pytest
from starlette.testclient import TestClient
from webdata_conformance.client import contract_problems, operations_by_id
from webdata_server import Settings, create_app
from webdata_server.jobs import Clock, JobService
from webdata_server.store import Store

from tests.conftest import ROOT

OPERATIONS = operations_by_id()
response_errors = contract_problems


@dataclass
class Api:
    """Calls operations by operationId and asserts each answer matches the contract."""

    send: Callable[..., httpx.Response]
    key: str
    team_id: str = ""
    calls: list[tuple[str, int]] = field(default_factory=list)

    def __call__(
        self,
        operation_id: str,
        *,
        key: str | None = None,
        json: Any = None,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        **path: str,
    ) -> httpx.Response:
        operation = OPERATIONS[operation_id]
        url = operation["path"].format(**{k: quote(v, safe="") for k, v in path.items()})
        auth = {} if key == "" else {"Authorization": f"Bearer {key if key is not None else self.key}"}
        response = self.send(operation["method"], url, json=json, params=params, headers={**auth, **(headers or {})})
        self.calls.append((operation_id, response.status_code))
        assert response_errors(operation_id, response.status_code, response.json()) == [], response.text
        return response


@dataclass
class Tenant:
    team_id: str
    key: str


@dataclass
class Server:
    """An in-process server and what tests need to arrange state."""

    store: Store
    client: TestClient
    api: Api
    settings: Settings

    def tenant(self, *, plan_tokens: int | None = 15 * 1000, **plan: Any) -> Tenant:
        team = self.store.teams.create(name="t", plan_tokens=plan_tokens)
        if plan:
            self.store.teams.update(team.id, **plan)
        return Tenant(team.id, self.store.teams.create_key(team_id=team.id))

    def api_for(self, tenant: Tenant) -> Api:
        return Api(send=self.client.request, key=tenant.key, team_id=tenant.team_id)

    @property
    def jobs(self) -> JobService:
        """The running application's job service (its clock and passes)."""
        front: Any = self.client.app  # create_app's front, whose jobs() the lifespan made answer
        return cast(JobService, front.jobs())


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    started: list[tuple[TestClient, Store]] = []

    def make(*, job_seconds: float = 30.0, clock: Clock | None = None, **settings: Any) -> Server:
        store = Store(tmp_path / f"db{len(started)}.sqlite3")
        config = Settings(database=store.path, job_seconds=job_seconds, **{"worker_interval": 0.05, **settings})
        client = TestClient(create_app(config, store=store, clock=clock), raise_server_exceptions=False)
        client.__enter__()
        started.append((client, store))
        server = Server(store=store, client=client, api=Api(send=client.request, key=""), settings=config)
        server.api = server.api_for(server.tenant())
        return server

    yield make
    for client, store in started:
        client.__exit__(None, None, None)
        store.close()


@pytest.fixture
def server(make_server: Callable[..., Server]) -> Server:
    """Jobs run 30 s: long enough to cancel, short enough never to matter."""
    return make_server()


@pytest.fixture
def quick_server(make_server: Callable[..., Server]) -> Server:
    """Jobs complete after 0.2 s."""
    return make_server(job_seconds=0.2)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    """``python -m webdata_server serve`` in a subprocess on a free port of 127.0.0.1."""

    database: Path
    job_seconds: float = 30.0
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    options: tuple[str, ...] = ()  # more arguments of ``serve``

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def admin(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "webdata_server", "admin", "--db", str(self.database), *args], capture_output=True, text=True, check=True, cwd=ROOT
        )
        return done.stdout

    def start(self) -> None:
        argv = [
            sys.executable,
            "-m",
            "webdata_server",
            "serve",
            "--db",
            str(self.database),
            "--port",
            str(self.port),
            "--job-seconds",
            str(self.job_seconds),
            *self.options,
        ]
        self.process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.process.stdout.read().decode() if self.process.stdout else ''}")
            try:
                if httpx.get(self.base_url + "/openapi.json", timeout=0.5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, as in a crash."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.process and self.process.stdout:
            self.process.stdout.close()


@pytest.fixture(scope="module")
def controlled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """``serve --control --clock manual`` for a module's tests."""
    server = LiveServer(database=tmp_path_factory.mktemp("control") / "control.sqlite3", options=("--control", "--clock", "manual"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(database=tmp_path / "live.sqlite3")
    yield server
    server.stop()


# An answer that others waited longer than this for means the server froze (the findings were
# 13 to 38 s); shorter waits are the load of a busy 2-core CI machine, not what these tests look for.
FREEZE_SECONDS = 5.0


class Latency:
    """A cheap request every 50 ms while a run goes: the slowest answer is what others felt."""

    def __init__(self, base: str, key: str) -> None:
        self.base, self.key = base, key
        self.slowest = 0.0
        self.statuses: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        with httpx.Client(base_url=self.base, headers={"Authorization": f"Bearer {self.key}"}, timeout=30) as client:
            while not self._stop.is_set():
                started = time.monotonic()
                self.statuses.add(client.get("/v2/team/credit-usage").status_code)
                self.slowest = max(self.slowest, time.monotonic() - started)
                time.sleep(0.05)

    def __enter__(self) -> Latency:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)
