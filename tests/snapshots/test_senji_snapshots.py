"""SVG snapshots of the Senji table: the map at 80x24 (decisions under it) and at 130
columns with the honour track, the hand and the battle panel beside nothing hidden."""

from __future__ import annotations

from rules.common import Rng
from rules.senji import GAME
from tests.snapshots.helpers import app_with
from tabletop.store import Seat, Store


def _store(until) -> Store:
    store = Store.new(GAME, GAME.Options(players=4), seed=99, seats=[Seat(n) for n in ("Ai", "Bo", "Cy", "Di")])
    bot = GAME.bots()["smart"]
    rng = Rng(seed=99)
    while not store.finished and not until(store.state):
        seat = store.to_move()
        store._apply(bot(GAME, store.view(seat), seat, store.legal_actions(), rng), replay=True)
    return store


def _app_with(store: Store):
    return app_with(store, press=("enter",))  # senji: the seat to move lifts the curtain


def test_senji_map_80x24(snap_compare):
    app, start = _app_with(_store(lambda s: s.step == "spring_orders"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_senji_battle_wide(snap_compare):
    app, start = _app_with(_store(lambda s: s.combat is not None and s.combat.dice))
    assert snap_compare(app, terminal_size=(130, 44), run_before=start)


def test_senji_map_120x40(snap_compare):
    """The larger map in words under the decisions' row (the other panels are tabs)."""
    app, start = _app_with(_store(lambda s: s.step == "spring_orders"))
    assert snap_compare(app, terminal_size=(120, 40), run_before=start)


def test_senji_map_200x50(snap_compare):
    """The largest map, the panels under it, mid-spring with orders on the map."""
    app, start = _app_with(_store(lambda s: s.active is not None))
    assert snap_compare(app, terminal_size=(200, 50), run_before=start)
