"""Job ids: UUIDv7, as the service's (``uuidv7()`` in its controllers)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from webdata_server.store.jobs import uuid7


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
