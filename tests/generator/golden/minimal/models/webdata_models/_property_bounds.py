"""Schema name -> (minProperties, maxProperties), None where the schema sets no bound: read by ``_bounds``.

Written by the generator's models stage from the bundle. Do not edit.
"""

PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {}
