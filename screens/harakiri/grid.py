"""The Harakiri grid drawn with the Line API: one ScrollView, rows composed once per frame.

Each square is four cells: the engine's own three-character cell
(height digit, then the occupant or terrain glyph: ``▲▲`` obstacle, ``##`` inaccessible,
``**`` special, ``~~`` difficult, ``H=`` ladder, ``[]`` door, ``!x`` interaction point, ``''`` an open door,
``Sx`` spawn, ``Rn`` resistor with its tokens, ``hn`` heads), then a mark column carrying the
meaning colour doubles: ``›`` a legal target, a subscript digit the MP a reachable square costs,
``ₐ`` an allied wanderer, ``•`` a square the enemy turn being played back is about (its path,
its target). While the line of sight is shown the mark column is its own (no costs):
``+`` a square the line crosses freely, ``×`` what blocks it, ``-`` the squares past that.
The path a move would take to the square under the cursor is underlined on a green ground
(the top line lists it in words). The cursor is in reverse video; while the grid has the
arrow keys a bar runs down its left edge. A square only one row of the decision list
chooses shows that row's key in its mark column (``place_keys``), in place of ``›`` or
its cost: the same key picks it from the grid or the list.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rules.harakiri.model import pos, xy
from rules.harakiri.core import open_doors
from rules.harakiri import data
from rules.harakiri.render import cell

CHAR_NAMES = {cid: d.name for cid, d in data.characters().characters.items()}


def enemy_name(etype: str) -> str:
    """An enemy's name as its board gives it (under its code on a tall square)."""
    return data.enemy_def(etype).name


def place_keys(squares, keys, kinds=()) -> dict[int, str]:
    """Square -> the key of the one decision row on it (``squares[i]``: row i's square or
    None). A square two rows choose, or a row on Enter or without a key, shows none; but a
    start square shows the key that places the first character listed on it (each
    character's row of keys is in the legend and the list)."""
    rows: dict[int, list[str | None]] = {}
    placing: dict[int, bool] = {}
    kinds = list(kinds) or [""] * len(keys)
    for p, key, kind in zip(squares, keys, kinds):
        if p is not None:
            rows.setdefault(p, []).append(key)
            placing[p] = placing.get(p, True) and kind == "place_character"
    return {p: ks[0] for p, ks in rows.items()
            if (len(ks) == 1 or placing[p]) and ks[0] is not None and len(ks[0]) == 1}

SUB = "₀₁₂₃₄₅₆₇₈₉"  # movement costs, so they never read as a height digit
CELL = 5  # the columns of a square at its smallest: the cell, a key or mark, a cost
LEFT = 3  # the row numbers
TEXTURE = {"obstacle": "▲", "difficult": "~", "inaccessible": "#"}  # a taller square's lower lines
TERRAIN_STYLE = {
    "plain": Style(color="grey70"),
    "inaccessible": Style(color="grey35", bgcolor="grey11"),
    "obstacle": Style(color="dark_orange3", bold=True),
    "difficult": Style(color="deep_sky_blue1"),
    "special": Style(color="magenta", bold=True),
    "ladder": Style(color="yellow"),
    "door": Style(color="orange1", bold=True),
}
# Words on a fixed dark box are a fixed white: a theme's "white" may be dark (light theme).
HEIGHT_BG = {1: Style(bgcolor="grey19"), 2: Style(bgcolor="grey27"), 3: Style(bgcolor="grey35")}
CHAR = Style(color="#ffffff", bold=True, bgcolor="dark_blue")
FOE = Style(color="#ffffff", bold=True, bgcolor="dark_red")
ALLY_NPC = Style(color="#ffffff", bold=True, bgcolor="dark_green")
ALLY_MARK = Style(color="bright_green", bold=True)
POINT = Style(color="bright_yellow", bold=True)
RESISTOR = Style(color="bright_magenta", bold=True)
HEADS = Style(color="red")
SPAWN = Style(color="red", italic=True)
BASE_BG = {"R": "dark_red", "B": "dark_blue", "G": "dark_green", "Y": "yellow4", "P": "purple4", "W": "grey50"}
TARGET = Style(bgcolor="dark_green", bold=True, underline=True)
REACH = Style(color="bright_green", bold=True)
ACTIVE = Style(underline=True)
CURSOR = Style(reverse=True, bold=True)
LOS_OK = Style(color="bright_cyan", bold=True)
LOS_NO = Style(color="bright_red", bold=True)
LOS_PAST = Style(color="red")
PATH = Style(bgcolor="dark_green", underline=True)
TRAIL = Style(bgcolor="yellow4", bold=True)
TRAIL_MARK = Style(color="bright_yellow", bold=True)
DIM = Style(color="grey50")


class HarakiriGrid(ScrollView, can_focus=True):
    """The revealed zones. The board passes the view, the targets and the marks."""

    # Unfocused, an outline of the border's own blank (drawn the same): gaining or losing
    # the focus then only changes the outline's look, where an outline that comes and goes
    # lays out the whole screen again.
    DEFAULT_CSS = """
    HarakiriGrid { border-left: blank; outline-left: blank; }
    HarakiriGrid:focus { outline-left: thick $accent; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        # The same words and action name as the decision list's Enter, so that the footer
        # stays as it is (no new layout: a rebuilt footer lays out the whole screen) when
        # the arrows go from the list to the grid and back.
        Binding("enter", "select", "Choose", key_display="⏎"),
    ]

    class Picked(Message):
        def __init__(self, p: int, click: bool = False) -> None:
            super().__init__()
            self.p = p
            self.click = click  # a click: the cursor was not there before it

    class Moved(Message):
        """The cursor moved (the board redraws the line of sight when it is shown)."""

        def __init__(self, p: int) -> None:
            super().__init__()
            self.p = p

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view_state = None
        self.targets: set[int] = set()
        self.keys: dict[int, str] = {}  # square -> the key of the decision row on it
        self.costs: dict[int, int] = {}
        self.line: tuple[list[int], list[int]] | None = None  # squares entered, blockers
        self.path: list[int] = []  # the cheapest path to the cursor, shown before a move
        self.active_p: int | None = None
        self.trail: set[int] = set()
        self.cursor: int | None = None
        self.box = (0, 0, 0, 0)
        self.cw, self.ch = CELL, 1  # a square's columns and lines (``set_scale``)
        self._rows: list[Strip] = []

    # -- what to draw ------------------------------------------------------------
    def show(self, state, targets: set[int], costs: dict[int, int], line, active_p: int | None) -> None:
        self.view_state, self.targets, self.costs, self.line, self.active_p = state, targets, costs, line, active_p
        if state is not None and state.squares:
            xs = [xy(p)[0] for p in state.squares]
            ys = [xy(p)[1] for p in state.squares]
            self.box = (min(xs), max(xs), min(ys), max(ys))
            if self.cursor not in state.squares:
                first = min(targets) if targets else active_p
                self.cursor = first if first in state.squares else min(state.squares)
        x0, x1, y0, y1 = self.box
        size = self.size_for(self.cw, self.ch) if state is not None else Size(1, 1)
        if size != self.virtual_size:
            self.virtual_size = size
        self.redraw()

    def size_for(self, cw: int, ch: int) -> Size:
        """The grid's drawing with squares ``cw`` columns by ``ch`` lines."""
        x0, x1, y0, y1 = self.box
        return Size(LEFT + cw * (x1 - x0 + 1), ch * (y1 - y0 + 1) + 1)

    def corner(self, p: int) -> tuple[int, int]:
        """Where square ``p`` starts in the drawing (its cell's first column, its first
        line): a click there picks it; its key stands 3 columns on, its cost 4."""
        x, y = xy(p)
        x0, _, y0, _ = self.box
        return LEFT + self.cw * (x - x0), self.ch * (y - y0) + 1

    def set_scale(self, cw: int, ch: int) -> bool:
        """Squares of ``cw`` columns by ``ch`` lines; True when that is a change."""
        if (cw, ch) == (self.cw, self.ch):
            return False
        self.cw, self.ch = cw, ch
        if self.view_state is not None:
            self.virtual_size = self.size_for(cw, ch)
            self._rows = []
            self.redraw()
        return True

    def redraw(self) -> None:
        """Compose the rows again after a mark changed (the line of sight, the trail) and
        repaint only the rows that differ: a step or a cursor move touches two or three."""
        before = self._rows
        self._build_rows()
        if len(before) != len(self._rows):
            self.refresh()
            return
        for y, (old, new) in enumerate(zip(before, self._rows)):
            if old is not new and list(old) != list(new):
                self.refresh_line(y)

    def _build_rows(self) -> None:
        state = self.view_state
        if state is None or not state.squares:
            self._rows = []
            return
        x0, x1, y0, y1 = self.box
        cw, ch = self.cw, self.ch
        width = LEFT + cw * (x1 - x0 + 1)
        head = [Segment(" " * LEFT, DIM)] + [Segment(f"{x:>3}".ljust(cw), DIM) for x in range(x0, x1 + 1)]
        rows = [Strip(head, width)]
        chars = {c.p: c for c in state.characters if c.p is not None and not c.defeated}
        foes = {e.p: e for e in state.enemies}
        points = {pt.p for pt in state.points}
        res = {r.p for r in state.resistors}
        spawns = set(state.spawns.values())
        doors = open_doors(state)
        on_line: dict[int, tuple[str, Style]] = {}
        if self.line is not None:
            squares, blockers = self.line
            past = False
            for s in squares:
                if s in blockers:
                    on_line[s], past = ("×", LOS_NO), True
                else:
                    on_line[s] = ("-", LOS_PAST) if past else ("+", LOS_OK)
            for s in blockers:  # the corner squares a line passes between
                on_line[s] = ("×", LOS_NO)
        path = set(self.path[1:])
        for y in range(y0, y1 + 1):
            lines = [[Segment(f"{y:>2} ", DIM)]] + [[Segment(" " * LEFT)] for _ in range(ch - 1)]
            for x in range(x0, x1 + 1):
                p = pos(x, y)
                sq = state.squares.get(p)
                if sq is None:
                    for segs in lines:
                        segs.append(Segment(" " * cw))
                    continue
                text = cell(state, p, doors)
                style = TERRAIN_STYLE[sq.terrain]
                name = ""
                if p in chars:
                    style = CHAR
                    name = CHAR_NAMES.get(chars[p].id, "")
                elif p in foes:
                    e = foes[p]
                    style = ALLY_NPC if e.side == "ally" else FOE
                    if e.base in BASE_BG and e.side != "ally":
                        style = style + Style(bgcolor=BASE_BG[e.base])
                    name = enemy_name(e.type)
                elif p in res:
                    style = RESISTOR
                elif p in points:
                    style = POINT
                elif state.heads_on_board.get(p) or state.boss_heads_on_board.get(p):
                    style = HEADS
                elif p in spawns and sq.terrain == "plain":
                    style = SPAWN
                if sq.h in HEIGHT_BG and style.bgcolor is None:
                    style = style + HEIGHT_BG[sq.h]
                mark, mstyle = " ", DIM
                cost, cstyle = " ", DIM
                if p in on_line:
                    mark, mstyle = on_line[p]
                elif p in self.trail:
                    mark, mstyle = "•", TRAIL_MARK
                elif p in self.keys and p in self.targets:
                    mark, mstyle = self.keys[p], Style(bold=True, reverse=True)  # a key, not part of the cell
                    if text[0] == " " and text[2] != " ":  # a space between the square and its key: "R2 F", not "R2F"
                        text = text[1:] + " "
                elif p in self.targets:
                    mark, mstyle = "›", Style(bold=True)
                elif p in foes and foes[p].side == "ally":
                    mark, mstyle = "ₐ", ALLY_MARK  # an ally is told from a foe by more than colour
                if p in self.costs and self.line is None and p not in self.trail:
                    cost, cstyle = SUB[min(self.costs[p], 9)], REACH  # beside a key too
                if p in self.targets:
                    style = style + TARGET
                if p in self.trail:
                    style = style + TRAIL
                elif p in path and self.line is None:
                    style = style + PATH
                    mstyle = mstyle + PATH
                    cstyle = cstyle + PATH
                if p == self.active_p:
                    style = style + ACTIVE
                if p == self.cursor:
                    style = style + CURSOR
                    mstyle = mstyle + CURSOR
                    cstyle = cstyle + CURSOR
                lines[0] += [Segment(text, style), Segment(mark, mstyle), Segment(cost, cstyle)]
                if cw > CELL:
                    lines[0].append(Segment(" " * (cw - CELL), style))
                fill = style + Style(underline=False) if ch > 1 else style
                for i, segs in enumerate(lines[1:], 1):
                    under = name if i == 1 and 0 < len(name) <= cw - 2 else ""
                    texture = TEXTURE.get(sq.terrain, " ") if not under else " "
                    body = (" " + under).ljust(cw - 1) if under else (" " + texture * (cw - 3) + " ").ljust(cw - 1)
                    segs += [Segment(body[:cw - 1], fill if i < ch - 1 else style), Segment(" ")]
            rows += [Strip(segs, width).simplify() for segs in lines]
        self._rows = rows

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if row >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        # Under the widget's own style: the theme's background and text, not the terminal's.
        return self._rows[row].crop(scroll_x, scroll_x + self.size.width).apply_style(self.rich_style)

    # -- moving and picking -------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        state = self.view_state
        if state is None or self.cursor is None:
            return
        x0, x1, y0, y1 = self.box
        x, y = xy(self.cursor)
        while True:
            x, y = x + dx, y + dy
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                return
            if pos(x, y) in state.squares:
                self.set_cursor(pos(x, y))
                return

    def set_cursor(self, p: int) -> None:
        if p != self.cursor:
            self.cursor = p
            self.redraw()
            x, y = xy(p)
            x0, _, y0, _ = self.box
            self.scroll_to_region_if_needed(LEFT + self.cw * (x - x0), self.ch * (y - y0) + 1)
            self.post_message(self.Moved(p))

    def scroll_to_region_if_needed(self, x: int, y: int) -> None:
        self.scroll_to_region(Region(x, y, self.cw, self.ch), animate=False, immediate=True)

    def action_select(self) -> None:
        """Enter: the choice on the square under the cursor (the highlighted square)."""
        self.action_pick()

    def action_pick(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Picked(self.cursor))

    def square_at(self, x: int, y: int) -> int | None:
        x0, x1, y0, y1 = self.box
        gx, gy = (x - LEFT) // self.cw + x0, (y - 1) // self.ch + y0 if y >= 1 else y0 - 1
        if x < LEFT or not (x0 <= gx <= x1 and y0 <= gy <= y1):
            return None
        p = pos(gx, gy)
        return p if self.view_state is not None and p in self.view_state.squares else None

    def on_click(self, event: events.Click) -> None:
        p = self.square_at(event.x + int(self.scroll_offset.x), event.y + int(self.scroll_offset.y))
        if p is not None:
            moved = p != self.cursor
            self.set_cursor(p)
            self.post_message(self.Picked(p, click=moved))
