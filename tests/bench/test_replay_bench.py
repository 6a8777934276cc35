"""The cost of a step in a replay at move 1,000 of a long Senji game.

Off by default like every benchmark here (run with ``--benchmark-enable``; otherwise each
runs once as a smoke test):

    .venv/bin/python -m pytest tests/bench/test_replay_bench.py --benchmark-enable

A step is what a key costs the replay before the screen draws: the state after the move
(from the move on show, or from the snapshot kept every 50 moves) and the view of it.
Forward from 999 to 1,000 is one action; back from 1,001 to 1,000 starts from the
snapshot at 1,000; back from 1,000 to 999 from the one at 950, the worst case (49
actions). A replay from the start each step, which the snapshots replace, is timed
beside them for comparison.
"""

from __future__ import annotations

from functools import cache

import pytest

from tabletop.engine import get_game
from tabletop.replay import PUBLIC, Replay
from tabletop.store import Seat, Store

MOVE = 1000


@cache
def senji_replay() -> Replay:
    """A six-player Senji game that always takes the first choice: 2,512 actions long.
    Without a winter clock: under one only time limits offers, and the first choice on the
    winter floor is always another offer."""
    game = get_game("senji")
    options = game.Options(players=6, winter_timer_s=0)
    store = Store.new(game, options, seed=1)
    while store.to_move() is not None:
        store._apply(store.legal_actions()[0], replay=True)
    assert store.revision > MOVE + 50, "the game runs long enough"
    seats = [Seat(name) for name in game.seat_labels(options)]
    return Replay(game, options, 1, seats, [e.action for e in store.log])


@pytest.mark.parametrize("start, target", [(MOVE - 1, MOVE), (MOVE + 1, MOVE), (MOVE, MOVE - 1)],
                         ids=["forward-to-1000", "back-to-1000", "back-to-999"])
def test_replay_step_at_move_1000(benchmark, start, target):
    replay = senji_replay()

    def setup():
        replay.state_at(start)  # the move on show before the key
        return (), {}

    def step():
        return replay.view_at(target, PUBLIC)

    view = benchmark.pedantic(step, setup=setup, rounds=30, iterations=1)
    benchmark.extra_info["from"] = start
    assert view.model_dump_json() == replay.game.view(replay.state_at(target), None).model_dump_json()


def test_replay_from_the_start_to_move_1000_for_comparison(benchmark):
    replay = senji_replay()
    game = replay.game
    actions = [game.parse_action(a) for a in replay.actions[:MOVE]]

    def from_start():
        state = game.new(replay.options, replay.seed)
        for action in actions:
            game.apply(state, action)
        return game.view(state, None)

    view = benchmark.pedantic(from_start, rounds=5, iterations=1)
    assert view.model_dump_json() == replay.view_at(MOVE).model_dump_json()
