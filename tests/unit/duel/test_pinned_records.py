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
    ('default', 1): (46, "c8588ccb5e5d929cb76568fb5d319c63aeb26a7a6d8d31890d1a696a5926dea9"),
    ('default', 2): (60, "abbd334a56cbd3548d85b22332cfb6b807db785e99d9751cea6d446dc98e4639"),
    ('default', 3): (49, "b4fecdccd09bf0ac21c6dd55904651639a0ac70866a66735c2596050147e59c2"),
    ('default', 4): (39, "3e265491ac7fd1d059448091851bc583d4ed162fd2c1241b03ba69a8461532d0"),
    ('campaign', 1): (34, "892ebbc13dd743bd85026c52a0113aee9dc4ab6878b5c26d874f75854574311d"),
    ('campaign', 2): (49, "e008f8a0762f5ed22e55f0dcf73e8b77a9824e581a624ccd2ee2c6632bb94ead"),
    ('campaign', 3): (53, "94953dc4ea73e8db238ab6b3c512f9da1d98d8f910fc9c9aed536655dc5f3ea5"),
    ('campaign', 4): (56, "bb082891f925fbafc028f290c8bf2035dc340b858ecd11c75f3fa323c2b3641e"),
    ('blood', 1): (41, "4d44747b3cd003d3a7839650cd25b14b30a7c41a529147ecda7556ee8cbf85c3"),
    ('blood', 2): (44, "237ab6bf753b31b218475d4a605c6cf1aa8172232aea9f7ee1496ef26022b354"),
    ('blood', 3): (13, "4d6954860543808cca17043398cbd0f4a9ee2cb52a1cdadf1324ed97a47e4ecd"),
    ('blood', 4): (49, "cc7f8da0b5dd56fa2dc612867ca6f2ec7f66aacf2ab36a27728154b4d5dae006"),
    ('versus3', 1): (27, "bf75d46eaf6f13124d1ab362db38a4a25689b680e9302519c7c580c2f5be5d53"),
    ('versus3', 2): (60, "9ccb02188362f83f96bbcbccba4c187d8764a1893503fa8912265f9d37f3eb5a"),
    ('versus3', 3): (96, "67b55765e28c36577964e42524d2b95c05ff8fe785ff0f1da2d095fc6ad73fc7"),
    ('versus3', 4): (29, "b21c5b2ae3bfacd36d62dfa51a8f4237d61047c65e4da23c1d2ce131de40eb4b"),
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
