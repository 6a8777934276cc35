"""The end of a game: results per seat, score and the reason."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from rules.common import Outcome

WORDS = {"win": "wins", "loss": "loses", "draw": "draws"}


class OutcomeScreen(ModalScreen[str]):
    BINDINGS = [Binding("escape,b", "board", "See the board"), Binding("m,enter", "menu", "Menu")]

    def __init__(self, title: str, outcome: Outcome, seat_names: list[str]) -> None:
        super().__init__(classes="outcome")
        self.title_text = title
        self.outcome = outcome
        self.seat_names = seat_names

    def compose(self) -> ComposeResult:
        o = self.outcome
        shared = len(set(o.results)) == 1
        if shared and len(o.results) > 1:
            headline = {"win": "Victory!", "loss": "Defeat.", "draw": "A draw."}[o.results[0]]
        elif len(o.results) == 1:
            headline = {"win": "You win!", "loss": "You lose.", "draw": "A draw."}[o.results[0]]
        else:
            winners = [self.seat_names[i] for i, r in enumerate(o.results) if r == "win"]
            headline = (" and ".join(winners) + " win" + ("s" if len(winners) == 1 else "")) if winners else "Game over."
        lines = [o.explanation, ""]
        if not shared:
            for i, r in enumerate(o.results):
                score = f"  {o.scores[i]} points" if o.scores else ""
                lines.append(f"{self.seat_names[i]}: {WORDS[r]}{score}")
        elif o.scores:
            lines.append(f"Score: {o.scores[0]}")
        lines += list(o.breakdown)
        with Vertical(id="outcome-box"):
            yield Static(f"{self.title_text}: {headline}", id="outcome-title")
            yield Static("\n".join(lines), id="outcome-body")
            yield Button("Back to the menu (Enter)", id="outcome-menu", variant="primary")
            yield Button("Look at the board (Esc)", id="outcome-board")

    def action_board(self) -> None:
        self.dismiss("board")

    def action_menu(self) -> None:
        self.dismiss("menu")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("menu" if event.button.id == "outcome-menu" else "board")
