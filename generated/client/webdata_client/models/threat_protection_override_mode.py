from enum import StrEnum


class ThreatProtectionOverrideMode(StrEnum):
    NORMAL = "normal"
    OFF = "off"

    def __str__(self) -> str:
        return str(self.value)
