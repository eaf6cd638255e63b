"""Small types shared by the client: the per-operation description and the options of a request.

Copied into the package by the generator's client stage from generator/runtime/webdata_client/. Do not edit the copy.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["JobSpec", "Operation"]


@dataclass(frozen=True)
class Operation:
    """One operation of the contract, as its endpoint module states it."""

    method: str
    path: str
    # (placeholder in ``path``, wire name): openapi-python-client writes the placeholders in Python.
    path_params: tuple[tuple[str, str], ...]
    query_params: tuple[tuple[str, str], ...]
    has_body: bool
    # Documented statuses; the model of the 200 answer (a name in webdata_models).
    statuses: tuple[int, ...]
    result: str

    @property
    def idempotent(self) -> bool:
        """GET and DELETE may be sent twice with no more effect than once (RFC 9110 §9.2.2)."""
        return self.method in ("GET", "DELETE", "HEAD", "OPTIONS")


@dataclass(frozen=True)
class JobSpec:
    """A job of the contract, as its resource waits on it: read from the status schema's ``x-states``."""

    # The status operation's path, with ``{id}`` for the job's id.
    status_path: str
    terminal: tuple[str, ...]
    # The terminal states that are not a success (raised by ``wait`` unless ``raise_on_failure=False``).
    failures: tuple[str, ...]
    # The status pages its documents with ``next``.
    pages: bool
    # The status path also takes a WebSocket upgrade (the contract's ``x-watch``).
    socket: bool
