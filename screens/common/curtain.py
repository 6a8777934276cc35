"""The hand-off curtain: covers everything until the next player says they are ready.

It draws only the next seat's name and public words, never any seat's view.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static


class CurtainScreen(Screen[None]):
    BINDINGS = [Binding("enter,space", "ready", "I am ready", show=True)]

    def __init__(self, seat_name: str, note: str = "") -> None:
        super().__init__(classes="curtain")
        self.seat_name = seat_name
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(f"Pass the screen to {self.seat_name}", id="curtain-title", markup=False)
            with Center():
                yield Static("Everyone else, look away. Press Enter when you are ready.", id="curtain-help")
            if self.note:
                with Center():
                    yield Static(self.note, id="curtain-note", markup=False)
            with Center():
                yield Button(Text(f"{self.seat_name}: show my game"), id="curtain-ready", variant="primary")

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
