"""The flow of a Senji game in one place (issue 29): the decisions of a year, season by season,
what each offers, what it does and which may follow; and the hand-offs between the seasons.

A year (rulebook "Game round"): winter (the host, the negotiation floor, offers, the auction),
spring (orders face down), summer (activations, moves, combats), autumn (each player's turn:
trade, diplomacy, combinations, hiring, Kami), then the end of the year (honour, the winner or
the next year's winter).

| season  | decisions (``state.step``)                                        | then         |
|---------|-------------------------------------------------------------------|--------------|
| setup   | setup_pick, setup_claim, setup_garrison                           | winter       |
| winter  | emperor_tie, winter_floor, offer_compose/respond/confirm, winter_bid | spring    |
| spring  | spring_orders                                                     | summer       |
| summer  | summer_pick, fleet_mode, move_dest, move_group; a combat: combat_support_D/A, combat_react_D/A | autumn |
| autumn  | autumn_call, autumn_turn, trade_keep, diplo_give, combo, hire_keep, hire_place, kami_take | end of the year |

Each ``apply`` sets the next decision (``state.step``) itself. Where a season ends in the middle
of an action and the next season starts at that moment, the season module names the next one
through ``NEXT`` (handoff.py), declared at the end of this file: it never imports it.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.common import ActionBase
from rules.common.flow import END, Phase, table

from . import autumn, combat, setup, summer, year
from .handoff import NEXT
from .state import SenjiState

Legal = Callable[[SenjiState], list[ActionBase]]
Apply = Callable[[SenjiState, ActionBase], None]


def _call(state: SenjiState, a: ActionBase) -> None:
    autumn.start_turn(state, a.seat)


# Where a season may end: the next season's first decision, or a later one when a season has
# nothing to decide (no lots, no orders, no activation), or the end of the game.
TO_WINTER = ("emperor_tie", "winter_floor", END)
TO_AUTUMN = ("autumn_call", "autumn_turn", *TO_WINTER)
TO_SUMMER = ("summer_pick", *TO_AUTUMN)
TO_SPRING = ("winter_bid", "spring_orders", *TO_SUMMER)
COMBAT = ("combat_support_D", "combat_support_A", "combat_react_D", "combat_react_A")
MOVING = ("move_dest", "move_group", *COMBAT, *TO_SUMMER)
AUTUMN = ("trade_keep", "diplo_give", "combo", "hire_keep", "hire_place", "kami_take", *TO_AUTUMN)

# Each decision: its name, the choices it offers, in words what it asks, and what may follow.
DECISIONS = table(
    # setup
    Phase("setup_pick", setup.legal_pick, "keep one of the three samurai", ("setup_pick", "setup_claim")),
    Phase("setup_claim", setup.legal_claim, "name a free province",
          ("setup_garrison", "setup_claim", *TO_WINTER)),
    Phase("setup_garrison", setup.legal_garrison, "garrison the named province",
          ("setup_claim", *TO_WINTER)),
    # winter
    Phase("emperor_tie", year.legal_emperor, "choose the next host among the tied players",
          ("winter_floor",)),
    Phase("winter_floor", year.legal_floor, "open an offer or close the negotiation",
          ("offer_compose", *TO_SPRING)),
    Phase("offer_compose", year.legal_compose, "compose the offer",
          ("offer_respond", "winter_floor", *TO_SPRING)),
    Phase("offer_respond", year.legal_respond, "answer the offer",
          ("offer_confirm", "winter_floor", *TO_SPRING)),
    Phase("offer_confirm", year.legal_confirm, "confirm or withdraw the offer",
          ("winter_floor", *TO_SPRING)),
    Phase("winter_bid", year.legal_bid, "bid on the auction lots", TO_SPRING),
    # spring
    Phase("spring_orders", year.legal_orders, "place the spring orders", TO_SPRING),
    # summer
    Phase("summer_pick", summer.legal_pick, "activate a province or a fleet", ("fleet_mode", *MOVING)),
    Phase("fleet_mode", summer.legal_fleet, "choose what the fleet does", MOVING),
    Phase("move_dest", summer.legal_dest, "choose where to move", MOVING),
    Phase("move_group", summer.legal_group, "choose the pieces that move", MOVING),
    Phase("combat_support_D", lambda s: combat.legal_support(s, "D"), "choose the defender's support",
          MOVING),
    Phase("combat_support_A", lambda s: combat.legal_support(s, "A"), "choose the attacker's support",
          MOVING),
    Phase("combat_react_D", lambda s: combat.legal_react(s, "D"), "react to the dice (defender)", MOVING),
    Phase("combat_react_A", lambda s: combat.legal_react(s, "A"), "react to the dice (attacker)", MOVING),
    # autumn
    Phase("autumn_call", autumn.legal_call, "call the next player for autumn", ("autumn_turn",)),
    Phase("autumn_turn", autumn.legal_turn, "act in autumn", AUTUMN),
    Phase("trade_keep", autumn.legal_trade_keep, "keep one of the hanafuda shown", AUTUMN),
    Phase("diplo_give", autumn.legal_diplo, "hand back one card of the next family", AUTUMN),
    Phase("combo", autumn.legal_combo, "add cards to the combination", AUTUMN),
    Phase("hire_keep", autumn.legal_hire_keep, "keep one of the samurai drawn", AUTUMN),
    Phase("hire_place", autumn.legal_hire_place, "place the hired samurai", AUTUMN),
    Phase("kami_take", autumn.legal_kami_take, "choose a hanafuda type to take", AUTUMN),
)

# What each decision's action does.
APPLY: dict[str, Apply] = {
    "setup_pick": setup.apply_pick,
    "setup_claim": setup.apply_claim,
    "setup_garrison": setup.apply_garrison,
    "emperor_tie": year.apply_emperor,
    "winter_floor": year.apply_winter,
    "offer_compose": year.apply_winter,
    "offer_respond": year.apply_winter,
    "offer_confirm": year.apply_winter,
    "winter_bid": year.apply_bid,
    "spring_orders": year.apply_orders,
    "summer_pick": summer.apply_pick,
    "fleet_mode": summer.apply_fleet,
    "move_dest": summer.apply_move,
    "move_group": summer.apply_move,
    "combat_support_D": lambda s, a: combat.apply_support(s, "D", a),
    "combat_support_A": lambda s, a: combat.apply_support(s, "A", a),
    "combat_react_D": lambda s, a: combat.apply_react(s, "D", a),
    "combat_react_A": lambda s, a: combat.apply_react(s, "A", a),
    "autumn_call": _call,
    "autumn_turn": autumn.apply_turn,
    "trade_keep": autumn.apply_trade_keep,
    "diplo_give": autumn.apply_diplo,
    "combo": autumn.apply_combo,
    "hire_keep": autumn.apply_hire,
    "hire_place": autumn.apply_hire,
    "kami_take": autumn.apply_kami_take,
}
assert set(APPLY) == set(DECISIONS), set(APPLY) ^ set(DECISIONS)

# The engine's look-up: decision -> (its legal actions, what an action does).
STEPS: dict[str, tuple[Legal, Apply]] = {
    name: (phase.run, APPLY[name]) for name, phase in DECISIONS.items()}

# The hand-offs: a season module ends its season by naming the next (handoff.NEXT).
NEXT.declare(
    summer=summer.start_summer,          # spring -> summer (year.py)
    combat=combat.begin,                 # a move into an enemy province -> its combat (summer.py)
    summer_goes_on=summer.continue_activation,  # the combat is over -> the activation goes on
    autumn=autumn.start_autumn,          # summer -> autumn (summer.py)
    end_year=year.end_year,              # autumn -> the end of the year (autumn.py)
)
