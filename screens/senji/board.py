"""The Senji table (senji spec section 11). Draws one seat's view; decides nothing.

Below 126 columns the decisions and the log sit under the map and the other panels are
tabs: `m` map, `s` honour track, `c` the cards in your hand, `b` battle or winter (each
tab and a corner of the map say so). From 126 columns everything is shown at once, the
panels beside the map when the board is wide enough. The map has the arrow keys and
Enter (a bar down its left edge) when most choices are provinces or seas; arrows or hjkl
move the cursor, Enter or a click picks the action for that province or sea. In winter
the clock runs in real time from the game's option, on the map, in the winter panel and
on the hand-off curtain; `p` (in the footer) is the host's pause key; at 0:00 the board
sends the rules' `time_up` (never listed in the decision panel). At a networked table
(tabletop.net) the clock is the table host's: the screen's store offers ``table_clock()``
(the seconds left and whether it is paused) and every screen shows that; `p` pauses it at
the host's screen only (``pause_clock``; a remote seat's footer does not offer it,
``HOST_KEYS``), and the host, not a board, ends the winter at 0:00. With a bot as host the
humans at the table run the winter floor. A battle's or an auction's public result is
held on screen for everyone until a key (``public_pause``).
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from rules.senji import combat as combat_rules
from rules.senji.bot_talk import word_heard
from rules.senji.bots import floor_left_to_humans
from rules.senji.data import data
from rules.senji.view import HIDDEN
from rules.senji.words import card_name, samurai_label, samurai_short
from tabletop.engine import Game

from ..common.curtain import CurtainScreen
from ..common.parts import Part
from ..common.parts import show as _show
from ..common.board_base import BoardBase
from ..common.frame import ChooseAction, Frame, HighlightAction
from .keys import SENJI_RESERVED, key_paths
from .map import FAMILY_STYLE, SenjiMap, fit, place_keys
from .results import ResultScreen, results

D = data()
WINTER_STEPS = ("winter_floor", "offer_compose", "offer_respond", "offer_confirm")
TABS = {"m": "sj-map", "s": "sj-score", "c": "sj-hand", "b": "sj-panel"}
COLOUR_WORD = {"purple": "magenta", "black": "white on grey"}  # how the terminal draws them


def family_text(state, seat: int) -> Text:
    """A player by name in the family's colour; the family's name too when the player has another."""
    family = D.family[state.families[seat]]
    name = state.names[seat]
    return Text(name if name == family.name else f"{name} ({family.name})",
                style=FAMILY_STYLE.get(family.colour, "bold"))


def clock_text(seconds: float, paused: bool) -> str:
    s = max(0, int(seconds + 0.999))
    return f"⏱ {s // 60}:{s % 60:02d}" + (" PAUSED" if paused else "")


class SenjiBoard(BoardBase, Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    STACK_BELOW = 126
    HIDDEN_KINDS = ("time_up",)
    RESERVED_KEYS = SENJI_RESERVED  # hjkl the map's cursor, m s c b the tabs, p the host's pause
    LONG_CHOICES = True  # "Bid Green Daughter (2) on the lot Blue Harbour pass (2)"
    FOOTER_KEYS = (("p", "Pause"),)  # the host's key for the winter clock (help, winter panel)
    HOST_KEYS = ("p",)  # of FOOTER_KEYS, the table host's only: a networked table's other screens lack them
    # The routine choice of a decision, on Enter: done bidding, the orders confirmed, the
    # movement ended or the group sent, the dice rolled, the autumn turn ended.
    DEFAULT_KINDS = ("bid_done", "orders_confirm", "move_done", "go", "react_roll", "react_done", "end_turn")
    ROUTINE_UNLESS = {"move_done": ("dest",)}  # a movement with a destination left is not ended by Enter
    LAST_KINDS = ("seppuku",)
    CLOCK_TICK = 1.0  # seconds of game clock per real second (tests speed it up)
    show_results: bool | None = None  # battle and auction results held on screen; None: not headless

    SIDE_COLUMNS = 42  # the panels sit beside the map when they have this many columns
    DEFAULT_CSS = """
    SenjiBoard { height: auto; }
    SenjiBoard SenjiMap { height: 14; width: 100%; }
    SenjiBoard #sj-side { height: auto; width: 100%; }
    SenjiBoard Part { height: auto; padding: 0 0 1 0; }
    SenjiBoard.-beside { layout: horizontal; }
    SenjiBoard.-beside SenjiMap { width: 78; margin: 0 2 0 0; }
    SenjiBoard.-beside #sj-side { width: 1fr; }
    """

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.tab = "sj-map"
        self.clock_year: int | None = None
        self.clock_left = 0.0
        self.paused = False
        self._bar_drawn = 20  # the honour bars' width at the last drawing
        self._ticker = None
        self._ticking = False  # the ticker runs (it is created paused)
        self._ticker_ran = False  # it has been started once
        self._clock_reading = None  # a networked table's clock as last read from its store...
        self._clock_read_at = 0.0  # ...and when (time.monotonic())
        self._public_seen: int | None = None  # public log lines already shown to the table
        self._actions_seen: tuple = ()
        self._curtain_public = None  # the public view the last curtain was raised over
        self._map_mode: bool | None = None  # whether the map had the arrows for this decision

    def compose(self) -> ComposeResult:
        yield SenjiMap(id="sj-map")
        with Vertical(id="sj-side"):  # under the map, or beside it on a wide board
            yield Part(id="sj-score")
            yield Part(id="sj-hand")
            yield Part(id="sj-panel")

    def on_mount(self) -> None:
        self._ticker = self.set_interval(1.0, self._tick, pause=True)
        self.watch_frame(self.frame)

    @property
    def narrow(self) -> bool:
        return self.screen.has_class("-stacked")

    # -- drawing -------------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        state = frame.view if frame else None
        mp = self.query_one(SenjiMap)
        if state is None:
            mp.show(None, None, set(), keys={})
            for part in self.query(Part):
                part.put(Text(""))
            return
        self._clock_follow(state)
        regions = [getattr(a, "province", None) or getattr(a, "sea", None) for a in frame.actions]
        targets = {r for r in regions if r is not None}
        mp.hint = ["tabs:", "m map", "s honour", "c hand", "b panel"] if self.narrow else []
        # Beside a province, the key that picks its row in the step on screen (a row not
        # listed in this step, such as one order among three in a province, shows none).
        listed = [(a, k) for a, k in zip(frame.actions, frame.keys) if k is not None]
        mp.show(state, frame.seat, targets, self._clock_label(state),
                place_keys([a for a, _ in listed], [k for _, k in listed]))
        hint = self._tab_hint()
        self.query_one("#sj-score", Part).put(hint + self._score(state))
        self.query_one("#sj-hand", Part).put(hint + self._hand(state, frame.seat))
        self.query_one("#sj-panel", Part).put(hint + self._panel(state, frame.seat))
        self._layout_tabs()
        if frame.actions != self._actions_seen:  # a new decision
            self._actions_seen = frame.actions
            if frame.actions:
                self._give_arrows(sum(r is not None for r in regions) * 2 > len(regions))

    def _give_arrows(self, to_map: bool) -> None:
        """The arrows (and Enter) stay with the decision list: the map takes them only
        when the player goes there (Tab, a click, ``m``), and gives them back to the list
        at the next decision. ``to_map`` (most choices are places) only brings the map's
        tab forward on a narrow board, so the places are in sight."""
        self._map_mode = False
        if to_map and self.narrow and self.tab != "sj-map":
            self.tab = "sj-map"
            self._layout_tabs()
        if self.screen.focused is self.query_one(SenjiMap):
            panel = next(iter(self.screen.query("#decisions")), None)
            if panel is not None:
                panel.focus()

    def _tab_hint(self) -> Text:
        """Over a tab (below 126 columns): how to reach the others."""
        if not self.narrow:
            return Text("")
        return Text("Tabs: m map · s honour · c your hand · b battle or winter\n", style="dim italic")

    def _layout_tabs(self) -> None:
        for wid in TABS.values():
            _show(self.query_one(f"#{wid}"), (not self.narrow) or wid == self.tab)
        _show(self.query_one("#sj-side"), not self.narrow or self.tab != "sj-map")
        mp = self.query_one(SenjiMap)
        mp.fit(self.size.width, self._map_rows())  # the largest map the board has room for
        beside = not self.narrow and self.size.width >= mp.columns + self.SIDE_COLUMNS
        if self.has_class("-beside") != beside:
            self.set_class(beside, "-beside")

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._resized)

    def _resized(self) -> None:
        self._layout_tabs()
        if self._bar_width() != self._bar_drawn:  # the honour bars fit the new width
            self.watch_frame(self.frame)

    def _bar_width(self) -> int:
        """The honour bars' width: 20 cells, fewer when the column beside the map is
        narrow (a wide side panel at 170+ columns), so a family's line stays one line."""
        if not self.has_class("-beside"):
            return 20
        column = self.size.width - self.query_one(SenjiMap).columns - 2  # the map and its margin
        return max(8, min(20, column - 43))

    def _map_rows(self) -> int:
        """The rows the board shows at once: a larger map must fit in them."""
        area = next(iter(self.screen.query("#board-area")), None)
        return area.scrollable_content_region.height if area is not None else self.screen.size.height

    def stacked_changed(self, stacked: bool) -> None:
        """The screen went to or from its stacked layout: tabs below it, all above."""
        self._layout_tabs()
        self.watch_frame(self.frame)  # the tab hints come or go

    def _score(self, state) -> Text:
        bar = self._bar_drawn = self._bar_width()
        out = Text.assemble(("Honour", "bold"), f" (60 wins{'; tie-break year' if state.tiebreak_year else ''})\n")
        for s in range(len(state.families)):
            out.append("*" if s == state.host else " ", style="bold yellow")
            family = D.family[state.families[s]]  # the letter the map uses, beside the name
            out.append(family.id, style=FAMILY_STYLE.get(family.colour, "bold"))
            out.append(f" {fit(state.names[s], 10)} ")
            filled = min(bar, max(state.honor[s] > 0, state.honor[s] * bar // 60))  # any honour shows
            out.append("█" * filled, style=FAMILY_STYLE.get(D.family[state.families[s]].colour, ""))
            out.append("░" * (bar - filled), style="dim")
            out.append(f" {state.honor[s]:>3}")
            out.append(f"  dip {len(state.diplo_hands[s])} hana {len(state.hana_hands[s])} units {state.supply[s]}",
                       style="dim")
            kami = [k.letter for k in state.kami if k.seat == s]
            if kami:
                out.append("  kami: " + ", ".join(f"{D.samurai[x].name} ({D.samurai[x].colour})" for x in kami))
            if state.hostages[s]:
                out.append(f"  hostages: {', '.join(card_name(c) for c in state.hostages[s])}", style="magenta")
            out.append("\n")
        out.append("* host", style="dim")
        return out

    def _hand(self, state, seat: int | None) -> Text:
        if seat is None:
            return Text("Hands are private: each player sees theirs on their own turn.", style="dim")
        out = Text.assemble(("Your hand", "bold"), f" ({state.names[seat]})\n")
        hand = state.diplo_hands[seat]
        for label, kind in (("Members", "member"), ("Support", "support"), ("Trading", "trading"), ("Dummy", "dummy")):
            cards = sorted(c for c in hand if c != HIDDEN and D.card_type(c) == kind)
            if cards:
                out.append(f"{label}: ", style="bold")
                for i, c in enumerate(cards):
                    family = D.family[D.card_family(c)]
                    out.append(", " if i else "")
                    out.append_text(Text(family.name, style=FAMILY_STYLE.get(family.colour, "")))
                    out.append(card_name(c)[len(family.name):])
                out.append("\n")
        if not hand:
            out.append("Diplomacy: none\n")
        hana = state.hana_hands[seat]
        if hana:
            by_kind: dict[str, list[str]] = {}
            for c in sorted(hana):
                by_kind.setdefault(D.hana_kind[c], []).append(c)
            out.append("Hanafuda: ", style="bold")
            for kind, cards in by_kind.items():
                flowers = ", ".join(D.hana.flowers[int(c[:2]) - 1] for c in cards)
                out.append(f"{kind} ({flowers})  ")
            out.append("\n")
        if state.setup_draws[seat]:
            out.append("Samurai to choose: " + ", ".join(
                samurai_label(x) for x in state.setup_draws[seat] if x != HIDDEN) + "\n")
        kept = state.kept[seat]
        if kept and kept != HIDDEN:
            out.append(f"Samurai in hand: {samurai_label(kept)}\n")
        orders = [f"{pr.order} in {D.province[p].name}"
                  for p, pr in state.provinces.items() if pr.owner == seat and pr.order not in (None, HIDDEN)]
        if orders:
            out.append("Your orders: " + ", ".join(orders) + "\n")
        bids = [b for b in state.bids if b.seat == seat]
        if bids:
            out.append("Your bids: " + ", ".join(f"{card_name(b.card)} on {card_name(b.lot)}" for b in bids) + "\n")
        return out

    def _panel(self, state, seat: int | None) -> Text:
        c = state.combat
        if c is not None:
            return self._combat(state)
        # Winter's lots and offers only in winter: a tied lot waits for the next winter,
        # and the auction's result stays in the log and on its results screen.
        if state.step.startswith(("winter", "offer")):
            return self._winter(state, seat)
        return Text("No battle now; the winter panel returns in winter.", style="dim")

    def _combat(self, state) -> Text:
        c = state.combat
        out = Text.assemble(("Battle for ", "bold"), (D.province[c.province].name, "bold"), f" · round {c.round}\n")
        for side, seat, cards, up in (("A", c.att, c.att_cards, c.att_up), ("D", c.dfn, c.dfn_cards, c.dfn_up)):
            out.append("Attacker " if side == "A" else "Defender ")
            out.append_text(family_text(state, seat))
            units = combat_rules.side_units(state, side)
            sam = combat_rules.side_samurai(state, side)
            out.append(f" {units} units")
            if sam:
                out.append(", " + ", ".join(D.samurai[x].name for x in sam))
            if cards:
                shown = ", ".join(card_name(x) if x != HIDDEN else "▒" for x in cards)
                out.append(f"  support: {shown}")
            hidden = any(x == HIDDEN for x in c.att_cards + c.dfn_cards)
            value = "?" if hidden or not c.dice else str(combat_rules.value(state, side))
            out.append(f"  value {value}\n", style="bold")
        if c.dice:
            out.append("Dice ")
            for d in c.dice:
                style = FAMILY_STYLE.get(D.family[d.face].colour, "") if d.face in D.family else ""
                out.append(f"[{d.face}{' set' if d.set else ''}]", style=style)
        return out

    def _winter(self, state, seat: int | None) -> Text:
        clock = self._clock_label(state)
        out = Text.assemble(("Winter", "bold"), f" · {clock or 'no clock'}")
        if clock and self._clock_live and self._pauses_here:
            out.append(" · p: the host pauses the clock", style="dim")
        out.append("\n")
        if state.lots:
            out.append("Lots: " + ", ".join(f"{card_name(lot.card)} (from the {D.family[lot.deck].name} deck)"
                                            for lot in state.lots) + "\n")
        mine = [b for b in state.bids if b.seat == seat]
        if mine:
            out.append("Your bids: " + ", ".join(f"{card_name(b.card)} on {card_name(b.lot)}" for b in mine) + "\n")
        o = state.offer
        if o is not None:
            out.append_text(family_text(state, o.frm))
            out.append(" offers")
            if o.to is not None:
                out.append(" to ")
                out.append_text(family_text(state, o.to))
            give = ", ".join(card_name(x.card) if x.card != HIDDEN else "▒" for x in o.give)
            reply = ", ".join(card_name(x.card) if x.card != HIDDEN else "▒" for x in o.reply)
            out.append(f": gives [{give or '-'}]  asks back [{reply or '-'}]\n")
            word = word_heard(state, o.frm)  # in this seat's view only for the two parties
            if word:
                out.append_text(family_text(state, o.frm))
                out.append(f" says: {word}\n", style="italic")
        left = ", ".join(f"{state.names[s]} {n}" for s, n in enumerate(state.offers_left)) if state.offers_left else ""
        if left:
            out.append(f"Offers left: {left}\n", style="dim")
        return out

    def legend(self) -> list[tuple[str, str]]:
        """Every glyph, letter and colour the map and the panels draw, in the rulebook's words."""
        families = [(f.id, f"first in a status row or a fleet, and on a die: the {f.name} family "
                           f"({f.mon} mon); drawn in {COLOUR_WORD.get(f.colour, f.colour)}") for f in D.families]
        samurai = [(samurai_short(x.letter), f"after the units: {x.name}, honour {x.honor}, {x.colour} "
                                             f"(kami colour); {x.ability}") for x in D.samurai_list]
        return [
            ("G 3 Ko →", "a province's status row: the owner's family letter and units, the samurai"
                         " there by the first two letters of their names, the order"),
            *families,
            ("free", "a free province: no owner, no units"),
            ("~neutral~", "a neutral province: never owned, entered or landed on"),
            *samurai,
            ("+", "after the samurai: more samurai than fit (the province or fleet holds more)"),
            ("→", "a movement order"),
            ("⚑", "a recruitment order"),
            ("✿", "a production order"),
            ("▪", "a face-down order of another player"),
            ("→? ⚑? ✿?", "your own face-down order"),
            ("→◀ ⚑◀ ✿◀", "the order being carried out now"),
            ("~ NORTH SEA ~ / ~ SOUTH SEA ~", "the two seas"),
            ("N: S:", "the fleets in the North and South Sea, e.g. R 4 Ba', G 2: family letter "
                      "and units, then the samurai"),
            ("'", "after a fleet: still due to act this summer"),
            ("--- | / \\", "a land border between two provinces"),
            (":", "on the map: a crossing by sea between two provinces"),
            ("===", "the strait between Kyushu and Shikoku (a land border)"),
            ("...", "a province's label box"),
            ("›Aki‹", "a province or sea you may choose now (green background)"),
            ("4Aki‹", "a choice's key beside its province: press it (the same key as in the decisions)"),
            ("reverse video", "the map's cursor: Enter takes the choice there"),
            ("⚔", "the province where a battle is being fought (red background)"),
            ("underline", "the province whose order is being carried out"),
            ("⏱ 3:59", "the winter clock; PAUSED when the host paused it (p)"),
            ("*", "beside a name: the host of the emperor"),
            ("[G set]", "a die of destiny set to a family's mon by a samurai (not rolled)"),
            ("█░", "the honour track, one block per 3 honour (60 wins)"),
            ("[R]", "a die of destiny showing a family's mon (R G P K B Y)"),
            ("▒", "a card lying face down"),
            ("dip hana units", "cards of diplomacy and hanafuda in hand, units in supply"),
            ("·", "a separator"),
            ("…", "a name cut short for the width"),
            ("cyan", "the fleet lines"),
            ("magenta", "revealed hostages (and the Purple family)"),
            ("grey", "the map's background art; dim: a note"),
        ]

    def key_paths(self, public, actions: list) -> list | None:
        """Every choice under keys fixed by what it is about (screens/senji/keys.py):
        a province, a samurai, a family, a card; a spring order by its kind, then the
        province; a winter bid by the card, then the lot."""
        return key_paths(actions, list(public.families), list(public.names))

    def humans_run(self, public, humans: list[int]) -> bool:
        """The humans at the table run the winter floor under a bot host (spec 4.3)."""
        return bool(humans) and floor_left_to_humans(public, humans)

    def public_pause(self, public):
        """A battle's or an auction's result, for everyone, before anything else is drawn."""
        lines = [ln.text for ln in public.log if ln.seats is None]
        seen, self._public_seen = self._public_seen, len(lines)
        show = self.show_results if self.show_results is not None else not self.app.is_headless
        if seen is None or len(lines) <= seen or not show:
            return None  # a game just opened, an undo, nothing new
        blocks = results(lines, seen)
        return ResultScreen(blocks) if blocks else None

    def curtain_note(self, public) -> str:
        """What the hand-off curtain may show: public facts and the winter clock."""
        self._curtain_public = public  # the curtain's clock is kept running from it
        clock = self._clock_label(public)
        return " · ".join(x for x in (self.game.phase(public), clock) if x)

    # -- the winter clock ----------------------------------------------------------
    def _table(self) -> Any:
        """The store of a networked table (the host's screen or a remote seat's), whose
        host keeps the winter clock; None at one screen (hot seat, a replay)."""
        store = getattr(self.screen, "store", None)
        return store if hasattr(store, "table_clock") else None

    @property
    def _pauses_here(self) -> bool:
        """This screen's `p` pauses the clock: at one screen, or the host's at a networked table."""
        table = self._table()
        return table is None or bool(table.hosts_clock)

    @property
    def _clock_live(self) -> bool:
        """The clock runs only at a table that plays: a networked table (its host keeps
        the clock, whoever is to move), or a frame offering choices. A replay's frames
        offer none, so its clock stands at the position's time and never sends
        ``time_up``."""
        if self._table() is not None:
            return True
        return self.frame is not None and bool(self.frame.actions)

    def _clock_from_table(self) -> bool:
        """At a networked table, set the clock to the host's: the seconds left in its last
        reading, less the time run since (none while paused). False at one screen, or
        while the host runs no clock."""
        table = self._table()
        reading = table.table_clock() if table is not None else None
        if reading != self._clock_reading:
            self._clock_reading, self._clock_read_at = reading, time.monotonic()
        if reading is None:
            return False
        run = 0.0 if reading.paused else (time.monotonic() - self._clock_read_at) * self.CLOCK_TICK
        self.clock_left, self.paused = max(0.0, reading.left - run), reading.paused
        return True

    def _clock_follow(self, state) -> None:
        limit = getattr(state.options, "winter_timer_s", 0)
        winter = state.step in WINTER_STEPS and limit > 0 and not state.over
        if winter and self.clock_year != state.year:
            self.clock_year, self.clock_left, self.paused = state.year, float(limit), False
        if winter:
            self._clock_from_table()
        if self._ticker is not None:
            running = winter and not self.paused and self._clock_live
            if running and not self._ticking:
                if self._ticker_ran:  # a whole second from now: not the tick owed from before a pause
                    self._ticker.reset()
                else:  # (a reset before its first run would hold its first tick a second more)
                    self._ticker.resume()
                self._ticker_ran = True
            elif not running and self._ticking:
                self._ticker.pause()
            self._ticking = running

    def _clock_label(self, state) -> str:
        if state.step not in WINTER_STEPS or getattr(state.options, "winter_timer_s", 0) <= 0:
            return ""
        return clock_text(self.clock_left, self.paused)

    def _tick(self) -> None:
        if not self._clock_from_table():
            self.clock_left = max(0.0, self.clock_left - self.CLOCK_TICK)
        self._tick_curtain()
        frame = self.frame
        if frame is None or frame.view is None:
            return
        if self.clock_left <= 0:
            self._ticker.pause()
            self._ticking = False
            self.clock_left = 0
            if self._table() is None:
                self.post_message(ChooseAction(self.game.parse_action({"kind": "time_up"})))
                return
            # A networked table: the host ends the winter at its 0:00; its update follows.
        # Every clock on screen runs: the map's corner and the winter panel.
        mp = self.query_one(SenjiMap)
        mp.show(frame.view, frame.seat, mp.targets, self._clock_label(frame.view))
        self.query_one("#sj-panel", Part).put(self._panel(frame.view, frame.seat))

    def _tick_curtain(self) -> None:
        """The clock on a hand-off curtain runs too (its other words stay as they were)."""
        public = self._curtain_public
        curtain = next((s for s in self.app.screen_stack if isinstance(s, CurtainScreen)), None)
        if curtain is None or public is None or public.step not in WINTER_STEPS:
            return
        for note in curtain.query("#curtain-note"):
            note.update(Text(self.curtain_note(public)))

    # -- input ---------------------------------------------------------------------
    def board_key(self, key: str) -> bool:
        """Tabs below 126 columns, and the host's pause key for the winter clock."""
        if key in TABS:
            if not self.narrow:
                return key == "m"
            self.tab = TABS[key]
            self._layout_tabs()
            if self.tab == "sj-map":
                self.query_one(SenjiMap).focus()
            return True
        if key == "p":
            view = self.frame.view if self.frame else None
            table = self._table()
            if not self._pauses_here:
                self.notify("Only the host of the table can pause the winter clock, at the host's screen.",
                            timeout=4)
            elif view is not None and view.step in WINTER_STEPS and not self._clock_live:
                self.notify("The winter clock runs only at a table that plays.", timeout=3)
            elif view is not None and view.step in WINTER_STEPS and self.clock_left > 0:
                if table is not None:  # the host's clock: every screen shows it and hears it (the host's note)
                    table.pause_clock(not self.paused)
                else:
                    self.paused = not self.paused
                    self.notify("The host paused the winter clock." if self.paused else "The winter clock runs again.")
                self._clock_follow(view)
                self.watch_frame(self.frame)
            else:
                self.notify("p is the host's pause key for the winter clock: it does something in winter only.",
                            timeout=3)
            return True
        return False

    def on_senji_map_picked(self, message: SenjiMap.Picked) -> None:
        message.stop()
        actions = self.frame.actions if self.frame else ()
        matching = [a for a in actions if message.region in (getattr(a, "province", None), getattr(a, "sea", None))]
        if len(matching) == 1:
            self.post_message(ChooseAction(matching[0]))
        elif matching:
            self._map_mode = None  # the list picks among them; the next decision decides again
            self.post_message(HighlightAction(matching[0]))
        else:
            self.app.bell()
