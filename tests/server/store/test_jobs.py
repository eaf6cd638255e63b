"""Job ids (UUIDv7, as the service's: ``uuidv7()`` in its controllers) and transitions."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from webdata_server.domain import ACTIVE, JobKind, JobStatus, now_utc
from webdata_server.store import Store
from webdata_server.store.jobs import Move, uuid7


def test_a_job_id_is_a_uuid7_carrying_its_creation_millisecond() -> None:
    moment = datetime(2026, 11, 25, 19, 30, 1, 234567, tzinfo=UTC)
    ids = {uuid7(moment) for _ in range(1000)}
    assert len(ids) == 1000  # 74 random bits each
    for text in ids:
        parsed = uuid.UUID(text)
        assert str(parsed) == text and parsed.version == 7 and parsed.variant == uuid.RFC_4122
        assert parsed.int >> 80 == int(moment.timestamp() * 1000)


def test_later_ids_sort_after_earlier_ones() -> None:
    start = datetime(2026, 11, 25, tzinfo=UTC)
    ids = [uuid7(start + timedelta(milliseconds=n)) for n in range(0, 5000, 7)]
    assert ids == sorted(ids)


def test_many_jobs_end_in_one_unit_and_only_from_the_states_allowed(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    caller = store.teams.authenticate(store.teams.create_key(team_id=team.id))
    assert caller is not None
    moment = now_utc()
    ids = store.write(
        lambda tx: [store.jobs.insert(tx, caller=caller, kind=JobKind.EXTRACT, request={}, seconds=0, credits=0, moment=moment).id for _ in range(5)]
    )
    cancel = store.jobs.moves([Move(ids[0], JobStatus.CANCELLED)], allowed_from=None, moment=moment)
    store.write(lambda tx: store.jobs.transition(tx, cancel))
    moves = store.jobs.moves([Move(job_id, JobStatus.COMPLETED, {"data": {"n": n}}, n) for n, job_id in enumerate(ids)], allowed_from=ACTIVE, moment=moment)
    assert store.write(lambda tx: store.jobs.transition(tx, moves)) == 4  # not the cancelled one
    jobs = [store.jobs.get(job_id, team_id=team.id, kind=JobKind.EXTRACT) for job_id in ids]
    store.close()
    assert [job.status for job in jobs if job] == [JobStatus.CANCELLED] + [JobStatus.COMPLETED] * 4
    assert [(job.result, job.completed) for job in jobs[1:] if job] == [({"data": {"n": n}}, n) for n in range(1, 5)]


def test_the_workers_one_row_reads_give_the_same_jobs_as_a_plain_read(tmp_path: Path) -> None:
    """Jobs.active and Jobs.due read a whole slice as one aggregated row (JSON): the jobs must be
    the ones a plain read gives, text, numbers, nulls and stored JSON alike."""
    store = Store(tmp_path / "db.sqlite3")
    team = store.teams.create(name="t", plan_tokens=None)
    caller = store.teams.authenticate(store.teams.create_key(team_id=team.id))
    assert caller is not None
    moment = now_utc() - timedelta(seconds=5)
    assert store.jobs.due(now_utc(), ending=10) == ([], [])
    request = {"prompt": 'naïve "quoted" \\ ✓ \u2028', "n": 2**62, "x": 1.5e300, "nested": [None, True, {"k": []}]}
    crawl = store.write(
        lambda tx: store.jobs.insert(
            tx, caller=caller, kind=JobKind.CRAWL, request=request, seconds=0, credits=0, moment=moment, url="https://e.com/ü", total=7
        )
    )
    extract = store.write(lambda tx: store.jobs.insert(tx, caller=caller, kind=JobKind.EXTRACT, request=request, seconds=1, credits=3, moment=moment))
    moves = store.jobs.moves([Move(crawl.id, JobStatus.SCRAPING, {"pages": ["é"]}, 2)], allowed_from=ACTIVE, moment=moment)
    store.write(lambda tx: store.jobs.transition(tx, moves))
    assert store.jobs.due(now_utc(), ending=10) == ([crawl.id], [extract.id])
    read = store.jobs.active([crawl.id, extract.id, "no-such-job"])
    plain = {job.id: store.jobs.get(job.id, team_id=team.id, kind=job.kind) for job in (crawl, extract)}
    store.close()
    assert read == plain
    assert read[crawl.id].request == request and read[crawl.id].result == {"pages": ["é"]} and read[crawl.id].completed == 2
