"""The Way of the Samurai duel table."""

from .board import DuelBoard

__all__ = ["DuelBoard"]
