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
    ({}, 1, 1018, "cd2456828ee56ba41110cfe277fba2b5bc76636c422d0d1cdf029baf0960f04f"),
    ({}, 2, 1255, "13f2d75d170a163c560dfcb74b54d8f17190bda2091be3ca30840abe87cf0db4"),
    ({}, 3, 968, "1a7a5c537396b9d05b62ca69eec4bc23c460432708d6acf370fae59f3b2ebfe6"),
    ({}, 4, 910, "5409262ef86e332865b070a52e0507ae472bb5f8290b6a176b5c7f5bd8c46f6f"),
    ({"players": 3}, 5, 938, "e4d510f364d7b3dd4b67e0d26621a601b78221298625077037d1095411445782"),
    ({"players": 6, "autumn_order": "honor", "turn_limit": 6}, 6, 649,
     "8145017e9ad6a41d358ee851127d466fed1fd56f2cf9dff0baa5875d7cd978d9"),
    ({"players": 5, "offers_per_winter": 1}, 7, 1173,
     "dfab218b905f9cf960b9f4bc4e352f644e8eb6b46f57e7a1280c734ce9e1e513"),
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
