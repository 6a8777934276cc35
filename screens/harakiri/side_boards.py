"""The character boards and the enemy boards beside and under the Harakiri grid, and the
heights of the parts drawn as unwrapped text."""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from ..common.parts import Part
from . import sentences, sheets
from .grid import HarakiriGrid

_MEASURE = Console(width=200, color_system=None)  # only to wrap a board's Text to a column
BOARDS_MIN = 24  # the character boards' column beside the grid, at least
UNDER = 18  # lines of the board area kept for the top and the enemies under a tall grid


# Where a long line of a board may break first: after a comma, a colon or a " · " between
# two facts, so that "armour 1" or "0 of 4" never lose their number to the next line.
_PHRASE_END = re.compile(r"(?:, |: | · | {2,})")


def _phrases(plain: str) -> list[tuple[int, str]]:
    """Where each phrase of ``plain`` ends (the last at the line's end) and the separator
    that ends it ("" for the last)."""
    ends = [(m.end(), m.group().strip() or "  ") for m in _PHRASE_END.finditer(plain)]
    return [e for e in ends if e[0] < len(plain)] + [(len(plain), "")]


def _bare(plain: str) -> str:
    """A piece as it ends a line: no trailing spaces, nor a " · " the line break replaces."""
    plain = plain.rstrip()
    return plain[:-1].rstrip() if plain.endswith(" ·") else plain


def _ended(piece: Text) -> Text:
    piece.rstrip()
    if piece.plain.endswith(" ·"):
        piece = piece[:-1]
        piece.rstrip()
    return piece


def _wrap_line(line: Text, width: int, indent: bool = True) -> list[Text]:
    """One line too long for ``width``: broken between phrases where it can, else at its
    spaces (a word longer than the line folded); each further piece indented two more
    than the line, so it reads as the same line going on. A " · " between two facts is
    not kept at the end of a piece: the line break separates them. A piece that would end
    on a label's colon ("tabs:") ends at the fact before it instead, where that leaves the
    piece at least half full, so the label stays with what it names."""
    plain = line.plain
    lead = len(plain) - len(plain.lstrip(" "))
    hang = " " * (min(lead + 2, max(0, width // 3)) if indent else 0)
    room_next = max(1, width - len(hang))
    out: list[Text] = []
    cur, room, prev = Text(), width, 0
    breaks: list[tuple[int, str]] = []  # where each phrase in ``cur`` ends, and its separator
    for end, sep in _phrases(plain):
        phrase, prev = line[prev:end], end
        if cell_len(_bare(cur.plain + phrase.plain)) <= room:
            cur.append(phrase)
            breaks.append((len(cur.plain), sep))
            continue
        if cur.plain.strip():
            earlier = [at for at, kind in breaks[:-1] if kind != ":" and at >= room // 2]
            if breaks and breaks[-1][1] == ":" and earlier:
                out.append(cur[:earlier[-1]])
                cur = cur[earlier[-1]:]
                if cell_len(_bare(cur.plain + phrase.plain)) <= room_next:
                    cur.append(phrase)
                    breaks, room = [(len(cur.plain), sep)], room_next
                    continue
            out.append(cur)
            cur, room = Text(), room_next
        if cell_len(_bare(phrase.plain)) <= room:
            cur = phrase.copy()
        else:
            pieces = list(phrase.wrap(_MEASURE, room_next, overflow="fold", no_wrap=False))
            out.extend(pieces[:-1])
            cur, room = pieces[-1], room_next
        breaks = [(len(cur.plain), sep)]
    if cur.plain.strip() or not out:
        out.append(cur)
    out = [_ended(piece) for piece in out]
    return [piece if not n else Text.assemble(hang, piece) for n, piece in enumerate(out)]


def wrap_lines(text: Text, width: int, indent: bool = True) -> tuple[Text, list[int]]:
    """``text`` with each line longer than ``width`` wrapped (between phrases where it can,
    with the pieces after the first indented unless ``indent`` is false: the top's clickable
    queue cards keep their columns), and the line each original line now starts on."""
    lines = text.split("\n", allow_blank=True)
    if width <= 0 or all(cell_len(line.plain) <= width for line in lines):
        return text, list(range(len(lines)))
    out: list[Text] = []
    starts = []
    for line in lines:
        starts.append(len(out))
        if cell_len(line.plain) <= width:
            out.append(line)
        else:
            out.extend(_wrap_line(line, width, indent))
    for piece in out:
        piece.rstrip()
    return Text("\n").join(out), starts


def square_size(columns: int, rows: int, width: int, height: int, narrow: bool) -> tuple[int, int]:
    """A square's columns and lines for a zone of ``columns`` x ``rows`` squares on a board
    area ``width`` x ``height``: 5 x 1 (the cell, a key, a move cost) where room is short;
    beside the character boards as wide as leaves them room for sentences (up to 9), else
    at least ``BOARDS_MIN``; 3 lines (or 2) where the whole grid still leaves ``UNDER``
    lines of the board area for the top and the enemies, else 1."""
    if narrow:
        cw = 7 if columns * 7 + 3 <= width else 5
    else:
        cw = next((c for c in (9, 8, 7) if columns * c + 3 <= width - sentences.WIDE - 6), 0)
        cw = cw or next((c for c in (6,) if columns * c + 3 <= width - BOARDS_MIN - 3), 5)
    ch = next((h for h in (3, 2) if (cw >= 8 or h == 2) and rows * h + 1 + UNDER <= height), 1)
    if narrow and height < 30:
        cw, ch = 5, 1
    return cw, ch


class SideBoards:
    """Drawing the character and enemy boards (mixed into HarakiriBoard)."""

    def _put(self, selector: str, text: Text, floor: int | None = None) -> None:
        """Text in a part whose height is set to its lines, each line wrapped at word
        boundaries to the part's width (never cut): a new layout is asked for only when
        the number of lines changes, not on every redraw. A part with a floor is at least
        that high and only ever grows (until the terminal is resized), so that an enemy
        falling or the cursor leaving an enemy does not cost a layout of the whole screen."""
        part = self.query_one(selector, Part)
        text, starts = wrap_lines(text, part.content_region.width, indent=selector != "#hk-top")
        if selector == "#hk-top":  # the queue cards' clickable lines follow the wrapping
            top = self.query_one("#hk-top")
            top.cards = [(starts[line] if line < len(starts) else line, x0, x1, ref)
                         for line, x0, x1, ref in top.cards]
        lines = text.plain.count("\n") + 1
        if selector == "#hk-top":
            floor = 0  # grows only, until a resize: a wrapped line coming and going costs no layout
        if floor is not None:
            lines = max(lines, floor, self._heights.get(selector, 0))
        if self._heights.get(selector) != lines:
            self._heights[selector] = lines
            part.styles.height = lines
        part.put(text)

    def _draw_boards(self, view, cursor: int | None) -> None:
        """The character and enemy boards, unless they are in a tab that is not shown
        (a tab is drawn when it is opened)."""
        if not self.narrow or self.tab == "hk-chars":
            self._draw_characters(view, cursor, force=True)
        if not self.narrow or self.tab == "hk-foes":
            self._draw_foes(view, cursor, force=True)

    def _draw_characters(self, view, cursor: int | None, force: bool = False) -> None:
        """The character under the cursor, else the active one (else the first), in full,
        wrapped to the column; the other three in two lines each."""
        if not view.characters:
            return
        under = next((c.id for c in view.characters if c.p == cursor and c.p is not None and not c.defeated), None)
        active = view.active[2:] if view.active and view.active.startswith("c:") else None
        focus = under or active or self._char_focus or view.characters[0].id
        if not force and focus == self._char_focus:
            return
        self._char_focus = focus
        full = next(c for c in view.characters if c.id == focus)
        width = self.query_one("#hk-char-full").size.width or sheets.WIDTH
        wide = width >= sentences.WIDE
        self._put("#hk-chars", Text("Characters", style="bold") if wide else sheets.characters_head())
        sheet = (sentences if wide else sheets).character(view, full)
        if any(cell_len(line) > width for line in sheet.plain.split("\n")):  # else wrapping keeps it as it is
            last = self._wrapped
            if last is not None and last[1] == width and last[0] == sheet:
                sheet = last[2]  # the same board at the same width: wrapped as before
            else:
                wrapped = wrap_lines(sheet, width)[0]
                self._wrapped, sheet = (sheet, width, wrapped), wrapped
        self._put("#hk-char-full", sheet, floor=0)  # grows only: no layout per focus
        others = Text("\n").join((sentences if wide else sheets).compact(view, c)
                                  for c in view.characters if c.id != focus)
        self._put("#hk-char-others", others)

    def _draw_foes(self, view, cursor: int | None, force: bool = False) -> None:
        """The enemy boards, the one under the cursor (else the active one) in full."""
        under = next((e.uid for e in view.enemies if e.p == cursor), None)
        focus = under or (view.active[2:] if view.active and view.active.startswith("e:") else None)
        if force or focus != self._focus:
            self._focus = focus
            floor = None
            if not self.narrow:  # what the board area has left under the grid
                grid = self.query_one(HarakiriGrid)
                floor = self.parent.size.height - self._heights.get("#hk-top", 3) - 4 - grid.outer_size.height
            wide = self.query_one("#hk-foes").size.width >= sentences.WIDE
            self._put("#hk-foes", sheets.enemies(view, focus, wide), floor)

    def _fit_grid(self) -> None:
        """The squares grow with the room (``square_size``); beside the boards the grid
        takes the columns it needs, leaving the character boards at least ``BOARDS_MIN``."""
        grid = self.query_one(HarakiriGrid)
        area = self.parent.size if self.parent is not None else None
        width, height = (area.width, area.height) if area else (0, 0)
        x0, x1, y0, y1 = grid.box
        grid.set_scale(*square_size(x1 - x0 + 1, y1 - y0 + 1, width, height, self.narrow))
        need = grid.virtual_size.width + 3
        want = "100%" if self.narrow else str(max(20, min(need, width - BOARDS_MIN)) if width else need)
        if self._grid_width != want:
            self._grid_width = want
            grid.styles.width = want
            self._rewrap_due = True
            self.call_after_refresh(self._rewrap)
        # Narrow at 80x24, the grid is no taller than its rows (up to 9): the lines the top
        # needs during a move (the path) still fit above it.
        rows = max(grid.virtual_size.height, 2)
        rows = min(9, rows) if self.narrow and grid.ch == 1 else rows
        if not self.narrow and height:  # the enemies keep room under a grid that scrolls
            rows = max(min(rows, height - UNDER), min(rows, 14))
        if rows != self._grid_rows:
            self._grid_rows = rows
            grid.styles.height = rows

    def _rewrap(self) -> None:
        """The grid changed width, and with it the character column beside it and the
        enemies' column under it: wrap their boards to them again."""
        self._rewrap_due = False
        frame = self.frame
        if frame is None or frame.view is None:
            return
        cursor = self.query_one(HarakiriGrid).cursor
        if not self.narrow or self.tab == "hk-chars":
            self._draw_characters(frame.view, cursor, force=True)
        if not self.narrow or self.tab == "hk-foes":
            self._draw_foes(frame.view, cursor, force=True)
