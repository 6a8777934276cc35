"""Pinned game records: seeded Harakiri games end in exactly these states, action for action.

Captured right after the issue 17 rules fixes (the oracle reshuffle, Break without a hit,
Downed counterattacks, the ARM -1 supply, log wording), before the speed work, so that the
caches of the movement geometry can be shown to change nothing a game records.

Each record keeps the number of actions and two digests (tests/unit/pins.py): the final
state without its words (the rules), and the words (the log lines and the outcome's
sentence). A rewording of the log re-pins only the words digest; a change in the rules digest
is a change in what the rules did, and needs a rules reason.
Re-pinned on issue 24 (the split) from main at 09784d7, which plays every record exactly as
the single digests pinned before it: no rules change.
Re-pinned on issue 27: the "used this round" mark travels with the item (an item handed on
after its use cannot be used again that round), a rules change. Every rules digest moved,
as the state now holds the mark on each item and the options their rules edition. In four
games a used item is handed on: default random 2, ossuary2 random 4 and failure3 random 4
then play otherwise (another number of actions); failure3 random 2 plays the same moves,
its log naming the Bandages handed on "(used this round)". The others keep their words.
Under rules edition 1 every record still plays exactly as pinned before
(tests/unit/harakiri/test_old_records.py keeps four of them).
Words re-pinned on issue 26 (plain English): "Zone 1" for Z1, an event as "Reed Ambush
(Zone 1 event, the first red card)", "1 hit". Every rules digest and action count stayed
as pinned.
"""

from __future__ import annotations

import pytest

from rules.harakiri import GAME
from rules.harakiri.model import HarakiriOptions
from tabletop.simulate import play_one
from tests.unit.pins import digests

# Its text fields besides the log (the outcome's sentence).
WORDS = ("reason",)

OPTION_SETS = {
    "default": {},
    "ossuary2": {"players": 2, "scenario": "ossuary_bell", "level": 2},
    "failure3": {"players": 4, "adventure_result": "failure", "level": 3, "kami_affinity": 6},
}

RECORDS = [
    ("default", "random", 1, 172,
     "60a182b31b32e781534acd9f2f8f2e9fdb7236587b56e9b365675763356a7636",
     "a37e549da59c04fc95068501816074550b24cb7e094ef9d0e792e8ea3c61a761"),
    ("default", "random", 2, 325,
     "6a62e87e42c9c95c074859968026f65541825a8db473966a81071424f4ec8e5c",
     "1daeb66f3ee7800cb5602466a50144dd64af76895bdaa4d1c4d28122c9b4b93c"),
    ("default", "random", 3, 76,
     "a1c01728926f964f1c159d2ac6f1d2037e62ff738b55a49431fa0c717a6067aa",
     "92f93c5918067f06f6215e6d538266c4e305d4036f235b166523c1cc2458ae34"),
    ("default", "random", 4, 81,
     "0c9931f3a225ce393f8e8eb2dea7b2e4574d03790a39ecb86cb9c08567796a7e",
     "259b4c41b1adf6760817fc30b33f1879b354a5c036d9fc8b83003710cbfb54bd"),
    ("default", "samurai", 1, 100,
     "ff857dbea1c61f09d27ff840242125989be62051c397be309245017444c8d090",
     "963ff4035610ea0f502827e06aa3e573d50549b4103c8b6905386790411c5c82"),
    ("default", "samurai", 2, 101,
     "b707ac8245fe68744819bf220168dd3e40c41d874916be049dbfc35a6a7c737b",
     "c4a13d639e03e69517c83412ebe843c542eccd1a6253a4e9fb74bec140b661aa"),
    ("ossuary2", "random", 1, 292,
     "fe8c79e3261b779018b24bce95bfe5771957248484a8496d395af75bf8a4c9ff",
     "4c5c0557b55c8863afc6e07265561cb2a81cf90fbc6fe397d06cda63619ad594"),
    ("ossuary2", "random", 2, 314,
     "3ccdb5a2917691027288f353d39688b947fed7d70f50d79684d0bb99ed941c6c",
     "8f369f0fda4e672e501f9bd1d0b67f1a43f018c0ed406c26af100eb03ac85d29"),
    ("ossuary2", "random", 3, 273,
     "ba02368766dfca2fdcea8027a510bdd2587a12232e08bb2bdd586299eb5a9585",
     "f69dcbb70e8fa95d4f7ac034608cd98871484a1d61b61d007d8e52d2be95f8ba"),
    ("ossuary2", "random", 4, 267,
     "2ff42ea73e227f9bd5b3c69e6dc9faf9df1d02d4c24dcf45db82abcd52adc57c",
     "37a1e57570c525a4bc4b346f961db7678896a6fc7fda953f49f010fb36263ef0"),
    ("ossuary2", "samurai", 1, 211,
     "272f768e3219701c41b0b58710814e4fe3d1a0e7e71f4a0a3ed9870018808846",
     "bbd0db149ea105a5fd585ea5cc2e87df7997719041a869a953c818c844a96705"),
    ("ossuary2", "samurai", 2, 278,
     "617394ed9f047a0fbf470ffdd59964ab5cb311a4d6fe0bcd90695b31c809dd9e",
     "32c5bd5dd7c5591962a41f661643fb428472e413f6d90c45f02ca84cab27653b"),
    ("failure3", "random", 1, 90,
     "caa517405991bbc998de8b7dafd3b51dc6c940b193094c71a95772506be8f519",
     "50c1044fb9adb350bee1e8ab10bad9b2cdc6ffcbd4f60f23ff8c802e7bb7018b"),
    ("failure3", "random", 2, 78,
     "bfd5071579cda90292c13478a38560d016237384e42edade8c3abc3cea61422b",
     "5b5119d6ac32b81b8eb13e1c7744cd5c3a56b62971b14e1d3374c3cbe68c994a"),
    ("failure3", "random", 3, 77,
     "5fadd1fd286ffc49a8dcf0c21d3053f6aab1a5bdc808662fec4afae30382e5b7",
     "3c40406a09d043bd7077313d53de96028fdbbbac68e9166919a5d1ef21a400d0"),
    ("failure3", "random", 4, 88,
     "a3a14b0b19726ddec9773895abebcea266c32d09bb71fc6eb6b525fd48b7fdfe",
     "e1cbdc4416e11ee4b7ddeb3824986a15e85abd2cb99db34795275a4a75b80c49"),
    ("failure3", "samurai", 1, 154,
     "679a40a97c38368eb1ec3788b4ebe829ac482f908694bc946b97276ece76950d",
     "6b6a212a0b065cc3ca2c511438fa793d2d77527b3b70097992dd632ae4e0388d"),
    ("failure3", "samurai", 2, 88,
     "ba3b52158ff22d4c98044a269520b2bf1de5119e94b88fcda1b815be8aba75a2",
     "a10a1eb5e89351fbc74362d74816840d3d19e4a1b51845b67e671e432c2e7878"),
]


@pytest.mark.parametrize("options, bot, seed, actions, rules, words", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, rules, words):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    played_rules, said = digests(state, WORDS)
    assert played == actions, "the game took another number of actions: the rules changed"
    assert played_rules == rules, "the final state differs beyond its words: the rules changed"
    assert said == words, "only the log's (or outcome's) wording changed: re-pin the words digest"
