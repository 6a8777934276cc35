"""The history: every game played on this machine, finished or not, newest first.

Each row says the game (or the name a player gave it), when it was last played, who
played, how many moves and how it ended. Enter opens its replay; ``c`` continues an
unfinished game where it stands (the game itself, not a copy); ``r`` renames it; ``d``
deletes it after asking (nothing is deleted without the player asking); ``w`` writes it to
a save file to share (``tabletop replay FILE``, ``tabletop log FILE``).

Names of players and of games are a player's text: shown as plain text, never markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from rules.common.text import plain
from tabletop.replay import result_words

if TYPE_CHECKING:
    from tabletop.journal import GameRow


def _clip(text: str, limit: int) -> str:
    """One line of printable characters, at most ``limit`` long (names are anyone's text)."""
    return plain(text, limit)


def row_text(row: GameRow, title: str, width: int = 76) -> Text:
    """Two lines: the game, when, length and result (or the game's headline: a campaign's
    duels and how it ended); then who played (and the game's own name)."""
    names = [name for name, _ in row.seats]
    if row.headline:  # the game's own words on where it stands (a campaign's duels and end)
        head = f"{title} · {row.updated_text} · {row.headline}" + ("" if row.finished else " · not finished")
    else:
        result = result_words(row.result, names) if row.finished else "not finished"
        head = f"{title} · {row.updated_text} · {row.moves_text} · {result}"
    text = Text(_clip(head, width))
    if row.held_elsewhere:
        text.append(" · being played")
    players = ", ".join(names)
    second = f"“{row.name}” · {players}" if row.name else players
    text.append("\n  " + _clip(second, width - 2), style="dim")
    return text


class HistoryScreen(Screen[None]):
    BINDINGS = [
        Binding("enter", "open", "Replay", key_display="⏎", show=True),
        Binding("c", "continue", "Continue"),
        Binding("r", "rename", "Rename"),
        Binding("d", "delete", "Delete"),
        Binding("w", "export", "Save as file"),
        Binding("q,escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__(classes="history")
        self.rows: list[GameRow] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("History: every game played here, the newest first", id="menu-title")
            yield OptionList(id="history-list")
            yield Static("", id="history-hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def on_resize(self) -> None:
        if self.rows:  # the rows are clipped to the new width
            self.reload()

    def reload(self) -> None:
        app = self.app
        from tabletop.catalog import game_title

        self.rows = app._read_journal(lambda j: j.history(app.games), [])
        menu = self.query_one("#history-list", OptionList)
        at = menu.highlighted
        menu.clear_options()
        if not self.rows:
            menu.add_option(Option("No games played yet.", disabled=True))
        width = max(40, self.size.width - 8) if self.size.width else 72
        for i, row in enumerate(self.rows):
            menu.add_option(Option(row_text(row, game_title(row.game, app.games), width), id=f"h-{i}"))
        if self.rows:
            menu.highlighted = min(at or 0, len(self.rows) - 1)
        menu.focus()
        from tabletop.journal import HISTORY_LIMIT

        count = len(self.rows)
        what = f"the newest {count:,} games" if count >= HISTORY_LIMIT else f"{count} game{'' if count == 1 else 's'}"
        self.query_one("#history-hint", Static).update(
            f"{what} · Enter replay · c continue · r rename · d delete · w save as file" if count else "")

    def _current(self) -> GameRow | None:
        menu = self.query_one("#history-list", OptionList)
        i = menu.highlighted
        return self.rows[i] if i is not None and i < len(self.rows) else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        row = self._current()
        if row is not None:
            self.app.open_replay(row.id)

    def action_continue(self) -> None:
        """Play an unfinished game on from where it stands: the game itself (its moves are
        added to it), as the menu's Resume does."""
        row = self._current()
        if row is None:
            return
        if row.finished:
            self.notify("This game is over: Enter replays it.", markup=False)
            return
        self.app.resume_game(row.id)

    def action_rename(self) -> None:
        row = self._current()
        if row is None:
            return

        def chosen(name: str | None) -> None:
            if name is None:
                return
            from tabletop.journal import JournalError

            try:
                self.app._read_journal(lambda j: j.rename(row.id, name), None)
            except JournalError as exc:
                self.notify(str(exc), severity="warning", markup=False)
            self.reload()

        self.app.push_screen(RenameDialog(row.name), chosen)

    def action_delete(self) -> None:
        row = self._current()
        if row is None:
            return
        from screens.common.dialogs import ChoiceScreen
        from tabletop.catalog import game_title

        what = f"{game_title(row.game, self.app.games)} of {row.updated_text} ({row.moves_text})"
        if row.name:
            what = f"“{plain(row.name)}”, {what}"

        def chosen(choice: str | None) -> None:
            if choice != "delete":
                return
            from tabletop.journal import JournalError

            try:
                self.app._read_journal(lambda j: j.delete(row.id), None)
            except JournalError as exc:
                self.notify(str(exc), severity="warning", markup=False)
            else:
                self.notify("The game was deleted.", markup=False)
            self.reload()

        self.app.push_screen(
            ChoiceScreen("Delete this game?", f"{what} will be gone from this computer for good.",
                         [("keep", "Keep it"), ("delete", "Delete it")]),
            chosen,
        )

    def action_export(self) -> None:
        """Write the game to a save file (a new file; the game stays here as it is)."""
        row = self._current()
        if row is None:
            return
        from screens.common.dialogs import SaveDialog
        from tabletop.journal import JournalError
        from tabletop.paths import saves_dir
        from tabletop.replay import Replay, ReplayError
        from tabletop import saves
        from tabletop.saves import file_name_for

        try:
            store = Replay.from_journal(self.app.journal, row.id, self.app.games).to_store()
        except (JournalError, ReplayError) as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return

        def chosen(path) -> None:
            if path is None:
                return
            try:
                saves.write_save(store, path)
            except OSError as exc:
                self.notify(f"Could not save to {plain(path, 120, tail=True)}: {plain(exc.strerror or exc, 80)}",
                            severity="error", markup=False)
                return
            self.notify(f"Saved to {plain(path, 120, tail=True)}", markup=False)

        self.app.push_screen(SaveDialog(saves_dir(), file_name_for(row.game, row.name, row.updated)), chosen)

    def action_back(self) -> None:
        self.app.pop_screen()


class RenameDialog(ModalScreen[str | None]):
    """A game's own name for the history list (empty: no name)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, name: str) -> None:
        super().__init__(classes="dialog")
        self.current = name

    def compose(self) -> ComposeResult:
        from tabletop.journal import MAX_NAME

        with Vertical(id="dialog-box"):
            yield Static("A name for this game (empty for none):", markup=False)
            yield Input(self.current, id="rename-name", max_length=MAX_NAME)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
