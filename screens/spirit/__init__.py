"""The Samurai Spirit board: village, stacks, transit card and one panel per samurai."""

from .board import SpiritBoard

__all__ = ["SpiritBoard"]
