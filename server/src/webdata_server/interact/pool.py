"""The server's side of the workers (:mod:`.worker`): a pool of processes that run sessions' code.

- A run takes an idle worker (the one holding the session's page, when one is idle), sends the
  request, answers the worker's page fetches from the server's web, and waits for ``done`` until
  its timeout plus :data:`~.budget.GRACE_S`; past that the worker is killed (SIGKILL: nothing
  inside it can delay that) and the run answers ``killed``. A worker that died (its memory cap,
  a kill) is replaced on the next run.
- At most :data:`MAX_WORKERS` run at once, and one team holds at most :data:`PER_TEAM` of them
  (half the cores): a team's further runs wait for its own, so no team's code can keep another's
  from running. Workers run at a lower priority (nice 5) than the server, whose answers come first.
- :meth:`Sandbox.stop` kills the run of a session that has ended (its ttl, its inactivity, a
  DELETE): ending a session never waits for its code.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from webdata_server.browser.outcome import Outcome
from webdata_server.interact.budget import GRACE_S, Budget
from webdata_server.interact.worker import _HEADER, MAX_MESSAGE
from webdata_server.web import FetchContext, FetchRefused, WebSource

__all__ = ["MAX_WORKERS", "PER_TEAM", "Ran", "Sandbox"]

MAX_WORKERS = 8
# A team's runs take at most half the machine's cores, so another team's code always finds one.
PER_TEAM = max(1, (os.cpu_count() or 2) // 2)
_START_S = 30.0  # how long a new worker may take to be ready


@dataclass(frozen=True)
class Ran:
    """A run's outcome and the page's state after it (None: unchanged, or lost with a killed worker)."""

    outcome: Outcome
    state: dict[str, Any] | None


class _Died(Exception):
    """The worker's pipe closed: it was killed or passed its memory cap."""


@dataclass(eq=False)
class _Worker:
    process: subprocess.Popen[bytes]
    known: dict[str, int] = field(default_factory=dict)  # session -> the version of its page held here
    session: str | None = None  # the session whose run it is doing
    buffer: bytearray = field(default_factory=bytearray)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        import json

        body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(_HEADER.pack(len(body)) + body)
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Died() from None

    def receive(self, deadline: float) -> dict[str, Any] | None:
        """The next message, or None once ``deadline`` (monotonic) has passed."""
        import json

        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while True:
            if len(self.buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack(self.buffer[: _HEADER.size])
                if size > MAX_MESSAGE:
                    raise _Died()
                if len(self.buffer) >= _HEADER.size + size:
                    body = bytes(self.buffer[_HEADER.size : _HEADER.size + size])
                    del self.buffer[: _HEADER.size + size]
                    message: dict[str, Any] = json.loads(body)
                    return message
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise _Died()
            self.buffer += chunk

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, OSError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError, OSError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            self.process.wait(timeout=5)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()


class Sandbox:
    """The pool (see the module's docstring)."""

    def __init__(self, web: WebSource, *, size: int = MAX_WORKERS, per_team: int = PER_TEAM) -> None:
        self.web = web
        self.size = size
        self.per_team = per_team
        self._idle: list[_Worker] = []
        self._busy: dict[_Worker, str] = {}  # worker -> team
        self._starting = 0
        self._changed = threading.Condition()
        self._closed = False

    # -- workers ------------------------------------------------------------------------------
    def _spawn(self) -> _Worker:
        env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}
        if os.environ.get("WEBDATA_WORKER_MEMORY"):
            env["WEBDATA_WORKER_MEMORY"] = os.environ["WEBDATA_WORKER_MEMORY"]
        process = subprocess.Popen(
            [sys.executable, "-I" if not env.get("PYTHONPATH") else "-E", "-m", "webdata_server.interact.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd="/",
            close_fds=True,
            start_new_session=True,
        )
        worker = _Worker(process)
        try:
            ready = worker.receive(time.monotonic() + _START_S)
        except _Died:
            ready = None
        if ready is None or ready.get("op") != "ready":
            worker.kill()
            raise RuntimeError("the interact worker did not start")
        return worker

    def warm(self) -> None:
        """Starts a worker now (in a thread) when none is idle, so that the first run finds one."""
        with self._changed:
            if self._idle or self._starting or len(self._busy) >= self.size or self._closed:
                return
            self._starting += 1

        def start() -> None:
            try:
                worker = self._spawn()
            except (RuntimeError, OSError):
                worker = None
            with self._changed:
                self._starting -= 1
                if worker is not None:
                    if self._closed:
                        worker.kill()
                    else:
                        self._idle.append(worker)
                self._changed.notify_all()

        threading.Thread(target=start, name="interact-warm", daemon=True).start()

    def _take(self, team: str, session: str, version: int, deadline: float) -> _Worker | None:
        with self._changed:
            while True:
                if self._closed:
                    return None
                mine = sum(1 for t in self._busy.values() if t == team)
                if mine < self.per_team:
                    for worker in self._idle:
                        if worker.known.get(session) == version:
                            break
                    else:
                        worker = self._idle[-1] if self._idle else None  # type: ignore[assignment]
                    if worker is not None:
                        self._idle.remove(worker)
                        if worker.alive:
                            self._busy[worker] = team
                            worker.session = session
                            return worker
                        worker.kill()
                        continue
                    if len(self._busy) + self._starting < self.size:
                        self._starting += 1
                        break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self._changed.wait(min(remaining, 1.0))
        try:
            worker = self._spawn()
        finally:
            with self._changed:
                self._starting -= 1
        with self._changed:
            self._busy[worker] = team
            worker.session = session
        return worker

    def _give_back(self, worker: _Worker, *, dead: bool) -> None:
        with self._changed:
            self._busy.pop(worker, None)
            worker.session = None
            if dead or not worker.alive or self._closed:
                worker.kill()
            else:
                self._idle.append(worker)
            self._changed.notify_all()
        if dead:
            self.warm()  # its successor starts now, not with the next run

    # -- runs ---------------------------------------------------------------------------------
    def run(
        self, *, team: str, session: str, version: int, state: str, language: str, code: str | None, prompt: str | None, timeout_s: float, indexed: bool
    ) -> Ran:
        """Runs the code (or prompt) on the session's page (``state``, the stored JSON, at
        ``version``) in a worker; blocks the calling thread (never the event loop) until done."""
        import json

        budget = Budget(int(timeout_s * 1000))
        deadline = time.monotonic() + timeout_s + GRACE_S
        worker = self._take(team, session, version, deadline - GRACE_S)
        if worker is None:
            return Ran(Outcome(killed=True, exit_code=137, stderr=budget.message("time", detail="") + " (waiting for a free runner)\n"), None)
        request: dict[str, Any] = {
            "op": "run", "session": session, "version": version, "language": language, "code": code, "prompt": prompt,
            "timeout_ms": int(timeout_s * 1000), "indexed": indexed,
        }  # fmt: skip
        if worker.known.get(session) != version:
            request["state"] = json.loads(state)
        dead = False
        try:
            worker.send(request)
            while True:
                message = worker.receive(deadline)
                if message is None:  # past its time and grace: the engine did not come back
                    dead = True
                    return Ran(Outcome(killed=True, exit_code=137, stderr=budget.message("time") + "\n"), None)
                op = message.get("op")
                if op == "fetch":
                    worker.send(self._fetch(message))
                elif op == "missing":  # the worker no longer holds the page: send it again
                    request["state"] = json.loads(state)
                    worker.send(request)
                elif op == "done":
                    outcome = Outcome(**message["outcome"])
                    changed = message.get("state")
                    if outcome.killed:
                        dead = True
                    else:
                        worker.known[session] = version + (1 if changed is not None else 0)
                    return Ran(outcome, changed)
        except _Died:
            dead = True
            ended = worker.session is None
            why = "the session ended while it ran" if ended else budget.message("memory", detail="the worker's address space")
            return Ran(Outcome(killed=True, exit_code=137, stderr=f"{why}\n"), None)
        finally:
            if dead:
                worker.known.clear()
            self._give_back(worker, dead=dead)

    def _fetch(self, message: dict[str, Any]) -> dict[str, Any]:
        context = message.get("context") or {}
        try:
            page = self.web.fetch(
                str(message.get("url")),
                FetchContext(
                    headers=dict(context.get("headers") or {}),
                    mobile=bool(context.get("mobile")),
                    country=str(context.get("country") or "US"),
                    languages=list(context.get("languages") or []),
                    cookies=dict(context.get("cookies") or {}),
                ),
            )
        except FetchRefused as refused:
            return {"op": "page", "refused": str(refused)}
        except ValueError as error:
            return {"op": "page", "refused": str(error)}
        return {"op": "page", "url": page.url, "html": page.html or ""}

    def stop(self, session: str) -> bool:
        """Kills the run of ``session`` under way, if any (its session ended)."""
        with self._changed:
            running = [w for w in self._busy if w.session == session]
            for worker in running:
                worker.session = None
        for worker in running:
            worker.kill()
        return bool(running)

    def forget(self, session: str) -> None:
        with self._changed:
            for worker in [*self._idle, *self._busy]:
                worker.known.pop(session, None)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            workers = [*self._idle, *self._busy]
            self._idle.clear()
            self._changed.notify_all()
        for worker in workers:
            worker.kill()
