"""The Textual application: the only module that ties the store to Textual.

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

from .catalog import game_title
from .catalog import games as registered_games
from .paths import autosave_dir, journal_path, saves_dir
from .settings import load_settings, save_settings

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.screen import Screen

if TYPE_CHECKING:  # the rules, the store and pydantic load with the first game, not before the menu
    from collections.abc import Mapping

    from rules.common import Game, OptionsBase, Rng

    from .journal import GameRow, Journal
    from .store import Seat, Store

CSS = resources.files("assets").joinpath("styles", "app.tcss")

# A colour-blind-safe theme: the Okabe-Ito palette (orange, sky blue, bluish green,
# yellow, blue, vermillion, reddish purple), told apart by the three common colour-blind
# eyes. Colour still never carries meaning alone: a glyph or a word always comes with it.
OKABE_ITO = Theme(
    name="okabe-ito",
    primary="#56B4E9",  # sky blue
    secondary="#E69F00",  # orange
    accent="#F0E442",  # yellow
    warning="#E69F00",  # orange
    error="#D55E00",  # vermillion
    success="#009E73",  # bluish green
    foreground="#F2F2F2",
    background="#0B0B0B",
    surface="#1A1A1A",
    panel="#0F2A3A",  # a dark blue
    boost="#FFFFFF12",
    dark=True,
    variables={"block-cursor-background": "#0072B2", "footer-key-foreground": "#E69F00"},
)

# The boards draw in Rich's named colours (red, green, white...), which Textual maps
# through an ANSI palette. On a light theme "white" must stay readable (a dark grey,
# not the background's white), and the colour-blind theme maps red, green, yellow, blue,
# magenta and cyan to the Okabe-Ito colours, so every board follows it unchanged.
LIGHT_ANSI = TerminalTheme(
    (247, 247, 247), (0, 0, 0),
    [(0, 0, 0), (170, 55, 49), (40, 120, 30), (150, 100, 0), (50, 92, 192),
     (122, 62, 157), (0, 110, 150), (64, 64, 64), (110, 110, 110)],
    [(200, 40, 40), (50, 140, 0), (170, 115, 0), (0, 100, 190), (180, 50, 180),
     (0, 130, 160), (20, 20, 20)],
)
OKABE_ITO_ANSI = TerminalTheme(
    (11, 11, 11), (242, 242, 242),
    [(26, 26, 26), (213, 94, 0), (0, 158, 115), (230, 159, 0), (0, 114, 178),
     (204, 121, 167), (86, 180, 233), (200, 200, 200), (110, 110, 110)],
    [(240, 120, 40), (40, 190, 150), (240, 228, 66), (60, 150, 220), (225, 150, 195),
     (120, 200, 245), (250, 250, 250)],
)

# The themes the menu goes round (the palette's "Theme" command lists them all).
THEMES = {"textual-dark": "Dark", "textual-light": "Light", "okabe-ito": "Colour-blind safe"}


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
        from screens.menu import MenuScreen

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
        from screens.common.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

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
        from .journal import Journal, import_autosaves

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

    def resume_last(self) -> None:
        row = self.resume_candidate()
        if row is None:
            self.notify("There is no unfinished game to resume.")
            return
        self.resume_game(row.id)

    def resume_game(self, game_id: str, copy: bool = False) -> None:
        """Open a game of the journal; if another tabletop holds it, offer a copy."""
        from screens.common.dialogs import ChoiceScreen, MessageScreen

        from .journal import GameHeld, JournalError, open_game

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
        from screens.setup import SetupScreen

        game = self.games.get(game_id)
        if game is None:
            self.notify("That game is not available yet: its rules have not landed.", severity="warning")
            return
        self.push_screen(SetupScreen(game))

    def open_load(self) -> None:
        from screens.common.dialogs import LoadScreen

        from .saves import list_files

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
        from screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def open_replay(self, source: Any, at: int | None = None) -> None:
        """Watch a game move by move: ``source`` is a journal game's id or a Replay (a
        file already read through the rules). A game that cannot be read is refused in
        one sentence, like a save."""
        from screens.common.dialogs import MessageScreen
        from screens.replay import ReplayScreen

        from .journal import JournalError
        from .replay import Replay

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
        from screens.common.dialogs import ReadingScreen

        from . import saves

        reading = ReadingScreen(f"Reading {saves.display_name(path)}…")
        self.push_screen(reading)
        games = self.games

        def read() -> None:  # in the worker's thread: no widget is touched here
            try:
                result: Any = saves.load(path, games)
            except saves.SaveError as exc:
                result = exc
            except Exception as exc:  # noqa: BLE001 - a refusal, never a traceback
                result = saves.SaveError(f"{saves.display_name(path)} could not be read ({type(exc).__name__}).")
            try:
                self.call_from_thread(self._loaded, reading, result)
            except RuntimeError:
                pass  # the app has ended meanwhile

        self.run_worker(read, thread=True, group="reading", exit_on_error=False)

    def _loaded(self, reading: Any, result: Any) -> None:
        """A save file has been read (or refused): show it, unless the player stopped
        waiting for it."""
        from screens.common.dialogs import MessageScreen

        from .saves import SaveError

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
        from .store import Store

        self.start_store(Store.new(game, options, seed, seats))

    def start_store(self, store: Store) -> None:
        """Show ``store``'s game. A store not yet in the journal (new, or read from a
        file) becomes a new game there, under an id made here."""
        from screens.board import BoardScreen

        from .journal import attach

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

        from .bots import get_bot

        name = store.seats[seat].controller
        rng = self._bot_rngs.setdefault(name, Rng(seed=store.seed).fork(f"bot:{name}:{store.revision}"))
        bot = get_bot(store.game, name)
        return bot(store.game, store.view(seat), seat, store.legal_actions(), rng)

    def _pop_to_menu(self) -> None:
        from screens.menu import MenuScreen

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
