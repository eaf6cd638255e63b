"""The exception every handler raises for an answer other than success."""

from __future__ import annotations

from typing import Any

__all__ = ["ApiError"]


class ApiError(Exception):
    """An answer other than success: status, body and headers."""

    def __init__(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        super().__init__(body.get("error", status))
        self.status = status
        self.body = body
        self.headers = headers or {}
