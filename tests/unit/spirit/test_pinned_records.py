"""Pinned game records: seeded games end in exactly these states, action for action.

Captured right after the issue 17 rules fixes (farm backs on slots, log wording), before the
speed work, so that caches and shortcuts can be shown to change nothing a game records:
the sha256 of the final state's JSON and the number of actions must stay the same.
"""

from __future__ import annotations

import hashlib

import pytest

from rules.spirit import GAME
from rules.spirit.model import SpiritOptions
from tabletop.simulate import play_one

OPTION_SETS = {
    "default": {},
    "hard2": {"players": 2, "difficulty": "hard"},
    "heroic7": {"players": 7, "difficulty": "heroic"},
    "solo": {"players": 1, "solo_samurai": 3, "difficulty": "easy"},
}

RECORDS = [
    ("default", "random", 1, 23, "9549d10a3974c9b058def96886bb4a90b37e9a007cdb3293e8aa42d1e9d6a284"),
    ("default", "random", 2, 5, "2091d8908e82c0c2aa6bf8b9a9b622bf9126e695ffbbf3c89a3e97e938a00513"),
    ("default", "random", 3, 10, "b45ee02a633cd0f9270f83208e4965c2558309f1b27d4ac38571e96a8b1b1659"),
    ("default", "random", 4, 13, "cc0301ca066d5bb07635f14f7fdedb826e27e8e8c4515e0d6057d2686934a05b"),
    ("default", "samurai", 1, 83, "a6a8fdcf2db171d3d646d87fb959c970bb62da0daa8bb690f4fc43bf2fd51664"),
    ("default", "samurai", 2, 136, "918b6dd6e04bc3c973f1619355d8097fc82584a7d11cf02152c9a774aff630b1"),
    ("hard2", "random", 1, 23, "4b4c44f18a3e7e3c8fd0fd0d94bd6980bc327404677e57fba299d1d22b29db2a"),
    ("hard2", "random", 2, 17, "7068b5e5ddb8ffaf0f27eb49c098dfcbbdb50f447d5cfc9803a25f90d6090e01"),
    ("hard2", "random", 3, 22, "3b6315cd19ab8e5895dd24bc18a69e2f756052c43bf350399762137758d685eb"),
    ("hard2", "random", 4, 8, "fdadc09ed9023d148e0f6c5e598c27b9bbae961b918d20f8be10b7780268b49b"),
    ("hard2", "samurai", 1, 140, "25137173a9923e5a89e0088b34001d091f4b4d03e3ebe3c861203260012e60c3"),
    ("hard2", "samurai", 2, 144, "61e98aafd9430278dc4be93c4dcd3a6c4e740ba030be2ebe785f53414dd6c6e3"),
    ("heroic7", "random", 1, 34, "929722bb407d0226608ab0931ccabcef5213e75c40742c217d4c90f3b836af95"),
    ("heroic7", "random", 2, 70, "4e758693de8ed36cf6f7c68c74f53c3f9e44ae64c8b31e44e7ddf6f414c84b76"),
    ("heroic7", "random", 3, 24, "01b5fafc888bb328657eb177cc217e9063b7877e938bec7cc68b3933b22f79dd"),
    ("heroic7", "random", 4, 49, "2bc8ce144fafdfd7ffcd6d458d0d4337fd44a54eff47f1f0523ef260a27cf013"),
    ("heroic7", "samurai", 1, 204, "366adbc7e5f1b54f247893f1e7814d74614ecbaf13d506ab66ce81afe2b9186d"),
    ("heroic7", "samurai", 2, 313, "b0e1a478353fae036e8d4d0d7591cf060ca6e9c28a8bf5b785e1fe919ae5dcf4"),
    ("solo", "random", 1, 47, "96770b770b98bc4cc08d6f41764dcf8b00d3cbe5d0f96f30470a906006afe8f7"),
    ("solo", "random", 2, 31, "95459c080a81c7714703a7b10e32d64e145a9767004f783c5b3cb2ccd0f1f479"),
    ("solo", "random", 3, 22, "a73742afdfe72dd924a90cccd4f07129469f3ddec325c90e0d3192fb52a7a7d3"),
    ("solo", "random", 4, 21, "93234c27646b46b087b0edb1f408bc7d8fd85f3a530156ffd9d9b5a569982417"),
    ("solo", "samurai", 1, 182, "4aff45fd1840d06ade97959d2c5e45a0ae68f061d1dbb345d802ab27287ec68c"),
    ("solo", "samurai", 2, 162, "dbc9a6d07012ff934779c81879ce139ed2e37c74a3868ca642af2f450f713b5f"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, digest):
    state, played = play_one(GAME, SpiritOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
