"""Seeded random games end in exactly the recorded final state: speed work must not change play.

The digests were captured right after the issue-17 rules fixes; a rules change that legitimately
alters play updates them, an optimisation never does.

Each record keeps the number of actions and two digests (tests/unit/pins.py): the final
state without its words (the rules), and the words (the log lines and the outcome's
sentence). A rewording of the log re-pins only the words digest; a change in the rules digest
is a change in what the rules did, and needs a rules reason.
Re-pinned on issue 24 (the split) from main at 09784d7, which plays every record exactly as
the single digests pinned before it: no rules change.
Re-pinned on issue 27, a rules change: a hire gains no honour, and with the winter clock
running (these games use the default 4 minutes) only the clock limits offers. Every rules
digest moved, as the options now carry their rules edition and a clocked winter keeps no
per-player count. Seeds 1, 3, 4, 5 and 7 hire (other honour, other log; seed 3 then takes
another path, 3 hires and another length); seed 7 also opens 2 offers in a clocked winter
where its table option allowed 1. Seeds 2 and 6 play the same moves with the same words.
Under rules edition 1 every record still plays exactly as pinned before
(tests/unit/senji/test_old_records.py keeps four of them).
Words re-pinned on issue 26 (plain English): units counted in the right number (no
"unit(s)"), one spelling of honour, a player places their orders, an auction's bids read
"Red bids …, worth 2". Every rules digest and action count stayed as pinned.
Seed 6 re-pinned when the autumn-order variant's value was respelt "honour" (it is in the
options the state carries): with the value put back to "honor" its final state hashes to
exactly the digest pinned before (bb49eab7…), the same 649 actions and the same words.
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
     "74f7e548122f9853314cb04993452262b2f9aa3f0a50307820cbae45d2eb08cc",
     "c48ed1fe382453c633b5ac3a6e46b3c234186e03677825adaa1e072c28d70612"),
    ({}, 2, 1255,
     "fa30370cf830cc886c729f9c798bd3abf69adca85e5b8a05fb17cb5e8d847c86",
     "1f883337ad5af8739440a2ed46e6fa80fb30482413db61818ef81a4715d7fb52"),
    ({}, 3, 1063,
     "af5d329c1c8b31135aa291433ec8e636ad9775e30fac96b0c986ec75153f4916",
     "b820cc6a137d30e89a89646968ea89015f6ef7f538f0b6748febede7144688c0"),
    ({}, 4, 910,
     "0bf972da8609e62b6bc68e80882852165d9dd279770e24c2f582e4fafb52e959",
     "ec026dd10b49ded7d38dcd565e08433fd6707e09d2fee5bcf1c9dd0280da94c3"),
    ({'players': 3}, 5, 938,
     "681c4b78d2b7c44b7d1aad261a4b783ece3f5260f1de916896dd1d0c7836d21a",
     "55517789c09692917b8646b60175b5f02d77d1f392a0308f3669946527911b09"),
    ({'players': 6, 'autumn_order': 'honour', 'turn_limit': 6}, 6, 649,
     "bac455cb03f27c5033b4eaa1b7ffb57c4dcd38f2185853e4c5b75c2c00d4833c",
     "05d9ea0c61fd3529c6abdceeea9f79504414cf42daf4bd57b0e0b86e5afe78fa"),
    ({'players': 5, 'offers_per_winter': 1}, 7, 1504,
     "2124fd175bc47998c848d3f41e6e7c22e1c2fddb839adc05c97edacd7027aa75",
     "553b9c3ce5584fe5fe4e58800ada983cda0f683cb2c9bde7a83069904d6da550"),
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
