"""The engine contract and the registry of games.

``Game`` and the base models live in ``rules.common`` (the rules may not import
``tabletop``); this module re-exports them and knows which games have landed.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import import_module

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
from rules.common.data import asset_text

__all__ = [
    "ActionBase", "Bot", "CatalogEntry", "Game", "IllegalAction", "LogLine", "OptionsBase",
    "Outcome", "Rng", "StateBase", "catalog", "games",
]

# Games whose rules have landed: id -> "module:attribute" of a Game instance.
# Imported lazily so the menu opens without loading every rulebook.
REGISTERED: dict[str, str] = {
    "spirit": "rules.spirit:GAME",
    "senji": "rules.senji:GAME",
    "duel": "rules.duel:GAME",
    "harakiri": "rules.harakiri:GAME",
}


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    title: str
    blurb: str
    seats: str

    @property
    def available(self) -> bool:
        return self.id in REGISTERED


@cache
def catalog() -> tuple[CatalogEntry, ...]:
    """The four games in menu order, available or not."""
    data = tomllib.loads(asset_text("catalog.toml"))
    return tuple(CatalogEntry(**row) for row in data["game"])


@cache
def _load(path: str) -> Game:
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def _extra() -> dict[str, str]:
    """Developer hook: TABLETOP_EXTRA_GAMES="id=module:attr,..." adds games (tests use it)."""
    out: dict[str, str] = {}
    for item in os.environ.get("TABLETOP_EXTRA_GAMES", "").split(","):
        gid, sep, path = item.strip().partition("=")
        if sep and gid and path:
            out[gid] = path
    return out


def games() -> dict[str, Game]:
    """``{id: Game}`` for every game whose rules have landed."""
    found = {gid: _load(path) for gid, path in REGISTERED.items()}
    for gid, path in _extra().items():
        try:
            found[gid] = _load(path)
        except (ImportError, AttributeError):
            continue  # a developer hook that points nowhere adds nothing
    return found


def get_game(game_id: str) -> Game | None:
    return games().get(game_id) if game_id not in REGISTERED else _load(REGISTERED[game_id])
