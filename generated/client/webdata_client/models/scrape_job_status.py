from enum import StrEnum


class ScrapeJobStatus(StrEnum):
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    FAILED = "failed"
    SCRAPING = "scraping"

    def __str__(self) -> str:
        return str(self.value)
