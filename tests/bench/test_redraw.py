"""Redraw after an action, per board (pytest-benchmark).

The real app runs on a seeded game in a thread of its own. Each round dispatches the next
legal action to the store (as a key press would) and waits until the app has painted the
changed screen: the time measured is what a player waits between the key and the picture,
including Textual's own frame pacing (it paints at most 60 times a second). The
hand-off curtain is kept out of the way by making every seat the same player's.
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from rules.common import Rng
from screens.app import TabletopApp
from tabletop.bots import random_bot
from tabletop.store import Seat, Store

ROUNDS = 40


def boards():
    """Every registered game with a board of its own, in its default setup."""
    from screens.boards import CUSTOM_BOARDS
    from tabletop.engine import games

    return {gid: g for gid, g in games().items() if gid in CUSTOM_BOARDS}


class AppThread:
    """Runs the app headless in its own event loop so a benchmark can drive it."""

    def __init__(self, app: TabletopApp, size: tuple[int, int]) -> None:
        self.app, self.size = app, size
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.painted: asyncio.Event | None = None
        self.stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        self.painted, self.stop = asyncio.Event(), asyncio.Event()
        async with self.app.run_test(size=self.size) as pilot:
            await pilot.pause()
            display = self.app._display

            def spy(screen, renderable):  # called each time the app paints
                display(screen, renderable)
                self.painted.set()

            self.app._display = spy
            self.ready.set()
            await self.stop.wait()

    def call(self, fn) -> None:
        async def step():
            from textual._context import active_app

            active_app.set(self.app)  # a task started from another thread lacks it
            self.painted.clear()
            fn()
            await self.painted.wait()

        asyncio.run_coroutine_threadsafe(step(), self.loop).result(timeout=10)

    def __enter__(self):
        self.thread.start()
        assert self.ready.wait(timeout=30)
        return self

    def __exit__(self, *exc):
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(timeout=10)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game_id", sorted(boards()))
def test_redraw_after_an_action(benchmark, game_id, size, data_dir):
    game = boards()[game_id]
    options = game.Options()
    seats = [Seat("Solo")] + [Seat(f"Bot {i}", "random") for i in range(1, game.seat_count(options))]
    store = Store.new(game, options, 4, seats)
    # Bots never move by themselves here: the benchmark plays every seat's actions.
    app = TabletopApp(games={game_id: game}, bot_delay=3600, start=("store", store))
    rng = Rng(seed=4)
    bot = next(iter(game.bots().values()), random_bot)

    def choose():
        """Untimed: start a new game after an end, and let the bot pick the next action."""
        if store.finished:
            store.state = game.new(options, rng.below(1000))
            store.log.clear()
        seat = store.to_move()
        action = bot(game, store.view(seat), seat, store.legal_actions(), rng)
        return (lambda: store.dispatch(action),), {}

    with AppThread(app, size) as runner:
        app.screen.viewer = 0
        benchmark.pedantic(runner.call, setup=choose, rounds=ROUNDS, iterations=1)
