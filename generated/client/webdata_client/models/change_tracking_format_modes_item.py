from enum import StrEnum


class ChangeTrackingFormatModesItem(StrEnum):
    GIT_DIFF = "git-diff"
    JSON = "json"

    def __str__(self) -> str:
        return str(self.value)
