"""Issue 28: a search bot at the table thinks off the UI loop, says so while it thinks,
plays its move when done; the hint key asks the search too."""

from __future__ import annotations

import pytest

from rules.common.search import Budget
from tabletop import bots
from tabletop.app import TabletopApp
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
