from enum import StrEnum


class BasicFormatName(StrEnum):
    HTML = "html"
    IMAGES = "images"
    LINKS = "links"
    MARKDOWN = "markdown"
    RAWHTML = "rawHtml"
    SUMMARY = "summary"

    def __str__(self) -> str:
        return str(self.value)
