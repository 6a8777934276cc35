"""SVG snapshots of the Harakiri table: both scenario openings (the Drowned Shrine at
80x24 with the boards as tabs, the Ossuary Bell at 130 columns with them beside the grid)
and a mid-game Ossuary Bell move with heights, reachable squares and the chosen queued."""

from __future__ import annotations

from rules.common import Rng
from rules.harakiri import GAME
from screens.app import TabletopApp
from tabletop.store import Seat, Store
from tests.e2e.helpers import settle


def _store(scenario: str, seed: int, until) -> Store:
    store = Store.new(GAME, GAME.Options(scenario=scenario), seed=seed, seats=[Seat("Ai")])
    bot = GAME.bots()["samurai"]
    rng = Rng(seed=seed)
    while not store.finished and not until(store.state):
        seat = store.to_move()
        store._apply(bot(GAME, store.view(seat), seat, store.legal_actions(), rng), replay=True)
    return store


def _app_with(store: Store):
    app = TabletopApp(games={"harakiri": GAME}, bot_delay=0)

    async def start(pilot):
        await pilot.pause()
        app.start_store(store)
        await settle(pilot)

    return app, start


def _mid_game(s) -> bool:
    return (s.round >= 2 and s.sub is not None and s.sub.kind == "move"
            and any(sq.h for sq in s.squares.values()) and any(e.kind == "chosen" for e in s.enemies))


def test_harakiri_drowned_shrine_opening_80x24(snap_compare):
    app, start = _app_with(_store("drowned_shrine", 3, lambda s: True))
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_harakiri_drowned_shrine_opening_120x40(snap_compare):
    """The same placement at 120x40: squares two lines tall, the boards beside the grid."""
    app, start = _app_with(_store("drowned_shrine", 3, lambda s: True))
    assert snap_compare(app, terminal_size=(120, 40), run_before=start)


def test_harakiri_ossuary_bell_opening_wide(snap_compare):
    app, start = _app_with(_store("ossuary_bell", 5, lambda s: True))
    assert snap_compare(app, terminal_size=(130, 44), run_before=start)


def test_harakiri_ossuary_bell_mid_game_wide(snap_compare):
    store = _store("ossuary_bell", 5, _mid_game)
    assert _mid_game(store.state)
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=(130, 44), run_before=start)


def test_harakiri_ossuary_bell_mid_game_200x50(snap_compare):
    """The same move at 200x50: taller and wider squares, the boards in sentences."""
    store = _store("ossuary_bell", 5, _mid_game)
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=(200, 50), run_before=start)
