"""Seeded random games end in exactly the recorded final state: speed work must not change play.

The digests were captured right after the issue-17 rules fixes; a rules change that legitimately
alters play updates them, an optimisation never does.
"""

import hashlib

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji.state import SenjiOptions

PINNED = [
    ({}, 1, 1018, "e106f1bd1a8d695902070fc77d99e3861ae022b339d225ed100d811edbfcc425"),
    ({}, 2, 1255, "230ac5df341514762ee3e3e15c159e0063083fdce8b396237741d00c3c243f56"),
    ({}, 3, 968, "a58bbaeceffe3bcee3b54508e0c00ceb78c0867978615d94ee1d87eca7bb9952"),
    ({}, 4, 910, "22b12aa0baf2349e0df01d39313204df8c40e516dc3a1ad508a06d35f76b978f"),
    ({"players": 3}, 5, 938, "e7cd9db12df979c14aab8db9bc778df345b7b33156956a0d3c3ddfbd57c438f9"),
    ({"players": 6, "autumn_order": "honor", "turn_limit": 6}, 6, 649,
     "2ea767f945632af425482e91c791c715046a383ea1729012a3526efde4d89a88"),
    ({"players": 5, "offers_per_winter": 1}, 7, 1173,
     "c2aabdf6930585ce9b1ee93cc1663e064d3c7e7242a5bfad7b0b557a8e1f530d"),
]


def play_random(options: SenjiOptions, seed: int):
    """The simulator's random bot: a uniform pick among the legal actions, from its own RNG."""
    rng = Rng(seed=seed).fork("bot:random")
    state = GAME.new(options, seed)
    played = 0
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        GAME.apply(state, actions[rng.below(len(actions))])
        played += 1
    return state, played


@pytest.mark.parametrize("opts, seed, actions, digest", PINNED)
def test_seeded_random_game_ends_in_the_pinned_state(opts, seed, actions, digest):
    state, played = play_random(SenjiOptions(**opts), seed)
    assert GAME.outcome(state) is not None
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
