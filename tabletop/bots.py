"""Bots: the random bot, each game's rules-aware bots by name, and the search bot.

A bot sees only its seat's view and the legal actions, and draws from its own RNG,
so it can neither cheat nor disturb the game's randomness.

``strong`` (every game with search hooks, rules/<game>/search.py) searches the game's
engine for about a second a move (rules/common/search.py), with the game's own bot
playing out the rest of each sampled game.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from rules.common import Bot, Game, Rng, StateBase
from rules.common.search import Budget, SearchHooks, strong_bot

STRONG = "strong"
# The search bot's think budget wherever no other is given (the table, a host's stand-in).
DEFAULT_BUDGET = Budget()


def random_bot(game: Game, view: StateBase, seat: int, actions: list[Any], rng: Rng) -> Any:
    return actions[rng.below(len(actions))]


@cache
def search_hooks(game_id: str) -> SearchHooks | None:
    """The game's hooks for the search bot, or None when it has none."""
    try:
        module = import_module(f"rules.{game_id}.search")
    except ModuleNotFoundError:
        return None
    return getattr(module, "HOOKS", None)


def bot_names(game: Game) -> list[str]:
    names = ["random", *game.bots()]
    if search_hooks(game.id) is not None:
        names.append(STRONG)
    return names


def get_bot(game: Game, name: str, budget: Budget | None = None) -> Bot:
    """The bot named ``name``; ``budget`` sets the search bot's think budget (default:
    about a second a move) and is ignored by the others."""
    if name == "random":
        return random_bot
    if name == STRONG:
        hooks = search_hooks(game.id)
        if hooks is not None:
            return strong_bot(hooks, budget if budget is not None else DEFAULT_BUDGET)
    bots = game.bots()
    if name not in bots:
        known = ", ".join(bot_names(game))
        raise KeyError(f"{game.title} has no bot named {name!r} (known: {known})")
    return bots[name]


def is_slow(game: Game, name: str) -> bool:
    """True for a bot that thinks for a while (the screen says so, off the UI loop)."""
    return name == STRONG and search_hooks(game.id) is not None


def choose(game: Game, state: StateBase, bot: Bot, rng: Rng) -> Any:
    """The action ``bot`` picks for the seat to move in ``state``."""
    seat = game.to_move(state)
    if seat is None:
        raise ValueError("the game is over")
    actions = game.legal_actions(state)
    return bot(game, game.view(state, seat), seat, actions, rng)
