"""The engine contract and the registry of games.

``Game`` and the base models live in ``rules.common`` (the rules may not import
``tabletop``); this module re-exports them and knows which games have landed.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import cache
from collections.abc import Iterator, Mapping
from importlib import import_module
from importlib.util import find_spec

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
    "Outcome", "Rng", "StateBase", "GameRegistry", "catalog", "games",
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


class GameRegistry(Mapping[str, Game]):
    """``{id: Game}`` whose engines are imported on first use, one at a time.

    Keys, ``in`` and ``len`` never import an engine, so the menu (which needs only the
    catalog and which ids have landed) opens before any rulebook is loaded. Looking a
    game up imports just that game's rules.
    """

    def __init__(self, paths: dict[str, str]) -> None:
        self._paths = dict(paths)

    def __getitem__(self, game_id: str) -> Game:
        path = self._paths[game_id]  # KeyError for an unknown id, as a dict would
        return _load(path)

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._paths

    def title(self, game_id: str) -> str:
        """The game's title without importing its rules where the catalog knows it."""
        entry = next((e for e in catalog() if e.id == game_id), None)
        return entry.title if entry is not None else self[game_id].title


def _importable(path: str) -> bool:
    module = path.partition(":")[0]
    try:
        return find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def games() -> GameRegistry:
    """``{id: Game}`` for every game whose rules have landed, imported lazily."""
    paths = dict(REGISTERED)
    for gid, path in _extra().items():
        if _importable(path):  # a developer hook that points nowhere adds nothing
            paths[gid] = path
    return GameRegistry(paths)


def get_game(game_id: str) -> Game | None:
    registry = games()
    return registry[game_id] if game_id in registry else None
