"""Schemathesis hooks module (``hooks`` in the suite's schemathesis.toml): registers the suite's
checks (and its ``negative_data_rejection`` in place of the built-in one); logs every status the server answered, with whether its body was JSON (for the status
coverage of the reports, and to tell an operation the server lacks), to the file named by
WEBDATA_CONFORMANCE_STATUSES; and keeps the values it generates for valid requests within what the
source document allows where a pattern says less than the seed (``realistic``)."""

from __future__ import annotations

import os
from typing import Any

import schemathesis
import schemathesis.specs.openapi.checks  # registers the built-in checks, one of which is replaced below
from schemathesis.checks import CHECKS as REGISTERED
from schemathesis.generation import GenerationMode

from webdata_conformance.checks import CHECKS, negative_data_rejection
from webdata_conformance.values import realistic

for check in CHECKS:
    schemathesis.check(check)
# The built-in negative_data_rejection, asked only of what every server must refuse (see the check).
if REGISTERED.get_one("negative_data_rejection") is not negative_data_rejection:
    REGISTERED.unregister("negative_data_rejection")
    schemathesis.check(negative_data_rejection)


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


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    """A valid request's body as the seed allows it: a location's country an ISO 3166-1 alpha-2
    code (the contract's pattern, two capitals, also admits "AA", which the service refuses), its
    languages real tags. Negative cases keep what was generated: their point is to be wrong."""
    meta = case.meta
    if meta is not None and meta.generation.mode == GenerationMode.POSITIVE and isinstance(case.body, dict | list):
        case.body = realistic(case.body)
    return case
