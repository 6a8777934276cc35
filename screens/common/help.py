"""The rules reference of a game, from assets/help/<game>.md."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown

from tabletop.help import help_text


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, game_id: str) -> None:
        super().__init__(classes="help")
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Markdown(help_text(self.game_id))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
