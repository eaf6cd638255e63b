"""Every job's life, in one place: :class:`JobService` (start, read, cancel, advance), its clock,
its engine of batch scrapes and crawls, its worker and the deterministic results."""

from webdata_server.jobs.clock import Clock, ManualClock, SystemClock
from webdata_server.jobs.service import JobService
from webdata_server.jobs.worker import PROGRESSIVE, Demand, run_worker

__all__ = ["PROGRESSIVE", "Clock", "Demand", "JobService", "ManualClock", "SystemClock", "run_worker"]
