"""The game's data: raider cards, samurai boards and the village, loaded from assets/spirit/."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from rules.common.data import load_asset

Icon = Literal["hat", "farm", "family"]
ICONS: tuple[Icon, ...] = ("hat", "farm", "family")
Code = Literal[
    "RAZE", "WOUND", "INTRUDE", "NO_DEFEND", "NO_SUPPORT", "DRAW_LEFT", "DRAW_RIGHT",
    "MUST_PASS", "RESHUFFLE", "NO_TALENT", "DISCARD_DEF",
]
Talent = Literal[
    "IGNORE_ODD", "IGNORE_EVEN", "DISCARD_DUP", "PASS_EVEN", "PASS_ODD", "REPLACE", "EXTRA_FIGHT",
]
Power = Literal["BUILD", "CUT_OTHER", "SKIM", "CALM", "RELOCATE", "HEAL", "CUT_SELF"]
TARGETED: frozenset[str] = frozenset({"CUT_OTHER", "RELOCATE", "HEAL"})
Difficulty = Literal["easy", "normal", "hard", "heroic"]
FarmBack = Literal["BURN", "HURT", "ALARM", "LOOT", "QUIET"]
Family = Literal["ELDER", "CRAFTSMAN", "CHILD"]


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Card(_Data):
    id: str
    type: Literal["plunderer", "lieutenant", "boss"]
    value: int
    icon: Icon | None
    flame: bool
    penalties: tuple[Code, ...]


class Face(_Data):
    kiai: int
    talent: Talent
    power: Power
    count: int


class SamuraiCard(_Data):
    name: str
    animal: str
    human: Face
    animal_face: Face


class Farm(_Data):
    id: str
    back: FarmBack


class DifficultyRow(_Data):
    level: Difficulty
    barricades_plus: int
    plunderers_per_samurai: int
    extra_cards_minus: int
    farm_backs: bool
    score_bonus: int


class Raiders(_Data):
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _check(self) -> "Raiders":
        ids = [c.id for c in self.cards]
        assert len(ids) == len(set(ids)) == 66, "66 distinct raider cards expected"
        counts = {t: sum(c.type == t for c in self.cards) for t in ("plunderer", "lieutenant", "boss")}
        assert counts == {"plunderer": 52, "lieutenant": 7, "boss": 7}, counts
        return self


class Roster(_Data):
    samurai: tuple[SamuraiCard, ...]


class Village(_Data):
    farms: tuple[Farm, ...]
    families: tuple[Family, ...]
    difficulties: tuple[DifficultyRow, ...]


@cache
def raiders() -> Raiders:
    return load_asset(Raiders, "spirit", "raiders.json")


@cache
def cards() -> dict[str, Card]:
    return {c.id: c for c in raiders().cards}


def card(cid: str) -> Card:
    return cards()[cid]


@cache
def values() -> dict[str, int]:
    """Each card's value by id (a combat total adds these up many times a turn)."""
    return {c.id: c.value for c in raiders().cards}


class _Table(dict):  # type: ignore[type-arg]
    """A table made from the assets the first time a key is looked up in it, then read
    like any dict (the assets still load on first use, not on import)."""

    def __init__(self, make: Callable[[], dict[Any, Any]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if self:
            raise KeyError(key)
        self.update(self.make())
        return self[key]


# Read for every samurai's total and Kiai, many times a turn.
VALUE: dict[str, int] = _Table(lambda: values())
FACES: dict[str, tuple[Face, Face]] = _Table(
    lambda: {s.name: (s.human, s.animal_face) for s in roster().values()})
"""A samurai's sides by name: ``FACES[name][animal]``, the human side first."""
KIAI: dict[str, tuple[int, int]] = _Table(
    lambda: {s.name: (s.human.kiai, s.animal_face.kiai) for s in roster().values()})
"""A samurai's Kiai on each side: ``KIAI[name][animal]``."""


@cache
def face(name: str, animal: bool) -> Face:
    """A samurai's board side: the animal one from the second wound."""
    s = roster()[name]
    return s.animal_face if animal else s.human


@cache
def roster() -> dict[str, SamuraiCard]:
    return {s.name: s for s in load_asset(Roster, "spirit", "samurai.json").samurai}


@cache
def names() -> tuple[str, ...]:
    return tuple(roster())


@cache
def village() -> Village:
    return load_asset(Village, "spirit", "village.json")


@cache
def farm_back(farm: str) -> str:
    return {f.id: f.back for f in village().farms}[farm]


@cache
def difficulty(level: str) -> DifficultyRow:
    return {d.level: d for d in village().difficulties}[level]


def ids_of(kind: str) -> list[str]:
    """The ids of one kind of raider card, in the data's order (a fresh list each time)."""
    return list(_ids_of(kind))


@cache
def _ids_of(kind: str) -> tuple[str, ...]:
    return tuple(c.id for c in raiders().cards if c.type == kind)
