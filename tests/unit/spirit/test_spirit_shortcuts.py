"""The engine's shortcuts give exactly what the long way gives.

The speed work replaced a few steps with shortcuts: setup builds its models without a
second validation, a drawn card's transit is made directly, the parts of the state are
pydantic dataclasses (plain attribute reads), and the choices for a drawn card ask
``talents`` once instead of ``level`` three times. These tests hold each shortcut to the
long way.
"""

from __future__ import annotations

import random
from typing import get_args

import pytest
from pydantic import TypeAdapter, ValidationError

from rules.common import Rng
from rules.spirit import GAME
from rules.spirit.data import Talent
from rules.spirit.model import Samurai, SpiritOptions, SpiritState, Transit, build, of
from rules.spirit.talents import level, talents


@pytest.mark.parametrize("options", [{}, {"players": 2, "difficulty": "hard"},
                                     {"players": 7, "difficulty": "heroic"},
                                     {"players": 1, "solo_samurai": 3}])
def test_talents_names_every_talent_whose_level_is_above_zero(options):
    # At every decision of a few random games, for every samurai: a pool token, a support
    # token held, NO_TALENT and the animal side all show in both the same way.
    opts = SpiritOptions(**options)
    for seed in range(1, 21):
        state, pick = GAME.new(opts, seed), random.Random(seed)
        while GAME.to_move(state) is not None:
            for seat in range(state.n):
                has = talents(state, seat)
                for talent in get_args(Talent):
                    assert (talent in has) == (level(state, seat, talent) > 0)
            GAME.apply(state, pick.choice(GAME.legal_actions(state)))


def _json(part) -> bytes:
    return TypeAdapter(type(part)).dump_json(part)


def test_a_built_samurai_is_the_one_the_constructor_makes():
    made, built = Samurai(name="Kyuzo"), build(Samurai, name="Kyuzo")
    assert built == made and _json(built) == _json(made)
    assert list(built.__dict__) == list(made.__dict__)  # the declared order
    # Defaults made by a factory are fresh for each samurai.
    other = build(Samurai, name="Kanbei")
    built.line.append("P1-01")
    built.slots["hat"] = "P1-02"
    assert other.line == [] and other.slots["hat"] is None


def test_a_built_state_reads_back_from_its_own_save():
    state = GAME.new(SpiritOptions(players=4, difficulty="hard"), 7)
    again = SpiritState.model_validate_json(state.model_dump_json())
    assert again == state and again.model_dump_json() == state.model_dump_json()


def test_build_refuses_a_missing_or_unknown_field():
    with pytest.raises(TypeError, match="needs name"):
        build(Samurai)
    with pytest.raises(TypeError, match="no field colour"):
        build(Samurai, name="Kyuzo", colour="red")
    with pytest.raises(TypeError, match="needs"):
        build(SpiritState, rng=Rng(seed=1))


def test_a_transit_made_directly_is_the_one_the_constructor_makes():
    values = {"card": "P1-01", "holder": 2, "given": False, "replaces_left": 1}
    made, direct = Transit(**values), of(Transit, dict(values))
    assert direct == made and _json(direct) == _json(made)
    assert direct.__dict__ == made.__dict__


def test_a_state_part_refuses_an_unknown_field_as_a_model_would():
    with pytest.raises(ValidationError):
        Samurai(name="Kyuzo", colour="red")
    with pytest.raises(ValidationError):
        SpiritState.model_validate_json(
            GAME.new(SpiritOptions(), 1).model_dump_json().replace('"passed":', '"colour":1,"passed":', 1))
