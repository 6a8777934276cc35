"""The quick reads of the board (issue 28's speed) say what the full lists say: whether a seat
has a samurai on its board (its provinces, its fleets, its pieces on the move), how many
provinces it owns, whether it owns any; and a combat's dice, made without validation, are the
validated dice."""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji.board import D, has_samurai, owned, owned_count, owns_any, samurai_on_board
from rules.senji.state import Die, SenjiOptions, new_die


def test_over_random_play_the_quick_reads_are_the_lists():
    checked = found = moving = 0
    for seed in range(1, 6):
        state = GAME.new(SenjiOptions(players=3 + seed % 4), seed)
        rng = Rng(seed=seed).fork("bot:random")
        while GAME.to_move(state) is not None:
            if rng.below(4) == 0:  # a quarter of the positions, every seat and samurai
                in_flight = state.group is not None or state.combat is not None
                for seat in range(len(state.families)):
                    board = samurai_on_board(state, seat)
                    for letter in D.samurai_letters:
                        assert has_samurai(state, seat, letter) == (letter in board)
                    found += len(board)
                    moving += in_flight and bool(board)
                    assert owned_count(state, seat) == len(owned(state, seat))
                    assert owns_any(state, seat) == bool(owned(state, seat))
                checked += 1
            actions = GAME.legal_actions(state)
            GAME.apply(state, actions[rng.below(len(actions))])
    assert checked > 500 and found > 500 and moving > 50


@pytest.mark.parametrize("face, is_set", [("R", True), ("G", False), ("Y", False)])
def test_a_die_made_for_a_combat_is_the_validated_one(face, is_set):
    made, validated = new_die(face, is_set), Die(face=face, set=is_set)
    assert type(made) is Die and made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert new_die(face, is_set).__dict__ is not made.__dict__
