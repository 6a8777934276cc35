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

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widget import Widget

from rules.harakiri.model import fmt
from tabletop.engine import Game

from ..common.board_base import BoardBase, spare_columns
from ..common.frame import ChooseAction, Frame, HighlightAction
from ..common.parts import Part
from ..common.parts import show as _show
from .grid import HarakiriGrid, place_keys
from .keys import decision_keys
from .parts import BoardPart, Column, Row, TopPart, _Fixed
from .enemy_turn import EnemyTurn
from .paths import GridPaths
from .side_boards import SideBoards
from .squares import action_square, active_character, los_blockers  # noqa: F401 (re-exported)
from .top import TopLines

TABS = {"g": "hk-grid", "c": "hk-chars", "e": "hk-foes"}
STICKY = ("#hk-foes", "#hk-char-full", "#hk-top", "#hk-turn")  # parts that only grow, until the board is resized


class HarakiriBoard(TopLines, EnemyTurn, SideBoards, GridPaths, _Fixed, BoardBase, Vertical):
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
    HarakiriBoard #hk-boards { width: 1fr; height: auto; padding: 0 0 0 1; }
    HarakiriBoard #hk-grid { margin: 0 0 1 0; }
    HarakiriBoard Part { text-wrap: nowrap; text-overflow: ellipsis; }
    HarakiriBoard #hk-char-full { margin: 0 0 1 0; }
    HarakiriBoard.-narrow #hk-boards { padding: 0; }
    HarakiriBoard.-narrow #hk-row { layout: vertical; }
    HarakiriBoard.-narrow HarakiriGrid { margin: 0; }
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
        self._pinned: tuple = (None, {})  # (store, revision, choices) and their keys

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
        grid.keys = place_keys(squares, frame.keys, [a.kind for a in frame.actions])
        costs = self._costs(view, me)
        grid.path = self._path_for(grid.cursor, costs)
        grid.show(view, targets, costs, self._line(view, me, grid.cursor),
                  me.p if me is not None else None)
        self._put("#hk-top", self._top(view, me, grid.cursor))
        self._draw_boards(view, grid.cursor)
        self._put("#hk-turn", self._turn_text(view), floor=4)
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
            self._redraw_top()  # wrapped to the new width
            self._put("#hk-turn", self._turn_text(frame.view), floor=4)

    def _follow_screen(self, _screen) -> None:
        if self.narrow != self.has_class("-narrow"):
            self._layout_tabs()

    def legend(self) -> list[tuple[str, str]]:
        """Every glyph, abbreviation and colour the grid, the top and the boards draw."""
        from .legend import entries
        return entries()

    def curtain_note(self, public) -> str:
        return self.game.phase(public)

    # -- keys ----------------------------------------------------------------------
    def board_columns(self, width: int, height: int) -> int:
        """The grid's squares grow first: the side panels take the widening split's
        columns only up to one more per five columns past 140 (58 at 200, 68 at 250), so
        that at 200 columns the squares are 8 wide and 3 tall beside boards in sentences."""
        side = width - spare_columns(width)
        return width - min(side, 46 + max(0, width - 140) // 5) if width >= 120 else spare_columns(width)

    def action_key(self, action: Any) -> str | None:
        """Every choice's key follows from what it is (keys.py, assets/harakiri/keys.json),
        read off the position the screen is listing now."""
        return self._pins().get(action)

    def _pins(self) -> dict:
        screen = self.screen
        store = getattr(screen, "store", None)
        actions = tuple(getattr(screen, "actions", ()))
        if store is None or not actions:
            return {}
        at = (id(store), getattr(store, "revision", None), actions)
        if self._pinned[0] != at:
            self._pinned = (at, decision_keys(store.view(None), actions))
        return self._pinned[1]

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
