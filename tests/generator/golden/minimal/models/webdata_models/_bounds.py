"""Checks datamodel-code-generator cannot express: ``minProperties`` and ``maxProperties``.

Written by the generator's ``models`` stage from the bundle. Do not edit.
"""

from typing import Any

from pydantic import BaseModel, model_validator

__all__ = ["PROPERTY_BOUNDS", "PropertyCountModel"]

# Schema name -> (minProperties, maxProperties); None where the schema sets no bound.
PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {}


class PropertyCountModel(BaseModel):
    """Base of the models whose schema bounds how many properties an instance carries."""

    @model_validator(mode="after")
    def _check_property_count(self) -> Any:
        low, high = PROPERTY_BOUNDS.get(type(self).__name__, (None, None))
        present = {name for name in self.model_fields_set if getattr(self, name, None) is not None}
        present |= set(self.model_extra or {})
        count = len(present)
        if low is not None and count < low:
            raise ValueError(f"at least {low} properties required, got {count}: {sorted(present)}")
        if high is not None and count > high:
            raise ValueError(f"at most {high} properties allowed, got {count}: {sorted(present)}")
        return self
