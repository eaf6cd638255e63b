from enum import StrEnum


class CompatFormatName(StrEnum):
    BRANDING = "branding"
    CHANGETRACKING = "changeTracking"
    JSON = "json"
    RAWBASE64 = "rawBase64"
    SCREENSHOT = "screenshot"

    def __str__(self) -> str:
        return str(self.value)
