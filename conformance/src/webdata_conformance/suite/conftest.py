"""The conformance suite's target: BASE_URL/API_KEY/SECOND_API_KEY from the environment, or the
embedded reference server (fresh database, free port, stopped at the end of the session)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from webdata_conformance.target import Target, embedded_server, target_from_env


@pytest.fixture(scope="session")
def target() -> Iterator[Target]:
    given = target_from_env()
    if given is not None:
        yield given
        return
    with embedded_server() as started:
        previous = {name: os.environ.get(name) for name in started.env()}
        os.environ.update(started.env())  # the checks read the target from the environment
        try:
            yield started
        finally:
            for name, value in previous.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
