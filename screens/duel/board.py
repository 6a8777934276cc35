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

from rules.duel.words import ICON_NAMES, blood_name
from tabletop.engine import Game

from ..common.board_base import BoardBase, spare_columns
from ..common.fit import clip
from ..common.frame import ChooseAction, Frame
from ..common.parts import show
from .exchange import Exchange
from .legend import LEGEND
from .opponent import TARGET_KEY, Foes
from .regions import Block
from .spread import Spread, card_words
from .texts import C, D, card_text, flow, wrap
from .tracks import Gauge

CARD_KINDS = ("activate", "penalty", "jin_pick", "special_keep", "special_limit", "choose")
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
WIDE = 90  # board columns from which the regions pair up side by side
GUTTER = 2  # columns between the two sides of the wide layout


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
        self.heights: dict[str, int] = {}  # card -> its rows, when a card has its own rows

    def draw(self, cards: list[str], texts: list[Text], lit: str | None, width: int,
             notes: list[Text] = (), rows: bool = False) -> None:
        self.show(self.layout(cards, texts, lit, width, notes, rows))

    def layout(self, cards: list[str], texts: list[Text], lit: str | None, width: int,
               notes: list[Text] = (), rows: bool = False) -> list[Text]:
        """The hand's lines: rows of cells, then ``notes`` (what the Special Action cards
        do, each broken between words), so that no card's text is cut."""
        inner = max(1, width - self.FRAME_COLUMNS)
        plain = [t.cell_len for c, t in zip(cards, texts) if not D.cards[c].special]
        self.cell = min(inner, max(plain + [12]) + 1)
        self.cols = max(1, inner // self.cell)
        if rows:  # a card a row: its words are as wide as the hand
            self.cell, self.cols = inner, 1
        self.cards = list(cards)
        self.places = {}
        lines: list[Text] = []
        used = self.cols  # cells taken on the current line
        self.heights = {}
        for card, text in zip(cards, texts):
            if rows:  # its words broken between words, under its key
                pieces = wrap(text, inner, 4)
                self.places[card], self.heights[card] = (len(lines), 0, 1), len(pieces)
                for piece in pieces:
                    if card == lit:
                        piece.pad_right(inner - piece.cell_len)
                        piece.stylize("reverse bold")
                    lines.append(piece)
                continue
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
        for note in notes:
            lines += wrap(note, inner, 4)
        return lines or [Text(" no card in hand", style="dim")]

    def card_at(self, x: int, y: int) -> str | None:
        col = x // self.cell
        return next((c for c, (row, first, span) in self.places.items()
                     if row <= y < row + self.heights.get(c, 1) and first <= col < first + span), None)

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


class DuelBoard(Spread, Gauge, Foes, Exchange, BoardBase, Vertical):
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
        self.spread = False  # the room for Life, Ki and the rounds as tracks, and words

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
            hand_view.draw(hand, [self._hand_card(c) for c in hand], lit, side, self._hand_notes(hand),
                           self.spread and self.wide)
            return
        self._drawn = key
        counts = Counter(D.cards[c].icon for c in hand if not D.cards[c].special)
        hand_view.border_subtitle = " ".join(f"{ICON_NAMES[k]} {counts.get(k, 0)}" for k in "FWEV")
        blocks = self._fitted(view, lit, full, side, self._room())
        show(self.query_one("#du-decks"), len(blocks["#du-decks"]) > 0)
        for selector, lines in blocks.items():
            if selector == "#du-hand":
                hand_view.show(lines)
            else:
                self.query_one(selector, Block).show(lines)
        self._flash_reveals(view)

    # What fits without scrolling, richest first: (spread, the cards to come, blank lines
    # between regions). Spread: Life, Ki and the rounds as tracks, the setting in words.
    LEVELS = ((True, True, True), (True, True, False), (False, True, True), (False, True, False),
              (False, False, True), (False, False, False))

    def _fitted(self, view, lit: str | None, full: int, side: int, room: int) -> dict[str, list[Text]]:
        """Every region's lines at the richest level that fits ``room`` rows; a spread
        table then tells the rounds so far under the exchange, the newest that fit."""
        hand_view = self.query_one(HandView)
        hand = view.player.hand
        for spread, decks, gap in self.LEVELS:
            self.spread = spread
            blocks = {
                "#du-head": self._head(view, full),
                "#du-gauge": self._gauge(view, lit, side),
                "#du-foe": self._foes(view, side),
                "#du-decks": self._decks(view, side) + [Text("")] if decks else [],
                "#du-exch": self._exchange(view, side),
                "#du-hand": hand_view.layout(hand, [self._hand_card(c) for c in hand], lit, side,
                                             self._hand_notes(hand), spread and self.wide),
                "#du-mods": self._modules(view, full),
            }
            if gap:
                for selector in ("#du-gauge", "#du-foe"):
                    blocks[selector].append(Text(""))
            if self._need(blocks) <= room:
                break
        if self.spread:
            told = self._rounds_told(view)
            extra: list[Text] = []
            exch = blocks["#du-exch"]
            for line in reversed(told):
                more = wrap(Text(line, style="dim"), side, 2)
                trial = [Text("")] + [Text("The rounds so far:", style="bold")] + more + extra[2:]
                if self._need({**blocks, "#du-exch": exch + trial}) > room:
                    break
                extra = trial
            blocks["#du-exch"] = exch + extra
            # What is still free spaces the regions apart, up to two rows between each.
            gap = min(2, (room - self._need(blocks)) // 3) if self.wide else 0
            if gap > 0:
                for selector in ("#du-head", "#du-gauge", "#du-foe"):
                    blocks[selector] = blocks[selector] + [Text("")] * gap
                blocks["#du-mods"] = [Text("")] * gap + blocks["#du-mods"]
        return blocks

    def _need(self, blocks: dict[str, list[Text]]) -> int:
        """The rows the table takes with these lines (the hand's border included)."""
        n = {k: len(v) for k, v in blocks.items()}
        hand = n["#du-hand"] + HandView.FRAME_ROWS
        rest = n["#du-head"] + n["#du-mods"]
        if self.wide:
            return rest + max(n["#du-gauge"], n["#du-foe"] + n["#du-decks"]) + max(n["#du-exch"], hand)
        return rest + n["#du-gauge"] + n["#du-foe"] + n["#du-decks"] + n["#du-exch"] + hand

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
        if self.spread:  # each in its own words, on its own lines
            facts = []
        if view.campaign is not None:
            camp = view.campaign
            if camp.in_bandits:
                facts.append(Text("campaign: the bandits at the crossroads"))
            else:
                nxt = "next duel" if view.step == "between_duels" else "duel"
                facts.append(Text(f"campaign {nxt} {camp.index + 1} of {len(camp.ladder)}"))
            facts.append(Text(f"score {camp.score}"))
        lines = flow(facts, width)
        if self.spread:
            lines = [ln for fact in self._setting(view) for ln in wrap(fact, width, 2)] + lines
        if view.result is not None:
            style = "bold green" if view.result == "win" else "bold red"
            verdict = "You win: " if view.result == "win" else "You lose: "
            lines += wrap(Text(verdict + view.explanation, style=style), width)
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
        tables = self._deck_tables(defences, counters, width) if self.spread and self.wide else None
        if tables is not None:
            return tables + wrap(Text("◆ a Ki mark: he pays 1 Ki, if he has any, to make the card stronger.",
                                      style="dim"), width, 2) + self._own_deck(view, width)
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
        return lines + (self._own_deck(view, width) if self.spread else [])

    def _own_deck(self, view, width: int) -> list[Text]:
        """Your Action deck by icon (its order stays hidden): what your next draws hold."""
        icons = Counter(D.cards[c].icon for c in view.action_deck if c in D.cards)
        facts = [Text(f"Your action deck ({len(view.action_deck)}):", style="bold")]
        facts += [Text(f"{ICON_NAMES[k]} {icons.get(k, 0)}") for k in "FWEV"]
        return flow(facts, width, sep=" ", indent=2)

    def _hand_card(self, cid: str) -> Text:
        digit = self._digits.get(cid)
        out = Text.assemble((digit or " ", "bold reverse"), " ")
        out.append_text(card_words(cid) if self.spread and self.wide else card_text(cid))
        return out

    def _hand_notes(self, hand: list[str]) -> list[Text]:
        """On a wide table, what each Special Action card in hand does, under the cards
        (spread, each card has a row and says it there)."""
        if not self.wide or self.spread:
            return []
        return [Text.assemble(("★ ", "magenta"), (D.cards[c].name, "magenta"), f": {D.cards[c].text}", style="dim")
                for c in hand if D.cards[c].special and D.cards[c].text]

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
    def board_columns(self, width: int, height: int) -> int:
        """The widening split: the side panels grow with the terminal and the duel table lays itself out for the area it gets."""
        return spare_columns(width)

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
