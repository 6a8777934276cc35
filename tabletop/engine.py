"""The engine contract and the registry of games.

``Game`` and the base models live in ``rules.common`` (the rules may not import
``tabletop``); this module re-exports them with the registry of games (``tabletop.catalog``).
"""

from __future__ import annotations

from rules.common import (
    ActionBase,
    Bot,
    Game,
    IllegalAction,
    LogLine,
    OptionsBase,
    Outcome,
    Rng,
    StateBase,
)

from .catalog import REGISTERED, CatalogEntry, GameRegistry, catalog, games, get_game

__all__ = [
    "ActionBase", "Bot", "CatalogEntry", "Game", "IllegalAction", "LogLine", "OptionsBase",
    "Outcome", "REGISTERED", "Rng", "StateBase", "GameRegistry", "catalog", "games", "get_game",
]

