"""The game log panel: the lines the seat at the screen may read, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

SHOWN = 200  # the panel keeps the newest lines; the whole log stays in the game


class LogPanel(VerticalScroll):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Log"
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="log-text")

    def show(self, lines: list[str]) -> None:
        if lines == self.lines:
            return
        self.lines = list(lines)
        self.query_one("#log-text", Static).update(Text("\n".join(lines[-SHOWN:])))
        self.call_after_refresh(self.scroll_end, animate=False)
