"""The pytest plugin and the control endpoints as a user meets them: the server README's section
"Testing your code against the reference server" runs as written, in a pytest of its own (the plugin
found through its entry point), and its ``serve --control`` example against a served server."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import ROOT
from tests.server.conftest import LiveServer, free_port

README = ROOT / "server" / "README.md"


def examples(marker: str, language: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    return [str(block) for block in re.findall(rf"<!-- {marker} -->\n```{language}\n(.*?)```", text, flags=re.DOTALL)]


def _pytest_of_its_own(folder: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest over ``folder`` in a process of its own, the plugin found through its entry point."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "WEBDATA_"))}
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *options, str(folder)]
    return subprocess.run(argv, cwd=folder, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_the_readme_tests_pass_in_a_pytest_of_their_own(tmp_path: Path) -> None:
    blocks = examples("testing-example", "python")
    assert len(blocks) >= 5
    first = blocks[0].strip().splitlines()
    assert first[0].startswith("def test_") and len(first) <= 8  # the first test: eight lines
    # Before them, a test that asks for no fixture: the plugin has started nothing.
    (tmp_path / "test_0_nothing_started.py").write_text(
        "import sys\n\n\ndef test_nothing_started():\n    assert 'webdata_server.app' not in sys.modules\n", encoding="utf-8"
    )
    for number, block in enumerate(blocks, start=1):
        (tmp_path / f"test_readme_{number}.py").write_text(block, encoding="utf-8")
    wanted = 1 + sum(len(re.findall(r"^def test_", block, flags=re.MULTILINE)) for block in blocks)
    # The plugin's own options, as a user passes them (an unknown option would fail the run).
    done = _pytest_of_its_own(tmp_path, "--webdata-job-seconds", "5")  # the default clock (auto); a test that needs the manual one says so
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert f"{wanted} passed" in done.stdout, done.stdout[-3000:]


def test_code_that_waits_finishes_on_the_auto_clock_without_threads(tmp_path: Path) -> None:
    """Issue 58 item 1: the README's app calls firecrawl-py's crawl() (a poll every 2 s) on a
    100-page site; on the auto clock it gets its 100 documents with no thread and no advance()."""
    (block,) = examples("waiting-example", "python")
    assert "Thread" not in block and "advance" not in block
    (tmp_path / "test_waiting.py").write_text(
        block + "\n\ndef test_the_clients_do_not_sleep(webdata):\n    import firecrawl.v2.methods.crawl as crawl\n    import time\n\n"
        "    assert crawl.time is not time and crawl.time.sleep(30) is None and crawl.time.time() > 0\n",
        encoding="utf-8",
    )
    started = time.monotonic()
    done = _pytest_of_its_own(tmp_path, "--webdata-clock", "auto")
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "2 passed" in done.stdout, done.stdout[-3000:]
    # firecrawl-py polls every 2 s; a hundred pages over 5 s of the server's clock would be 3
    # sleeps at least on a real clock: far less than this bound means it slept none of them.
    assert time.monotonic() - started < 60


def test_the_auto_clock_moves_only_on_reads_of_unfinished_jobs() -> None:
    from webdata_server import running

    with running(clock="auto") as sandbox:
        before = sandbox.now
        job = sandbox.client.crawl.start("https://pages-20.example.com", limit=50)
        assert sandbox.now == before  # a start moves nothing
        seen = []
        # One page a read: a reader that follows ``next`` reads the job to its end (the next test).
        while (status := sandbox.client.crawl.get_status_page(job.id)).status != "completed":
            seen.append(status.completed)
        assert seen == sorted(seen) and len(set(seen)) > 3  # one step a read, as a waiter sees it
        assert status.completed == 20 and (sandbox.now - before).total_seconds() <= sandbox.server.job_seconds + 1
        moved_to = sandbox.now
        assert sandbox.client.crawl.get_status(job.id).completed == 20 and sandbox.now == moved_to  # a finished job moves nothing


def test_a_running_jobs_next_page_is_a_read_too() -> None:
    """While a job runs, the service answers a ``next`` past the pages done so far (the same empty
    page again and again), and firecrawl-js's autoPaginate follows it: on the auto clock each such
    read moves the job too, so the client's loop ends (it read that empty page for ever when only a
    first page's read moved the job)."""
    import httpx
    from webdata_server import running

    with running(clock="auto") as sandbox:
        job = sandbox.client.crawl.start("https://pages-20.example.com", limit=5)
        headers = {"Authorization": f"Bearer {sandbox.api_key}"}
        first = httpx.get(f"{sandbox.base_url}/v2/crawl/{job.id}", headers=headers, timeout=30).json()
        while "next" not in first:  # pages found, not all done: the next page is the frontier
            assert first["status"] == "scraping"
            first = httpx.get(f"{sandbox.base_url}/v2/crawl/{job.id}", headers=headers, timeout=30).json()
        assert first["next"].endswith(f"skip={first['completed']}")
        page, documents, reads = first, list(first["data"]), 0
        while page.get("next") and reads < 50:
            page = httpx.get(page["next"], headers=headers, timeout=30).json()
            assert page["data"] or page["status"] == "completed"  # each read at the frontier moved the job
            documents += page["data"]
            reads += 1
        assert page["status"] == "completed" and "next" not in page
        assert len(documents) == 5 and len({d["metadata"]["sourceURL"] for d in documents}) == 5


def test_sites_of_a_size_you_choose() -> None:
    from webdata_server import running

    with running(clock="auto") as sandbox:
        crawled = sandbox.client.crawl("https://pages-37.example.com", limit=1000)
        assert (crawled.status, crawled.completed, len(crawled.data)) == ("completed", 37, 37)
        failing = sandbox.client.crawl("https://pages-100.failing-10.example.com", limit=1000)
        assert len(failing.data) == 90 and sandbox.client.crawl.get_status(failing.id).completed == 90
        errors = sandbox.client.crawl.get_errors(failing.id)
        assert len(errors.errors) == 10
        links = sandbox.client.map("https://pages-250.example.com", limit=5000).links
        assert len(links) == 250


def test_the_control_example_runs_as_written(tmp_path: Path) -> None:
    if shutil.which("curl") is None:
        pytest.skip("the control example calls the server with curl, which this machine does not have")
    (block,) = examples("control-example", "sh")
    port = str(free_port())
    script = block.replace("3002", port).replace("/tmp/", f"{tmp_path}/").replace("webdata-server serve", f"{sys.executable} -m webdata_server serve")
    script = "set -e\ntrap 'kill %1 2>/dev/null || true' EXIT\n" + script.replace(
        "&\n", f"&\nfor i in $(seq 100); do curl -sf http://127.0.0.1:{port}/openapi.json > /dev/null && break; sleep 0.1; done\n", 1
    )
    done = subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "429" in lines
    journal = json.loads(lines[-1])
    (refused,) = journal["requests"]
    assert (refused["operation"], refused["status"], refused["fault"]) == ("scrapeUrl", 429, "fault_1")
    assert "authorization" not in refused["headers"]
    assert json.loads(lines[-2])["manual"] is True


def test_control_calls_never_carry_a_teams_key(controlled: LiveServer) -> None:
    team = httpx.post(controlled.base_url + "/__webdata/teams").json()
    refused = httpx.post(controlled.base_url + "/__webdata/reset", headers={"Authorization": f"Bearer {team['apiKey']}"})
    assert refused.status_code == 403
    assert "no team key" in refused.json()["error"]
    assert httpx.post(controlled.base_url + "/__webdata/reset").status_code == 200


def test_a_control_call_the_server_cannot_do_says_why(controlled: LiveServer) -> None:
    bad = httpx.post(controlled.base_url + "/__webdata/faults", json={"operation": "getCreditUsage", "status": 402})
    assert bad.status_code == 400
    assert "getCreditUsage never answers 402" in bad.json()["error"]
    assert httpx.post(controlled.base_url + "/__webdata/clock/advance", json={"seconds": -1}).status_code == 400
    # Issue 73: a number past what a clock, a sleep or a counter holds answered 500; each is 400 naming its range.
    for seconds in (b"Infinity", b"NaN", b"1e300", b"1e12", b"true"):
        moved = httpx.post(
            controlled.base_url + "/__webdata/clock/advance", content=b'{"seconds": ' + seconds + b"}", headers={"Content-Type": "application/json"}
        )
        assert moved.status_code == 400 and "seconds" in moved.json()["error"], (seconds, moved.text)
    for fault in (
        {"delay": 1e300},
        {"delay": float("inf")},
        {"status": 503, "times": 1e30},
        {"status": 503, "after": -1},
        {"status": 1e9},
        {"status": 429, "retryAfter": 1.5},
    ):
        made = httpx.post(
            controlled.base_url + "/__webdata/faults",
            content=json.dumps({"operation": "scrapeUrl", **fault}).encode(),
            headers={"Content-Type": "application/json"},
        )
        assert made.status_code == 400, (fault, made.text)
    assert httpx.get(controlled.base_url + "/__webdata/clock").status_code == 200  # the server is unharmed
    assert httpx.post(controlled.base_url + "/__webdata/faults", content=b"[1]", headers={"Content-Type": "application/json"}).status_code == 400
    assert httpx.get(controlled.base_url + "/__webdata/nothing").status_code == 404


def test_the_manual_clock_over_http_moves_a_crawl(controlled: LiveServer) -> None:
    key = httpx.post(controlled.base_url + "/__webdata/teams").json()["apiKey"]
    auth = {"Authorization": f"Bearer {key}"}
    job = httpx.post(controlled.base_url + "/v2/crawl", json={"url": "https://http.example.com", "limit": 5}, headers=auth).json()
    assert httpx.get(f"{controlled.base_url}/v2/crawl/{job['id']}", headers=auth).json()["status"] == "scraping"
    httpx.post(controlled.base_url + "/__webdata/clock/advance", json={"seconds": 60})
    done = httpx.get(f"{controlled.base_url}/v2/crawl/{job['id']}", headers=auth).json()
    assert (done["status"], done["completed"]) == ("completed", 5)


def test_a_web_page_cannot_drive_the_controls(controlled: LiveServer) -> None:
    """Issue 57 item 7: a cross-site text/plain POST was accepted (201); under a rebound Host pages
    were replaced, webhook secrets read and keys minted."""
    faults = controlled.base_url + "/__webdata/faults"
    fault = '{"operation": "scrapeUrl", "status": 500}'
    # A form or fetch from another site: text/plain needs no preflight, but the browser says where it comes from.
    cross_site = httpx.post(faults, content=fault, headers={"Content-Type": "text/plain", "Origin": "https://evil.example"})
    assert cross_site.status_code == 403 and "cross-origin" in cross_site.json()["error"]
    fetch_metadata = httpx.post(faults, content=fault, headers={"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"})
    assert fetch_metadata.status_code == 403
    plain_text = httpx.post(faults, content=fault, headers={"Content-Type": "text/plain"})
    assert plain_text.status_code == 415 and "application/json" in plain_text.json()["error"]
    for rebound in ("evil.example", "127.public.test", "evil.example:80"):
        for method, route in (("POST", "teams"), ("GET", "inbox"), ("PUT", "pages")):
            answer = httpx.request(
                method, f"{controlled.base_url}/__webdata/{route}", json={"url": "https://a.example.com", "text": "x"}, headers={"Host": rebound}
            )
            assert answer.status_code == 403 and "loopback Host" in answer.json()["error"], (rebound, route)
    same_origin = httpx.post(faults, content=fault, headers={"Content-Type": "application/json", "Origin": controlled.base_url})
    assert same_origin.status_code == 201
    assert httpx.post(controlled.base_url + "/__webdata/reset", headers={"Host": "localhost"}).status_code == 200
    too_big = httpx.put(controlled.base_url + "/__webdata/pages", json={"url": "https://a.example.com", "text": "x" * (9 * 1024 * 1024)})
    assert too_big.status_code == 413


def test_loopback_is_an_address_not_a_prefix() -> None:
    from webdata_server.urls import is_loopback

    assert [is_loopback(h) for h in ("127.0.0.1", "127.9.9.9", "::1", "[::1]", "localhost", "LOCALHOST")] == [True] * 6
    assert [is_loopback(h) for h in ("127.public.test", "127.0.0.1.nip.io", "10.0.0.1", "", None)] == [False] * 5


def test_controls_are_off_unless_asked(live_server: LiveServer) -> None:
    live_server.start()
    assert httpx.post(live_server.base_url + "/__webdata/reset").status_code == 404


def test_serve_refuses_controls_off_loopback_and_a_manual_clock_without_them(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "webdata_server", "serve", "--db", str(tmp_path / "x.sqlite3")]
    off = subprocess.run([*base, "--host", "192.0.2.1", "--control"], capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert off.returncode == 2 and "loopback" in off.stderr
    alone = subprocess.run([*base, "--clock", "manual"], capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)
    assert alone.returncode == 2 and "needs --control" in alone.stderr


def test_moving_a_wall_clock_is_refused_with_the_reason() -> None:
    # A 500 in the audit.
    from webdata_server import ReferenceServer

    with ReferenceServer(clock="system") as server:
        refused = httpx.post(server.base_url + "/__webdata/clock/advance", json={"seconds": 5})
    assert refused.status_code == 409 and "--clock manual" in refused.json()["error"]


def test_the_outbox_pages_and_keeps_its_newest(tmp_path: Path) -> None:
    from webdata_server.store import Store
    from webdata_server.store.monitors import OUTBOX_KEPT

    store = Store(tmp_path / "outbox.sqlite3")
    try:
        moment = datetime.now(UTC)

        def send(tx: Any) -> None:
            for number in range(OUTBOX_KEPT + 200):
                store.monitors.send(tx, team_id="t", monitor_id=None, recipient="a@example.org", subject=str(number), body="", kind="summary", moment=moment)

        store.write(send)
        kept = store.monitors.outbox()
        assert len(kept) <= OUTBOX_KEPT + 100 and kept[-1]["subject"] == str(OUTBOX_KEPT + 199)  # never pruned in the audit
        first = store.monitors.outbox(limit=3)
        following = store.monitors.outbox(after=first[-1]["id"], limit=3)
        assert [e["id"] for e in first + following] == [e["id"] for e in kept[:6]]
    finally:
        store.close()


def test_the_outbox_endpoint_pages(controlled: LiveServer) -> None:
    page = httpx.get(controlled.base_url + "/__webdata/outbox", params={"limit": 2})
    assert page.status_code == 200 and set(page.json()) == {"emails", "next"}
    assert httpx.get(controlled.base_url + "/__webdata/outbox", params={"after": "x"}).status_code == 400


def test_the_journal_is_read_in_pages_and_replaced_pages_keep_a_byte_budget(controlled: LiveServer) -> None:
    """Issue 73: the journal's read held the event loop 12 s after large bodies; 100 page PUTs of
    8 MB took the server to 887 MB. Reads are paged; replaced pages keep 64 MiB, the oldest said."""
    httpx.post(controlled.base_url + "/__webdata/reset")
    key = httpx.post(controlled.base_url + "/__webdata/teams").json()["apiKey"]
    for _ in range(5):
        httpx.get(controlled.base_url + "/v2/team/credit-usage", headers={"Authorization": f"Bearer {key}"})
    first = httpx.get(controlled.base_url + "/__webdata/journal", params={"operation": "getCreditUsage", "limit": 2}).json()
    assert len(first["requests"]) == 2 and first["next"] is not None
    rest = httpx.get(controlled.base_url + "/__webdata/journal", params={"operation": "getCreditUsage", "after": first["next"]}).json()
    assert len(rest["requests"]) == 3 and rest["next"] is None
    page = "<html><body>" + "p" * (7 * 1024 * 1024) + "</body></html>"
    answers = [httpx.put(controlled.base_url + "/__webdata/pages", json={"url": f"https://big.test/{n}", "html": page}, timeout=60).json() for n in range(10)]
    dropped = [url for a in answers for url in a.get("dropped", [])]
    assert dropped == ["https://big.test/0"] and answers[-1]["dropped"] == dropped  # nine of 7 MiB fit in 64 MiB
    too_big = httpx.put(controlled.base_url + "/__webdata/pages", json={"url": "https://big.test/x", "html": "x" * (9 * 1024 * 1024)}, timeout=60)
    assert too_big.status_code in (400, 413)


ISOLATION = """
import httpx

URL = "https://shop.example.com/leak"


def scrape(webdata, url):
    return httpx.post(webdata.base_url + "/v2/scrape", json={"url": url, "formats": ["markdown"]},
                      headers={"Authorization": f"Bearer {webdata.api_key}"}, timeout=30)


def test_a_sets_everything_it_can(webdata):
    webdata.set_page(URL, "Leaked price: 1 EUR")
    assert "Leaked" in scrape(webdata, URL).json()["data"]["markdown"]  # and a copy in the scrape cache
    control = webdata.base_url + "/__webdata/"
    httpx.put(control + "pages", json={"url": URL + "/2", "text": "Leaked too"}).raise_for_status()
    httpx.post(control + "page-faults", json={"url": "https://down.example.com/*", "status": 503}).raise_for_status()
    httpx.post(control + "threat-classifier", json={"reachable": False}).raise_for_status()
    httpx.post(control + "faults", json={"operation": "mapUrl", "status": 500, "times": None}).raise_for_status()
    webdata.fail_pages("https://gone.example.com/*", status=None)


def test_b_sees_none_of_it(webdata):
    assert "Leaked" not in scrape(webdata, URL).json()["data"]["markdown"]
    assert "Leaked" not in scrape(webdata, URL + "/2").json()["data"]["markdown"]
    assert scrape(webdata, "https://down.example.com/x").json()["data"]["metadata"]["statusCode"] == 200
    assert scrape(webdata, "https://gone.example.com/x").status_code == 200
    faults = httpx.get(webdata.base_url + "/__webdata/faults").json()
    assert faults == {"faults": [], "pages": []}
    assert webdata.server.controls.classifier_reachable
    mapped = httpx.post(webdata.base_url + "/v2/map", json={"url": "https://shop.example.com"},
                        headers={"Authorization": f"Bearer {webdata.api_key}"}, timeout=30)
    assert mapped.status_code == 200


def test_c_a_fault_counts_every_call_it_matches(webdata):
    webdata.fail("scrapeUrl", 502)
    webdata.drop("scrapeUrl", after=1)
    assert scrape(webdata, URL).status_code == 502
    try:
        scrape(webdata, URL)
    except httpx.HTTPError:
        pass  # the second call's connection dropped
    else:
        raise AssertionError("the second call was not dropped")
    assert scrape(webdata, URL).status_code == 200
"""


def test_what_a_test_sets_ends_with_it(tmp_path: Path) -> None:
    """Issue 74 item 3: a page set in one test was served in the next (which failed, and passed
    alone). Pages, their cached copies, page faults, faults and the classifier end with the test,
    through the sandbox or the control endpoints; and a fault's ``after`` counts every call."""
    (tmp_path / "test_isolation.py").write_text(ISOLATION, encoding="utf-8")
    done = _pytest_of_its_own(tmp_path)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "3 passed" in done.stdout, done.stdout[-3000:]


def test_a_bad_web_path_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text("def test_x(webdata):\n    pass\n", encoding="utf-8")
    done = _pytest_of_its_own(tmp_path, "--webdata-web", str(tmp_path / "no-such-folder"))
    assert done.returncode != 0 and "Traceback" not in done.stdout + done.stderr
    assert f"--webdata-web {tmp_path / 'no-such-folder'}: neither a folder of saved pages nor a WARC file" in done.stderr, done.stderr


def test_a_mistyped_operation_suggests_the_one_meant() -> None:
    from webdata_server import ReferenceServer

    with ReferenceServer() as server, server.sandbox() as sandbox:
        with pytest.raises(Exception, match="startCrawl"):
            sandbox.assert_called("crawlUrls")


def test_a_receiver_that_never_answers_delays_no_other_teams_read() -> None:
    """Issue 74 item 5: on the auto clock each status read waited up to 5 s for any team's webhook
    deliveries; one test's receiver that never answers slowed every other test's reads to 5 s."""
    import socket

    from webdata_server import ReferenceServer

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)  # accepts, never answers
    try:
        with ReferenceServer(clock="auto") as server, server.sandbox() as slow, server.sandbox() as other:
            hook = {"url": f"http://127.0.0.1:{silent.getsockname()[1]}/hook"}
            started = httpx.post(server.base_url + "/v2/crawl", json={"url": "https://a.example.com", "limit": 3, "webhook": hook},
                                 headers={"Authorization": f"Bearer {slow.api_key}"})  # fmt: skip
            assert started.status_code == 200, started.text
            httpx.get(server.base_url + f"/v2/crawl/{started.json()['id']}", headers={"Authorization": f"Bearer {slow.api_key}"}, timeout=30)
            mine = httpx.post(server.base_url + "/v2/crawl", json={"url": "https://b.example.com", "limit": 3},
                              headers={"Authorization": f"Bearer {other.api_key}"}).json()["id"]  # fmt: skip
            begun = time.monotonic()
            read = httpx.get(server.base_url + f"/v2/crawl/{mine}", headers={"Authorization": f"Bearer {other.api_key}"}, timeout=30)
            assert read.status_code == 200 and time.monotonic() - begun < 1.0, time.monotonic() - begun
    finally:
        silent.close()


def test_the_plugins_own_example_runs_as_written(tmp_path: Path) -> None:
    """Issue 74: the plugin's docstring asserted a call of ``crawlUrls``, which is no operation."""
    import textwrap

    from webdata_server import pytest_plugin

    doc = pytest_plugin.__doc__ or ""
    example = textwrap.dedent(re.search(r"\n(    def test_.*?)\n\n(?! )", doc, flags=re.DOTALL)[1])  # type: ignore[index]
    (tmp_path / "test_plugin_example.py").write_text(example + "\n", encoding="utf-8")
    done = _pytest_of_its_own(tmp_path)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout[-4000:] + done.stderr[-2000:]


DEFAULTS = """
import time

import pytest
from firecrawl import Firecrawl

URL = "https://docs.example.com/guide"


def test_a_new_users_app_on_the_defaults(webdata):
    webdata.set_page(URL, "Install the widget with pip.")
    app = Firecrawl(api_key=webdata.api_key, api_url=webdata.base_url)
    job = app.crawl("https://docs.example.com", limit=5)  # blocks until done: the clock moves as it polls
    assert job.status == "completed" and len(job.data) == 5
    assert "pip" in app.scrape(URL, formats=["markdown"]).markdown


def test_the_next_test_sees_none_of_it(webdata):
    app = Firecrawl(api_key=webdata.api_key, api_url=webdata.base_url)
    assert "pip" not in app.scrape(URL, formats=["markdown"]).markdown


@pytest.mark.webdata(clock="manual")
def test_a_wait_nobody_moves_fails_in_seconds_saying_why(webdata):
    started = time.monotonic()
    with pytest.raises(Exception) as failed:
        webdata.firecrawl.crawl("https://docs.example.com", limit=5, poll_interval=1)
    message = str(failed.value)
    assert "webdata.advance(seconds)" in message and '@pytest.mark.webdata(clock="auto")' in message, message
    assert time.monotonic() - started < 15


@pytest.mark.webdata(clock="manual", job_seconds=60)
def test_a_marker_sets_one_tests_server(webdata, webdata_server):
    assert webdata.server is not webdata_server and webdata.server.job_seconds == 60
    job = webdata.client.crawl.start("https://docs.example.com", limit=4)
    webdata.advance(30)
    assert webdata.client.crawl.get_status(job.id).status == "scraping"  # half of its 60 s
    webdata.advance(30)
    assert webdata.client.crawl.get_status(job.id).status == "completed"
"""


def test_a_new_users_tests_pass_on_the_plugins_defaults(tmp_path: Path) -> None:
    """Issue 74 items 2 and 3: on the plugin's defaults a blocking crawl() returns (the auto clock),
    the next test sees nothing of the first's page, a wait on a manual clock nobody moves fails
    within seconds naming the way out, and a marker gives one test a server of its own settings."""
    (tmp_path / "test_defaults.py").write_text(DEFAULTS, encoding="utf-8")
    started = time.monotonic()
    done = _pytest_of_its_own(tmp_path)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "4 passed" in done.stdout, done.stdout[-3000:]
    assert time.monotonic() - started < 120
