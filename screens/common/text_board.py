"""The generic board area: a game's plain-text rendering of one view."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from tabletop.engine import Game

from .board_base import BoardBase, spare_columns
from .frame import Frame


class TextBoard(BoardBase, Static):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, game: Game, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.game = game

    def board_columns(self, width: int, height: int) -> int:
        """Plain text needs no particular width: the side panels widen with the terminal."""
        return spare_columns(width)

    def watch_frame(self, frame: Frame | None) -> None:
        if frame is None or frame.view is None:
            self.update("")
            return
        self.update(Text(self.game.render(frame.view, frame.seat)))
