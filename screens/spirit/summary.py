"""The end of a Samurai Spirit round, kept on screen until a key.

The end of round happens inside one action (the last pass or the last card): the hats,
farms and families left undefended, the family bonuses and the intruders revealed all go
by in one frame. This screen holds them up for the whole table, in the rulebook's order,
until someone presses a key. It is drawn from the public log only (Spirit has no secret a
seat holds), so it can show to everyone.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


_CARD = re.compile(r"\bthe \d+ \(")  # a card as the log names it: "the 4 (farm, flame)"


def round_summary(view, ended: int) -> list[str]:
    """The log lines of round ``ended``'s end, from the last pass to the next round's start."""
    texts = [line.text for line in view.log]
    mark = f"End of round {ended}."
    if mark not in texts:
        return []
    start = len(texts) - 1 - texts[::-1].index(mark)
    if start > 0 and texts[start - 1].startswith("Everyone has passed"):
        start -= 1
    out = []
    for text in texts[start:]:
        out.append(text)
        if text.startswith(f"Round {ended + 1} begins"):
            break
    return out


def round_facts(before, after, lines: list[str] | None = None) -> list[str]:
    """What the end of the round changed, in a few words each: the intruders revealed and
    their flames, wounds, barricades, farmsteads burnt and families lost; then what comes
    next (the round, who starts, the raiders to draw)."""
    facts = []
    for text in lines or []:
        if text.startswith("Step 5, the intruder stack is revealed"):
            cards = len(_CARD.findall(text))
            flames = next((t.split(" ")[0] for t in lines if " among the intruders." in t), "0")
            facts.append(f"Intruders revealed: {cards} card{'s' if cards != 1 else ''},"
                         f" {flames} with a flame")
        elif text.startswith("Step 5, the intruder stack is empty"):
            facts.append("Intruders revealed: none")
    for old, new in zip(before.samurai, after.samurai):
        if new.wounds > old.wounds:
            form = " (animal)" if new.wounds >= 2 > old.wounds else ""
            facts.append(f"{new.name} wounded: {old.wounds} → {new.wounds}{form}")
        elif new.wounds < old.wounds:
            facts.append(f"{new.name} healed: {old.wounds} → {new.wounds}")
    facts.append(f"Barricades {before.barricades} → {after.barricades} of {after.cap}")
    burnt = sorted(set(after.burnt) - set(before.burnt))
    if burnt:
        facts.append(f"Farmsteads destroyed: {', '.join(map(str, burnt))}"
                     f" ({len(after.farms)} left)")
    else:
        facts.append(f"No farmstead destroyed ({len(after.farms)} left)")
    lost = [f.title() for f in after.lost_families if f not in before.lost_families]
    if lost:
        facts.append(f"Families lost: {', '.join(lost)} ({len(after.families)} left)")
    else:
        facts.append(f"No family lost ({len(after.families)} left)")
    if after.round == before.round + 1 and not after.over:
        added = {2: "lieutenants join the raiders", 3: "bosses join the raiders"}.get(after.round, "")
        first = after.samurai[after.active].name
        facts.append(f"Next: round {after.round} of 3{', ' + added if added else ''};"
                     f" {first} starts, with {len(after.raiders)} raider cards to draw")
    return facts


def _style(text: str) -> str:
    """Losses in red, gains in green, the steps in bold: colour repeats what the words say."""
    if text.startswith(("Step ", "End of round", "Round ")):
        return "bold"
    lost = ("wound", "destroyed", "is lost", "falls", "took a fourth")
    if any(word in text for word in lost):
        return "red"
    if text.startswith(("+1 barricade", "Elder", "Child")) or "removed" in text:
        return "green"
    return ""


class RoundSummaryScreen(ModalScreen[None]):
    """What the end of a round did; any key or a click closes it."""

    DEFAULT_CSS = """
    RoundSummaryScreen { align: center middle; }
    RoundSummaryScreen > Vertical {
        width: 90%; max-width: 100; height: auto; max-height: 90%;
        border: double $warning; background: $surface; padding: 0 1;
    }
    RoundSummaryScreen #round-title { text-style: bold; }
    RoundSummaryScreen VerticalScroll { height: auto; }
    RoundSummaryScreen #round-facts { border-bottom: solid $warning; }
    RoundSummaryScreen #round-hint { color: $text-muted; }
    """

    def __init__(self, ended: int, lines: list[str], facts: list[str] | None = None) -> None:
        super().__init__()
        self.ended = ended
        self.lines = lines
        self.facts = facts or []

    def compose(self) -> ComposeResult:
        body = Text()
        for i, line in enumerate(self.lines):
            if i:
                body.append("\n")
            body.append(line, style=_style(line))
        with Vertical():
            yield Static(Text(f"End of round {self.ended}"), id="round-title")
            if self.facts:
                yield Static(Text("\n".join(self.facts), style="bold"), id="round-facts")
            with VerticalScroll():
                yield Static(body, id="round-body")
            yield Static(Text("Any key to go on (↑↓ scroll)"), id="round-hint")

    def on_resize(self, event: events.Resize) -> None:
        """The log part scrolls; the title, the facts and the hint always show."""
        fixed = 2 + 2 + (len(self.facts) + 1 if self.facts else 0)  # border, title, hint, facts
        self.query_one(VerticalScroll).styles.max_height = max(3, int(event.size.height * 0.9) - fixed)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            scroll = self.query_one(VerticalScroll)
            getattr(scroll, {"up": "scroll_up", "down": "scroll_down", "pageup": "scroll_page_up",
                             "pagedown": "scroll_page_down", "home": "scroll_home",
                             "end": "scroll_end"}[event.key])(animate=False)
            return
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()
