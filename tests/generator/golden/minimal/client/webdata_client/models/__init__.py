"""Contains all the data models used in inputs/outputs"""

from .circle import Circle
from .error import Error
from .square import Square
from .thing import Thing

__all__ = (
    "Circle",
    "Error",
    "Square",
    "Thing",
)
