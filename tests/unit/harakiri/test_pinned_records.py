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
    ("default", "random", 1, 172, "bf480faa2854af92742fd1ba792a81ba3f30f02a991ecd9ee3d0873cc1093de0"),
    ("default", "random", 2, 303, "a2e52907e041cb023311d504ee67c2eb3ef32211823e3b220cafc0d62a4aba8f"),
    ("default", "random", 3, 76, "51fd4af1ed97ec74a4880344b768872f14e0cd780c468e59b0d07aedf9cb9584"),
    ("default", "random", 4, 81, "30b424fe96f4b3d4cc5f0c6500c60713e2b19e2a21031bb6ea92200d11be340c"),
    ("default", "samurai", 1, 100, "70eb0106849230beb018b99e7aebbecb2e072b01cdb2af1a6097e649479fbf8a"),
    ("default", "samurai", 2, 101, "4f894caf032a32fc7eaf23c03fea74e5c5ea8443db0a9e09d188a1c65f4eb554"),
    ("ossuary2", "random", 1, 292, "9bc149c62a623f7439fb6ca40683fe454395cf1955df7575330c4da8a56e1676"),
    ("ossuary2", "random", 2, 314, "6ddc0b96a67e46d3c967ba35c66d9683b14cb070dec7cfb901aa3ed7c83ba43c"),
    ("ossuary2", "random", 3, 273, "54c3cecbd95ef288600a762384e386d78ca48d3e77d0f82f42159daa287bccfe"),
    ("ossuary2", "random", 4, 320, "967b457f09472456122eeb7622c089ccb087baa33a85a0a958cfdf530d922113"),
    ("ossuary2", "samurai", 1, 211, "e03dba2f0eb1afa0d5ceac4c7bbd6dfae86e56e376a34591ae91598815133a1b"),
    ("ossuary2", "samurai", 2, 278, "459ae936e03f5b860cb2e98661de0e94535c52ce5d4f5931963b44f85a070f9d"),
    ("failure3", "random", 1, 90, "2d5b69637b316ecba613591db5dba5b5496d783f9f70e1b95151d9962df572f2"),
    ("failure3", "random", 2, 78, "e3668c817b8da35d8a5dcfe78dfe648ffb64be6feee7518b62dddcd49882eff2"),
    ("failure3", "random", 3, 77, "4f0e541b0478beccb1e3b8f944c619831d6714482396ad70bbf72b7be8e28241"),
    ("failure3", "random", 4, 79, "3cd78942cb2f15a5030c467b2c03d352a974365a1fdef436522628fdce003f55"),
    ("failure3", "samurai", 1, 154, "9368480ff00adbabc83f697600f108929efa6b6840bcc3e32d461566b62424c8"),
    ("failure3", "samurai", 2, 88, "2aebeaa05551fa3aac63628efab90db02dae3f9bc28a1675f6b2b7815c7a8ebd"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, digest):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
