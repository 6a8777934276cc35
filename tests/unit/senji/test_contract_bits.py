"""Illegal actions, descriptions, rendering and the public winter floor."""

import pytest

from rules.common import IllegalAction, Rng
from rules.senji import GAME
from rules.senji.actions import Claim, EndTurn, KeepSamurai, OpenOffer
from rules.senji.state import SenjiOptions

from .helpers import R, blank, place


def test_action_of_another_step_is_refused_and_changes_nothing():
    s = GAME.new(SenjiOptions(), 2)
    before = s.model_dump_json()
    for bad in (Claim(province="aki"), EndTurn(), OpenOffer(by=0), KeepSamurai(letter="Z")):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.reason[0].isupper()
    assert s.model_dump_json() == before


def test_public_step_is_only_the_winter_floor():
    s = blank()
    place(s, R, "aki", 1)
    from rules.senji.year import start_winter
    start_winter(s)
    assert GAME.is_public(s)
    GAME.apply(s, OpenOffer(by=R))
    assert not GAME.is_public(s)


def test_seat_labels_and_options():
    assert GAME.seat_labels(SenjiOptions(players=3)) == ["Red (R)", "Green (G)", "Purple (P)"]
    with pytest.raises(ValueError):
        SenjiOptions(players=3, seats=({"family": "Y"}, {"family": "G"}, {"family": "R"}))
    o = SenjiOptions(players=3, seats=({"name": "Ann", "family": "P"}, {"family": "R"}, {"family": "G"}))
    s = GAME.new(o, 1)
    assert s.families == ["P", "R", "G"] and s.names[0] == "Ann"


def test_random_states_render_and_describe():
    s = GAME.new(SenjiOptions(players=5), 9)
    rng = Rng(seed=3)
    for _ in range(1500):
        seat = GAME.to_move(s)
        if seat is None:
            break
        actions = GAME.legal_actions(s)
        for a in actions:
            assert GAME.describe(a)
        text = GAME.render(GAME.view(s, seat), seat)
        assert max(len(line) for line in text.split("\n")) <= 76
        assert GAME.phase(GAME.view(s, seat))
        GAME.apply(s, rng.choice(actions))


def test_listing_the_legal_actions_leaves_the_state_as_it_was():
    s = GAME.new(SenjiOptions(), 3)
    before = s.model_dump_json()
    listed = GAME.legal_actions(s)
    listed.clear()  # the caller's copy: the game's own list is untouched
    assert s.model_dump_json() == before
    GAME.apply(s, GAME.legal_actions(s)[0])


def test_an_action_offered_earlier_is_checked_again_once_the_game_moved_on():
    s = GAME.new(SenjiOptions(), 3)
    first = GAME.legal_actions(s)[0]
    GAME.apply(s, first)
    before = s.model_dump_json()
    assert first not in GAME.legal_actions(s)  # the next seat keeps from its own three
    with pytest.raises(IllegalAction):
        GAME.apply(s, first)
    assert s.model_dump_json() == before
