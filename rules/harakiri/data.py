"""The game's data, loaded once from ``assets/harakiri`` and validated by pydantic."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.common.attrs import plain_attributes
from rules.common.data import load_asset


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        plain_attributes(cls)  # the definitions are read all game long: CPython's fast path


class Die(_M):
    name: str
    faces: tuple[int, int, int, int, int, int]


class FocusFace(_M):
    name: str
    effect: Literal["fail", "break", "backlash", "ignore"]


class Dice(_M):
    attack: dict[str, Die]
    yin_face: int
    yang_face: int
    focus: dict[str, FocusFace]


class Cond(_M):
    name: str
    supply: int
    max_per_creature: int
    negative: bool


class Tokens(_M):
    conditions: dict[str, Cond]
    arm_tokens: int
    malice_max: int


class CharDef(_M):
    name: str
    short: str
    cls: str
    class_attr: Literal["POW", "KNO", "DEX", "SPI"]
    attrs: dict[str, tuple[int, int, int, int]]
    armour: str
    arm: int
    weapons: list[str]
    kami: str
    items: list[str]
    skills: list[str]


class Characters(_M):
    health: dict[str, int]
    base_mp: int
    ap_gain: int
    ap_cap: int
    ap_keep: int
    order: list[str]
    characters: dict[str, CharDef]


class Weapon(_M):
    name: str
    range: int
    fast: list[str] | None
    strong: list[str] | None
    yy: str


class Skill(_M):
    name: str
    owner: str
    level: int
    type: Literal["attack", "technique", "passive"]
    ki: int
    once: bool
    aggregate: bool = False
    target: str | None = None
    range: int | None = None
    text: str


class KamiSkill(_M):
    name: str
    tier: int
    affinity: int
    type: Literal["attack", "technique"]
    text: str


class Kami(_M):
    name: str
    owner: str
    skill1: str
    skills: dict[str, KamiSkill]
    mode: str


class Item(_M):
    name: str
    kind: Literal["consumable", "use", "special"]
    uses: int
    kno: int
    target: str | None
    range: int | None = None
    text: str


class OracleCard(_M):
    id: str
    colour: Literal["green", "red"]
    name: str


class Oracle(_M):
    cards: list[OracleCard]
    adventure: dict[str, dict[str, int]]


class EnemySkill(_M):
    name: str
    type: Literal["attack", "technique"]
    range: int | None = None
    dice: list[str] | None = None
    area: str | None = None
    cond: str | None = None
    hits: int = 0
    bonus: str | None = None
    adjacent_only: bool = False
    heal_dealt: bool = False
    cond_vs_chars_only: bool = False
    steps: list[str] = Field(default_factory=list)


class MinionRow(_M):
    rolls: list[int]
    normal: list[str]
    aggressive: list[str]


class Plus(_M):
    hp: int
    arm: int
    eva: int
    mov: int
    dice: list[str]


class MinionDef(_M):
    name: str
    code: str
    minis: int
    hp: int
    arm: int
    eva: int
    mov: int
    move: Literal["walk", "flying", "spectral"]
    swims: bool = False
    range: int
    dice: list[str]
    prio: str
    plus: Plus
    passive: str | None = None
    skills: dict[str, EnemySkill]
    behaviour: list[MinionRow]


class Minions(_M):
    bases: list[str]
    minions: dict[str, MinionDef]


class BossRow(_M):
    rolls: list[int]
    name: str
    prio: str | None
    lines: list[str]


class AiCard(_M):
    id: str
    name: str
    hate: bool
    prio: str
    lines: list[str]
    empowered: list[str] | None = None


class BossDef(_M):
    name: str
    code: str
    kind: Literal["servant", "wanderer", "chosen"]
    hp: int
    arm: int
    eva: int
    mov: int
    move: Literal["walk", "flying", "spectral"]
    large: bool = False
    range: int
    dice: list[str]
    prio: str
    attack_name: str
    passive: str | None = None
    skills: dict[str, EnemySkill]
    behaviour: list[BossRow] = Field(default_factory=list)
    ai_deck: list[AiCard] = Field(default_factory=list)


class Bosses(_M):
    bosses: dict[str, BossDef]


class TestDef(_M):
    attr: Literal["POW", "KNO", "DEX", "SPI"]
    d: int


class Entry(_M):
    effects: list[str | Entry] = Field(default_factory=list)
    test: TestDef | None = None
    test_if: str | None = None
    success: list[str | Entry] = Field(default_factory=list)
    failure: list[str | Entry] = Field(default_factory=list)


class EventCard(_M):
    name: str
    effects: list[str | Entry]


class ZoneEvents(_M):
    green: list[EventCard] = Field(default_factory=list)
    red: list[EventCard] = Field(default_factory=list)
    purple: list[EventCard] = Field(default_factory=list)


class MiniPlace(_M):
    type: str
    x: int
    y: int
    allegiance: Literal["allied", "hostile"] | None = None


class PointDef(_M):
    id: str
    name: str
    x: int
    y: int
    terrain: str
    entry: Entry
    stays: bool = False
    once_per_round: bool = False


class ResistorDef(_M):
    id: str
    name: str
    x: int
    y: int
    tokens: int
    living: bool
    interactable: bool
    entry: Entry | None = None
    fail_on_defeat: bool = False


class ZoneDef(_M):
    id: str
    name: str
    origin: tuple[int, int]
    events: Literal["random", "scripted"]
    oracle: dict[str, int]
    rows: list[str]
    heights: list[str] | None = None
    ladders: list[tuple[tuple[int, int], tuple[int, int]]] = Field(default_factory=list)
    minis: list[MiniPlace]
    spawns: dict[str, tuple[int, int]]
    points: list[PointDef]
    resistors: list[ResistorDef]


class Objective(_M):
    text: str
    defeat: str | None = None


class Scenario(_M):
    id: str
    name: str
    start_zones: list[str]
    zones: list[ZoneDef]
    graves_poison: bool = False
    malice_triggers: dict[str, list[str]]
    objective: Objective
    round_limit: int | None
    on_defeat: dict[str, list[str]]

    def zone(self, zid: str) -> ZoneDef:
        return next(z for z in self.zones if z.id == zid)


@cache
def dice() -> Dice:
    return load_asset(Dice, "harakiri", "dice.json")


@cache
def tokens() -> Tokens:
    return load_asset(Tokens, "harakiri", "tokens.json")


@cache
def characters() -> Characters:
    return load_asset(Characters, "harakiri", "characters.json")


@cache
def weapons() -> dict[str, Weapon]:
    return load_asset(dict[str, Weapon], "harakiri", "weapons.json")


@cache
def skills() -> dict[str, Skill]:
    return load_asset(dict[str, Skill], "harakiri", "skills.json")


@cache
def kami() -> dict[str, Kami]:
    return load_asset(dict[str, Kami], "harakiri", "kami.json")


@cache
def kami_skills() -> dict[str, tuple[str, KamiSkill]]:
    """Every Kami skill id -> (kami id, skill)."""
    return {sid: (kid, s) for kid, k in kami().items() for sid, s in k.skills.items()}


@cache
def items() -> dict[str, Item]:
    return load_asset(dict[str, Item], "harakiri", "items.json")


@cache
def oracle() -> Oracle:
    return load_asset(Oracle, "harakiri", "oracle.json")


@cache
def oracle_colour() -> dict[str, str]:
    return {c.id: c.colour for c in oracle().cards}


@cache
def minions() -> Minions:
    return load_asset(Minions, "harakiri", "minions.json")


@cache
def bosses() -> Bosses:
    return load_asset(Bosses, "harakiri", "bosses.json")


def enemy_def(etype: str) -> MinionDef | BossDef:
    m = minions().minions.get(etype)
    return m if m is not None else bosses().bosses[etype]


@cache
def events() -> dict[str, dict[str, ZoneEvents]]:
    return load_asset(dict[str, dict[str, ZoneEvents]], "harakiri", "events.json")


@cache
def scenario(sid: str) -> Scenario:
    return load_asset(Scenario, "harakiri", "scenarios", f"{sid}.json")


ATTRS = ("POW", "KNO", "DEX", "SPI")
