"""Pinned game records: a few seeded random games must end in exactly the same state, action
for action, so that speed work on the engine cannot change what the rules do.

Each record keeps the number of actions and two digests (tests/unit/pins.py): the final
state without its words (the rules), and the words (the log lines and the outcome's
sentence). A rewording of the log re-pins only the words digest; a change in the rules digest
is a change in what the rules did, and needs a rules reason.
Re-pinned on issue 24 (the split) from main at 09784d7, which plays every record exactly as
the single digests pinned before it: no rules change.
Words re-pinned on issue 26 (plain English): an opponent pays 1 Ki for their mark, not its
mark. Every rules digest and action count stayed as pinned.
Words re-pinned on issue 26 (the Temple Steps line says the 1 Ki they cost): only blood-4
exploits them; every rules digest and action count stayed as pinned.
"""

from __future__ import annotations

import pytest

from rules.common import Rng
from rules.duel import GAME
from rules.duel.models import DuelOptions
from tests.unit.pins import digests

# Its text fields besides the log (the outcome's sentence, a campaign duel's result).
WORDS = ("explanation", "campaign.last_result")

OPTION_SETS = {
    "default": DuelOptions(),
    "campaign": DuelOptions(mode="campaign", weapon="yari", clan="hosokawa",
                            campaign_finale="shiro", yoroi="player"),
    "blood": DuelOptions(opponent="random", weapon="random", blood=True, yoroi="opponent"),
    "versus3": DuelOptions(opponent="versus3", weapon="wakizashi", surroundings="cliff",
                           bushido=False),
}

# (option set, seed) -> (actions played, rules digest, words digest)
PINNED = {
    ('default', 1): (46,
     "74d99ef36c93185fce4646763eacd90aa16026e581a24f23fdf3b4832ae36198",
     "c240de3a722a6225e3e234f7c1d954d9044f669b1db0fdf279bb27ea8408923c"),
    ('default', 2): (60,
     "724c0284053f8503ae41049f8ff066bb675c369d8c982324b6d33b919d7a9a1c",
     "a4a53108f7fc98e4a15c969a4a9e0f818a7e95e49641163b1cc5c478a1315717"),
    ('default', 3): (49,
     "3d2e857ccc44499b5d32479ebfb1910fa28f8139ba1915aac3c440d266d49fe2",
     "5ea31fc8678cc091c4398f79a89db7777e8c9ff3338761952a6fedd42d60a345"),
    ('default', 4): (39,
     "cd7ce1e0d16b392f90ae3680a52f7ba6d36beceab44500ba32a3083d30d8ed9c",
     "2d0dc68277f6310a7b902c60e8b323268cf805f92623b7c3c2ae191f7f2ed178"),
    ('campaign', 1): (34,
     "d2053abe6ce4fad22d5f90fc9411640e2dafb24290a1df59756bc357e0d22fb6",
     "93f594214f522fc94cfffa2fc98c4bc582e635bc63333935f478f3bfeebc3d9a"),
    ('campaign', 2): (49,
     "083beac875665660c9ee66ce90d6056501a93bb1a2091d46484c226779c213c4",
     "d50fd1e7d4bd12c601fb010b5185a1dae79a5c67f0b57dac2bb92f7695653feb"),
    ('campaign', 3): (53,
     "70a40a8da3a8c272c8d600cd812441879f7d9ac1a28ad8b2efa408729d0ae7c9",
     "91150fbde84dfed87fe730e4eb222b6967c7dc827385e850b9f6b61f22ca9828"),
    ('campaign', 4): (56,
     "a25b1f3d00030c3b7e875e97c49b7f5214213478449f0dca61e6d51e9d77e3d0",
     "e73d4a5feb0631cf9a6a80c43e370aa43200ef178d6550097cddc57d0eaf3267"),
    ('blood', 1): (41,
     "af4afd350bc8d8b405b7448e2ee4560d5813313b202223ab5a0b3b8c268f322f",
     "d213782f35f2e002020c7dc0eba04d3d2c8e69a967385bff1ec5166f46353473"),
    ('blood', 2): (44,
     "d1d8b9ad54a03f66d12c274eb9d24af0e8012fb93fa1d4b8836261ab1d99d198",
     "0bf6d71b868c35725da7307e7bf23fe742d9b2ffb9cbf7bcb6e44db2e3063c5d"),
    ('blood', 3): (13,
     "d866d89f7548b5a058dd659f05063751510bd6db4a89eb6834c421cbef6457ee",
     "ea573145707b8ccbf268fde2fbfa4b9b6d9f2175ddec2d28f5d735adb9009a71"),
    ('blood', 4): (49,
     "f2c42813e263b59e61098e45c3df035ea42618e83198a5379b449ee05690da98",
     "604d3a662796aafe3fa2ccaba2a6ca2d1f583ce761c1abfdc64451f664256394"),
    ('versus3', 1): (27,
     "557bef1646a82236e81012acad871efe853d87ccdd608e644316f4b47c2cd086",
     "6392078e4eba043ee3b158add23b16cc81fbf2c2e812503ad6c884b574e9e0d6"),
    ('versus3', 2): (60,
     "8d19f1e8ee9f29070a0e1a32486a4ed9d4e815d4ccfad42e1501e8c7ea1ab493",
     "7675d373aac330d5f06abec76bd9b9107136cacd8fe1e3b42397b1179cd8dbd5"),
    ('versus3', 3): (96,
     "9904123b822f2e8609837d9214741486457d26070c139ad66ae600574a1b485b",
     "e84347c31e5e2a12b25a684eada0cda9894781130adb79f22e8f5e92550c390e"),
    ('versus3', 4): (29,
     "475a9a5f893094a710b6cc9f213fed3d382d78b27582940a9a5da9101773a19e",
     "29a92a82546f1c289f569574223e5a302b77ef39cb58ad29007fc53b2b061197"),
}


def play(options: DuelOptions, seed: int) -> tuple[int, str, str]:
    """The random bot's loop of `tabletop simulate`: a forked RNG picks among the legal actions."""
    rng = Rng(seed=seed).fork("bot:random")
    state = GAME.new(options, seed)
    played = 0
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        GAME.apply(state, actions[rng.below(len(actions))])
        played += 1
    return (played, *digests(state, WORDS))


@pytest.mark.parametrize("key", sorted(PINNED), ids=lambda k: f"{k[0]}-{k[1]}")
def test_seeded_random_games_keep_their_records(key):
    name, seed = key
    played, rules, said = play(OPTION_SETS[name], seed)
    actions, pinned_rules, pinned_words = PINNED[key]
    assert played == actions, "the game took another number of actions: the rules changed"
    assert rules == pinned_rules, "the final state differs beyond its words: the rules changed"
    assert said == pinned_words, "only the log's (or outcome's) wording changed: re-pin the words digest"


def test_plain_assignment_loses_nothing_from_any_dump():
    """State fields are set as plain attributes (for speed); every field still counts as set,
    so even a dump that leaves out unset fields keeps what the rules assigned."""
    state = GAME.new(DuelOptions(), 3)
    state.player.s = 7
    state.step = "attack"
    sparse, full = state.model_dump(exclude_unset=True), state.model_dump()
    assert set(sparse) == set(full) and sparse["step"] == "attack"
    assert sparse["player"] == full["player"] and sparse["foes"] == full["foes"]
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
