from enum import StrEnum


class ScrapeOptionsProxy(StrEnum):
    AUTO = "auto"
    BASIC = "basic"
    ENHANCED = "enhanced"

    def __str__(self) -> str:
        return str(self.value)
