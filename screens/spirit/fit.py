"""Fitting the Spirit board's facts to the width it has, so nothing is cut.

A region is a list of facts (short Texts). ``lay_out`` puts them end to end and starts a
new line where the next one would not fit; a fact is never split while it fits a line,
and one wider than a whole line is wrapped between its words (continuation lines
indented), so no word is cut and nothing ends in "…". A ``Region`` takes those lines and,
when their number changes, its height follows, which asks the board for a new layout: a
region that grows pushes the next one down instead of losing its last lines.
"""

from __future__ import annotations

from rich.text import Text

from ..common.parts import Part

__all__ = ["Region", "lay_out", "wrap_fact"]


def wrap_fact(fact: Text, width: int, indent: int = 2) -> list[Text]:
    """``fact`` in lines of at most ``width`` cells, broken between words (the lines after
    the first indented by ``indent``); a word longer than a whole line is folded."""
    if fact.cell_len <= width:
        return [fact]
    plain = fact.plain
    lines: list[Text] = []
    start, room = 0, max(1, width)
    while start < len(plain):
        while lines and start < len(plain) and plain[start] == " ":
            start += 1
        if start >= len(plain):
            break
        end = start + room
        if end >= len(plain):
            end = len(plain)
        else:
            space = plain.rfind(" ", start, end + 1)
            end = space if space > start else end  # no space: the word is folded
        piece = fact[start:end]
        piece.rstrip()
        lines.append(piece if not lines else Text(" " * indent) + piece)
        start = end
        room = max(1, width - indent)
    return lines or [Text("")]


def lay_out(facts: list[Text], width: int, sep: str = " · ", indent: int = 0) -> list[Text]:
    """Facts end to end, a new line (indented by ``indent``) where the next would not fit.
    A fact is never split while it fits a line; one wider is wrapped between its words."""
    lines: list[Text] = []
    line: Text | None = None
    for fact in facts:
        if not fact.plain:
            continue
        if line is not None and line.cell_len + len(sep) + fact.cell_len <= width:
            line.append(sep, style="dim")
            line.append_text(fact)
            continue
        if line is not None:
            lines.append(line)
        lead = indent if line is not None else 0
        pieces = wrap_fact(Text(" " * lead) + fact if lead else fact, width, indent=lead + 2)
        lines += pieces[:-1]
        line = pieces[-1].copy()
    if line is not None:
        lines.append(line)
    return lines


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
