"""A bare Starlette app on the reference server's HTTP stack, for benchmarks/server.py: what the
stack alone answers (a fixed body for GET token usage, and for POST extract after reading and
parsing the JSON body), so the reader sees how close each case of the server is to it."""

from __future__ import annotations

import json

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

_USAGE = json.dumps({"success": True, "data": {"remainingTokens": 1, "planTokens": 1, "billingPeriodStart": None, "billingPeriodEnd": None}}).encode()
_STARTED = json.dumps({"success": True, "id": "00000000-0000-4000-8000-000000000000", "urlTrace": []}).encode()


async def usage(_: Request) -> Response:
    return Response(_USAGE, media_type="application/json")


async def extract(request: Request) -> Response:
    json.loads(await request.body())
    return Response(_STARTED, media_type="application/json")


app = Starlette(routes=[Route("/v2/team/token-usage", usage, methods=["GET"]), Route("/v2/extract", extract, methods=["POST"])])
