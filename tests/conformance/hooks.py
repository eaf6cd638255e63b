"""Schemathesis hooks module (SCHEMATHESIS_HOOKS=tests.conformance.hooks): registers the suite's checks."""

from __future__ import annotations

import schemathesis

from tests.conformance.checks import CHECKS

for check in CHECKS:
    schemathesis.check(check)
