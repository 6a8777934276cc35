"""Issue 28: a search bot at the table thinks off the UI loop, says so while it thinks,
plays its move when done; the hint key asks the search too."""

from __future__ import annotations

import pytest

from rules.common.search import Budget
from tabletop import bots
from screens.app import TabletopApp
from tabletop.catalog import get_game
from tabletop.store import Seat
from tests.e2e.helpers import board_of, settle, wait_until


@pytest.fixture
def quick_budget(monkeypatch):
    monkeypatch.setattr(bots, "DEFAULT_BUDGET", Budget(think_ms=300))


def thinking_said(app) -> bool:
    return any("is thinking" in str(n.message) for n in app._notifications)


async def test_a_strong_bot_thinks_in_a_worker_and_plays_its_move(data_dir, quick_budget):
    game = get_game("duel")
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(game, game.Options(), 3, [Seat("Musashi", "strong")])
        board = board_of(app)
        start = app.store.revision
        # The loop runs while the bot thinks: the table says so and the worker is busy.
        await wait_until(pilot, lambda: thinking_said(app) and board._bot_pending, "the bot to think")
        assert any(w.group == "bot-thinking" and not w.is_finished for w in board.workers)
        await wait_until(pilot, lambda: app.store.revision > start + 2, "the bot's moves", timeout=30)
        assert app.store.outcome() is None or app.store.revision > start


def test_the_hint_asks_the_search_and_reads_only_the_seats_view(monkeypatch):
    from rules.common import Rng
    from screens.common import thinking

    monkeypatch.setattr(thinking, "HINT_BUDGET", Budget(iterations=6, think_ms=None))
    from tests.unit.test_search import positions

    for game_id in ("duel", "spirit", "harakiri"):
        game = get_game(game_id)
        for state, seat in positions(game_id, 2, 5, 3):
            actions = game.legal_actions(state)
            action, reason = thinking.strong_hint(game, game.view(state, seat), seat, actions)
            assert action in actions and reason
            other = game.scramble_hidden(state, seat, Rng(seed=9))
            assert thinking.strong_hint(game, game.view(other, seat), seat, actions) == (action, reason)


async def test_a_strong_stand_in_thinks_off_the_hosts_loop(quick_budget, monkeypatch):
    """A host's stand-in may be the search bot: it thinks in a worker while the host's loop
    goes on (here the loop itself lets the bot finish: were the bot on the loop, it would
    wait in vain), and its moves are played."""
    import asyncio
    import threading

    from tabletop.net import host as host_module
    from tests.net.helpers import hosting, senji_store

    entered, go, released = threading.Event(), threading.Event(), []
    real_get_bot = host_module.get_bot

    def held_get_bot(game, name, budget=None):
        bot = real_get_bot(game, name, budget)

        def held(*args):
            entered.set()
            released.append(go.wait(timeout=5))
            return bot(*args)

        return held

    monkeypatch.setattr(host_module, "get_bot", held_get_bot)
    store = senji_store(3, 4)
    async with hosting(store, away_after=0.05, bot_delay=0.0, stand_in="strong") as host:
        start = store.revision
        while not entered.is_set():
            await asyncio.sleep(0.01)
        go.set()  # the loop runs while the bot thinks
        for _ in range(3000):
            if store.revision >= start + 3:
                break
            await asyncio.sleep(0.01)
        assert host.stood_in and store.revision >= start + 3
        assert released and all(released)


async def test_the_hint_is_sought_off_the_ui_loop_and_the_board_answers_meanwhile(data_dir, monkeypatch):
    """The hint's search may take up to a second: while it runs, the board answers keys
    (here the legend opens and closes), and the hint is shown once it is found."""
    import threading

    from screens.common import thinking
    from screens.common.legend import LegendScreen

    go = threading.Event()
    real = thinking.strong_hint

    def slow_hint(*args):
        assert go.wait(timeout=10), "the hint was never let go"
        return real(*args)

    monkeypatch.setattr(thinking, "strong_hint", slow_hint)
    monkeypatch.setattr(thinking, "HINT_BUDGET", Budget(iterations=2, think_ms=None))
    game = get_game("duel")
    app = TabletopApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.start_new_game(game, game.Options(), 3, [Seat("Musashi", "human")])
        board = board_of(app)
        await wait_until(pilot, lambda: bool(board.actions), "a decision")
        await pilot.press("H")
        await pilot.press("L")  # answered while the hint is still being sought
        await wait_until(pilot, lambda: isinstance(app.screen, LegendScreen), "the legend")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is board, "the board again")
        assert board._hint is None  # not found yet
        go.set()
        await wait_until(pilot, lambda: board._hint is not None, "the hint")
