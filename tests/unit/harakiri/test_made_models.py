"""``made``: the state models the rules build on every action (an initiative card, a Move, an
attack being declared, a trade, an enemy's activation) are made without validation (issue 28's
speed). Each must be the very model validation would give: equal, dumped alike, with the same
fields counted as set, and with fresh lists of its own."""

from __future__ import annotations

import pytest

from rules.harakiri.model import Character, Draft, Enemy, EnemyCtx, ItemState, Job, KiDie, Pending, QCard, Sub

MADE = [
    (QCard, {"ref": "c:akira"}),
    (Sub, {"kind": "move", "mp": 5}),
    (Sub, {"kind": "attack", "draft": Draft(targets=["e:ashigaru-a"], mode="fast")}),
    (Sub, {"kind": "trade", "trade_with": "hikaru"}),
    (Draft, {"targets": ["e:ashigaru-a"], "mode": "strong"}),
    (EnemyCtx, {"uid": "ashigaru-a"}),
    (Pending, {"kind": "tie", "seat": 0, "options": ["p:33", "p:34"], "purpose": "enemy_square"}),
    (Enemy, {"uid": "ashigaru-B", "type": "ashigaru", "kind": "minion", "side": "foe", "base": "B",
             "p": 40, "zone": "Z1", "plus": False}),
    (Enemy, {"uid": "oni", "type": "oni", "kind": "servant", "side": "ally", "base": None,
             "p": 41, "zone": "Z2", "plus": True}),
    (Job, {"kind": "zone_event", "zone": "Z1"}),
    (ItemState, {"id": "rice_ball", "uses": 1}),
    (Character, {"id": "akira", "seat": 0, "level": 2, "hp": 8, "max_hp": 8,
                 "attrs": {"POW": 2, "KNO": 1, "DEX": 1, "SPI": 2}, "arm": 1, "arm_max": 1,
                 "weapons": ["katana"], "items": [ItemState(id="rice_ball", uses=1)],
                 "ki": [KiDie(value=3)], "skills": ["iaijutsu"], "affinity": 3,
                 "items_used_round": None}),
    (Character, {"id": "tomoe", "seat": 1, "level": 1, "hp": 6, "max_hp": 6,
                 "attrs": {"POW": 1, "KNO": 2, "DEX": 2, "SPI": 1}, "arm": 0, "arm_max": 0,
                 "weapons": [], "items": [], "ki": [], "skills": [], "affinity": 6,
                 "items_used_round": []}),
]


@pytest.mark.parametrize(("cls", "values"), MADE)
def test_a_made_model_is_the_validated_one(cls, values):
    made, validated = cls.made(**values), cls(**values)
    assert type(made) is cls
    assert made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert cls.model_validate_json(made.model_dump_json()) == made


def test_each_made_model_has_its_own_lists():
    a, b = EnemyCtx.made(uid="ashigaru-a"), EnemyCtx.made(uid="ashigaru-b")
    a.line.append("M adj, A")
    assert b.line == [] and EnemyCtx.made(uid="ashigaru-c").line == []


def test_a_missing_or_unknown_field_is_refused():
    with pytest.raises(TypeError):
        QCard.made()
    with pytest.raises(TypeError):
        QCard.made(ref="c:akira", turned=True)
