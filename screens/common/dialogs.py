"""Small dialogs: save as, load a game, a message, a choice.

Text from a player or a file (seat names, file names, refusals) is shown as plain text,
never read as markup, and with any control character made a space (``plain``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, LoadingIndicator, OptionList, Static
from textual.widgets.option_list import Option

from rules.common.text import is_plain, plain

if TYPE_CHECKING:
    from tabletop.journal import GameRow
    from tabletop.saves import SaveFile


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
            yield Static(f"Names are saved in {plain(self.folder, 120, tail=True)}", classes="hint", markup=False)
            yield Button("Save", id="save-ok", variant="primary")

    def _finish(self) -> None:
        text = self.query_one("#save-name", Input).value.strip()
        if not text:
            self.notify("Give the save a name.", severity="warning")
            return
        if not is_plain(text):
            self.notify("A file's name may hold only printable characters (no control characters).",
                        severity="warning", markup=False)
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


class LoadScreen(ModalScreen[tuple[str, Any] | None]):
    """Pick a game from the saved games or a save file, or type a path.

    Dismisses with ``("game", id)``, ``("file", path)`` or None."""

    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, games: list[GameRow], files: list[SaveFile], titles: dict[str, str]) -> None:
        super().__init__(classes="dialog")
        self.games = games
        self.files = files
        self.titles = titles

    def _game_option(self, i: int, row: GameRow) -> Option:
        seats = ", ".join(plain(name) for name, _ in row.seats)
        text = Text(f"{self.titles.get(row.game, row.game)} · {row.moves_text} · {row.updated_text}")
        if row.finished:
            text.append(" · finished")
        if row.source == "copy":
            text.append(" · a copy")
        if row.held_elsewhere:
            text.append(" · open in another tabletop")
        text.append("\n  ")
        text.append(seats if len(seats) <= 60 else seats[:59] + "…")
        return Option(text, id=f"game-{i}")

    def _file_option(self, i: int, file: SaveFile) -> Option:
        name = plain(file.path.name, 60)  # a file's name is anyone's text
        text = Text(f"File · {file.modified_text} · ")
        text.append(name)
        return Option(text, id=f"file-{i}")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static("Load a game", id="load-title")
            options = [self._game_option(i, row) for i, row in enumerate(self.games)]
            options += [self._file_option(i, f) for i, f in enumerate(self.files)]
            if not options:
                options = [Option("No saved games yet.", disabled=True)]
            yield OptionList(*options, id="load-list")
            yield Static("Or type the path of a save file:")
            yield Input(placeholder="/path/to/game.json", id="load-path")
            yield Static("", id="load-error", classes="error", markup=False)
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        kind, _, index = (event.option.id or "").partition("-")
        if kind == "game":
            self.dismiss(("game", self.games[int(index)].id))
        elif kind == "file":
            self.dismiss(("file", self.files[int(index)].path))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.dismiss(("file", Path(event.value.strip()).expanduser()))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReadingScreen(ModalScreen[None]):
    """What the screen shows while a file is read off the UI loop: what is being read,
    and that Escape stops waiting. ``stopped`` tells the reader the player left."""

    BINDINGS = [Binding("escape", "stop", "Stop waiting")]
    DEFAULT_CSS = "ReadingScreen #reading-busy { height: 1; }"

    def __init__(self, what: str) -> None:
        super().__init__(classes="dialog")
        self.what = what
        self.stopped = False

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(plain(self.what), id="reading-what", markup=False)
            yield LoadingIndicator(id="reading-busy")
            yield Static("Escape: stop waiting.", classes="hint", markup=False)
        yield Footer()

    def action_stop(self) -> None:
        self.stopped = True
        self.dismiss(None)
        self.app.notify("Stopped reading the file: nothing was loaded.", markup=False, timeout=3)

    def finish(self) -> None:
        """The file has been read: this screen goes (when it is on top; under another
        screen, such as the too-small notice, it goes with the next screen change)."""
        if not self.stopped and self.app.screen is self:
            self.dismiss(None)
        self.stopped = True


class MessageScreen(ModalScreen[None]):
    """One message and an OK button (used for a save that cannot be loaded)."""

    BINDINGS = [Binding("escape,enter", "close", "OK")]

    def __init__(self, title: str, message: str) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(plain(self.title_text), id="message-title", markup=False)
            yield Static(plain(self.message), id="message-body", markup=False)
            yield Button("OK", id="message-ok", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str | None]):
    """A message and a few buttons; dismisses with the chosen button's id (Escape: None)."""

    BINDINGS = [Binding("escape", "close", "Back")]

    def __init__(self, title: str, message: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.message = message
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog-box"):
            yield Static(plain(self.title_text), id="message-title", markup=False)
            yield Static(plain(self.message), id="message-body", markup=False)
            for i, (cid, label) in enumerate(self.choices):
                yield Button(Text(label), id=f"choice-{cid}", variant="primary" if i == 0 else "default")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "")[len("choice-"):] or None)

    def action_close(self) -> None:
        self.dismiss(None)
