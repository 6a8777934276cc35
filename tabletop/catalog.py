"""Which games tabletop offers and where their rules live, without importing any rules.

The menu, ``--help`` and ``--version`` need only this: the catalog (assets/catalog.toml)
and the registry of ids. A game's rules module, and with it pydantic, is imported the
first time that game is looked up, so the first frame never waits for a rulebook.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module, resources
from importlib.util import find_spec
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.common import Game

# Games whose rules have landed: id -> "module:attribute" of a Game instance.
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
    text = resources.files("assets").joinpath("catalog.toml").read_text(encoding="utf-8")
    return tuple(CatalogEntry(**row) for row in tomllib.loads(text)["game"])


def game_ids() -> str:
    """The catalog's ids for a usage line: "spirit, senji, duel, harakiri"."""
    return ", ".join(e.id for e in catalog())


@cache
def _load(path: str) -> Game:
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def _extra() -> dict[str, str]:
    """Developer hook: TABLETOP_EXTRA_GAMES="id=module:attr,..." adds games (tests use it)."""
    out: dict[str, str] = {}
    for item in os.environ.get("TABLETOP_EXTRA_GAMES", "").split(","):
        gid, sep, path = item.strip().partition("=")
        if sep and gid and path and _importable(path):  # a hook that points nowhere adds nothing
            out[gid] = path
    return out


def _importable(path: str) -> bool:
    try:
        return find_spec(path.partition(":")[0]) is not None
    except (ImportError, ValueError):
        return False


class GameRegistry(Mapping[str, "Game"]):
    """``{id: Game}`` whose engines are imported on first use, one at a time.

    Keys, ``in`` and ``len`` never import an engine; looking a game up imports just that
    game's rules.
    """

    def __init__(self, paths: dict[str, str]) -> None:
        self._paths = dict(paths)

    def __getitem__(self, game_id: str) -> Game:
        return _load(self._paths[game_id])  # KeyError for an unknown id, as a dict would

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._paths



def game_title(game_id: str, games: Mapping[str, Game]) -> str:
    """A game's title, from the catalog where it knows the game (no rules imported)."""
    entry = next((e for e in catalog() if e.id == game_id), None)
    return entry.title if entry is not None else games[game_id].title


def games() -> GameRegistry:
    """``{id: Game}`` for every game whose rules have landed, imported lazily."""
    return GameRegistry({**REGISTERED, **_extra()})


def get_game(game_id: str) -> Game | None:
    registry = games()
    return registry[game_id] if game_id in registry else None
