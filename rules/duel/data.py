"""The duel's card and table data, loaded once from ``assets/duel`` and validated."""

from __future__ import annotations

from functools import cache
from typing import Literal

from rules.common import Frozen
from rules.common.data import load_asset

Icon = Literal["F", "W", "E", "V"]


class Constants(Frozen):
    hand_size: int
    cards_per_exchange: int
    track_min: int
    track_max: int
    player_life: int
    player_ki: int
    ki_max: int
    ki_guard: int
    ex2_defence_bonus: int
    ex2_power_bonus: int
    defence_ki_mark: int
    counter_ki_surge: int
    die_start: int
    die_max: int
    die_activation_min: int
    special_hand_max: int
    yoroi_resistance: int
    bushido_kanji: int
    bushido_ki_cost: int
    round_cap: int
    wakizashi_round: int


class ActionCard(Frozen):
    id: str
    icon: Icon | Literal["wild"]
    s: int
    t: int
    g: int
    name: str = ""
    effect: Literal["none", "wild", "kiai", "iai", "void_cut", "riposte"] = "none"
    text: str = ""

    @property
    def special(self) -> bool:
        return self.id.startswith("SA")

    def label(self) -> str:
        mark = "*" if self.special else ""
        icon = "*" if self.icon == "wild" else self.icon
        return f"{self.id}{mark}[{icon}] {self.s:+d}/{self.t:+d}/{self.g:+d}"


class DefenceCard(Frozen):
    id: str
    s: int
    t: int
    ki_mark: bool


class CounterCard(Frozen):
    id: str
    power: int
    wound: Literal[1, 2]
    ki_mark: bool


class Fighter(Frozen):
    id: str
    name: str
    life: int
    ki: int
    defs: int
    deft: int
    atk: int
    ability: str
    ability_text: str


class Versus3(Frozen):
    enemies: tuple[Fighter, Fighter, Fighter]
    counter_table: dict[str, tuple[int, ...]]


class InjuryLine(Frozen):
    life: int
    ki: int
    ki_or_life: bool
    bleed: int
    stagger: bool
    text: str


class InjuryCard(Frozen):
    id: str
    name: str
    w1: InjuryLine
    w2: InjuryLine

    def line(self, level: int) -> InjuryLine:
        return self.w1 if level == 1 else self.w2


class BloodLine(Frozen):
    name: str
    effect: Literal["cap_s", "remove_die", "cap_t", "gash", "die_minus_3", "no_ki_gain",
                    "life_x", "ki_x", "nothing", "beheaded"]
    text: str


class BloodCard(Frozen):
    id: str
    w1: BloodLine
    w2: BloodLine

    def line(self, level: int) -> BloodLine:
        return self.w1 if level == 1 else self.w2


class BushidoCard(Frozen):
    id: str
    virtue: str
    meaning: str
    effect: Literal["gi", "yu", "jin", "credit_t", "credit_s", "meiyo", "chugi"]
    text: str


class GiseiCard(Frozen):
    id: str
    guard: int


class Weapon(Frozen):
    id: str
    name: str
    s: int
    t: int
    g: int
    expansion: bool
    advantage: str
    drawback: str


class Surrounding(Frozen):
    id: str
    name: str
    window: str
    ki_cost: int
    limit: Literal["none", "round", "duel"]
    expansion: bool
    text: str


class Clan(Frozen):
    id: str
    name: str
    text: str


class Event(Frozen):
    id: str
    name: str
    expansion: bool
    text: str


class Data:
    """Every table, indexed by id."""

    def __init__(self) -> None:
        g = "duel"
        self.c: Constants = load_asset(Constants, g, "constants.json")
        actions = load_asset(list[ActionCard], g, "actions.json")
        specials = load_asset(list[ActionCard], g, "specials.json")
        self.action_ids = [a.id for a in actions]
        self.special_ids = [a.id for a in specials]
        self.cards = {a.id: a for a in actions + specials}
        self.defence = {d.id: d for d in load_asset(list[DefenceCard], g, "defence.json")}
        self.counters = {d.id: d for d in load_asset(list[CounterCard], g, "counterattacks.json")}
        self.opponents = {o.id: o for o in load_asset(list[Fighter], g, "opponents.json")}
        self.versus3: Versus3 = load_asset(Versus3, g, "versus3.json")
        self.injuries = {i.id: i for i in load_asset(list[InjuryCard], g, "injuries.json")}
        self.blood = {b.id: b for b in load_asset(list[BloodCard], g, "blood.json")}
        self.bushido = {b.id: b for b in load_asset(list[BushidoCard], g, "bushido.json")}
        self.gisei = {x.id: x for x in load_asset(list[GiseiCard], g, "gisei.json")}
        self.weapons = {w.id: w for w in load_asset(list[Weapon], g, "weapons.json")}
        self.surroundings = {s.id: s for s in load_asset(list[Surrounding], g, "surroundings.json")}
        self.clans = {c.id: c for c in load_asset(list[Clan], g, "clans.json")}
        self.events = {e.id: e for e in load_asset(list[Event], g, "events.json")}
        assert len(self.action_ids) == 36 and len(self.special_ids) == 8
        assert len(self.defence) == 12 and len(self.counters) == 12 and len(self.injuries) == 12


@cache
def data() -> Data:
    return Data()
