"""The reference server of the Web Data Service API v2: the contract implemented on SQLite.

Requests are validated with the generated models (``webdata_models``), error texts, charges and
state rules are read from the committed bundle, and all state lives in one SQLite database.

``create_app`` and ``Settings`` are imported on first use: the admin commands (``webdata-server
admin``), which need only the store, do not pay for the application's imports. ``running`` and
``ReferenceServer`` (:mod:`webdata_server.testing`) run the server inside your own tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webdata_server.app import create_app
    from webdata_server.config import Settings
    from webdata_server.testing import ReferenceServer, mock_service, running

__all__ = ["ReferenceServer", "Settings", "create_app", "mock_service", "running"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from webdata_server.app import create_app

        return create_app
    if name == "Settings":
        from webdata_server.config import Settings

        return Settings
    if name in ("running", "ReferenceServer", "mock_service"):
        from webdata_server import testing

        return getattr(testing, name)
    raise AttributeError(f"module 'webdata_server' has no attribute {name!r}")
