"""Both generated packages install with pip into a fresh virtual environment and import there."""

from __future__ import annotations

import subprocess
import venv
from pathlib import Path

import pytest

from tests.conftest import ROOT

SMOKE = """
import webdata_client, webdata_models
from webdata_client import AuthenticatedClient
from webdata_client.api.team import get_token_usage
from webdata_client.models import ScrapeOptions as ClientScrapeOptions
options = webdata_models.ScrapeOptions()
assert options.timeout == 60000 and options.maxAge == 172800000
assert ClientScrapeOptions().to_dict()["timeout"] == 60000
client = AuthenticatedClient(base_url="http://127.0.0.1:9", token="key")
assert callable(get_token_usage.sync_detailed)
print(webdata_models.__file__)
print(webdata_client.__file__)
"""


@pytest.mark.slow
def test_packages_install_into_a_fresh_venv(tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(ROOT / "generated" / "models"), str(ROOT / "generated" / "client")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    smoke = subprocess.run([str(python), "-c", SMOKE], capture_output=True, text=True, check=False, cwd=tmp_path)
    assert smoke.returncode == 0, smoke.stderr
    installed = smoke.stdout.split()
    assert all(str(env_dir) in path for path in installed), f"imported from outside the fresh venv: {installed}"
