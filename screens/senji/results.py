"""What a battle or an auction came to, shown to the whole table until a key.

Only public log lines are read (the dice, the revealed support, the totals, the losses;
each lot's bids and winner), so the screen can be shown whoever sits in front of it.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

BATTLE_START = "Combat in "
BATTLE_END = re.compile(r" wins: .+ loses \d+ unit")
AFTERMATH = re.compile(r" becomes a \w+ kami of | gains \d+ honour \(combat\)| captures |order token in .+ is discarded")
AUCTION = "Auction of "


def results(lines: list[str], seen: int) -> list[tuple[str, list[str]]]:
    """The battles that ended and the auctions held in ``lines[seen:]`` (public lines):
    a title and the lines that tell it, from the battle's first line to its aftermath."""
    out = []
    for i in range(seen, len(lines)):
        line = lines[i]
        if BATTLE_END.search(line):
            start = next((j for j in range(i, -1, -1) if lines[j].startswith(BATTLE_START)), i)
            end = i + 1
            while end < len(lines) and AFTERMATH.search(lines[end]):
                end += 1
            where = lines[start][len(BATTLE_START):].split(":", 1)[0] if start != i else ""
            out.append((f"Battle for {where}" if where else "Battle", lines[start:end]))
        elif line.startswith(AUCTION) and (i == seen or not lines[i - 1].startswith(AUCTION)):
            end = i
            while end < len(lines) and lines[end].startswith(AUCTION):
                end += 1
            out.append(("Auction", lines[i:end]))
    return out


class ResultScreen(Screen[None]):
    """Public results for everyone at the table; Enter, Space or Escape goes on."""

    BINDINGS = [Binding("enter,space,escape", "go_on", "Go on", show=True)]
    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen #result-box { width: 90%; max-width: 100; height: auto; max-height: 90%;
                               border: heavy $accent; padding: 0 1; }
    ResultScreen #result-help { color: $text-muted; }
    """

    def __init__(self, blocks: list[tuple[str, list[str]]]) -> None:
        super().__init__(classes="results")
        self.blocks = blocks

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-box"):
            for title, lines in self.blocks:
                yield Static(Text(title, style="bold"), classes="result-title")
                yield Static(Text("\n").join(Text("• " + line) for line in lines), classes="result-lines")
            yield Static("Everyone at the table sees this. Press Enter to go on.", id="result-help")

    def action_go_on(self) -> None:
        self.dismiss(None)
