"""The reference server of the Web Data Service API v2: the contract implemented on SQLite.

Requests are validated with the generated models (``webdata_models``), error texts, charges and
state rules are read from the committed bundle, and all state lives in one SQLite database.

``create_app`` and ``Settings`` are imported on first use: the admin commands (``webdata-server
admin``), which need only the store, do not pay for the application's imports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webdata_server.app import create_app
    from webdata_server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from webdata_server.app import create_app

        return create_app
    if name == "Settings":
        from webdata_server.config import Settings

        return Settings
    raise AttributeError(f"module 'webdata_server' has no attribute {name!r}")
