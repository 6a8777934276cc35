"""Benchmarks (pytest-benchmark; run with --benchmark-enable to measure, otherwise each
runs once as a smoke test). Figures are reported in the issue notes, never asserted.
The menu's first frame is measured cold, in a fresh process, by test_cold_start.py."""

from __future__ import annotations

from rules.common import Rng
from tabletop.engine import games
from tabletop.simulate import simulate
from tabletop.store import Store
from tests.games.nim import NIM


def _game_actions(n: int = 200):
    rng = Rng(seed=9)
    state = NIM.new(NIM.Options(stones=60), 9)
    out = []
    while NIM.to_move(state) is not None and len(out) < n:
        acts = NIM.legal_actions(state)
        a = acts[rng.below(len(acts))]
        NIM.apply(state, a)
        out.append(a)
    return out


def test_store_dispatch(benchmark, tmp_path):
    actions = _game_actions()

    def run():
        store = Store.new(NIM, NIM.Options(stones=60), seed=9)
        for a in actions:
            store.dispatch(a)

    benchmark(run)
    benchmark.extra_info["actions"] = len(actions)


def test_store_dispatch_with_autosave(benchmark, tmp_path):
    from tabletop.journal import Journal, attach

    actions = _game_actions()
    journal = Journal(tmp_path / "games.sqlite3")

    def run():
        store = Store.new(NIM, NIM.Options(stones=60), seed=9)
        attach(journal, store)
        for a in actions:
            store.dispatch(a)

    benchmark(run)
    benchmark.extra_info["actions"] = len(actions)


def test_bare_apply(benchmark):
    actions = _game_actions()

    def run():
        state = NIM.new(NIM.Options(stones=60), 9)
        for a in actions:
            NIM.apply(state, a)

    benchmark(run)
    benchmark.extra_info["actions"] = len(actions)


def test_simulate_nim(benchmark):
    report = benchmark(lambda: simulate(NIM, games=100, seed=1))
    assert report.finished == 100
