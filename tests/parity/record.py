"""Record the parity corpus against a running build of the service (a maintainer's step:
``make parity-record SERVICE=http://127.0.0.1:3002``; never part of ``make test``).

The service must run on this machine with the stand-ins of :mod:`tests.parity.standins` as its
browser engine and search provider (the server README's "Recorded parity with the service" says
how). Every case of :mod:`tests.parity.cases` is sent once; a job is read every half second until
it ends (at most 90 s); a boundary body that starts a job is cancelled once answered. The answers,
normalised, are written to ``tests/parity/recorded.json`` (``--part boundary`` records the
suite's boundary bodies alone and keeps the recorded cases).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.parity.cases import BOUNDARY, CASES
from tests.parity.exchange import body_digest, run_case, sender

OUT = Path(__file__).with_name("recorded.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--service", required=True, help="the service's base URL, on this machine (e.g. http://127.0.0.1:3002)")
    parser.add_argument("--key", default="fc-parity", help="the API key sent (the build without its database takes any)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--part",
        choices=("all", "cases", "boundary"),
        default="all",
        help="record the replayed cases, the suite's boundary bodies, or both (the other part is kept as recorded)",
    )
    args = parser.parse_args(argv)
    host = urlsplit(args.service).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"record: {args.service} is not on this machine; the recorder sends nothing beyond it", file=sys.stderr)
        return 2
    send = sender(httpx.Client(base_url=args.service, headers={"Authorization": f"Bearer {args.key}"}, timeout=120))

    def settle(_kind: str, reads: int) -> bool:
        time.sleep(0.5)
        return reads < 180

    kept = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}

    def record(cases: list[Any], *, digests: bool = False) -> list[dict[str, Any]]:
        recorded = []
        for case in cases:
            started = time.monotonic()
            recorded.append(run_case(case, send, settle) | ({"sent": body_digest(case.body)} if digests else {}))
            print(f"{time.monotonic() - started:6.1f}s  {case.name}", flush=True)
        return recorded

    recorded = record(CASES) if args.part in ("all", "cases") else kept.get("cases", [])
    boundary = record(BOUNDARY, digests=True) if args.part in ("all", "boundary") else kept.get("boundary", [])
    exchanges = sum(1 if "status" in r else 1 + ("cancel" in r) + ("final" in r) + ("errors" in r) for r in recorded)
    args.out.write_text(
        json.dumps(
            {
                "service": "firecrawl/firecrawl apps/api at 61e38dc (2025-08-25), built from its public source",
                "exchanges": exchanges,
                "cases": recorded,
                "boundary": boundary,
            },
            indent=1,
            sort_keys=True,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"record: {len(recorded)} cases, {exchanges} exchanges, {len(boundary)} boundary bodies -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
