from enum import StrEnum


class ChangeTrackingResultVisibility(StrEnum):
    HIDDEN = "hidden"
    VISIBLE = "visible"

    def __str__(self) -> str:
        return str(self.value)
