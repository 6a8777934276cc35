"""SVG snapshots of the duel table: the opening hand, a mid-duel 1 Versus 3 position
with a revealed defence, the end screen, and one position at 80x24, 120x40 and 200x50
(the compact table, then the spread one)."""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.duel import GAME
from tests.snapshots.helpers import app_with
from tabletop.store import Store


def _app_with(store: Store):
    return app_with(store)


def _play(store: Store, until) -> Store:
    bot = GAME.bots()["samurai"]
    rng = Rng(seed=store.seed)
    while not store.finished and not until(store):
        store._apply(bot(GAME, store.view(0), 0, store.legal_actions(), rng), replay=True)
    return store


def test_duel_opening_hand(snap_compare):
    store = _play(Store.new(GAME, GAME.Options(), seed=12), lambda s: s.state.step != "round_start")
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_duel_versus3_mid_duel(snap_compare):
    store = Store.new(GAME, GAME.Options(opponent="versus3", gisei=True, bushido=True), seed=21)
    _play(store, lambda s: s.state.round >= 2 and s.state.step == "attack")
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=(120, 36), run_before=start)


def test_duel_end_screen(snap_compare):
    store = _play(Store.new(GAME, GAME.Options(), seed=5), lambda s: False)
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)], ids=["80x24", "120x40", "200x50"])
def test_duel_board_at_each_size(snap_compare, size):
    # Round 2 against Arima Kihei at the Temple Steps, the defence revealed for the third
    # card: at 80x24 the compact table, at 120x40 and 200x50 the spread one (Life, Ki and
    # the rounds as tracks, the round before told in one line).
    store = _play(Store.new(GAME, GAME.Options(), seed=12),
                  lambda s: s.state.round >= 2 and s.state.step == "third_card")
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=size, run_before=start)
