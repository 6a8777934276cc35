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
    ("default", "random", 1, 172, "2bc544be767c8725fb9ccc6b082ae81cde40aeb37ac0c4e122a702aaa43e33fa"),
    ("default", "random", 2, 303, "71f7ac00279217bcb5d41178d10b2a43070ead70dc0121255b70896f7f146a48"),
    ("default", "random", 3, 76, "2bd459227ef4949afc68bcdcad54652bef8374822f4c11197939264ed6c19478"),
    ("default", "random", 4, 81, "dd5ddfddbbe682cae740cc69c8d76f2a0f09d9248bc4b7271e946648c8d0526a"),
    ("default", "samurai", 1, 100, "f0b5893f3b9abb89308e1445176a4a7e9d5a3911188cddae92034609e0c4dd33"),
    ("default", "samurai", 2, 101, "68f0b493d8e095c688b5ad24b6a507760efe4bf36c02855217b8550a0be96e4e"),
    ("ossuary2", "random", 1, 292, "a5c0e2a701d7fe7ba0064bf983cab18001321c2f00c2ddc9a45a711bdce45202"),
    ("ossuary2", "random", 2, 314, "8e85cc1887024284b00ef05ada001ac56680e5a2ed620d28ebe7e5371bd8842f"),
    ("ossuary2", "random", 3, 273, "0ca98f185abdbe162e1751cb98ae8f59c7fa425710fe1a023d5f751e48fd2ce0"),
    ("ossuary2", "random", 4, 320, "3bea6fe6915ca764777e9c0a73d9183d88204d1705ca433a9b047a342099a217"),
    ("ossuary2", "samurai", 1, 211, "dd6d78ab174df3b1dc6649af03e61a7870021034cfeb007d46a4f08279f9c48a"),
    ("ossuary2", "samurai", 2, 278, "7d0a7d6f46f27e482e642d40cebc0e6b075da461d97ff47db726255ced3c99fa"),
    ("failure3", "random", 1, 90, "2ac9125eed658adebbd3bad1b98045dd118393d7a66b55c3a6af721ba7e6ff80"),
    ("failure3", "random", 2, 78, "f07afe0c462796b57646a44884b10965256f21cec2191720820444af44f5da25"),
    ("failure3", "random", 3, 77, "4cc7d0a9c3223e1eed0364f03e4ac0f0fce290f11d4d5239844a71892a1433a7"),
    ("failure3", "random", 4, 79, "63fc0c15c802922a4a913a2e1628cc08fc1036652bc4dc1886dd0dee8c0e526b"),
    ("failure3", "samurai", 1, 154, "0a1e9e747ec42aa7e38b2dad2051ed4fc25cc43833bda9fbe719eefc5cb25cfc"),
    ("failure3", "samurai", 2, 88, "533473a7c6728bb40cbc6cfd06b69de22c33ca0a27f0197d2dfa6009fe89cfdb"),
]


@pytest.mark.parametrize("options, bot, seed, actions, digest", RECORDS)
def test_a_seeded_game_plays_out_exactly_as_recorded(options, bot, seed, actions, digest):
    state, played = play_one(GAME, HarakiriOptions(**OPTION_SETS[options]), seed, bot, 20_000)
    assert played == actions
    assert hashlib.sha256(state.model_dump_json().encode()).hexdigest() == digest
