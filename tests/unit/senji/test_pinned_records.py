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
    ({}, 1, 1018, "b812c38cca3e56495e7b39033be8657cc2bab31fd84ccff5499daa089b5d4780"),
    ({}, 2, 1255, "89d1ca232ab86bf898309b15d0dca973ddb9fd166191dbeeba5501f8be326f91"),
    ({}, 3, 968, "01349eedc5f407017634371b8732fa7d54cc0470c8d226822ec3511f26920a67"),
    ({}, 4, 910, "d3d9b1af6f9c67e3977774764ee75024066027f733703d92c953af4fc79a2e89"),
    ({"players": 3}, 5, 938, "9149924325c905588284401d29ad9b3c38209306b092c463dc1901e80f0b23d3"),
    ({"players": 6, "autumn_order": "honor", "turn_limit": 6}, 6, 649,
     "e3836a7b4948b1b9ac55b56340a48d41823ea06c4000ae2534d2856560d9b688"),
    ({"players": 5, "offers_per_winter": 1}, 7, 1173,
     "6a84971ccba5783e555dd555ed6151a7522cb3f86a4fafdd985b54b15b5883c5"),
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
