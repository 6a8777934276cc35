"""Samurai Spirit: 1-7 samurai defend a village from three waves of raiders (seed 000)."""

from .game import GAME, SpiritGame

__all__ = ["GAME", "SpiritGame"]
