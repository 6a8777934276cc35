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
     "408bd6a5d204b427bffe77080528f4b7d42b53a60f9dedac2e784b3d6965085a"),
    ("default", "random", 2, 325,
     "6a62e87e42c9c95c074859968026f65541825a8db473966a81071424f4ec8e5c",
     "f1b6f362ff49c06fd3231161c132d77f76d88d23ec0a1bb4f22af7ac7f9ffb46"),
    ("default", "random", 3, 76,
     "a1c01728926f964f1c159d2ac6f1d2037e62ff738b55a49431fa0c717a6067aa",
     "b362cc7c9b1f93563d47a61557b2c29c6cf73dc4c47aed99ff574ef999e4c3da"),
    ("default", "random", 4, 81,
     "0c9931f3a225ce393f8e8eb2dea7b2e4574d03790a39ecb86cb9c08567796a7e",
     "25a1137787ab907079fa622967817e88375def8dd1cff331c60ec5fef016bce9"),
    ("default", "samurai", 1, 100,
     "ff857dbea1c61f09d27ff840242125989be62051c397be309245017444c8d090",
     "6e43f4029491e394d5ec37e26f2295a3c4e61345a6e117bac9efa3a97e07863b"),
    ("default", "samurai", 2, 101,
     "b707ac8245fe68744819bf220168dd3e40c41d874916be049dbfc35a6a7c737b",
     "2be8a443ab77c3d96d53560f68d47c38ef5b553e795792ce157f6bdee62c8a5a"),
    ("ossuary2", "random", 1, 292,
     "fe8c79e3261b779018b24bce95bfe5771957248484a8496d395af75bf8a4c9ff",
     "0d725240844eea6a82f48573c3ea7fa6a90d3122136bcbcf26d04241b6dc0ed4"),
    ("ossuary2", "random", 2, 314,
     "3ccdb5a2917691027288f353d39688b947fed7d70f50d79684d0bb99ed941c6c",
     "dc3933cae8747d8f0f1c5c3ed9fad67d12d9b9aa8b35cc32eb89c0bf1b47c900"),
    ("ossuary2", "random", 3, 273,
     "ba02368766dfca2fdcea8027a510bdd2587a12232e08bb2bdd586299eb5a9585",
     "d68d68a7370d546cc8b867213e9cde0c0d5c55e4739bfa229e8102586245cdaf"),
    ("ossuary2", "random", 4, 267,
     "2ff42ea73e227f9bd5b3c69e6dc9faf9df1d02d4c24dcf45db82abcd52adc57c",
     "0a15ca4d5511cdfcc4c2955aeb1dd304b8e9029bb2d313ea0c5ebb2f0a2b18ae"),
    ("ossuary2", "samurai", 1, 211,
     "272f768e3219701c41b0b58710814e4fe3d1a0e7e71f4a0a3ed9870018808846",
     "a741e19b67d8a00e101f83b28ad2331e4bd1205ce35e955a8279d56244648068"),
    ("ossuary2", "samurai", 2, 278,
     "617394ed9f047a0fbf470ffdd59964ab5cb311a4d6fe0bcd90695b31c809dd9e",
     "dbe2c2b61b0a764b147c9f08ec5749eb66a2b74718113d2f1ef547f25a5cd114"),
    ("failure3", "random", 1, 90,
     "caa517405991bbc998de8b7dafd3b51dc6c940b193094c71a95772506be8f519",
     "20994105f4c7552f90ac5f7029b28cff3d098f236f6562e594245093ea587a5e"),
    ("failure3", "random", 2, 78,
     "bfd5071579cda90292c13478a38560d016237384e42edade8c3abc3cea61422b",
     "bc06ebc6ca68cf22335e31e732ab9c77109720b64dfd9b85af37f387ff3fda6a"),
    ("failure3", "random", 3, 77,
     "5fadd1fd286ffc49a8dcf0c21d3053f6aab1a5bdc808662fec4afae30382e5b7",
     "3c4451284df81c2bd4ccbacb9f6929e84737bf4fb1c68624fb2455fb587d534a"),
    ("failure3", "random", 4, 88,
     "a3a14b0b19726ddec9773895abebcea266c32d09bb71fc6eb6b525fd48b7fdfe",
     "43c6ddc51688547e4056e822c92c66c57fd1d25abd2e01e35dca73af89df24ae"),
    ("failure3", "samurai", 1, 154,
     "679a40a97c38368eb1ec3788b4ebe829ac482f908694bc946b97276ece76950d",
     "862dc40d0ea39955ded152dd99e538a426cf1f1bb9c2c3b2abb7eb726d4c69d6"),
    ("failure3", "samurai", 2, 88,
     "ba3b52158ff22d4c98044a269520b2bf1de5119e94b88fcda1b815be8aba75a2",
     "32ca31232ce404613d65ba746ff206f4c919aa1ceffe03aec164a0694a070d66"),
]


@pytest.mark.parametrize("options, bot, seed, actions, rules, words", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, rules, words):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    played_rules, said = digests(state, WORDS)
    assert played == actions, "the game took another number of actions: the rules changed"
    assert played_rules == rules, "the final state differs beyond its words: the rules changed"
    assert said == words, "only the log's (or outcome's) wording changed: re-pin the words digest"
