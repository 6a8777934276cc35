"""Shared building blocks of the rules: RNG, errors, base models, decks, the Game contract."""

from .decks import draw, draw_one, draw_with_refill, put_bottom, put_top, refill
from .errors import IllegalAction
from .game import Bot, Game
from .models import ActionBase, Frozen, LogLine, Model, OptionsBase, Outcome, Result, StateBase
from .rng import Rng

__all__ = [
    "ActionBase", "Bot", "Frozen", "Game", "IllegalAction", "LogLine", "Model", "OptionsBase",
    "Outcome", "Result", "Rng", "StateBase", "draw", "draw_one", "draw_with_refill",
    "put_bottom", "put_top", "refill",
]
