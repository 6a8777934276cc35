"""The map of Japan drawn with the Line API from assets/senji/map.txt.

Each province has a name row and a status row beneath it (owner's family letter, units,
samurai by the first two letters of their names, the order's glyph); each sea a fleet row. A cursor moves between these regions; legal targets are
marked. Colour is always doubled by a letter or glyph: the owner's family letter leads
every status row, a legal target is bracketed `›…‹` and the cursor is in reverse video.
A target only one row of the decision list chooses shows that row's key in place of `›`
(``place_keys``): the same key picks it from the map or the list.

The map is drawn on the largest layout the board has room for (map_layout.py, ``fit``):
the compact one above, or a larger one whose boxes give each province's status in words
(map_words.py): "Green 3 units", the samurai's full names, the order.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rules.senji.data import data
from rules.senji.view import fleet_row, status_line

from .map_layout import Box, Layout, layouts
from .map_words import province_box, sea_box

D = data()
WIDTH = 9  # a province's label box: its name row and its status row
FAMILY_STYLE = {"red": "bold red", "green": "bold green", "purple": "bold magenta", "black": "bold #f0f0f0 on grey23",
                "blue": "bold blue", "yellow": "bold yellow"}
BASE = Style(color="grey50")
NAME = Style(bold=True)
TARGET = Style(bgcolor="dark_green", bold=True, underline=True)
CURSOR = Style(reverse=True, bold=True)
ACTIVE = Style(underline=True)
COMBAT = Style(bgcolor="dark_red", bold=True)
HINT = Style(color="grey62", italic=True)


def fit(text: str, width: int) -> str:
    """Text in ``width`` columns: padded, or cut with "…" when longer."""
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "…"


Region = Box  # a province's or a sea's box on the map


def place_keys(actions, keys) -> dict[str, str]:
    """Province or sea -> the key of the one decision row that targets it (a place two
    rows target, or a row on Enter or without a key, shows none)."""
    rows: dict[str, list[str | None]] = {}
    for action, key in zip(actions, keys):
        place = getattr(action, "province", None) or getattr(action, "sea", None)
        if place is not None:
            rows.setdefault(place, []).append(key)
    return {p: ks[0] for p, ks in rows.items() if len(ks) == 1 and ks[0] is not None and len(ks[0]) == 1}


def regions() -> list[Region]:
    """The compact map's boxes: the provinces in map.json's order, then the seas."""
    return list(layouts()[0].boxes)


REGIONS = regions()
MAP_WIDTH = layouts()[0].width
MAP_HEIGHT = layouts()[0].height


def choose_layout(columns: int, rows: int) -> Layout:
    """The largest layout that fits ``columns`` (the map's bar takes one more) and ``rows``;
    the compact map when none does."""
    fitting = [lay for lay in layouts()[1:] if lay.width + 1 <= columns and lay.height <= rows]
    return fitting[-1] if fitting else layouts()[0]


class SenjiMap(ScrollView, can_focus=True):
    """The map; ``state``/``seat`` are set by the board, which also passes the targets."""

    # While the map has the arrow keys (and Enter) a bar runs down its left edge.
    DEFAULT_CSS = """
    SenjiMap { border-left: blank; }
    SenjiMap:focus { outline-left: thick $accent; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        # The same words and action name as the board screen's Enter, so that the footer
        # stays as it is (no new layout) when the arrows go to the map and back.
        Binding("enter", "choose", "Choose", key_display="⏎"),
    ]

    cursor: reactive[int] = reactive(0)

    class Picked(Message):
        def __init__(self, region: str) -> None:
            super().__init__()
            self.region = region

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view_state = None
        self.seat: int | None = None
        self.targets: set[str] = set()
        self.keys: dict[str, str] = {}  # province or sea -> the key of the row choosing it
        self.clock: str = ""
        self.hint: list[str] = []  # lines drawn in an empty corner (the tab keys)
        self.map_layout: Layout = layouts()[0]
        self.virtual_size = Size(MAP_WIDTH, MAP_HEIGHT)
        self._rows: list[list[tuple[str, Style]]] = []

    @property
    def regions(self) -> tuple[Region, ...]:
        """The provinces' and seas' boxes on the layout drawn now (the same order on each)."""
        return self.map_layout.boxes

    @property
    def current(self) -> Region:
        return self.regions[self.cursor]

    @property
    def columns(self) -> int:
        """The columns the map takes, its bar included."""
        return self.map_layout.width + 1 if self.map_layout.words else 78

    def fit(self, columns: int, rows: int) -> bool:
        """Draw the largest layout that ``columns`` and ``rows`` have room for; whether it changed."""
        layout = choose_layout(columns, rows)
        if layout is self.map_layout:
            return False
        self.map_layout = layout
        self.virtual_size = Size(layout.width, layout.height)
        # A larger layout sets its own size; the compact one is sized by the board's styles.
        self.styles.height = layout.height if layout.words else None
        self.styles.width = layout.width + 1 if layout.words else None
        self._rows = self._compose_rows()
        self.refresh(layout=True)
        return True

    def show(self, state, seat: int | None, targets: set[str], clock: str = "",
             keys: dict[str, str] | None = None) -> None:
        self.view_state, self.seat, self.targets, self.clock = state, seat, targets, clock
        if keys is not None:
            self.keys = keys
        self._rows = self._compose_rows()
        self.refresh()

    def watch_cursor(self, _old: int, _new: int) -> None:
        self._rows = self._compose_rows()
        self.refresh()

    # -- drawing -------------------------------------------------------------------
    def _compose_rows(self) -> list[list[tuple[str, Style]]]:
        layout = self.map_layout
        width, height = layout.width, layout.height
        art = [line.replace(".", " ") for line in layout.art] if layout.words else layout.art
        rows = [[(ch, BASE) for ch in line.ljust(width)] for line in art]
        state = self.view_state
        if state is None:
            return rows

        def put(x: int, y: int, text: str, style: Style) -> None:
            for i, ch in enumerate(text):
                if 0 <= x + i < width:
                    rows[y][x + i] = (ch, style)

        active = state.active.province if state.active else None
        combat = state.combat.province if state.combat else None
        name_end: dict[str, int] = {}  # a province -> the column after what its name row says
        for p in D.province_order:
            box = layout.box(p)
            x, y = box.x, box.y
            prov = state.provinces[p]
            name = D.province[p].name
            style = NAME
            if prov.owner is not None:
                colour = D.family[state.families[prov.owner]].colour
                style = Style.parse(FAMILY_STYLE.get(colour, "bold"))
            if p == combat:
                style = style + COMBAT
            elif p == active:
                style = style + ACTIVE
            if layout.words:
                lines = province_box(state, p, box.width, box.rows, combat=p == combat)
                # A mark after the name (⚔, the order's glyph) keeps a blank from the border.
                put(x, y, lines[0] + (" " if lines[0] != name else ""), NAME if prov.owner is None else style)
                name_end[p] = x + len(lines[0])
                for i, line in enumerate(lines[1:], 1):
                    put(x, y + i, line, style)
                continue
            put(x, y, fit(name, WIDTH).rstrip(), NAME if prov.owner is None else style)
            line = status_line(state, p, self.seat, WIDTH - 2 if p == combat else WIDTH)
            if p == combat:
                line = line.ljust(WIDTH - 2) + " ⚔"
            put(x, y + 1, fit(line, WIDTH), style)
        for s in D.sea_order:
            if layout.words:
                box = layout.box(s)
                name_end[s] = box.x + len(layout.art[box.y][box.x:].split("~", 2)[1]) + 3  # past "~ NORTH SEA ~ "
                for i, line in enumerate(sea_box(state, s, box.width, box.rows - 1), 1):
                    put(box.x, box.y + i, line, Style(color="cyan"))
                continue
            fx, fy, text = fleet_row(state, s)
            put(fx, fy, text, Style(color="cyan"))
        if self.clock:  # top right, or left of a province there (a blank either side)
            end = width
            while end > len(self.clock) and any(rows[0][x][0] != " " for x in range(end - len(self.clock) - 1,
                                                                                   min(end + 2, width))):
                end -= 1
            put(end - len(self.clock), 0, self.clock, Style(bold=True, reverse=self.clock.endswith("PAUSED")))
        hx, hy = layout.hint_at
        for i, text in enumerate(self.hint):
            put(hx, hy + i, fit(text, width - hx).rstrip(), HINT)
        for i, region in enumerate(layout.boxes):
            hot = region.id in self.targets
            if not hot and i != self.cursor:
                continue
            extra = CURSOR if i == self.cursor else TARGET
            for dy in range(region.rows):
                for dx in range(region.width):
                    xx, yy = region.x + dx, region.y + dy
                    if 0 <= xx < width and 0 <= yy < height:
                        ch, st = rows[yy][xx]
                        rows[yy][xx] = (ch, st + extra)
            if hot and layout.words:
                # ›Aki‹ around the name, the row's key in place of ›; at the left edge ‹ just
                # after the name, or the key (in reverse video) a blank after it.
                key, y, after = self.keys.get(region.id), region.y, name_end[region.id]
                inside = rows[y][after][1]  # the box's colours: the mark stays on them
                if region.x >= 1:
                    rows[y][region.x - 1] = (key or "›", Style(bold=True))
                    rows[y][after] = ("‹", inside + Style(bold=True))
                elif key:  # a blank after the name, so that the key reads apart from it
                    after += 0 if region.sea else 1
                    rows[y][after] = (key, rows[y][after][1] + Style(bold=True, reverse=True))
                else:
                    rows[y][after] = ("‹", inside + Style(bold=True))
            elif hot:
                # The glyph pair marks a legal target without relying on colour; the row's
                # key takes the place of `›` (of `‹` at the map's left edge, else it follows the name).
                key = self.keys.get(region.id)
                left = region.x - 1
                if left >= 0 and (rows[region.y][left][0] == " " or (key and rows[region.y][left][0] == "‹")):
                    rows[region.y][left] = (key or "›", Style(bold=True))
                    key = None
                end = region.x + region.width
                if end < width and rows[region.y][end][0] == " ":
                    rows[region.y][end] = (key or "‹", Style(bold=True))
                    key = None
                if key and not region.sea:  # no room outside its box: just after its name
                    after = region.x + len(D.province[region.id].name)
                    if after < region.x + region.width and rows[region.y][after][0] == " ":
                        rows[region.y][after] = (key, Style(bold=True, reverse=True))
        return rows

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        if not self._rows:
            self._rows = self._compose_rows()
        if row >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        segments = [Segment(ch, style) for ch, style in self._rows[row]]
        # Under the widget's own style: the theme's background and text, not the terminal's.
        strip = Strip(segments, self.map_layout.width).simplify().apply_style(self.rich_style)
        return strip.crop(scroll_x, scroll_x + self.size.width)

    # -- moving and picking -----------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        cx, cy = self.current.centre
        best, best_score = None, None
        for i, r in enumerate(self.regions):
            if i == self.cursor:
                continue
            rx, ry = r.centre
            ddx, ddy = rx - cx, ry - cy
            along = ddx * dx + ddy * dy  # distance in the wanted direction
            if along <= 0:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = i, score
        if best is not None:
            self.cursor = best

    def action_choose(self) -> None:
        """Enter: the choice for the province or sea under the cursor."""
        self.action_pick()

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.current.id))

    def on_click(self, event: events.Click) -> None:
        x, y = event.x + int(self.scroll_offset.x), event.y + int(self.scroll_offset.y)
        for i, r in enumerate(self.regions):
            if r.contains(x, y):
                self.cursor = i
                self.post_message(self.Picked(r.id))
                return

    def select(self, region_id: str) -> None:
        for i, r in enumerate(self.regions):
            if r.id == region_id:
                self.cursor = i
                return
