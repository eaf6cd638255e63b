"""The journal and the inbox alone (webdata_server.controls.records): bounded by count and bytes,
the deliveries under way counted by job."""

from __future__ import annotations

from webdata_server.controls.records import JOURNAL_BYTES, Event, Kept, Received, Records


def test_the_journal_keeps_a_bounded_number_of_body_bytes() -> None:
    records = Records()
    megabyte = {"url": "x" * (1024 * 1024)}
    for seq in range(40):  # 40 MiB of bodies: 6.9 GB of memory for 200 of them in the audit
        records.keep(Received(seq, "", "POST", "/v2/scrape", {}, {}, megabyte, 1024 * 1024, "scrapeUrl", None, 400, None), 1024 * 1024)
    assert len(records.journal) == JOURNAL_BYTES // (1024 * 1024)
    assert records.journal[-1].seq == 39 and records.journal.bytes <= JOURNAL_BYTES
    assert records.journal.dropped == 40 - JOURNAL_BYTES // (1024 * 1024)
    records.clear_journal()
    assert records.journal.bytes == 0 and not records.journal and records.journal.dropped == 0


def test_kept_drops_the_oldest_by_count_and_keeps_one_entry_over_budget() -> None:
    kept: Kept[int] = Kept(entries=3, max_bytes=100)
    for n in range(5):
        kept.add(n, 10)
    assert list(kept) == [2, 3, 4] and kept.dropped == 2
    kept.add(99, 1000)  # larger than the whole budget: kept alone, the rest dropped
    assert list(kept) == [99] and kept.dropped == 5


def test_deliveries_under_way_are_counted_by_job() -> None:
    records = Records()

    def event(job: str, delivered: bool) -> Event:
        return Event(records.next_seq(), "", "http://127.0.0.1/hook", {}, {"type": "crawl.page"}, "team", job, delivered)

    records.capture(event("a", True))
    records.capture(event("a", True))
    records.capture(event("b", True))
    records.capture(event("c", False))  # not delivered (a receiver off this machine): nothing under way
    assert (records.pending(), records.pending("a"), records.pending("b"), records.pending("c")) == (3, 2, 1, 0)
    records.delivered("a")
    records.delivered("b")
    assert (records.pending(), records.pending("a"), records.pending("b")) == (1, 1, 0)
    assert [e.job_id for e in records.events(team_id="team")] == ["a", "a", "b", "c"]
