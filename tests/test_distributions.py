"""The four distributions: metadata that agrees, and the products working together once installed
from their wheels into a fresh virtual environment outside the repository."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import tomllib
import venv
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conformance.mutants import MUTANTS, running_mutant
from tests.conftest import BUNDLE, ROOT
from tests.server.conftest import free_port

DISTRIBUTIONS = {
    "webdata-models": ROOT / "generated" / "models",
    "webdata-client": ROOT / "generated" / "client",
    "webdata-server": ROOT / "server",
    "webdata-conformance": ROOT / "conformance",
}
SHARED_FIELDS = ("license", "license-files", "authors", "requires-python")


def _project(folder: Path) -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project


def test_every_distribution_has_its_own_metadata() -> None:
    contract = json.loads(BUNDLE.read_text(encoding="utf-8"))["info"]["version"]
    projects = {name: _project(folder) for name, folder in DISTRIBUTIONS.items()}
    for name, project in projects.items():
        assert project["name"] == name
        # X.Y.Z is the contract version; a fourth part counts revisions of the same contract.
        assert re.fullmatch(re.escape(contract) + r"(\.\d+)?", project["version"]), f"{name} {project['version']} is not of contract {contract}"
        for field in SHARED_FIELDS:
            assert project[field] == projects["webdata-models"][field], f"{name}: {field} differs from webdata-models'"
        assert project["urls"] == projects["webdata-models"]["urls"], name
        assert project["description"] and project["readme"] == "README.md", name
        assert "Programming Language :: Python :: 3.11" in project["classifiers"], name
        folder = DISTRIBUTIONS[name]
        assert (folder / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes(), f"{name}'s LICENSE differs from the repository's"
        assert (folder / "README.md").read_text(encoding="utf-8").startswith(f"# {name}\n"), name


def test_products_depend_on_each_other_only_in_the_stated_direction() -> None:
    """ARCHITECTURE.md: generated -> server and conformance; nothing depends on the server."""

    def ours(name: str) -> set[str]:
        return {re.split(r"[<>=!~\[ ]", d)[0] for d in _project(DISTRIBUTIONS[name]).get("dependencies", [])} & set(DISTRIBUTIONS)

    assert ours("webdata-models") == set()
    assert ours("webdata-client") == {"webdata-models"}  # one type story: the client uses the models
    assert ours("webdata-server") == {"webdata-models"}
    assert ours("webdata-conformance") == {"webdata-models"}
    # The server is only ever an optional companion of the suite (to start it when no URL is given).
    assert _project(DISTRIBUTIONS["webdata-conformance"])["optional-dependencies"]["server"][0].startswith("webdata-server")


def test_no_source_tree_paths_in_the_products() -> None:
    for folder in (ROOT / "server" / "src", ROOT / "conformance" / "src"):
        for source in folder.rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            assert "parents[" not in text and '"generated"' not in text, f"{source} reaches into the source tree"


def _run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BASE_URL", "API_KEY", "SECOND_API_KEY", "VIRTUAL_ENV")}
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=env, timeout=900, **kwargs)
    assert done.returncode == 0, f"{' '.join(argv)}\n{done.stdout[-6000:]}\n{done.stderr[-4000:]}"
    return done


CLIENT_SMOKE = """
import sys, webdata_client, webdata_models
from webdata_client import Webdata
with Webdata(api_key=sys.argv[2], base_url=sys.argv[1]) as client:
    usage = client.team.get_token_usage()
    crawl = client.crawl("https://example.com", limit=3, via="socket", max_wait=60)  # the WebSocket, from the wheel's dependencies
print(usage.remaining_tokens)
print(crawl.status, len(crawl.data))
print(webdata_client.__file__)
print(webdata_models.__file__)
"""


def _walk_through() -> list[str]:
    """The shell blocks of the conformance README marked ``<!-- walk-through -->``, in order."""
    text = (ROOT / "conformance" / "README.md").read_text(encoding="utf-8")
    return re.findall(r"<!-- walk-through -->\n```sh\n(.*?)```", text, flags=re.DOTALL)


def _runner_reported(stdout: str, reports: Path) -> None:
    """What a run of the suite with examples and fuzzing, seed 7 and no configuration file reports
    against a conforming server."""
    assert "conformance, per requirement:" in stdout
    assert "passed    CORE-01" in stdout and "passed    TEN-01" in stdout and "passed    PAGES-01" not in stdout
    summary = next(line for line in stdout.splitlines() if line.startswith("conformance: "))
    assert " 0 failed" in summary and "(seed 7)" in summary
    page = (reports / "report.html").read_text()
    assert "req-CORE-01" in page and "--seed 7" in page
    assert "documented statuses never observed" in stdout
    never = json.loads((reports / "coverage.json").read_text())
    assert 408 in never["scrapeUrl"] and 200 not in never["scrapeUrl"]  # no [fixtures] given: no slow page; scrapes succeed
    verdicts = json.loads((reports / "requirements.json").read_text())
    assert verdicts["CORE-02"]["outcome"] == "passed"
    # Against a server named by URL with no configuration file, the fixture requirements and the
    # class pages are skipped with the reason, not failed and not passed.
    for identifier in ("LIMIT-01", "LIMIT-02", "LIMIT-03", "LIMIT-04", "LIMIT-05", "THREAT-02", "PAGES-01"):
        assert verdicts[identifier]["outcome"] == "skipped", (identifier, verdicts[identifier])
    for report in ("scenarios.xml", "schemathesis.xml"):
        cases = list(ElementTree.parse(reports / report).getroot().iter("testcase"))  # noqa: S314 - written by this run
        assert cases, report
    # Two Schemathesis processes (the default) shared the phases, each with the run's seed; one report.
    output = (reports / "schemathesis.txt").read_text()
    assert output.count("Seed: 7") == 2 and "--phases examples (exit 0)" in output and "--phases fuzzing (exit 0)" in output
    suites = [suite.get("name") for suite in ElementTree.parse(reports / "schemathesis.xml").getroot().iter("testsuite")]  # noqa: S314
    assert suites == ["schemathesis (examples)", "schemathesis (fuzzing)"]


@pytest.mark.slow
def test_installed_products_work_together(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    for folder in DISTRIBUTIONS.values():
        # sdist first, then the wheel built from the sdist: proves the sdist is complete.
        _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(folder)])
    built = sorted(p.name for p in dist.iterdir())
    assert len(built) == 8, built
    _run([str(Path(sys.executable).with_name("twine")), "check", "--strict", *map(str, sorted(dist.iterdir()))])

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    wheels = [str(p) for p in sorted(dist.glob("*.whl"))]
    _run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-c", str(ROOT / "requirements.lock"), *wheels])

    database, port = tmp_path / "server.sqlite3", free_port()
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [str(bin_dir / "webdata-server"), "serve", "--port", str(port), "--db", str(database), "--job-seconds", "1"],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                served = httpx.get(base_url + "/openapi.json", timeout=1)
                break
            except httpx.HTTPError:
                assert server.poll() is None, (tmp_path / "server.log").read_text()
                time.sleep(0.1)
        else:
            pytest.fail("the installed server did not start: " + (tmp_path / "server.log").read_text())
        assert served.content == BUNDLE.read_bytes(), "the installed server must serve the committed bundle"
        key = re.search(r"API key: (\S+)", (tmp_path / "server.log").read_text())
        assert key, (tmp_path / "server.log").read_text()
        created = _run([str(bin_dir / "webdata-server"), "admin", "--db", str(database), "create-team", "--name", "other", "--plan-tokens", "150000"])
        second_key = json.loads(created.stdout)["apiKey"]

        smoke = _run([str(bin_dir / "python"), "-c", CLIENT_SMOKE, base_url, key.group(1)], cwd=tmp_path)
        remaining, status, documents, *files = smoke.stdout.split()
        assert int(remaining) > 0 and (status, documents) == ("completed", "3"), smoke.stdout
        assert all(path.startswith(str(env_dir)) for path in files), f"imported from outside the fresh venv: {files}"

        # The installed runner as a user calls it: against a server on its own port, named by its
        # flags alone (no BASE_URL in the environment: _run drops it), from another folder.
        reports = tmp_path / "reports"
        conformance = [str(bin_dir / "webdata-conformance"), "--base-url", base_url, "--api-key", key.group(1), "--second-api-key", second_key]
        conformance += ["--isolated-usage", "--max-examples", "3", "--phases", "examples,fuzzing", "--seed", "7", "--report-dir", str(reports)]
        ran = _run(conformance, cwd=tmp_path)
        _runner_reported(ran.stdout, reports)

        # The same installed suite against a broken server (a mutant in front of it): fails, naming the requirement.
        mutant = next(m for m in MUTANTS if m.name == "wrong-error-text")
        with running_mutant(mutant, upstream=base_url, api_key=key.group(1), second_api_key=second_key) as proxy:
            broken = [str(bin_dir / "webdata-conformance"), "--base-url", proxy, "--api-key", key.group(1), "--scenarios", "batch_scrape_cancel"]
            broken += ["--max-examples", "1", "--phases", "examples", "--seed", "1", "--report-dir", str(tmp_path / "broken")]
            failed = subprocess.run(broken, cwd=tmp_path, capture_output=True, text=True, check=False, timeout=600)
        assert failed.returncode != 0, failed.stdout[-3000:]
        assert "failed    JOBS-01" in failed.stdout
        assert json.loads((tmp_path / "broken" / "requirements.json").read_text())["JOBS-01"]["outcome"] == "failed"

        # The suite's README walk-through, as written, with the installed suite first on PATH (its
        # install step is this test's, from the same sources); its stand-in server on a free port.
        walk = tmp_path / "walk-through"
        walk.mkdir()
        blocks = _walk_through()
        assert len(blocks) == 2 and "8080" in blocks[0]
        env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(env_dir)}
        env = {k: v for k, v in env.items() if k not in ("BASE_URL", "API_KEY", "SECOND_API_KEY")}
        ran_through = [
            subprocess.run(["bash", "-c", block.replace("8080", str(free_port()))], cwd=walk, env=env, capture_output=True, text=True, timeout=600)
            for block in blocks
        ]
        summary = next((line for line in ran_through[0].stdout.splitlines() if line.startswith("conformance: ")), ran_through[0].stdout[-3000:])
        assert re.match(r"conformance: \d+ requirements: 0 passed, 1 failed, \d+ not verified, 0 deviations, \d+ skipped", summary), summary
        assert "exit code 1" in ran_through[0].stdout and "Traceback" not in ran_through[0].stdout + ran_through[0].stderr
        assert ran_through[1].stdout.startswith("failed | operation[cancelAgent]: operation cancelAgent not implemented"), ran_through[1]
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
