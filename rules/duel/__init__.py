"""Way of the Samurai: the solo duel with every Blood and Bushido module (`duel`)."""

from .game import GAME, Duel

__all__ = ["GAME", "Duel"]
