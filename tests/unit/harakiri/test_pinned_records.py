"""Pinned game records: seeded Harakiri games end in exactly these states, action for action.

Captured right after the issue 17 rules fixes (the oracle reshuffle, Break without a hit,
Downed counterattacks, the ARM -1 supply, log wording), before the speed work, so that the
caches of the movement geometry can be shown to change nothing a game records: the sha256 of
the final state's JSON and the number of actions must stay the same.
"""

from __future__ import annotations

import hashlib

import pytest

from rules.harakiri import GAME
from rules.harakiri.model import HarakiriOptions
from tabletop.simulate import play_one

OPTION_SETS = {
    "default": {},
    "ossuary2": {"players": 2, "scenario": "ossuary_bell", "level": 2},
    "failure3": {"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6},
}

RECORDS = [
    ("default", "random", 1, 172, "ffc7d2535c17f347bd56ca21f1659d04769158bbabf0d315afb246a256bea766"),
    ("default", "random", 2, 303, "2bdab2fdceff5258d89fcc544bcbdf136010aae15d25c659d1ce55795ca67fa3"),
    ("default", "random", 3, 76, "864a44f16382ca482bc14bc74a20246e9c78e7ddcc422c58f139d122fdfb39d4"),
    ("default", "random", 4, 81, "a741b02b5582b3cb6b459b1b82aa43be0fd9a57c8b4b99389a82743b63e3a502"),
    ("default", "samurai", 1, 100, "32a9577513ab97432c3c270ac096f68c37a6885f7ad1d2928444168b07e80903"),
    ("default", "samurai", 2, 101, "d77d3c77e74fea8ccef5d92f5a088fa0a5d0847a285c73d96ae9d74583c82acf"),
    ("ossuary2", "random", 1, 292, "4f63a898a6bc1c3b247f30d4b4e077d69184f0df919b0c22a9b68845e5e0a633"),
    ("ossuary2", "random", 2, 314, "fed1577144a3ddbfa89452248d6af85d56dd346905edcbb8349066a4454ef43c"),
    ("ossuary2", "random", 3, 273, "9b62f9bacd37fdc540be354ceb53e366489043b1d5d1a82cc38fd3e99a6ce89c"),
    ("ossuary2", "random", 4, 320, "bda03c5acedd2d6df9e76b9cda6fdc2ae004d0a1eb327597dd239809bde56759"),
    ("ossuary2", "samurai", 1, 211, "4e9333712d2897194b6a7befcd6050fd3641329b8864d3aa265807158a6ddb4b"),
    ("ossuary2", "samurai", 2, 278, "37289eae1595594c2a918c1095f69deabd5fd838f0a02fe529ff2e34101178bd"),
    ("failure3", "random", 1, 90, "2ea362835f5883b2bc3f20fb25aa290ebd098c3dc158b666cfe046edf8afda97"),
    ("failure3", "random", 2, 78, "5c0aa457f729a6f8c01b376c650aec4a6f1cd2fbd41c36ec8bcb69201d1b784d"),
    ("failure3", "random", 3, 77, "71f9e0d52f42f0aa7737bb88134f4da4542c50d9c41a3cfc3bd4e734cca6953d"),
    ("failure3", "random", 4, 79, "9f4e8d6b117103f610a896921614e32dbf5d6c216a85bb2153cdac86f9b3622a"),
    ("failure3", "samurai", 1, 154, "78ff7f425ef1db799246db47b36b64b167594c72b8d58b59f6bc6ef2cf9b10fb"),
    ("failure3", "samurai", 2, 88, "7ae39ccec293ae0e0226317076497834eeff3e25e7df9f6800f48b5df10474da"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, digest):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
