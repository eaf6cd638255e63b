"""The pytest plugin of ``webdata-server`` (entry point ``pytest11``): the reference server in your
tests. Nothing starts until a test asks for a fixture:

- ``webdata_server``: one :class:`~webdata_server.testing.ReferenceServer` per session, on a free
  port of 127.0.0.1, a temporary database and a manual clock;
- ``webdata``: a :class:`~webdata_server.testing.Sandbox` per test: a fresh team and key on that
  server (``webdata.base_url``, ``webdata.api_key``, ``webdata.client``, ``webdata.firecrawl``), its
  faults, journal and webhook events, and the clock (``webdata.advance(seconds)``). What the test
  set on the server ends with it: faults, page faults, replaced pages (``set_page``, with the
  copies the scrape cache kept) and the threat classifier's state, so the next test sees none.

    def test_crawl_finishes(webdata):
        job = webdata.client.crawl.start("https://example.com", limit=20)
        webdata.advance(60)
        status = webdata.client.crawl.get_status(job.id)
        assert status.status == "completed"
        assert status.total == 20
        webdata.assert_called("startCrawl", body={"limit": 20})

Options (``pytest --help``, "webdata-server"): ``--webdata-clock auto`` moves the clock on each read
of an unfinished job's status to its next step and stops the clients' sleeps between polls (code
that waits for a job, firecrawl-py's ``crawl()`` included, finishes at once: see
:func:`~webdata_server.testing.no_waits`), ``--webdata-clock system`` runs the session's server on
the wall clock, ``--webdata-job-seconds`` sets how long a job takes, ``--webdata-web PATH`` serves
a folder of saved pages or a WARC archive as the web (:mod:`webdata_server.localweb`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from webdata_server.testing import ReferenceServer, Sandbox


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("webdata-server", "the reference server of the Web Data Service (webdata_server fixtures)")
    group.addoption(
        "--webdata-clock",
        choices=("manual", "auto", "system"),
        default="manual",
        help="the server's clock: manual (moved by the test, default), auto (also moved by each read of an unfinished job, and clients do not sleep between polls) or system",
    )
    group.addoption("--webdata-job-seconds", type=float, default=5.0, help="seconds a job takes on the server's clock (default 5)")
    group.addoption(
        "--webdata-web",
        default="synthetic",
        metavar="PATH",
        help="where pages come from: synthetic (default) or PATH, a folder of saved pages or a WARC file (webdata_server.localweb)",
    )
    group.addoption("--webdata-web-fill", action="store_true", help="with --webdata-web PATH, the pages it lacks come from the synthetic web (else 404)")


def pytest_configure(config: pytest.Config) -> None:
    web = config.getoption("--webdata-web", default="synthetic")
    if web not in ("synthetic", "real") and not (Path(web).is_dir() or Path(web).is_file()):
        raise pytest.UsageError(f"--webdata-web {web}: neither a folder of saved pages nor a WARC file (nor synthetic)")


@pytest.fixture(scope="session")
def webdata_server(request: pytest.FixtureRequest) -> Iterator[ReferenceServer]:
    """The reference server, started once for the session (see the module's docstring)."""
    from webdata_server.testing import ReferenceServer

    server = ReferenceServer(
        clock=request.config.getoption("--webdata-clock"),
        job_seconds=request.config.getoption("--webdata-job-seconds"),
        web=request.config.getoption("--webdata-web"),
        web_fill=request.config.getoption("--webdata-web-fill"),
    )
    server.start()
    yield server
    server.stop()


@pytest.fixture
def webdata(webdata_server: ReferenceServer) -> Iterator[Sandbox]:
    """A fresh team on the session's server, with its key, clients, faults, journal and inbox."""
    from webdata_server.testing import no_waits

    auto = getattr(webdata_server.clock, "auto", False)
    try:
        with webdata_server.sandbox() as sandbox, no_waits() if auto else contextlib.nullcontext():
            yield sandbox
    finally:
        # What a test set on the server, through the sandbox or the control endpoints, ends with
        # it: faults, page faults, replaced pages (and their cached copies), the classifier.
        webdata_server.controls.clear_faults()
