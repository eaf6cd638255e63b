"""Schemathesis hooks module (``hooks`` in the suite's schemathesis.toml): registers the suite's
checks, and logs every status the server answered, with whether its body was JSON (for the status
coverage of the reports, and to tell an operation the server lacks), to the file named by
WEBDATA_CONFORMANCE_STATUSES."""

from __future__ import annotations

import os
from typing import Any

import schemathesis

from webdata_conformance.checks import CHECKS

for check in CHECKS:
    schemathesis.check(check)


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    log = os.environ.get("WEBDATA_CONFORMANCE_STATUSES")
    if log:
        try:
            response.json()
            kind = "json"
        except ValueError:
            kind = "text"
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{case.method.upper()} {case.operation.path} {response.status_code} {kind}\n")
