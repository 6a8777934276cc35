"""The duel table (duel spec section 9). Draws one view and the rules' own previews.

Colour always comes with a letter or glyph: icons are F/W/E/V (★ for Special Action
cards), Life is ♥, Ki is ◆, your level on a track ●, the target enemy is ▶, a dead enemy ✗,
the Injury die [n] or ✕. ``legend()`` lists every glyph, abbreviation and colour drawn.
A click on a card in hand picks the action that uses it; moving the decision cursor over
a card shows what it would do to the gauge before it is played.

Every region is a ``Block``: its lines are fitted to the width here (wrapped between
words or facts, and a fact too wide for any line ends in "…"), and when their number
changes the block is laid out again, so nothing is clipped silently. Below 90 columns
of board the regions stack; from 90 they pair up in two columns, the tracks grow and
show the revealed defence's needs, and Special Action and Bushido cards show their text.
Where the height allows, the defence and counterattack cards still to come are listed.

Keys (``action_key``): the routine choice of a decision is on Enter (DEFAULT_KINDS); a
card keeps one digit while you hold it, drawn on its cell in the hand; every other
choice has its own letter.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from rules.duel import preview
from rules.duel.data import data
from rules.duel.words import ICON_NAMES, RESULT_WORDS, blood_name, card_name
from tabletop.engine import Game

from ..common.board_base import BoardBase
from ..common.fit import clip, flow
from ..common.frame import ChooseAction, Frame
from ..common.parts import Part, show

D = data()
C = D.c
ICON_STYLE = {"F": "bold red", "W": "bold cyan", "E": "bold green", "V": "bold yellow", "wild": "bold magenta"}
CARD_KINDS = ("activate", "penalty", "jin_pick", "special_keep", "special_limit", "choose")
RESULT_STYLE = {"miss": "dim", "W1": "bold yellow", "W2": "bold red", "blocked": "bold green",
                "cancelled": "dim"}
KANJI = ("義", "勇", "誠")
# Keys: a card keeps one digit for as long as you hold it (shown on its cell in the hand);
# every other choice has its own letter, whatever else is offered. The routine choice of
# each decision (DEFAULT_KINDS) is on Enter.
DIGITS = "1234567890"
CARD_KEYED = ("activate", "jin_pick", "special_limit")
LETTER = {"buy_card": "c", "peek": "p", "jin_confirm": "j", "bushido_advance": "b", "meiyo": "m",
          "bokken_ki": "o", "gisei": "g", "ki_guard": "k", "activate_die": "d", "exploit": "x",
          "ford_keep": "l", "ford_bottom": "n"}
REDRAW_KEY = {"yari": "y", "campaign": "r"}
REWARD_KEY = {"ki": "k", "special": "a", "bushido": "b"}
PENALTY_KEY = {"ki": "k", "life": "h", "die": "d"}
TARGET_KEY = {1: "e", 2: "f", 3: "i"}
TRACK_WIDTH = 27  # the widest track line ("S " + 11 cells + " 10→10 cap 3") and a space
WIDE_TRACK = 58  # the same at scale 3, with "  needs 10 ✓"
WIDE = 90  # board columns from which the regions pair up side by side
GUTTER = 2  # columns between the two sides of the wide layout


# -- fitting lines to a width -------------------------------------------------------------

def wrap(text: Text, width: int, indent: int = 0) -> list[Text]:
    """Prose broken between words; a word wider than the line is cut with "…"."""
    words = [Text(w, style=text.style) for w in text.plain.split(" ") if w]
    if not text.spans:
        return flow(words, width, sep=" ", indent=indent)
    # Styled prose: keep the spans by dividing the Text itself at the break points.
    out: list[Text] = []
    rest = text
    while rest.cell_len > width:
        cut = rest.plain.rfind(" ", 0, width + 1)
        if cut <= 0:
            break
        head, rest = rest.divide([cut])
        out.append(head)
        rest = Text(" " * indent) + rest[1:]
    out.append(rest)
    return [clip(ln, width) for ln in out]


LEGEND = (
    ("S T G", "your gauge: Strength, Technique and Guard, each a track from 0 to 10"),
    ("●", "your level on a track; on a Bushido kanji, the pawn"),
    ("○ →", "the level after the highlighted card; → also reads 'gives'"),
    ("┆", "your weapon's base level, where each round starts"),
    ("━ ·", "levels below and above yours on a track; · also separates two facts"),
    ("▌ cap 3", "a Blood wound caps this track at 3"),
    ("locked", "the Kusarigama keeps your Guard at 0"),
    ("needs ✓ ✗", "the revealed defence's threshold on this track: met ✓ or not yet ✗"),
    ("♥", "Life (yours or an enemy's), now/at the start"),
    ("◆", "Ki; Meiyo ◆n is the Ki on the Meiyo card; after a card's values, a Ki mark"),
    ("Injury die [n] ✕", "the Injury die at level n; ✕ once Broken rib removed it"),
    ("義 勇 誠", "the three Bushido kanji; the pawn ● shows how far it has come"),
    ("S+1 T+0 A+1", "an enemy's bonus to your Strength and Technique thresholds, and to his "
                    "counterattack Power"),
    ("▶", "the enemy you target (three enemies)"),
    ("✗", "before an enemy, dead (his name is struck through)"),
    ("SIDE A/B", "Shiro's card: side B costs you a penalty"),
    ("blue die: 2 → 1,2,3", "who counterattacks on each roll of the blue die (three enemies):"
                            " on a 2, enemies 1, 2 and 3"),
    ("F W E V", "a card's icon: Fire, Water, Earth, Void; three alike make a combo"),
    ("F3 +2/+1/0", "Action card F3: Strength +2, Technique +1, Guard 0"),
    ("F3 W3 E3 V3", "an Action card as the decisions name it: its icon's letter (Fire, Water, "
                    "Earth, Void) and its place in the deck list, as two cards may carry the same values"),
    ("★", "a Special Action card, by its name"),
    ("*", "on a card, the wild icon (Niten Ichi-ryū)"),
    ("Fire 1 Water 2 Earth 0 Void 3", "how many cards of each icon you hold"),
    ("1 2 … 0", "a card's key, drawn on its cell; letters are other choices' keys"),
    ("e f i", "the keys that target enemy 1, 2 or 3"),
    ("Defence 4/8", "the defence card's Strength and Technique values; needs: with bonuses"),
    ("Power", "a counterattack's strength; your Guard blocks it when at least as high"),
    ("Wound 1 / Wound 2", "the wound a strike or counterattack deals (miss, blocked: none)"),
    ("armour n", "Yoroi: the damage it can still absorb"),
    ("bleed n", "Life lost at this round's end"),
    ("gash", "Deep gash: 1 Life lost at every round's end"),
    ("no Ki gain", "Eye injury: no effect gives you Ki"),
    ("no Void combos", "Broken rib: Void combos do nothing"),
    ("(exploit ready)", "the surroundings can be exploited; (used) once spent"),
    ("red", "Fire cards; a Wound 2; a wound, cap or loss (always with its words)"),
    ("cyan", "Water cards; Ki; the level after the highlighted card"),
    ("green", "Earth cards; filled levels; met ✓; blocked"),
    ("yellow", "Void cards; your weapon's base; a Wound 1; a Ki mark paid"),
    ("magenta", "Special Action and Bushido cards"),
    ("dim", "what is over or gone: the exchange before, a dead enemy"),
    ("reverse", "a key, the highlighted card, Shiro's side"),
)


def _at(note) -> tuple[int, int, int]:
    """Where a strike or counterattack note was made: (duel, round, exchange)."""
    return note.duel, note.round, note.exchange


class Block(Part):
    """A region of the table drawn from a list of lines that already fit its width.

    When the number of lines changes, the block's height follows and the board is laid
    out again; otherwise only the changed lines are repainted (``Part``)."""

    DEFAULT_CSS = "Block { text-wrap: nowrap; text-overflow: ellipsis; }"
    FRAME_ROWS = 0  # rows of border and padding around the lines (set by the stylesheet)

    def __init__(self, **kwargs) -> None:
        super().__init__(fixed=True, **kwargs)
        self.rows = 0

    def show(self, lines: list[Text]) -> None:
        lines = lines or [Text("")]
        rows = len(lines) + self.FRAME_ROWS
        if rows != self.rows:
            self.rows = rows
            self.styles.height = rows  # a new height asks for a new layout
        self.put(Text("\n").join(lines))


class HandView(Block):
    """The hand, drawn as one region of equal cells (a Special Action card with its name
    takes as many cells as it needs); a click on a card's cells plays that card."""

    DEFAULT_CSS = "HandView { border: round $success; }"
    FRAME_ROWS = 2
    FRAME_COLUMNS = 2

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list[str] = []
        self.cell = 16
        self.cols = 3
        self.places: dict[str, tuple[int, int, int]] = {}  # card -> (row, first cell, cells)

    def draw(self, cards: list[str], texts: list[Text], lit: str | None, width: int) -> None:
        inner = max(1, width - self.FRAME_COLUMNS)
        plain = [t.cell_len for c, t in zip(cards, texts) if not D.cards[c].special]
        self.cell = min(inner, max(plain + [12]) + 1)
        self.cols = max(1, inner // self.cell)
        self.cards = list(cards)
        self.places = {}
        lines: list[Text] = []
        used = self.cols  # cells taken on the current line
        for card, text in zip(cards, texts):
            span = min(self.cols, -(-(text.cell_len + 1) // self.cell))
            if used + span > self.cols:
                lines.append(Text())
                used = 0
            self.places[card] = (len(lines) - 1, used, span)
            cell = clip(text, span * self.cell)
            cell.pad_right(span * self.cell - cell.cell_len)
            if card == lit:
                cell.stylize("reverse bold")
            lines[-1].append_text(cell)
            used += span
        self.show(lines or [Text(" no card in hand", style="dim")])

    def card_at(self, x: int, y: int) -> str | None:
        col = x // self.cell
        return next((c for c, (row, first, span) in self.places.items()
                     if row == y and first <= col < first + span), None)

    def click_offset(self, card: str) -> tuple[int, int]:
        """Where to click on this widget (border included) to play ``card``."""
        row, first, _ = self.places[card]
        left, top = self.styles.gutter.left, self.styles.gutter.top
        return left + first * self.cell + 2, top + row

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        card = self.card_at(offset.x, offset.y) if offset is not None else None
        board = next((a for a in self.ancestors if isinstance(a, DuelBoard)), None)
        if board is not None and card is not None:
            board.clicked_card(card)


def card_text(cid: str, dim: bool = False, values: bool = True) -> Text:
    c = D.cards[cid]
    out = Text()
    if c.special:  # a Special Action card goes by its name
        out.append("★", style="bold magenta")
        out.append("*" if c.icon == "wild" else c.icon, style="dim" if dim else ICON_STYLE[c.icon])
        out.append(f" {card_name(cid)}", style="dim" if dim else "magenta")
    else:  # an Action card's id starts with its icon letter
        out.append(cid, style="dim" if dim else ICON_STYLE[c.icon])
    if values:
        out.append(f" {c.s:+d}/{c.t:+d}/{c.g:+d}", style="dim" if dim else "")
    return out


def track(name: str, value: int, base: int, cap: int | None, lock: bool, after: int | None,
          scale: int = 1, need: int | None = None) -> Text:
    """A gauge track 0..10: `●` your level, `┆` weapon base, `▌` cap wall, `○` preview; at
    ``scale`` 3 each step is three cells wide, and ``need`` (a revealed defence's
    threshold) is written after the value with ✓ or ✗."""
    lo, hi = C.track_min, C.track_max
    out = Text(f"{name} ", style="bold")
    for i in range(lo, hi + 1):
        if i == value:
            glyph = ("●", "bold white")
        elif after is not None and i == after:
            glyph = ("○", "bold cyan")
        elif cap is not None and i == cap + 1:
            glyph = ("▌", "bold red")
        elif i == base:
            glyph = ("┆", "yellow")
        elif i < value:
            glyph = ("━", "green")
        else:
            glyph = ("·", "dim")
        if scale == 1:
            out.append(*glyph)
            continue
        left = "━" if lo < i <= value else " "
        right = "━" if i < value else " "
        out.append(left, style="green")
        out.append(*glyph)
        out.append(right, style="green")
    out.append(f" {value:2d}", style="bold")
    if after is not None and after != value:
        out.append(f"→{after}", style="bold cyan")
    if lock:
        out.append(" locked", style="red")
    if cap is not None:
        out.append(f" cap {cap}", style="red")
    if need is not None:
        out.append(f"  needs {need} ")
        out.append("✓" if value >= need else "✗", style="bold green" if value >= need else "bold red")
    return out


def scale_line(scale: int) -> Text:
    """The numbers over a wide track's steps."""
    return Text("  " + "".join(f"{i:^{scale}}" for i in range(C.track_min, C.track_max + 1)), style="dim")


class DuelBoard(BoardBase, Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    DEFAULT_CSS = """
    DuelBoard { height: auto; }
    DuelBoard .du-pair { layout: vertical; height: auto; }
    DuelBoard.-wide .du-pair { layout: horizontal; }
    DuelBoard.-wide .du-pair > * { width: 1fr; }
    DuelBoard.-wide #du-gauge, DuelBoard.-wide #du-exch { margin-right: 2; }
    DuelBoard #du-right { height: auto; }
    DuelBoard #du-mods, DuelBoard #du-decks { color: $text-muted; }
    DuelBoard Block.-flash { background: $warning 30%; text-style: bold; }
    """

    PREVIEWS = True  # the decision cursor's card is previewed on the gauge
    DEFAULT_KINDS = ("begin", "strike", "face", "accept", "decline", "continue")  # on Enter
    # Ki, Life, a credit or a one-shot spent, or the target changed: never the first row.
    LAST_KINDS = ("peek", "buy_card", "bushido_advance", "gisei", "ki_guard", "spend_credit", "target",
                  "exploit", "redraw", "meiyo", "bokken_ki", "activate_die")
    REVEAL_SECONDS = 0.9  # how long a fresh reveal or roll stays highlighted

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self._seen: dict[str, object] = {}
        self._drawn: tuple | None = None  # (view, width, room) last drawn in full
        self._digits: dict[str, str] = {}  # card -> its key while you hold or just played it
        self._targets: set[int] = set()  # enemies you may target now

    def compose(self) -> ComposeResult:
        yield Block(id="du-head")
        with Vertical(id="du-top", classes="du-pair"):
            yield Block(id="du-gauge")
            with Vertical(id="du-right"):
                yield Block(id="du-foe")
                yield Block(id="du-decks")
        with Vertical(id="du-mid", classes="du-pair"):
            yield Block(id="du-exch")
            yield HandView(id="du-hand")
        yield Block(id="du-mods")

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= WIDE
        if self.has_class("-wide") != wide:
            self.set_class(wide, "-wide")
        self.watch_frame(self.frame)  # refit every line to the new width

    def on_mount(self) -> None:
        self.query_one("#du-hand").border_title = "Hand"
        self.watch_frame(self.frame)

    # -- sizes ---------------------------------------------------------------------------
    @property
    def wide(self) -> bool:
        return self.has_class("-wide")

    def _widths(self) -> tuple[int, int]:
        """(full width, width of one side): one side is the full width when stacked."""
        full = self.content_size.width or 46
        return full, ((full - GUTTER) // 2 if self.wide else full)

    def _room(self) -> int:
        """Rows the board area shows without scrolling."""
        area = self.parent
        return area.content_size.height if area is not None and area.content_size.height else 20

    # -- drawing -----------------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        if view is None:
            for block in self.query(Block):
                block.show([])
            self._drawn = None
            return
        lit = None
        hl = frame.highlight
        if hl is not None and getattr(hl, "kind", "") == "activate":
            lit = hl.card
        full, side = self._widths()
        key = (view, full, self._room())
        hand = view.player.hand
        self._keep_digits(view)
        self._targets = {a.n for a in frame.actions if a.kind == "target"}
        hand_view = self.query_one(HandView)
        if key == self._drawn:
            # Only the decision cursor moved: redraw the gauge preview and the lit card.
            gauge = self.query_one("#du-gauge", Block)
            gap = [Text("")] if gauge.shown.plain.endswith("\n") else []
            gauge.show(self._gauge(view, lit, side) + gap)
            hand_view.draw(hand, [self._hand_card(c) for c in hand], lit, side)
            return
        self._drawn = key
        blocks = {
            "#du-head": self._head(view, full),
            "#du-gauge": self._gauge(view, lit, side),
            "#du-foe": self._foes(view, side),
            "#du-exch": self._exchange(view, side),
            "#du-mods": self._modules(view, full),
        }
        counts = Counter(D.cards[c].icon for c in hand if not D.cards[c].special)
        hand_view.border_subtitle = " ".join(f"{ICON_NAMES[k]} {counts.get(k, 0)}" for k in "FWEV")
        hand_view.draw(hand, [self._hand_card(c) for c in hand], lit, side)
        # What fits without scrolling: the cards to come, then blank lines between regions.
        room = self._room()
        decks = self._decks(view, side)
        n = {k: len(v) for k, v in blocks.items()}
        rest = n["#du-head"] + n["#du-mods"]
        if self.wide:
            def need(decks_rows: int, gap: int) -> int:
                top = max(n["#du-gauge"] + gap, n["#du-foe"] + gap + decks_rows)
                return rest + top + max(n["#du-exch"], hand_view.rows)
        else:
            def need(decks_rows: int, gap: int) -> int:
                return rest + n["#du-gauge"] + n["#du-foe"] + 2 * gap + decks_rows + n["#du-exch"] + hand_view.rows
        decks.append(Text(""))
        with_decks = need(len(decks), 1) <= room
        blocks["#du-decks"] = decks if with_decks else []
        show(self.query_one("#du-decks"), with_decks)
        if need(len(blocks["#du-decks"]), 1) <= room:
            for selector in ("#du-gauge", "#du-foe"):
                blocks[selector].append(Text(""))
        for selector, lines in blocks.items():
            self.query_one(selector, Block).show(lines)
        self._flash_reveals(view)

    def _flash_reveals(self, view) -> None:
        """Highlight for a moment what was just revealed or rolled: the defence, a
        counterattack, the blue die, an injury. It never blocks input, and a headless
        run (the tests) skips it so that every frame is deterministic."""
        now = {
            "#du-exch": (view.defence.id if view.defence else None,
                         view.counter.id if view.counter else None, view.attack_result,
                         len(view.counters)),
            "#du-foe": (view.last_blue, view.last_injury),
        }
        for selector, marks in now.items():
            before = self._seen.get(selector)
            self._seen[selector] = marks
            if before is None or before == marks or self.app.is_headless:
                continue
            part = self.query_one(selector)
            part.add_class("-flash")
            self.set_timer(self.REVEAL_SECONDS, lambda p=part: p.remove_class("-flash"))

    def _head(self, view, width: int) -> list[Text]:
        """Weapon, surroundings and campaign (the round and step are in the status line)."""
        w = D.weapons[view.weapon]
        place = D.surroundings[view.surroundings]
        facts = [Text(w.name, style="bold")]
        where = Text(place.name)
        if place.limit != "none":
            used = place.id in view.used_duel or place.id in view.used_round
            where.append(" (used)" if used else " (exploit ready)", style="dim" if used else "green")
        facts.append(where)
        if view.campaign is not None:
            camp = view.campaign
            if camp.in_bandits:
                facts.append(Text("campaign: the bandits at the crossroads"))
            else:
                nxt = "next duel" if view.step == "between_duels" else "duel"
                facts.append(Text(f"campaign {nxt} {camp.index + 1} of {len(camp.ladder)}"))
            facts.append(Text(f"score {camp.score}"))
        lines = flow(facts, width)
        if view.result is not None:
            style = "bold green" if view.result == "win" else "bold red"
            verdict = "You win: " if view.result == "win" else "You lose: "
            lines += wrap(Text(verdict + view.explanation, style=style), width)
        return lines

    def _gauge(self, view, lit: str | None, width: int) -> list[Text]:
        """The three tracks, with You, Ki and the Injury die beside them where there is
        room (else above and below), then the Bushido slider or card."""
        p = view.player
        w = D.weapons[view.weapon]
        after = preview.gauge_after(view, lit) if lit else None
        big = self.wide and width >= WIDE_TRACK + 16
        scale, room = (3, WIDE_TRACK) if big else (1, TRACK_WIDTH)
        need = preview.thresholds(view) if big else None
        tracks = [
            track("S", p.s, w.s, 3 if p.cap_s else None, False, after[0] if after else None,
                  scale, need[0] if need else None),
            track("T", p.t, w.t, 3 if p.cap_t else None, False, after[1] if after else None,
                  scale, need[1] if need else None),
            track("G", p.g, w.g, None, view.weapon == "kusarigama", after[2] if after else None, scale),
        ]
        die = Text.assemble("Injury die ", ("✕ removed" if p.die is None else f"[{p.die}]", "bold"))
        beside = width - room
        if beside >= 16:
            facts = flow(self._you(view) + [die], beside, sep="  ")
            lines = [scale_line(scale)] if big else []
            for i, tr in enumerate(tracks):
                line = tr.copy()
                if i < len(facts):
                    line.pad_right(room - line.cell_len)
                    line.append_text(facts[i])
                lines.append(line)
            lines += [Text(" " * room) + f for f in facts[3:]]
        else:
            lines = flow(self._you(view), width, sep="  ") + tracks + [die]
        if view.options.bushido:
            bushido = Text("Bushido ")
            if p.bushido_card:
                card = D.bushido[p.bushido_card]
                bushido.append(card.virtue, style="bold magenta")
                if p.credit:
                    bushido.append(f" credit {p.credit}")
                if p.meiyo_ki:
                    bushido.append(f" Meiyo ◆{p.meiyo_ki}")
                if p.bushido_spent:
                    bushido.append(" (used)", style="dim")
            else:
                for k in range(C.bushido_kanji):
                    bushido.append(f"[{KANJI[k]}{'●' if p.bushido_pos > k else ' '}]",
                                   style="bold magenta" if p.bushido_pos > k else "dim")
            lines.append(clip(bushido, width))
            if self.wide and p.bushido_card:
                card = D.bushido[p.bushido_card]
                lines += wrap(Text(f"{card.virtue} ({card.meaning}): {card.text}", style="dim"), width, 2)
        return [clip(ln, width) for ln in lines]

    def _foes(self, view, width: int) -> list[Text]:
        lines: list[Text] = []
        many = len(view.foes) > 1
        for i, f in enumerate(view.foes):
            mark = Text("▶" if many and view.target == i else ("✗" if f.dead else " "))
            if f.no in self._targets:  # the key that targets this enemy
                mark = Text(TARGET_KEY[f.no], style="bold reverse")
            style = "dim strike" if f.dead else "bold"
            facts = [mark + Text(f"{f.no or ''} {f.name}", style=style),
                     Text(f"♥{f.life}/{f.life_start} ◆{f.ki}", style="dim" if f.dead else ""),
                     Text(f"S{f.defs:+d} T{f.deft:+d} A{f.atk:+d}", style="dim")]
            if f.armour is not None:
                facts.append(Text(f"armour {f.armour}"))
            if f.side:
                facts.append(Text(f"SIDE {f.side}", style="bold reverse"))
            if f.bleed:
                facts.append(Text(f"bleed {f.bleed}", style="red"))
            lines += flow(facts, width, sep=" ", indent=3)
            if not many:
                ability = D.opponents[f.id].ability_text if f.id in D.opponents else f.ability
                lines += wrap(Text(ability, style="dim"), width)
        if many:
            facts = [Text(f"{k} → {','.join(map(str, v))}") for k, v in D.versus3.counter_table.items()]
            facts[0] = Text("blue die: ") + facts[0]
            table = flow(facts, width, sep=" · ", indent=2)
            for ln in table:
                ln.stylize("dim")
            lines += table
            if view.last_blue:
                lines += wrap(Text(f"last roll {view.last_blue}"), width, 2)
        return lines

    def _you(self, view) -> list[Text]:
        p = view.player
        facts = [Text.assemble(("You ", "bold"), ("♥", "red"), f" {p.life}/{p.life_max}"),
                 Text.assemble(("◆", "cyan"), f" Ki {p.ki}")]
        if p.armour is not None:
            facts.append(Text(f"armour {p.armour}/{C.yoroi_resistance}"))
        for flag, word in ((p.bleed, f"bleed {p.bleed}"), (p.gash, "gash"),
                           (p.no_ki_gain, "no Ki gain"), (p.no_combos, "no Void combos")):
            if flag:
                facts.append(Text(word, style="red"))
        return facts

    def _cards(self, cards: list[str], width: int) -> list[Text]:
        """Cards in the order played, with their values when the line has room."""
        full = [card_text(c) for c in cards]
        if sum(t.cell_len + 1 for t in full) <= width:
            return full
        return [card_text(c, values=False) for c in cards]

    def _exchange(self, view, width: int) -> list[Text]:
        """This exchange (its cards, the defence, the strike, the counterattack), then the
        exchange or round before it, labelled so that nothing old reads as current."""
        lines: list[Text] = []
        p = view.player
        solo = len(view.foes) == 1
        if view.step == "between_duels" and view.campaign is not None:
            return self._between_duels(view.campaign, width)
        before_round = view.step == "round_start"
        current = [] if before_round else list(view.exchange_cards)
        head = Text.assemble(("This exchange", "bold"), f" ({view.exchange} of 2):")
        if current:
            cards = self._cards(current, width - head.cell_len)
            lines += flow([head] + cards, width, sep=" ", indent=2)
        else:
            lines.append(head + Text(" no card played yet", style="dim"))
        if view.defence is not None:
            d = D.defence[view.defence.id]
            s_need, t_need = preview.thresholds(view)
            facts = [Text(f"Defence {d.s}/{d.t}: needs S {s_need} · T {t_need}")]
            if view.defence.bonus:
                facts[0].append(f" (Ki mark +{view.defence.bonus})", style="yellow")
            strike = preview.strike_result(view) if view.attack_result is None else None
            if strike is not None:
                result, notes = strike
                now = Text("→ strike now: ")
                now.append(RESULT_WORDS[result], style=RESULT_STYLE[result])
                facts.append(now)
                if notes:
                    facts.append(Text(f"({'; '.join(notes)})", style="dim"))
            lines += flow(facts, width, sep=" ", indent=2)
        here = (view.duel_no, view.round, view.exchange)
        if view.attack_result is not None and not before_round:
            facts = [Text.assemble("Your strike: ", (RESULT_WORDS[view.attack_result],
                                                       RESULT_STYLE[view.attack_result]))]
            strike = view.last_strike()
            if view.defence is None and strike is not None and _at(strike) == here:
                card = D.defence[strike.defence]
                facts.append(Text(f"(defence {card.s}/{card.t})", style="dim"))
            lines += flow(facts, width, sep=" ", indent=2)
            # Counterattacks already taken in this exchange (three enemies: the next waits).
            for note in view.counters:
                if _at(note) == here:
                    lines += wrap(Text("Counterattack taken: ") + self._counter_words(view, note, solo),
                                  width, 2)
        if view.counter is not None:
            ctr = view.counter
            facts = [Text(f"{view.foes[ctr.foe].name}'s counterattack:"), Text(f"Power {ctr.power}")]
            if ctr.surge:
                facts.append(Text("(Ki surge)", style="yellow"))
            result = preview.counter_result(view)
            facts.append(Text.assemble(f"vs your Guard {p.g} → ",
                                       (RESULT_WORDS.get(result, f"Wound {ctr.wound}"),
                                        RESULT_STYLE.get(result, "bold red"))))
            lines += flow(facts, width, sep=" ", indent=2)
        elif view.step == "counter_prepare" and view.queue:
            nxt = (f"Next: counterattack vs your Guard {p.g}" if solo
                   else f"Next: enemy {view.foes[view.queue[0]].no} attacks your Guard {p.g}")
            lines += wrap(Text(nxt, style="italic"), width, 2)
        if view.pending and view.pending[-1].kind == "ford" and view.pending[-1].cards:
            c = D.counters[view.pending[-1].cards[0]]
            mark = ", Ki mark" if c.ki_mark else ""
            lines += wrap(Text(f"River Ford: the top counterattack card is Power {c.power}, "
                               f"Wound {c.wound}{mark}", style="italic"), width, 2)
        if view.attack_result is None or before_round:  # until this exchange has its own
            lines += self._before(view, width, solo, before_round)
        return lines

    def _between_duels(self, camp, width: int) -> list[Text]:
        """The duel just won and the event drawn for the next one."""
        lines = wrap(Text.assemble(("Duel won: ", "bold green"), camp.last_result), width, 2)
        event = camp.effects[0] if camp.effects else ("EV7" if camp.bandits_next else None)
        if event in D.events:
            e = D.events[event]
            lines += wrap(Text.assemble(("Event: ", "bold"), f"{e.name}: {e.text}"), width, 2)
        return lines

    def _before(self, view, width: int, solo: bool, before_round: bool) -> list[Text]:
        """The exchange just before this one, labelled with its round and exchange from the
        rules' own notes: exchange 1 while exchange 2 is played, the last round's exchange 2
        until the first card of the new round."""
        if not (before_round or view.exchange == 2 or not view.exchange_cards):
            return []
        p = view.player
        if view.exchange == 2 and not before_round:
            key, label = (view.round, 1), "Exchange 1:"
            cards = [c for c in p.played if c not in view.exchange_cards]
        else:
            key, label = (view.round - 1, 2), f"Round {view.round - 1}, exchange 2:"
            cards = list(view.exchange_cards) if before_round else []
        strikes = [n for n in view.strikes if (n.round, n.exchange) == key]
        counters = [n for n in view.counters if (n.round, n.exchange) == key]
        if not (cards or strikes or counters):
            return []
        facts = [self._played(label, cards) if cards else Text(label, style="bold")]
        for note in strikes:
            d = D.defence[note.defence]
            facts.append(Text(f"strike {RESULT_WORDS[note.result]} (defence {d.s}/{d.t})"))
        for note in counters:
            facts.append(self._counter_words(view, note, solo))
        if strikes and not counters:
            facts.append(Text("no counterattack"))
        lines = flow(facts, width, indent=2)
        for line in lines:
            line.stylize("dim")
        return lines

    def _counter_words(self, view, note, solo: bool) -> Text:
        """One counterattack taken: "counterattack Power 7 vs Guard 5 → Wound 2", or with
        three enemies "enemy 2 Power 4 vs Guard 5 → blocked"."""
        who = "counterattack" if solo else f"enemy {view.foes[note.foe].no}"
        return Text(f"{who} Power {note.power} vs Guard {note.guard} → {RESULT_WORDS[note.result]}")

    def _played(self, label: str, cards: list[str]) -> Text:
        out = Text(label, style="bold")
        for c in cards or ["-"]:
            out.append(" ")
            out.append_text(card_text(c, values=False) if c != "-" else Text("-"))
        return out

    def _decks(self, view, width: int) -> list[Text]:
        """The defence and counterattack cards still to come: every card of the deck less
        the discard pile and the card on the table (all public)."""
        gone = set(view.defence_discard) | set(view.counter_discard) | set(view.removed)
        if view.defence is not None:
            gone.add(view.defence.id)
        if view.counter is not None:
            gone.add(view.counter.id)
        defences = sorted((d for d in D.defence.values() if d.id not in gone), key=lambda d: (d.s, d.t))
        counters = sorted((c for c in D.counters.values() if c.id not in gone), key=lambda c: (c.wound, c.power))
        out = [Text(f"Defence cards to come ({len(defences)}):", style="bold")]
        out += [Text(f"{d.s}/{d.t}{'◆' if d.ki_mark else ''}") for d in defences]
        lines = flow(out, width, sep=" ", indent=2)
        out = [Text(f"Counterattacks to come ({len(counters)}):", style="bold")]
        for wound in (1, 2):
            powers = [f"{c.power}{'◆' if c.ki_mark else ''}" for c in counters if c.wound == wound]
            if powers:
                out.append(Text(f"Wound {wound}: power " + " ".join(powers)))
        lines += flow(out, width, sep=" ", indent=2)
        lines.append(Text("◆ a Ki mark", style="dim"))
        return lines

    def _hand_card(self, cid: str) -> Text:
        digit = self._digits.get(cid)
        out = Text.assemble((digit or " ", "bold reverse"), " ")
        out.append_text(card_text(cid))
        c = D.cards[cid]
        if c.special and self.wide and c.text:
            out.append(f": {c.text}", style="dim")
        return out

    def _modules(self, view, width: int) -> list[Text]:
        o = view.options
        p = view.player
        bits = []
        if p.blood_kept:
            bits.append("Blood wounds kept: " + ", ".join(
                blood_name(c, level) for c, level in zip(p.blood_kept, p.blood_levels)))
        if view.weapon == "yari":
            bits.append(f"Yari redraws {p.yari_left}")
        if view.campaign is not None:
            bits.append(f"campaign redraw {p.campaign_redraw_left}")
        if o.gisei:
            last = D.gisei.get(view.last_gisei) if view.last_gisei else None
            bits.append(f"Gisei {len(view.gisei_deck)}" + (f" (last Guard {last.guard:+d})" if last else ""))
        if o.blood:
            bits.append(f"Blood deck {len(view.blood_deck)}")
        if o.bushido:
            bits.append(f"Bushido deck {len(view.bushido_deck)}")
        bits.append(f"Action deck {len(view.action_deck)}")
        if view.last_injury in D.injuries:
            bits.append(f"last injury {D.injuries[view.last_injury].name}")
        elif view.last_injury in p.blood_kept:  # a Blood card: its name is its wound's
            i = p.blood_kept.index(view.last_injury)
            bits.append(f"last injury {blood_name(view.last_injury, p.blood_levels[i])}")
        return flow([Text(b) for b in bits], width)

    # -- the legend ---------------------------------------------------------------------
    def legend(self) -> list[tuple[str, str]]:
        return list(LEGEND)

    # -- keys -------------------------------------------------------------------------
    def action_key(self, action: Any) -> str | None:
        kind = action.kind
        if kind in LETTER:
            return LETTER[kind]
        if kind == "redraw":
            return REDRAW_KEY.get(action.source)
        if kind == "spend_credit":
            return action.track  # s or t
        if kind == "target":
            return TARGET_KEY.get(action.n)
        if kind == "reward":
            return REWARD_KEY.get(action.choice)
        if kind == "penalty" and action.option != "card":
            return PENALTY_KEY.get(action.option)
        if kind in CARD_KEYED or kind == "penalty":
            return self._digit(action.card)
        return None  # a Special Action or Bushido card to choose: the screen's own key

    def _digit(self, card: str) -> str | None:
        """The card's digit; a card new to you takes the lowest digit no held card has."""
        if card not in self._digits:
            taken = set(self._digits.values())
            free = next((d for d in DIGITS if d not in taken), None)
            if free is None:
                return None
            self._digits[card] = free
        return self._digits[card]

    def forget_keys(self) -> None:
        self._digits = {}

    def keys_drawn(self, view) -> None:
        self._keep_digits(view)

    def _keep_digits(self, view) -> None:
        """Cards you no longer hold (nor played this round) give their digits back."""
        p = view.player
        held = set(p.hand) | set(p.played)
        self._digits = {c: d for c, d in self._digits.items() if c in held}
        for card in p.hand:
            self._digit(card)

    # -- clicks ----------------------------------------------------------------------
    def clicked_card(self, card: str) -> None:
        actions = self.frame.actions if self.frame else ()
        for kind in CARD_KINDS:
            for a in actions:
                if a.kind == kind and getattr(a, "card", None) == card:
                    self.post_message(ChooseAction(a))
                    return
        self.app.bell()
