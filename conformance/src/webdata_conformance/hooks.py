"""Schemathesis hooks module (SCHEMATHESIS_HOOKS=webdata_conformance.hooks): registers the suite's checks."""

from __future__ import annotations

import schemathesis

from webdata_conformance.checks import CHECKS

for check in CHECKS:
    schemathesis.check(check)
