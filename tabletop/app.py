"""The Textual application: the only module that ties the store to Textual.

The app owns the store and a reactive ``revision`` that the store's subscription sets;
board screens watch it and redraw from ``store.view(seat)``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from textual.app import App
from textual.reactive import reactive

from rules.common import Game, OptionsBase, Rng

from . import saves
from .bots import get_bot
from .engine import games as registered_games
from .paths import autosave_dir, saves_dir
from .store import Seat, Store

CSS = resources.files("assets").joinpath("styles", "app.tcss")


class TabletopApp(App[int]):
    CSS_PATH = str(CSS)
    TITLE = "tabletop"
    ENABLE_COMMAND_PALETTE = False

    revision: reactive[int] = reactive(0, always_update=True, repaint=False)

    def __init__(
        self,
        games: dict[str, Game] | None = None,
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

    # -- start-up ------------------------------------------------------------
    def on_mount(self) -> None:
        from screens.menu import MenuScreen

        self.push_screen(MenuScreen())
        if self.start is not None:
            kind = self.start[0]
            if kind == "play":
                _, game_id, options, seed = self.start
                game = self.games[game_id]
                self.start_new_game(game, options, seed, None)
            elif kind == "store":
                self.start_store(self.start[1])
        self.call_after_refresh(self._check_size)

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
    def resume_candidate(self) -> saves.SaveInfo | None:
        return saves.latest_unfinished(autosave_dir(), self.games)

    def resume_last(self) -> None:
        info = self.resume_candidate()
        if info is None:
            self.notify("There is no unfinished game to resume.")
            return
        self.load_path(info.path)

    def open_setup(self, game_id: str) -> None:
        from screens.setup import SetupScreen

        game = self.games.get(game_id)
        if game is None:
            self.notify("That game is not available yet: its rules have not landed.", severity="warning")
            return
        self.push_screen(SetupScreen(game))

    def open_load(self) -> None:
        from screens.common.dialogs import LoadScreen

        found = saves.list_saves(saves_dir()) + saves.list_saves(autosave_dir())
        titles = {gid: g.title for gid, g in self.games.items()}

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.load_path(path)

        self.push_screen(LoadScreen(found, titles), chosen)

    def load_path(self, path: Path) -> None:
        from screens.common.dialogs import MessageScreen

        try:
            store = saves.load(path, self.games, autosave_dir())
        except saves.SaveError as exc:
            self.push_screen(MessageScreen("This save cannot be loaded", str(exc)))
            return
        self.start_store(store)

    def start_new_game(
        self, game: Game, options: OptionsBase, seed: int | None, seats: list[Seat] | None
    ) -> None:
        store = Store.new(game, options, seed, seats)
        store.autosave_path = saves.new_autosave_path(store, autosave_dir())
        store.save_autosave()
        self.start_store(store)

    def start_store(self, store: Store) -> None:
        from screens.board import BoardScreen

        if self._unsubscribe is not None:
            self._unsubscribe()
        self.store = store
        self._bot_rngs.clear()
        self._unsubscribe = store.subscribe(self._store_changed)
        self._pop_to_menu()
        self.push_screen(BoardScreen(store))

    def _store_changed(self, store: Store) -> None:
        self.revision = store.revision

    def bot_action(self, store: Store, seat: int) -> Any:
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
    app.run()
    return app.return_code or 0
