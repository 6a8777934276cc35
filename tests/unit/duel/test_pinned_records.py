"""Pinned game records: a few seeded random games must end in exactly the same state, action
for action, so that speed work on the engine cannot change what the rules do."""

from __future__ import annotations

import hashlib

import pytest

from rules.common import Rng
from rules.duel import GAME
from rules.duel.models import DuelOptions

OPTION_SETS = {
    "default": DuelOptions(),
    "campaign": DuelOptions(mode="campaign", weapon="yari", clan="hosokawa",
                            campaign_finale="shiro", yoroi="player"),
    "blood": DuelOptions(opponent="random", weapon="random", blood=True, yoroi="opponent"),
    "versus3": DuelOptions(opponent="versus3", weapon="wakizashi", surroundings="cliff",
                           bushido=False),
}

# (option set, seed) -> (actions played, sha256 of the final state's JSON dump)
PINNED = {
    ('default', 1): (46, "a6639bc5b96d258a9d3c956e2b110ff409d594a336451eb5ca24993f0cf6cd07"),
    ('default', 2): (60, "89ac03b56276fb8f5f14aa13b4997630c05096e679e50318074cee352d22704c"),
    ('default', 3): (49, "8aa89fdd4a3c5dd7468c2950ed77225e0faaa21b530d3de7b2a87c6c89b0cfa6"),
    ('default', 4): (39, "82ea3f81e49d3acf2c22e44e97ad4fffc47e72a70d95bee2ecb088ca14093f2a"),
    ('campaign', 1): (34, "61664dc5fe5083270d3a2a381728f55e9a74bfe8e19fe9053ae95dbcdb227c42"),
    ('campaign', 2): (49, "65fa92e9edfb42df7bbfa300ff4ce84068884099d347dffd3ba28fca10f8df49"),
    ('campaign', 3): (53, "0c73714a9fb4eb03774285da359c7bd0d8d36744f5ed646511e77a3b9db5e798"),
    ('campaign', 4): (56, "5d3d0a8f1b130e3466a46c008aff0beb2f84b927942d482ea07b796c75b97d96"),
    ('blood', 1): (41, "706e447edd931fa404f9b35e24875c78924ee45e519d8161e2ee6a445ecd58fd"),
    ('blood', 2): (44, "e0c4ccbb91f70739c1a6e088b9055b69fee2c554b396932b656455335076987f"),
    ('blood', 3): (13, "acfb9f465599004baafa422f7cfcbf2a9443ee625a39bb2f44170f6c8e372de5"),
    ('blood', 4): (49, "4da3600e3565b732d6a621953384672dbe3a6e2ca8aed75164508ae9f0f138f7"),
    ('versus3', 1): (27, "a8e643907e6b4a0838eec788386567583893be2a8f633ee21ccab7d447d7fd21"),
    ('versus3', 2): (60, "3f7fcdd84ff07be02e350013b3fd8f59ae16e72a426b2dd7591b8439d1c269cd"),
    ('versus3', 3): (96, "8f65680abd438e3bb5e2b24e96d68b4172d544684be6676687d98ad6f8be6c63"),
    ('versus3', 4): (29, "d6d4238227fb9520bde797f92f9fedb14a879c46339b57011b2c6df7945a5a6c"),
}


def play(options: DuelOptions, seed: int) -> tuple[int, str]:
    """The random bot's loop of `tabletop simulate`: a forked RNG picks among the legal actions."""
    rng = Rng(seed=seed).fork("bot:random")
    state = GAME.new(options, seed)
    played = 0
    while GAME.to_move(state) is not None:
        actions = GAME.legal_actions(state)
        GAME.apply(state, actions[rng.below(len(actions))])
        played += 1
    return played, hashlib.sha256(state.model_dump_json().encode()).hexdigest()


@pytest.mark.parametrize("key", sorted(PINNED), ids=lambda k: f"{k[0]}-{k[1]}")
def test_seeded_random_games_keep_their_records(key):
    name, seed = key
    assert play(OPTION_SETS[name], seed) == PINNED[key]


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
