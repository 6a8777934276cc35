"""Harakiri: Blades of Honor, the exploration phase (seed 003)."""

from .game import GAME, Harakiri

__all__ = ["GAME", "Harakiri"]
