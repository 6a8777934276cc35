"""Bots: the random bot, and each game's rules-aware bots by name.

A bot sees only its seat's view and the legal actions, and draws from its own RNG,
so it can neither cheat nor disturb the game's randomness.
"""

from __future__ import annotations

from typing import Any

from rules.common import Bot, Game, Rng, StateBase


def random_bot(game: Game, view: StateBase, seat: int, actions: list[Any], rng: Rng) -> Any:
    return actions[rng.below(len(actions))]


def bot_names(game: Game) -> list[str]:
    return ["random", *game.bots()]


def get_bot(game: Game, name: str) -> Bot:
    if name == "random":
        return random_bot
    bots = game.bots()
    if name not in bots:
        known = ", ".join(bot_names(game))
        raise KeyError(f"{game.title} has no bot named {name!r} (known: {known})")
    return bots[name]


def choose(game: Game, state: StateBase, bot: Bot, rng: Rng) -> Any:
    """The action ``bot`` picks for the seat to move in ``state``."""
    seat = game.to_move(state)
    if seat is None:
        raise ValueError("the game is over")
    actions = game.legal_actions(state)
    return bot(game, game.view(state, seat), seat, actions, rng)
