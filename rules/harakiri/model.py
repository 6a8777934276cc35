"""Options, state and actions of the exploration phase (spec §1, §4.8, §4.9).

Squares are addressed by one integer ``p = y * W + x`` (``W`` = 32) so the state stays
small and JSON-friendly; ``xy(p)`` and ``pos(x, y)`` convert.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import Field, PrivateAttr, model_serializer, model_validator
from pydantic_core import PydanticCustomError

from rules.common import ActionBase, Frozen, Model, OptionsBase, StateBase
from rules.common.models import LogLine
from rules.common.plain import Plain

W = 32


def pos(x: int, y: int) -> int:
    return y * W + x


def xy(p: int) -> tuple[int, int]:
    return p % W, p // W


def fmt(p: int) -> str:
    x, y = xy(p)
    return f"({x},{y})"


_FMT = re.compile(r"\((\d+),(\d+)\)")


def squares_named(text: str) -> list[int]:
    """The squares a log line names with ``fmt``, in order (a path, a destination)."""
    return [pos(int(x), int(y)) for x, y in _FMT.findall(text)]


# The rules a game is played under. 2 (issue 27): the "used this round" mark is on the item
# and goes with it when traded. 1: the earlier reading (the mark stayed with the character),
# kept so that a game recorded under it (a save, a journal game) replays as it was played.
RULES_EDITION = 2
EDITIONS = (1, 2)


class HarakiriOptions(OptionsBase):
    players: int = Field(default=1, ge=1, le=4, title="Players",
                         description="Seats sharing the four characters")
    scenario: Literal["drowned_shrine", "ossuary_bell"] = Field(
        default="drowned_shrine", title="Scenario",
        description="The Drowned Shrine (teaching) or Bell of the Ossuary Temple",
        json_schema_extra={"titles": {"drowned_shrine": "The Drowned Shrine",
                                      "ossuary_bell": "Bell of the Ossuary Temple"}})
    adventure_result: Literal["success", "failure"] = Field(
        default="success", title="Adventure result",
        description="Success adds a green oracle card, failure a red one",
        json_schema_extra={"titles": {"success": "Success", "failure": "Failure"}})
    level: int = Field(default=1, ge=1, le=3, title="Level", description="Character level (Ki dice)")
    kami_affinity: int = Field(default=3, ge=0, le=6, title="Kami affinity",
                               description="Skills need 3/5, Kami Mode needs 6")
    # Not a table option (no form field, no flag): the rules the game is played under.
    # Written as ``rules_edition`` in every dump from edition 2 on; a dump without it is
    # edition 1's, byte for byte, and ``Harakiri.parse_options`` reads a recorded setup
    # without it as edition 1 (a state's JSON without it reads as the current edition).
    _rules_edition: int = PrivateAttr(default=RULES_EDITION)

    @model_validator(mode="wrap")
    @classmethod
    def _edition_in(cls, data: Any, handler) -> "HarakiriOptions":
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

    def with_edition(self, edition: int) -> "HarakiriOptions":
        """These options under another rules edition."""
        return type(self).model_validate({**self.model_dump(), "rules_edition": edition})


# -- state ------------------------------------------------------------------


class Square(Frozen):
    """One square of the board; frozen: a change (a door opened) replaces the square."""

    terrain: Literal["plain", "inaccessible", "obstacle", "difficult", "special", "ladder", "door"]
    h: int = 0
    zone: str
    link: int | None = None  # ladder partner
    grave: bool = False


class Zone(Plain):
    id: str
    revealed: bool = False
    removed: bool = False
    mode: Literal["random", "scripted"]
    next: dict[str, int] = Field(default_factory=lambda: {"green": 0, "red": 0, "purple": 0})


class Point(Plain):
    id: str
    name: str
    p: int
    zone: str
    enabled: bool = True
    used_round: int | None = None


class Resistor(Plain):
    id: str
    name: str
    p: int
    zone: str
    tokens: int
    living: bool
    interactable: bool


class KiDie(Plain):
    value: int
    place: str = "supply"  # supply | slot:<skill> | exhausted


class ItemState(Plain):
    id: str
    uses: int
    # The round it was last used in: each item is used at most once per round, whoever holds
    # it (the mark goes with it in a trade). Left out of a dump while unset, as edition 1 has it.
    used_round: int | None = None

    @model_serializer(mode="wrap")
    def _unset_mark_left_out(self, handler) -> dict[str, Any]:
        out = handler(self)
        if out.get("used_round") is None:
            out.pop("used_round", None)
        return out


class Character(Plain):
    id: str
    seat: int
    level: int
    hp: int
    max_hp: int
    attrs: dict[str, int]
    arm: int
    arm_max: int
    ap: int = 0
    p: int | None = None
    defeated: bool = False
    weapons: list[str]
    items: list[ItemState]
    ki: list[KiDie]
    skills: list[str]
    affinity: int
    kami_used: list[str] = Field(default_factory=list)
    kami_mode: bool = False
    kami_mode_used: bool = False
    kami_mode_expires: bool = False  # stops at the end of this activation
    conds: dict[str, int] = Field(default_factory=dict)
    hated: bool = False
    heads: int = 0
    boss_heads: int = 0
    moved: bool = False
    attacked: bool = False
    withdraws: int = 0
    techniques_used: list[str] = Field(default_factory=list)
    # Rules edition 1 only (None from edition 2 on, and left out of a dump): the items this
    # character used this round, by kind; the mark stayed here when an item was traded.
    items_used_round: list[str] | None = None
    mp_bonus_round: int = 0

    @model_serializer(mode="wrap")
    def _edition_one_marks_only(self, handler) -> dict[str, Any]:
        out = handler(self)
        if out.get("items_used_round", ()) is None:
            del out["items_used_round"]
        return out


class Enemy(Plain):
    uid: str
    type: str
    kind: Literal["minion", "servant", "chosen", "wanderer"]
    side: Literal["foe", "ally"] = "foe"
    plus: bool = False
    base: str | None = None
    p: int
    zone: str
    damage: int = 0
    arm_tokens: int = 0
    conds: dict[str, int] = Field(default_factory=dict)
    range_bonus_round: int = 0
    hits_bonus_round: int = 0
    bulwark: bool = False
    moved_this_activation: bool = False


class QCard(Plain):
    ref: str  # "c:<char>" or "e:<uid>"
    rotated: bool = False


class Draft(Plain):
    """An attack being declared (§4.3 ATTACK)."""

    targets: list[str]
    mode: Literal["fast", "strong"]
    focus: bool = False
    skill: str | None = None


class Sub(Plain):
    kind: Literal["move", "attack", "trade"]
    mp: int = 0
    draft: Draft | None = None
    trade_with: str | None = None


class Pending(Plain):
    kind: str  # tie, counterattack, blessed, init_order, battle_instinct, swap, lose_attribute, place
    seat: int
    options: list[str] = Field(default_factory=list)
    purpose: str = ""
    data: dict[str, str | int | None] = Field(default_factory=dict)


class Job(Plain):
    """A queued effect waiting to be resolved (events, interactions, triggers, conditions)."""

    kind: str  # effect | cond | defeat_check
    text: str = ""
    zone: str | None = None
    actor: str | None = None  # character id for `active`
    target: str | None = None
    choice: str | None = None


class EnemyCtx(Plain):
    """The enemy activation in progress (§4.5, §5.6)."""

    uid: str
    line: list[str] = Field(default_factory=list)
    prio: str | None = None
    idx: int = 0
    move_target: str | None = None
    choice: str | None = None
    card: str | None = None
    empowered: bool = False


class Oracle(Plain):
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    current: str | None = None
    supply: list[str] = Field(default_factory=list)
    deck_count: int = 0


class Ai(Plain):
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    beside: list[str] = Field(default_factory=list)
    current: str | None = None
    deck_count: int = 0


class InitEffect(Plain):
    op: Literal["advance", "delay"]
    refs: list[str]
    n: int
    label: str


# The public log lines said so far, by text: a line is frozen, so one said again (most are:
# "... does not counterattack.", a Move's steps, the initiative) is the same object, shared by
# every log that holds it, instead of a new one validated each time (issue 28's speed).
_LINES: dict[str, LogLine] = {}
_new_line = LogLine.__pydantic_validator__.validate_python


class HarakiriState(StateBase):
    __setattr__ = object.__setattr__  # as ``Plain``: assignments are plain stores

    def model_post_init(self, context: object, /) -> None:
        object.__setattr__(self, "__pydantic_fields_set__", set(type(self).__pydantic_fields__))

    def say(self, text: str, seats: tuple[int, ...] | None = None) -> None:
        """``StateBase.say``: a public line said before is the very line said then."""
        if seats is not None:
            return super().say(text, seats)
        line = _LINES.get(text)
        if line is None:
            line = _new_line({"text": text, "seats": None})
            if len(_LINES) >= 20_000:
                _LINES.clear()
            _LINES[text] = line
        self.log.append(line)

    options: HarakiriOptions
    round: int = 1
    step: Literal["PLACE", "ORACLE", "EVENTS", "INIT", "ACTIVATE", "REDUCE_KI", "ROUND_END",
                  "AFTERMATH", "OVER"] = "PLACE"
    init_sub: str = ""
    zones: list[Zone] = Field(default_factory=list)
    squares: dict[int, Square] = Field(default_factory=dict)
    starts: list[int] = Field(default_factory=list)
    spawns: dict[str, int] = Field(default_factory=dict)
    points: list[Point] = Field(default_factory=list)
    characters: list[Character] = Field(default_factory=list)
    enemies: list[Enemy] = Field(default_factory=list)
    resistors: list[Resistor] = Field(default_factory=list)
    heads_on_board: dict[int, int] = Field(default_factory=dict)
    boss_heads_on_board: dict[int, int] = Field(default_factory=dict)
    queue: list[QCard] = Field(default_factory=list)
    active: str | None = None
    sub: Sub | None = None
    oracle: Oracle = Field(default_factory=Oracle)
    ai: Ai = Field(default_factory=Ai)
    malice: int = 0
    triggers_fired: list[str] = Field(default_factory=list)
    init_effects: list[InitEffect] = Field(default_factory=list)
    swap_done: bool = False
    inserted: bool = False  # a mid-round insertion happened this round
    init_done: list[str] = Field(default_factory=list)
    pending: Pending | None = None
    jobs: list[Job] = Field(default_factory=list)
    ectx: EnemyCtx | None = None
    uid_counter: int = 0
    ki_cut: bool = False  # travel: skip Ki reduction for this round
    aftermath_done: list[str] = Field(default_factory=list)
    upgraded: list[str] = Field(default_factory=list)
    result: Literal["victory", "failure"] | None = None
    reason: str = ""


# -- actions ------------------------------------------------------------------


class PlaceCharacter(ActionBase):
    kind: Literal["place_character"] = "place_character"
    char: str
    x: int
    y: int


class InitOrder(ActionBase):
    kind: Literal["init_order"] = "init_order"
    effect: str


class BattleInstinct(ActionBase):
    kind: Literal["battle_instinct"] = "battle_instinct"
    use: bool


class SwapInitiative(ActionBase):
    kind: Literal["swap_initiative"] = "swap_initiative"
    a: str
    b: str


class SkipSwap(ActionBase):
    kind: Literal["skip_swap"] = "skip_swap"


class StartMove(ActionBase):
    kind: Literal["start_move"] = "start_move"


class Step(ActionBase):
    kind: Literal["step"] = "step"
    x: int
    y: int


class Exert(ActionBase):
    kind: Literal["exert"] = "exert"


class EndMove(ActionBase):
    kind: Literal["end_move"] = "end_move"


class Technique(ActionBase):
    kind: Literal["technique"] = "technique"
    skill: str
    target: str | None = None


class RerollKi(ActionBase):
    kind: Literal["reroll_ki"] = "reroll_ki"
    dice: tuple[int, ...]


class DeclareAttack(ActionBase):
    kind: Literal["declare_attack"] = "declare_attack"
    target: str
    mode: Literal["fast", "strong"]


class SetFocus(ActionBase):
    kind: Literal["set_focus"] = "set_focus"
    on: bool


class SetSkill(ActionBase):
    kind: Literal["set_skill"] = "set_skill"
    skill: str | None = None


class AddTarget(ActionBase):
    kind: Literal["add_target"] = "add_target"
    target: str


class Roll(ActionBase):
    kind: Literal["roll"] = "roll"


class CancelAttack(ActionBase):
    kind: Literal["cancel_attack"] = "cancel_attack"


class InteractPoint(ActionBase):
    kind: Literal["interact_point"] = "interact_point"
    point: str


class InteractCharacter(ActionBase):
    kind: Literal["interact_character"] = "interact_character"
    other: str


class Transfer(ActionBase):
    kind: Literal["transfer"] = "transfer"
    thing: str  # item:<id> | weapon:<id> | head | boss_head
    frm: str
    to: str


class EndTrade(ActionBase):
    kind: Literal["end_trade"] = "end_trade"


class SwapWeapon(ActionBase):
    kind: Literal["swap_weapon"] = "swap_weapon"


class UseItem(ActionBase):
    kind: Literal["use_item"] = "use_item"
    item: str
    target: str | None = None


class PlaceKi(ActionBase):
    kind: Literal["place_ki"] = "place_ki"
    die: int
    slot: str


class WithdrawKi(ActionBase):
    kind: Literal["withdraw_ki"] = "withdraw_ki"
    slot: str


class RetrieveHead(ActionBase):
    kind: Literal["retrieve_head"] = "retrieve_head"
    x: int
    y: int


class KamiMode(ActionBase):
    kind: Literal["kami_mode"] = "kami_mode"


class EndActivation(ActionBase):
    kind: Literal["end_activation"] = "end_activation"


class Tie(ActionBase):
    kind: Literal["tie"] = "tie"
    choice: str


class Counterattack(ActionBase):
    kind: Literal["counterattack"] = "counterattack"
    use: bool


class Blessed(ActionBase):
    kind: Literal["blessed"] = "blessed"
    use: bool


class LoseAttribute(ActionBase):
    kind: Literal["lose_attribute"] = "lose_attribute"
    attr: str


HarakiriAction = Annotated[
    Union[
        PlaceCharacter, InitOrder, BattleInstinct, SwapInitiative, SkipSwap, StartMove, Step,
        Exert, EndMove, Technique, RerollKi, DeclareAttack, SetFocus, SetSkill, AddTarget, Roll,
        CancelAttack, InteractPoint, InteractCharacter, Transfer, EndTrade, SwapWeapon, UseItem,
        PlaceKi, WithdrawKi, RetrieveHead, KamiMode, EndActivation, Tie, Counterattack, Blessed,
        LoseAttribute,
    ],
    Field(discriminator="kind"),
]
