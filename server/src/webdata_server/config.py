"""Server settings: flags override environment variables, which override defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from webdata_server.outbound import Reach

__all__ = ["Settings", "read_bundle"]


def read_bundle(path: Path | None = None) -> bytes:
    """The contract's bundle: ``path`` if given, else the one shipped with ``webdata_models``.

    The models and the bundle they were generated from are one distribution, so the server
    always validates with models that match the contract it serves and reads charges from.
    """
    if path is not None:
        return path.read_bytes()
    return files("webdata_models").joinpath("openapi.json").read_bytes()


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told; ``from_env`` reads the ``WEBDATA_*`` variables."""

    database: Path = Path(".data/webdata.sqlite3")
    # None: the bundle shipped with webdata_models (see read_bundle).
    bundle: Path | None = None
    host: str = "127.0.0.1"
    port: int = 3002
    # How long a job runs before it completes on its own, in seconds.
    job_seconds: float = 5.0
    # How long after a search, scrape, parse or map it may be rated (the service's 120 s).
    feedback_window: float = 120.0
    # How often the background worker advances jobs, in seconds.
    worker_interval: float = 0.05
    max_body_bytes: int = 10 * 1024 * 1024
    # Parse uploads: the file's size limit (the service's 50 MB), and the time and memory one
    # conversion of a PDF, Word or Excel file may use (files.py; then 422 PARSE_FILE_UNREADABLE).
    max_upload_bytes: int = 50 * 1024 * 1024
    parse_seconds: float = 30.0
    parse_memory_bytes: int = 1024 * 1024 * 1024
    # Worker threads that run handlers (rendering, reads that may be long) off the event loop;
    # None: see ``handler_threads``.
    threads: int | None = None
    # Plan of teams created without one (the development team included).
    default_plan_tokens: int = 15 * 100_000
    # Where pages come from: "synthetic" (no network), "real" (httpx), or the path of a folder of
    # saved pages or a WARC file (webdata_server.localweb); with a path, ``web_fill`` serves the
    # pages it lacks from the synthetic web instead of answering 404.
    web: str = "synthetic"
    web_fill: bool = False
    # With the real fetcher: allow private, loopback and link-local targets (tests only).
    allow_private_fetch: bool = False
    # Pretend the threat-protection classifier is unreachable (tests of failurePolicy).
    threat_classifier_down: bool = False
    # Documents per answer of a batch scrape or crawl status (``next`` leads to the rest).
    page_size: int = 10
    # Webhooks to loopback and private receivers: True allows both, False neither, None loopback
    # only when the server itself listens on a loopback address (see webhook_reach).
    allow_local_webhooks: bool | None = None
    # Per delivery: seconds before it is abandoned, retries after a failure, first backoff.
    webhook_timeout: float = 10.0
    webhook_retries: int = 3
    webhook_backoff: float = 1.0
    # Copies the scrape cache keeps of one URL under one set of options (the newest win).
    cache_copies: int = 5
    # Seconds a connection has to deliver a request's line and headers (then 408; protocols.py).
    head_timeout: float = 10.0
    # Seconds a request's body has to arrive once its head has (then 408 and the connection closes).
    body_timeout: float = 30.0
    # Seconds a stopping server (SIGTERM) waits for requests and watchers still open.
    shutdown_timeout: float = 10.0
    # CORS for local pages (a file opened from disk, localhost, 127.0.0.1, [::1]), so the reference
    # page's "Try it" can call the server: None allows it when the server listens on loopback.
    cors_local: bool | None = None

    @property
    def handler_threads(self) -> int:
        """``threads``, or by default 2 on the synthetic web, where a handler's work is Python
        holding the GIL (more threads only wait for it and switch: benchmarks/README.md), and 8
        with ``--web real``, where a handler waits on the network."""
        if self.threads is not None:
            return self.threads
        return 8 if self.web == "real" else 2

    @property
    def heavy_threads(self) -> int:
        """Threads of their own for the handlers whose work grows with their input (a parse
        upload's conversion, a map that walks a site): a quarter of the handler threads, at least
        one, so a burst of them never takes every thread from cheap requests."""
        return max(1, self.handler_threads // 4)

    @property
    def loopback(self) -> bool:
        """Whether the server listens on this machine only: ``localhost`` or an address of
        127.0.0.0/8 or ::1 (a name that merely begins with ``127.``, such as ``127.public.test``,
        is someone else's: ``--control`` refuses it)."""
        from webdata_server.urls import is_loopback

        return is_loopback(self.host)

    @property
    def webhook_reach(self) -> Reach:
        """Which non-global receivers webhooks may reach: with ``--allow-local-webhooks``, loopback
        and private addresses; with ``--no-allow-local-webhooks``, none; by default, loopback when the
        server itself listens on loopback. Link-local and metadata addresses never (outbound.py)."""
        if self.allow_local_webhooks is not None:
            return Reach(loopback=self.allow_local_webhooks, private=self.allow_local_webhooks)
        return Reach(loopback=self.loopback)

    @property
    def local_cors(self) -> bool:
        return self.loopback if self.cors_local is None else self.cors_local

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Settings from WEBDATA_DB, _BUNDLE, _HOST, _PORT, _JOB_SECONDS, _FEEDBACK_WINDOW, _MAX_BODY_BYTES, _MAX_UPLOAD_BYTES, _PARSE_SECONDS, _THREADS, _WEB, _ALLOW_PRIVATE_FETCH, _PAGE_SIZE, _CACHE_COPIES, _HEAD_TIMEOUT, _BODY_TIMEOUT, _SHUTDOWN_TIMEOUT."""
        values: dict[str, object] = {
            "database": Path(os.environ.get("WEBDATA_DB", str(cls.database))),
            "bundle": Path(os.environ["WEBDATA_BUNDLE"]) if os.environ.get("WEBDATA_BUNDLE") else None,
            "host": os.environ.get("WEBDATA_HOST", cls.host),
            "port": int(os.environ.get("WEBDATA_PORT", str(cls.port))),
            "job_seconds": _env_float("WEBDATA_JOB_SECONDS", cls.job_seconds),
            "feedback_window": _env_float("WEBDATA_FEEDBACK_WINDOW", cls.feedback_window),
            "max_body_bytes": int(os.environ.get("WEBDATA_MAX_BODY_BYTES", str(cls.max_body_bytes))),
            "max_upload_bytes": int(os.environ.get("WEBDATA_MAX_UPLOAD_BYTES", str(cls.max_upload_bytes))),
            "parse_seconds": _env_float("WEBDATA_PARSE_SECONDS", cls.parse_seconds),
            "threads": int(os.environ["WEBDATA_THREADS"]) if os.environ.get("WEBDATA_THREADS") else None,
            "web": os.environ.get("WEBDATA_WEB", cls.web),
            "web_fill": os.environ.get("WEBDATA_WEB_FILL", "") == "1",
            "allow_private_fetch": os.environ.get("WEBDATA_ALLOW_PRIVATE_FETCH") == "1",
            "page_size": int(os.environ.get("WEBDATA_PAGE_SIZE", str(cls.page_size))),
            "cache_copies": int(os.environ.get("WEBDATA_CACHE_COPIES", str(cls.cache_copies))),
            "head_timeout": _env_float("WEBDATA_HEAD_TIMEOUT", cls.head_timeout),
            "body_timeout": _env_float("WEBDATA_BODY_TIMEOUT", cls.body_timeout),
            "shutdown_timeout": _env_float("WEBDATA_SHUTDOWN_TIMEOUT", cls.shutdown_timeout),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]
