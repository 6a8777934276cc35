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
     "39a673bef227936f1e1f4e923aac482c777736312ef35450a46822d988d2c63c",
     "408bd6a5d204b427bffe77080528f4b7d42b53a60f9dedac2e784b3d6965085a"),
    ("default", "random", 2, 303,
     "eb2a30adc75986c1ec56344fcae2bd62497784240ccd2c74931feb6446753f06",
     "28c8743346b61e1b9351527bdf5549682f5163a2f2afb8030021be57760ffe73"),
    ("default", "random", 3, 76,
     "f4774526be96d56e4353c2dbd8af0777733cc7c398eb1d67df80a9e8d3c1db12",
     "b362cc7c9b1f93563d47a61557b2c29c6cf73dc4c47aed99ff574ef999e4c3da"),
    ("default", "random", 4, 81,
     "bd8a737f22f25335d957c7c0c73ee4aee0b522676000eecc8bf87dd7ba3f651a",
     "25a1137787ab907079fa622967817e88375def8dd1cff331c60ec5fef016bce9"),
    ("default", "samurai", 1, 100,
     "fb1ccf65508a858785fcce18d55e9bc838c2c18537a8f20af07388b7a7bb1a73",
     "6e43f4029491e394d5ec37e26f2295a3c4e61345a6e117bac9efa3a97e07863b"),
    ("default", "samurai", 2, 101,
     "2777bbf11d07224c4b5ded97d0602b25c024fc174fba9fa23cf5e82e100e67b3",
     "2be8a443ab77c3d96d53560f68d47c38ef5b553e795792ce157f6bdee62c8a5a"),
    ("ossuary2", "random", 1, 292,
     "65692d8f4850c6d91883ed312189f821e14af336f78ae297937d22a8490d0fcf",
     "0d725240844eea6a82f48573c3ea7fa6a90d3122136bcbcf26d04241b6dc0ed4"),
    ("ossuary2", "random", 2, 314,
     "6296781037ebc5979e836df7338bd0d84961fd14aa900684559da31704981ebb",
     "dc3933cae8747d8f0f1c5c3ed9fad67d12d9b9aa8b35cc32eb89c0bf1b47c900"),
    ("ossuary2", "random", 3, 273,
     "a1b570a8cbdddf66a979892a0137925e96b8be8d5439553191de2b091a472ab8",
     "d68d68a7370d546cc8b867213e9cde0c0d5c55e4739bfa229e8102586245cdaf"),
    ("ossuary2", "random", 4, 320,
     "8aa9e4d6ab143171737de47683a4948684b480a09fbf2e13bdd9f1fd3a26c544",
     "8fa39c0f32ddbcb918f2a2ee6d1d19a5abb3a6007b5e90b3326d6ad8b32e1a92"),
    ("ossuary2", "samurai", 1, 211,
     "9ab1fe5e88b225ae9779f99510372b9fc480c16ac9597b31cb83d3cd0b14ef6c",
     "a741e19b67d8a00e101f83b28ad2331e4bd1205ce35e955a8279d56244648068"),
    ("ossuary2", "samurai", 2, 278,
     "6f01ca19ede846360c71a896f9ba4e2133bdc7361b3fe8c6921df6547b2f951c",
     "dbe2c2b61b0a764b147c9f08ec5749eb66a2b74718113d2f1ef547f25a5cd114"),
    ("failure3", "random", 1, 90,
     "472f7454fdd2b8e3b5acf336f4b4e673a7744947799b3f9c88e038b8a83431d6",
     "20994105f4c7552f90ac5f7029b28cff3d098f236f6562e594245093ea587a5e"),
    ("failure3", "random", 2, 78,
     "88ae554dcf6dfe222c4b087836810002cdde8983a11cb5e1077ef1ad2b87bb36",
     "98ad7c3acac371b49e2cc1a175c71ba2baf427a1d96220bbb466004540d8b846"),
    ("failure3", "random", 3, 77,
     "2aceef9f19ce254880ecac394120727fcda92ddc667e92695e3479ba8d4cbd4a",
     "3c4451284df81c2bd4ccbacb9f6929e84737bf4fb1c68624fb2455fb587d534a"),
    ("failure3", "random", 4, 79,
     "edd575c28aa112a5384957c9f2613f07bd62397a3188007b4b4ffaafc099b757",
     "97747bc660e022809f8d589678801e8614eb9c528df64dae37aed7aa678c281f"),
    ("failure3", "samurai", 1, 154,
     "0a44b821a2d8b1bb9e84404bdfac1b3fbdd7491310df2d1f1ad1976e7be39b3f",
     "862dc40d0ea39955ded152dd99e538a426cf1f1bb9c2c3b2abb7eb726d4c69d6"),
    ("failure3", "samurai", 2, 88,
     "5848d79912758ea90536a85eabd4dc26ee5450bb84f6687e02329b3771eea609",
     "32ca31232ce404613d65ba746ff206f4c919aa1ceffe03aec164a0694a070d66"),
]


@pytest.mark.parametrize("options, bot, seed, actions, rules, words", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, rules, words):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    played_rules, said = digests(state, WORDS)
    assert played == actions, "the game took another number of actions: the rules changed"
    assert played_rules == rules, "the final state differs beyond its words: the rules changed"
    assert said == words, "only the log's (or outcome's) wording changed: re-pin the words digest"
