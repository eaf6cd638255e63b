"""What ``webdata-server serve`` needs to be started by another program: a socket bound before the
application starts (``--port 0``: the system chooses a free one), a ready file that names the
server's address and a key once it answers (``--ready-file``), and an end with the program that
started it (``--exit-with-parent``). A JavaScript test runner's global set-up uses all three
(server/README.md, "JavaScript test runners")."""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn

# The name of the key a ready file names when the database already had its teams (the key made at
# the database's first start was shown once and is not kept). One such key at a time: the previous
# one is deleted when the next start makes it.
READY_KEY_NAME = "ready-file"


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host`` and ``port`` (0: a free port the system chooses).

    Raises OSError with the address when it cannot bind (a port in use, a host not of this machine)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        raise OSError(error.errno, f"cannot listen on {host}:{port}: {error.strerror}") from None
    return sock


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def ready_key(store: Any, created: tuple[Any, str] | None) -> tuple[str | None, str | None]:
    """(team id, API key) the ready file names: the development team's first key when this start
    created it; otherwise a fresh key of the oldest team, named ``ready-file``, which replaces the
    one a previous start made (so restarts do not pile keys up). (None, None) with no team at all."""
    if created is not None:
        team, key = created
        return team.id, key
    teams = store.teams.all()
    if not teams:
        return None, None
    team = teams[0]
    for detail in store.teams.key_details(team.id):
        if detail["name"] == READY_KEY_NAME:
            store.teams.revoke_key(detail["id"])
    return team.id, store.teams.create_key(team_id=team.id, name=READY_KEY_NAME)


class ReadyFile:
    """The JSON object a parent process waits for: written whole (a temporary file renamed into
    place, so a reader never sees half of it) once the server answers, removed when it stops."""

    def __init__(self, path: Path, content: dict[str, Any]) -> None:
        self.path = path
        self.content = content

    def write(self) -> None:
        partial = self.path.with_name(self.path.name + f".{os.getpid()}.partial")
        partial.write_text(json.dumps(self.content, indent=2) + "\n", encoding="utf-8")
        os.replace(partial, self.path)

    def remove(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def watch_parent(stop: Callable[[], None], *, every: float = 0.25) -> threading.Thread | None:
    """Calls ``stop`` once the process that started this one has ended (this process is then
    adopted: its parent id changes), so a test runner killed before its teardown leaves no server
    behind. None where there is no parent to watch (started by init itself)."""
    parent = os.getppid()
    if parent <= 1:
        return None

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        stop()

    thread = threading.Thread(target=watch, name="webdata-server:parent", daemon=True)
    thread.start()
    return thread


class Server(uvicorn.Server):
    """uvicorn's server on a socket bound beforehand (:func:`bind`), which says where it listens and
    writes the ready file once it answers."""

    def __init__(self, config: uvicorn.Config, *, url: str, ready: ReadyFile | None) -> None:
        super().__init__(config)
        self._url, self._ready = url, ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            logging.getLogger("uvicorn.error").info("Uvicorn running on %s (Press CTRL+C to quit)", self._url)
            if self._ready is not None:
                self._ready.write()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # Here, not after run(): uvicorn raises the signal that stopped it again once it returns.
        try:
            await super().shutdown(sockets=sockets)
        finally:
            if self._ready is not None:
                self._ready.remove()

    def stop_soon(self) -> None:
        self.should_exit = True
