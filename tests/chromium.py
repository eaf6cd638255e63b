"""Debian's chromium for the browser tests: found on PATH, else installed with apt-get (as root),
else the test is skipped with the reason."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

__all__ = ["chromium"]


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        pytest.skip("Debian's chromium is not installed and cannot be installed here (needs apt-get as root)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for argv in ([apt, "update", "-qq"], [apt, "install", "-y", "-qq", "chromium"]):
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False, timeout=900)
        if done.returncode != 0:
            pytest.skip(f"installing Debian's chromium failed: {done.stderr[-500:]}")
    found = shutil.which("chromium")
    if not found:
        pytest.skip("chromium is not on PATH after installing it")
    return found
