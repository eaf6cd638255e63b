from enum import StrEnum


class RedactPIIOptionsEntitiesItem(StrEnum):
    EMAIL = "EMAIL"
    FINANCIAL = "FINANCIAL"
    LOCATION = "LOCATION"
    PERSON = "PERSON"
    PHONE = "PHONE"
    SECRET = "SECRET"

    def __str__(self) -> str:
        return str(self.value)
