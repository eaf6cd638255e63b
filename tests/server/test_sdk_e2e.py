"""The official Python SDK's own end-to-end tests, run against the reference server.

firecrawl-py ships its end-to-end tests in its source distribution (``firecrawl/__tests__/e2e/v2``),
not in its wheel. The set-up downloads that sdist from PyPI at the version this repository pins
(its SHA-256 checked), keeps it under ``.venv/sdk-e2e/``, and runs the chosen files with pytest in
a subprocess, ``API_URL`` and ``API_KEY`` pointing at a reference server this test starts. Without
PyPI the test is skipped, saying so. Tests that need the real web or a language model are
deselected here, each with its reason (none so far for map and search: the synthetic index
answers their queries). The server runs with its test controls on (``serve --control``), as the
pytest plugin's does.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.chromium import installs_allowed
from tests.conftest import ROOT
from tests.server.conftest import LiveServer

# The sdist of each pinned firecrawl-py version (pip download verifies nothing on its own).
SDIST_SHA256 = {
    "4.53.0": "5488e25a8610f7296e32705b7aa590c57f8c7c392122c0841a5b211190c3ab4b",
    "4.55.0": "2c6d3b75564f2691c25a40844260dcacd67061cb26afdedee2b70b1de734fcfb",
}
# The SDK's end-to-end files this test runs, under firecrawl/__tests__/e2e/v2.
FILES = ["test_map.py", "test_search.py", "test_parse.py", "aio/test_aio_map.py", "aio/test_aio_search.py", "aio/test_aio_parse.py"]
# node id -> why it cannot pass against a development double.
DESELECTED: dict[str, str] = {}
CACHE = ROOT / ".venv" / "sdk-e2e"


def _sdist() -> Path:
    release = version("firecrawl-py")
    expected = SDIST_SHA256.get(release)
    assert expected, f"firecrawl-py {release} is pinned, but SDIST_SHA256 has no hash for its sdist: add it"
    target = CACHE / f"firecrawl_py-{release}.tar.gz"
    if not target.exists() or hashlib.sha256(target.read_bytes()).hexdigest() != expected:
        if not installs_allowed():
            pytest.skip(f"the firecrawl-py {release} sdist (its end-to-end tests) is downloaded from PyPI, and make test INSTALL=no downloads nothing")
        CACHE.mkdir(parents=True, exist_ok=True)
        argv = [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", f"firecrawl-py=={release}", "-d", str(CACHE), "-q"]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
        if done.returncode != 0 or not target.exists():
            pytest.skip(f"the firecrawl-py {release} sdist (its end-to-end tests) could not be downloaded from PyPI: {done.stderr.strip()[-300:]}")
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    assert digest == expected, f"{target.name} has SHA-256 {digest}, not the pinned {expected}"
    return target


def _extract(sdist: Path, into: Path) -> Path:
    """The e2e/v2 folder of the sdist (its conftests and the chosen files) under ``into``."""
    prefix = f"{sdist.name.removesuffix('.tar.gz')}/firecrawl/__tests__/e2e/v2/"
    wanted = {prefix + name for name in [*FILES, "conftest.py", "aio/conftest.py"]}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            if member.name in wanted and member.isfile():
                handle = archive.extractfile(member)
                assert handle is not None
                path = into / member.name[len(prefix) :]
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(handle.read())
    missing = sorted(name for name in wanted if not (into / name[len(prefix) :]).exists())
    assert not missing, f"the sdist no longer ships {missing}"
    return into


def test_the_sdks_own_map_and_search_tests_pass(live_server: LiveServer, tmp_path: Path) -> None:
    suite = _extract(_sdist(), tmp_path / "e2e")
    # With the test controls on, as inside the pytest plugin: they wrap the server's web, and no
    # wrapper may take search or map away (the families' own tests run without them).
    live_server.options = ("--control",)
    live_server.start()
    key = json.loads(live_server.admin("create-team", "--name", "sdk-e2e", "--plan-tokens", "1500000"))["apiKey"]
    report = tmp_path / "junit.xml"
    argv = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tests.server.sdk_e2e_asyncio", "--rootdir", str(suite)]
    argv += ["-q", "-n", "0", f"--junitxml={report}", *FILES, *(f"--deselect={node}" for node in DESELECTED)]
    env = {k: v for k, v in os.environ.items() if k not in ("TEST_URL", "FIRECRAWL_API_URL", "IDMUX_URL")}
    env |= {"API_URL": live_server.base_url, "API_KEY": key, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(argv, cwd=suite, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    cases = ET.parse(report).getroot().iter("testcase")  # noqa: S314 - the report pytest just wrote
    outcomes = {f"{c.get('classname')}.{c.get('name')}": [child.tag for child in c] for c in cases}
    skipped = sorted(name for name, tags in outcomes.items() if "skipped" in tags)
    assert not skipped, f"the SDK's tests skipped {skipped}: {done.stdout[-2000:]}"
    assert len(outcomes) >= 20, f"only {len(outcomes)} of the SDK's map and search tests ran: {sorted(outcomes)}"
