"""Samurai Spirit's board area (spec section 10). Draws one view; decides nothing.

Every colour comes with a glyph or letter: icons are H/F/D/-, a flame is `*`, wounds are
`w●○`, the active samurai is `▶`, the deciding one `◆`, a passed samurai lies down `_`.
A click on a samurai's panel or on the card in hand picks the matching legal action.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from rules.spirit import data
from rules.spirit.describe import POWER_SHORT, TALENT_SHORT
from rules.spirit.render import FAMILY_SHORT, STEP, WHY, farm_burnt, turn_flags
from rules.spirit.village import TAGS, plural
from tabletop.engine import Game

from ..common.frame import ChooseAction, Frame
from ..common.parts import Part
from ..common.parts import show as _show

MAX_SAMURAI = 7
ICON = {"hat": ("H", "bold yellow"), "farm": ("F", "bold green"), "family": ("D", "bold cyan"), None: ("-", "dim")}
SLOT_LETTER = {"hat": "H", "farm": "F", "family": "D"}
TALENT_CODE = {"IGNORE_ODD": "odd-", "IGNORE_EVEN": "even-", "DISCARD_DUP": "dup", "PASS_EVEN": "give even",
               "PASS_ODD": "give odd", "REPLACE": "replace", "EXTRA_FIGHT": "2 fights"}
# Which actions a click on a samurai (as a target) or on the card in hand may pick, in order.
TARGET_KINDS = ("kiai_target", "support", "give_card", "give_top")
CARD_KINDS = ("confront", "defend", "replace_card", "discard_duplicate")


def card_text(cid: str) -> Text:
    """A raider card: value, icon letter, flame and penalty tags (``4F*:RZ``)."""
    if cid == "?":
        return Text("?", style="dim")
    c = data.card(cid)
    letter, style = ICON[c.icon]
    out = Text.assemble((str(c.value), "bold"), (letter, style))
    if c.flame:
        out.append("*", style="bold red")
    if c.penalties:
        out.append(":" + "+".join(TAGS[p] for p in c.penalties), style="magenta")
    return out


def track_text(total: int, kiai: int) -> Text:
    """The battle track from 0 to Kiai+6, `|` at the Kiai value, `◆` the meeple."""
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
    mark = "=" if total == kiai else "!" if total > kiai else ""
    out.append(f" {total}{mark}", style="bold red" if mark == "!" else "bold")
    out.append(f"/{kiai}")
    return out


def wounds_text(w: int) -> Text:
    if w >= 4:
        return Text("†", style="bold red")
    if w >= 2:
        return Text(f"w{w}" + ("●" if w == 3 else "○"), style="bold magenta")
    return Text("w" + ("●" if w == 1 else "○"), style="yellow" if w else "")


class SamuraiPanel(Part):
    def __init__(self, index: int) -> None:
        super().__init__(id=f"samurai-{index}", classes="samurai", fixed=True)
        self.index = index

    def on_click(self, event: events.Click) -> None:
        board = self.ancestors_with_self[1]
        if isinstance(board, SpiritBoard):
            board.clicked_samurai(self.index, event.y)


class SpiritBoard(Vertical):
    frame: reactive[Frame | None] = reactive(None, always_update=True, repaint=False)

    RESERVED_KEYS = "g"  # g lists the graveyard (the discard pile)

    DEFAULT_CSS = """
    SpiritBoard { height: auto; }
    SpiritBoard #sp-head { height: 2; }
    SpiritBoard #sp-village { height: 3; }
    SpiritBoard #sp-stacks { height: 2; }
    SpiritBoard #sp-transit { border: round $warning; height: 4; }
    SpiritBoard .samurai { border: round $panel-lighten-2; height: 8; padding: 0 1; }
    SpiritBoard .samurai.-active { border: double $success; }
    SpiritBoard .samurai.-deciding { border: heavy $warning; }
    SpiritBoard .samurai.-dead { border: round $error; }
    """

    def __init__(self, game: Game, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.list_graveyard = False

    def compose(self) -> ComposeResult:
        yield Part(id="sp-head", fixed=True)
        yield Part(id="sp-village", fixed=True)
        yield Part(id="sp-stacks", fixed=True)
        yield Part(id="sp-transit", fixed=True)
        yield Part(id="sp-graveyard")
        for i in range(MAX_SAMURAI):
            yield SamuraiPanel(i)

    # -- drawing -------------------------------------------------------------
    def watch_frame(self, frame: Frame | None) -> None:
        if not self.is_mounted:
            return
        view = frame.view if frame else None
        if view is None:
            for part in self.query(Part):
                part.put(Text(""))
            for panel in self.query(SamuraiPanel):
                _show(panel, False)
            return
        self.query_one("#sp-head", Part).put(self._head(view))
        self.query_one("#sp-village", Part).put(self._village(view))
        self.query_one("#sp-stacks", Part).put(self._stacks(view))
        graveyard = self.query_one("#sp-graveyard", Part)
        _show(graveyard, self.list_graveyard)
        if self.list_graveyard:
            graveyard.put(self._graveyard(view))
        # Always there, so that a card coming and going never changes the layout.
        self.query_one("#sp-transit", Part).put(
            self._transit(view) if view.transit is not None else Text("No raider card in hand.", style="dim"))
        deciding = view.pending.seat if view.pending else None
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
            panel.put(self._samurai(view, i, deciding))

    def on_mount(self) -> None:
        self.watch_frame(self.frame)

    def _head(self, view) -> Text:
        level = view.options.difficulty.capitalize()
        out = Text.assemble((f"Round {view.round}/3", "bold"), f" · {level} · ")
        if view.over:
            out.append("VICTORY" if view.won else "DEFEAT", style="bold green" if view.won else "bold red")
            return out
        out.append(f"▶ {view.samurai[view.active].name}", style="bold")
        p = view.pending
        if p is not None:
            if p.seat != view.active:
                out.append(f"\n◆ {view.samurai[p.seat].name} decides ({WHY.get(p.kind, STEP[p.kind])})", style="yellow")
            else:
                out.append(f" · {STEP[p.kind]}")
        return out

    def _village(self, view) -> Text:
        out = Text("Barricades ")
        out.append("▮" * view.barricades, style="bold green")
        out.append("▯" * (view.cap - view.barricades), style="dim")
        out.append(f" {view.barricades}/{view.cap}\nFarmsteads ")
        for f in sorted(view.farms):
            out.append(f"{f} ", style="green")
        for f in sorted(view.burnt):
            out.append(f"✗{farm_burnt(view, f)} ", style="red")
        out.append("\n")
        for fam in view.families:
            out.append(f"{fam.title()}({FAMILY_SHORT[fam]}) ", style="cyan")
        for fam in view.lost_families:
            out.append(f"✗{fam.title()} ", style="red strike")
        return out

    def _stacks(self, view) -> Text:
        added = {1: "", 2: " (L)", 3: " (L+B)"}[view.round]
        out = Text.assemble(
            ("Hill ", "bold"), f"{len(view.raiders)}{added} · ",
            ("Gate ", "bold"), f"{len(view.intruders)} · ",
            ("Graveyard ", "bold"), f"{len(view.discard)} ",
        )
        if view.discard:
            out.append("top ")
            out.append_text(card_text(view.discard[-1]))
        out.append(" (g lists it)", style="dim")
        out.append(f"\nReserve {len(view.reserve)}")
        if view.options.two_player_rules:
            out.append(" · Pool: ")
            if not view.pool:
                out.append("none")
            out.append(" ".join(f"{name}({TALENT_CODE[data.roster()[name].human.talent]})" for name in view.pool))
        return out

    def _graveyard(self, view) -> Text:
        out = Text.assemble(("Graveyard", "bold"), f" ({len(view.discard)}, newest first; g hides it): ")
        for cid in reversed(view.discard):
            out.append_text(card_text(cid))
            out.append(" ")
        return out

    def board_key(self, key: str) -> bool:
        if key != "g":
            return False
        self.list_graveyard = not self.list_graveyard
        self.watch_frame(self.frame)
        return True

    def _transit(self, view) -> Text:
        t = view.transit
        c = data.card(t.card)
        how = "given to" if t.given else "drawn by"
        out = Text.assemble(("In hand ", "bold"))
        out.append_text(card_text(t.card))
        icon = c.icon or "no icon"
        extra = ", flame" if c.flame else ""
        pens = f", {' + '.join(c.penalties)}" if c.penalties else ""
        out.append(f" {how} {view.samurai[t.holder].name}\nthe {c.value} ({icon}{extra}{pens})")
        if t.replaces_left:
            out.append(f" · {plural(t.replaces_left, 'replace')} left")
        return out

    def _samurai(self, view, i: int, deciding: int | None) -> Text:
        s = view.samurai[i]
        card = data.roster()[s.name]
        face = s.face
        other = card.human.kiai if s.animal else card.animal_face.kiai
        mark = "▶" if i == view.active and not view.over else ("◆" if i == deciding else " ")
        out = Text.assemble((f"{mark}S{i + 1} ", "bold"), (s.name, "bold"))
        out.append(f" [{'A ' + card.animal if s.animal else 'H'}] ", style="magenta" if s.animal else "")
        out.append_text(wounds_text(s.wounds))
        out.append(f" K{face.kiai}({other}) ")
        out.append("passed _" if s.passed else "up", style="dim" if s.passed else "green")
        out.append("\n")
        out.append_text(track_text(s.total, face.kiai))
        out.append("\nline ")
        if not s.line:
            out.append("(empty)", style="dim")
        for cid in s.line:
            out.append_text(card_text(cid))
            out.append(" ")
        if s.line:
            out.append("◀top", style="dim")
        out.append("\ndef ")
        for slot, cid in s.slots.items():
            out.append(f"[{SLOT_LETTER[slot]}:")
            out.append_text(card_text(cid) if cid else Text("-", style="dim"))
            out.append("]")
        holds = [o.name for o in view.samurai if o.token_with == i]
        token = "home" if s.token_with is None else f"→{view.samurai[s.token_with].name}"
        out.append(f" token {token}" + (f" holds {','.join(holds)}" if holds else ""))
        out.append("\n")
        talent = TALENT_SHORT[face.talent] + (" (+)" if s.animal else "")
        out.append(f"{talent} · Kiai: {POWER_SHORT[face.power].format(n=face.count)}", style="dim")
        on = turn_flags(view) if i == view.active else []
        if on:
            out.append("\n" + " ".join(on), style="bold red")
        return out

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
                    if kind == "defend" and row != 3:
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
