"""The duel table (duel spec section 9). Draws one view and the rules' own previews.

Colour always comes with a letter or glyph: icons are F/W/E/V (★ for Special Action
cards), Life is ♥, Ki is ◆, the target enemy is ▶, a dead enemy ✗, the Injury die [n] or ✕.
A click on a card in hand picks the action that uses it; moving the decision cursor over
a card shows what it would do to the gauge before it is played.
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
from tabletop.engine import Game

from ..common.parts import Part
from ..common.frame import ChooseAction, Frame

D = data()
C = D.c
ICON_STYLE = {"F": "bold red", "W": "bold cyan", "E": "bold green", "V": "bold yellow", "wild": "bold magenta"}
CARD_KINDS = ("activate", "penalty", "jin_pick", "special_keep", "special_limit", "choose")
RESULT_STYLE = {"miss": "dim", "W1": "bold yellow", "W2": "bold red", "blocked": "bold green",
                "cancelled": "dim"}
KANJI = ("義", "勇", "誠")


class HandView(Part):
    """The hand, drawn as one region of equal cells; a click on a cell plays that card."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: list[str] = []
        self.cell = 16
        self.cols = 3

    def draw(self, cards: list[str], texts: list[Text], lit: str | None) -> None:
        width = self.content_size.width or 44
        self.cell = max([len(t.plain) for t in texts] + [12]) + 2
        self.cols = max(1, width // self.cell)
        self.cards = list(cards)
        out = Text()
        for i, (card, text) in enumerate(zip(cards, texts)):
            if i and i % self.cols == 0:
                out.append("\n")
            cell = Text(" ") + text
            cell.pad_right(self.cell - len(cell.plain))
            if card == lit:
                cell.stylize("reverse bold")
            out.append_text(cell)
        self.put(out)

    def card_at(self, x: int, y: int) -> str | None:
        col = x // self.cell
        i = y * self.cols + col
        return self.cards[i] if 0 <= col < self.cols and 0 <= i < len(self.cards) else None

    def click_offset(self, card: str) -> tuple[int, int]:
        """Where to click on this widget (border included) to play ``card``."""
        i = self.cards.index(card)
        left, top = self.styles.gutter.left, self.styles.gutter.top
        return left + (i % self.cols) * self.cell + 2, top + i // self.cols

    def on_click(self, event: events.Click) -> None:
        event.stop()
        offset = event.get_content_offset(self)
        card = self.card_at(offset.x, offset.y) if offset is not None else None
        board = next((a for a in self.ancestors if isinstance(a, DuelBoard)), None)
        if board is not None and card is not None:
            board.clicked_card(card)


def card_text(cid: str, dim: bool = False) -> Text:
    c = D.cards[cid]
    out = Text()
    if c.special:
        out.append("★", style="bold magenta")
        out.append("*" if c.icon == "wild" else c.icon, style="dim" if dim else ICON_STYLE[c.icon])
        out.append(cid, style="dim" if dim else "magenta")
    else:  # an Action card's id starts with its icon letter
        out.append(cid, style="dim" if dim else ICON_STYLE[c.icon])
    out.append(f" {c.s:+d}/{c.t:+d}/{c.g:+d}", style="dim" if dim else "")
    return out


def track(name: str, value: int, base: int, cap: int | None, lock: bool, after: int | None) -> Text:
    """A gauge track 0..10: `◆` marker, `┆` weapon base, `▌` cap wall, `○` preview."""
    lo, hi = C.track_min, C.track_max
    out = Text(f"{name} ", style="bold")
    for i in range(lo, hi + 1):
        if i == value:
            out.append("◆", style="bold white")
        elif after is not None and i == after:
            out.append("○", style="bold cyan")
        elif cap is not None and i == cap + 1:
            out.append("▌", style="bold red")
        elif i == base:
            out.append("┆", style="yellow")
        elif i < value:
            out.append("━", style="green")
        else:
            out.append("·", style="dim")
    out.append(f" {value:2d}", style="bold")
    if after is not None and after != value:
        out.append(f"→{after}", style="bold cyan")
    if lock:
        out.append(" locked", style="red")
    if cap is not None:
        out.append(f" cap {cap}", style="red")
    return out


class DuelBoard(Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    DEFAULT_CSS = """
    DuelBoard { height: auto; }
    DuelBoard Part { height: auto; }
    DuelBoard #du-grid { layout: grid; grid-size: 1; grid-rows: auto; height: auto; }
    DuelBoard.-wide #du-grid { grid-size: 2; }
    DuelBoard #du-head { height: 2; }
    DuelBoard #du-gauge { height: 6; padding: 0 0 1 0; }
    DuelBoard #du-foe { height: 6; padding: 0 0 1 0; }
    DuelBoard #du-exch { height: 6; padding: 0 0 1 0; }
    DuelBoard #du-mods { height: 2; }
    DuelBoard #du-hand { height: 6; border: round $success; }
    DuelBoard #du-mods { color: $text-muted; }
    DuelBoard Part.-flash { background: $warning 30%; text-style: bold; }
    """

    PREVIEWS = True  # the decision cursor's card is previewed on the gauge
    DEFAULT_KINDS = ("begin", "strike", "face", "accept", "decline")  # what Enter does
    REVEAL_SECONDS = 0.9  # how long a fresh reveal or roll stays highlighted

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self._seen: dict[str, object] = {}
        self._drawn_view = None

    def compose(self) -> ComposeResult:
        # Fixed heights: a redraw after an action repaints without a new layout.
        yield Part(id="du-head", fixed=True)
        with Vertical(id="du-grid"):
            yield Part(id="du-gauge", fixed=True)
            yield Part(id="du-foe", fixed=True)
            yield Part(id="du-exch", fixed=True)
        yield HandView(id="du-hand", fixed=True)
        yield Part(id="du-mods", fixed=True)

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= 90
        if self.has_class("-wide") != wide:
            self.set_class(wide, "-wide")

    def on_mount(self) -> None:
        self.query_one("#du-hand").border_title = "Hand"
        self.watch_frame(self.frame)

    # -- drawing -----------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        if view is None:
            for part in self.query(Part):
                part.put(Text(""))
            return
        lit = None
        hl = frame.highlight
        if hl is not None and getattr(hl, "kind", "") == "activate":
            lit = hl.card
        if view is self._drawn_view:
            # Only the decision cursor moved: redraw the gauge preview and the lit card.
            self.query_one("#du-gauge", Part).put(self._gauge(view, lit))
            hand = view.player.hand
            self.query_one(HandView).draw(hand, [self._hand_card(c) for c in hand], lit)
            return
        self._drawn_view = view
        self.query_one("#du-head", Part).put(self._head(view))
        self.query_one("#du-gauge", Part).put(self._gauge(view, lit))
        self.query_one("#du-foe", Part).put(self._foes(view))
        self.query_one("#du-exch", Part).put(self._exchange(view))
        self.query_one("#du-mods", Part).put(self._modules(view))
        self._flash_reveals(view)
        hand = view.player.hand
        counts = Counter(D.cards[c].icon for c in hand if not D.cards[c].special)
        hand_view = self.query_one(HandView)
        hand_view.border_subtitle = " ".join(f"{k}:{counts.get(k, 0)}" for k in "FWEV")
        hand_view.draw(hand, [self._hand_card(c) for c in hand], lit)

    def _flash_reveals(self, view) -> None:
        """Highlight for a moment what was just revealed or rolled: the defence, a
        counterattack, the blue die, an injury. It never blocks input, and a headless
        run (the tests) skips it so that every frame is deterministic."""
        now = {
            "#du-exch": (view.defence.id if view.defence else None,
                         view.counter.id if view.counter else None, view.last_counter),
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

    def _head(self, view) -> Text:
        w = D.weapons[view.weapon]
        place = D.surroundings[view.surroundings]
        out = Text(self.game.phase(view), style="bold")
        out.append(f" · {w.name} · {place.name}")
        if place.limit != "none":
            used = place.id in view.used_duel or place.id in view.used_round
            out.append(" (used)" if used else " (exploit ready)", style="dim" if used else "green")
        if view.campaign is not None:
            camp = view.campaign
            out.append(f" · campaign duel {camp.index + 1}/{len(camp.ladder)} · score {camp.score}")
        if view.result is not None:
            out.append(f"\n{view.explanation}", style="bold green" if view.result == "win" else "bold red")
        return out

    def _gauge(self, view, lit: str | None) -> Text:
        p = view.player
        w = D.weapons[view.weapon]
        after = preview.gauge_after(view, lit) if lit else None
        out = self._you(view)
        out.append("\n")
        out.append_text(track("S", p.s, w.s, 3 if p.cap_s else None, False, after[0] if after else None))
        out.append("\n")
        out.append_text(track("T", p.t, w.t, 3 if p.cap_t else None, False, after[1] if after else None))
        out.append("\n")
        out.append_text(track("G", p.g, w.g, None, view.weapon == "kusarigama", after[2] if after else None))
        out.append("\nInjury die ")
        out.append("✕ removed" if p.die is None else f"[{p.die}]", style="bold")
        if view.options.bushido:
            out.append("  Bushido ")
            if p.bushido_card:
                card = D.bushido[p.bushido_card]
                out.append(f"{card.virtue}", style="bold magenta")
                if p.credit:
                    out.append(f" credit {p.credit}")
                if p.meiyo_ki:
                    out.append(f" Meiyo ◆{p.meiyo_ki}")
                if p.bushido_spent:
                    out.append(" (used)", style="dim")
            else:
                for k in range(C.bushido_kanji):
                    out.append(f"[{KANJI[k]}{'●' if p.bushido_pos > k else ' '}]",
                               style="bold magenta" if p.bushido_pos > k else "dim")
        return out

    def _foes(self, view) -> Text:
        out = Text()
        many = len(view.foes) > 1
        for i, f in enumerate(view.foes):
            if i:
                out.append("\n")
            mark = "▶" if many and view.target == i else ("✗" if f.dead else " ")
            style = "dim strike" if f.dead else "bold"
            out.append(f"{mark}{f.no or ''} {f.name}", style=style)
            out.append(f" ♥{f.life}/{f.life_start} ◆{f.ki}", style="dim" if f.dead else "")
            out.append(f" S{f.defs:+d} T{f.deft:+d} A{f.atk:+d}", style="dim")
            if f.armour is not None:
                out.append(f" armour {f.armour}")
            if f.side:
                out.append(f" SIDE {f.side}", style="bold reverse")
            if f.bleed:
                out.append(f" bleed {f.bleed}", style="red")
            if not many:
                ability = D.opponents[f.id].ability_text if f.id in D.opponents else f.ability
                out.append(f"\n{ability}", style="dim")
        if many:
            table = " ".join(f"{k}:{''.join(map(str, v))}" for k, v in D.versus3.counter_table.items())
            out.append(f"\nblue die → attackers {table}", style="dim")
            if view.last_blue:
                out.append(f"\nlast blue die {view.last_blue}")
        return out

    def _you(self, view) -> Text:
        p = view.player
        out = Text.assemble(("You ", "bold"), ("♥", "red"), f" {p.life}/{p.life_max}  ", ("◆", "cyan"), f" Ki {p.ki}")
        if p.armour is not None:
            out.append(f"  armour {p.armour}/{C.yoroi_resistance}")
        if p.bleed:
            out.append(f"  bleed {p.bleed}", style="red")
        if p.gash:
            out.append("  gash", style="red")
        if p.no_ki_gain:
            out.append("  no Ki gain", style="red")
        if p.no_combos:
            out.append("  no combos", style="red")
        return out

    def _exchange(self, view) -> Text:
        out = Text.assemble(("Exchange ", "bold"), f"{view.exchange}/2  played: ")
        current = set(view.exchange_cards)
        if not view.player.played:
            out.append("-", style="dim")
        for c in view.player.played:
            out.append_text(card_text(c, dim=c not in current))
            out.append(" ")
        if view.defence is not None:
            s_need, t_need = preview.thresholds(view)
            out.append(f"\nDefence {view.defence.id}: needs S {s_need} T {t_need}")
            if view.defence.bonus:
                out.append(f" (Ki mark +{view.defence.bonus})", style="yellow")
            strike = preview.strike_result(view)
            if strike is not None:
                result, notes = strike
                out.append("\nStrike now: ")
                out.append(result, style=RESULT_STYLE[result])
                if notes:
                    out.append(f" ({'; '.join(notes)})", style="dim")
        elif view.last_defence:
            out.append(f"\nLast defence: {view.last_defence}", style="dim")
        if view.counter is not None:
            ctr = view.counter
            foe = view.foes[ctr.foe]
            out.append(f"\n{foe.name}'s counter {ctr.id}: Power {ctr.power}")
            if ctr.surge:
                out.append(" (Ki surge)", style="yellow")
            result = preview.counter_result(view)
            out.append(f" vs Guard {view.player.g}: ")
            out.append(result, style=RESULT_STYLE.get(result, "bold red"))
        elif view.last_counter:
            out.append(f"\nLast counter: {view.last_counter}", style="dim")
        return out

    def _hand_card(self, cid: str) -> Text:
        out = card_text(cid)
        c = D.cards[cid]
        if c.special and c.name:
            out.append(f" {c.name}", style="magenta")
        return out

    def _modules(self, view) -> Text:
        o = view.options
        p = view.player
        bits = []
        if p.blood_kept:
            bits.append("Blood wounds kept: " + ", ".join(p.blood_kept))
        if view.weapon == "yari":
            bits.append(f"Yari redraws left {p.yari_left}")
        if view.campaign is not None:
            bits.append(f"campaign redraws left {p.campaign_redraw_left}")
        if o.gisei:
            bits.append(f"Gisei {len(view.gisei_deck)}" + (f" (last {view.last_gisei})" if view.last_gisei else ""))
        if o.blood:
            bits.append(f"Blood deck {len(view.blood_deck)}")
        if o.bushido:
            bits.append(f"Bushido deck {len(view.bushido_deck)}")
        if o.yoroi != "off":
            bits.append(f"Yoroi on {o.yoroi}")
        bits.append(f"Action deck {len(view.action_deck)}")
        if view.last_injury:
            bits.append(f"last injury {view.last_injury}")
        return Text(" · ".join(bits))

    # -- clicks ----------------------------------------------------------------------
    def clicked_card(self, card: str) -> None:
        actions = self.frame.actions if self.frame else ()
        for kind in CARD_KINDS:
            for a in actions:
                if a.kind == kind and getattr(a, "card", None) == card:
                    self.post_message(ChooseAction(a))
                    return
        self.app.bell()
