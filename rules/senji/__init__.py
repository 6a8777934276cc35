"""Senji: 3-6 daimyo bargain, betray and fight for honour on a map of Japan."""

from .game import Senji

GAME = Senji()

__all__ = ["GAME", "Senji"]
