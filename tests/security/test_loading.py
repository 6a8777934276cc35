"""A save file is read off the UI loop (issue 23, item 2): while it is read the screen says
"Reading …" and answers keys; Escape stops waiting and drops what is read.

The reading is held back by the test (a loader that waits for a go-ahead), so "the key
was answered while the file was still being read" is a fact, not a race."""

from __future__ import annotations

import threading

from screens.common.dialogs import MessageScreen, ReadingScreen
from screens.menu import MenuScreen
from tabletop import saves
from screens.app import TabletopApp
from tests.e2e.helpers import settle, wait_until
from tests.games.nim import NIM, NimOptions
from tabletop.store import Store

GAMES = {"nim": NIM}
SIZE = (100, 30)


def a_save(tmp_path):
    store = Store.new(NIM, NimOptions(), seed=4)
    for _ in range(3):
        store.dispatch(store.legal_actions()[0])
    return store, saves.write_save(store, tmp_path / "slow [v2].json")


class HeldLoader:
    """``saves.load`` that waits for ``go`` before reading (in the worker's thread)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.done = threading.Event()
        self.thread: str | None = None
        self._load = saves.load

    def __call__(self, path, games):
        self.thread = threading.current_thread().name
        self.started.set()
        assert self.go.wait(20), "the test never let the load go on"
        try:
            return self._load(path, games)
        finally:
            self.done.set()


async def test_a_key_pressed_while_a_file_is_read_is_answered(data_dir, tmp_path, monkeypatch):
    _, path = a_save(tmp_path)
    loader = HeldLoader()
    monkeypatch.setattr(saves, "load", loader)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.load_path(path)
        await wait_until(pilot, loader.started.is_set, "the reading to start")
        await settle(pilot)
        assert isinstance(app.screen, ReadingScreen)
        assert str(app.screen.query_one("#reading-what").render()) == "Reading “slow [v2].json”…"
        assert loader.thread != threading.main_thread().name, "read in a thread, not on the UI loop"
        await pilot.press("escape")  # pressed while the file is still being read
        await settle(pilot)
        assert not loader.done.is_set(), "the reading is still held back"
        assert isinstance(app.screen, MenuScreen), "Escape was answered at once"
        assert any("Stopped reading" in n.message for n in app._notifications)
        loader.go.set()
        await wait_until(pilot, loader.done.is_set, "the reading to end")
        await settle(pilot)
        assert app.store is None and isinstance(app.screen, MenuScreen), "what was read is dropped"


async def test_a_file_read_in_its_thread_opens_its_game(data_dir, tmp_path, monkeypatch):
    store, path = a_save(tmp_path)
    loader = HeldLoader()
    monkeypatch.setattr(saves, "load", loader)
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.load_path(path)
        await wait_until(pilot, loader.started.is_set, "the reading to start")
        await settle(pilot)
        assert isinstance(app.screen, ReadingScreen)
        loader.go.set()
        await wait_until(pilot, lambda: app.store is not None, "the game read in")
        await settle(pilot)
        assert app.store.state == store.state
        assert not any(isinstance(s, ReadingScreen) for s in app.screen_stack)


async def test_a_refusal_read_in_its_thread_is_shown(data_dir, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'"' + b'\\"' * 200_000)  # the quadratic case of issue 23: now read at once
    app = TabletopApp(games=GAMES, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.load_path(bad)
        await wait_until(pilot, lambda: isinstance(app.screen, MessageScreen), "the refusal")
        assert "cut off" in app.screen.message
        assert not any(isinstance(s, ReadingScreen) for s in app.screen_stack)
