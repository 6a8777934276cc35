"""``describe`` is total: any action the action models accept reads as words, never an error.

An id that names nothing known (a hand-edited save, an old replay) reads as itself.
"""

from __future__ import annotations

import typing

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from rules.harakiri import GAME
from rules.harakiri.model import (
    DeclareAttack, HarakiriAction, PlaceCharacter, PlaceKi, Technique, Transfer, UseItem,
)

MODELS = typing.get_args(typing.get_args(HarakiriAction)[0])
ADAPTER = TypeAdapter(HarakiriAction)

# Ids the game knows, mixed with strings that name nothing, so both paths are walked.
KNOWN = ["akira", "tomoe", "c:hattori", "e:ashigaru-R", "e:blood_oni", "e:nope-Q", "r:x", "p:33",
         "g:7", "p:x", "item:rice_ball", "item:nope", "weapon:katana", "weapon:", "iaijutsu",
         "rice_ball", "head", "1: Landolfo advances 2", "0", "12", "²", "p:²", ":", "c:", "e:", ""]
TEXT = st.one_of(st.sampled_from(KNOWN), st.text(max_size=12))


def _value(annotation):
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if annotation is str:
        return TEXT
    if annotation is int:
        return st.integers(-50, 50)
    if annotation is bool:
        return st.booleans()
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple:
        return st.lists(st.integers(-3, 9), max_size=4).map(tuple)
    if type(None) in args:  # Optional
        return st.one_of(st.none(), *(_value(a) for a in args if a is not type(None)))
    raise AssertionError(f"no strategy for {annotation}")


def _action(model):
    fields = {name: _value(f.annotation) for name, f in model.model_fields.items() if name != "kind"}
    return st.fixed_dictionaries(fields).map(lambda d: ADAPTER.validate_python({"kind": model.model_fields["kind"].default, **d}))


ACTIONS = st.one_of(*(_action(m) for m in MODELS))


@settings(max_examples=1500, deadline=None)
@given(action=ACTIONS)
def test_describe_never_raises(action):
    text = GAME.describe(action)
    assert isinstance(text, str) and text


def test_an_unknown_id_reads_as_itself():
    assert GAME.describe(PlaceCharacter(char="ronin", x=1, y=2)) == "Place ronin on (1,2)"
    assert GAME.describe(DeclareAttack(target="e:oni-Z", mode="fast")) == "Fast attack on e:oni-Z (1 AP)"
    assert GAME.describe(Technique(skill="nope")) == "nope (1 AP)"
    assert GAME.describe(PlaceKi(die=0, slot="nope")) == "Place Ki die 1 on nope"
    assert GAME.describe(UseItem(item="nope", target="x")) == "Use nope on x (1 AP)"


def test_known_ids_read_as_their_names():
    assert GAME.describe(DeclareAttack(target="e:ashigaru-R", mode="strong")) == "Strong attack on Ashigaru R (2 AP)"
    assert GAME.describe(Transfer(thing="weapon:katana", frm="akira", to="tomoe")) == "Akira gives Katana to Tomoe"
