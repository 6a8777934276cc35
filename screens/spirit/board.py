"""Samurai Spirit's board area (spec section 10). Draws one view; decides nothing.

Every colour comes with a glyph or a word: a card reads as the rulebook names it ("2, farm,
flame: top raider to the intruders"; the value alone: no icon), wounds are counted in words with `●` for a marker, the active samurai is `▶`, the
deciding one `◆`, a passed samurai lies down `_`; ``legend()`` lists them all.
A click on a samurai's panel or on the card in hand picks the matching legal action.

Each region is fitted to the width it has (``fit.py``): facts wrap between one another (a
fact wider than a line between its words) and the region grows, so nothing is cut. The
samurai sit side by side as many as fit at their full width; when the board would then
need scrolling, more and narrower ones where that lets it fit the rows it has. While the
board scrolls, a one-line village status (barricades, farmsteads, families) is docked at
the top of the board area, and the samurai who decides is scrolled into view under it
whenever that changes; so at 80x24 the village stays in sight with the samurai to move.
The board takes the widening split of the room (``spare_columns``). The end of a round
is held up on its own screen until a key (``summary.py``). Keys: the routine choice is on
Enter (``DEFAULT_KINDS``); the others are pinned to what they are (``action_key``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.reactive import reactive

from rules.spirit import data
from rules.spirit.describe import TALENT_SHORT
from rules.spirit.render import FAMILY_SHORT, STEP, WHY, farm_burnt, turn_flags, wound_words
from rules.spirit.village import plural
from rules.spirit.words import card_board, family, power_short, words
from tabletop.engine import Game

from ..common.board_base import BoardBase, spare_columns
from ..common.frame import ChooseAction, Frame
from ..common.parts import show as _show
from .fit import Region, lay_out
from .summary import RoundSummaryScreen, round_facts, round_summary

MAX_SAMURAI = 7
PANEL_WIDTH = 48  # the columns a samurai panel needs to draw its lines without wrapping
MIN_PANEL = 34  # the narrowest samurai panel, its lines wrapped, when that saves scrolling
ICON = {"hat": ("hat", "bold yellow"), "farm": ("farm", "bold green"), "family": ("family", "bold cyan"),
        None: ("", "dim")}
EMPTY_SLOT = "–"
# Keys pinned to what an action is (see SpiritBoard.action_key). A pool token is a one-shot
# spend: its letter belongs to its samurai and no other choice ever uses it.
POOL_KEY = {"Kanbei": "k", "Kyuzo": "y", "Heihachi": "h", "Daisuke": "i", "Kikuchiyo": "o",
            "Gorobei": "b", "Katsushiro": "t"}
KIND_KEY = {"pass_round": "p", "fight_again": "f", "confront": "c", "defend": "d",
            "replace_card": "r", "discard_duplicate": "x", "kiai_activate": "a",
            "kiai_decline": "n"}
SLOT_KEY = {"hat": "1", "farm": "2", "family": "3"}
# Which actions a click on a samurai (as a target) or on the card in hand may pick, in order.
TARGET_KINDS = ("kiai_target", "support", "give_card", "give_top")
CARD_KINDS = ("confront", "defend", "replace_card", "discard_duplicate")


def card_text(cid: str, icon: bool = True, penalty_words: bool = True) -> Text:
    """A raider card in the rulebook's words: value, icon, flame and penalties
    ("2, farm, flame: top raider to the intruders"); the value alone: no icon."""
    style = {"value": "bold", "icon": "", "flame": "bold red", "penalty": "magenta", "hidden": "dim"}
    out = Text("")
    for text, part in card_board(cid, icon, penalty_words):
        out.append(text, style=ICON[text][1] if part == "icon" else style.get(part, ""))
    return out


def track_text(total: int, kiai: int) -> Text:
    """The battle track from 0 to Kiai+6, `|` at the Kiai value, `◆` the meeple, then the
    total of the Kiai value in words ("12 of 12 Kiai fires", "14 of 13 overwhelmed")."""
    bar, said = track_parts(total, kiai)
    return bar + Text(" ") + said


def track_parts(total: int, kiai: int) -> tuple[Text, Text]:
    """The track's bar and its words (see ``track_text``), apart, to wrap between them."""
    width = kiai + 6
    out = Text("")
    for i in range(width + 1):
        if i == min(total, width):
            out.append("◆", style="bold red" if total > kiai else "bold white")
        elif i == kiai:
            out.append("|", style="bold yellow")
        elif i < total:
            out.append("━", style="red" if i > kiai else "green")
        else:
            out.append("·", style="dim")
    said = Text(f"{total}", style="bold red" if total > kiai else "bold")
    said.append(f" of {kiai}")
    if total == kiai:
        said.append(" Kiai fires", style="bold yellow")
    elif total > kiai:
        said.append(" overwhelmed", style="bold red")
    return out, said


def wounds_text(w: int) -> Text:
    """Wounds in words (``●``: a marker healing can remove; ``†``: dead)."""
    style = "bold red" if w >= 4 else "bold magenta" if w >= 2 else "yellow" if w else ""
    return Text(wound_words(w), style=style)


class SamuraiPanel(Region):
    def __init__(self, index: int) -> None:
        super().__init__(id=f"samurai-{index}", classes="samurai", frame_rows=2, frame_columns=4)
        self.index = index
        self.defence_row = 3  # the row of the "def" line, where a click defends

    def on_click(self, event: events.Click) -> None:
        board = next((w for w in self.ancestors if isinstance(w, SpiritBoard)), None)
        if board is not None:
            inside = event.get_content_offset(self)
            board.clicked_samurai(self.index, inside.y if inside is not None else event.y)


class SpiritBoard(BoardBase, Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    RESERVED_KEYS = "g"  # g lists the graveyard (the discard pile)
    FOOTER_KEYS = (("g", "Graveyard"),)
    # The routine choice of each decision, on Enter and listed first: begin the turn, fight,
    # end the turn, no second Kiai target. A pool token is a one-shot spend: it never
    # takes Enter, nor a key a routine choice held.
    DEFAULT_KINDS = ("begin_turn", "fight", "end_turn", "kiai_done")
    LAST_KINDS = ("use_pool_token", "kiai_activate", "kiai_target")  # one-shot tokens and powers: never the first row

    DEFAULT_CSS = """
    SpiritBoard { height: auto; }
    SpiritBoard #sp-transit { border: round $warning; }
    SpiritBoard #sp-samurai { layout: grid; grid-size: 1; grid-rows: auto; grid-gutter: 0 1; height: auto; }
    SpiritBoard .samurai { border: round $panel-lighten-2; padding: 0 1; }
    SpiritBoard .samurai.-active { border: double $success; }
    SpiritBoard .samurai.-deciding { border: heavy $warning; }
    SpiritBoard .samurai.-dead { border: round $error; }
    """

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.list_graveyard = False
        self._followed: tuple[int, int] | None = None  # (active, deciding) last scrolled to
        self._before: Any = None  # the public view at the last sync, for the end-of-round summary
        self._pin: Region | None = None  # the one-line village status, docked in the board area
        self._height_seen = 0  # the terminal's height at the last resize

    def compose(self) -> ComposeResult:
        yield Region(id="sp-head")
        yield Region(id="sp-village")
        yield Region(id="sp-stacks")
        yield Region(id="sp-transit", frame_rows=2, frame_columns=2)
        yield Region(id="sp-graveyard")
        with Container(id="sp-samurai"):
            for i in range(MAX_SAMURAI):
                yield SamuraiPanel(i)

    def board_columns(self, width: int, height: int) -> int:
        """The samurai fit side by side in whatever the board gets: the side panels widen
        with the terminal. Asked at every resize of the screen: a new height (which does
        not resize the board itself) lays the samurai and the pinned line out again."""
        if height != self._height_seen:
            self._height_seen = height
            self.call_after_refresh(self._refit)
        return spare_columns(width)

    def _refit(self) -> None:
        self._followed = None  # the new layout may have moved the samurai to move away
        self.watch_frame(self.frame)

    # -- drawing -------------------------------------------------------------
    def _width(self) -> int:
        return self.content_size.width or self.size.width or max(40, self.app.size.width - 32)

    def on_resize(self, event: events.Resize) -> None:
        self._followed = None  # the new layout may have moved the samurai to move away
        self.watch_frame(self.frame)

    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        if view is None:
            for part in self.query(Region):
                part.show([])
            for panel in self.query(SamuraiPanel):
                _show(panel, False)
            if self._pin is not None:
                self._pin.display = False
            return
        width = self._width()
        head = self.query_one("#sp-head", Region)
        head.show(self._head(view, head.inner(width)))
        village = self.query_one("#sp-village", Region)
        village.show(self._village(view, village.inner(width)))
        stacks = self.query_one("#sp-stacks", Region)
        stacks.show(self._stacks(view, stacks.inner(width)))
        graveyard = self.query_one("#sp-graveyard", Region)
        _show(graveyard, self.list_graveyard)
        if self.list_graveyard:
            graveyard.show(self._graveyard(view, graveyard.inner(width)))
        # Always there, so that a card coming and going never changes the layout.
        transit = self.query_one("#sp-transit", Region)
        transit.show(self._transit(view, transit.inner(width)) if view.transit is not None
                     else [Text("No raider card in hand.", style="dim"), Text("")])
        deciding = view.pending.seat if view.pending else None
        above = sum(r.rows for r in (head, village, stacks, transit)) + (graveyard.rows if self.list_graveyard else 0)
        columns, panel_width, drawn = self._samurai_columns(view, deciding, width, above)
        grid = self.query_one("#sp-samurai")
        if grid.styles.grid_size_columns != columns:
            grid.styles.grid_size_columns = columns
        for panel in self.query(SamuraiPanel):
            i = panel.index
            _show(panel, i < len(view.samurai))
            if i >= len(view.samurai):
                continue
            for cls, on in (("-active", i == view.active and not view.over),
                            ("-deciding", i == deciding and i != view.active),
                            ("-dead", view.samurai[i].wounds >= 4)):
                if panel.has_class(cls) != on:
                    panel.set_class(on, cls)
            lines = drawn[i]
            panel.defence_row = next((y for y, ln in enumerate(lines) if ln.plain.startswith("defence:")), 3)
            panel.show(lines)
        self._put_pin(view, width, above + self._grid_rows(drawn, columns))
        self._follow(view, deciding)

    def _viewport_rows(self) -> int:
        """The rows the board area shows at once (the pinned status line not counted)."""
        area = self.parent
        if area is None or not area.size.height:
            return max(10, self.app.size.height - 4)
        return area.scrollable_content_region.height + (1 if self._pin is not None and self._pin.display else 0)

    @staticmethod
    def _grid_rows(drawn: list[list[Text]], columns: int) -> int:
        heights = [len(lines) + 2 for lines in drawn]  # a panel's border: 2 rows
        return sum(max(heights[r:r + columns]) for r in range(0, len(heights), columns))

    def _samurai_columns(self, view, deciding: int | None, width: int, above: int):
        """How many samurai sit side by side: as many as fit at PANEL_WIDTH columns each
        (their lines unwrapped); when the board would then need scrolling, more and
        narrower ones (down to MIN_PANEL columns) where that lets the whole board fit the
        rows it has, else the layout that needs the fewest rows. Returns the columns, a
        panel's width and each samurai's lines."""
        count = len(view.samurai)
        rows = self._viewport_rows()
        widest = max(1, min(count, (width + 1) // PANEL_WIDTH))
        most = max(widest, min(count, (width + 1) // MIN_PANEL))
        best = None
        for columns in range(widest, most + 1):
            panel_width = (width - (columns - 1)) // columns
            inner = self.query_one("#samurai-0", SamuraiPanel).inner(panel_width)
            drawn = [self._samurai(view, i, deciding, inner) for i in range(count)]
            needed = above + self._grid_rows(drawn, columns)
            if best is None or needed < best[0]:
                best = (needed, columns, panel_width, drawn)
            if needed <= rows:
                break
        return best[1], best[2], best[3]

    def _put_pin(self, view, width: int, needed: int) -> None:
        """The one-line village status kept at the top of the board area while the board
        scrolls (it needs more rows than the area has), so the village stays in sight with
        the samurai to move."""
        pin = self._pin
        if pin is None:
            return
        on = needed > self._viewport_rows() and not view.over
        if on:
            pin.show([self._village_line(view, pin.inner(width))])
        if pin.display != on:
            pin.display = on

    def _village_line(self, view, width: int) -> Text:
        """The village in one line, the longest wording that fits: "Barricades 4/5 ·
        Farmsteads 1 2 4 5 6 · Elder, Child", else the counts in words."""
        bars = f"Barricades {view.barricades}/{view.cap}"
        farms = " ".join(str(f) for f in sorted(view.farms)) or "none"
        names = ", ".join(family(f) for f in view.families) or "no family"
        n_farms, n_fams = len(view.farms), len(view.families)
        forms = [f"{bars} · Farmsteads {farms} · {names}",
                 f"{bars} · {plural(n_farms, 'farmstead')} · {names}",
                 f"{bars} · {plural(n_farms, 'farmstead')} · {plural(n_fams, 'family', 'families')}"]
        said = next((f for f in forms if len(f) <= width), forms[-1])
        out = Text(said, style="bold")
        return lay_out([out], width)[0] if out.cell_len > width else out

    def _follow(self, view, deciding: int | None) -> None:
        """Scroll the samurai who decides now (the active one, or the one deciding for it)
        into view, once each time that changes."""
        if view.over:
            return
        key = (view.active, deciding if deciding is not None else view.active)
        if key == self._followed:
            return
        self._followed = key
        panel = self.query_one(f"#samurai-{key[1]}", SamuraiPanel)
        # After the layout that the new heights ask for, then once it has been applied.
        self.call_after_refresh(self.call_after_refresh, panel.scroll_visible, animate=False)

    def public_pause(self, public: Any) -> Any:
        """When a round has just ended, its summary for the whole table, until a key.

        Called by the board screen with the public view before it draws anything; the
        view before this one is the last of the ended round, so the two tell what the end
        of the round changed."""
        before, self._before = self._before, public
        if before is None or public.round <= before.round:
            return None
        ended = before.round
        lines = round_summary(public, ended)
        if not lines:
            return None
        facts = round_facts(before, public, lines) if public.round == ended + 1 else []
        return RoundSummaryScreen(ended, lines, facts)

    def on_mount(self) -> None:
        # The village status line is docked at the top of the scrolling board area (the
        # board's parent), so it stays there while the board scrolls under it.
        if self.parent is not None:
            self._pin = Region(id="sp-pin")
            self._pin.styles.dock = "top"
            self._pin.display = False
            self.parent.mount(self._pin, before=self)
        self.watch_frame(self.frame)

    def _head(self, view, width: int) -> list[Text]:
        level = view.options.difficulty.capitalize()
        facts = [Text(f"Round {view.round}/3", style="bold"), Text(level)]
        if view.over:
            facts.append(Text("Victory", style="bold green") if view.won else Text("Defeat", style="bold red"))
            return lay_out(facts, width)
        p = view.pending
        mover = Text(f"▶ {view.samurai[view.active].name}", style="bold")
        if p is not None and p.seat == view.active:
            mover.append(f" · {STEP[p.kind]}")
        facts.append(mover)
        lines = lay_out(facts, width)
        if p is not None and p.seat != view.active:
            lines += lay_out([Text(f"◆ {view.samurai[p.seat].name} decides ({WHY.get(p.kind, STEP[p.kind])})",
                                   style="yellow")], width)
        return lines

    def _village(self, view, width: int) -> list[Text]:
        bars = Text("Barricades ")
        bars.append("▮" * view.barricades, style="bold green")
        bars.append("▯" * (view.cap - view.barricades), style="dim")
        bars.append(f" {view.barricades}/{view.cap}")
        parts = [Text("Farmsteads")] + [Text(str(f), style="green") for f in sorted(view.farms)]
        parts += [Text(f"✗{farm_burnt(view, f)}", style="red") for f in sorted(view.burnt)]
        if not view.farms and not view.burnt:
            parts.append(Text("none"))
        # One fact while it fits; else wrapped between slots, never cut inside one.
        facts = [bars] + lay_out(parts, width, sep=" ", indent=2)
        for fam in view.families:
            facts.append(Text(f"{family(fam)} ({FAMILY_SHORT[fam]})", style="cyan"))
        for fam in view.lost_families:
            facts.append(Text(f"✗{family(fam)} lost", style="red"))
        return lay_out(facts, width)

    def _stacks(self, view, width: int) -> list[Text]:
        added = {1: "", 2: " with lieutenants", 3: " with lieutenants and bosses"}[view.round]
        grave = Text.assemble(("Discard ", "bold"), f"{len(view.discard)}")
        if view.discard:
            grave.append(" top ")
            grave.append_text(card_text(view.discard[-1]))
        facts = [Text.assemble(("Raiders ", "bold"), f"{len(view.raiders)}{added}"),
                 Text.assemble(("Intruders ", "bold"), f"{len(view.intruders)}"),
                 grave, Text("(g lists it)", style="dim"), Text(f"Reserve {len(view.reserve)}")]
        if view.options.two_player_rules:
            tokens = [Text(f"{who} ({TALENT_SHORT[data.roster()[who].human.talent]})") for who in view.pool]
            first = Text("Pool: ", style="bold")
            facts.append(first + tokens[0] if tokens else first + Text("none"))
            facts += tokens[1:]
        return lay_out(facts, width)

    def _graveyard(self, view, width: int) -> list[Text]:
        facts = [Text.assemble(("Discard pile", "bold"), f" ({len(view.discard)}, newest first; g hides it):")]
        facts += [card_text(cid) for cid in reversed(view.discard)]
        return lay_out(facts, width, sep=" · ")

    def legend(self) -> list[tuple[str, str]]:
        """Every glyph, abbreviation and colour this board draws, in the rulebook's words."""
        backs = ", ".join(w.name for w in words().backs.values())
        return [
            ("▶", "the samurai whose turn it is (double border)"),
            ("◆", "beside a name: the samurai deciding out of turn (yellow border);"
                  " on a track: the samurai's total"),
            ("S1…S7", "the seat: its number is the key that picks this samurai as a target"),
            ("human / tiger, bear…", "the side of the samurai's board: human, or the animal"
                                      " after the second wound (higher Kiai, stronger talent)"),
            ("●", "a wound marker: healing removes it (1 or 3 wounds)"),
            ("†", "dead: a fourth wound, the game is lost"),
            ("passed _", "lying down: out until the round ends"),
            ("Kiai 11 (fox 14)", "the Kiai value now, and on the board's other side"),
            ("|", "on the track: the Kiai value"),
            ("━", "on the track: the total so far (red above the Kiai value)"),
            ("·", "on the track: an empty step; between cards and facts: a separator"),
            ("12 of 12 Kiai fires", "the total is exactly the Kiai value: the Kiai power fires"),
            ("14 of 13 overwhelmed", "the total is above the Kiai value: the next action is a pass"),
            ("2, farm, flame: …", "a raider card: its value, its defence icon (hat, farm or family;"
                                  " none: the value alone), a flame, then after ':' its penalties"),
            ("lieutenant 5 / boss 6", "a lieutenant or a boss (rounds 2 and 3) and its value"),
            ("hat / farm / family", "the defence icons, and the defence slots they fill (colour repeats them)"),
            ("flame", "(red) revealed among the intruders, it destroys once"),
            ("+", "joins a boss's two penalties"),
            ("◀top", "after the newest card of the line: its penalty applies at its owner's turn start"),
            ("–", "an empty defence slot"),
            ("▮", "a standing barricade (green)"),
            ("▯", "a fallen barricade; the starting number is the cap"),
            ("✗", "a destroyed farmstead or a lost family (red)"),
            (f"✗3 ({words().backs['BURN'].name} back)",
             f"Hard and Heroic: a destroyed farmstead's back ({backs})"),
            ("Raiders", "the raider stack, face down"),
            ("Intruders", "face down until the end of the round; each flame then destroys once"),
            ("Discard", "the discard pile, face up; g lists it"),
            ("Reserve", "lieutenants and bosses waiting face down for rounds 2 and 3"),
            ("Pool", "two-player rules: unused samurai's tokens, one per turn, each once a game"),
            ("token home / with …", "where the samurai's support token is"),
            ("green / red", "colour repeats a word or glyph: standing or gained / lost or over Kiai"),
        ]

    def action_key(self, action: Any) -> str | None:
        """Spirit's keys follow what an action is, never what else is offered: a samurai
        as a target is its seat number (support, give, Kiai), a pool token is a letter of
        its samurai's that no other choice uses, and each card choice has its letter."""
        kind = action.kind
        if kind == "use_pool_token":
            return POOL_KEY.get(action.samurai)
        if kind in ("support", "give_card", "give_top"):
            return str(action.to + 1)
        if kind == "kiai_target" and action.dest is None:
            return str(action.target + 1)
        if kind == "order_penalties":  # 1 and 2: the codes in the card's listed order
            p = self.frame.view.pending if self.frame and self.frame.view else None
            codes = list(p.codes) if p is not None else []
            return str(codes.index(action.first) + 1) if action.first in codes else None
        if kind == "discard_defended":  # 1 2 3: the slots in the order the board draws them
            return SLOT_KEY[action.slot]
        return KIND_KEY.get(kind)

    def board_key(self, key: str) -> bool:
        if key != "g":
            return False
        self.list_graveyard = not self.list_graveyard
        self.watch_frame(self.frame)
        return True

    def _transit(self, view, width: int) -> list[Text]:
        t = view.transit
        c = data.card(t.card)
        how = "given to" if t.given else "drawn by"
        first = Text.assemble(("In hand ", "bold"))
        first.append_text(card_text(t.card))
        facts = [first, Text(f"{how} {view.samurai[t.holder].name}")]
        if not c.icon:
            facts.append(Text("no icon", style="dim"))
        if t.replaces_left:
            facts.append(Text(f"{plural(t.replaces_left, 'replace')} left"))
        lines = lay_out(facts, width)
        return lines + [Text("")] * (2 - len(lines))

    def _samurai(self, view, i: int, deciding: int | None, width: int = 200) -> list[Text]:
        s = view.samurai[i]
        card = data.roster()[s.name]
        face = s.face
        other = f"human {card.human.kiai}" if s.animal else f"{card.animal} {card.animal_face.kiai}"
        mark = "▶" if i == view.active and not view.over else ("◆" if i == deciding else " ")
        who = Text.assemble((f"{mark}S{i + 1} ", "bold"), (s.name, "bold"))
        form = Text(card.animal if s.animal else "human", style="magenta" if s.animal else "")
        status = Text("passed _", style="dim") if s.passed else Text("standing", style="green")
        kiai = Text(f"Kiai {face.kiai} ({other})")
        lines = lay_out([who, form, wounds_text(s.wounds), status, kiai], width)
        lines += lay_out(list(track_parts(s.total, face.kiai)), width, sep=" ")
        cards = [card_text(cid) for cid in s.line] or [Text("empty", style="dim")]
        cards[0] = Text("line: ") + cards[0]
        if s.line:
            cards[-1] = cards[-1] + Text(" ◀top", style="dim")
        lines += lay_out(cards, width, sep=" · ", indent=5)
        slots = Text("defence:")
        for n, (slot, cid) in enumerate(s.slots.items()):
            slots.append(f"{',' if n else ''} {slot} ")
            # In a slot only the value counts: the icon is the slot's, a flame or a
            # penalty never acts there.
            slots.append_text(Text(str(data.card(cid).value), style="bold") if cid
                              else Text(EMPTY_SLOT, style="dim"))
        holds = [o.name + "'s" for o in view.samurai if o.token_with == i]
        token = Text("token " + ("home" if s.token_with is None else f"with {view.samurai[s.token_with].name}"))
        facts = [slots, token] + ([Text(f"holds {', '.join(holds)} token")] if holds else [])
        lines += lay_out(facts, width, sep=" · ")
        talent = "talent: " + TALENT_SHORT[face.talent] + (" (animal: stronger)" if s.animal else "")
        lines += lay_out([Text(talent, style="dim"),
                          Text(f"Kiai power: {power_short(face.power, face.count)}", style="dim")], width)
        on = turn_flags(view) if i == view.active else []
        if on:
            lines += lay_out([Text(x, style="bold red") for x in on], width, sep=" ")
        return lines

    # -- clicks ----------------------------------------------------------------
    def _legal(self) -> tuple[Any, ...]:
        return self.frame.actions if self.frame else ()

    def clicked_samurai(self, seat: int, row: int) -> None:
        actions = self._legal()
        for kind in TARGET_KINDS:
            for a in actions:
                if a.kind == kind and (getattr(a, "target", None) == seat or getattr(a, "to", None) == seat):
                    self.post_message(ChooseAction(a))
                    return
        # A click on the deciding samurai's own panel: the card in hand goes to its line/slots.
        for kind in CARD_KINDS:
            for a in actions:
                if a.kind == kind and getattr(a, "seat", None) == seat:
                    if kind == "defend" and row != self.query_one(f"#samurai-{seat}", SamuraiPanel).defence_row:
                        continue
                    self.post_message(ChooseAction(a))
                    return

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "sp-transit":
            for kind in CARD_KINDS:
                for a in self._legal():
                    if a.kind == kind:
                        self.post_message(ChooseAction(a))
                        return
