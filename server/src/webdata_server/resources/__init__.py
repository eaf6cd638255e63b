"""The operations, grouped by resource: one module each, every handler small.

A handler is a plain function ``(Context, Call) -> body``: it runs in a worker thread, or on the
event loop when its :class:`Operation` says ``offload=False`` (it only checks and hands its writes
over as :class:`~webdata_server.resources.base.Pending`); it raises
:class:`~webdata_server.errors.Refusal` for every documented refusal and returns the success body.
Every job's life is the job service's (:mod:`webdata_server.jobs`): handlers start, read and cancel
through ``ctx.jobs``. Each module lists its operations in ``OPERATIONS``.
"""

from __future__ import annotations

from webdata_server.resources import (
    agent,
    alexandria,
    batch_scrape,
    browser,
    crawl,
    extract,
    feedback,
    indexes,
    interact,
    map,
    monitor,
    parse,
    scrape,
    search,
    team,
)
from webdata_server.resources.base import Call, Context, Handler, Operation

__all__ = ["OPERATIONS", "Call", "Context", "Handler", "Operation"]

OPERATIONS: list[Operation] = [
    *scrape.OPERATIONS,
    *extract.OPERATIONS,
    *batch_scrape.OPERATIONS,
    *crawl.OPERATIONS,
    *agent.OPERATIONS,
    *map.OPERATIONS,
    *parse.OPERATIONS,
    *search.OPERATIONS,
    *monitor.OPERATIONS,
    *team.OPERATIONS,
    *interact.OPERATIONS,
    *browser.OPERATIONS,
    *feedback.OPERATIONS,
    *indexes.OPERATIONS,
    *alexandria.OPERATIONS,
]
