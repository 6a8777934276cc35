"""Senji's printed material, loaded once from ``assets/senji/`` and validated.

Families, the map (provinces, land edges, seas, neutral tables), the dice, the 72
diplomacy cards, the 96 hanafuda, the combination aid and the 18 samurai.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.common.data import asset_text, load_asset


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Family(_M):
    id: str
    name: str
    colour: str
    mon: str


class Province(_M):
    id: str
    name: str
    seas: tuple[str, ...]
    label: tuple[int, int]


class Edge(_M):
    a: str
    b: str
    strait: bool


class Sea(_M):
    id: str
    name: str
    adjacent: tuple[str, ...]
    label: tuple[int, int]
    fleet_label: tuple[int, int]
    last_column: int


class PlayerCount(_M):
    players: int
    families: tuple[str, ...]
    neutral: tuple[str, ...]


class MapData(_M):
    provinces: tuple[Province, ...]
    edges: tuple[Edge, ...]
    seas: tuple[Sea, ...]
    player_counts: tuple[PlayerCount, ...]


class Dice(_M):
    count: int
    faces: tuple[str, ...]


class DiploKind(_M):
    code: str
    type: Literal["member", "support", "trading", "dummy"]
    name: str
    value: int


class HanaKind(_M):
    code: str
    kind: Literal["sun", "animal", "ribbon", "plain"]


class HanaData(_M):
    flowers: tuple[str, ...]
    cards: tuple[HanaKind, ...]


class Combo(_M):
    id: str
    name: str
    need: dict[str, int]
    same_flower: int = 0
    honor: int
    hire: bool = False


class Samurai(_M):
    letter: str
    name: str
    honor: int
    colour: Literal["red", "blue", "green"]
    ability: str


class Data:
    """Everything printed, with lookup tables built once."""

    def __init__(self) -> None:
        self.families: tuple[Family, ...] = load_asset(tuple[Family, ...], "senji", "families.json")
        self.map: MapData = load_asset(MapData, "senji", "map.json")
        self.dice: Dice = load_asset(Dice, "senji", "dice.json")
        self.diplo_kinds: tuple[DiploKind, ...] = load_asset(tuple[DiploKind, ...], "senji", "diplomacy.json")
        self.hana: HanaData = load_asset(HanaData, "senji", "hanafuda.json")
        self.combos: tuple[Combo, ...] = load_asset(tuple[Combo, ...], "senji", "combos.json")
        self.samurai_list: tuple[Samurai, ...] = load_asset(tuple[Samurai, ...], "senji", "samurai.json")
        self.map_art: list[str] = asset_text("senji", "map.txt").rstrip("\n").split("\n")

        self.family = {f.id: f for f in self.families}
        self.family_order = [f.id for f in self.families]
        self.province = {p.id: p for p in self.map.provinces}
        self.province_order = [p.id for p in self.map.provinces]
        self.sea = {s.id: s for s in self.map.seas}
        self.sea_order = [s.id for s in self.map.seas]
        self.neighbours: dict[str, list[str]] = {p: [] for p in self.province_order}
        for e in self.map.edges:
            self.neighbours[e.a].append(e.b)
            self.neighbours[e.b].append(e.a)
        for p in self.neighbours:
            self.neighbours[p].sort(key=self.province_order.index)
        self.sea_provinces = {
            s: [p.id for p in self.map.provinces if s in p.seas] for s in self.sea_order
        }
        self.by_players = {pc.players: pc for pc in self.map.player_counts}
        # diplomacy cards: "<family>-<code>"
        self.diplo_kind = {k.code: k for k in self.diplo_kinds}
        self.diplo_cards = [f"{f}-{k.code}" for f in self.family_order for k in self.diplo_kinds]
        self._card_kind = {f"{f}-{k.code}": (f, k) for f in self.family_order for k in self.diplo_kinds}
        # hanafuda: "<nn><code>"
        self.hana_kind: dict[str, str] = {}
        for n in range(1, len(self.hana.flowers) + 1):
            for c in self.hana.cards:
                self.hana_kind[f"{n:02d}{c.code}"] = c.kind
        self.hana_cards = list(self.hana_kind)
        self.combo = {c.id: c for c in self.combos}
        self.samurai = {s.letter: s for s in self.samurai_list}
        self.samurai_letters = [s.letter for s in self.samurai_list]
        self._check()

    def _check(self) -> None:
        assert len(self.families) == 6
        assert len(self.map.provinces) == 18 and len(self.map.edges) == 30
        assert len(self.map.seas) == 2
        assert len(self.diplo_cards) == 72 and len(set(self.diplo_cards)) == 72
        assert len(self.hana_cards) == 96
        kinds = list(self.hana_kind.values())
        assert (kinds.count("sun"), kinds.count("animal"), kinds.count("ribbon"), kinds.count("plain")) == (
            12, 24, 24, 36)
        assert len(self.samurai_list) == 18 and len(set(self.samurai_letters)) == 18
        assert self.dice.count == 9 and sorted(self.dice.faces) == sorted(self.family_order)
        for e in self.map.edges:
            assert e.a in self.province and e.b in self.province and e.a != e.b
        assert set(self.by_players) == {3, 4, 5, 6}

    # -- card helpers (the 72 printed cards are looked up; other strings are parsed) ------
    def card_family(self, card: str) -> str:
        k = self._card_kind.get(card)
        return k[0] if k is not None else card.split("-", 1)[0]

    def card_code(self, card: str) -> str:
        k = self._card_kind.get(card)
        return k[1].code if k is not None else card.split("-", 1)[1]

    def card_type(self, card: str) -> str:
        k = self._card_kind.get(card)
        return k[1].type if k is not None else self.diplo_kind[self.card_code(card)].type

    def card_value(self, card: str) -> int:
        k = self._card_kind.get(card)
        return k[1].value if k is not None else self.diplo_kind[self.card_code(card)].value

    def card_name(self, card: str) -> str:
        """``R-M1`` -> ``Red Cousin (1)``: the family, the card's printed name, its value."""
        k = self.diplo_kind[self.card_code(card)]
        return f"{self.family[self.card_family(card)].name} {k.name} ({k.value})"

    @staticmethod
    def hana_flower(card: str) -> int:
        return int(card[:2])

    def hana_type(self, card: str) -> str:
        """Flower plus kind letter, e.g. ``03A`` (the green kami takes by type)."""
        return card[:2] + card[2]


@cache
def data() -> Data:
    return Data()
