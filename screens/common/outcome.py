"""The end of a game: the headline, what decided it, each seat's result and score, the
game's score breakdown, and round by round how it went (from the public log).

Everything here comes from the rules' ``Outcome`` and the public view's log; the screen
only arranges it. The body scrolls when it is longer than the terminal.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from rules.common import Outcome

WORDS = {"win": "wins", "loss": "loses", "draw": "draws"}
# Public log lines that close a round (or a year) and that open the next: a round's
# summary is its closing line and what the log says after it, up to the next opening.
ROUND_ENDS = re.compile(r"^(End of (round|year) \d+|Round \d+ ends)", re.IGNORECASE)
ROUND_OPENS = re.compile(r"^(Round \d+( begins|:|,)|— Year \d+)", re.IGNORECASE)
SUMMARY_LINES = 6  # at most this many lines of a round's summary
LAST_LINES = 8  # without round lines, the last public lines say how it ended


def round_summaries(log: list[str], explanation: str) -> list[list[str]]:
    """Each round's closing line and the lines after it, up to the next round's opening."""
    out: list[list[str]] = []
    block: list[str] | None = None
    for line in log:
        if ROUND_ENDS.match(line):
            block = [line]
            out.append(block)
        elif block is not None and ROUND_OPENS.match(line):
            block = None
        elif block is not None and len(block) < SUMMARY_LINES and line.rstrip(".") != explanation.rstrip("."):
            block.append(line)
    return out


def headline(outcome: Outcome, seat_names: list[str]) -> str:
    results = outcome.results
    shared = len(set(results)) == 1
    if shared and len(results) > 1:
        return {"win": "Victory!", "loss": "Defeat.", "draw": "A draw."}[results[0]]
    if len(results) == 1:
        return {"win": "You win!", "loss": "You lose.", "draw": "A draw."}[results[0]]
    winners = [seat_names[i] for i, r in enumerate(results) if r == "win"]
    if not winners:
        return "Game over."
    return " and ".join(winners) + (" wins" if len(winners) == 1 else " win")


def result_text(outcome: Outcome, seat_names: list[str], public: Any = None, game: Any = None) -> Text:
    """The whole result as text: what decided it, per seat, breakdown, round by round (each
    round in one line when the game tells its rounds, else the log's round lines)."""
    o = outcome
    out = Text()
    out.append("What decided it\n", style="bold")
    out.append(f"{o.explanation}\n")
    shared = len(set(o.results)) == 1
    if not shared or (o.scores and len(set(o.scores)) > 1):
        out.append("\nResults\n", style="bold")
        order = sorted(range(len(o.results)), key=lambda i: -(o.scores[i] if o.scores else 0))
        for i in order:
            score = f" · {o.scores[i]} points" if o.scores else ""
            out.append(f"{seat_names[i]}: {WORDS[o.results[i]]}{score}\n")
    elif o.scores:
        out.append(f"\nScore: {o.scores[0]}\n", style="bold")
    if o.breakdown:
        out.append("\nScore breakdown\n", style="bold")
        for line in o.breakdown:
            out.append(f"  {line}\n")
    told = game.round_lines(public) if game is not None and public is not None else []
    log = [ln.text for ln in getattr(public, "log", ()) if ln.visible_to(None)]
    rounds = round_summaries(log, o.explanation)
    if told:
        out.append("\nRound by round\n", style="bold")
        for line in told:
            out.append(f"  {line}\n")
    elif rounds:
        out.append("\nRound by round\n", style="bold")
        for block in rounds:
            out.append(f"  {block[0]}\n")
            for line in block[1:]:
                out.append(f"    {line}\n", style="dim")
    elif log:
        out.append("\nHow it ended\n", style="bold")
        for line in log[-LAST_LINES:]:
            out.append(f"  {line}\n")
    out.rstrip()
    return out


class OutcomeScreen(ModalScreen[str]):
    BINDINGS = [Binding("escape,b", "board", "See the board"), Binding("m,enter", "menu", "Menu")]

    def __init__(self, title: str, outcome: Outcome, seat_names: list[str], public: Any = None,
                 game: Any = None) -> None:
        super().__init__(classes="outcome")
        self.game = game  # the rules, to tell the rounds (by default the game the app shows)
        self.title_text = title
        self.outcome = outcome
        self.seat_names = seat_names
        self.public = public  # the public view, for the log's round lines

    def compose(self) -> ComposeResult:
        with Vertical(id="outcome-box"):
            yield Static(f"{self.title_text}: {headline(self.outcome, self.seat_names)}", id="outcome-title", markup=False)
            with VerticalScroll(id="outcome-scroll"):
                game = self.game or getattr(getattr(self.app, "store", None), "game", None)
                yield Static(result_text(self.outcome, self.seat_names, self.public, game), id="outcome-body")
            with Horizontal(id="outcome-buttons"):
                yield Button("Back to the menu (Enter)", id="outcome-menu", variant="primary")
                yield Button("Look at the board (Esc)", id="outcome-board")

    DEFAULT_CSS = """
    OutcomeScreen #outcome-box { width: 76; max-width: 100%; }
    OutcomeScreen #outcome-scroll { height: auto; max-height: 50vh; }
    OutcomeScreen #outcome-buttons { height: auto; }
    OutcomeScreen #outcome-buttons Button { margin: 1 2 0 0; }
    """

    def action_board(self) -> None:
        self.dismiss("board")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("menu" if event.button.id == "outcome-menu" else "board")
