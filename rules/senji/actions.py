"""Every decision a Senji player takes, one frozen model per kind."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import Field, model_serializer, model_validator

from rules.common import ActionBase
from rules.common.text import PlainLine

TADAKATSU = "M"  # the samurai whose own ability is a reroll (spec §2.8)


@cache
def make(cls: type[ActionBase], **fields: Any) -> ActionBase:
    """``cls(**fields)``, validated once and then shared: actions are frozen, and the legal
    actions are rebuilt at every decision from a small, fixed set of ids."""
    return cls(**fields)


class Shared(dict):
    """The shared actions of one kind by the value of their one field: ``Shared(Order,
    "province")[p]`` is ``make(Order, province=p)``. A look-up is one dictionary read (the
    legal lists name several actions at every decision); the first look-up of a value makes
    the action through ``make``, so it is the very instance ``make`` gives."""

    def __init__(self, cls: type[ActionBase], field: str, **fixed: Any) -> None:
        super().__init__()
        self.cls, self.field, self.fixed = cls, field, fixed

    def __missing__(self, value: Any) -> ActionBase:
        action = self[value] = make(self.cls, **self.fixed, **{self.field: value})
        return action


class Shared2(dict):
    """As ``Shared`` for a kind with two fields: ``Shared2(PlaceBid, "card", "lot")[c][lot]``
    is ``make(PlaceBid, card=c, lot=lot)``."""

    def __init__(self, cls: type[ActionBase], first: str, second: str) -> None:
        super().__init__()
        self.cls, self.first, self.second = cls, first, second

    def __missing__(self, value: Any) -> Shared:
        row = self[value] = Shared(self.cls, self.second, **{self.first: value})
        return row


# -- setup -------------------------------------------------------------------
class KeepSamurai(ActionBase):
    kind: Literal["keep_samurai"] = "keep_samurai"
    letter: str


class Claim(ActionBase):
    kind: Literal["claim"] = "claim"
    province: str


class Garrison(ActionBase):
    kind: Literal["garrison"] = "garrison"
    units: int
    samurai: bool


class ChooseHost(ActionBase):
    kind: Literal["choose_host"] = "choose_host"
    seat: int


# -- winter ------------------------------------------------------------------
class OpenOffer(ActionBase):
    kind: Literal["open_offer"] = "open_offer"
    by: int


class EndNegotiation(ActionBase):
    kind: Literal["end_negotiation"] = "end_negotiation"


class TimeUp(ActionBase):
    kind: Literal["time_up"] = "time_up"


class OfferTo(ActionBase):
    kind: Literal["offer_to"] = "offer_to"
    seat: int


class OfferAdd(ActionBase):
    kind: Literal["offer_add"] = "offer_add"
    card: str
    face: Literal["up", "down"]


class OfferSend(ActionBase):
    """``word``: what the offerer says with the offer (a bot says what it wants and what it
    asks back), read by the two parties; a promise the engine never enforces (spec 4.3).
    Any line may be said, so every send is the same choice: the legal list's silent send
    equals a send with words (the rules, the store and a networked host compare choices)."""

    kind: Literal["offer_send"] = "offer_send"
    word: PlainLine = ""

    @model_serializer(mode="wrap")
    def _silent(self, handler) -> dict[str, Any]:
        out = handler(self)
        if not self.word:  # a silent send dumps as it always did (records, journals)
            out.pop("word", None)
        return out

    def __eq__(self, other: object) -> bool:
        return True if isinstance(other, OfferSend) else super().__eq__(other)

    def __hash__(self) -> int:
        return hash(self.kind)


class OfferCancel(ActionBase):
    kind: Literal["offer_cancel"] = "offer_cancel"


class ReplyAdd(ActionBase):
    kind: Literal["reply_add"] = "reply_add"
    card: str
    face: Literal["up", "down"]


class Accept(ActionBase):
    kind: Literal["accept"] = "accept"


class Refuse(ActionBase):
    kind: Literal["refuse"] = "refuse"


class Confirm(ActionBase):
    kind: Literal["confirm"] = "confirm"


class Withdraw(ActionBase):
    kind: Literal["withdraw"] = "withdraw"


class PlaceBid(ActionBase):
    kind: Literal["bid"] = "bid"
    card: str
    lot: str


class BidDone(ActionBase):
    kind: Literal["bid_done"] = "bid_done"


# -- spring ------------------------------------------------------------------
class Order(ActionBase):
    kind: Literal["order"] = "order"
    province: str
    order: Literal["production", "recruitment", "movement"]


class OrdersConfirm(ActionBase):
    kind: Literal["orders_confirm"] = "orders_confirm"


# -- summer ------------------------------------------------------------------
class Activate(ActionBase):
    kind: Literal["activate"] = "activate"
    province: str


class ActivateFleet(ActionBase):
    kind: Literal["activate_fleet"] = "activate_fleet"
    sea: str
    family: str


class Dest(ActionBase):
    """``province`` alone: by land; ``sea`` alone: to the fleet; both: a sea raid."""

    kind: Literal["dest"] = "dest"
    province: str | None = None
    sea: str | None = None


class MoveDone(ActionBase):
    kind: Literal["move_done"] = "move_done"


class AddUnits(ActionBase):
    kind: Literal["add_units"] = "add_units"
    n: int


class AddSamurai(ActionBase):
    kind: Literal["add_samurai"] = "add_samurai"
    letter: str


class Go(ActionBase):
    kind: Literal["go"] = "go"


class FleetStay(ActionBase):
    kind: Literal["fleet_stay"] = "fleet_stay"


class FleetSail(ActionBase):
    kind: Literal["fleet_sail"] = "fleet_sail"


class FleetLand(ActionBase):
    kind: Literal["fleet_land"] = "fleet_land"


# -- combat ------------------------------------------------------------------
class Execute(ActionBase):
    kind: Literal["execute"] = "execute"
    card: str


class Support(ActionBase):
    kind: Literal["support"] = "support"
    card: str


class ReactUse(ActionBase):
    """``source``: Tadakatsu's letter, or with ``kami`` the letter of one of your red kami.

    ``kami`` left out reads as "a kami unless the source is Tadakatsu", the only samurai who
    rerolls, so records written before the flag existed replay unchanged.
    """

    kind: Literal["react_use"] = "react_use"
    source: str
    kami: bool

    @model_validator(mode="before")
    @classmethod
    def _kami_default(cls, data: Any) -> Any:
        if isinstance(data, dict) and "kami" not in data:
            return {**data, "kami": data.get("source") != TADAKATSU}
        return data


class ReactDie(ActionBase):
    kind: Literal["react_die"] = "react_die"
    die: int  # 1..9, set dice first


class ReactRoll(ActionBase):
    kind: Literal["react_roll"] = "react_roll"


class ReactDone(ActionBase):
    kind: Literal["react_done"] = "react_done"


# -- autumn ------------------------------------------------------------------
class Call(ActionBase):
    kind: Literal["call"] = "call"
    seat: int


class UseTrade(ActionBase):
    kind: Literal["use_trade"] = "use_trade"
    card: str


class TradeKeep(ActionBase):
    kind: Literal["trade_keep"] = "trade_keep"
    card: str


class DiploStart(ActionBase):
    kind: Literal["diplo_start"] = "diplo_start"


class DiploGive(ActionBase):
    kind: Literal["diplo_give"] = "diplo_give"
    card: str


class RevealHostage(ActionBase):
    kind: Literal["reveal_hostage"] = "reveal_hostage"
    card: str


class ReturnHostage(ActionBase):
    kind: Literal["return_hostage"] = "return_hostage"
    card: str


class ComboStart(ActionBase):
    kind: Literal["combo_start"] = "combo_start"
    combo: str


class ComboAdd(ActionBase):
    kind: Literal["combo_add"] = "combo_add"
    card: str


class ComboAddWild(ActionBase):
    kind: Literal["combo_add_wild"] = "combo_add_wild"
    card: str
    as_kind: Literal["sun", "animal", "ribbon", "plain"]


class HireKeep(ActionBase):
    kind: Literal["hire_keep"] = "hire_keep"
    letter: str


class HirePlace(ActionBase):
    """``location``: one of your provinces, or a sea holding your fleet."""

    kind: Literal["hire_place"] = "hire_place"
    location: str


class MercUnits(ActionBase):
    kind: Literal["merc_units"] = "merc_units"
    n: int
    sea: str


class MercSamurai(ActionBase):
    kind: Literal["merc_samurai"] = "merc_samurai"
    sea: str


class Seppuku(ActionBase):
    kind: Literal["seppuku"] = "seppuku"
    letter: str


class KamiBlue(ActionBase):
    kind: Literal["kami_blue"] = "kami_blue"
    letter: str
    seat: int


class KamiGreen(ActionBase):
    kind: Literal["kami_green"] = "kami_green"
    letter: str


class KamiTake(ActionBase):
    kind: Literal["kami_take"] = "kami_take"
    card_type: str  # flower + kind letter, e.g. 03A


class UmekoSwap(ActionBase):
    kind: Literal["umeko_swap"] = "umeko_swap"
    seat: int
    card: str


class EndTurn(ActionBase):
    kind: Literal["end_turn"] = "end_turn"


SenjiAction = Annotated[
    Union[
        KeepSamurai, Claim, Garrison, ChooseHost,
        OpenOffer, EndNegotiation, TimeUp, OfferTo, OfferAdd, OfferSend, OfferCancel,
        ReplyAdd, Accept, Refuse, Confirm, Withdraw, PlaceBid, BidDone,
        Order, OrdersConfirm,
        Activate, ActivateFleet, Dest, MoveDone, AddUnits, AddSamurai, Go,
        FleetStay, FleetSail, FleetLand,
        Execute, Support, ReactUse, ReactDie, ReactRoll, ReactDone,
        Call, UseTrade, TradeKeep, DiploStart, DiploGive, RevealHostage, ReturnHostage,
        ComboStart, ComboAdd, ComboAddWild, HireKeep, HirePlace, MercUnits, MercSamurai,
        Seppuku, KamiBlue, KamiGreen, KamiTake, UmekoSwap, EndTurn,
    ],
    Field(discriminator="kind"),
]
