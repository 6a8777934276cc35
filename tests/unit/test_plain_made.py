"""``Plain.made`` (rules/common/plain.py): each class's compiled constructor makes the very
model validation gives, for every Plain model a random game of Harakiri or Senji holds, from
its required fields alone (defaults and factories filled in) and from all its fields."""

from __future__ import annotations

import pytest
from pydantic import Field

from rules.common import Rng
from rules.common.plain import Plain
from tabletop.catalog import get_game


class Base(Plain):
    name: str
    marks: list[int] = Field(default_factory=list)
    count: int = 2


class Child(Base):
    extra: dict[str, int] = Field(default_factory=dict)


def _plain_models(value, out: dict):
    """Every Plain model inside ``value``, one per class (the first met)."""
    if isinstance(value, Plain):
        out.setdefault(type(value), value)
        for v in value.__dict__.values():
            _plain_models(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _plain_models(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _plain_models(v, out)
    elif hasattr(value, "__pydantic_fields__"):
        for v in value.__dict__.values():
            _plain_models(v, out)
    return out


def _models_of(game_id: str, seeds=range(1, 7), most: int = 400) -> dict:
    game = get_game(game_id)
    found: dict = {}
    for seed in seeds:
        state, rng = game.new(game.Options(), seed), Rng(seed=seed)
        for _ in range(most):
            if game.to_move(state) is None:
                break
            _plain_models(state, found)
            actions = game.legal_actions(state)
            game.apply(state, actions[rng.below(len(actions))])
    return found


def _same(made, validated) -> None:
    assert type(made) is type(validated)
    assert made == validated
    assert list(made.__dict__) == list(validated.__dict__)
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None


@pytest.mark.parametrize("game_id", ["harakiri", "senji"])
def test_every_plain_model_of_a_game_is_made_as_validated(game_id):
    found = _models_of(game_id)
    assert len(found) >= 8, sorted(c.__name__ for c in found)
    for cls, x in found.items():
        every = dict(x.__dict__)
        _same(cls.made(**every), cls(**every))
        required = {k: every[k] for k, f in cls.__pydantic_fields__.items() if f.is_required()}
        _same(cls.made(**required), cls(**required))


def test_a_subclass_makes_its_own_class_with_its_own_fields():
    child = Child.made(name="a")
    assert type(child) is Child and child == Child(name="a")
    base = Base.made(name="b", count=3)
    assert type(base) is Base and base == Base(name="b", count=3)


def test_defaults_are_filled_and_factories_give_fresh_values():
    a, b = Child.made(name="a"), Child.made(name="b")
    a.extra["x"] = 1
    assert b.extra == {} and Child.made(name="c").extra == {}
    assert a.count == 2 and a.__pydantic_fields_set__ == {"name", "marks", "count", "extra"}
    a.__pydantic_fields_set__.discard("count")  # a set of its own, as validation gives
    assert b.__pydantic_fields_set__ == {"name", "marks", "count", "extra"}


def test_a_missing_or_unknown_field_is_a_type_error_naming_the_class():
    with pytest.raises(TypeError, match=r"Child.made\(\) missing 1 required keyword-only argument: 'name'"):
        Child.made()
    with pytest.raises(TypeError, match=r"Base.made\(\) got an unexpected keyword argument 'extra'"):
        Base.made(name="a", extra={})
