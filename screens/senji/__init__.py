"""The Senji table: the map of Japan, the honour track, the private hand, combat and winter."""

from .board import SenjiBoard

__all__ = ["SenjiBoard"]
