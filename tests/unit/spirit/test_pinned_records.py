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
    ("default", "random", 1, 23, "d8a4b60c505275562a0776c3c3be13ccfeb76ecf88c479a89ec51055c566ccd9"),
    ("default", "random", 2, 5, "55bb79049de767d39fe5f52add0babeee4e7b0d90a7f8bf444242a9d18863ca6"),
    ("default", "random", 3, 10, "7479e292896db24c3d237bcd26e1fb5078eb00909617edb0fe13a0e12c7fe336"),
    ("default", "random", 4, 13, "a9dfa98f52fafd15ebefa39564d29ea3e6b7d23b46fc1b4fc96ca0827a9781ae"),
    ("default", "samurai", 1, 83, "7cc7e6d6f3e3b0c664a46bc857fe933421bc8b665f05e12e3d02f6990f668f55"),
    ("default", "samurai", 2, 136, "19f7282a57437c59d54549f2163beef152864e7f342de40747e100e6e2d4a9f2"),
    ("hard2", "random", 1, 23, "a0df24512c91b82e618dad421112e732e678c1b315f96abe554ab4ae8121df47"),
    ("hard2", "random", 2, 17, "6801af7b2ea5a68472bb10c15745e67eb6bfefdc2fa44e2c77c97d26182012fb"),
    ("hard2", "random", 3, 22, "a2f8908be630cebc177d4b23f17d9c01735cfb84c13198b4d074cc9281507828"),
    ("hard2", "random", 4, 8, "637d7964cceeffccaa1ef8bb76182ca476e8ce2b8bfb14f134e5c003b53ae58f"),
    ("hard2", "samurai", 1, 140, "2ce6e1cb459a341db2cca65a8526ebfff2d0cf0ed97c5ec2770d499b76979da3"),
    ("hard2", "samurai", 2, 144, "a4d85947c0b474e1887c9dcba15ce7f0160d178e42385de0614f1086dda80e90"),
    ("heroic7", "random", 1, 34, "2f10666f395e0760fdd7edd1c05b4b55590751250e2455c5347b2a0ab0a06126"),
    ("heroic7", "random", 2, 70, "2c8dcacb810fc4a4da752a71ea8400a5a83f2acf89abb64f70ac5ed952ce71d0"),
    ("heroic7", "random", 3, 24, "24398677298ba7d124e9bb310f4dcaee238f6b8c78db5d97a2a09984e96fe809"),
    ("heroic7", "random", 4, 49, "027e23b572b4281543c79c87f668f74d70b2f896ac9425bf71183dffb2503beb"),
    ("heroic7", "samurai", 1, 204, "004557534475a886fe650cda4aa1875d557d9ad95fa91a8b8905050cbf0b6898"),
    ("heroic7", "samurai", 2, 313, "821609ecc9048cda30de967bb82f1ea7a3152d890bf78ba0aee992401b6298d9"),
    ("solo", "random", 1, 47, "04f34ad95e873ec2b657ec02c11fd48203a85c7bf181591370751eedd51a34ea"),
    ("solo", "random", 2, 31, "c450a8ef7ae89e80485c4abf342e8028ba5ea7430d539e3da38825712394375d"),
    ("solo", "random", 3, 22, "251ac4b24cba1aa39f7ae81735ed632986d64bb5c71305f79df40d168b521663"),
    ("solo", "random", 4, 21, "d6e9a345694e37ab11ccca22350a18dc44b76dc2cc915dab0526dc467d116c2f"),
    ("solo", "samurai", 1, 182, "1ad7bff4c5c68d2dca566972dc945b1c21ae7c11d8633bebda5e988f274c6981"),
    ("solo", "samurai", 2, 162, "48554feb724d0f5d8d5778ff082454ca8e45c42fd95c77be435764c03c1c27d8"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, digest):
    state, played = play_one(GAME, SpiritOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
