from enum import StrEnum


class RedactPIIOptionsMode(StrEnum):
    ACCURATE = "accurate"
    AGGRESSIVE = "aggressive"
    FAST = "fast"

    def __str__(self) -> str:
        return str(self.value)
