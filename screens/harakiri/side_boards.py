"""The character boards and the enemy boards beside and under the Harakiri grid, and the
heights of the parts drawn as unwrapped text."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from ..common.parts import Part
from . import sheets
from .grid import HarakiriGrid

_MEASURE = Console(width=200, color_system=None)  # only to wrap a board's Text to a column


class SideBoards:
    """Drawing the character and enemy boards (mixed into HarakiriBoard)."""

    def _put(self, selector: str, text: Text, floor: int | None = None) -> None:
        """Unwrapped text in a part whose height is set to its lines: a new layout is
        asked for only when the number of lines changes, not on every redraw. A part
        with a floor is at least that high and only ever grows (until the terminal is
        resized), so that an enemy falling or the cursor leaving an enemy does not cost
        a layout of the whole screen."""
        part = self.query_one(selector, Part)
        lines = text.plain.count("\n") + 1
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
        self._put("#hk-chars", sheets.characters_head())
        full = next(c for c in view.characters if c.id == focus)
        width = self.query_one("#hk-char-full").size.width or sheets.WIDTH
        sheet = sheets.character(view, full)
        if any(cell_len(line) > width for line in sheet.plain.split("\n")):  # else wrapping keeps it as it is
            last = self._wrapped
            if last is not None and last[1] == width and last[0] == sheet:
                sheet = last[2]  # the same board at the same width: wrapped as before
            else:
                wrapped = Text("\n").join(sheet.wrap(_MEASURE, width, overflow="ellipsis", no_wrap=False))
                self._wrapped, sheet = (sheet, width, wrapped), wrapped
        self._put("#hk-char-full", sheet, floor=0)  # grows only: no layout per focus
        others = Text("\n").join(sheets.compact(view, c) for c in view.characters if c.id != focus)
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
            self._put("#hk-foes", sheets.enemies(view, focus), floor)

    def _fit_grid(self) -> None:
        """Beside the boards the grid takes only the columns it needs (up to 60)."""
        grid = self.query_one(HarakiriGrid)
        want = "100%" if self.narrow else str(min(grid.virtual_size.width + 3, 61))
        if self._grid_width != want:
            self._grid_width = want
            grid.styles.width = want
            self._rewrap_due = True
            self.call_after_refresh(self._rewrap)
        # Narrow, the grid is no taller than its rows (up to 9): the lines the top needs
        # during a move (the path) still fit above it at 80x24.
        rows = min(9, max(grid.virtual_size.height, 2)) if self.narrow else None
        if rows != self._grid_rows:
            self._grid_rows = rows
            grid.styles.height = rows

    def _rewrap(self) -> None:
        """The character column changed width: wrap the full board to it again."""
        self._rewrap_due = False
        frame = self.frame
        if frame is not None and frame.view is not None and (not self.narrow or self.tab == "hk-chars"):
            self._draw_characters(frame.view, self.query_one(HarakiriGrid).cursor, force=True)
