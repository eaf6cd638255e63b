"""The operations, grouped by resource: one module each, every handler small.

A handler is a plain function ``(Context, Call) -> body``: it runs in a worker thread (never on
the event loop), raises :class:`~webdata_server.errors.Refusal` for every documented refusal and
returns the success body. Each module lists its operations in ``OPERATIONS``.
"""

from __future__ import annotations

from webdata_server.resources import agent, batch_scrape, crawl, extract, map, scrape, search, team
from webdata_server.resources.base import Call, Context, Handler, Operation

__all__ = ["OPERATIONS", "Call", "Context", "Handler", "Operation"]

OPERATIONS: list[Operation] = [
    *scrape.OPERATIONS,
    *extract.OPERATIONS,
    *batch_scrape.OPERATIONS,
    *crawl.OPERATIONS,
    *agent.OPERATIONS,
    *map.OPERATIONS,
    *search.OPERATIONS,
    *team.OPERATIONS,
]
