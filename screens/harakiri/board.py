"""The Harakiri table (harakiri spec section 9). Draws one seat's view; decides nothing.

Top: the round, the oracle card and its colour, the malice track 0-6 and the initiative
queue (``▶`` the active card, ``✓`` an activated, turned card). Then the grid, then the
character boards and the enemy boards. Below 120 columns the decisions and the log sit
under the board and the boards are tabs: `g` grid, `c` characters, `e` enemies (pressed again,
or at any time from 120 columns, `c` and `e` go round the characters or the enemies, putting
the grid cursor on each, whose board is then drawn in full; a new activation puts the
cursor on the character acting). The decision list has the arrow keys; the grid has them
(a bar down its left edge, "arrows: grid" on the top) once the player goes there (`g`,
Tab, a click) and gives them back at the next decision. Enter on the mover's own square
ends the move only when no step is left.
On the grid, arrows or hjkl move the cursor, Enter or a click picks the action for that
square; in a move a reachable square shows its cheapest path, and Enter (or a second
click) takes it step by step as one decision, stopping if anything happens on the way.
`v` shows the line of sight from the active character to the square under the cursor,
naming what blocks it (the move costs give way to it meanwhile).
An enemy turn is played back a line at a time under the top (and on the top's last line),
with the squares each line names marked on the grid; input is never held up. Once it has
played out, that part shows the last roll, a character's or an enemy's, with its dice,
hits and damage, until the next one.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget, _RenderCache

from rules.harakiri import data
from rules.harakiri.core import CHAR_MOVER, char_name, enemy_label, open_doors, oracle_now, ref_label
from rules.harakiri.effects import events_left
from rules.harakiri.grid import (
    can_end, cheapest, distance, height, los, occupancy, occupied_for, path_to, resistor_squares, trace,
)
from rules.harakiri.model import fmt, pos, squares_named
from rules.harakiri.narration import ROLLS, enemy_turn, opens_enemy_turn, roll_lines, roller
from rules.harakiri.words import PRIO_SHORT, line_short
from tabletop.engine import Game

from ..common.board_base import BoardBase
from ..common.frame import ChooseAction, Frame, HighlightAction
from ..common.parts import Part
from ..common.parts import show as _show
from . import sheets
from .grid import HarakiriGrid

QUEUE_WIDTH = 66  # the queue is cut into lines itself so the top part's height is known
TABS = {"g": "hk-grid", "c": "hk-chars", "e": "hk-foes"}
_MEASURE = Console(width=200, color_system=None)  # only to wrap a board's Text to a column
TURN_LINES = 3  # lines of the enemy turn kept on show
STICKY = ("#hk-foes", "#hk-char-full")  # parts that only grow, until the board is resized
ORACLE_STYLE = {"green": "bold #ffffff on dark_green", "red": "bold #ffffff on dark_red"}


def action_square(view, action) -> int | None:
    """The square an action is about, if any (a destination, a target, a point)."""
    if hasattr(action, "x") and hasattr(action, "y"):
        return pos(action.x, action.y)
    ref = (getattr(action, "target", None) or getattr(action, "other", None) or getattr(action, "point", None)
           or getattr(action, "choice", None))
    if action.kind == "interact_character":
        ref = "c:" + action.other
    if not isinstance(ref, str):
        return None
    kind, _, rest = ref.partition(":")
    if kind == "e":
        return next((e.p for e in view.enemies if e.uid == rest), None)
    if kind == "c":
        return next((c.p for c in view.characters if c.id == rest), None)
    if kind == "r":
        return next((r.p for r in view.resistors if r.id == rest), None)
    if kind in ("p", "g") and rest.isdigit():
        return int(rest)
    if action.kind == "interact_point":
        return next((pt.p for pt in view.points if pt.id == ref), None)
    return None


class _Fixed:
    """Mixin for the board's parts and columns, which never scroll: their virtual size
    follows their size, and Textual asks for a second layout of the whole screen each time
    a virtual size changes. The size change itself has been laid out already."""

    virtual_size = Reactive(Size(0, 0), layout=False)


class BoardPart(_Fixed, Part):
    """A part of the board that keeps the lines it drew. Textual draws a widget's whole
    Text again when any line of it is to be repainted (an action changes the AP on one line
    of a character's board; a layout repaints the part as it is): this draws only the
    lines whose text is new, each exactly as the whole Text would draw it. (It replaces
    Textual's ``Widget._render_content``, of the pinned Textual version.)"""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._drawn: dict[tuple, Strip] = {}  # (line number, its text) -> the line drawn
        self._drawn_for: tuple | None = None  # the size and style they were drawn at

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn_for = None

    def _render_content(self) -> None:
        width, height = self.size
        style = self.visual_style
        if self.text_selection is not None or not width:  # a selection is drawn over the text
            self._drawn_for = None
            super()._render_content()
            return
        if self._drawn_for != (width, height, style):
            self._drawn_for, self._drawn = (width, height, style), {}
        lines = self.shown.split("\n", allow_blank=True)[:height]
        keys = [(y, line.plain, tuple(line.spans), line.style) for y, line in enumerate(lines)]
        new = [y for y, key in enumerate(keys) if key not in self._drawn]
        if new:
            # The new lines among blank ones: each line is drawn on its own (no wrapping),
            # at its own line number, so it comes out as in the whole Text.
            fresh = set(new)
            masked = Text("\n").join(line if y in fresh else Text() for y, line in enumerate(lines))
            drawn = Visual.to_strips(self, visualize(self, masked), width, height, style)
            if len(drawn) != len(keys):  # not one strip a line: draw it all, as Textual does
                self._drawn_for = None
                super()._render_content()
                return
            for y in new:
                self._drawn[keys[y]] = drawn[y]
        if len(self._drawn) > 4 * max(height, 1):  # forget lines long gone
            self._drawn = {key: self._drawn[key] for key in keys}
        self._render_cache = _RenderCache(self.size, [self._drawn[key] for key in keys])
        self._dirty_regions.clear()


class Column(_Fixed, Vertical):
    pass


class Row(_Fixed, Horizontal):
    pass


class TopPart(BoardPart):
    """The status lines and the queue. A click on a queue card puts the grid cursor on
    that creature (and so its board in full under the grid)."""

    class CardClicked(Message):
        def __init__(self, ref: str) -> None:
            super().__init__()
            self.ref = ref

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list[tuple[int, int, int, str]] = []  # line, first and last column, ref

    def on_click(self, event: events.Click) -> None:
        for line, x0, x1, ref in self.cards:
            if event.y == line and x0 <= event.x < x1:
                event.stop()
                self.post_message(self.CardClicked(ref))
                return


def active_character(view):
    if view.active and view.active.startswith("c:"):
        return next((c for c in view.characters if c.id == view.active[2:]), None)
    return None


def los_blockers(view, a: int, b: int) -> list[int]:
    """The squares that block the line of sight from a character on ``a`` to ``b``: the
    first square the line enters that is closed to it, else the corner squares it passes
    between when both are closed (the rules' ``los`` test, naming what it tests)."""
    occ, res = occupancy(view), resistor_squares(view)
    entered, touched = trace(a, b)
    cross = height(view, a) != height(view, b)
    for s in entered[:-1]:
        if occupied_for(view, "ally", s, cross, occ, res):
            return [s]
    corners = [s for s in touched if s not in (a, b) and occupied_for(view, "ally", s, cross, occ, res)]
    return corners if len(corners) >= 2 else []


def blocker_words(view, p: int) -> str:
    """What stands in the way on a square, in words: an enemy, a resistor or the terrain."""
    foes = [enemy_label(e) for e in view.enemies if e.p == p and e.side != "ally"]
    if foes:
        return ", ".join(foes)
    res = [r.name for r in view.resistors if r.p == p]
    if res:
        return ", ".join(res)
    sq = view.squares.get(p)
    if sq is None:
        return "the edge of the map"
    return {"door": "a closed door", "inaccessible": "an inaccessible square",
            "obstacle": "an obstacle"}.get(sq.terrain, f"{sq.terrain} ground")


def named_squares(view, line: str) -> set[int]:
    """The squares a log line is about: those it names (a path, a destination) and those
    of the creatures it names (the mover, the attacker, the target)."""
    out = {p for p in squares_named(line) if p in view.squares}
    for e in view.enemies:
        if enemy_label(e) in line:
            out.add(e.p)
    for c in view.characters:
        if c.p is not None and not c.defeated and char_name(c.id) in line:
            out.add(c.p)
    return out


class HarakiriBoard(_Fixed, BoardBase, Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    STACK_BELOW = 120
    RESERVED_KEYS = "hjklgcev"
    # Keep the initiative, end a move with no step left, roll: the harmless ways on.
    DEFAULT_KINDS = ("skip_swap", "end_move", "roll")
    ROUTINE_UNLESS = {"end_move": ("step",)}  # a move with steps left is not ended by Enter
    LAST_KINDS = ("swap_initiative", "reroll_ki", "exert", "cancel_attack")
    PREVIEWS = True
    STEP_SECONDS = 0.5  # how long each line of an enemy turn is shown (0 when headless)

    DEFAULT_CSS = """
    HarakiriBoard { height: auto; }
    HarakiriBoard #hk-row { height: auto; }
    HarakiriBoard #hk-left { width: auto; height: auto; }
    HarakiriBoard HarakiriGrid { height: 14; }
    HarakiriBoard #hk-boards { width: 1fr; height: auto; padding: 0 0 0 1; }
    HarakiriBoard #hk-grid { margin: 0 0 1 0; }
    HarakiriBoard Part { text-wrap: nowrap; text-overflow: ellipsis; }
    HarakiriBoard #hk-turn { height: 4; }
    HarakiriBoard #hk-char-full { margin: 0 0 1 0; }
    HarakiriBoard.-narrow #hk-boards { padding: 0; }
    HarakiriBoard.-narrow #hk-row { layout: vertical; }
    HarakiriBoard.-narrow HarakiriGrid { height: 9; margin: 0; }
    HarakiriBoard.-narrow #hk-left { width: 100%; }
    """

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.tab = "hk-grid"
        self.los_on = False
        self.play_delay: float | None = None  # seconds per enemy-turn line; None: the default
        self._paths: tuple[int, dict[int, int]] | None = None  # start and parents of this move
        self._grid_width = ""
        self._grid_rows: int | None = None
        self._heights: dict[str, int] = {}
        self._container_seen = None  # the room the board was last laid out in
        self._wrapped: tuple[Text, int, Text] | None = None  # a character's board, its width, wrapped
        self._rewrap_due = False  # the character column changes width in this frame
        # The enemy turn on show: its lines, how many are shown, and the log seen so far.
        self.turn: list[str] = []
        self.turn_at = 0
        self._seen: int | None = None  # public log lines seen (kept while the curtain is up)
        self._in_activation = False
        self._timer = None
        self._focus: str | None = None
        self._char_focus: str | None = None
        self._settled: list = []  # called once the enemy turn on show has played out
        self._active_seen: str | None = None  # the activation the grid cursor was put on
        self._highlight_seen = None  # the decision cursor's action last followed on the grid
        self._grid_mode: bool | None = None  # whether the grid had the arrows for this decision
        self._actions_seen: tuple = ()
        # A move along a path, one step action at a time: squares still to enter, the
        # square the last step went to, the log length then and the view it was sent from.
        self._walk: list[int] = []
        self._walk_from: int | None = None
        self._walk_log = 0
        self._walk_view = None

    def compose(self) -> ComposeResult:
        yield TopPart(id="hk-top", fixed=True)
        yield BoardPart(id="hk-turn", fixed=True)
        with Row(id="hk-row"):
            with Column(id="hk-left"):
                yield HarakiriGrid(id="hk-grid")
                yield BoardPart(id="hk-foes", fixed=True)
            with Column(id="hk-boards"):
                yield BoardPart(id="hk-chars", fixed=True)
                # The character under the cursor (else the active one) in full, then the
                # others in two lines each: an action repaints only the part it changed.
                yield BoardPart(id="hk-char-full", fixed=True)
                yield BoardPart(id="hk-char-others", fixed=True)

    def on_mount(self) -> None:
        # The screen switches to its stacked layout without this board changing size
        # (its width can stay the same): follow the screen's layout, acting on a change.
        self.screen.screen_layout_refresh_signal.subscribe(self, self._follow_screen)
        self.watch_frame(self.frame)

    @property
    def narrow(self) -> bool:
        return self.screen.has_class("-stacked")

    @property
    def playing(self) -> bool:
        return self.turn_at < len(self.turn)

    # -- drawing -------------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        grid = self.query_one(HarakiriGrid)
        if view is None:
            self._stop_turn()
            self.turn_at = len(self.turn)
            self._settle()
            grid.show(None, set(), {}, None, None)
            for part in self.query(Part):
                part.put(Text(""))
            return
        self._follow_log(view)
        self._settle()
        squares = [action_square(view, a) for a in frame.actions]
        targets = {p for p in squares if p is not None}
        me = active_character(view)
        if view.active != self._active_seen:
            # A new activation: the grid cursor (and so the board drawn in full) goes to
            # the character acting now.
            self._active_seen = view.active
            if me is not None and me.p is not None:
                grid.cursor = me.p
        if frame.highlight is not None and frame.highlight != self._highlight_seen:
            hp = action_square(view, frame.highlight)  # the decision cursor moved: follow it
            if hp is not None:
                grid.cursor = hp
        self._highlight_seen = frame.highlight
        grid.trail = self._trail(view)
        costs = self._costs(view, me)
        grid.path = self._path_for(grid.cursor, costs)
        grid.show(view, targets, costs, self._line(view, me, grid.cursor),
                  me.p if me is not None else None)
        self._put("#hk-top", self._top(view, me, grid.cursor))
        self._draw_boards(view, grid.cursor)
        self.query_one("#hk-turn", Part).put(self._turn_text(view))
        self._layout_tabs()
        # The arrows stay with the decision list; the grid has them only when the player
        # goes there (Tab, a click, g) and gives them back at the next decision.
        if frame.actions != self._actions_seen:  # a new decision (not a cursor's redraw)
            self._actions_seen = frame.actions
            self._give_arrows(bool(frame.actions), sum(p is not None for p in squares) * 2 > len(squares))
        self._walk_on(view, frame.actions)

    def _give_arrows(self, live: bool, to_grid: bool) -> None:
        """A new decision: the arrows go back to the decision list. ``to_grid`` (most
        choices are squares) only brings the grid's tab forward on a narrow board."""
        if not live:
            return
        self._grid_mode = False
        if to_grid and self.narrow and self.tab != "hk-grid":
            self.tab = "hk-grid"
            self._layout_tabs()
        panel = next(iter(self.screen.query("#decisions")), None)
        if self.screen.focused is self.query_one(HarakiriGrid) and panel is not None:
            panel.focus()

    def on_descendant_focus(self, event) -> None:
        # The top says where the arrows go: redrawn at once (in the frame the focus moves
        # in) and once more after the refresh, by when any other focus change is in.
        self._redraw_top()
        self.call_after_refresh(self._redraw_top)

    def on_descendant_blur(self, event) -> None:
        self._redraw_top()
        self.call_after_refresh(self._redraw_top)

    def _redraw_top(self) -> None:
        # Called after a refresh, when the board may already be leaving the screen (back to
        # the menu): then its parts are gone and there is nothing to redraw.
        frame = self.frame
        grids = self.query(HarakiriGrid)
        tops = self.query("#hk-top")
        if self.is_mounted and grids and tops and frame is not None and frame.view is not None:
            view = frame.view
            self._put("#hk-top", self._top(view, active_character(view), grids.first().cursor))

    # -- a move along the cheapest path, as one decision ----------------------------------
    def _path_for(self, p: int | None, costs: dict[int, int]) -> list[int]:
        """The cheapest path of this move to ``p`` (start first), or [] when p is not reachable."""
        if p is None or p not in costs or self._paths is None:
            return []
        start, parent = self._paths
        return path_to(parent, start, p)

    def _walk_to(self, view, actions, path: list[int]) -> bool:
        """Take the first step of ``path``; the board takes the next ones as the frames come."""
        first = next((a for a in actions if a.kind == "step" and action_square(view, a) == path[1]), None)
        if first is None:
            return False
        self._walk, self._walk_from = path[2:], path[1]
        self._walk_log, self._walk_view = len(view.log), view
        self.post_message(ChooseAction(first))
        return True

    def _walk_on(self, view, actions) -> None:
        """The next step of a move along a path, once the last one is in: each step is a
        legal action of its own, and anything else happening on the way (a line in the
        log: an event, a reaction; a choice to make) stops the walk where it is."""
        if not self._walk or view is self._walk_view:
            return
        self._walk_view = view
        me = active_character(view)
        nxt = self._walk[0]
        step = next((a for a in actions if a.kind == "step" and action_square(view, a) == nxt), None)
        if (me is None or me.p != self._walk_from or step is None or len(view.log) != self._walk_log
                or view.pending is not None or view.sub is None or view.sub.kind != "move"):
            self._walk = []
            if me is not None and me.p is not None:
                self.notify(f"The move stopped on {fmt(me.p)}: something happened on the way.", timeout=4)
            return
        self._walk, self._walk_from = self._walk[1:], nxt
        self.post_message(ChooseAction(step))

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

    def _costs(self, view, me) -> dict[int, int]:
        """Squares the active character can end this move on, with the least MP each costs."""
        if me is None or me.p is None or view.sub is None or view.sub.kind != "move":
            self._paths = None
            return {}
        occ, res = occupancy(view), resistor_squares(view)
        cost, parent = cheapest(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        self._paths = (me.p, parent)
        return {s: c for s, c in cost.items() if s != me.p and can_end(view, CHAR_MOVER, s, occ, res, me.p)}

    def _line(self, view, me, cursor):
        """The line of sight to the cursor: the squares it enters and what blocks it."""
        if not self.los_on or me is None or me.p is None or cursor is None or cursor == me.p:
            return None
        entered, _ = trace(me.p, cursor)
        return entered, los_blockers(view, me.p, cursor)

    # -- the enemy turn, played back a line at a time ----------------------------------
    def _follow_log(self, view) -> None:
        """Start showing the enemy turn that the last action set off, if it did.

        The engine resolves a whole enemy activation inside one action; the board replays
        its log lines one by one (the line chosen and why, the path, the roll), marking
        on the grid the squares each line is about. It never holds up the decision panel,
        and a headless app (the tests) shows the whole turn at once.
        """
        lines = [ln.text for ln in view.log if ln.seats is None]  # enemy turns are public
        seen, self._seen = self._seen, len(lines)
        continuing, self._in_activation = self._in_activation, view.ectx is not None
        if seen is None or len(lines) < seen:
            # A resumed game or an undo: show the last turn, still.
            self._stop_turn()
            self.turn = self._last_enemy_turn(view, lines)
            self.turn_at = len(self.turn)
            return
        new = lines[seen:]
        start = next((i for i, ln in enumerate(new) if opens_enemy_turn(view, ln)), None)
        if start is None and not (continuing and new):
            if new and self.playing:  # the players have moved on: show the turn whole
                self._stop_turn()
                self.turn_at = len(self.turn)
            return  # a redraw with nothing new (a highlight, `v`) lets the turn play on
        if start is None:  # the activation goes on after a choice the players made
            self.turn = self.turn + enemy_turn(view, new)
        else:
            self._stop_turn()
            self.turn, self.turn_at = enemy_turn(view, new[start:]), 0
        delay = self.delay
        if delay <= 0 or not self.turn:
            self._stop_turn()
            self.turn_at = len(self.turn)
            return
        if self._timer is None:  # show the first new line at once, the others in turn
            self.turn_at = min(self.turn_at + 1, len(self.turn))
            self._timer = self.set_timer(delay, self._next_line)

    @property
    def delay(self) -> float:
        if self.play_delay is not None:
            return self.play_delay
        return 0.0 if self.app.is_headless else self.STEP_SECONDS

    def _next_line(self) -> None:
        self._stop_turn()
        self.turn_at = min(self.turn_at + 1, len(self.turn))
        if self.playing:
            self._timer = self.set_timer(self.delay, self._next_line)
        else:
            self.call_after_refresh(self._settle)
        frame = self.frame
        if frame is None or frame.view is None:
            return
        view = frame.view
        grid = self.query_one(HarakiriGrid)
        grid.trail = self._trail(view)
        grid.redraw()
        self.query_one("#hk-turn", Part).put(self._turn_text(view))
        self._put("#hk-top", self._top(view, active_character(view), grid.cursor))

    def _stop_turn(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def when_settled(self, callback) -> None:
        """Call back once the enemy turn on show has played out (at once if none is):
        the board screen waits so before it shows how the game ended."""
        self._settled.append(callback)
        self._settle()

    def _settle(self) -> None:
        if not self.playing:
            waiting, self._settled = self._settled, []
            for callback in waiting:
                callback()

    def _trail(self, view) -> set[int]:
        if not self.playing or self.turn_at == 0:
            return set()
        return named_squares(view, self.turn[self.turn_at - 1])

    def _last_enemy_turn(self, view, lines: list[str]) -> list[str]:
        """The log of the latest enemy activation, from its roll and the line it chose."""
        for i in range(len(lines) - 1, max(-1, len(lines) - 40), -1):
            if opens_enemy_turn(view, lines[i]):
                return enemy_turn(view, lines[i:i + 12])
        return []

    def _turn_text(self, view) -> Text:
        """Four lines (the part's fixed height): a header and the last lines shown."""
        sub = view.sub
        if sub is not None and sub.kind == "attack" and sub.draft is not None:
            d = sub.draft
            return Text.assemble(("Attack", "bold"), f" {d.mode} on {', '.join(ref_label(view, t) for t in d.targets)}"
                                 f"\n focus {'on' if d.focus else 'off'} · skill {d.skill or '-'}")
        if not self.playing:
            # Once nothing plays back: the last roll, a character's or an enemy's, with
            # its dice, hits and damage (an attack after the enemy turn replaces it).
            lines = [ln.text for ln in view.log if ln.seats is None][-60:]
            roll = roll_lines(lines)
            opened = next((i for i in range(len(lines) - 1, -1, -1) if opens_enemy_turn(view, lines[i])), -1)
            if roll is not None and roll[0] > opened:
                ours = roller(view, roll[1][0]) is not None
                what, _, dice = roll[1][0].partition(ROLLS)
                how, _, whom = what.rpartition(" on ")  # "<who> uses <attack>", "<target>"
                out = Text.assemble(("Last roll", "bold"), (" (yours)" if ours else " (the enemy's)", "dim"),
                                    f": {how or what}")
                for line in [f"On {whom}: rolls {dice}" if how else f"Rolls {dice}"] + roll[1][1:TURN_LINES]:
                    out.append("\n ")
                    out.append(line, style="" if ours else "italic")
                return out
        if not self.turn:
            return Text("Enemy turn: none yet", style="dim")
        shown = self.turn[:max(self.turn_at, 1)]
        out = Text("Enemy turn", style="bold")
        out.append(f" ▶ line {len(shown)} of {len(self.turn)}" if self.playing else " (last)", style="dim")
        for i, line in enumerate(shown[-TURN_LINES:]):
            now = self.playing and i == len(shown[-TURN_LINES:]) - 1
            out.append("\n")
            out.append(f"{'▶' if now else ' '}{line}", style="bold yellow" if now else "italic")
        return out

    # -- the top: status and queue -----------------------------------------------------
    def _top(self, view, me, cursor) -> Text:
        colour, card = oracle_now(view)
        out = Text.assemble((f"Round {view.round}", "bold"), "  Oracle ")  # the step: in the header
        if colour:
            out.append(colour.capitalize(), style=ORACLE_STYLE.get(colour, "bold"))
            out.append(f" {card}  Malice ")
        else:
            out.append("not drawn yet  Malice ")
        out.append("■" * view.malice, style="bold red")
        out.append("□" * (6 - view.malice), style="dim")
        out.append(f" {view.malice}/6")
        left = events_left(view)
        if left:
            names = {z.id: z.name for z in data.scenario(view.options.scenario).zones}
            out.append("  Events " + "; ".join(
                (f"{names.get(z, z)} " if len(left) > 1 else "")
                + (" ".join(f"{n} {c}" for c, n in cols.items() if n) or "none") for z, cols in left.items()),
                style="dim")
        out.append("\nQueue ")
        used, line, cards = 6, 1, []
        chosen = {"e:" + e.uid for e in view.enemies if e.kind == "chosen"}
        for q in view.queue:
            label = ref_label(view, q.ref) + ("★" if q.ref in chosen else "")
            if used + len(label) + 2 > QUEUE_WIDTH:
                out.append("\n      ")
                used, line = 6, line + 1
            cards.append((line, used, used + len(label) + 1, q.ref))
            used += len(label) + 2
            if q.ref == view.active:
                out.append(f"▶{label}", style="bold reverse")
            elif q.rotated:
                out.append(f"✓{label}", style="dim strike")
            else:
                out.append(f" {label}", style="bold" if q.ref.startswith("c:") else "")
            out.append(" ")
        out.append("\n")
        if self.playing and self.turn_at:
            out.append(f"▶ {self.turn[self.turn_at - 1]}", style="bold yellow")
        elif view.step == "OVER":
            out.append(f"Result: {view.result} — {view.reason}", style="bold")
        elif view.ectx is not None:
            etype = next((e.type for e in view.enemies if e.uid == view.ectx.uid), None)
            line = ' › '.join(line_short(etype, ln) for ln in view.ectx.line) or '-'
            out.append(f"Enemy {ref_label(view, 'e:' + view.ectx.uid)}: line {line}"
                       f"{' (targets ' + PRIO_SHORT.get(view.ectx.prio, view.ectx.prio) + ')' if view.ectx.prio else ''}")
        elif cursor is not None:
            # Where the arrow keys go, first: the grid (its left edge barred) or the list.
            if self.screen.focused is self.query_one(HarakiriGrid):
                out.append("arrows: grid", style="bold reverse")
                out.append(" ")
            elif not self.narrow or self.tab == "hk-grid":
                out.append("g: grid", style="dim")
                out.append(" ")
            out.append(f"Cursor {fmt(cursor)}", style="dim")
            out.append(f" {self._square_words(view, cursor)}", style="dim")
            if self.los_on and me is not None and me.p is not None and cursor != me.p:
                seen = los(view, "ally", me.p, cursor)
                out.append(f"  LOS {char_name(me.id)}→{fmt(cursor)}: ")
                if seen:
                    out.append("clear", style="bold cyan")
                else:
                    blockers = los_blockers(view, me.p, cursor)
                    out.append("blocked", style="bold red")
                    if blockers:
                        out.append(" by " + " and ".join(f"{blocker_words(view, b)} on {fmt(b)}" for b in blockers))
                out.append(f", range {distance(me.p, cursor)} (v hides)")
            elif view.sub is not None and view.sub.kind == "move":
                grid = self.query_one(HarakiriGrid)
                cost = grid.costs.get(cursor)
                out.append(f"  Moving: {view.sub.mp} MP left")
                # The path a pick here takes, on a line of its own while the move lasts.
                if cost and len(grid.path) > 1:
                    out.append(f"\nPath {'→'.join(fmt(p) for p in grid.path[1:])}: {cost} MP", style="bold")
                    out.append(" · Enter or a click goes there", style="dim")
                else:
                    out.append("\nPath: put the cursor on a square with a cost (₁₂₃…)", style="dim")
            else:
                out.append("  v line of sight · c/e next character/enemy", style="dim")
        if self.narrow:
            out.append("  tabs: g grid · c characters · e enemies", style="dim")
        self.query_one(TopPart).cards = cards
        return out

    @staticmethod
    def _square_words(view, p: int) -> str:
        """What stands on a square, in words: terrain, height, and who or what is there."""
        sq = view.squares.get(p)
        if sq is None:
            return ""
        terrain = {"door": "closed door"}.get(sq.terrain, sq.terrain)
        if sq.terrain == "plain" and p in open_doors(view):
            terrain = "open door"
        words = [terrain + (" (grave)" if sq.grave else "")]
        if sq.h:
            words.append(f"height {sq.h}")
        words += [char_name(c.id) for c in view.characters if c.p == p and not c.defeated]
        words += [enemy_label(e) + (" (ally)" if e.side == "ally" else "") for e in view.enemies if e.p == p]
        words += [f"{r.name} ({r.tokens} tokens)" for r in view.resistors if r.p == p]
        words += [pt.name for pt in view.points if pt.p == p]
        words += [f"spawn {k}" for k, v in view.spawns.items() if v == p]
        heads = view.heads_on_board.get(p, 0) + view.boss_heads_on_board.get(p, 0)
        if heads:
            words.append(f"{heads} head{'s' if heads > 1 else ''}")
        return ", ".join(words)

    # -- layout --------------------------------------------------------------------------
    def _layout_tabs(self) -> None:
        """Wide: the enemies under the grid, the characters beside. Narrow: one tab."""
        narrow = self.narrow
        if self.has_class("-narrow") != narrow:
            self.set_class(narrow, "-narrow")
        tab = self.tab
        _show(self.query_one("#hk-grid"), not narrow or tab == "hk-grid")
        _show(self.query_one("#hk-turn"), not narrow or tab == "hk-foes")
        _show(self.query_one("#hk-foes"), not narrow or tab == "hk-foes")
        _show(self.query_one("#hk-left"), not narrow or tab != "hk-chars")
        _show(self.query_one("#hk-boards"), not narrow or tab == "hk-chars")
        self._fit_grid()

    def on_resize(self, event: events.Resize) -> None:
        for sticky in STICKY:  # a part that only grows may shrink again
            self._heights.pop(sticky, None)
        self.call_after_refresh(self._relayout)

    def get_content_height(self, container, viewport, width: int) -> int:
        """The board's height, asked by the layout. When a redraw changes it, the board
        is resized, and a resize lets the parts that only grow shrink again (above): the
        boards are drawn once more after that frame, and laid out and painted again. When
        nothing else changes size in this layout, that second drawing is done here, so
        that this frame shows it: the same parts, one layout and one paint fewer."""
        height = super().get_content_height(container, viewport, width)
        if self._resize_coming(container, width, height):
            frame = self.frame
            for sticky in STICKY:
                self._heights.pop(sticky, None)
            self._draw_boards(frame.view, self.query_one(HarakiriGrid).cursor)
            for node in self.walk_children(with_self=True):  # what the parts' heights decide
                if isinstance(node, Widget) and node.is_container:
                    node._clear_arrangement_cache()
                    node._layout_updates += 1
            height = super().get_content_height(container, viewport, width)
        self._container_seen = container
        return height

    def _resize_coming(self, container, width: int, height: int) -> bool:
        """Whether this layout resizes the board while everything the boards are drawn
        from (the column widths, the room under the grid) stays as it is."""
        laid = self.size
        if not laid.height or height == laid.height or width != laid.width:
            return False
        if container != self._container_seen or self._rewrap_due:
            return False
        frame = self.frame
        if frame is None or frame.view is None or not self.is_mounted:
            return False
        area = self.parent
        room = area.scrollable_content_region.height if isinstance(area, Widget) else 0
        # The board area's scroll bar comes or goes at its height: not near that line.
        return (laid.height > room + 1 and height > room + 1) or (laid.height < room - 1 and height < room - 1)

    def _relayout(self) -> None:
        self._layout_tabs()
        frame = self.frame
        if frame is not None and frame.view is not None:
            self._draw_boards(frame.view, self.query_one(HarakiriGrid).cursor)

    def _follow_screen(self, _screen) -> None:
        if self.narrow != self.has_class("-narrow"):
            self._layout_tabs()

    def legend(self) -> list[tuple[str, str]]:
        """Every glyph, abbreviation and colour the grid, the top and the boards draw."""
        from .legend import entries
        return entries()

    def curtain_note(self, public) -> str:
        return self.game.phase(public)

    # -- input ---------------------------------------------------------------------
    def board_key(self, key: str) -> bool:
        if key in TABS:
            if key != "g" and (not self.narrow or self.tab == TABS[key]):
                self._next_on_grid(key)  # the boards are on show: `c`/`e` go round them
                return True
            if not self.narrow:
                self.query_one(HarakiriGrid).focus()
                return True
            self.tab = TABS[key]
            frame = self.frame
            if frame is not None and frame.view is not None:
                self._draw_boards(frame.view, self.query_one(HarakiriGrid).cursor)
            self._layout_tabs()
            if self.tab == "hk-grid":
                self.query_one(HarakiriGrid).focus()
            return True
        if key == "v":
            self.los_on = not self.los_on
            self.watch_frame(self.frame)
            return True
        return False

    def _next_on_grid(self, key: str) -> None:
        """Put the grid cursor on the next character (`c`) or enemy (`e`) after the one
        under it, so that its board is the one drawn in full."""
        frame = self.frame
        if frame is None or frame.view is None:
            return
        view = frame.view
        if key == "c":
            squares = [c.p for c in view.characters if c.p is not None and not c.defeated]
        else:
            squares = [e.p for e in view.enemies]
        if not squares:
            self.app.bell()
            return
        grid = self.query_one(HarakiriGrid)
        after = squares.index(grid.cursor) + 1 if grid.cursor in squares else 0
        grid.set_cursor(squares[after % len(squares)])

    def on_harakiri_grid_moved(self, message: HarakiriGrid.Moved) -> None:
        message.stop()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        me = active_character(frame.view)
        grid = self.query_one(HarakiriGrid)
        path = self._path_for(message.p, grid.costs)
        if self.los_on or path != grid.path:
            grid.line = self._line(frame.view, me, message.p)
            grid.path = path
            grid.redraw()
        self._put("#hk-top", self._top(frame.view, me, message.p))
        if not self.narrow or self.tab == "hk-foes":
            self._draw_foes(frame.view, message.p)
        if not self.narrow or self.tab == "hk-chars":
            self._draw_characters(frame.view, message.p)

    def on_top_part_card_clicked(self, message: TopPart.CardClicked) -> None:
        message.stop()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        kind, _, rest = message.ref.partition(":")
        where = (next((e.p for e in frame.view.enemies if e.uid == rest), None) if kind == "e"
                 else next((c.p for c in frame.view.characters if c.id == rest), None))
        if where is None:
            self.app.bell()
            return
        if self.narrow and self.tab != "hk-grid":
            self.board_key("g")
        grid = self.query_one(HarakiriGrid)
        grid.focus()
        grid.set_cursor(where)

    def on_harakiri_grid_picked(self, message: HarakiriGrid.Picked) -> None:
        message.stop()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        matching = [a for a in frame.actions if action_square(frame.view, a) == message.p]
        grid = self.query_one(HarakiriGrid)
        path = self._path_for(message.p, grid.costs)
        if len(path) > 2:
            # A farther reachable square: the whole cheapest path, shown first. A click
            # on it shows the path (a second click or Enter goes); Enter goes at once,
            # the path having been on show under the cursor.
            if message.click:
                self.notify(f"Path to {fmt(message.p)} shown: click it again or press Enter to go.", timeout=3)
                return
            if self._walk_to(frame.view, frame.actions, path):
                return
        if len(matching) == 1:
            self.post_message(ChooseAction(matching[0]))
        elif matching:
            # Several choices on that square: the list has the arrows to pick one; the
            # next decision on the grid gives them back to the grid.
            self._grid_mode = None
            self.post_message(HighlightAction(matching[0]))
        else:
            me = active_character(frame.view)
            end = next((a for a in frame.actions if a.kind == "end_move"), None)
            stepping = any(a.kind == "step" for a in frame.actions)
            if end is not None and me is not None and me.p == message.p and not stepping:
                self.post_message(ChooseAction(end))  # Enter on the mover with no step left: end the move
                return
            self.app.bell()
            self.notify(f"No choice on {fmt(message.p)}. Tab goes to the decisions.", timeout=3)
