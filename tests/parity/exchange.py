"""Running the parity corpus against one implementation, and comparing two recordings.

What is compared (:func:`differences`):

- every answer's **status**, and whether its body is JSON at all;
- an error answer's (4xx, 5xx) **`error` text and `code`**, and its top-level keys;
- a success answer's **shape**: its top-level keys and their JSON types, and the keys of the
  document(s) under ``data`` (a page's ``metadata`` keys aside: they follow the page's own head);
- a job run's **sequence**: the start answer (as above), then the final status, ``completed``,
  ``total`` and how many documents it holds, and its errors answer.

Ids, times and the server's own address are normalised before anything is stored or compared.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

import httpx

from tests.parity.cases import Exchange, JobRun

__all__ = ["Send", "body_digest", "differences", "normalize", "restore", "run_case", "sender"]

# (method, path, JSON body or None, raw bytes or None) -> (status, parsed body: JSON or text)
Send = Callable[[str, str, Any, "bytes | None"], tuple[int, Any]]

_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?")
_ORIGIN = re.compile(r"https?://(127\.0\.0\.1|localhost):\d+")


def sender(client: httpx.Client) -> Send:
    """A :data:`Send` over ``client`` (its base URL and key): the answer's JSON, or its text."""

    def send(method: str, path: str, body: Any, raw: bytes | None) -> tuple[int, Any]:
        if raw is not None:
            answer = client.request(method, path, content=raw, headers={"Content-Type": "application/json"})
        else:
            answer = client.request(method, path, json=body) if body is not None else client.request(method, path)
        try:
            return answer.status_code, answer.json()
        except ValueError:
            return answer.status_code, answer.text

    return send


def body_digest(body: Any) -> str:
    """A short digest of a JSON body (canonical: sorted keys), so a recording can tell whether the
    body it answered is still the one a case sends."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def _strings(value: Any, change: Callable[[str], str]) -> Any:
    """``value`` with ``change`` applied to every string in it (keys aside)."""
    if isinstance(value, dict):
        return {k: _strings(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_strings(v, change) for v in value]
    return change(value) if isinstance(value, str) else value


def normalize(value: Any) -> Any:
    """``value`` with UUIDs, ISO times and loopback origins replaced by placeholders."""
    return _strings(value, lambda text: _ORIGIN.sub("<origin>", _TIME.sub("<time>", _UUID.sub("<uuid>", text))))


# A value of each placeholder's kind, for a check that validates a recorded body (restore).
_STAND_INS = {"<uuid>": "00000000-0000-4000-8000-000000000000", "<time>": "2025-08-25T00:00:00.000Z", "<origin>": "http://127.0.0.1:3002"}


def restore(value: Any) -> Any:
    """A normalised body with each placeholder back as a value of its kind (not the one recorded)."""

    def back(text: str) -> str:
        for placeholder, real in _STAND_INS.items():
            text = text.replace(placeholder, real)
        return text

    return _strings(value, back)


def _answer(status: int, body: Any) -> dict[str, Any]:
    return {"status": status, "body": normalize(body)}


def run_case(case: Exchange | JobRun, send: Send, settle: Callable[[str, int], bool]) -> dict[str, Any]:
    """The recorded answer(s) of one case. ``settle(kind, reads)`` lets the job move before its
    next read (the recorder sleeps, the replay moves its clock); it answers False when the reads
    should stop although the job has not ended."""
    if isinstance(case, Exchange):
        status, body = send(case.method, case.path, case.body, case.raw)
        job = body.get("id") if case.cancels and status == 200 and isinstance(body, dict) else None
        if isinstance(job, str):
            send("DELETE", f"{case.cancels}/{job}", None, None)  # a start at its maximum is not left to run
        return {"name": case.name, **_answer(status, body)}
    status, started = send("POST", f"/v2/{case.kind}", case.body, None)
    record: dict[str, Any] = {"name": case.name, "start": _answer(status, started)}
    job = started.get("id") if isinstance(started, dict) else None
    if not job:
        return record
    if case.cancel:
        record["cancel"] = _answer(*send("DELETE", f"/v2/{case.kind}/{job}", None, None))
    statuses: list[str] = []
    reads = 0
    while True:
        status, body = send("GET", f"/v2/{case.kind}/{job}", None, None)
        reads += 1
        current = body.get("status") if isinstance(body, dict) else None
        if current is not None and (not statuses or statuses[-1] != current):
            statuses.append(str(current))
        if current in ("completed", "failed", "cancelled") or status != 200 or not settle(case.kind, reads):
            break
    final = {k: v for k, v in body.items() if k != "data"} if isinstance(body, dict) else body
    documents = body.get("data") if isinstance(body, dict) else None
    record["statuses"] = statuses
    record["final"] = {**_answer(status, final), "documents": len(documents) if isinstance(documents, list) else None}
    record["errors"] = _answer(*send("GET", f"/v2/{case.kind}/{job}/errors", None, None))
    return record


def _type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _documents(body: dict[str, Any]) -> list[dict[str, Any]]:
    data = body.get("data")
    if isinstance(data, dict):
        return [data]
    return [d for d in data if isinstance(d, dict)] if isinstance(data, list) else []


def _answer_differences(where: str, service: dict[str, Any], double: dict[str, Any]) -> list[str]:
    found = []
    if service["status"] != double["status"]:
        found.append(f"{where}: status {service['status']} there, {double['status']} here")
    theirs, ours = service["body"], double["body"]
    if isinstance(theirs, dict) != isinstance(ours, dict):
        return [*found, f"{where}: body {'JSON' if isinstance(theirs, dict) else 'text'} there, {'JSON' if isinstance(ours, dict) else 'text'} here"]
    if not isinstance(theirs, dict):
        return found
    if set(theirs) != set(ours):
        found.append(f"{where}: keys {sorted(theirs)} there, {sorted(ours)} here")
    if service["status"] >= 400 or double["status"] >= 400:
        for key in ("error", "code"):
            if theirs.get(key) != ours.get(key):
                found.append(f"{where}: {key} {theirs.get(key)!r} there, {ours.get(key)!r} here")
        return found
    for key in sorted(set(theirs) & set(ours)):
        if _type(theirs[key]) != _type(ours[key]):
            found.append(f"{where}: {key} is {_type(theirs[key])} there, {_type(ours[key])} here")
    for mine, other in zip(_documents(ours), _documents(theirs), strict=False):
        if set(mine) != set(other):
            found.append(f"{where}: a document's keys {sorted(other)} there, {sorted(mine)} here")
            break
    return found


def differences(service: dict[str, Any], double: dict[str, Any]) -> list[str]:
    """What differs between two recordings of one case (empty: nothing)."""
    if "status" in service:
        return _answer_differences("answer", service, double)
    found = _answer_differences("start", service["start"], double["start"])
    for part in ("cancel", "final", "errors"):
        if (part in service) != (part in double):
            found.append(f"{part}: {'recorded there only' if part in service else 'here only'}")
        elif part in service:
            found += _answer_differences(part, service[part], double[part])
    if "final" in service and "final" in double:
        theirs, ours = service["final"], double["final"]
        for key in ("status", "completed", "total"):
            if isinstance(theirs["body"], dict) and isinstance(ours["body"], dict) and theirs["body"].get(key) != ours["body"].get(key):
                found.append(f"final {key}: {theirs['body'].get(key)!r} there, {ours['body'].get(key)!r} here")
        if theirs["documents"] != ours["documents"]:
            found.append(f"final documents: {theirs['documents']} there, {ours['documents']} here")
    return found


def load(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return list(json.load(f)["cases"])
