"""Pinned game records: seeded games end in exactly these states, action for action.

Captured right after the issue 17 rules fixes (farm backs on slots, log wording), before the
speed work, so that caches and shortcuts can be shown to change nothing a game records.

Each record keeps the number of actions and two digests (tests/unit/pins.py): the final
state without its words (the rules), and the words (the log lines and the outcome's
sentence). A rewording of the log re-pins only the words digest; a change in the rules digest
is a change in what the rules did, and needs a rules reason.
Re-pinned on issue 24 (the split) from main at 09784d7, which plays every record exactly as
the single digests pinned before it: no rules change.
"""

from __future__ import annotations

import pytest

from rules.spirit import GAME
from rules.spirit.model import SpiritOptions
from tabletop.simulate import play_one
from tests.unit.pins import digests

# Its text fields besides the log (the outcome's sentence).
WORDS = ("end_reason",)

OPTION_SETS = {
    "default": {},
    "hard2": {"players": 2, "difficulty": "hard"},
    "heroic7": {"players": 7, "difficulty": "heroic"},
    "solo": {"players": 1, "solo_samurai": 3, "difficulty": "easy"},
}

RECORDS = [
    ("default", "random", 1, 23,
     "ce567ecd394af64ba9d3d9478ee4a1163414f562e067a508975222f6b322c49c",
     "75f53fcfc2b9f9e9b2de69374291e3d5290f701c0f84c327470352fb8e8be846"),
    ("default", "random", 2, 5,
     "5b64242d0d2d0a6a07d0d202a7de5b27893bb8fad79cf8d50c90d116f02270d8",
     "6cf4ad48f978d7c78db76b9a37c8132de797efabdddff6eb1ee329ff850f75c8"),
    ("default", "random", 3, 10,
     "6cfb9362e822a5d1ff0d3312f4423d17fa7d5080a7bd4bdaf735a80da6c75829",
     "872e38d2af7d649cb15de34e31f444d61f3ceb8a6f0214335841a996b7c5f751"),
    ("default", "random", 4, 13,
     "4c4a9120943789db6abd021530c0074e12b2ae228ca1a6eb1d570ba5db99bb4b",
     "ed98da578ba8a68a25763f15ce3b17a20b42a86ccc4e3e456ccb025f2f577584"),
    ("default", "samurai", 1, 83,
     "e71eb32c1e65b2669b30f8d7d26e909fe77af1e11c71b78b9428cc000abea343",
     "2603bd7e47e535ba489ed453095315547feae9218df1ce8e6e50e55e03ad7223"),
    ("default", "samurai", 2, 136,
     "be037e7fd0856061f76f27a6c6cf52957af9f3993de28e2808ca07df1e482c73",
     "435bb39fd6e0d991fce11919e7bb4e029053251df25e624b77309a986096a86e"),
    ("hard2", "random", 1, 23,
     "ec4be9b3a793c10c21b62be4e6dfa60df3ad08986815fc18def4726a560e8703",
     "ec0446cedd642f8404feee7eae9cd16e87a7ce1a1db17d04afce4a3c743a7ece"),
    ("hard2", "random", 2, 17,
     "738c739fdbbe6b5c2ce2e157c3d240b36e2eb4bb9fd70f830703d8c5b07c0336",
     "5089003acb1a25cded120adb70d3b4790861e81fe6a48a62967187fce71c9ec1"),
    ("hard2", "random", 3, 22,
     "16345ec53d8c77f43af8f9909adbf42fa572592a15ea71142aca8a8235495d8b",
     "c4b11b803b68662d425f7fcf2a4ec6c176a618f45fb289dc3c7e6aad7e47ec48"),
    ("hard2", "random", 4, 8,
     "2d1d675cf974bc86ca0938ce12003eaad211359d0baae9878383c6090368d6fe",
     "96c3e28f347825f5b92fdb9cab63d36f042c7b014330412a0193c3fb89be087d"),
    ("hard2", "samurai", 1, 140,
     "259fdc1c2e34c00769eb8552c46bf85da4412832babbb7e1b6ea7b8af29124a3",
     "4b973c804da2ed854de0c9ba75306aea25a5ace02167c4430346472ae1565cb9"),
    ("hard2", "samurai", 2, 144,
     "ea31393042fbf0243e6c0ca0783aca70c4d33fc1cb2782792b1053eb20b21789",
     "0490be5025c80d20ad9ebd1b785e333a54148f86ba95a124b743c85b5e8e3eeb"),
    ("heroic7", "random", 1, 34,
     "69b45bd86dab8c07a6021d530a917ea80a999dde5bbdd557462bcebda8748602",
     "c99013ccbc1ffa5d021b85def8cb23049829713ed50e9d51c0f7937bca0dea11"),
    ("heroic7", "random", 2, 70,
     "01449d6dedbc8dfdd500aa5a43fa5489b91b26e953774bc8d06b46ea8f24f490",
     "30960a6f212dd9da846a8ca3813ba74bf2dbbae4aa5688860924cef469e6da04"),
    ("heroic7", "random", 3, 24,
     "4611edb509f443133f8b0331221a2acab4fd53eafe052fbc4706696797131905",
     "be239ba407ee99eac83501914bf085273c70691045ded25d379906a493d903d5"),
    ("heroic7", "random", 4, 49,
     "96effc70c4400668f5d0bd8d7d09688ca31b776b0df7f2a9dc7c75fbdb03a9fb",
     "ac2f3fabb3a096cf7dbad7a91e567896da3e0678188c735b3b6c3a243609fec7"),
    ("heroic7", "samurai", 1, 204,
     "05df670a714c268937e2d9b91d04395b438df381f100fd6b0e5ecf87448083d8",
     "037583231e5a7a806418d155a10b2d660fedf340d59721e81bef52a28b8e1a8b"),
    ("heroic7", "samurai", 2, 313,
     "105db2bbc164dfe9023b4abf732d646b1b30a9d79316450a04216f2784d1afb1",
     "7f8f765a0d97c93c22d041c76a5b325df473bba2d231b8827d050fe2f351efe8"),
    ("solo", "random", 1, 47,
     "57b3d8a679d27c37b98ac9e1d2e28c18d719d0714a3ff6f6c378d219e9485e3b",
     "54392ed71438ca429a537217a09102620493afd3c1cafe56371dfb8acd7aabfd"),
    ("solo", "random", 2, 31,
     "d3cfcab537973b82847252f659bc0b62a766edb570840ae6ce4d9979f840407f",
     "3139b52874efb0df2c559a89af15a55f15dc26b18a09194db6caae698674d73c"),
    ("solo", "random", 3, 22,
     "840b3de7d32d76bcf752cb4b644e315798e540315d2b7dc53c48edce8d34f330",
     "448bc90f1476bd110db0161e5d4cb47ffafdeafde863d971d072f30aa8ce1553"),
    ("solo", "random", 4, 21,
     "336631ddb025f3094c288053669e3fdb010e803bb5031ed1f44a2b0de8f9ab25",
     "b82867a6f636b264b96e72abebae11c2ec321325198a7cf9a35777925f88b5bf"),
    ("solo", "samurai", 1, 182,
     "ce69e0440c8fd5230357a88abb96c6fa3304a03fa3eeb3ff1865913b7c0de776",
     "a6981c9cf4232cd825de9c5e1fd7d681c349d211b44d0a2c0267a2ced37d629b"),
    ("solo", "samurai", 2, 162,
     "b4de3995a1e3b307607951a6d7503dacd860daf46cfc0fb4ac3d6b051ae8c2be",
     "925a9c74ec80f829bbc9a4fe0d30a4277cb104a848b9d20ff7d4d92851622383"),
]


@pytest.mark.parametrize("options, bot, seed, actions, rules, words", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, rules, words):
    state, played = play_one(GAME, SpiritOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    played_rules, said = digests(state, WORDS)
    assert played == actions, "the game took another number of actions: the rules changed"
    assert played_rules == rules, "the final state differs beyond its words: the rules changed"
    assert said == words, "only the log's (or outcome's) wording changed: re-pin the words digest"
