"""Fitting the Spirit board's facts to the width it has, so nothing is cut silently.

A region is a list of facts (short Texts). ``lay_out`` puts them end to end and starts a
new line where the next one would not fit; a fact is never split, and one wider than a
whole line ends in "…" (what it says can still be read in the log or on ``g``). A
``Region`` takes those lines and, when their number changes, its height follows, which
asks the board for a new layout: a region that grows pushes the next one down instead of
losing its last lines.
"""

from __future__ import annotations

from rich.text import Text

from ..common.fit import clip as cut
from ..common.fit import flow as lay_out
from ..common.parts import Part

__all__ = ["Region", "cut", "lay_out"]


class Region(Part):
    """A board region drawn from lines that already fit; its height follows their count."""

    DEFAULT_CSS = "Region { text-wrap: nowrap; text-overflow: ellipsis; }"

    def __init__(self, *, frame_rows: int = 0, frame_columns: int = 0, **kwargs) -> None:
        super().__init__(fixed=True, **kwargs)
        self.frame_rows = frame_rows  # border and padding rows around the lines
        self.frame_columns = frame_columns  # border and padding columns
        self.rows = -1

    def inner(self, width: int) -> int:
        """The columns the lines of this region get on a board ``width`` wide."""
        return max(8, width - self.frame_columns)

    def render(self) -> Text:
        # Its lines were fitted to the width and its height set to their count: drawn as
        # they are, never cut again by the generic part.
        return self.shown

    def show(self, lines: list[Text]) -> None:
        lines = lines or [Text("")]
        rows = len(lines) + self.frame_rows
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows  # a new height asks for a new layout
        self.put(Text("\n").join(lines))
