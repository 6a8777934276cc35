"""Which widget draws each game's board area. Until a game's custom board lands, the
generic text board shows the game's own plain-text rendering."""

from __future__ import annotations

from importlib import import_module

from textual.widget import Widget

from tabletop.engine import Game

from .common.text_board import TextBoard

# game id -> "module:Class" of a board widget (a Widget with a ``frame`` reactive).
CUSTOM_BOARDS: dict[str, str] = {
    "spirit": "screens.spirit:SpiritBoard",
    "senji": "screens.senji:SenjiBoard",
    "duel": "screens.duel:DuelBoard",
    "harakiri": "screens.harakiri:HarakiriBoard",
}


def board_widget(game: Game) -> Widget:
    path = CUSTOM_BOARDS.get(game.id)
    if path is None:
        return TextBoard(game, id="board")
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)(game, id="board")
