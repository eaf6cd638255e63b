"""The resources of ``Webdata`` and ``AsyncWebdata``, one per tag of the contract.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

from .things import AsyncThings, Things

__all__ = ["AsyncThings", "Things"]
