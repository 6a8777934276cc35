"""Setup (spec 3), options and data (spec 1, 2)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.spirit import GAME, data
from rules.spirit.model import SpiritOptions


def test_data_tallies():
    cards = data.raiders().cards
    plunderers = [c for c in cards if c.type == "plunderer"]
    assert len(cards) == 66
    assert sorted(c.value for c in plunderers) == sorted([1, 2, 3, 4] * 13)
    assert sum(c.flame for c in plunderers) == 14
    assert sum(bool(c.penalties) for c in plunderers) == 20
    assert all(c.value == 5 for c in cards if c.type == "lieutenant")
    bosses = [c for c in cards if c.type == "boss"]
    assert all(c.flame and c.value == 6 for c in bosses)
    assert sum(len(c.penalties) == 2 for c in bosses) == 3
    assert len(data.roster()) == 7


@pytest.mark.parametrize("players, solo, level, n, cap, k, m", [
    (3, 2, "normal", 3, 5, 21, 3),
    (1, 2, "easy", 2, 5, 12, 1),
    (1, 3, "heroic", 3, 3, 21, 3),
    (7, 2, "easy", 7, 10, 42, 6),
    (5, 2, "hard", 5, 6, 35, 5),
])
def test_setup_counts(players, solo, level, n, cap, k, m):
    opts = SpiritOptions(players=players, solo_samurai=solo, difficulty=level)
    t = GAME.new(opts, 7)
    assert t.n == n == GAME.seat_count(opts)
    assert t.barricades == t.cap == cap
    assert t.dealt == k and t.extra == m
    assert len(t.reserve) == 2 * m and len(t.box) == 66 - k - 2 * m
    assert t.farms == [1, 2, 3, 4, 5, 6] and not t.burnt
    assert sorted(t.backs) == ["F1", "F2", "F3", "F4", "F5", "F6"]
    assert len({s.name for s in t.samurai}) == n
    GAME.check_invariants(t)


def test_family_guarantee_with_two_player_rules():
    for seed in range(60):
        t = GAME.new(SpiritOptions(players=1, solo_samurai=2, difficulty="easy"), seed)
        in_play = t.raiders + [c for s in t.samurai for c in s.line + list(filter(None, s.slots.values()))]
        in_play += t.discard + t.intruders + ([t.transit.card] if t.transit else [])
        assert sum(data.card(c).icon == "family" for c in in_play) >= 2


def test_pool_holds_absent_samurai_in_roster_order():
    t = GAME.new(SpiritOptions(players=2, samurai=("Kyuzo", "Heihachi")), 1)
    assert t.pool == ["Kanbei", "Gorobei", "Daisuke", "Katsushiro", "Kikuchiyo"]
    t = GAME.new(SpiritOptions(players=2, two_player_variant=False), 1)
    assert t.pool == []
    t = GAME.new(SpiritOptions(players=3), 1)
    assert t.pool == []


def test_options_validation():
    with pytest.raises(ValidationError):
        SpiritOptions(players=2, samurai=("Kyuzo", "Kyuzo"))
    with pytest.raises(ValidationError):
        SpiritOptions(players=2, samurai=("Kyuzo",))
    with pytest.raises(ValidationError):
        SpiritOptions(players=2, samurai=("Kyuzo", "Musashi"))
    with pytest.raises(ValidationError):
        SpiritOptions(players=8)
    with pytest.raises(ValidationError):
        SpiritOptions(difficulty="nightmare")
    assert SpiritOptions().players == 3 and SpiritOptions().difficulty == "normal"
    assert GAME.seat_labels(SpiritOptions(players=2, samurai=("Kyuzo", "Kanbei"))) == ["Kyuzo", "Kanbei"]


def test_first_turn_and_determinism():
    a = GAME.new(SpiritOptions(), 42)
    b = GAME.new(SpiritOptions(), 42)
    assert a.model_dump_json() == b.model_dump_json()
    assert a.active == a.first_seat and GAME.to_move(a) == a.first_seat
    assert a.pending.kind == "ACTION"


def test_an_unnamed_seat_is_called_by_the_samurai_it_drew():
    from tabletop.store import Seat, Store

    store = Store.new(GAME, SpiritOptions(players=3), 5,
                      [Seat("Samurai 1"), Seat("Ann"), Seat("Samurai 3", "random")])
    drawn = [s.name for s in store.state.samurai]
    assert [s.name for s in store.seats] == [drawn[0], "Ann", drawn[2]]
    assert store.seats[2].controller == "random"
    assert "Samurai 1" not in drawn
