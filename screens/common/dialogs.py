"""Small dialogs: save as, load a save."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tabletop.saves import SaveInfo


class SaveDialog(ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, folder: Path, default_name: str) -> None:
        super().__init__(classes="dialog")
        self.folder = folder
        self.default_name = default_name

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static("Save the game as (a name, or a path):")
            yield Input(value=self.default_name, id="save-name")
            yield Static(f"Names are saved in {self.folder}", classes="hint")
            yield Button("Save", id="save-ok", variant="primary")

    def _finish(self) -> None:
        text = self.query_one("#save-name", Input).value.strip()
        if not text:
            self.notify("Give the save a name.", severity="warning")
            return
        path = Path(text).expanduser()
        if not path.is_absolute() and len(path.parts) == 1:
            path = self.folder / path
        if path.suffix != ".json":
            path = path.with_name(path.name + ".json")
        self.dismiss(path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._finish()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self._finish()

    def action_cancel(self) -> None:
        self.dismiss(None)


class LoadScreen(ModalScreen[Path | None]):
    """Pick one of the known saves, or type a path."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, saves: list[SaveInfo], titles: dict[str, str]) -> None:
        super().__init__(classes="dialog")
        self.saves = saves
        self.titles = titles

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static("Load a game", id="load-title")
            options = [
                Option(
                    f"{self.titles.get(s.game, s.game)} · {s.actions} actions · {s.updated[:16]}"
                    f"{' · finished' if s.finished else ''}\n  {s.path.name}",
                    id=f"save-{i}",
                )
                for i, s in enumerate(self.saves)
            ]
            if not options:
                options = [Option("No saves yet.", disabled=True)]
            yield OptionList(*options, id="load-list")
            yield Static("Or type the path of a save file:")
            yield Input(placeholder="/path/to/game.json", id="load-path")
            yield Static("", id="load-error", classes="error")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.dismiss(self.saves[int(event.option.id[5:])].path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss(Path(event.value.strip()).expanduser())

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageScreen(ModalScreen[None]):
    """One message and an OK button (used for a save that cannot be loaded)."""

    BINDINGS = [Binding("escape,enter", "close", "OK")]

    def __init__(self, title: str, message: str) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(self.title_text, id="message-title")
            yield Static(self.message, id="message-body")
            yield Button("OK", id="message-ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
