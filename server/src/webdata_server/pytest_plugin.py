"""The pytest plugin of ``webdata-server`` (entry point ``pytest11``): the reference server in your
tests. Nothing starts until a test asks for a fixture:

- ``webdata_server``: one :class:`~webdata_server.testing.ReferenceServer` per session, on a free
  port of 127.0.0.1, a temporary database and the auto clock;
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

The clock: ``auto`` (the default) moves on each read of an unfinished job's status to its next
step, and the clients' sleeps between polls do not sleep (code that waits for a job, firecrawl-py's
``crawl()`` included, finishes at once: see :func:`~webdata_server.testing.no_waits`);
``advance()`` moves it further. ``manual`` moves only when the test says (a client that polls a job
nobody moves fails within seconds, saying so); ``system`` is the wall clock.

Options (``pytest --help``, "webdata-server") set the session's server: ``--webdata-clock``,
``--webdata-job-seconds`` (how long a job takes), ``--webdata-web PATH`` (a folder of saved pages
or a WARC archive as the web: :mod:`webdata_server.localweb`), ``--webdata-web-fill``. A test
marked ``@pytest.mark.webdata(clock="manual", job_seconds=..., web=..., web_fill=...)`` gets a
server of that configuration instead (one per configuration, started on first use).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from webdata_server.testing import ReferenceServer, Sandbox


# What a test's ``@pytest.mark.webdata(...)`` may set: the session options it stands for.
MARKER_FIELDS = ("clock", "job_seconds", "web", "web_fill")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("webdata-server", "the reference server of the Web Data Service (webdata_server fixtures)")
    group.addoption(
        "--webdata-clock",
        choices=("manual", "auto", "system"),
        default="auto",
        help="the server's clock: auto (default: moved by the test, and by each read of an unfinished job, and clients do not sleep between polls), manual (moved by the test only) or system",
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
    config.addinivalue_line(
        "markers",
        "webdata(clock=None, job_seconds=None, web=None, web_fill=None): this test's reference server, where it differs from the session's options",
    )
    web = config.getoption("--webdata-web", default="synthetic")
    if web not in ("synthetic", "real") and not (Path(web).is_dir() or Path(web).is_file()):
        raise pytest.UsageError(f"--webdata-web {web}: neither a folder of saved pages nor a WARC file (nor synthetic)")


class _Servers:
    """The session's reference servers, one per configuration a test asks for (the options', or
    a marker's), each started on first use and stopped at the session's end."""

    def __init__(self) -> None:
        self._started: dict[tuple[object, ...], ReferenceServer] = {}

    def get(self, clock: str, job_seconds: float, web: str, web_fill: bool) -> ReferenceServer:
        key = (clock, float(job_seconds), web, bool(web_fill))
        if key not in self._started:
            from webdata_server.testing import ReferenceServer

            self._started[key] = ReferenceServer(clock=clock, job_seconds=job_seconds, web=web, web_fill=web_fill).start()
        return self._started[key]

    def stop(self) -> None:
        for server in self._started.values():
            server.stop()
        self._started.clear()


def _options(config: pytest.Config) -> dict[str, object]:
    return {
        "clock": config.getoption("--webdata-clock"),
        "job_seconds": config.getoption("--webdata-job-seconds"),
        "web": config.getoption("--webdata-web"),
        "web_fill": config.getoption("--webdata-web-fill"),
    }


@pytest.fixture(scope="session")
def _webdata_servers() -> Iterator[_Servers]:
    servers = _Servers()
    yield servers
    servers.stop()


@pytest.fixture(scope="session")
def webdata_server(request: pytest.FixtureRequest, _webdata_servers: _Servers) -> ReferenceServer:
    """The reference server of the session's options, started once (see the module's docstring)."""
    return _webdata_servers.get(**_options(request.config))  # type: ignore[arg-type]


@pytest.fixture
def webdata(request: pytest.FixtureRequest, _webdata_servers: _Servers) -> Iterator[Sandbox]:
    """A fresh team on the session's server (or, under ``@pytest.mark.webdata(...)``, on the
    session's server of that configuration), with its key, clients, faults, journal and inbox."""
    from webdata_server.intercept import serving
    from webdata_server.testing import no_waits

    options = _options(request.config)
    intercept = True
    marker = request.node.get_closest_marker("webdata")
    if marker is not None:
        fields = {**marker.kwargs}
        intercept = bool(fields.pop("intercept", True))
        unknown = sorted(set(fields) - set(MARKER_FIELDS))
        if marker.args or unknown:
            raise pytest.UsageError(
                f"@pytest.mark.webdata takes {', '.join(f'{f}=' for f in (*MARKER_FIELDS, 'intercept'))} only, not {marker.args or unknown}"
            )
        options.update(fields)
    server = _webdata_servers.get(**options)  # type: ignore[arg-type]
    auto = getattr(server.clock, "auto", False)
    try:
        with server.sandbox() as sandbox, no_waits() if auto else contextlib.nullcontext():
            # The service's own address answered by this server (webdata_server.intercept), and
            # FIRECRAWL_API_KEY this test's key; @pytest.mark.webdata(intercept=False) turns it off.
            with serving(server.base_url, api_key=sandbox.api_key) if intercept else contextlib.nullcontext():
                yield sandbox
    finally:
        # What a test set on the server, through the sandbox or the control endpoints, ends with
        # it: faults, page faults, replaced pages (and their cached copies), the classifier.
        server.controls.clear_faults()
