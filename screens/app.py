"""The Textual application: the only module that ties the store to Textual.

It lives with the screens (tabletop/ holds no Textual code): ``tabletop.cli`` starts it
through ``run_app`` (and the networked table's screens through ``screens.net``), the one
place where the tabletop layer reaches up to the screens.

The app owns the store and a reactive ``revision`` that the store's subscription sets;
board screens watch it and redraw from ``store.view(seat)``.
"""

from __future__ import annotations

from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.terminal_theme import TerminalTheme
from textual.app import App, SystemCommand
from textual.reactive import reactive
from textual.theme import Theme

from . import terminal_input  # noqa: F401 - a stray byte typed is ignored, not a crash
from .themes import LIGHT_ANSI, OKABE_ITO, OKABE_ITO_ANSI, THEMES, MenuThemes

from tabletop.catalog import game_title
from tabletop.catalog import games as registered_games
from tabletop.paths import autosave_dir, journal_path, saves_dir
from tabletop.settings import load_settings, save_settings

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.screen import Screen

if TYPE_CHECKING:  # the rules, the store and pydantic load with the first game, not before the menu
    from collections.abc import Mapping

    from rules.common import Game, OptionsBase, Rng

    from tabletop.journal import GameRow, Journal
    from tabletop.net.client import Connection, RemoteStore
    from tabletop.net.host import TableHost
    from tabletop.store import Seat, Store

CSS = resources.files("assets").joinpath("styles", "app.tcss")

class TabletopApp(App[int]):
    CSS_PATH = str(CSS)
    TITLE = "tabletop"
    ENABLE_COMMAND_PALETTE = True  # ctrl+p: the screen's own commands, and the theme

    revision: reactive[int] = reactive(0, always_update=True, repaint=False)
    _last_trouble: str | None = None  # the last trouble with the saved games, said once

    def __init__(
        self,
        games: Mapping[str, Game] | None = None,
        start: tuple | None = None,
        bot_delay: float = 0.4,
    ) -> None:
        super().__init__()
        self.games = games if games is not None else registered_games()
        self.start = start
        self.bot_delay = bot_delay
        self.store: Store | None = None
        self._unsubscribe = None
        self._bot_rngs: dict[str, Rng] = {}
        self.too_small = False
        self.register_theme(OKABE_ITO)
        self.settings = load_settings()
        if self.settings["theme"] in self.available_themes:
            self.theme = self.settings["theme"]
        self._settings_trouble_said = False

    # -- start-up ------------------------------------------------------------
    def on_mount(self) -> None:
        from .menu import MenuScreen

        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.push_screen(MenuScreen())
        if self.start is not None:
            kind = self.start[0]
            if kind == "play":
                _, game_id, options, seed, *rest = self.start
                game = self.games[game_id]
                self.start_new_game(game, options, seed, rest[0] if rest else None)
            elif kind == "store":
                self.start_store(self.start[1])
            elif kind == "replay":
                self.open_replay(self.start[1])
            elif kind == "screen":  # a screen to open first (a remote seat's join screen)
                self.push_screen(self.start[1])
        self.call_after_refresh(self._check_size)

    # -- themes and the command palette ----------------------------------------
    @property
    def ansi_theme(self) -> TerminalTheme:
        """The palette the boards' named colours are drawn in, for the current theme."""
        if self.current_theme.name == OKABE_ITO.name:
            return OKABE_ITO_ANSI
        return self.ansi_theme_dark if self.current_theme.dark else LIGHT_ANSI

    def _theme_changed(self, theme: Theme) -> None:
        """Remember the theme for the next run; a file that cannot be written is said once."""
        if self.settings.get("theme") == theme.name:
            return
        self.settings["theme"] = theme.name
        trouble = save_settings(self.settings)
        if trouble is not None and not self._settings_trouble_said:
            self._settings_trouble_said = True
            self.notify(f"The theme cannot be remembered for next time ({trouble[:80]}).",
                        severity="warning", markup=False)

    def next_theme(self) -> str:
        """Go round the menu's themes (dark, light, colour-blind safe); the new one's name."""
        names = list(THEMES)
        at = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(at + 1) % len(names)]
        return THEMES[self.theme]

    def search_themes(self) -> None:
        """The palette's "Theme" command: the menu's themes, by the menu's names."""
        from textual.command import CommandPalette

        self.push_screen(CommandPalette(providers=[MenuThemes], placeholder="Search for themes…"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette: the current screen's own keys first (a board's undo, save, help,
        legend, hint, and its own keys appear by themselves), then Textual's (theme...)."""
        seen: set[str] = set()
        for key, (node, binding, enabled, _tip) in screen.active_bindings.items():
            if not (binding.show and binding.description and enabled) or binding.description in seen:
                continue  # one command per name (Enter is the panel's and the screen's)
            if binding.action in ("app.command_palette", "command_palette"):
                continue
            seen.add(binding.description)
            shown = binding.key_display or self.get_key_display(binding)
            yield SystemCommand(
                binding.description,
                f"key {shown}",
                lambda action=binding.action, node=node: self.call_later(self.run_action, action, node),
            )
        yield from super().get_system_commands(screen)

    # -- size ----------------------------------------------------------------
    async def _on_resize(self, event) -> None:
        await super()._on_resize(event)
        # The app applies a new size on a short timer; check once it has.
        self.set_timer(1 / 60, self._check_size)

    def _check_size(self) -> None:
        from .common.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if small and not self.too_small:
            self.too_small = True
            self.push_screen(TooSmallScreen())
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(self.screen, TooSmallScreen):
                self.pop_screen()

    # -- games ---------------------------------------------------------------
    @cached_property
    def journal(self) -> Journal:
        """The game journal, opened on first use. Autosave files of older versions are
        read into it once (that loads their games' rules, so only when there are some)."""
        from tabletop.journal import Journal, import_autosaves

        journal = Journal(journal_path())
        if autosave_dir().is_dir():
            try:
                import_autosaves(journal, autosave_dir(), self.games)
            except Exception as exc:  # noqa: BLE001 - reported, and tried again next start
                journal.reset()
                self._journal_trouble(
                    f"The old autosave files could not be read into the saved games ({str(exc)[:80]})."
                )
        return journal

    def _journal_trouble(self, message: str) -> None:
        """Say once what could not be read or written (never as markup)."""
        if message != self._last_trouble:
            self._last_trouble = message
            self.notify(message, severity="warning", timeout=8, markup=False)

    def _read_journal(self, read, default):
        import sqlite3

        try:
            found = read(self.journal)
            notice = self.journal.take_notice()  # a newer version's journal, said once
            if notice is not None:
                self._journal_trouble(notice)
            return found
        except (sqlite3.Error, OSError) as exc:
            self.journal.reset()
            where = str(journal_path())
            self._journal_trouble(f"The saved games in {where[-80:]} cannot be read ({str(exc)[:80]}).")
            return default

    def resume_candidate(self) -> GameRow | None:
        """The most recently played unfinished game, from the journal (one query)."""
        return self._read_journal(lambda j: j.latest_unfinished(self.games), None)

    def resume_candidates(self, limit: int) -> list[GameRow]:
        """The unfinished games, the most recently played first (one query)."""
        return self._read_journal(lambda j: j.unfinished(self.games, limit), [])

    def resume_last(self) -> None:
        row = self.resume_candidate()
        if row is None:
            self.notify("There is no unfinished game to resume.")
            return
        self.resume_game(row.id)

    def resume_game(self, game_id: str, copy: bool = False) -> None:
        """Open a game of the journal; if another tabletop holds it, offer a copy."""
        from .common.dialogs import ChoiceScreen, MessageScreen

        from tabletop.journal import GameHeld, JournalError, open_game

        if not copy and self.store is not None and self.store.game_uid == game_id:
            self.start_store(self.store)  # already open here
            return
        try:
            store = open_game(self.journal, game_id, self.games, copy=copy)
        except GameHeld as held:

            def chosen(choice: str | None) -> None:
                if choice == "copy":
                    self.resume_game(game_id, copy=True)

            self.push_screen(
                ChoiceScreen(
                    "This game is open elsewhere",
                    f"{held} Moves made there are saved there. You may open a copy of it as it stands now.",
                    [("copy", "Open a copy"), ("back", "Back")],
                ),
                chosen,
            )
            return
        except JournalError as exc:
            self.push_screen(MessageScreen("This game cannot be opened", str(exc)))
            return
        self.start_store(store)

    def open_setup(self, game_id: str) -> None:
        from .setup import SetupScreen

        game = self.games.get(game_id)
        if game is None:
            self.notify("That game is not available yet: its rules have not landed.", severity="warning")
            return
        self.push_screen(SetupScreen(game))

    def open_load(self) -> None:
        from .common.dialogs import LoadScreen

        from tabletop.saves import list_files

        rows = self._read_journal(lambda j: j.games(self.games), [])
        files = list_files(saves_dir())
        titles = {gid: game_title(gid, self.games) for gid in self.games}

        def chosen(choice: tuple[str, Any] | None) -> None:
            if choice is None:
                return
            kind, value = choice
            if kind == "game":
                self.resume_game(value)
            else:
                self.load_path(value)

        self.push_screen(LoadScreen(rows, files, titles), chosen)

    def open_history(self) -> None:
        from .history import HistoryScreen

        self.push_screen(HistoryScreen())

    def open_replay(self, source: Any, at: int | None = None) -> None:
        """Watch a game move by move: ``source`` is a journal game's id or a Replay (a
        file already read through the rules). A game that cannot be read is refused in
        one sentence, like a save."""
        from .common.dialogs import MessageScreen
        from .replay import ReplayScreen

        from tabletop.journal import JournalError
        from tabletop.replay import Replay

        if isinstance(source, Replay):
            replay = source
        else:
            try:
                replay = Replay.from_journal(self.journal, source, self.games)
            except JournalError as exc:
                self.push_screen(MessageScreen("This game cannot be replayed", str(exc)))
                return
        self.push_screen(ReplayScreen(replay, at=at))

    def load_path(self, path: Path) -> None:
        """Read a save file into a new game (the file is only read). The file is read,
        parsed and replayed in a thread, so the screen never waits for it: a "Reading…"
        screen shows meanwhile, and Escape there stops waiting (what is read is dropped)."""
        from .common.dialogs import ReadingScreen

        from tabletop import saves

        reading = ReadingScreen(f"Reading {saves.display_name(path)}…")
        self.push_screen(reading)
        games = self.games

        def read() -> None:  # in the worker's thread: no widget is touched here
            try:
                result: Any = saves.load(path, games)
            except saves.SaveError as exc:
                result = exc
            except Exception as exc:  # noqa: BLE001 - a refusal, never a traceback
                result = saves.SaveError(f"{saves.display_name(path)} could not be read: {saves.why(exc)}.")
            try:
                self.call_from_thread(self._loaded, reading, result)
            except RuntimeError:
                pass  # the app has ended meanwhile

        self.run_worker(read, thread=True, group="reading", exit_on_error=False)

    def _loaded(self, reading: Any, result: Any) -> None:
        """A save file has been read (or refused): show it, unless the player stopped
        waiting for it."""
        from .common.dialogs import MessageScreen

        from tabletop.saves import SaveError

        if reading.stopped:
            return
        reading.finish()
        if isinstance(result, SaveError):
            self.push_screen(MessageScreen("This save cannot be loaded", str(result)))
            return
        self.start_store(result)

    def start_new_game(
        self, game: Game, options: OptionsBase, seed: int | None, seats: list[Seat] | None
    ) -> None:
        from tabletop.store import Store

        self.start_store(Store.new(game, options, seed, seats))

    def start_store(self, store: Store) -> None:
        """Show ``store``'s game. A store not yet in the journal (new, or read from a
        file) becomes a new game there, under an id made here."""
        from .board import BoardScreen

        from tabletop.journal import attach

        if self._unsubscribe is not None:
            self._unsubscribe()
        if self.store is not None and self.store is not store:
            self.release_game()
        if store.recorder is None:
            attach(self.journal, store, source="new" if not store.log else "import")
        self.store = store
        self._bot_rngs.clear()
        self._unsubscribe = store.subscribe(self._store_changed)
        self._pop_to_menu()
        self.push_screen(BoardScreen.for_store(store))
        self._show_save_notice(store)

    def on_unmount(self) -> None:
        self.release_game()

    def release_game(self) -> None:
        """Let another tabletop open the game shown here (on leaving it or quitting)."""
        store = self.store
        if store is not None and store.recorder is not None:
            store.recorder.release()

    def _store_changed(self, store: Store) -> None:
        self.revision = store.revision
        self._show_save_notice(store)

    def _show_save_notice(self, store: Store) -> None:
        notice = store.take_save_notice()
        if notice is not None:
            failed = notice.startswith("Could not")
            self.notify(notice, severity="error" if failed else "information", timeout=10 if failed else 4, markup=False)

    def bot_action(self, store: Store, seat: int) -> Any:
        from rules.common import Rng

        from tabletop.bots import get_bot

        name = store.seats[seat].controller
        rng = self._bot_rngs.setdefault(name, Rng(seed=store.seed).fork(f"bot:{name}:{store.revision}"))
        bot = get_bot(store.game, name)
        return bot(store.game, store.view(seat), seat, store.legal_actions(), rng)

    def _pop_to_menu(self) -> None:
        from .menu import MenuScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, MenuScreen):
            self.pop_screen()

    def to_menu(self) -> None:
        self._pop_to_menu()


def run_app(start: tuple | None = None) -> int:
    app = TabletopApp(start=start)
    try:
        app.run()
    finally:
        app.release_game()
    return app.return_code or 0


# -- a networked table: a host's or a seat's app, in the loop of its connections --

LEAVE_WORDS = "Leave the table"  # what q says in a remote seat's footer


def seat_app(start: tuple):
    """The app of a remote seat: its menu key leaves the table (the host keeps the seat;
    the same code joins it again), since the seat's game is not in this computer's menu,
    and the keys only the table's host has (a board's ``HOST_KEYS``: Senji's winter clock
    pause) are not offered here.

    Both are the app's own priority bindings over the board screen's (Textual shows and
    runs a priority binding in place of the screen's for the same key); ``check_action``
    turns them on only while the board is on top, so a dialog or the join screen gets q
    and p as typed letters."""
    from textual.binding import Binding

    from .board import BoardScreen

    class SeatApp(TabletopApp):
        BINDINGS = [
            Binding("q", "leave_table", LEAVE_WORDS, priority=True),
            # Not in the footer; pressed, the board says whose key it is.
            Binding("p", "host_key('p')", show=False, priority=True),
        ]

        def start_store(self, store) -> None:
            super().start_store(store)
            # Only this seat's player sits at this screen: its own view is drawn from the
            # start, not only from its first turn (the board's hot-seat default).
            board = next((s for s in self.screen_stack if isinstance(s, BoardScreen)), None)
            if board is not None and getattr(store, "seat", None) is not None:
                board.viewer = store.seat

        def _board_on_top(self) -> BoardScreen | None:
            screen = self.screen_stack[-1] if self.screen_stack else None
            return screen if isinstance(screen, BoardScreen) else None

        def check_action(self, action: str, parameters: tuple) -> bool | None:
            if action == "leave_table":
                return self._board_on_top() is not None
            if action == "host_key":
                screen = self._board_on_top()
                return screen is not None and parameters[0] in getattr(screen.board, "HOST_KEYS", ())
            return super().check_action(action, parameters)

        def action_leave_table(self) -> None:
            self.exit(0)  # the host keeps the seat: the same code joins it again

        def action_host_key(self, key: str) -> None:
            screen = self._board_on_top()
            if screen is not None:
                screen.board.board_key(key)

        def to_menu(self) -> None:
            self.exit(0)

    return SeatApp(start=start)


async def run_seat(conn: Connection, store: RemoteStore) -> int:
    """Play a joined seat in the app, in this loop (the connection's)."""
    from .net import wire_remote

    app = seat_app(("store", store))
    app.connection = conn  # type: ignore[attr-defined]
    wire_remote(app, conn, store)
    try:
        await app.run_async()
    finally:
        await conn.close()
    return app.return_code or 0


async def run_join_screen(address: tuple[str, int], code: str | None) -> int:
    """The join screen first (a browser tab's seat), then the board."""
    from .net import JoinScreen

    app = seat_app(("screen", JoinScreen(address, code)))
    try:
        await app.run_async()
    finally:
        conn = getattr(app, "connection", None)
        if conn is not None:
            await conn.close()
    return app.return_code or 0


async def run_host_screen(host: TableHost, codes_text: str) -> int:
    """The host's own screen: this terminal's seats, or the table for all to see."""
    from tabletop.net.host import HostSeats

    app = TabletopApp(start=("store", HostSeats(host)), bot_delay=host.bot_delay)
    host.on_note = lambda text: app.notify(text, timeout=6, markup=False)
    app.call_later(lambda: app.notify(codes_text, title="The table is open", timeout=30, markup=False))
    try:
        await app.run_async()
    finally:
        app.release_game()
    return app.return_code or 0
