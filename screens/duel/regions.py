"""The regions of the duel table: a ``Block`` fits its lines to its width and is laid out
again when their number changes."""

from __future__ import annotations

from rich.text import Text

from ..common.parts import Part


class Block(Part):
    """A region of the table drawn from a list of lines that already fit its width.

    When the number of lines changes, the block's height follows and the board is laid
    out again; otherwise only the changed lines are repainted (``Part``)."""

    DEFAULT_CSS = "Block { text-wrap: nowrap; text-overflow: ellipsis; }"
    FRAME_ROWS = 0  # rows of border and padding around the lines (set by the stylesheet)

    def __init__(self, **kwargs) -> None:
        super().__init__(fixed=True, **kwargs)
        self.rows = 0

    def show(self, lines: list[Text]) -> None:
        lines = lines or [Text("")]
        rows = len(lines) + self.FRAME_ROWS
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows  # a new height asks for a new layout
        self.put(Text("\n").join(lines))
