"""Debian's chromium for the browser tests: found on PATH, else installed with apt-get (as root,
its required packages only), else the test is skipped with the reason. ``make test INSTALL=no``
(WEBDATA_TEST_INSTALL=no) never installs: the test is skipped instead."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

__all__ = ["chromium", "installs_allowed"]


def installs_allowed() -> bool:
    """Whether tests may install what they need beyond Python (``make test INSTALL=no`` says no)."""
    return os.environ.get("WEBDATA_TEST_INSTALL", "yes").lower() not in ("no", "0", "false")


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if not installs_allowed():
        pytest.skip("Debian's chromium is not installed, and make test INSTALL=no installs nothing")
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        pytest.skip("Debian's chromium is not installed and cannot be installed here (needs apt-get as root)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for argv in ([apt, "update", "-qq"], [apt, "install", "-y", "-qq", "--no-install-recommends", "chromium"]):
        done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False, timeout=900)
        if done.returncode != 0:
            pytest.skip(f"installing Debian's chromium failed: {done.stderr[-500:]}")
    found = shutil.which("chromium")
    if not found:
        pytest.skip("chromium is not on PATH after installing it")
    return found
