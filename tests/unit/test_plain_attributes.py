"""Models read (and Plain models store) their attributes on CPython's fast path
(rules/common/attrs.py, issue 28's speed), with every answer and error pydantic gives.

The speed itself shows as specialised bytecode: CPython 3.11 turns a warm ``x.p`` into a
specialised instruction (``LOAD_ATTR_WITH_HINT``...) only on a class with plain lookups, and
leaves it ``LOAD_ATTR_ADAPTIVE`` on a pydantic class with its ``__getattr__`` hook.
"""

from __future__ import annotations

import dis
import sys

import pytest
from pydantic import ConfigDict, PrivateAttr, ValidationError

from rules.common import Frozen, Model, Rng
from rules.common.plain import Plain
from rules.harakiri import data as hdata
from rules.harakiri.model import Character, Enemy, HarakiriOptions, HarakiriState, Step


class Piece(Plain):
    p: int | None = None
    hp: int = 3
    tags: list[str] = []


class Secret(Model):
    name: str = "a"
    _note: str = PrivateAttr(default="hidden")


class Loose(Model):
    model_config = ConfigDict(extra="allow")
    name: str = "a"


class Card(Frozen):
    name: str


class Asking(Plain):
    """A Plain model with its own ``__getattr__``: it must still be asked."""
    p: int = 0

    def __getattr__(self, item: str):
        return f"asked {item}"


def _warm(fn, *args):
    for _ in range(64):
        fn(*args)
    return [i.opname for i in dis.get_instructions(fn, adaptive=True)]


def _fresh(body: str):
    """A new function (a code object of its own: specialisation is kept per code object)."""
    space: dict = {}
    exec(compile(f"def f(x):\n    {body}\n", "<test>", "exec"), space)
    return space["f"]


only_311 = pytest.mark.skipif(sys.version_info[:2] != (3, 11),
                              reason="the specialised instruction names are CPython 3.11's")


def _specialised(ops: list[str], family: str) -> bool:
    return any(op.startswith(family + "_") and op != family + "_ADAPTIVE" for op in ops)


@only_311
@pytest.mark.parametrize("make", [
    lambda: Piece(),
    lambda: Character.model_construct(id="akira", p=3),
    lambda: Enemy.model_construct(uid="e1", p=4),
], ids=["plain", "character", "enemy"])
def test_a_plain_models_reads_and_stores_are_specialised(make):
    x = make()
    assert _specialised(_warm(_fresh("return x.p"), x), "LOAD_ATTR")
    assert _specialised(_warm(_fresh("x.p = 5"), x), "STORE_ATTR")


@only_311
def test_the_state_reads_and_stores_are_specialised():
    state = HarakiriState(rng=Rng(seed=1), options=HarakiriOptions())
    assert _specialised(_warm(_fresh("return x.step"), state), "LOAD_ATTR")
    assert _specialised(_warm(_fresh("x.reveals = 2"), state), "STORE_ATTR")


@only_311
def test_frozen_actions_definitions_and_the_rng_read_on_the_fast_path_too():
    assert _specialised(_warm(_fresh("return x.x"), Step(x=1, y=2)), "LOAD_ATTR")
    assert _specialised(_warm(_fresh("return x.name"), hdata.weapons()["katana"]), "LOAD_ATTR")
    assert _specialised(_warm(_fresh("return x.counter"), Rng(seed=4)), "LOAD_ATTR")


@only_311
def test_options_with_a_private_attribute_keep_pydantics_lookup():
    assert "LOAD_ATTR_ADAPTIVE" in _warm(_fresh("return x.players"), HarakiriOptions())


def test_a_missing_attribute_raises_pydantics_error():
    for x in (Piece(), Card(name="n"), Character.model_construct(id="akira")):
        with pytest.raises(AttributeError) as got:
            x.nothing_here
        assert str(got.value) == f"'{type(x).__name__}' object has no attribute 'nothing_here'"
        assert not hasattr(x, "nothing_here")
        assert getattr(x, "nothing_here", "fallback") == "fallback"


def test_private_attributes_are_still_read_and_written():
    s = Secret()
    assert s._note == "hidden"
    s._note = "told"
    assert s._note == "told" and s.__pydantic_private__ == {"_note": "told"}
    assert s.model_dump() == {"name": "a"}


def test_extras_are_still_read():
    loose = Loose(name="b", colour="red")
    assert loose.colour == "red"
    assert loose.model_dump() == {"name": "b", "colour": "red"}


def test_a_models_own_getattr_is_still_asked():
    a = Asking()
    assert a.p == 0
    assert a.anything == "asked anything"


def test_a_plain_store_is_a_field_set_and_dumped():
    x = Piece()
    x.p = 7
    x.tags = ["a"]
    assert x.__dict__ == {"p": 7, "hp": 3, "tags": ["a"]}
    assert x.model_fields_set == {"p", "hp", "tags"}
    assert x.model_dump(exclude_unset=True) == {"p": 7, "hp": 3, "tags": ["a"]}
    assert x == Piece(p=7, tags=["a"])
    assert Piece.model_validate_json(x.model_dump_json()) == x


def test_deleting_a_field_or_a_missing_name_behaves_as_pydantic():
    x = Piece(p=2)
    del x.p
    with pytest.raises(AttributeError, match="'Piece' object has no attribute 'p'"):
        x.p
    with pytest.raises(AttributeError):
        del x.never_there


def test_a_frozen_model_still_refuses_a_store():
    card = Card(name="n")
    with pytest.raises(ValidationError, match="frozen"):
        card.name = "m"
    assert card.name == "n"
