from enum import StrEnum


class ScrapeNotFoundErrorCode(StrEnum):
    SCRAPE_LOCKDOWN_CACHE_MISS = "SCRAPE_LOCKDOWN_CACHE_MISS"
    SCRAPE_NO_CACHED_DATA = "SCRAPE_NO_CACHED_DATA"

    def __str__(self) -> str:
        return str(self.value)
