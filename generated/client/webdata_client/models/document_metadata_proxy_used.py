from enum import StrEnum


class DocumentMetadataProxyUsed(StrEnum):
    BASIC = "basic"
    ENHANCED = "enhanced"

    def __str__(self) -> str:
        return str(self.value)
