from enum import StrEnum


class PdfParserName(StrEnum):
    PDF = "pdf"

    def __str__(self) -> str:
        return str(self.value)
