"""Seeded random games end in exactly the recorded final state: speed work must not change play.

The digests were captured right after the issue-17 rules fixes; a rules change that legitimately
alters play updates them, an optimisation never does.

Each record keeps the number of actions and two digests (tests/unit/pins.py): the final
state without its words (the rules), and the words (the log lines and the outcome's
sentence). A rewording of the log re-pins only the words digest; a change in the rules digest
is a change in what the rules did, and needs a rules reason.
Re-pinned on issue 24 (the split) from main at 09784d7, which plays every record exactly as
the single digests pinned before it: no rules change.
"""

import pytest

from rules.common import Rng
from rules.senji import GAME
from rules.senji.state import SenjiOptions
from tests.unit.pins import digests

# Its text fields besides the log (the outcome's sentence).
WORDS = ("end_reason",)

PINNED = [
    ({}, 1, 1018,
     "684731ef9d08b0e6bb0d91409e3e6971498ffc4fc2a30f35bd7f849a11a8c8dd",
     "cc93a4321680e631a9b9c0d5dff38c3819a8b916f9e745a9c38d0d2dd185e37e"),
    ({}, 2, 1255,
     "91b4bb9f06ae59ab2efda18ad3550829b611d584dc614d9d3307962aa78388da",
     "7098d9e2e6dd7a7474fab743f1384bcda703c9c050ab6fbe1b8a1264a50951bd"),
    ({}, 3, 968,
     "107d0e6b536b47b1e8d3cd522453271c97880f530b9360ed0bbb96e8e7fdba71",
     "587573dcd5049552fb100950b17197bb74aeae197990b6961777e60e511c5552"),
    ({}, 4, 910,
     "1af0d937b8f9b08a2444dcd906754334d698808815d65a4d70ee2ce33dfb1b02",
     "65df854e0c63eff35ba0c2469d8c2373f66f73f5429f2d04249dd27b1d308834"),
    ({'players': 3}, 5, 938,
     "a432f697844fd8b390b53b3b928e45dc8e65dc7f6429368f23ad3f9e30a0409b",
     "fad1b674d726db4d06d929833185d8fcafdb0157351a2591ba86e4fab5f96eec"),
    ({'players': 6, 'autumn_order': 'honor', 'turn_limit': 6}, 6, 649,
     "b7b523d69ebfd5762739a830d3f79a32336948361a0aafe5f4234ea523b08f6f",
     "1255210cba665397f051a54016e41b3ebab40c71607f13e8be4144585c807377"),
    ({'players': 5, 'offers_per_winter': 1}, 7, 1173,
     "5e8a647d4802754aa697cc21fcc12c8ed6752026158c414296f7e10598da4868",
     "f127966c45b643ed989b86369cd3f8aa97f66e2a7c3fe6626b4a7498a02d2a01"),
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


@pytest.mark.parametrize("opts, seed, actions, rules, words", PINNED)
def test_seeded_random_game_ends_in_the_pinned_state(opts, seed, actions, rules, words):
    state, played = play_random(SenjiOptions(**opts), seed)
    assert GAME.outcome(state) is not None
    played_rules, said = digests(state, WORDS)
    assert played == actions, "the game took another number of actions: the rules changed"
    assert played_rules == rules, "the final state differs beyond its words: the rules changed"
    assert said == words, "only the log's (or outcome's) wording changed: re-pin the words digest"
