from enum import StrEnum


class DocumentMetadataCacheState(StrEnum):
    HIT = "hit"
    MISS = "miss"

    def __str__(self) -> str:
        return str(self.value)
