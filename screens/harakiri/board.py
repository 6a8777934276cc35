"""The Harakiri table (harakiri spec section 9). Draws one seat's view; decides nothing.

Top: the round, the oracle card and its colour, the malice track 0-6 and the initiative
queue (``▶`` the active card, ``✓`` an activated, turned card). Then the grid, then the
character boards and the enemy boards. Below 120 columns the decisions and the log sit
under the board and the boards are tabs: `g` grid, `c` characters, `e` enemies. On the grid,
arrows or hjkl move the cursor, Enter or a click picks the action for that square; `v`
shows the line of sight from the active character to the square under the cursor.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive

from rules.harakiri import data
from rules.harakiri.core import (
    CHAR_MOVER, char_name, enemy_label, ref_label,
)
from rules.harakiri.grid import distance, los, occupancy, path_to, reachable, resistor_squares, step_cost, trace
from rules.harakiri.model import fmt, pos
from tabletop.engine import Game

from ..common.frame import ChooseAction, Frame, HighlightAction
from ..common.parts import Part
from ..common.parts import show as _show
from . import sheets
from .grid import HarakiriGrid

QUEUE_WIDTH = 66  # the queue is cut into lines itself so the top part's height is known
TABS = {"g": "hk-grid", "c": "hk-chars", "e": "hk-foes"}
ORACLE_STYLE = {"green": "bold white on dark_green", "red": "bold white on dark_red"}


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


def active_character(view):
    if view.active and view.active.startswith("c:"):
        return next((c for c in view.characters if c.id == view.active[2:]), None)
    return None


class HarakiriBoard(Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    STACK_BELOW = 120
    RESERVED_KEYS = "hjklgcev"
    DEFAULT_KINDS = ("end_move", "roll")
    PREVIEWS = True

    DEFAULT_CSS = """
    HarakiriBoard { height: auto; }
    HarakiriBoard #hk-row { height: auto; }
    HarakiriBoard #hk-left { width: auto; height: auto; }
    HarakiriBoard HarakiriGrid { height: 14; }
    HarakiriBoard #hk-boards { width: 1fr; height: auto; padding: 0 0 0 1; }
    HarakiriBoard #hk-grid { margin: 0 0 1 0; }
    HarakiriBoard Part { text-wrap: nowrap; text-overflow: ellipsis; }
    HarakiriBoard.-narrow #hk-boards { padding: 0; }
    HarakiriBoard.-narrow #hk-row { layout: vertical; }
    HarakiriBoard.-narrow HarakiriGrid { height: 9; }
    HarakiriBoard.-narrow #hk-left { width: 100%; }
    """

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.tab = "hk-grid"
        self.los_on = False
        self._paths: tuple[int, dict[int, int]] | None = None  # start and BFS parents of this move
        self._grid_width = ""

    def compose(self) -> ComposeResult:
        yield Part(id="hk-top", fixed=True)
        with Horizontal(id="hk-row"):
            with Vertical(id="hk-left"):
                yield HarakiriGrid(id="hk-grid")
                yield Part(id="hk-foes", fixed=True)
            with Vertical(id="hk-boards"):
                yield Part(id="hk-chars", fixed=True)

    def on_mount(self) -> None:
        # The screen switches to its stacked layout without this board changing size
        # (its width can stay the same): follow the screen's layout, acting on a change.
        self.screen.screen_layout_refresh_signal.subscribe(self, self._follow_screen)
        self.watch_frame(self.frame)
        self.query_one(HarakiriGrid).focus()

    @property
    def narrow(self) -> bool:
        return self.screen.has_class("-stacked")

    # -- drawing -------------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        grid = self.query_one(HarakiriGrid)
        if view is None:
            grid.show(None, set(), {}, None, None)
            for part in self.query(Part):
                part.put(Text(""))
            return
        targets = {p for p in (action_square(view, a) for a in frame.actions) if p is not None}
        if frame.highlight is not None:
            hp = action_square(view, frame.highlight)
            if hp is not None:
                grid.cursor = hp
        me = active_character(view)
        grid.show(view, targets, self._costs(view, me), self._line(view, me, grid.cursor),
                  me.p if me is not None else None)
        self._put("#hk-top", self._top(view, me, grid.cursor))
        self._put("#hk-chars", sheets.characters(view))
        self._put("#hk-foes", sheets.enemies(view, self._last_enemy_turn(view, frame.seat)))
        self._layout_tabs()

    def _put(self, selector: str, text: Text) -> None:
        """Unwrapped text in a part whose height is set to its lines: a new layout is
        asked for only when the number of lines changes, not on every redraw."""
        part = self.query_one(selector, Part)
        lines = text.plain.count("\n") + 1
        if part.styles.height is None or part.styles.height.value != lines:
            part.styles.height = lines
        part.put(text)

    def _fit_grid(self) -> None:
        """Beside the boards the grid takes only the columns it needs (up to 60)."""
        grid = self.query_one(HarakiriGrid)
        want = "100%" if self.narrow else str(min(grid.virtual_size.width + 2, 60))
        if self._grid_width != want:
            self._grid_width = want
            grid.styles.width = want

    def _costs(self, view, me) -> dict[int, int]:
        """Squares the active character can still reach this move, with their MP cost."""
        if me is None or me.p is None or view.sub is None or view.sub.kind != "move":
            return {}
        occ, res = occupancy(view), resistor_squares(view)
        steps, parent = reachable(view, CHAR_MOVER, me.p, view.sub.mp, occ, res)
        self._paths = (me.p, parent)
        out = {}
        for s in steps:
            if s != me.p:
                path = path_to(parent, me.p, s)
                out[s] = sum(step_cost(view, CHAR_MOVER, q) for q in path[:-1])
        return out

    def _line(self, view, me, cursor):
        if not self.los_on or me is None or me.p is None or cursor is None or cursor == me.p:
            return None
        entered, _ = trace(me.p, cursor)
        return entered, los(view, "ally", me.p, cursor)

    def _top(self, view, me, cursor) -> Text:
        colour = data.oracle_colour().get(view.oracle.current or "", "")
        card = next((c.name for c in data.oracle().cards if c.id == view.oracle.current), "-")
        out = Text.assemble((f"Round {view.round}", "bold"), f" · {view.step.lower().replace('_', ' ')}  Oracle ")
        out.append(f"{colour.upper() or 'NONE'}", style=ORACLE_STYLE.get(colour, "bold"))
        out.append(f" {card}  Malice ")
        out.append("■" * view.malice, style="bold red")
        out.append("□" * (6 - view.malice), style="dim")
        out.append(f" {view.malice}/6\nQueue ")
        used = 6
        for q in view.queue:
            label = ref_label(view, q.ref)
            if used + len(label) + 2 > QUEUE_WIDTH:
                out.append("\n      ")
                used = 6
            used += len(label) + 2
            if q.ref == view.active:
                out.append(f"▶{label}", style="bold reverse")
            elif q.rotated:
                out.append(f"✓{label}", style="dim strike")
            else:
                out.append(f" {label}", style="bold" if q.ref.startswith("c:") else "")
            out.append(" ")
        out.append("\n")
        if view.step == "OVER":
            out.append(f"Result: {view.result} — {view.reason}", style="bold")
        elif view.ectx is not None:
            out.append(f"Enemy {ref_label(view, 'e:' + view.ectx.uid)}: line {' › '.join(view.ectx.line) or '-'}"
                       f"{' (' + view.ectx.prio + ')' if view.ectx.prio else ''}")
        elif cursor is not None:
            out.append(f"Cursor {fmt(cursor)}", style="dim")
            sq = view.squares.get(cursor)
            if sq is not None:
                out.append(f" {sq.terrain} h{sq.h}", style="dim")
            if self.los_on and me is not None and me.p is not None and cursor != me.p:
                seen = los(view, "ally", me.p, cursor)
                out.append(f"  LOS {char_name(me.id)}→{fmt(cursor)}: ")
                out.append("clear" if seen else "blocked", style="bold cyan" if seen else "bold red")
                out.append(f", range {distance(me.p, cursor)}")
            elif view.sub is not None and view.sub.kind == "move":
                out.append(f"  Moving: {view.sub.mp} MP left")
            else:
                out.append("  v line of sight", style="dim")
        if self.narrow:
            out.append("  tabs: g grid · c characters · e enemies", style="dim")
        return out

    def _last_enemy_turn(self, view, seat) -> list[str]:
        """The log of the latest enemy activation (its roll, the line chosen, the moves and
        attacks), shown beside the grid at once: nothing waits, nothing blocks input."""
        names = {ref_label(view, q.ref) for q in view.queue if q.ref.startswith("e:")}
        names |= {enemy_label(e) for e in view.enemies}
        lines = [ln.text for ln in view.log if ln.visible_to(seat)]
        for i in range(len(lines) - 1, max(-1, len(lines) - 40), -1):
            head, sep, _ = lines[i].partition(" activates and ")
            if sep and head in names:
                return lines[i:i + 5]
        return []

    def _layout_tabs(self) -> None:
        """Wide: the enemies under the grid, the characters beside. Narrow: one tab."""
        narrow = self.narrow
        if self.has_class("-narrow") != narrow:
            self.set_class(narrow, "-narrow")
        tab = self.tab
        _show(self.query_one("#hk-grid"), not narrow or tab == "hk-grid")
        _show(self.query_one("#hk-foes"), not narrow or tab == "hk-foes")
        _show(self.query_one("#hk-left"), not narrow or tab != "hk-chars")
        _show(self.query_one("#hk-boards"), not narrow or tab == "hk-chars")
        self._fit_grid()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._layout_tabs)

    def _follow_screen(self, _screen) -> None:
        if self.narrow != self.has_class("-narrow"):
            self._layout_tabs()

    def curtain_note(self, public) -> str:
        return self.game.phase(public)

    # -- input ---------------------------------------------------------------------
    def board_key(self, key: str) -> bool:
        if key in TABS:
            if not self.narrow:
                if key == "g":
                    self.query_one(HarakiriGrid).focus()
                return key == "g"
            self.tab = TABS[key]
            self._layout_tabs()
            if self.tab == "hk-grid":
                self.query_one(HarakiriGrid).focus()
            return True
        if key == "v":
            self.los_on = not self.los_on
            self.watch_frame(self.frame)
            return True
        return False

    def on_harakiri_grid_moved(self, message: HarakiriGrid.Moved) -> None:
        message.stop()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        me = active_character(frame.view)
        grid = self.query_one(HarakiriGrid)
        if self.los_on:
            grid.line = self._line(frame.view, me, message.p)
            grid._build_rows()
            grid.refresh()
        self._put("#hk-top", self._top(frame.view, me, message.p))

    def on_harakiri_grid_picked(self, message: HarakiriGrid.Picked) -> None:
        message.stop()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        matching = [a for a in frame.actions if action_square(frame.view, a) == message.p]
        if not matching and message.p in self.query_one(HarakiriGrid).costs and self._paths is not None:
            # A farther reachable square: take the first step of the path towards it.
            start, parent = self._paths
            path = path_to(parent, start, message.p)
            if len(path) > 1:
                matching = [a for a in frame.actions if a.kind == "step" and action_square(frame.view, a) == path[1]]
        if len(matching) == 1:
            self.post_message(ChooseAction(matching[0]))
        elif matching:
            self.post_message(HighlightAction(matching[0]))
        else:
            self.app.bell()
