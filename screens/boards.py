"""Which widget draws each game's board area. Until a game's custom board lands, the
generic text board shows the game's own plain-text rendering.

Every board subclasses ``BoardBase`` (screens/common/board_base.py), whose documented
hooks (keys, previews, curtain note, hidden and default kinds, settling, stacking) are
all the board screen asks of a board."""

from __future__ import annotations

from importlib import import_module

from tabletop.engine import Game

from .common.board_base import BoardBase
from .common.text_board import TextBoard

# game id -> "module:Class" of a board widget (a BoardBase).
CUSTOM_BOARDS: dict[str, str] = {
    "spirit": "screens.spirit:SpiritBoard",
    "senji": "screens.senji:SenjiBoard",
    "duel": "screens.duel:DuelBoard",
    "harakiri": "screens.harakiri:HarakiriBoard",
}


def board_class(game: Game) -> type[BoardBase]:
    path = CUSTOM_BOARDS.get(game.id)
    if path is None:
        return TextBoard
    module, _, name = path.partition(":")
    cls = getattr(import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, BoardBase)):
        raise TypeError(f"{path} must subclass BoardBase (screens/common/board_base.py)")
    return cls


def board_widget(game: Game) -> BoardBase:
    return board_class(game)(game, id="board")
