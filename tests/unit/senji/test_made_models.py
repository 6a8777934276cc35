"""``made``: the dice of a combat round are made without validation (issue 28's speed); each
die must be the very model validation would give."""

from __future__ import annotations

import pytest

from rules.senji.state import Combat, Die


@pytest.mark.parametrize("values", [{"face": "R", "set": True}, {"face": "G"}])
def test_a_made_die_is_the_validated_one(values):
    made, validated = Die.made(**values), Die(**values)
    assert type(made) is Die and made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set


def test_a_combat_holding_made_dice_round_trips():
    c = Combat(province="owari", att=0, dfn=1, att_units=2, att_samurai=[])
    c.dice = [Die.made(face="R", set=True), Die.made(face="G")]
    assert Combat.model_validate_json(c.model_dump_json()) == c
