"""The HTTP protocols of ``serve``: a bound on a request's head, in size and time, answered in
the contract's error shape, on both stacks."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from webdata_server.protocols import _Coalescing

from tests.server.conftest import LiveServer

HEAD_TIMEOUT = 0.5
BODY_TIMEOUT = 3.0


@pytest.fixture(scope="module", params=["fast", "pure"])
def live(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, str]]:
    folder: Path = tmp_path_factory.mktemp(f"protocols-{request.param}")
    server = LiveServer(
        database=folder / "db.sqlite3", options=("--stack", request.param, "--head-timeout", str(HEAD_TIMEOUT), "--body-timeout", str(BODY_TIMEOUT))
    )
    server.start()
    key = json.loads(server.admin("create-team", "--name", "protocols", "--plan-tokens", "1500000"))["apiKey"]
    yield server, key
    server.stop()


def _exchange(server: LiveServer, *parts: bytes, pause: float = 0.0, wait: float = 10.0) -> bytes:
    """Sends ``parts`` on one connection (``pause`` seconds apart) and reads until it closes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as sock:
        try:
            for n, part in enumerate(parts):
                if n and pause:
                    time.sleep(pause)
                sock.sendall(part)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before all of it was sent
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    return answer


def _refusal(answer: bytes) -> tuple[int, dict[str, object]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert "content-type: application/json" in [line.lower() for line in lines[1:]], head
    return int(lines[0].split()[1]), json.loads(body)


def test_a_megabyte_request_line_is_refused_in_json(live: tuple[LiveServer, str]) -> None:
    server, _ = live
    status, body = _refusal(_exchange(server, b"GET /v2/team/token-usage?" + b"a" * 1_000_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"))
    assert (status, body) == (400, {"success": False, "error": "The request's line and headers exceed 64 KiB"})


def test_a_header_of_a_hundred_kilobytes_is_refused_in_json(live: tuple[LiveServer, str]) -> None:
    server, _ = live
    status, body = _refusal(_exchange(server, b"GET /v2/team/token-usage HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"))
    assert status == 400 and body["success"] is False


def test_a_request_that_is_not_http_is_refused_in_json(live: tuple[LiveServer, str]) -> None:
    server, _ = live
    status, body = _refusal(_exchange(server, b"\x16\x03\x01 not http at all\r\n\r\n"))
    assert status == 400 and body["success"] is False and isinstance(body["error"], str)


def test_a_head_sent_byte_by_byte_times_out_while_others_are_answered(live: tuple[LiveServer, str]) -> None:
    server, key = live
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as slow:
        slow.sendall(b"GET /v2/team/token-usage HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        assert httpx.get(f"{server.base_url}/v2/team/token-usage", headers={"Authorization": f"Bearer {key}"}).status_code == 200
        answer = b""
        while chunk := slow.recv(65536):
            answer += chunk
        waited = time.monotonic() - started
    status, body = _refusal(answer)
    assert (status, body) == (408, {"success": False, "error": f"The request's line and headers did not arrive within {HEAD_TIMEOUT:g} s"})
    assert waited >= HEAD_TIMEOUT * 0.8


def test_a_slow_body_after_a_complete_head_is_not_cut_and_keep_alive_still_works(live: tuple[LiveServer, str]) -> None:
    server, key = live
    body = json.dumps({"url": "https://example.com/slow-body"}).encode()
    head = (
        f"POST /v2/scrape HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    answer = _exchange(server, head, body, pause=HEAD_TIMEOUT * 3)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]


def _read_answer(sock: socket.socket) -> bytes:
    """One whole answer (head and Content-Length body) from a kept-alive connection."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(65536)
    head, _, body = answer.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return head + b"\r\n\r\n" + body


def test_an_idle_keep_alive_connection_gets_no_unasked_answer_and_serves_the_next_request(live: tuple[LiveServer, str]) -> None:
    server, key = live
    request = f"GET /v2/team/token-usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(request)
        assert _read_answer(sock).startswith(b"HTTP/1.1 200")
        sock.settimeout(HEAD_TIMEOUT * 2)  # longer than the head timeout, shorter than uvicorn's keep-alive (5 s)
        with pytest.raises(TimeoutError):
            sock.recv(65536)
        sock.settimeout(10)
        sock.sendall(request)
        assert _read_answer(sock).startswith(b"HTTP/1.1 200")


def test_an_oversized_body_gets_a_readable_413(live: tuple[LiveServer, str]) -> None:
    """The body over the limit (10 MiB by default) is read and dropped before the 413 goes out, so a
    client still sending reads the answer instead of a reset connection; five times in a row on one
    client, as an SDK would send them."""
    server, key = live
    oversized = b'{"url":"https://example.com/' + b"a" * (10 * 1024 * 1024) + b'"}'
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}

    async def send() -> list[int]:
        # An async client streams the body in pieces (as a proxy in front of the server does): a
        # server that closed before reading it made this a ReadError instead of a 413.
        async with httpx.AsyncClient(base_url=server.base_url, headers=headers, timeout=30) as client:
            statuses = []
            for _ in range(5):
                answer = await client.post("/v2/scrape", content=oversized)
                assert answer.json() == {"success": False, "error": "Request body too large."}
                statuses.append(answer.status_code)
            statuses.append((await client.get("/v2/team/token-usage")).status_code)  # and the client goes on
            return statuses

    assert asyncio.run(send()) == [413] * 5 + [200]


class _Recorder:
    """A transport that records what is written to it, call by call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bytes]] = []

    def write(self, data: bytes) -> None:
        self.calls.append(("write", bytes(data)))

    def writelines(self, data: list[bytes]) -> None:
        self.calls.append(("writelines", b"".join(data)))

    def close(self) -> None:
        self.calls.append(("close", b""))

    def is_closing(self) -> bool:
        return False


def test_an_answers_head_goes_out_with_its_body_in_one_write() -> None:
    head = b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n"

    async def main() -> list[list[tuple[str, bytes]]]:
        seen = []
        for body, then_close in ((b"{}", False), (b"x" * 100_000, False), (None, False), (None, True)):
            recorder = _Recorder()
            transport = _Coalescing(recorder, asyncio.get_running_loop())  # type: ignore[arg-type]
            transport.write(head)
            if body is not None:
                transport.write(body)
            if then_close:
                transport.close()  # a head held for a body must not be lost to a close
            assert transport.is_closing() is False  # anything else is the transport's own
            await asyncio.sleep(0)  # the loop's next turn
            seen.append(recorder.calls)
        return seen

    small, large, alone, closed = asyncio.run(main())
    assert small == [("write", head + b"{}")]
    assert large == [("writelines", head + b"x" * 100_000)]
    assert alone == [("write", head)]  # HEAD, 100 Continue: out on the next turn
    assert closed == [("write", head), ("close", b"")]


def test_answers_held_for_their_bodies_all_arrive_on_a_keep_alive_connection(live: tuple[LiveServer, str]) -> None:
    """Three answers on one connection, and a HEAD answer (a head without a body) among them."""
    server, key = live
    ask = f"GET /v2/team/token-usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n\r\n".encode()
    head = f"HEAD /v2/team/token-usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nConnection: close\r\n\r\n".encode()
    answer = _exchange(server, ask, ask, head)
    assert answer.count(b"HTTP/1.1 200 OK") == 3
    assert answer.endswith(b"\r\n\r\n")  # the HEAD answer: its head, no body


def test_forwarded_headers_from_loopback_are_read(live: tuple[LiveServer, str]) -> None:
    """As uvicorn's default: X-Forwarded-Proto from 127.0.0.1 (a local proxy) names the scheme of
    the links a start answers with; without it they are the server's own."""
    server, key = live
    body = {"url": "https://forwarded.example.com", "limit": 1, "sitemap": "skip"}
    auth = {"Authorization": f"Bearer {key}"}
    relayed = httpx.post(server.base_url + "/v2/crawl", json=body, headers={**auth, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
    direct = httpx.post(server.base_url + "/v2/crawl", json=body, headers=auth)
    assert relayed.status_code == direct.status_code == 200, relayed.text
    assert relayed.json()["url"].startswith("https://127.0.0.1:") and direct.json()["url"].startswith("http://127.0.0.1:")


def test_a_body_that_does_not_arrive_in_time_gets_408_and_its_connection_closes(live: tuple[LiveServer, str]) -> None:
    # Issue 37's audit: 1,000 connections sending 1 byte/s were all still open after 40 s.
    server, key = live
    head = (f"POST /v2/scrape HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n").encode()
    sockets = [socket.create_connection(("127.0.0.1", server.port), timeout=BODY_TIMEOUT + 10) for _ in range(20)]
    started = time.monotonic()
    try:
        for sock in sockets:
            sock.sendall(head + b'{"url": "htt')
        # Others are answered meanwhile.
        assert httpx.get(f"{server.base_url}/v2/team/token-usage", headers={"Authorization": f"Bearer {key}"}).status_code == 200
        for sock in sockets:
            answer = b""
            while chunk := sock.recv(65536):  # ends when the server closes the connection
                answer += chunk
            status, body = _refusal(answer)
            assert status == 408 and "did not arrive" in str(body["error"])
    finally:
        for sock in sockets:
            sock.close()
    took = time.monotonic() - started
    assert BODY_TIMEOUT - 0.5 < took < BODY_TIMEOUT + 5


def test_sigterm_completes_while_a_client_holds_a_half_sent_body(tmp_path: Path) -> None:
    # Issue 37's audit: one half-sent body kept SIGTERM from completing (still running 30 s after).
    server = LiveServer(database=tmp_path / "db.sqlite3", options=("--shutdown-timeout", "2", "--body-timeout", "120"))
    server.start()
    try:
        key = json.loads(server.admin("create-team", "--name", "held", "--plan-tokens", "1500000"))["apiKey"]
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            head = f"POST /v2/scrape HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            sock.sendall(head.encode() + b"{")
            time.sleep(0.3)
            assert server.process is not None
            started = time.monotonic()
            server.process.terminate()
            server.process.wait(15)
            took = time.monotonic() - started
        assert took < 10, f"SIGTERM took {took:.1f} s"
    finally:
        server.stop()
