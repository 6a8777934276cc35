"""SVG snapshots of the Samurai Spirit board: the start, a mid-game position with an
animal samurai and a full defence (at 80x24, 120x40 and 200x50: the village line pinned
at 80x24, the samurai side by side where there is room), and the end screen."""

from __future__ import annotations

from rules.common import Rng
from rules.spirit import GAME, builder, data
from tests.snapshots.helpers import app_with
from tabletop.store import Seat, Store

SIZE = (80, 24)


def _app_with(store: Store):
    return app_with(store)


def test_spirit_start(snap_compare):
    store = Store.new(GAME, GAME.Options(players=2), seed=2026, seats=[Seat("Ana"), Seat("Ben")])
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=SIZE, run_before=start)


def _first(icon: str, value: int | None = None) -> str:
    return next(c.id for c in data.raiders().cards
                if c.type == "plunderer" and c.icon == icon and not c.penalties
                and (value is None or c.value == value))


def midgame_store() -> Store:
    state = builder.table(("Kyuzo", "Kikuchiyo", "Gorobei"), seed=5)
    state.samurai[1].wounds = 2  # Kikuchiyo has taken his second wound: animal form
    builder.defended(state, 0, _first("hat"), _first("farm"), _first("family"))
    cards = [c.id for c in data.raiders().cards if c.type == "plunderer" and c.id in state.raiders]
    builder.line(state, 1, *cards[:3])
    builder.begin(state, 0)
    seats = [Seat(n) for n in ("Ana", "Ben", "Chi")]
    return Store(GAME, state.options, 5, seats, state)


def test_spirit_midgame_animal_and_full_defence(snap_compare):
    app, start = _app_with(midgame_store())
    assert snap_compare(app, terminal_size=(120, 40), run_before=start)


def test_spirit_midgame_at_80x24(snap_compare):
    app, start = _app_with(midgame_store())
    assert snap_compare(app, terminal_size=(80, 24), run_before=start)


def test_spirit_midgame_at_200x50(snap_compare):
    app, start = _app_with(midgame_store())
    assert snap_compare(app, terminal_size=(200, 50), run_before=start)


def test_spirit_end_screen(snap_compare):
    store = Store.new(GAME, GAME.Options(players=2), seed=7, seats=[Seat("Ana"), Seat("Ben")])
    bot = next(iter(GAME.bots().values()))
    rng = Rng(seed=7)
    while not store.finished:
        seat = store.to_move()
        store._apply(bot(GAME, store.view(seat), seat, store.legal_actions(), rng), replay=True)
    app, start = _app_with(store)
    assert snap_compare(app, terminal_size=SIZE, run_before=start)
