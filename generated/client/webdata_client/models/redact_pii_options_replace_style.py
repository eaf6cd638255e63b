from enum import StrEnum


class RedactPIIOptionsReplaceStyle(StrEnum):
    MASK = "mask"
    REMOVE = "remove"
    TAG = "tag"

    def __str__(self) -> str:
        return str(self.value)
