from enum import StrEnum


class WebhookConfigEventsItem(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    PAGE = "page"
    STARTED = "started"

    def __str__(self) -> str:
        return str(self.value)
