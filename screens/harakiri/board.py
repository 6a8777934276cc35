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
    CHAR_MOVER, char_name, enemy_arm, enemy_hp_left, enemy_label, enemy_stats, kami_ready, ref_label,
    skill_ready, slot_die,
)
from rules.harakiri.grid import distance, los, occupancy, path_to, reachable, resistor_squares, step_cost, trace
from rules.harakiri.model import fmt, pos
from tabletop.engine import Game

from ..common.frame import ChooseAction, Frame, HighlightAction
from ..common.parts import Part
from ..common.parts import show as _show
from .grid import BASE_BG, HarakiriGrid

QUEUE_WIDTH = 66  # the queue is cut into lines itself so the top part's height is known
TABS = {"g": "hk-grid", "c": "hk-chars", "e": "hk-foes"}
ORACLE_STYLE = {"green": "bold white on dark_green", "red": "bold white on dark_red"}
BASE_NAME = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "W": "white"}


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
        self._put("#hk-chars", self._characters(view))
        self._put("#hk-foes", self._enemies(view, frame.seat))
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

    def _characters(self, view) -> Text:
        cd = data.characters().characters
        skills, kami_skills, weapons, items = data.skills(), data.kami_skills(), data.weapons(), data.items()
        out = Text.assemble(("Characters", "bold"), " =equipped ✓ready\n")
        for c in view.characters:
            d = cd[c.id]
            out.append(f"{d.short} {d.name}", style="bold white on dark_blue")
            where = "defeated" if c.defeated else (fmt(c.p) if c.p is not None else "unplaced")
            out.append(f" seat {c.seat + 1} {where}")
            if view.active == "c:" + c.id:
                out.append(" ▶ACTIVE", style="bold reverse")
            if c.kami_mode:
                out.append(" KAMI MODE", style="bold magenta reverse")
            out.append("\n HP ")
            out.append(f"{c.hp}/{c.max_hp}", style="bold red" if c.hp * 2 < c.max_hp else "bold")
            out.append(f" ARM {c.arm}/{c.arm_max} AP ")
            out.append("●" * c.ap + "○" * max(0, 4 - c.ap), style="bold yellow")
            out.append("\n " + " ".join(f"{a}{v}" for a, v in c.attrs.items()))
            if c.conds:
                out.append(" " + " ".join(f"{k}:{v}" for k, v in c.conds.items()), style="bold magenta")
            if c.hated:
                out.append(" hated", style="red")
            supply = " ".join(str(k.value) for k in c.ki if k.place == "supply") or "-"
            tired = " ".join(str(k.value) for k in c.ki if k.place == "exhausted") or "-"
            out.append(f"\n Ki supply [{supply}] exhausted [{tired}]")
            ws = [("=" if i == 0 else " ") + weapons[w].name for i, w in enumerate(c.weapons)]
            out.append(f"\n Weapons{''.join(' ' + w for w in ws)}")
            out.append(f"\n Heads {c.heads}+{c.boss_heads} Items "
                       f"{', '.join(f'{items[i.id].name}×{i.uses}' for i in c.items) or '-'}")
            out.append("\n Skills")
            for s in c.skills:
                ok = skill_ready(c, s)
                die = slot_die(c, s)
                out.append(f" {'✓' if ok else '✗'}{skills[s].name}[{die or '·'}/{skills[s].ki}]",
                           style="green" if ok else "dim")
            kami = d.kami
            out.append(f"\n Kami {data.kami()[kami].name} (affinity {c.affinity})\n ")
            for sid, (kid, ksd) in kami_skills.items():
                if kid == kami:
                    ok = kami_ready(c, sid)
                    out.append(f" {'✓' if ok else '✗'}{ksd.name}({ksd.affinity})", style="green" if ok else "dim")
            out.append("\n")
        out.rstrip()
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

    def _enemies(self, view, seat=None) -> Text:
        out = Text.assemble(("Enemies", "bold"), "\n")
        if not view.enemies:
            out.append(" none on the board\n", style="dim")
        for e in view.enemies:
            st = enemy_stats(e)
            label = enemy_label(e)
            if e.base:
                label = f"{enemy_label(e)} ({BASE_NAME.get(e.base, e.base)} base)"
            style = f"bold white on {BASE_BG[e.base]}" if e.base in BASE_BG else "bold"
            out.append(f" {label}", style=style)
            out.append(f"{' ally' if e.side == 'ally' else ''} {e.kind} {fmt(e.p)}\n   damage {e.damage}/{st['hp']} "
                       f"HP {enemy_hp_left(e)} ARM {enemy_arm(e)} EVA {st['eva']} MOV {st['mov']} RNG {st['range']}")
            if e.conds:
                out.append(" " + " ".join(f"{k}:{v}" for k, v in e.conds.items()), style="magenta")
            out.append("\n")
        for r in view.resistors:
            out.append(f" {r.name} {fmt(r.p)}: {r.tokens} resistance tokens\n")
        turn = self._last_enemy_turn(view, seat)
        if turn:
            out.append("Last enemy activation\n", style="bold")
            for line in turn:
                out.append(f" {line}\n", style="italic")
        sub = view.sub
        if sub is not None and sub.kind == "attack" and sub.draft is not None:
            d = sub.draft
            out.append(f"Attack: {d.mode} on {', '.join(ref_label(view, t) for t in d.targets)}\n"
                       f"  focus {'on' if d.focus else 'off'} skill {d.skill or '-'}\n", style="bold")
        out.rstrip()
        return out

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
