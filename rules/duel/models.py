"""Options, state and actions of the duel (spec sections 1, 4.1 and 4.4)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from rules.common import ActionBase, LogLine, Model, OptionsBase, StateBase

OpponentChoice = Literal["arima", "yoshioka", "shishido", "gonnosuke", "kojiro", "shiro",
                         "versus3", "random"]
WeaponChoice = Literal["katana", "bokken", "kusarigama", "nodachi", "yari", "wakizashi", "random"]
PlaceChoice = Literal["none", "temple_steps", "river_ford", "rice_paddies", "ganryu_shore",
                      "bamboo_forest", "cliff", "random"]
Place = Literal["temple_steps", "river_ford", "rice_paddies", "ganryu_shore", "bamboo_forest",
                "cliff"]


def _titles(**names: str) -> dict:
    """A choice field's words for the setup form: ``json_schema_extra["titles"]`` maps each
    stored value to the name the rulebook gives it (the values stay in saves)."""
    return {"titles": names}


RANDOM = "Drawn at random"


class DuelOptions(OptionsBase):
    mode: Literal["duel", "campaign"] = Field(
        default="duel", title="Mode", description="A single duel, or the campaign ladder",
        json_schema_extra=_titles(duel="A single duel", campaign="Campaign"))
    opponent: OpponentChoice = Field(
        default="arima", title="Opponent",
        description="Shiro and 1 Versus 3 are expansion modules (ignored in campaign)",
        json_schema_extra=_titles(
            arima="Arima Kihei", yoshioka="Yoshioka Seijūrō", shishido="Shishido Baikin",
            gonnosuke="Musō Gonnosuke", kojiro="Sasaki Kojirō", shiro="Shiro",
            versus3="1 Versus 3", random=RANDOM))
    weapon: WeaponChoice = Field(
        default="katana", title="Weapon",
        json_schema_extra=_titles(katana="Katana", bokken="Bokken", kusarigama="Kusarigama",
                                  nodachi="Nodachi", yari="Yari", wakizashi="Wakizashi",
                                  random=RANDOM))
    surroundings: PlaceChoice = Field(
        default="random", title="Surroundings",
        json_schema_extra=_titles(none="Open ground", temple_steps="Temple Steps",
                                  river_ford="River Ford", rice_paddies="Rice Paddies",
                                  ganryu_shore="Ganryū Shore", bamboo_forest="Bamboo Forest",
                                  cliff="The Cliff", random=RANDOM))
    random_includes_expansion: bool = Field(
        default=True, title="Random picks include the expansion",
        description="Shiro, 1 Versus 3, Yari, Wakizashi, Bamboo Forest and Cliff")
    blood: bool = Field(default=False, title="Blood module",
                        description="Your injuries come from the Blood deck (not in campaign)")
    bushido: bool = Field(default=True, title="Bushido module")
    gisei: bool = Field(default=True, title="Gisei module")
    yoroi: Literal["off", "player", "opponent"] = Field(
        default="off", title="Yoroi (armour)",
        json_schema_extra=_titles(off="Off", player="You wear it", opponent="The opponent wears it"))
    clan: Literal["shinmen", "hosokawa", "yagyu"] = Field(
        default="shinmen", title="Clan", description="Campaign only",
        json_schema_extra=_titles(shinmen="Shinmen", hosokawa="Hosokawa", yagyu="Yagyū"))
    campaign_finale: Literal["kojiro", "shiro"] = Field(
        default="kojiro", title="Campaign finale", description="Shiro adds a sixth duel",
        json_schema_extra=_titles(kojiro="Sasaki Kojirō", shiro="Shiro"))
    bandits_event: bool = Field(default=True, title="Bandits event (campaign)")

    @model_validator(mode="after")
    def _blood_not_in_campaign(self) -> "DuelOptions":
        if self.mode == "campaign" and self.blood:
            raise ValueError("Blood cannot be played in campaign mode")
        return self


# -- state -------------------------------------------------------------------------------

class Plain(Model):
    """A state model whose fields are set as plain attributes.

    Assignments are never validated here, so pydantic's ``__setattr__`` only looks up a
    handler that stores the value in ``__dict__`` and notes the field in ``model_fields_set``.
    The rules set fields some 500 times a game, and that lookup costs more than the rest of
    the assignment; ``object.__setattr__`` stores the same value in the same ``__dict__``.
    Dumps, copies and equality read ``__dict__`` only, so they are unchanged. So that a dump
    with ``exclude_unset`` can never drop an assigned value, every field counts as set from
    the start. These models have no private attributes, and the rules assign declared fields
    only.
    """

    __setattr__ = object.__setattr__

    def model_post_init(self, context: object, /) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(type(self).model_fields))


class Foe(Plain):
    id: str
    no: int  # 0 for a single foe, 1-3 in 1 Versus 3
    name: str
    life: int
    life_start: int
    ki: int
    ki_start: int
    defs: int
    deft: int
    atk: int
    ability: str
    armour: int | None = None
    dead: bool = False
    side: Literal["A", "B"] | None = None  # Shiro only
    bleed: int = 0


class Player(Plain):
    life: int
    life_max: int
    ki: int
    ki_start: int
    armour: int | None = None
    hand: list[str] = Field(default_factory=list)
    played: list[str] = Field(default_factory=list)
    s: int = 0
    t: int = 0
    g: int = 0
    die: int | None = 1
    cap_s: bool = False
    cap_t: bool = False
    no_ki_gain: bool = False
    no_combos: bool = False  # Broken rib: the die is gone and Void combos do nothing
    gash: bool = False
    bleed: int = 0
    blood_kept: list[str] = Field(default_factory=list)
    blood_levels: list[int] = Field(default_factory=list)  # the wound level of each kept card
    wounds_suffered: int = 0
    bushido_pos: int = 0
    bushido_card: str | None = None
    bushido_spent: bool = False  # the won card was used up and discarded
    credit: int = 0  # Rei / Makoto points left
    meiyo_ki: int = 0
    yari_left: int = 0
    campaign_redraw_left: int = 0


class Revealed(Plain):
    id: str
    bonus: int = 0  # from the Ki mark


class Counter(Plain):
    id: str
    foe: int
    power: int
    wound: int
    surge: bool = False


class StrikeNote(Plain):
    """Your strike in one exchange, kept so the table can show it once it is over."""
    duel: int
    round: int
    exchange: int
    defence: str  # the defence card struck against
    need_s: int
    need_t: int
    s: int
    t: int
    result: Literal["miss", "W1", "W2"]


class CounterNote(Plain):
    """One counterattack taken in one exchange (an exchange may hold up to three)."""
    duel: int
    round: int
    exchange: int
    foe: int  # index into foes
    card: str
    power: int
    guard: int
    result: Literal["blocked", "cancelled", "W1", "W2"]


class Pending(Plain):
    kind: Literal["combo_reward", "special_keep", "special_limit", "shiro_penalty",
                  "bushido_choose", "ford"]
    cards: list[str] = Field(default_factory=list)


class Campaign(Plain):
    ladder: list[str]
    index: int = 0
    score: int = 0
    clan: str
    effects: list[str] = Field(default_factory=list)  # events for the next duel
    event_deck: list[str] = Field(default_factory=list)
    events_drawn: list[str] = Field(default_factory=list)
    bandits_next: bool = False
    in_bandits: bool = False
    last_result: str = ""


@lru_cache(maxsize=16384)
def _public_line(text: str) -> LogLine:
    """One shared (frozen) log line per text: most lines of a duel recur from game to game."""
    return LogLine(text=text, seats=None)


class DuelState(StateBase, Plain):
    options: DuelOptions
    opponent: str  # the resolved pick (or "versus3")
    weapon: str
    surroundings: str
    step: str = "R0"
    round: int = 0
    exchange: int = 1
    pending: list[Pending] = Field(default_factory=list)
    player: Player
    foes: list[Foe]
    target: int | None = None  # index into foes
    target_locked: bool = False
    # the exchange in progress
    exchange_cards: list[str] = Field(default_factory=list)
    t_open: int = 0
    t_third: int = 0
    defence: Revealed | None = None
    attack_result: Literal["miss", "W1", "W2"] | None = None
    die_bonus: int = 0
    queue: list[int] = Field(default_factory=list)
    counter: Counter | None = None
    cancelled: bool = False
    specials_to_take: int = 0
    jin_picks: list[str] = Field(default_factory=list)
    # limits
    used_round: list[str] = Field(default_factory=list)
    used_exchange: list[str] = Field(default_factory=list)
    used_duel: list[str] = Field(default_factory=list)
    used_attacker: list[str] = Field(default_factory=list)
    # decks (the end of a list is its top)
    action_deck: list[str] = Field(default_factory=list)
    action_discard: list[str] = Field(default_factory=list)
    sa_deck: list[str] = Field(default_factory=list)
    sa_discard: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    defence_deck: list[str] = Field(default_factory=list)
    defence_discard: list[str] = Field(default_factory=list)
    counter_deck: list[str] = Field(default_factory=list)
    counter_discard: list[str] = Field(default_factory=list)
    injury_deck: list[str] = Field(default_factory=list)
    blood_deck: list[str] = Field(default_factory=list)
    gisei_deck: list[str] = Field(default_factory=list)
    bushido_deck: list[str] = Field(default_factory=list)
    bushido_out: list[str] = Field(default_factory=list)
    last_gisei: str | None = None
    last_injury: str | None = None
    last_blue: str | None = None  # "5 (Bamboo Forest)"
    # Your strikes and the counterattacks of the exchange in progress and the one before it,
    # each with its duel, round and exchange (older ones are dropped as an exchange opens).
    strikes: list[StrikeNote] = Field(default_factory=list)
    counters: list[CounterNote] = Field(default_factory=list)
    campaign: Campaign | None = None
    duel_no: int = 1
    result: Literal["win", "loss"] | None = None
    explanation: str = ""

    @model_validator(mode="before")
    @classmethod
    def _drop_old_summaries(cls, data: object) -> object:
        """Saves made before ``strikes`` and ``counters`` kept two summaries as text, and
        kept Blood cards without their wound level (read back from the lasting effect a
        Wound 2 line leaves, else Wound 1)."""
        if isinstance(data, dict) and ("last_defence" in data or "last_counter" in data):
            data = {k: v for k, v in data.items() if k not in ("last_defence", "last_counter")}
            player = data.get("player")
            if isinstance(player, dict) and "blood_levels" not in player:
                wound2 = {"B1": "no_combos", "B2": "gash", "B3": "no_ki_gain"}
                levels = [2 if player.get(wound2.get(c, ""), False) else 1
                          for c in player.get("blood_kept", [])]
                data["player"] = {**player, "blood_levels": levels}
        return data

    def last_strike(self) -> StrikeNote | None:
        return self.strikes[-1] if self.strikes else None

    def last_counter(self) -> CounterNote | None:
        return self.counters[-1] if self.counters else None

    def say(self, text: str, seats: tuple[int, ...] | None = None) -> None:
        """As ``StateBase.say``; a public line is taken from a cache of identical lines."""
        self.log.append(_public_line(text) if seats is None else LogLine(text=text, seats=seats))


# -- actions -----------------------------------------------------------------------------

class Begin(ActionBase):
    kind: Literal["begin"] = "begin"


class BuyCard(ActionBase):
    kind: Literal["buy_card"] = "buy_card"


class Redraw(ActionBase):
    kind: Literal["redraw"] = "redraw"
    source: Literal["yari", "campaign"]


class JinPick(ActionBase):
    kind: Literal["jin_pick"] = "jin_pick"
    card: str


class JinConfirm(ActionBase):
    kind: Literal["jin_confirm"] = "jin_confirm"


class Target(ActionBase):
    kind: Literal["target"] = "target"
    n: int = Field(ge=1, le=3)


class Peek(ActionBase):
    kind: Literal["peek"] = "peek"


class Exploit(ActionBase):
    kind: Literal["exploit"] = "exploit"
    place: Place


class Activate(ActionBase):
    kind: Literal["activate"] = "activate"
    card: str


class Reward(ActionBase):
    kind: Literal["reward"] = "reward"
    choice: Literal["ki", "special", "bushido"]


class SpecialKeep(ActionBase):
    kind: Literal["special_keep"] = "special_keep"
    card: str


class SpecialLimit(ActionBase):
    kind: Literal["special_limit"] = "special_limit"
    card: str


class Strike(ActionBase):
    kind: Literal["strike"] = "strike"


class SpendCredit(ActionBase):
    kind: Literal["spend_credit"] = "spend_credit"
    track: Literal["s", "t"]


class ActivateDie(ActionBase):
    kind: Literal["activate_die"] = "activate_die"


class Decline(ActionBase):
    kind: Literal["decline"] = "decline"


class Penalty(ActionBase):
    kind: Literal["penalty"] = "penalty"
    option: Literal["ki", "life", "card", "die"]
    card: str | None = None


class Face(ActionBase):
    kind: Literal["face"] = "face"


class Gisei(ActionBase):
    kind: Literal["gisei"] = "gisei"


class KiGuard(ActionBase):
    kind: Literal["ki_guard"] = "ki_guard"


class FordKeep(ActionBase):
    kind: Literal["ford_keep"] = "ford_keep"


class FordBottom(ActionBase):
    kind: Literal["ford_bottom"] = "ford_bottom"


class Accept(ActionBase):
    kind: Literal["accept"] = "accept"


class Choose(ActionBase):
    kind: Literal["choose"] = "choose"
    card: str


class BushidoAdvance(ActionBase):
    kind: Literal["bushido_advance"] = "bushido_advance"


class Meiyo(ActionBase):
    kind: Literal["meiyo"] = "meiyo"


class BokkenKi(ActionBase):
    kind: Literal["bokken_ki"] = "bokken_ki"


class Continue(ActionBase):
    kind: Literal["continue"] = "continue"


DuelAction = Annotated[
    Union[Begin, BuyCard, Redraw, JinPick, JinConfirm, Target, Peek, Exploit, Activate, Reward,
          SpecialKeep, SpecialLimit, Strike, SpendCredit, ActivateDie, Decline, Penalty, Face,
          Gisei, KiGuard, FordKeep, FordBottom, Accept, Choose, BushidoAdvance, Meiyo, BokkenKi,
          Continue],
    Field(discriminator="kind"),
]
