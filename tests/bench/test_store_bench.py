"""The cost of an action in the store, early and late in a long Senji game.

Off by default like every benchmark here (run with ``--benchmark-enable``; otherwise each
runs once as a smoke test). The journal writes one row per action, so what it adds must
not grow with the game: ``record`` at move 2,000 costs what it costs at move 10.

    .venv/bin/python -m pytest tests/bench/test_store_bench.py --benchmark-enable

``dispatch`` is the whole store step (the rules' own work included: a copy of the state,
the legal actions); ``record`` is the journal's part alone. On a disk, each action's
commit waits for an fsync (``synchronous=FULL``), which is the disk's time, not ours: set
``TABLETOP_BENCH_DIR=/dev/shm`` to put the database on a RAM disk and see the rest.
"""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path

import pytest

from tabletop.engine import get_game
from tabletop.journal import Journal, attach
from tabletop.store import Store

ROUNDS = 50  # actions timed, one per round, each one move further into the game


@cache
def senji_actions(count: int) -> tuple:
    """A six-player Senji game that always takes the first choice: 2,512 actions long."""
    game = get_game("senji")
    store = Store.new(game, game.Options(players=6), seed=1)
    actions = []
    while store.to_move() is not None and len(actions) < count:
        action = store.legal_actions()[0]
        store._apply(action, replay=True)
        actions.append(action)
    assert len(actions) == count, "the game runs long enough"
    return tuple(actions)


def store_at(move: int, tmp_path) -> tuple[Store, list]:
    """A recorded store with ``move - 1`` actions played, and the actions that follow."""
    game = get_game("senji")
    actions = senji_actions(move + ROUNDS)
    store = Store.new(game, game.Options(players=6), seed=1)
    for action in actions[: move - 1]:
        store._apply(action)
    folder = os.environ.get("TABLETOP_BENCH_DIR")
    where = Path(tempfile.mkdtemp(dir=folder)) if folder else tmp_path
    attach(Journal(where / "games.sqlite3"), store)  # writes the first rows at once
    assert store.recorder.record(store)
    return store, list(actions[move - 1:])


@pytest.mark.parametrize("move", [10, 2000])
def test_store_dispatch_at_move(benchmark, tmp_path, move):
    store, upcoming = store_at(move, tmp_path)
    queue = iter(upcoming)

    def setup():
        return (next(queue),), {}

    benchmark.pedantic(store.dispatch, setup=setup, rounds=ROUNDS, iterations=1)
    benchmark.extra_info["move"] = move
    assert store.take_save_notice() is None
    assert len(store.recorder.journal.actions(store.game_uid)) == store.revision


@pytest.mark.parametrize("move", [10, 2000])
def test_journal_record_at_move(benchmark, tmp_path, move):
    store, upcoming = store_at(move, tmp_path)
    queue = iter(upcoming)

    def setup():
        store._apply(next(queue))  # the rules' step, untimed
        return (store,), {}

    benchmark.pedantic(store.recorder.record, setup=setup, rounds=ROUNDS, iterations=1)
    benchmark.extra_info["move"] = move
    assert len(store.recorder.journal.actions(store.game_uid)) == store.revision
