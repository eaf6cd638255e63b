"""The reference server of the Web Data Service API v2: the contract implemented on SQLite.

Requests are validated with the generated models (``webdata_models``), error texts, charges and
state rules are read from the committed bundle, and all state lives in one SQLite database.
"""

from webdata_server.app import create_app
from webdata_server.config import Settings

__all__ = ["Settings", "create_app"]
