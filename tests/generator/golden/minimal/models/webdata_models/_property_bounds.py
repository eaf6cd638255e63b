"""Schema name -> (minProperties, maxProperties), None where the schema sets no bound; schema name ->
the field sets of which at least one must be present (an ``anyOf`` of ``required`` lists): read by
``_bounds``.

Written by the generator's models stage from the bundle. Do not edit.
"""

PROPERTY_BOUNDS: dict[str, tuple[int | None, int | None]] = {}

REQUIRED_ANY: dict[str, list[list[str]]] = {}
