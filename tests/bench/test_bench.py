"""Benchmarks (pytest-benchmark; run with --benchmark-enable to measure, otherwise each
runs once as a smoke test). Figures are reported in the issue notes, never asserted."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList

from rules.common import Rng
from tabletop.app import TabletopApp
from tabletop.engine import games
from tabletop.simulate import simulate
from tabletop.store import Store
from tests.games.nim import NIM


class BareApp(App):
    """The yardstick: a header, an option list and a footer."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList(*[f"Game {i}" for i in range(8)])
        yield Footer()


async def _first_frame(app: App) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()


def test_menu_first_frame(benchmark):
    benchmark.pedantic(lambda: asyncio.run(_first_frame(TabletopApp(games=games()))), rounds=5, iterations=1)


def test_bare_textual_first_frame(benchmark):
    benchmark.pedantic(lambda: asyncio.run(_first_frame(BareApp())), rounds=5, iterations=1)


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
