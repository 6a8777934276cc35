"""Options and the whole state of a Senji game (pydantic, JSON round-trip exact)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, PrivateAttr, field_validator, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from rules.common import Frozen, Model, OptionsBase, StateBase
from rules.common.plain import Plain
from rules.common.text import PlainName

FAMILY_ORDER = ("R", "G", "P", "K", "B", "Y")

# The rules a game is played under. 2 (issue 27): a hire gains no honour, and with the winter
# clock running only the clock limits offers. 1: the earlier reading, kept so that a game
# recorded under it (a save, a journal game) replays as it was played, and plays on under it.
RULES_EDITION = 2
EDITIONS = (1, 2)


# A seat's bot: the random bot, or the smart bot by temperament (rules/senji/bot_talk.py):
# "smart" keeps its word (honest), "smart-cunning" breaks it when it pays well,
# "smart-treacherous" whenever it pays. "smart-honest" is read as "smart".
BOT_NAMES = ("random", "smart", "smart-cunning", "smart-treacherous", "strong")
BOT_HELP = ("random, smart (honest: keeps its word), smart-cunning (bluffs, breaks its word "
            "when it pays well), smart-treacherous (lies, breaks its word whenever it pays) or strong "
            "(looks ahead, about a second a move)")


class SeatSpec(Frozen):
    name: PlainName = Field(default="", title="Name")
    family: PlainName = Field(default="", title="Family letter")
    bot: Literal["random", "smart", "smart-cunning", "smart-treacherous", "strong"] | None = Field(
        default=None, title="Bot")

    @field_validator("bot", mode="before")
    @classmethod
    def _bot_name(cls, v: Any) -> Any:
        if isinstance(v, str):
            word = v.strip().lower()
            if word in ("", "human", "none"):
                return None
            word = "smart" if word == "smart-honest" else word
            if word not in BOT_NAMES:
                raise ValueError(f"{v[:20]!r} is not a bot: choose random, smart (honest), "
                                 "smart-cunning, smart-treacherous or strong")
            return word
        return v


class SenjiOptions(OptionsBase):
    players: int = Field(default=4, ge=3, le=6, title="Players",
                         description="3-6 daimyo; fixes the families and the neutral provinces")
    seats: tuple[SeatSpec, ...] = Field(default=(), title="Seats",
                                        description="Each seat's name, family letter (R G P K B Y) "
                                                    f"and bot ({BOT_HELP}; none for a human)",
                                        examples=["Ann:R,Bob:G,Cleo:P,Dai:K:smart"])
    autumn_order: Literal["host", "honour"] = Field(
        default="host", title="Autumn order",
        description="host: the host calls each player; honour: highest honour first (designer variant)",
        json_schema_extra={"titles": {"host": "The host calls each player",
                                      "honour": "Highest honour first (variant)"}})
    winter_timer_s: Literal[0, 120, 240, 360] = Field(
        default=240, title="Winter timer (s)",
        description="the rulebook's hourglass, the only limit on offers; 0 = no clock, the host ends winter",
        json_schema_extra={"titles": {0: "No clock: the host ends winter", 120: "2 minutes",
                                      240: "4 minutes", 360: "6 minutes"}})
    offers_per_winter: int = Field(
        default=3, ge=1, le=9, title="Offers per winter without a clock",
        description="each player's offers per winter when there is no clock (with one, only time limits them)")
    turn_limit: int = Field(default=0, ge=0, le=99, title="Year limit",
                            description="0 = off; otherwise the game also ends after that year")
    # Not a table option (no form field, no flag): the rules the game is played under.
    # Written as ``rules_edition`` in every dump of a game of edition 2 on; a dump without it
    # is edition 1's, byte for byte, and ``Senji.parse_options`` reads a recorded setup
    # without it as edition 1 (a state's JSON without it reads as the current edition).
    _rules_edition: int = PrivateAttr(default=RULES_EDITION)

    @field_validator("autumn_order", mode="before")
    @classmethod
    def _older_spelling(cls, value: Any) -> Any:
        """Saves and journals written before honour had one spelling say "honor"."""
        return "honour" if value == "honor" else value

    @model_validator(mode="after")
    def _seats_fit(self) -> "SenjiOptions":
        if self.seats:
            if len(self.seats) != self.players:
                raise ValueError("give one seat per player")
            fams = sorted(s.family for s in self.seats)
            if fams != sorted(FAMILY_ORDER[: self.players]):
                raise ValueError("the seats must use exactly the families in play")
        return self

    @model_validator(mode="wrap")
    @classmethod
    def _edition_in(cls, data: Any, handler) -> "SenjiOptions":
        edition = None
        if isinstance(data, dict) and "rules_edition" in data:
            data = dict(data)
            edition = data.pop("rules_edition")
            if type(edition) is not int or edition not in EDITIONS:
                raise PydanticCustomError("rules_edition", "unknown rules edition {edition} (from a newer tabletop?)",
                                          {"edition": str(edition)[:8]})
        out = handler(data)
        if edition is not None:
            out._rules_edition = edition
        return out

    @model_serializer(mode="wrap")
    def _edition_out(self, handler) -> dict[str, Any]:
        out = handler(self)
        if self._rules_edition != 1:
            out["rules_edition"] = self._rules_edition
        return out

    @property
    def rules_edition(self) -> int:
        return self._rules_edition

    def with_edition(self, edition: int) -> "SenjiOptions":
        """These options under another rules edition."""
        return type(self).model_validate({**self.model_dump(), "rules_edition": edition})

    @property
    def hire_scores(self) -> bool:
        """Edition 1 only: a hired samurai added its printed honour."""
        return self._rules_edition == 1

    @property
    def offer_limit(self) -> int | None:
        """Offers each player may open per winter, or None when only the winter clock limits
        them (spec 4.3; the seed's 4-minute hourglass). Edition 1 always limited them."""
        if self.winter_timer_s > 0 and self._rules_edition >= 2:
            return None
        return self.offers_per_winter

    def families(self) -> list[str]:
        if self.seats:
            return [s.family for s in self.seats]
        return list(FAMILY_ORDER[: self.players])


class Fleet(Plain):
    sea: str
    seat: int
    units: int = 0
    samurai: list[str] = Field(default_factory=list)
    due: bool = False


class Prov(Plain):
    owner: int | None = None
    units: int = 0
    samurai: list[str] = Field(default_factory=list)
    order: str | None = None  # production | recruitment | movement | "?" in a view
    resolved: bool = False
    neutral: bool = False


class Lot(Plain):
    card: str
    deck: str  # the missing family whose deck it came from


class Bid(Plain):
    seat: int
    card: str
    lot: str
    up: bool = False  # tied bids carried over lie face up


class OfferCard(Plain):
    card: str
    up: bool


class Offer(Plain):
    frm: int
    to: int | None = None
    give: list[OfferCard] = Field(default_factory=list)
    reply: list[OfferCard] = Field(default_factory=list)


class Group(Plain):
    """Pieces picked for one movement, in flight until ``go``."""

    province: str | None = None
    sea: str | None = None
    max_units: int = 0
    units: int = 0
    samurai: list[str] = Field(default_factory=list)


class Active(Plain):
    """The activation being resolved in summer."""

    seat: int
    province: str | None = None  # a province's movement order
    sea: str | None = None  # a fleet activation
    landing: bool = False  # the fleet chose to land


class Die(Plain):
    face: str
    set: bool = False


_new, _set = object.__new__, object.__setattr__
assert tuple(Die.model_fields) == ("face", "set")


def new_die(face: str, is_set: bool) -> Die:
    """``Die.made(face=face, set=is_set)``, written out: a combat round makes nine dice."""
    die = _new(Die)
    _set(die, "__dict__", {"face": face, "set": is_set})
    _set(die, "__pydantic_fields_set__", {"face", "set"})
    _set(die, "__pydantic_extra__", None)
    _set(die, "__pydantic_private__", None)
    return die


class Combat(Plain):
    province: str
    att: int
    dfn: int
    att_units: int
    att_samurai: list[str]
    round: int = 1
    att_cards: list[str] = Field(default_factory=list)
    dfn_cards: list[str] = Field(default_factory=list)
    att_up: bool = False  # picked face up (Wakizaka) or revealed
    dfn_up: bool = False
    first: Literal["A", "D"] = "D"
    face_up_first: bool = False
    dice: list[Die] = Field(default_factory=list)
    react_side: Literal["A", "D"] | None = None
    react_source: str | None = None
    react_max: int = 0
    react_chosen: list[int] = Field(default_factory=list)
    tadakatsu_used: list[str] = Field(default_factory=list)  # sides that used him this round
    kami_used: list[str] = Field(default_factory=list)  # sides that used a red kami
    executed: bool = False  # D has picked (no more executions)


class Kami(Plain):
    letter: str
    seat: int


class ComboWork(Plain):
    id: str
    cards: list[str] = Field(default_factory=list)
    kinds: list[str] = Field(default_factory=list)  # the kind each card counts as


class Hire(Plain):
    seat: int
    cards: list[str]
    mode: Literal["scroll", "merc"]
    sea: str | None = None


class SenjiState(StateBase):
    __setattr__ = object.__setattr__  # as ``Plain``: assignments are plain stores

    def model_post_init(self, context: object, /) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(type(self).__pydantic_fields__))

    options: SenjiOptions
    families: list[str]
    names: list[str]
    year: int = 0
    step: str = "setup_pick"
    actor: int | None = 0
    host: int = 0
    honor: list[int]
    tiebreak_year: bool = False
    over: bool = False
    winners: list[int] = Field(default_factory=list)
    end_reason: str = ""
    # board
    provinces: dict[str, Prov]
    fleets: list[Fleet] = Field(default_factory=list)
    supply: list[int]  # units in supply per seat
    # cards
    hana_hands: list[list[str]]
    diplo_hands: list[list[str]]
    hostages: list[list[str]]  # revealed, per holder
    hostages_new: list[str] = Field(default_factory=list)  # revealed this autumn
    hostages_back: list[str] = Field(default_factory=list)  # returned this autumn
    hana_deck: list[str]
    hana_discard: list[str] = Field(default_factory=list)
    missing_decks: dict[str, list[str]] = Field(default_factory=dict)
    boxed: list[str] = Field(default_factory=list)
    executed: list[str] = Field(default_factory=list)
    lots: list[Lot] = Field(default_factory=list)
    bids: list[Bid] = Field(default_factory=list)
    # samurai
    samurai_deck: list[str]
    samurai_discard: list[str] = Field(default_factory=list)
    setup_draws: list[list[str]]
    kept: list[str | None]  # kept at setup, in hand until placed
    kami: list[Kami] = Field(default_factory=list)
    spent: list[str] = Field(default_factory=list)
    # setup
    placing: int = 0  # index in host order during placement
    claimed: list[list[str]] = Field(default_factory=list)
    left_units: list[int] = Field(default_factory=list)
    # winter
    # Offers each seat may still open this winter under the table's limit; empty while only
    # the winter clock limits them (``SenjiOptions.offer_limit`` is None).
    offers_left: list[int] = Field(default_factory=list)
    offer: Offer | None = None
    bid_turn: int = 0
    # spring
    order_turn: int = 0
    # summer
    active: Active | None = None
    group: Group | None = None
    combat: Combat | None = None
    # autumn
    called: list[int] = Field(default_factory=list)
    autumn_queue: list[int] = Field(default_factory=list)
    merc_ok: bool = False
    merc_sea: str | None = None
    merc_used: list[str] = Field(default_factory=list)
    umeko_used: list[int] = Field(default_factory=list)
    shingen_used: list[int] = Field(default_factory=list)
    trade_shown: list[str] = Field(default_factory=list)
    trade_card: str | None = None
    diplo_left: list[str] = Field(default_factory=list)  # families still to hand a card back to
    combo: ComboWork | None = None
    hire: Hire | None = None
    green_kami: str | None = None
    # tests only: rolled faces consumed before the RNG; never saved nor viewed
    forced_dice: list[str] = Field(default_factory=list, exclude=True)

    @field_validator("forced_dice")
    @classmethod
    def _faces(cls, v: list[str]) -> list[str]:
        for f in v:
            if f not in FAMILY_ORDER:
                raise ValueError(f"{f} is not a mon")
        return v
