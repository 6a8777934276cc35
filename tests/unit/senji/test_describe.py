"""Every action the Senji action models accept can be described: an unknown id reads as itself."""

import types
import typing
from typing import Literal, Union, get_args, get_origin

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.senji import GAME
from rules.senji.actions import (
    ActivateFleet, AddSamurai, Claim, ComboStart, Dest, HirePlace, ReactUse, SenjiAction, Support,
)
from rules.senji.data import data

D = data()
KNOWN_IDS = sorted(set(D.province) | set(D.sea) | set(D.samurai) | set(D.family) | set(D.combo)
                   | set(D.diplo_cards) | set(D.hana_cards))
IDS = st.one_of(st.sampled_from(KNOWN_IDS), st.text(max_size=12))
INTS = st.integers(min_value=-(1 << 70), max_value=1 << 70)


def _strategy(annotation):
    """Any value the field's annotation accepts: known and unknown ids, any size of int."""
    origin = get_origin(annotation)
    if origin is Literal:
        return st.sampled_from(get_args(annotation))
    if origin in (Union, types.UnionType):
        return st.one_of(*(_strategy(x) for x in get_args(annotation)))
    if annotation is type(None):
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return INTS
    if annotation is str:
        return IDS
    raise TypeError(f"no strategy for {annotation!r}")


MODELS = get_args(get_args(SenjiAction)[0])


def _field(f):
    """A checked text (an offer's spoken line, rules.common.text.PlainLine) takes any
    printable line; every other field any value of its annotation."""
    if f.annotation is str and f.metadata:
        return IDS.filter(str.isprintable)
    return _strategy(f.annotation)


def _action(model):
    fields = {k: _field(f) for k, f in model.model_fields.items() if k != "kind"}
    return st.builds(model, **fields)


ANY_ACTION = st.one_of(*(_action(m) for m in MODELS))


def test_the_union_is_the_models_strategy_covers():
    assert typing.get_origin(get_args(SenjiAction)[0]) is Union
    assert len(MODELS) == len({m.model_fields["kind"].default for m in MODELS}) > 50


@settings(max_examples=600, deadline=None)
@given(ANY_ACTION)
def test_describe_never_raises(action):
    text = GAME.describe(action)
    assert isinstance(text, str) and text
    again = GAME.parse_action(GAME.dump_action(action))
    assert GAME.describe(again) == text


@pytest.mark.parametrize("action, text", [
    (Claim(province="atlantis"), "Name atlantis"),
    (AddSamurai(letter="Z"), "Send Z"),
    (Support(card="X-S9"), "Play X-S9"),
    (Support(card="nodash"), "Play nodash"),
    (Dest(sea="styx"), "To the styx"),
    (Dest(province="aki", sea="styx"), "Raid Aki across the styx"),
    (ActivateFleet(sea="styx", family="Q"), "Activate the Q fleet in the styx"),
    (HirePlace(location="nowhere"), "Place in nowhere"),
    (ComboStart(combo="NOPE"), "Score NOPE"),
    (ReactUse(source="?", kami=True), "Call the red kami of ? to reroll"),
])
def test_an_unknown_id_reads_as_the_raw_id(action, text):
    assert GAME.describe(action) == text


def test_known_ids_read_as_the_rulebook_names():
    assert GAME.describe(ReactUse(source="M")) == "Reroll with Tadakatsu"
    assert GAME.describe(ActivateFleet(sea=D.sea_order[0], family="R")) == (
        f"Activate the Red fleet in the {D.sea[D.sea_order[0]].name}")
