"""Options, actions and the state of a game of Samurai Spirit."""

from __future__ import annotations

from functools import cache, lru_cache
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar, Union

from pydantic import ConfigDict, Field, model_validator
from pydantic.dataclasses import dataclass as pydantic_dataclass
from pydantic_core import PydanticUndefined

from rules.common import ActionBase, LogLine, Model, OptionsBase, StateBase
from rules.common.text import PlainName

from . import data
from .data import Difficulty, Icon


class SpiritOptions(OptionsBase):
    players: int = Field(default=3, ge=1, le=7, title="Players",
                         description="Humans at the table; 1 plays solo")
    solo_samurai: int = Field(default=2, ge=2, le=3, title="Solo samurai",
                              description="Samurai run by the solo player (solo only)")
    difficulty: Difficulty = Field(default="normal", title="Difficulty",
                                   description="Easy, Normal, Hard or Heroic",
                                   json_schema_extra={"titles": {"easy": "Easy", "normal": "Normal",
                                                                 "hard": "Hard", "heroic": "Heroic"}})
    two_player_variant: bool = Field(default=True, title="Two-player variant",
                                     description="With 2 players: pool tokens and family guarantee")
    samurai: tuple[PlainName, ...] = Field(default=(), title="Samurai",
                                     description="One name per seat; empty draws them at random",
                                     examples=["Kyuzo,Kanbei,Heihachi"])

    @property
    def n(self) -> int:
        return self.players if self.players >= 2 else self.solo_samurai

    @property
    def two_player_rules(self) -> bool:
        return self.players == 1 or (self.players == 2 and self.two_player_variant)

    @model_validator(mode="after")
    def _check_samurai(self) -> "SpiritOptions":
        if self.samurai:
            known = data.names()
            for name in self.samurai:
                if name not in known:
                    raise ValueError(f"{name} is not a samurai of this game ({', '.join(known)}).")
            if len(set(self.samurai)) != len(self.samurai):
                raise ValueError("Each samurai can be chosen only once.")
            if len(self.samurai) != self.n:
                raise ValueError(f"Name {self.n} samurai, one per seat.")
        return self


# -- actions -------------------------------------------------------------------


class _Act(ActionBase):
    seat: int


class UsePoolToken(_Act):
    kind: Literal["use_pool_token"] = "use_pool_token"
    samurai: str


class GiveTop(_Act):
    kind: Literal["give_top"] = "give_top"
    to: int
    name: str
    card: str


class BeginTurn(_Act):
    kind: Literal["begin_turn"] = "begin_turn"


class OrderPenalties(_Act):
    kind: Literal["order_penalties"] = "order_penalties"
    first: str


class DiscardDefended(_Act):
    kind: Literal["discard_defended"] = "discard_defended"
    slot: Icon
    card: str


class Fight(_Act):
    kind: Literal["fight"] = "fight"


class Support(_Act):
    kind: Literal["support"] = "support"
    to: int
    name: str


class PassRound(_Act):
    kind: Literal["pass_round"] = "pass_round"


class Confront(_Act):
    kind: Literal["confront"] = "confront"
    card: str


class Defend(_Act):
    kind: Literal["defend"] = "defend"
    card: str


class ReplaceCard(_Act):
    kind: Literal["replace_card"] = "replace_card"
    card: str


class DiscardDuplicate(_Act):
    kind: Literal["discard_duplicate"] = "discard_duplicate"
    card: str


class GiveCard(_Act):
    kind: Literal["give_card"] = "give_card"
    to: int
    name: str
    card: str


class KiaiActivate(_Act):
    kind: Literal["kiai_activate"] = "kiai_activate"
    power: str
    count: int


class KiaiTarget(_Act):
    kind: Literal["kiai_target"] = "kiai_target"
    power: str
    target: int
    name: str
    dest: int | None = None
    dest_name: str | None = None
    card: str | None = None


class KiaiDecline(_Act):
    kind: Literal["kiai_decline"] = "kiai_decline"


class KiaiDone(_Act):
    kind: Literal["kiai_done"] = "kiai_done"


class FightAgain(_Act):
    kind: Literal["fight_again"] = "fight_again"


class EndTurn(_Act):
    kind: Literal["end_turn"] = "end_turn"


SpiritAction = Annotated[
    Union[
        UsePoolToken, GiveTop, BeginTurn, OrderPenalties, DiscardDefended, Fight, Support,
        PassRound, Confront, Defend, ReplaceCard, DiscardDuplicate, GiveCard, KiaiActivate,
        KiaiTarget, KiaiDecline, KiaiDone, FightAgain, EndTurn,
    ],
    Field(discriminator="kind"),
]


# -- state ---------------------------------------------------------------------

PendingKind = Literal[
    "START", "PENALTY_ORDER", "DEFENCE_LOSS", "ACTION", "PLACE_DRAWN", "PLACE_GIVEN",
    "KIAI", "KIAI_MORE", "MORE_FIGHT",
]
EffectKind = Literal[
    "START_TURN", "T1", "T2", "CODE", "T3", "T5", "T6", "DRAW", "CHECK", "KIAI_DISCARD",
    "ROUND_END",
]


_set = object.__setattr__
P = TypeVar("P")

# The parts of the state (samurai, flags, the card in transit, decisions, effects) are
# pydantic dataclasses: they validate, load and dump like models (the same JSON), but
# reading a field is a plain attribute read. A model's every read first passes through
# BaseModel.__getattr__'s hook (for private attributes and extras, which these have none
# of), which made reading a field several times slower, and the rules read thousands a game.
plain = pydantic_dataclass(config=ConfigDict(extra="forbid"))


def of(cls: type[P], values: dict[str, Any]) -> P:
    """What ``cls(**values)`` makes for one of these dataclasses, for values already valid
    that name every field, without checking them again (a fight makes one of these a draw)."""
    made = cls.__new__(cls)
    made.__dict__.update(values)
    return made


B = TypeVar("B")


def build(cls: type[B], **values: Any) -> B:
    """What ``cls(**values)`` makes for one of these dataclasses or the state, for values
    already valid, without checking them again: the fields not given take their defaults,
    and every field of the state counts as set (a game's setup makes these)."""
    defaults, factories, required = _defaults(cls)
    if not values.keys() <= defaults.keys():
        raise TypeError(f"{cls.__name__} has no field {', '.join(values.keys() - defaults.keys())}")
    if not required <= values.keys():
        raise TypeError(f"{cls.__name__} needs {', '.join(sorted(required - values.keys()))}")
    fields = defaults.copy()  # in the declared order, which updates keep
    for name, factory in factories:
        if name not in values:
            fields[name] = factory()
    fields.update(values)
    made = cls.__new__(cls)
    if not isinstance(made, Model):  # a dataclass
        made.__dict__.update(fields)
        return made
    _set(made, "__dict__", fields)
    _set(made, "__pydantic_fields_set__", set(fields))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


@cache
def _defaults(cls: type) -> tuple[dict[str, Any], tuple[tuple[str, Any], ...], frozenset[str]]:
    """The fields of ``cls`` in the declared order with their defaults, the default
    factories, and the fields without a default."""
    info = cls.__pydantic_fields__
    return ({name: f.default for name, f in info.items()},
            tuple((name, f.default_factory) for name, f in info.items() if f.default_factory),
            frozenset(name for name, f in info.items()
                      if f.default is PydanticUndefined and f.default_factory is None))


@plain
class Samurai:
    name: str
    wounds: int = 0
    line: list[str] = Field(default_factory=list)  # oldest first, newest (top) last
    slots: dict[str, str | None] = Field(
        default_factory=lambda: {"hat": None, "farm": None, "family": None})
    passed: bool = False
    token_with: int | None = None  # None: the support token is at home

    @property
    def animal(self) -> bool:
        return self.wounds >= 2

    @property
    def face(self) -> data.Face:
        return data.FACES[self.name][self.wounds >= 2]

    @property
    def kiai(self) -> int:
        return data.KIAI[self.name][self.wounds >= 2]

    @property
    def total(self) -> int:
        return sum(map(data.VALUE.__getitem__, self.line))

    @property
    def top(self) -> str | None:
        return self.line[-1] if self.line else None


@plain
class Transit:
    card: str
    holder: int
    given: bool = False
    replaces_left: int = 0


@plain
class Pending:
    kind: PendingKind
    seat: int
    codes: list[str] = Field(default_factory=list)  # PENALTY_ORDER: the two codes
    power: str | None = None                       # KIAI / KIAI_MORE
    left: int = 0                                  # KIAI / KIAI_MORE: targets still allowed
    used: list[int] = Field(default_factory=list)  # KIAI_MORE: targets already chosen


@plain
class Effect:
    kind: EffectKind
    seat: int | None = None
    code: str | None = None


@plain
class TurnFlags:
    fights: int = 0
    pool_talent: str | None = None
    gave_top: bool = False
    no_defend: bool = False
    no_support: bool = False
    no_talent: bool = False
    must_pass: bool = False


class SpiritState(StateBase):
    """The whole game. Assignments are plain stores: pydantic's ``__setattr__`` would look
    up a handler that stores the value in ``__dict__`` and notes the field as set
    (``validate_assignment`` is off), and that lookup cost more than the store. Dumps,
    copies and equality read ``__dict__`` only; so that a dump with ``exclude_unset`` never
    drops an assigned value, every field counts as set from the start."""

    __setattr__ = object.__setattr__

    def model_post_init(self, context: object, /) -> None:
        _set(self, "__pydantic_fields_set__", set(self.__pydantic_fields__))

    options: SpiritOptions
    n: int
    dealt: int                     # K: plunderers dealt
    extra: int                     # M: lieutenants (and bosses) per round
    samurai: list[Samurai]
    barricades: int
    cap: int
    farms: list[int]               # standing farmstead slots, 1..6
    burnt: list[int] = Field(default_factory=list)  # destroyed slots: their backs are public
    backs: list[str]               # the back (F1..F6) lying under slot i+1; "?" in a view while it stands
    families: list[str]
    lost_families: list[str] = Field(default_factory=list)
    raiders: list[str]             # the raider stack; the end of the list is its top
    intruders: list[str] = Field(default_factory=list)  # end = top
    discard: list[str] = Field(default_factory=list)    # end = top
    reserve: list[str]             # lieutenants for round 2, then bosses for round 3
    box: list[str]                 # out of the game, unseen
    pool: list[str] = Field(default_factory=list)
    transit: Transit | None = None
    round: int = 1
    turn: int = 0                  # turns started so far in the game
    first_seat: int = 0
    active: int = 0
    flags: TurnFlags = Field(default_factory=TurnFlags)
    pending: Pending | None = None
    effects: list[Effect] = Field(default_factory=list)  # LIFO: the end runs next
    over: bool = False
    won: bool = False
    end_reason: str = ""
    score: int = 0
    breakdown: list[str] = Field(default_factory=list)
    hidden: bool = False           # True in a view: hidden zones hold "?" placeholders

    def say(self, text: str, seats: tuple[int, ...] | None = None) -> None:
        """As ``StateBase.say``; a public line is shared with every other game that said it."""
        self.log.append(_public_line(text) if seats is None else LogLine(text=text, seats=seats))


@lru_cache(maxsize=16384)
def _public_line(text: str) -> LogLine:
    """One (frozen) log line per text: turns, passes and draws recur from game to game."""
    return LogLine(text=text)


# -- shared instances ------------------------------------------------------------------
# Actions, effects and decisions are never changed once made, so one instance per set of
# fields serves every game: a turn makes dozens of them, and each new one costs a
# validation. They hold no state of their own, so sharing them changes nothing a game
# records (the pinned records in tests/unit/spirit check it).

M = TypeVar("M")


@cache
def shared(cls: type[M], **fields: Any) -> M:
    """The one instance of ``cls(**fields)``, for a model nothing ever changes."""
    return cls(**fields)


effect = cache(Effect)
pending = cache(Pending)

# The same instances by position, for the calls made every turn: a call with keywords
# costs a cache several times as much as one with positions.


@cache
def seated(cls: type[M], seat: int) -> M:
    """``shared(cls, seat=seat)``: an action with only a seat (Fight, PassRound...)."""
    return shared(cls, seat=seat)


@cache
def holding(cls: type[M], seat: int, card: str) -> M:
    """``shared(cls, seat=seat, card=card)``: a placement of the card in transit."""
    return shared(cls, seat=seat, card=card)


@cache
def support_to(seat: int, to: int, name: str) -> Support:
    """``shared(Support, seat=seat, to=to, name=name)``."""
    return shared(Support, seat=seat, to=to, name=name)


@cache
def step(kind: EffectKind, seat: int | None = None) -> Effect:
    """``effect(kind=kind, seat=seat)``."""
    return effect(kind=kind, seat=seat)


@cache
def decision(kind: PendingKind, seat: int) -> Pending:
    """``pending(kind=kind, seat=seat)``."""
    return pending(kind=kind, seat=seat)
